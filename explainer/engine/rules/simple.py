"""simple: one number whose missing mines are 0 (the rest are safe) or equal
to its covered neighbours (all of them are mines)."""

from __future__ import annotations

from explainer.core.cells import cellset_unchecked
from explainer.core.deduction import Deduction, Rule
from explainer.engine.frontier import SolveState

__all__ = ["find_simple"]


def find_simple(state: SolveState) -> Deduction | None:
    constraint = state.next_alone()
    if constraint is None:
        return None
    cells = constraint.cells
    source = constraint.source
    known_mines, known_safe = state.known_around(source)
    board = state.board
    clue = board.cell(source)
    width = board.width
    if constraint.count == 0:
        safe, mines, message = cells, 0, "simple.all_safe"
        known_safe = 0  # a count of covered cells only matters when they are all mines
    else:
        safe, mines, message = 0, cells, "simple.all_mines"
    return Deduction(
        Rule.SIMPLE,
        cellset_unchecked(safe, width),
        cellset_unchecked(mines, width),
        (clue,),
        cellset_unchecked(known_mines, width),
        cellset_unchecked(known_safe, width),
        False,
        message,
        {
            "number": board.cells[source],
            "clue": clue,
            "count": cells.bit_count(),
            "found": known_mines.bit_count(),
            "missing": constraint.count,
        },
    )
