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

import click
from flask import Flask, current_app, g
from flask.cli import with_appcontext

from explainer.game import Game

__all__ = [
    "GameRecord",
    "GameNotFound",
    "GameBusy",
    "SCHEMA_VERSION",
    "migrate",
    "StoredGameError",
    "init_app",
    "connection",
    "write",
    "create_game",
    "load_game",
    "update_game",
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

#: indexes on columns that older files only have after ``migrate``
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


#: the schema version ``migrate`` brings a file to (``PRAGMA user_version``):
#: 1 = the tables of ``SCHEMA`` with ``ADDED_COLUMNS`` and ``LATE_INDEXES``;
#: 2 = the signing key no longer lives in the database (``web.keys``)
SCHEMA_VERSION = 2


def init_app(app: Flask, path: Path, on_old_key: Callable[[str], None] | None = None) -> None:
    """Bring the file to the current schema (a read when it is already there);
    lend each request a pooled connection; add ``flask --app web init-db``."""
    app.config["DATABASE_PATH"] = str(path)
    migrate(path, on_old_key)
    app.cli.add_command(init_db_command)
    app.extensions["db_pool"] = ConnectionPool(path)
    app.teardown_appcontext(_release)


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or upgrade the games database (the app also does it at start)."""
    path = Path(current_app.config["DATABASE_PATH"])
    found = migrate(path)
    click.echo(f"database {path}: schema version {found} -> {SCHEMA_VERSION}")


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(path: Path, on_old_key: Callable[[str], None] | None = None) -> int:
    """Create or upgrade the database file to ``SCHEMA_VERSION``; returns the
    version it found.  Safe to run from several processes at once: the version
    is read without a lock, and the upgrade runs in one write transaction that
    checks the version again.  ``on_old_key`` receives the signing key an older
    file kept in its ``settings`` table before the key is deleted from it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = _connect(path)
    try:
        found = schema_version(conn)
        if found >= SCHEMA_VERSION:
            return found
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        with write(conn):
            found = schema_version(conn)
            if found < SCHEMA_VERSION:
                _upgrade(conn, found, on_old_key)
        return found
    finally:
        conn.close()


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")}


def _upgrade(conn: sqlite3.Connection, found: int, on_old_key: Callable[[str], None] | None) -> None:
    """Inside a write transaction: from version ``found`` to ``SCHEMA_VERSION``."""
    if found < 1:
        # files made before versions existed: create what is missing, add late columns and indexes
        for statement in SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        for table, column, kind, fill in ADDED_COLUMNS:
            if column not in _columns(conn, table):
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
                conn.execute(f"UPDATE {table} SET {column} = {fill}")
        for statement in LATE_INDEXES:
            conn.execute(statement)
    if found < 2:
        row = conn.execute("SELECT value FROM settings WHERE key = 'secret_key'").fetchone()
        if row is not None:
            if on_old_key is not None:
                on_old_key(str(row[0]))
            conn.execute("DELETE FROM settings WHERE key = 'secret_key'")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


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


#: times a move is computed again when another request changed the game first
UPDATE_ATTEMPTS = 5


def update_game(game_id: str, owner: str, change: Callable[[Game], T]) -> tuple[GameRecord, T]:
    """Apply ``change`` to the stored game and save it, atomically.

    ``change`` runs with no lock held, on a copy read from the file; the result
    is written only if the stored text is still the one it started from
    (compare-and-swap), else ``change`` runs again on the new position, up to
    ``UPDATE_ATTEMPTS`` times (then ``GameBusy``).  When ``change`` raises,
    nothing is written."""
    conn = connection()
    for _attempt in range(UPDATE_ATTEMPTS):
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
        with write(conn):
            cursor = conn.execute(
                "UPDATE games SET data = ?, started_at = ?, finished_at = ?, updated_at = ? "
                "WHERE id = ? AND owner = ? AND data = ?",
                (data, started, finished, now, game_id, owner, record.revision),
            )
        if cursor.rowcount == 1:
            after_write(conn)
            updated = GameRecord(
                record.id, owner, record.mode, record.game, record.replay_of, record.created_at, started, finished, data
            )
            return updated, result
    raise GameBusy(game_id)


def after_write(conn: sqlite3.Connection) -> None:
    """Called after a committed write: runs the hooks other modules registered
    in ``app.extensions["db_after_write"]`` (``web.retention`` prunes there)."""
    for hook in current_app.extensions.get("db_after_write", ()):
        hook(conn)
