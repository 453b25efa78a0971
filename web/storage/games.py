"""The games: one row per game, keyed by a random id and owned by the browser
session that created it.

The game is stored as ``Game.to_dict()`` JSON (hidden layout included: it
never leaves the server before the game ends).  A move is computed with no
lock held (the engine may take a while) and then written with a
compare-and-swap on the stored text inside a short write transaction: when
another request changed the game meanwhile, the move is computed again on the
new position (``update_game``), so two moves never overwrite each other and a
write lock is held for milliseconds.
"""

from __future__ import annotations

import json
import random
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from explainer.play.game import Game
from web.storage.database import connection, write
from web.storage.retention import prune_after_write

__all__ = [
    "GameBusy",
    "GameNotFound",
    "GameRecord",
    "StoredGameError",
    "UPDATE_ATTEMPTS",
    "create_game",
    "load_game",
    "update_game",
]

T = TypeVar("T")

_COLUMNS = "id, owner, mode, data, replay_of, created_at, started_at, finished_at"


class GameNotFound(LookupError):
    """No game with this id belongs to the asking session."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"no game {game_id!r} in this session")


class GameBusy(RuntimeError):
    """The game kept changing while a move was being computed (another request won every time)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"game {game_id!r} changed while this move was being computed: try again")


class StoredGameError(RuntimeError):
    """A stored row that cannot be read back as a game."""


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

    def elapsed(self, now: float | None = None) -> float:
        """Seconds played: from the first open to the end (or to now)."""
        if self.started_at is None:
            return 0.0
        end = self.finished_at if self.finished_at is not None else (time.time() if now is None else now)
        return max(0.0, end - self.started_at)


def _record(row: tuple[Any, ...]) -> GameRecord:
    game_id, owner, mode, data, replay_of, created_at, started_at, finished_at = row
    try:
        game = Game.from_dict(json.loads(data))
    except (ValueError, KeyError, TypeError) as error:
        raise StoredGameError(f"stored game {game_id!r} cannot be read: {error}") from None
    return GameRecord(game_id, owner, mode, game, replay_of, created_at, started_at, finished_at, data)


def _dump(game: Game) -> str:
    return json.dumps(game.to_dict(), separators=(",", ":"))


def create_game(owner: str, game: Game, mode: str, replay_of: str | None = None) -> GameRecord:
    """Store a new game for ``owner``; returns it with its fresh id."""
    conn = connection()
    now = time.time()
    game_id = secrets.token_urlsafe(12)
    started = now if game.state != "ready" else None
    finished = now if game.over else None
    data = _dump(game)
    with write(conn):
        conn.execute(
            f"INSERT INTO games ({_COLUMNS}, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, owner, mode, data, replay_of, now, started, finished, now),
        )
    prune_after_write(conn)
    return GameRecord(game_id, owner, mode, game, replay_of, now, started, finished, data)


def _select(conn: sqlite3.Connection, game_id: str, owner: str) -> GameRecord:
    row = conn.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ? AND owner = ?", (game_id, owner)).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    return _record(row)


def load_game(game_id: str, owner: str) -> GameRecord:
    """The game ``game_id`` if ``owner`` created it, else ``GameNotFound``."""
    return _select(connection(), game_id, owner)


#: times a move is computed again when another request changed the game first
UPDATE_ATTEMPTS = 8
#: the longest pause (seconds) before a retry; pauses grow and are random, so
#: requests that keep beating each other spread out instead of colliding again
RETRY_PAUSE = 0.05


def update_game(game_id: str, owner: str, change: Callable[[Game], T]) -> tuple[GameRecord, T]:
    """Apply ``change`` to the stored game and save it, atomically.

    ``change`` runs with no lock held, on a copy read from the file; the result
    is written only if the stored text is still the one it started from
    (compare-and-swap), else ``change`` runs again on the new position after a
    short random pause, up to ``UPDATE_ATTEMPTS`` times (then ``GameBusy``).  When ``change`` raises,
    nothing is written."""
    conn = connection()
    for attempt in range(UPDATE_ATTEMPTS):
        if attempt:
            time.sleep(random.uniform(0, min(RETRY_PAUSE, 0.002 * 2**attempt)))
        record = _select(conn, game_id, owner)
        result = change(record.game)
        now = time.time()
        started = record.started_at
        if started is None and record.game.state != "ready":
            started = now
        finished = record.finished_at
        if finished is None and record.game.over:
            finished = now
        if finished is not None and not record.game.over:
            finished = None  # an undone loss: the clock runs again
        if record.game.state == "ready":
            started = None  # the first click was undone
        data = _dump(record.game)
        with write(conn):
            cursor = conn.execute(
                "UPDATE games SET data = ?, started_at = ?, finished_at = ?, updated_at = ? "
                "WHERE id = ? AND owner = ? AND data = ?",
                (data, started, finished, now, game_id, owner, record.revision),
            )
        if cursor.rowcount == 1:
            prune_after_write(conn)
            updated = GameRecord(
                record.id, owner, record.mode, record.game, record.replay_of, record.created_at, started, finished, data
            )
            return updated, result
    raise GameBusy(game_id)
