"""enumeration: every certain cell the cheaper rules miss, proved by exact
reasoning over a *minimal* set of numbers (and the mine count only when no
set of numbers alone proves it).

The citation is found by growing a set of numbers outward from the cell
(nearest first, doubling) until it proves the cell, then dropping, farthest
first, every number the proof still holds without.  The result is minimal:
no single number can be removed from it.

The chain takes the first cell in reading order (``find_exhaustive``); a hint
takes, of the cells this tier decides, the one with the shortest argument
(``find_shortest``: fewest proof steps, then fewest numbers, then reading
order), weighing at most ``SHORTEST_CANDIDATES`` cells within a share of the
budget.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from explainer.core.constraints import Constraint
from explainer.core.deduction import Deduction, Rule, ProofStep, StepKind
from explainer.engine import budget as _budget
from explainer.engine.count import analyze
from explainer.engine.proof import ProofConstraint, build_proof
from explainer.engine.frontier import SolveState
from explainer.errors import BudgetExceeded

__all__ = [
    "SHORTEST_CANDIDATES",
    "SHORTEST_SHARE",
    "deduce",
    "find_exhaustive",
    "find_shortest",
    "forced_by",
    "minimal_citation",
    "proof_constraints",
    "proof_size",
]

#: how many cells ``find_shortest`` weighs (the first ones in reading order), and the share of the time
#: left in the budget in force that weighing the others may take (over it, the first cell's step stands)
SHORTEST_CANDIDATES = 16
SHORTEST_SHARE = 0.25

Forced = Callable[[SolveState, Sequence[Constraint], bool], tuple[int, int]]


def forced_by(state: SolveState, cited: Sequence[Constraint], use_count: bool) -> tuple[int, int]:
    """(safe, mines) masks of unknown cells that ``cited`` (and the count) force."""
    if use_count:
        unknown = state.unknown
        mines_left = state.mines_left
    else:
        unknown = 0
        for constraint in cited:
            unknown |= constraint.cells
        mines_left = None
    analysis = analyze([(c.cells, c.count) for c in cited], unknown, mines_left)
    if not analysis.consistent:
        return 0, 0
    return analysis.safe & state.unknown, analysis.mines & state.unknown


def _distance(state: SolveState, target: int, source: int) -> tuple[int, int]:
    width = state.board.width
    tr, tc = divmod(target, width)
    sr, sc = divmod(source, width)
    return max(abs(tr - sr), abs(tc - sc)), source


def _linked(constraints: Sequence[Constraint], start: int) -> list[Constraint]:
    """The constraints connected to the cells in ``start`` through shared cells, in the given order."""
    reach = start
    linked: set[int] = set()
    grew = True
    while grew:
        grew = False
        for constraint in constraints:
            if constraint.source not in linked and constraint.cells & reach:
                linked.add(constraint.source)
                reach |= constraint.cells
                grew = True
    return [c for c in constraints if c.source in linked]


def _memo(state: SolveState) -> Forced:
    """``forced_by`` remembering its answers by the numbers cited: while ``state`` does not change, the
    citations of nearby cells try many of the same sets."""
    found: dict[tuple[frozenset[int], bool], tuple[int, int]] = {}

    def forced(state_: SolveState, cited: Sequence[Constraint], use_count: bool) -> tuple[int, int]:
        key = (frozenset([c.source for c in cited]), use_count)
        answer = found.get(key)
        if answer is None:
            answer = found[key] = forced_by(state, cited, use_count)
        return answer

    return forced


def minimal_citation(
    state: SolveState, target: int, forced: Forced = forced_by
) -> tuple[list[Constraint], bool] | None:
    """A minimal list of constraints proving ``target``, and whether the mine
    count is needed; None if nothing proves it."""
    bit = 1 << target
    everything = sorted(state.constraints.values(), key=lambda c: _distance(state, target, c.source))
    modes = [False] if state.mines_left is None else [False, True]
    for use_count in modes:
        # without the mine count only the numbers linked to the cell can matter
        ordered = everything if use_count else _linked(everything, bit)
        if not ordered:
            continue

        def proves(size: int) -> bool:
            safe, mines = forced(state, ordered[:size], use_count)
            return bool((safe | mines) & bit)

        # the shortest prefix of the nearest numbers that proves the cell:
        # doubling, then bisection between the last failure and the first success
        failed, size = (-1 if use_count else 0), (0 if use_count else 1)
        while not proves(size):
            failed = size
            if size >= len(ordered):
                size = -1
                break
            size = min(len(ordered), max(1, size * 2))
        if size < 0:
            continue
        while size - failed > 1:
            middle = (failed + size) // 2
            if proves(middle):
                size = middle
            else:
                failed = middle
        found = ordered[:size]
        # drop, farthest first, every number the proof holds without (the
        # farthest itself is needed: the prefix without it failed)
        for constraint in reversed(found[:-1]):
            trial = [c for c in found if c is not constraint]
            safe, mines = forced(state, trial, use_count)
            if (safe | mines) & bit:
                found = trial
        return sorted(found, key=lambda c: c.source), use_count
    return None


def find_exhaustive(state: SolveState) -> Deduction | None:
    """The step for the first target (reading order) that the cited numbers decide."""
    targets = state.targets
    while targets:
        low = targets & -targets
        targets ^= low
        deduction = deduce(state, low.bit_length() - 1)
        if deduction is not None:
            return deduction
    return None


#: the length ``proof_size`` gives a step with no written proof ("in every placement..."): the longest
_UNWRITTEN = 1_000


def proof_size(deduction: Deduction) -> tuple[int, int]:
    """How long a deduction's argument is: its proof steps (a step with no written proof counts as the
    longest), then the numbers it cites."""
    proof = deduction.proof
    steps = _UNWRITTEN if proof and proof[0].message == StepKind.CASES else len(proof)
    return steps, len(deduction.clues)


def find_shortest(state: SolveState, only: int | None = None) -> Deduction | None:
    """Among the targets (``only``: those among ``only``), the step with the shortest argument: fewest
    proof steps, then fewest numbers, then the first in reading order.

    The first target's step (``find_exhaustive``'s) is found first; the others are weighed with
    ``SHORTEST_SHARE`` of the time left in the budget in force, and over it the first one stands, as it
    does for the cells past the first ``SHORTEST_CANDIDATES``."""
    targets = state.targets if only is None else state.targets & only
    forced = _memo(state)
    # a covered cell next to no number is like any other such cell to every argument (only the mine count
    # reaches it): the first of them is weighed for all
    frontier = 0
    for constraint in state.constraints.values():
        frontier |= constraint.cells
    best: Deduction | None = None
    while targets and best is None:
        low = targets & -targets
        targets ^= low
        if not low & frontier:
            targets &= frontier
        best = deduce(state, low.bit_length() - 1, forced)
    if best is None or not targets:
        return best
    first = best
    try:
        with _budget.attempt(SHORTEST_SHARE):
            weighed = 1
            while targets and weighed < SHORTEST_CANDIDATES and proof_size(best) > (1, 1):
                low = targets & -targets
                targets ^= low
                if not low & frontier:
                    targets &= frontier
                weighed += 1
                deduction = deduce(state, low.bit_length() - 1, forced)
                if deduction is not None and proof_size(deduction) < proof_size(best):
                    best = deduction
    except BudgetExceeded:
        return first
    return best


def deduce(state: SolveState, target: int, forced: Forced = forced_by) -> Deduction | None:
    """The enumeration step that decides ``target`` from a minimal citation, or None if nothing proves it."""
    citation = minimal_citation(state, target, forced)
    if citation is None:
        return None
    cited, use_count = citation
    forced_safe, forced_mines = forced(state, cited, use_count)
    board = state.board
    known_mines = known_safe = 0
    for constraint in cited:
        around_mines, around_safe = state.known_around(constraint.source)
        known_mines |= around_mines
        known_safe |= around_safe
    if use_count:
        # the count spans every covered cell: what is left of it rests on every proved cell
        known_mines |= state.knowledge.mines
        known_safe |= state.knowledge.safe & board.covered_mask
    is_mine = bool(forced_mines >> target & 1)
    proof = _proof(state, cited, use_count, target, is_mine)
    if proof is None:
        # no written proof within its limits: one step that says what every placement agrees on
        safe, mines = forced_safe, forced_mines
        clues = tuple(board.cell(c.source) for c in cited)
        proof = (
            ProofStep(
                StepKind.CASES,
                {"numbers": len(cited)},
                clues,
                state.cellset(safe) if safe else None,
                state.cellset(mines) if mines else None,
                uses_mine_count=use_count,
            ),
        )
    else:
        # the deduction claims what its proof concludes outright, nothing more: the chain's next
        # steps take the other cells these numbers decide, each with its own argument
        safe = mines = 0
        for step in proof:
            if not step.assume:
                safe |= step.safe.mask if step.safe else 0
                mines |= step.mines.mask if step.mines else 0
    return Deduction(
        rule=Rule.ENUMERATION,
        safe=state.cellset(safe),
        mines=state.cellset(mines),
        clues=tuple(board.cell(c.source) for c in cited),
        known_mines=state.cellset(known_mines),
        known_safe=state.cellset(known_safe),
        uses_mine_count=use_count,
        message="enumeration.count" if use_count else "enumeration.numbers",
        params={
            "numbers": len(cited),
            "values": tuple(board.cells[c.source] for c in cited),  # what each cited number shows, in ``clues`` order
            "target": board.cell(target),
            "mines_left": state.mines_left,
        },
        proof=proof,
    )


def proof_constraints(state: SolveState, cited: Sequence[Constraint], use_count: bool) -> list[ProofConstraint]:
    """The cited numbers (and the mine count) as a proof's constraints."""
    result = [ProofConstraint(c.cells, c.count, c.source, c.known) for c in cited]
    if use_count and state.mines_left is not None:
        result.append(ProofConstraint(state.unknown, state.mines_left, -1, state.knowledge.mines))
    return result


def _proof(
    state: SolveState, cited: Sequence[Constraint], use_count: bool, target: int, is_mine: bool
) -> tuple[ProofStep, ...] | None:
    return build_proof(state.board, proof_constraints(state, cited, use_count), target, is_mine, state.mines_left)
