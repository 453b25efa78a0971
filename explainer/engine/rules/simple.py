"""simple: one number whose missing mines are 0 (the rest are safe) or equal
to its covered neighbours (all of them are mines)."""

from __future__ import annotations

from explainer.core.deduction import Deduction, Rule
from explainer.engine.frontier import SolveState

__all__ = ["find_simple"]


def find_simple(state: SolveState) -> Deduction | None:
    constraint = state.next_alone()
    if constraint is None:
        return None
    cells = constraint.cells
    if constraint.count == 0:
        safe, mines, message = cells, 0, "simple.all_safe"
    else:
        safe, mines, message = 0, cells, "simple.all_mines"
    known_mines, known_safe = state.known_around(constraint.source)
    clue = state.board.cell(constraint.source)
    return Deduction(
        rule=Rule.SIMPLE,
        safe=state.cellset(safe),
        mines=state.cellset(mines),
        clues=(clue,),
        known_mines=state.cellset(known_mines),
        # a count of covered cells only matters when they are all mines
        known_safe=state.cellset(known_safe if mines else 0),
        uses_mine_count=False,
        message=message,
        params={
            "number": state.board.cells[constraint.source],
            "clue": clue,
            "count": cells.bit_count(),
            "found": known_mines.bit_count(),
            "missing": constraint.count,
        },
    )
