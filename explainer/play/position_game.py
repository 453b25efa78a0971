"""A game on a known position: a layout, with the position's open cells and flags already played — by the
game (``by="game"``), so that a review tells them from the player's moves.  The web's "play this position"
and the terminal's ``--board FILE`` both start games this way."""

from __future__ import annotations

from explainer.core.board import Board
from explainer.play.game import Game
from explainer.play.modes import Mode, new_game
from explainer.play.moves import flag_cell, open_cell

__all__ = ["play_position"]


def play_position(view: Board, layout: int, mode: Mode | str = Mode.CLASSIC, seed: int | None = None, at: float | None = None) -> Game:
    """A game in ``mode`` on ``layout`` (which must fit ``view``'s numbers), with every number of ``view``
    opened and every flag placed (a flag once the game is won from the cells opened would change nothing:
    it is left out).  ``GameError`` for settings the mode refuses."""
    fresh = new_game(mode, view.height, view.width, layout.bit_count(), seed)
    game = Game.from_layout(view.height, view.width, layout, seed=fresh.seed)
    game.extra = fresh.extra
    for index, _number in view.numbers():
        if not game.revealed >> index & 1:
            open_cell(game, *divmod(index, view.width), by="game", at=at)
    for index in range(view.size):
        if view.flagged_mask >> index & 1 and not game.over:
            flag_cell(game, *divmod(index, view.width), by="game", at=at)
    return game
