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
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Connection, Row, insert, select, update

from explainer.play.game import Game, GameState
from web.storage.records import GameRecord
from web.storage.database import connection, write
from web.storage.ranking import Origin
from web.storage.results import board_kind
from web.storage.retention import prune_after_write
from web.storage.tables import games

__all__ = [
    "GameBusy",
    "GameNotFound",
    "GameRecord",
    "StoredGameError",
    "UPDATE_ATTEMPTS",
    "create_game",
    "find_game",
    "games_in_play",
    "load_game",
    "played",
    "Rules",
    "update_game",
    "Write",
]

T = TypeVar("T")

_COLUMNS = (
    games.c.id,
    games.c.owner,
    games.c.mode,
    games.c.data,
    games.c.replay_of,
    games.c.created_at,
    games.c.started_at,
    games.c.finished_at,
    games.c.kind,
    games.c.daily,
    games.c.origin,
    games.c.adopted,
)


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




def _record(row: Row[Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any, Any]) -> GameRecord:
    game_id, owner, mode, data, replay_of, created_at, started_at, finished_at, kind, daily, origin, adopted = row
    try:
        game = Game.from_dict(json.loads(data))
    except (ValueError, KeyError, TypeError) as error:
        raise StoredGameError(f"stored game {game_id!r} cannot be read: {error}") from None
    kind = kind or board_kind(game.height, game.width, game.mine_count)
    return GameRecord(game_id, owner, mode, game, replay_of, created_at, started_at, finished_at, data, kind, daily, origin, bool(adopted))


def played(game: Game) -> bool:
    """Has the player (or the bot) made a move?  Cells a game opened for them (a position's
    cells, a daily board's start) do not start the clock."""
    if game.state is GameState.READY:
        return False
    # newest first: the last record is the player's in a game being played, so a long history (a position's
    # cells opened by the game come first) is not scanned on every move
    return not game.history or any(entry["by"] != "game" for entry in reversed(game.history))


def _dump(game: Game) -> str:
    # (a game is data read back from JSON, never cyclic: without the check it encodes about 15% faster)
    return json.dumps(game.to_dict(), separators=(",", ":"), check_circular=False)


def create_game(
    owner: str,
    game: Game,
    mode: str,
    origin: Origin,
    replay_of: str | None = None,
    daily: str | None = None,
    attempt: Callable[[Connection, str], None] | None = None,
) -> GameRecord:
    """Store a new game for ``owner``; returns it with its fresh id.  ``origin`` says where its layout
    comes from (only ``dealt`` and ``daily`` games rank); ``attempt`` runs in the same write transaction
    with the new id (the daily board records its one attempt there: when it raises, no game is stored)."""
    conn = connection()
    now = time.time()
    game_id = secrets.token_urlsafe(12)
    kind = board_kind(game.height, game.width, game.mine_count)
    started = now if played(game) else None
    finished = now if game.over else None
    data = _dump(game)
    with write(conn):
        conn.execute(
            insert(games).values(
                id=game_id,
                owner=owner,
                mode=mode,
                data=data,
                replay_of=replay_of,
                created_at=now,
                started_at=started,
                finished_at=finished,
                updated_at=now,
                kind=kind,
                daily=daily,
                origin=str(origin),
            )
        )
        if attempt is not None:
            attempt(conn, game_id)
    prune_after_write(conn)
    return GameRecord(game_id, owner, mode, game, replay_of, now, started, finished, data, kind, daily, str(origin))


def _select(conn: Connection, game_id: str, owner: str) -> GameRecord:
    row = conn.execute(select(*_COLUMNS).where(games.c.id == game_id, games.c.owner == owner)).first()
    if row is None:
        raise GameNotFound(game_id)
    return _record(row)


def find_game(game_id: str) -> GameRecord | None:
    """The game ``game_id`` whoever owns it (the daily board's attempts), if it is still kept."""
    row = connection().execute(select(*_COLUMNS).where(games.c.id == game_id)).first()
    return None if row is None else _record(row)


def games_in_play(owner: str, limit: int = 8) -> list[GameRecord]:
    """``owner``'s games started and not over, the most recently played first (at most ``limit``)."""
    rows = connection().execute(
        select(*_COLUMNS)
        .where(games.c.owner == owner, games.c.started_at.is_not(None), games.c.finished_at.is_(None))
        .order_by(games.c.updated_at.desc())
        .limit(limit)
    ).all()
    return [_record(row) for row in rows]


def load_game(game_id: str, owner: str) -> GameRecord:
    """The game ``game_id`` if ``owner`` created it, else ``GameNotFound``."""
    return _select(connection(), game_id, owner)


#: times a move is computed again when another request changed the game first
UPDATE_ATTEMPTS = 8
#: the longest pause (seconds) before a retry; pauses grow and are random, so
#: requests that keep beating each other spread out instead of colliding again
RETRY_PAUSE = 0.05


@dataclass(frozen=True)
class Write:
    """What a write of a game stores beside the game itself, as the caller's rules decide it from the game before
    (its stored record) and after the change: the clock's start and end, more rows to write in the same
    transaction (``inside``), and what to do once it is committed (``after``)."""

    started: float | None
    finished: float | None
    inside: Callable[[Connection], None] | None = None
    after: Callable[[], None] | None = None


#: a write's rules: the record read (its game already changed), whether that game was over before, and the time
Rules = Callable[[GameRecord, bool, float], Write]


def update_game(game_id: str, owner: str, change: Callable[[Game], T], rules: Rules) -> tuple[GameRecord, T]:
    """Apply ``change`` to the stored game and save it with what ``rules`` decide, atomically.

    ``change`` runs with no lock held, on a copy read from the table; the result is written only if the stored
    text is still the one it started from (compare-and-swap), with the rules' rows in the same transaction, else
    ``change`` runs again on the new position after a short random pause, up to ``UPDATE_ATTEMPTS`` times (then
    ``GameBusy``).  When ``change`` raises, nothing is written."""
    conn = connection()
    for attempt in range(UPDATE_ATTEMPTS):
        if attempt:
            time.sleep(random.uniform(0, min(RETRY_PAUSE, 0.002 * 2**attempt)))
        record = _select(conn, game_id, owner)
        was_over = record.game.over
        result = change(record.game)
        now = time.time()
        planned = rules(record, was_over, now)
        data = _dump(record.game)
        with write(conn):
            cursor = conn.execute(
                update(games)
                .where(games.c.id == game_id, games.c.owner == owner, games.c.data == record.revision)
                .values(data=data, started_at=planned.started, finished_at=planned.finished, updated_at=now)
            )
            if cursor.rowcount == 1 and planned.inside is not None:
                planned.inside(conn)
        if cursor.rowcount == 1:
            if planned.after is not None:
                planned.after()
            prune_after_write(conn)
            updated = GameRecord(
                record.id, owner, record.mode, record.game, record.replay_of, record.created_at, planned.started,
                planned.finished, data, record.kind, record.daily, record.origin, record.adopted,
            )
            return updated, result
    raise GameBusy(game_id)
