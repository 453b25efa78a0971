"""Storage: the database (``database``: SQLite by default, PostgreSQL when
several servers share one), its tables (``tables``) and migrations
(``migrations``, Alembic revisions in ``schema/versions``), the games
(``games``) and practice puzzles (``puzzles``) of each player, retention
(``retention``), and the session-signing key file (``keys``)."""

from __future__ import annotations

from flask import Flask

from web.storage import database, migrations, retention

__all__ = ["init_app"]


def init_app(app: Flask, url: str, on_old_key: migrations.OldKeyHandler | None = None) -> None:
    """Bring the database at ``url`` (a SQLAlchemy URL) to the current schema (a read
    when it is already there), lend each request a connection, prune on writes;
    add the ``init-db`` and ``prune`` commands."""
    migrations.migrate(url, on_old_key)
    database.init_app(app, url)
    retention.init_app(app)
    app.cli.add_command(migrations.init_db_command)
