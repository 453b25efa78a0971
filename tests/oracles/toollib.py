"""``ms_toollib`` as a second exact solver: its mine probabilities of a view (``cal_probability_onboard``)."""

from __future__ import annotations

import ms_toollib

from explainer.core.board import COVERED, FLAGGED, Board

#: ms_toollib's code for a covered cell (its numbers are the numbers); a flag is given as a covered cell, as the
#: engine reads it (a player's claim, never evidence), so a flagged cell's chance is compared too
THEIR_COVERED = 10


def theirs(board: Board) -> list[list[float]]:
    assert board.mines is not None
    rows = []
    for row in range(board.height):
        line = []
        for col in range(board.width):
            value = board.cells[row * board.width + col]
            line.append(THEIR_COVERED if value in (COVERED, FLAGGED) else value)
        rows.append(line)
    probabilities, _counts = ms_toollib.cal_probability_onboard(rows, float(board.mines))
    return probabilities
