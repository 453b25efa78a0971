"""A stored game as the client may see it.

This is the only place a game becomes JSON for the client.  While the game is
not over it holds the player view only (never the layout or the seed); when it
is over it adds where the mines were.
"""

from __future__ import annotations

from typing import Any

from explainer.cells import CellSet

from .analysis import Analyses
from .db import GameRecord

__all__ = ["game_state"]


def game_state(record: GameRecord, analyses: Analyses) -> dict[str, Any]:
    game = record.game
    view = game.view()
    rows = str(view).splitlines()[1:]  # the text format without its "mines N" line
    data: dict[str, Any] = {
        "id": record.id,
        "mode": record.mode,
        "height": game.height,
        "width": game.width,
        "mines": game.mine_count,
        "mines_left": game.mines_left(),
        "state": game.state,
        "moves": game.moves,
        "board": rows,
        "elapsed": round(record.elapsed(), 3),
        "running": game.state == "playing",
        "replayable": game.first_click is not None,
        "wrong_flags": [],
    }
    if game.over:
        data["end"] = {
            "mines": game.mines().to_json(),
            "exploded": None if game.exploded is None else list(divmod(game.exploded, game.width)),
            "wrong_flags": CellSet(game.flagged & ~(game.layout or 0), game.width).to_json(),
        }
    elif view.flagged_mask and game.state == "playing":
        data["wrong_flags"] = analyses.solve(view).wrong_flags.to_json()
    return data
