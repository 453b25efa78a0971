"""global: the mine count alone decides every covered cell that is left."""

from __future__ import annotations

from explainer.core.deduction import Deduction, GlobalFigures, ProofStep, Rule, StepKind
from explainer.engine.frontier import SolveState

__all__ = ["find_global", "global_conclusion"]


def global_conclusion(unknown: int, mines_left: int | None) -> tuple[int, int] | None:
    """The mine-count rule on masks, the one copy: (safe, mines) when the mines left
    decide every unknown cell (none left: all safe; as many as the cells: all mines),
    else None.  ``find_global`` explains it; the depth-limited player applies it."""
    if mines_left is None or not unknown:
        return None
    if mines_left == 0:
        return unknown, 0
    if mines_left == unknown.bit_count():
        return 0, unknown
    return None


def find_global(state: SolveState) -> Deduction | None:
    unknown = state.unknown
    found = global_conclusion(unknown, state.mines_left)
    if found is None:
        return None
    safe, mines = found
    left = unknown.bit_count()
    message = StepKind.GLOBAL_ALL_MINES if mines else StepKind.GLOBAL_ALL_FOUND
    known_mines = state.cellset(state.knowledge.mines)
    # every proved cell: "the covered cells left" are the covered cells none of them is
    known_safe = state.cellset(state.knowledge.safe & state.board.covered_mask)
    safe_cells, mine_cells = state.cellset(safe), state.cellset(mines)
    # "every other covered cell" is the board's: the cells proved safe before are named with the new ones
    params: GlobalFigures = {"total": state.board.mines, "found": len(known_mines), "count": left, "aside": known_safe}
    return Deduction(
        rule=Rule.GLOBAL,
        safe=safe_cells,
        mines=mine_cells,
        clues=(),
        known_mines=known_mines,
        known_safe=known_safe,
        uses_mine_count=True,
        message=message,
        params=params,
        proof=(ProofStep(message, params, (), safe_cells, mine_cells, uses_mine_count=True),),
    )
