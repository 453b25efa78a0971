"""The 200 reference player views with exact probabilities from an independent solver."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from explainer import Board, solve

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "states.jsonl.gz"


def load() -> list[dict]:
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


STATES = load()


def test_the_reference_set_is_all_there() -> None:
    assert len(STATES) == 200


@pytest.mark.parametrize("number", range(len(STATES)))
def test_certain_cells_and_probabilities_match(number: int) -> None:
    state = STATES[number]
    board = Board.parse(state["board"])
    assert (board.height, board.width, board.mines) == (state["height"], state["width"], state["mines"])
    flags = {tuple(cell) for cell in state["flags"]}
    assert {(c.row, c.col) for c in board.cellset(board.flagged_mask)} == flags
    solution = solve(board)
    assert solution.consistent
    truth = {tuple(cell) for cell in state["truth_mines"]}
    for row, line in enumerate(state["prob"]):
        for col, expected in enumerate(line):
            got = solution.probability(row, col)
            if expected is None:
                assert got is None and board.state(row, col) >= 0
                continue
            # the reference prints 9 decimals
            assert got == pytest.approx(expected, abs=1e-8), (row, col)
            assert ((row, col) in solution.safe) == (expected == 0.0)
            assert ((row, col) in solution.mines) == (expected == 1.0)
            if expected == 1.0:
                assert (row, col) in truth
            if expected == 0.0:
                assert (row, col) not in truth
    # deductions cover every certain cell that is not already a correctly flagged mine
    covered = set()
    for deduction in solution.deductions:
        covered |= {tuple(cell) for cell in deduction.cells}
    expected_cells = {tuple(c) for c in solution.safe | solution.mines} - (flags & {tuple(c) for c in solution.mines})
    assert covered == expected_cells
