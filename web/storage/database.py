"""The database: one SQLAlchemy engine per app (its pool lends each request a
connection), and write transactions.

The same code runs on SQLite (the zero-set-up default: one file) and on
PostgreSQL (several app servers sharing one database).  Connections are in
autocommit mode, so a read never holds a transaction open while the engine
works; writes run inside ``write``: ``BEGIN IMMEDIATE`` on SQLite (the write
lock is taken at once, so two writers never deadlock on an upgrade), ``BEGIN``
on PostgreSQL, and are kept to milliseconds: engine work is done before a
transaction starts (see ``web.storage.games.update_game``).  A SQLite file is
in WAL mode, so reads never wait for a writer.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app, g
from sqlalchemy import Connection, Engine, Table, create_engine, event
from sqlalchemy.dialects import postgresql, sqlite

__all__ = ["connection", "engine", "init_app", "make_engine", "upsert", "write"]


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (a SQLAlchemy URL from ``web.config.database_url``) whose
    connections autocommit; ``write`` makes transactions."""
    if url.startswith("sqlite"):
        sqlite = create_engine(
            url,
            isolation_level="AUTOCOMMIT",
            connect_args={"timeout": 10.0, "check_same_thread": False},
            pool_size=8,
            max_overflow=-1,
        )
        event.listen(sqlite, "connect", _sqlite_settings)
        return sqlite
    return create_engine(url, isolation_level="AUTOCOMMIT", pool_size=8, max_overflow=16, pool_pre_ping=True)


def _sqlite_settings(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 10000")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def init_app(app: Flask, url: str) -> None:
    """Lend each request a pooled connection to the database at ``url``."""
    app.config["DATABASE_ENGINE_URL"] = url
    app.extensions["db_engine"] = make_engine(url)
    app.teardown_appcontext(_release)


def engine() -> Engine:
    result: Engine = current_app.extensions["db_engine"]
    return result


def connection() -> Connection:
    """This request's connection (taken from the pool on first use)."""
    conn: Connection | None = g.get("_db")
    if conn is None:
        conn = g._db = engine().connect()
    return conn


def _release(_error: BaseException | None = None) -> None:
    conn = g.pop("_db", None)
    if conn is not None:
        conn.close()


@contextmanager
def write(conn: Connection) -> Iterator[Connection]:
    """A write transaction: committed at the end, rolled back on an error."""
    conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.dialect.name == "sqlite" else "BEGIN")
    try:
        yield conn
    except BaseException:
        conn.exec_driver_sql("ROLLBACK")
        raise
    conn.exec_driver_sql("COMMIT")


def upsert(conn: Connection, table: Table) -> Any:
    """An ``INSERT`` that can say what to do on a conflict (``on_conflict_do_update``), in the connection's dialect."""
    if conn.dialect.name == "postgresql":
        return postgresql.insert(table)
    return sqlite.insert(table)
