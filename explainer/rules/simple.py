"""simple: one number whose missing mines are 0 (the rest are safe) or equal
to its covered neighbours (all of them are mines)."""

from __future__ import annotations

from ..deduction import Deduction, Rule
from ..state import SolveState

__all__ = ["find_simple"]


def find_simple(state: SolveState) -> Deduction | None:
    targets = state.targets
    for constraint in state.sorted_constraints():
        cells = constraint.cells
        if not cells & targets:
            continue
        size = cells.bit_count()
        if constraint.count == 0:
            safe, mines, message = cells, 0, "simple.all_safe"
        elif constraint.count == size:
            safe, mines, message = 0, cells, "simple.all_mines"
        else:
            continue
        known_mines, known_safe = state.known_around(constraint.source)
        number = state.board.cells[constraint.source]
        return Deduction(
            rule=Rule.SIMPLE,
            safe=state.cellset(safe),
            mines=state.cellset(mines),
            clues=(state.board.cell(constraint.source),),
            known_mines=state.cellset(known_mines),
            # a count of covered cells only matters when they are all mines
            known_safe=state.cellset(known_safe if mines else 0),
            uses_mine_count=False,
            message=message,
            params={
                "number": number,
                "clue": state.board.cell(constraint.source),
                "count": size,
                "found": known_mines.bit_count(),
                "missing": constraint.count,
            },
        )
    return None
