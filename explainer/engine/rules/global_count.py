"""global: the mine count alone decides every covered cell that is left."""

from __future__ import annotations

from explainer.core.deduction import Deduction, Rule
from explainer.engine.frontier import SolveState

__all__ = ["find_global"]


def find_global(state: SolveState) -> Deduction | None:
    mines_left = state.mines_left
    unknown = state.unknown
    if mines_left is None or not unknown:
        return None
    left = unknown.bit_count()
    if mines_left == 0:
        safe, mines, message = unknown, 0, "global.all_found"
    elif mines_left == left:
        safe, mines, message = 0, unknown, "global.all_mines"
    else:
        return None
    known_mines = state.cellset(state.knowledge.mines)
    known_safe = state.cellset(state.knowledge.safe & state.board.covered_mask)
    return Deduction(
        rule=Rule.GLOBAL,
        safe=state.cellset(safe),
        mines=state.cellset(mines),
        clues=(),
        known_mines=known_mines,
        known_safe=known_safe if mines else state.cellset(0),
        uses_mine_count=True,
        message=message,
        params={"total": state.board.mines, "found": len(known_mines), "count": left},
    )
