"""Migrations: Alembic revisions under ``web/storage/schema/versions``, run
forward on start-up (``migrate``) or by ``flask --app web init-db``.

``migrate`` reads the database's revision first and opens a write transaction
only when there is something to do, so an app starting while another process
writes never waits on a lock.  The upgrade itself is one transaction that
takes the write lock (SQLite) or an advisory lock (PostgreSQL) and reads the
revision again: two processes starting at once upgrade once.

Every earlier schema is a starting point: an empty database, a SQLite file
from before Alembic (``0001`` fills in what it lacks) and any revision since.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import current_app
from flask.cli import with_appcontext
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError

from web.storage.database import make_engine

__all__ = ["HEAD", "OldKeyHandler", "alembic_config", "current_revision", "init_db_command", "migrate", "shown_url"]

SCRIPTS = Path(__file__).with_name("schema")

#: called with the signing key an older file kept, before it is deleted from the file (its result is ignored)
OldKeyHandler = Callable[[str], object]


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(SCRIPTS))
    return config


#: the advisory lock that PostgreSQL upgrades hold (any fixed number, the same in every process)
MIGRATION_LOCK = 7_146_221_305

#: Alembic's context is one per process (a module global): threads upgrade one after the other
_ONE_AT_A_TIME = threading.Lock()

#: the newest revision: the schema ``web.storage.tables`` describes
HEAD: str = ScriptDirectory.from_config(alembic_config()).get_current_head() or ""


def _migration_engine(url: str) -> Engine:
    """An engine whose transactions are real ones (``BEGIN IMMEDIATE`` on SQLite, so DDL is atomic)."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    sqlite = create_engine(url, connect_args={"timeout": 30.0})

    @event.listens_for(sqlite, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # the driver starts no transaction of its own
        dbapi_connection.execute("PRAGMA busy_timeout = 30000")
        if dbapi_connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            dbapi_connection.execute("PRAGMA journal_mode = WAL")

    @event.listens_for(sqlite, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return sqlite


def current_revision(url: str) -> str | None:
    """The database's revision (None: empty, or a SQLite file from before Alembic); a plain read."""
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()


def migrate(url: str, on_old_key: OldKeyHandler | None = None) -> str | None:
    """Bring the database at ``url`` (a SQLAlchemy URL) to ``HEAD``; returns the revision it found."""
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(_SQLITE_TRIES):
        try:
            return _migrate_once(url, on_old_key)
        except OperationalError as error:  # SQLite answers some lock conflicts at once, without waiting
            if not url.startswith("sqlite") or "locked" not in str(error) or attempt == _SQLITE_TRIES - 1:
                raise
            time.sleep(0.2 * (attempt + 1))
    raise AssertionError("unreachable")


#: how often a SQLite upgrade is tried when another process holds the file (each try is a whole transaction)
_SQLITE_TRIES = 4


def _migrate_once(url: str, on_old_key: OldKeyHandler | None) -> str | None:
    found = current_revision(url)  # no lock is held unless there is work
    if found == HEAD:
        return found
    engine = _migration_engine(url)
    try:
        with _ONE_AT_A_TIME, engine.connect() as conn:
            if conn.dialect.name == "postgresql":  # SQLite's BEGIN IMMEDIATE is its lock
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            found = MigrationContext.configure(conn).get_current_revision()
            config = alembic_config()
            config.attributes["connection"] = conn
            config.attributes["on_old_key"] = on_old_key
            command.upgrade(config, "head")
            conn.commit()
        return found
    finally:
        engine.dispose()


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create or upgrade the database (the app also does it at start)."""
    url = current_app.config["DATABASE_ENGINE_URL"]
    found = migrate(url)
    click.echo(f"database {shown_url(url)}: revision {found or 'none'} -> {HEAD}")


def shown_url(url: str) -> str:
    """The database URL as it may be printed: a SQLite file's path, a server's URL without its password."""
    if url.startswith("sqlite:///"):
        return url.removeprefix("sqlite:///")
    return make_url(url).render_as_string(hide_password=True)
