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
from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Rule
from explainer.engine.rules import tiers_up_to
from explainer.engine.solve import solve
from explainer.errors import GameError
from explainer.play.game import Game
from explainer.play.moves import flag_cell, open_cell

__all__ = ["AUTOPILOT_LEVELS", "AUTOPILOT_ROUNDS", "AutopilotMoves", "Autopiloted", "autopilot_moves", "play_autopilot"]

#: rounds of the autopilot in one go at most (each is a solve of the view; a game's limit of moves stops it too)
AUTOPILOT_ROUNDS = 200

#: the levels the autopilot plays up to; each plays the engine's tiers up to it (``tiers_up_to``: the mine counter
#: comes with one number, as the generator's depth limits have it)
AUTOPILOT_LEVELS: tuple[Rule, ...] = (Rule.SIMPLE, Rule.PAIR)


@dataclass(frozen=True)
class AutopilotMoves:
    """The cells the steps at or below the level decide: ``safe`` to open, ``mines`` to flag (not flagged yet)."""

    safe: CellSet
    mines: CellSet

    def __bool__(self) -> bool:
        return bool(self.safe.mask or self.mines.mask)


def autopilot_moves(view: Board, level: Rule) -> AutopilotMoves:
    """The moves the autopilot makes on ``view`` at ``level`` (``Rule.SIMPLE`` or ``Rule.PAIR``)."""
    allowed = frozenset(tiers_up_to(level))
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


@dataclass(frozen=True)
class Autopiloted:
    """What the autopilot played: the cells it opened (with the areas they flooded) and flagged."""

    opened: tuple[Cell, ...]
    flagged: tuple[Cell, ...]


def play_autopilot(game: Game, level: Rule, at: float | None = None) -> Autopiloted:
    """Every move the steps at or below ``level`` decide, round after round, played as the bot through the game's
    mode (``explainer.play.moves``), until none is left, the game ends or its limit of moves is reached."""
    opened: list[Cell] = []
    flagged: list[Cell] = []
    for _round in range(AUTOPILOT_ROUNDS):
        if game.over:
            break
        moves = autopilot_moves(game.view(), level)
        if not moves:
            break
        try:
            for cell in moves.mines:
                flag_cell(game, cell.row, cell.col, by="bot", at=at)
                flagged.append(cell)
            for cell in moves.safe:
                if game.over or game.revealed >> game.index(cell.row, cell.col) & 1:
                    continue  # opened by an earlier cell's opening
                opened.extend(open_cell(game, cell.row, cell.col, by="bot", at=at).opened)
        except GameError:  # the game's limit of moves: what is played stays
            break
    return Autopiloted(tuple(opened), tuple(flagged))
