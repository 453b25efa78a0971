"""The 200 player views of ``tests/data`` against their exact probabilities from an independent solver
(``ms_toollib``, recorded by ``tests/data/make_views.py``)."""

from __future__ import annotations

import pytest

from explainer import Board, solve

from tests.data import view_rows

STATES = view_rows()


def test_the_views_are_all_there_and_of_every_kind() -> None:
    assert len(STATES) == 200
    assert {state["phase"] for state in STATES} == {"opening", "mid", "end"}
    truth = [{tuple(cell) for cell in state["truth_mines"]} for state in STATES]
    flags = [(tuple(cell), state, mines) for state, mines in zip(STATES, truth) for cell in state["flags"]]
    assert sum(cell not in mines for cell, _state, mines in flags) >= 20  # wrong flags
    assert sum(cell in mines and state["prob"][cell[0]][cell[1]] < 1 for cell, state, mines in flags) >= 10  # unprovable


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
