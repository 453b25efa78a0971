"""What the web keeps with a game beyond what the game is (``explainer.play.game.GameExtra``): the player's
wrong-flag warnings switch, the flags the last reply showed as wrong, and mine vision.  Stored with the game's
JSON; read and written through ``web_extra``."""

from __future__ import annotations

from typing import cast

from explainer.core.json_shapes import CellJson
from explainer.play.game import Game, GameExtra

__all__ = ["WebExtra", "web_extra"]


class WebExtra(GameExtra, total=False):
    warnings: bool  # False: the player switched wrong-flag warnings off before the game started
    wrong_flags: list[CellJson]  # the flags the numbers prove wrong, as the last reply showed them
    vision: bool  # mine vision is on
    vision_used: bool  # mine vision was used (the game is assisted for good)


def web_extra(game: Game) -> WebExtra:
    """``game.extra`` with the web's keys (the same dict)."""
    return cast(WebExtra, game.extra)
