"""SQLite storage: one row per game, keyed by a random id and owned by the
browser session that created it.  Practice puzzles (``web.practice_store``)
live in the same file, one row each, owned the same way.

The game itself is stored as ``Game.to_dict()`` JSON (hidden layout included:
it never leaves the server before the game ends).  Writes run inside
``BEGIN IMMEDIATE`` so two moves on the same game never overwrite each other.

Columns added after a table was first released are added to older files
when the app starts (``_migrate``).  ``after_write`` runs the hooks other
modules register for committed writes (``web.retention`` prunes old rows there).
"""

from __future__ import annotations

import json
import queue
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from flask import Flask, current_app, g

from explainer.game import Game

__all__ = [
    "GameRecord",
    "GameNotFound",
    "StoredGameError",
    "init_app",
    "connection",
    "write",
    "create_game",
    "load_game",
    "update_game",
    "secret_key",
    "after_write",
]

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    mode TEXT NOT NULL,
    data TEXT NOT NULL,
    replay_of TEXT,
    created_at REAL NOT NULL,
    started_at REAL,
    finished_at REAL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_owner ON games (owner);
CREATE TABLE IF NOT EXISTS puzzles (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    pattern TEXT NOT NULL,
    seed INTEGER NOT NULL,
    board TEXT NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    first_right INTEGER,
    solved_at REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_owner ON puzzles (owner, pattern);
CREATE TABLE IF NOT EXISTS practice_totals (
    owner TEXT NOT NULL,
    pattern TEXT NOT NULL,
    solved INTEGER NOT NULL DEFAULT 0,
    answered INTEGER NOT NULL DEFAULT 0,
    first_try INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (owner, pattern)
);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

#: columns added after their table was first released: (table, column, type, value for the rows already there)
ADDED_COLUMNS: tuple[tuple[str, str, str, str], ...] = (
    # a puzzle's last activity: its right answer, else when it was made (a wrong answer left no time)
    ("puzzles", "updated_at", "REAL", "COALESCE(solved_at, created_at)"),
)

#: indexes on columns that older files only have after ``_migrate``
LATE_INDEXES = (
    "CREATE INDEX IF NOT EXISTS games_updated ON games (updated_at)",
    "CREATE INDEX IF NOT EXISTS puzzles_updated ON puzzles (updated_at)",
)

_COLUMNS = "id, owner, mode, data, replay_of, created_at, started_at, finished_at"


class GameNotFound(LookupError):
    """No game with this id belongs to the asking session."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"no game {game_id!r} in this session")


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


def _connect(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout = 10000")
    conn.execute("PRAGMA synchronous = NORMAL")
    return conn


class ConnectionPool:
    """Open connections kept for the next request (opening one costs more than a query)."""

    def __init__(self, path: Path, keep: int = 8) -> None:
        self.path = path
        self.keep = keep
        self._idle: queue.SimpleQueue[sqlite3.Connection] = queue.SimpleQueue()

    def acquire(self) -> sqlite3.Connection:
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            return _connect(self.path)

    def release(self, conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if self._idle.qsize() < self.keep:
            self._idle.put(conn)
        else:
            conn.close()


def init_app(app: Flask, path: Path) -> None:
    """Create the file and schema (safe to repeat); lend each request a pooled connection."""
    path.parent.mkdir(parents=True, exist_ok=True)
    app.config["DATABASE_PATH"] = str(path)
    conn = _connect(path)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.executescript(SCHEMA)
        _migrate(conn)
    finally:
        conn.close()
    app.extensions["db_pool"] = ConnectionPool(path)
    app.teardown_appcontext(_release)


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")}


def _migrate(conn: sqlite3.Connection) -> None:
    """Bring a file made by an older version up to ``SCHEMA``: add the missing
    columns (filling the rows already there) and the indexes on them.  One
    write transaction, so two workers starting together cannot both add a column."""
    with write(conn):
        for table, column, kind, fill in ADDED_COLUMNS:
            if column not in _columns(conn, table):
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
                conn.execute(f"UPDATE {table} SET {column} = {fill}")
        for statement in LATE_INDEXES:
            conn.execute(statement)


def connection() -> sqlite3.Connection:
    """This request's connection (taken from the pool on first use)."""
    conn = g.get("_db")
    if conn is None:
        conn = g._db = current_app.extensions["db_pool"].acquire()
    return conn


def _release(_error: BaseException | None = None) -> None:
    conn = g.pop("_db", None)
    if conn is not None:
        current_app.extensions["db_pool"].release(conn)


@contextmanager
def write(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A write transaction (``BEGIN IMMEDIATE``): committed at the end, rolled back on an error."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    conn.execute("COMMIT")


def secret_key(path: Path) -> str:
    """The app's signing key, made once and kept in the database so sessions
    (and so the ownership of games) survive a restart."""
    conn = _connect(path)
    try:
        with write(conn):
            row = conn.execute("SELECT value FROM settings WHERE key = 'secret_key'").fetchone()
            if row is not None:
                return str(row[0])
            key = secrets.token_hex(32)
            conn.execute("INSERT INTO settings (key, value) VALUES ('secret_key', ?)", (key,))
            return key
    finally:
        conn.close()


def _record(row: tuple) -> GameRecord:
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
    after_write(conn)
    return GameRecord(game_id, owner, mode, game, replay_of, now, started, finished, data)


def _select(conn: sqlite3.Connection, game_id: str, owner: str) -> GameRecord:
    row = conn.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ? AND owner = ?", (game_id, owner)).fetchone()
    if row is None:
        raise GameNotFound(game_id)
    return _record(row)


def load_game(game_id: str, owner: str) -> GameRecord:
    """The game ``game_id`` if ``owner`` created it, else ``GameNotFound``."""
    return _select(connection(), game_id, owner)


def update_game(game_id: str, owner: str, change: Callable[[Game], T]) -> tuple[GameRecord, T]:
    """Apply ``change`` to the stored game atomically and save it (also when
    ``change`` raises after changing nothing, nothing is written)."""
    conn = connection()
    with write(conn):
        record = _select(conn, game_id, owner)
        result = change(record.game)
        now = time.time()
        started = record.started_at
        if started is None and record.game.state != "ready":
            started = now
        finished = record.finished_at
        if finished is None and record.game.over:
            finished = now
        data = _dump(record.game)
        conn.execute(
            "UPDATE games SET data = ?, started_at = ?, finished_at = ?, updated_at = ? WHERE id = ?",
            (data, started, finished, now, game_id),
        )
    after_write(conn)
    updated = GameRecord(
        record.id, owner, record.mode, record.game, record.replay_of, record.created_at, started, finished, data
    )
    return updated, result


def after_write(conn: sqlite3.Connection) -> None:
    """Called after a committed write: runs the hooks other modules registered
    in ``app.extensions["db_after_write"]`` (``web.retention`` prunes there)."""
    for hook in current_app.extensions.get("db_after_write", ()):
        hook(conn)
