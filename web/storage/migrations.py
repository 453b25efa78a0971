"""The schema's versions and the numbered migrations between them.

A file's version is ``PRAGMA user_version``.  A fresh file is made from
``schema.sql`` (the latest version); an older one runs each migration above
its version, in order, in one write transaction.  ``migrate`` reads the
version first and takes the write lock only when there is something to do,
so a worker starting while another process writes never waits on the lock
(``flask --app web init-db``, or the gunicorn master before the workers start,
does the upgrade once).

1. The tables before versions existed, with the columns and indexes added
   since their first release (``puzzles.updated_at``; the ``updated_at`` indexes).
2. The session-signing key leaves the database (``web.storage.keys``): whoever
   can read the games file must not be able to forge sessions.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from web.storage.database import connect, write

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "init_db_command", "migrate", "schema_version"]

SCHEMA = Path(__file__).with_name("schema.sql")

#: called with the signing key an older file kept, before it is deleted from the file (its result is ignored)
OldKeyHandler = Callable[[str], object]


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {str(row[1]) for row in conn.execute(f"PRAGMA table_info({table})")}


def _tables_and_late_columns(conn: sqlite3.Connection, _on_old_key: OldKeyHandler | None) -> None:
    puzzle_columns = _columns(conn, "puzzles")  # empty: no table yet
    if puzzle_columns and "updated_at" not in puzzle_columns:
        # a puzzle's last activity: its right answer, else when it was made (a wrong answer left no time)
        conn.execute("ALTER TABLE puzzles ADD COLUMN updated_at REAL")
        conn.execute("UPDATE puzzles SET updated_at = COALESCE(solved_at, created_at)")
    _run_script(conn)  # every table and index that is missing


def _key_out_of_database(conn: sqlite3.Connection, on_old_key: OldKeyHandler | None) -> None:
    row = conn.execute("SELECT value FROM settings WHERE key = 'secret_key'").fetchone()
    if row is not None:
        if on_old_key is not None:
            on_old_key(str(row[0]))
        conn.execute("DELETE FROM settings WHERE key = 'secret_key'")


#: (version, what it does, the step) in order; the last version is the schema's
MIGRATIONS: tuple[tuple[int, str, Callable[[sqlite3.Connection, OldKeyHandler | None], None]], ...] = (
    (1, "tables, puzzles.updated_at and the updated_at indexes", _tables_and_late_columns),
    (2, "the session-signing key leaves the database", _key_out_of_database),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


def _run_script(conn: sqlite3.Connection) -> None:
    """``schema.sql``'s statements one by one (inside the caller's transaction;
    ``executescript`` would commit it).  Every statement is ``IF NOT EXISTS``."""
    text = "\n".join(line for line in SCHEMA.read_text().splitlines() if not line.lstrip().startswith("--"))
    for statement in text.split(";"):
        if statement.strip():
            conn.execute(statement)


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(path: Path, on_old_key: OldKeyHandler | None = None) -> int:
    """Create or upgrade the database file to ``SCHEMA_VERSION``; returns the
    version it found.  Safe to run from several processes at once: the version
    is read without a lock, and the upgrade runs in one write transaction that
    reads the version again."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = connect(path)
    try:
        found = schema_version(conn)
        if found >= SCHEMA_VERSION:
            return found
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        with write(conn):
            found = schema_version(conn)
            for version, _what, step in MIGRATIONS:
                if version > found:
                    step(conn, on_old_key)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        return found
    finally:
        conn.close()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or upgrade the games database (the app also does it at start)."""
    path = Path(current_app.config["DATABASE_PATH"])
    found = migrate(path)
    click.echo(f"database {path}: schema version {found} -> {SCHEMA_VERSION}")
