"""A stored game as the stores pass it around (``GameRecord``): the game, whose it is, its times, its board kind, its
daily board and where its layout came from.  Below every store, so that each can name it."""

from __future__ import annotations

import time
from dataclasses import dataclass

from explainer.play.game import Game
from explainer.play.history import play_time

__all__ = ["GameRecord"]


@dataclass(frozen=True)
class GameRecord:
    id: str
    owner: str
    mode: str
    game: Game
    replay_of: str | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    revision: str = ""  # the stored game text: equal revisions mean the same position
    kind: str = ""  # the board kind (``web.storage.results.board_kind``)
    daily: str | None = None  # a daily board's day and preset
    origin: str | None = None  # where its layout came from (``web.storage.ranking.Origin``); None: before it was kept
    adopted: bool = False  # an anonymous browser's game, handed to an account at sign-in

    def elapsed(self, now: float | None = None) -> float:
        """Seconds played: a game over has its one time, read from its moves (``play_time``); a game in play, from
        the first open to now, by the server's clock."""
        if self.finished_at is not None:
            played = play_time(self.game)
            if played is not None:
                return played
        if self.started_at is None:
            return 0.0
        end = self.finished_at if self.finished_at is not None else (time.time() if now is None else now)
        return max(0.0, end - self.started_at)
