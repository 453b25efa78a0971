"""The player's side of a game: the narrow interface a bot (or a person) plays through.

A ``PlayerTable`` wraps a ``Game`` and offers only what a player has: the view,
the mine counter, the state, and the moves (open, flag).  Opening a cell
returns the numbers that appeared on the screen, nothing else.  The hidden
layout stays inside the ``Game``; nothing here returns it.

The first-click rule decides how the layout is placed at the first open:

``opening``  (the game's classic rule) the first cell and, when there is room,
             its neighbours are safe, so the first click opens an area;
``safe``     only the first cell is safe (the rule of most published solver results).
"""

from __future__ import annotations

import random
from enum import StrEnum

from explainer.core.board import Board
from explainer.play.game import Game, GameError, LayoutMaker, random_layout

__all__ = ["FirstClick", "PlayerTable", "safe_first_layout"]


class FirstClick(StrEnum):
    OPENING = "opening"
    SAFE = "safe"


def safe_first_layout(height: int, width: int, mines: int, first: int, rng: random.Random) -> int:
    """A uniformly random layout where only the cell ``first`` is sure to be safe."""
    free = [index for index in range(height * width) if index != first]
    mask = 0
    for index in rng.sample(free, mines):
        mask |= 1 << index
    return mask


_LAYOUTS: dict[FirstClick, LayoutMaker] = {FirstClick.OPENING: random_layout, FirstClick.SAFE: safe_first_layout}


class PlayerTable:
    """A game seen from the player's chair."""

    __slots__ = ("_game", "_layout_maker", "first_click")

    def __init__(self, game: Game, first_click: FirstClick | str = FirstClick.OPENING) -> None:
        try:
            self.first_click = FirstClick(first_click)
        except ValueError:
            choices = ", ".join(rule.value for rule in FirstClick)
            raise GameError(f"unknown first-click rule {first_click!r}; choose one of: {choices}") from None
        self._game = game
        self._layout_maker = _LAYOUTS[self.first_click]

    @classmethod
    def new(cls, height: int, width: int, mines: int, seed: int, first_click: FirstClick | str = FirstClick.OPENING) -> PlayerTable:
        return cls(Game.new(height, width, mines, seed), first_click)

    # -- what the player sees ------------------------------------------------------------
    @property
    def height(self) -> int:
        return self._game.height

    @property
    def width(self) -> int:
        return self._game.width

    @property
    def mines(self) -> int:
        """The total number of mines (shown by the counter before any flag)."""
        return self._game.mine_count

    @property
    def state(self) -> str:
        return self._game.state

    @property
    def over(self) -> bool:
        return self._game.over

    def view(self) -> Board:
        return self._game.view()

    # -- moves --------------------------------------------------------------------------
    def open(self, row: int, col: int) -> dict[int, int]:
        """Open a cell; returns the cells that appeared, index -> number (empty if it was a mine)."""
        game = self._game
        opened = game.open(row, col, self._layout_maker)
        return {index: game.count_at(index) for index in opened}

    def flag(self, row: int, col: int) -> bool:
        """Flag or unflag a covered cell; returns whether it is now flagged."""
        return self._game.toggle_flag(row, col)
