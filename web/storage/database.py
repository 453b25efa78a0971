"""The SQLite file: connections (a small pool, one per request), write transactions.

Writes run inside ``BEGIN IMMEDIATE`` (``write``) and are kept to
milliseconds: engine work is done before a transaction starts (see
``web.storage.games.update_game``).  The file is in WAL mode, so reads never
wait for a writer.
"""

from __future__ import annotations

import queue
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g

__all__ = ["ConnectionPool", "connect", "connection", "init_app", "write"]


def connect(path: Path) -> sqlite3.Connection:
    """A connection in autocommit mode that waits up to 10 s for a write lock."""
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
            return connect(self.path)

    def release(self, conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        if self._idle.qsize() < self.keep:
            self._idle.put(conn)
        else:
            conn.close()


def init_app(app: Flask, path: Path) -> None:
    """Lend each request a pooled connection to ``path``."""
    app.config["DATABASE_PATH"] = str(path)
    app.extensions["db_pool"] = ConnectionPool(path)
    app.teardown_appcontext(_release)


def connection() -> sqlite3.Connection:
    """This request's connection (taken from the pool on first use)."""
    conn: sqlite3.Connection | None = g.get("_db")
    if conn is None:
        pool: ConnectionPool = current_app.extensions["db_pool"]
        conn = g._db = pool.acquire()
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
