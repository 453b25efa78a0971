"""The autopilot: the moves a learner leaves to the game, every cell decided by steps at or below a chosen technique,
so that they meet only the harder steps.

From the player view alone (never the layout): the engine's chain of deductions (``explainer.engine.solve``) is
taken up to its first step that needs a deeper technique; every cell those steps decide is a move (safe cells to
open, mines to flag).  The chain always takes the cheapest step there is, so when it needs a deeper one, nothing is
left at the chosen level.  A view whose numbers cannot all hold, or with a provably wrong flag, gets no move: the
player has something to fix first.
"""

from __future__ import annotations

from dataclasses import dataclass

from explainer.core.board import Board
from explainer.core.cells import CellSet
from explainer.core.deduction import Rule
from explainer.engine.solve import solve

__all__ = ["AUTOPILOT_LEVELS", "AutopilotMoves", "autopilot_moves"]

#: the techniques each level plays (the mine counter counts with one number, as a grade counts it)
AUTOPILOT_LEVELS: dict[Rule, frozenset[Rule]] = {
    Rule.SIMPLE: frozenset({Rule.GLOBAL, Rule.SIMPLE}),
    Rule.PAIR: frozenset({Rule.GLOBAL, Rule.SIMPLE, Rule.PAIR}),
}


@dataclass(frozen=True)
class AutopilotMoves:
    """The cells the steps at or below the level decide: ``safe`` to open, ``mines`` to flag (not flagged yet)."""

    safe: CellSet
    mines: CellSet

    def __bool__(self) -> bool:
        return bool(self.safe.mask or self.mines.mask)


def autopilot_moves(view: Board, level: Rule) -> AutopilotMoves:
    """The moves the autopilot makes on ``view`` at ``level`` (``Rule.SIMPLE`` or ``Rule.PAIR``)."""
    allowed = AUTOPILOT_LEVELS[level]
    none = AutopilotMoves(CellSet(0, view.width), CellSet(0, view.width))
    solution = solve(view)
    if not solution.consistent or solution.wrong_flags.mask:
        return none
    safe = mines = 0
    for deduction in solution.deductions:
        if deduction.rule not in allowed:
            break
        safe |= deduction.safe.mask
        mines |= deduction.mines.mask
    covered = view.covered_mask & ~view.flagged_mask
    return AutopilotMoves(CellSet(safe & covered, view.width), CellSet(mines & covered, view.width))
