"""The shortest argument first: a hint explains, of the cells the cheapest tier that finds anything can
decide, the one with the shortest proof (fewest steps, then fewest numbers, then reading order); proofs
keep only the steps their conclusion rests on, and no case of a split leaves its supposition unused.

The views are the 200 player views of ``tests/data`` and, because their first hints are all one-number or two-number
steps, the same states played forward (with their true layout, by the cheap steps and the safest safe
guesses) to every view whose hint needs the enumeration."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from explainer import Board, make_hint, solve
from explainer.core.cells import iter_bits
from explainer.core.deduction import Deduction, ProofStep, Rule
from explainer.engine import budget
from explainer.engine.frontier import SolveState
from explainer.engine.proof import _Item, _Node, _split_node
from explainer.engine.rules import exhaustive, find_exhaustive
from explainer.engine.rules.exhaustive import deduce, find_shortest, proof_size
from explainer.engine.solve import _analysis, simplest_step, start_state
from explainer.words.render import Renderer
from explainer.words.solution_json import deduction_json
from tests.oracles.proofs import check_chain
from tests.support.views import deep_views, player_views

ROOT = Path(__file__).resolve().parents[2]

#: the longest proof a hint (or an enumeration step of a chain) may have on these views: 17 on the dense boards of
#: ``tests/data`` (cases over a 4 between a 1 and another 4, where one "at most" count over the three numbers does it)
MAX_STEPS = 17


def candidates(view: Board, rule: Rule) -> dict[int, Deduction]:
    """Brute force: for every cell the hint's tier could explain, the step that tier builds for it."""
    analysis, _constraints = _analysis(view)
    found: dict[int, Deduction] = {}
    if rule is not Rule.ENUMERATION:
        return found
    for target in iter_bits((analysis.safe | analysis.mines) & ~(view.flagged_mask & analysis.mines)):
        state = start_state(view, analysis.safe, analysis.mines)
        deduction = deduce(state, target)
        if deduction is not None:
            found[target] = deduction
    return found


def idle_cases(view: Board, proof: Sequence[ProofStep]) -> list[str]:
    """The cases of a proof whose steps never read the supposed cell: no step of the case (its nested
    cases included) names a number next to the cell, or uses the mine count."""
    idle = []
    for position, step in enumerate(proof):
        if step.message != "case":
            continue
        depth = len(step.assume)
        cell = view.index(*step.assume[-1][0])
        used = False
        for later in proof[position + 1 :]:
            if later.assume[:depth] != step.assume:
                break
            if later.uses_mine_count or any(view.neighbours[view.index(*clue)] >> cell & 1 for clue in later.clues):
                used = True
        if not used:
            idle.append(f"{view.name(cell)} in {proof}")
    return idle


def test_the_views_include_deep_hints() -> None:
    deep = deep_views()
    assert len(deep) >= 60
    assert all(_hint_step(view).rule is Rule.ENUMERATION for view in deep)


def test_a_cheap_hint_is_one_step_first_in_reading_order() -> None:
    """For the one-number and two-number tiers every step is one proof step with the same count of
    numbers: the hint keeps the chain's first one (reading order)."""
    cheap = 0
    for view in player_views():
        hint = make_hint(view)
        if hint.kind != "deduction" or hint.deduction is None or hint.deduction.rule is Rule.ENUMERATION:
            continue
        assert len(hint.deduction.proof) == 1
        assert hint.deduction == solve(view).deductions[0]
        cheap += 1
    assert cheap >= 100


def test_a_deep_hint_has_the_shortest_proof_of_its_tier() -> None:
    shorter_than_reading_order = 0
    for view in deep_views():
        hint = make_hint(view)
        assert hint.kind == "deduction" and hint.deduction is not None
        chosen = hint.deduction
        assert chosen.rule is Rule.ENUMERATION
        others = candidates(view, chosen.rule)
        assert others
        best = min(proof_size(deduction) for deduction in others.values())
        assert proof_size(chosen) == best, (str(view), proof_size(chosen), best)
        target = view.index(*chosen.params["target"])
        # among the equally short, the first in reading order
        assert target == min(t for t, deduction in others.items() if proof_size(deduction) == best)
        assert len(chosen.proof) <= MAX_STEPS
        assert not idle_cases(view, chosen.proof)
        first = solve(view).deductions[0]
        shorter_than_reading_order += proof_size(chosen) < proof_size(first)
        # a hint made from a whole solve says the same
        assert simplest_step(solve(view)) == chosen
    assert shorter_than_reading_order >= 10


