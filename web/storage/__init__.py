"""Storage: the SQLite file (``database``), its schema (``schema.sql``) and numbered
migrations (``migrations``), the games (``games``) and practice puzzles (``puzzles``)
of each browser session, retention (``retention``), and the session-signing key
file (``keys``)."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from web.storage import database, migrations, retention

__all__ = ["init_app"]


def init_app(app: Flask, path: Path, on_old_key: migrations.OldKeyHandler | None = None) -> None:
    """Bring the file at ``path`` to the current schema (a read when it is already
    there), lend each request a connection, prune on writes; add the
    ``init-db`` and ``prune`` commands."""
    migrations.migrate(path, on_old_key)
    database.init_app(app, path)
    retention.init_app(app)
    app.cli.add_command(migrations.init_db_command)
