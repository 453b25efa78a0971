"""Every enumeration proof the engine writes is checked mechanically: each step
must follow from the numbers it names; tampered proofs are rejected."""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path

import pytest

from explainer import Board, solve
from explainer.core.cells import CellSet
from explainer.core.constraints import Knowledge
from explainer.core.deduction import Deduction, ProofStep, Rule
from explainer.engine.proof import ProofError, check_proof
from explainer.engine.rules.exhaustive import proof_constraints
from explainer.engine.frontier import SolveState

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT.parent / "shared" / "reference" / "states.jsonl.gz"
BENCH = ROOT / "benchmarks" / "solve_states.jsonl"


def boards() -> list[Board]:
    with gzip.open(REFERENCE, "rt") as handle:
        found = [Board.parse(json.loads(line)["board"]) for line in handle]
    for line in BENCH.read_text().splitlines():
        row = json.loads(line)
        if row["category"] != "pathological":
            found.append(Board.parse(row["board"]))
    found += [Board.parse(path.read_text()) for path in sorted((ROOT / "tests" / "boards").glob("*.txt"))]
    return found


def enumeration_steps(board: Board):
    """(state before the step, deduction) for every enumeration step of the chain."""
    solution = solve(board)
    if not solution.consistent:
        return
    correct_flags = board.flagged_mask & solution.mines.mask
    state = SolveState(
        board, Knowledge(mines=correct_flags), (solution.safe.mask | solution.mines.mask) & ~correct_flags
    )
    for deduction in solution.deductions:
        if deduction.rule is Rule.ENUMERATION:
            yield state, deduction
        state.apply(deduction.mines.mask, deduction.safe.mask)


def constraints_of(state: SolveState, deduction: Deduction):
    cited = [state.constraints[state.board.index(*clue)] for clue in deduction.clues]
    return proof_constraints(state, cited, deduction.uses_mine_count)


def collect() -> list[tuple[Board, list, Deduction]]:
    found = []
    for board in boards():
        for state, deduction in enumeration_steps(board):
            found.append((board, constraints_of(state, deduction), deduction))
    return found


PROOFS = collect()


def test_there_are_proofs_to_check() -> None:
    assert len(PROOFS) >= 30
    assert sum(1 for _b, _c, d in PROOFS if d.proof) >= 0.95 * len(PROOFS)


def test_every_proof_checks_and_proves_its_target() -> None:
    for board, constraints, deduction in PROOFS:
        if not deduction.proof:
            continue
        mines, safe = check_proof(board, constraints, deduction.proof)
        target = board.index(*deduction.params["target"])
        wanted = mines if (deduction.params["target"] in deduction.mines) else safe
        assert wanted >> target & 1, deduction


def tampered(steps: tuple[ProofStep, ...]):
    """Variants of a proof that must not check: each breaks one step."""
    for i, step in enumerate(steps):
        if step.message.endswith(("rest_safe", "rest_mines")) and step.message.startswith("proof.number"):
            flipped = "proof.number.rest_mines" if step.message.endswith("safe") else "proof.number.rest_safe"
            cells = step.safe or step.mines
            yield steps[:i] + (
                dataclasses.replace(
                    step,
                    message=flipped,
                    safe=cells if flipped.endswith("safe") else None,
                    mines=cells if flipped.endswith("mines") else None,
                ),
            ) + steps[i + 1 :]
        if step.message.endswith(("too_many", "too_few")) and i > 1:
            yield steps[: i - 1] + steps[i:]  # drop the step that made the contradiction
    if steps and steps[-1].message.startswith("proof.therefore"):
        last = steps[-1]
        other = "proof.therefore_mine" if last.message == "proof.therefore_safe" else "proof.therefore_safe"
        yield steps[:-1] + (dataclasses.replace(last, message=other),)


def test_tampered_proofs_are_rejected() -> None:
    rejected = tried = 0
    for board, constraints, deduction in PROOFS:
        for bad in tampered(deduction.proof):
            tried += 1
            try:
                check_proof(board, constraints, bad)
            except ProofError:
                rejected += 1
    assert tried >= 20
    assert rejected == tried


def test_a_step_naming_an_uncited_number_is_rejected() -> None:
    board, constraints, deduction = next((b, c, d) for b, c, d in PROOFS if any(s.clues for s in d.proof))
    steps = list(deduction.proof)
    index = next(i for i, s in enumerate(steps) if s.clues)
    steps[index] = dataclasses.replace(steps[index], clues=((board.height - 1, board.width - 1),))
    with pytest.raises(ProofError):
        check_proof(board, constraints, steps)