def test_every_proof_is_short_and_every_case_uses_its_supposition() -> None:
    for view in player_views() + deep_views():
        solution = solve(view)
        for deduction in solution.deductions:
            if deduction.rule is Rule.ENUMERATION:
                assert len(deduction.proof) <= MAX_STEPS, str(view)
                assert not idle_cases(view, deduction.proof)


def test_the_deep_hints_check() -> None:
    """The hint's step is replayed by the proof checker from the view alone."""
    renderer = Renderer("en")
    for view in deep_views():
        solution = solve(view, hint_only=True)
        data = deduction_json(_hint_step(view), renderer)
        check_chain(view, [data], solution.mines.to_json())


def test_under_budget_pressure_the_first_cell_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weighing the other cells gets a share of the time left; when it goes over, the reading-order
    step is the answer, and what it spent is not charged to the solve."""
    view = next(
        view for view in deep_views() if proof_size(_hint_step(view)) < proof_size(solve(view).deductions[0])
    )
    analysis, _constraints = _analysis(view)
    first = find_exhaustive(start_state(view, analysis.safe, analysis.mines))
    original = exhaustive.deduce
    calls: list[int] = []

    def over(state: SolveState, target: int, forced: exhaustive.Forced = exhaustive.forced_by) -> Deduction | None:
        calls.append(target)
        if len(calls) > 1:
            budget.spend(10**9)  # weighing the other cells goes over
        return original(state, target, forced)

    monkeypatch.setattr(exhaustive, "deduce", over)
    with budget.limit(work=10**8) as limit:
        chosen = find_shortest(start_state(view, analysis.safe, analysis.mines))
    assert chosen == first and len(calls) == 2
    assert limit.spent < 10**8


def _hint_step(view: Board) -> Deduction:
    step = make_hint(view).deduction
    assert step is not None
    return step


def test_an_idle_case_is_lifted_out_of_its_split() -> None:
    """A case whose steps never read the supposed cell holds without it: the split goes, its steps stay."""
    step = ProofStep("clash", {})
    before = _Item(step, uses=0b0001, decides=0b0010)  # reads cell 0, decides cell 1
    clash_a = _Item(step, uses=0b0110, decides=0)  # reads cells 1 and 2
    clash_b = _Item(step, uses=0b1000, decides=0)  # reads cell 3: the split's cell
    as_mine = _Node([clash_a], need=0b0110, size=1)
    as_safe = _Node([clash_b], need=0b1000, size=1)
    node = _split_node([before], 3, as_mine, as_safe)
    assert node.split is None and node.cases is None
    assert node.items == [before, clash_a] and node.size == 2 and node.need == 0b0111
    # both cases use it: the split stays, and a step nothing needs is dropped
    unused = _Item(step, uses=0b0001, decides=0b10000)
    as_mine = _Node([clash_a], need=0b1110, size=1)
    node = _split_node([unused, before], 3, as_mine, as_safe)
    assert node.split == 3 and node.items == [before] and node.size == 1 + 2 + 1 + 1


def test_the_argument_for_one_cell_is_never_longer_than_its_chain() -> None:
    """A loss, a wrong flag, a missed step ask about one cell: its argument is the chain that decides it, or one
    step from the view (two numbers compared, or the enumeration) when that is shorter; each checks."""
    from explainer.engine.why import argument_size, chain_to, shortest_chain

    shorter = 0
    renderer = Renderer("en")
    for view in player_views()[:120]:
        solution = solve(view)
        for cell in list(solution.mines)[:4]:
            index = view.index(*cell)
            chain = chain_to(solution.deductions, index)
            if not chain:
                continue
            best = shortest_chain(solution, index, chain)
            assert argument_size(best) <= argument_size(chain)
            assert (best[-1].mines.mask | best[-1].safe.mask) >> index & 1
            if argument_size(best) < argument_size(chain):
                shorter += 1
                check_chain(view, [deduction_json(step, renderer) for step in best], solution.mines.to_json())
    assert shorter >= 10
