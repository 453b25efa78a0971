"""The games and practice tables, as the app kept them before Alembic (its schema version 2).

A fresh database gets them here.  A SQLite file from an earlier release gets
what it lacks, with its rows: the ``puzzles.updated_at`` column (a puzzle's
last activity: its right answer, else when it was made, since a wrong answer
kept no time), the ``updated_at`` indexes and ``practice_totals``; and the
session-signing key leaves its ``settings`` table (handed to the
``on_old_key`` callback first, so sessions survive the upgrade).

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import context, op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> set[str]:
    return set(sa.inspect(op.get_bind()).get_table_names())


def _indexes(table: str) -> set[str]:
    return {str(index["name"]) for index in sa.inspect(op.get_bind()).get_indexes(table)}


def upgrade() -> None:
    found = _tables()
    if "games" not in found:
        op.create_table(
            "games",
            sa.Column("id", sa.Text, primary_key=True),
            sa.Column("owner", sa.Text, nullable=False),
            sa.Column("mode", sa.Text, nullable=False),
            sa.Column("data", sa.Text, nullable=False),
            sa.Column("replay_of", sa.Text),
            sa.Column("created_at", sa.Float, nullable=False),
            sa.Column("started_at", sa.Float),
            sa.Column("finished_at", sa.Float),
            sa.Column("updated_at", sa.Float, nullable=False),
        )
    if "puzzles" not in found:
        op.create_table(
            "puzzles",
            sa.Column("id", sa.Text, primary_key=True),
            sa.Column("owner", sa.Text, nullable=False),
            sa.Column("pattern", sa.Text, nullable=False),
            sa.Column("seed", sa.Integer, nullable=False),
            sa.Column("board", sa.Text, nullable=False),
            sa.Column("answers", sa.Integer, nullable=False, server_default="0"),
            sa.Column("first_right", sa.Integer),
            sa.Column("solved_at", sa.Float),
            sa.Column("created_at", sa.Float, nullable=False),
            sa.Column("updated_at", sa.Float, nullable=False),
        )
    elif "updated_at" not in {column["name"] for column in sa.inspect(op.get_bind()).get_columns("puzzles")}:
        op.add_column("puzzles", sa.Column("updated_at", sa.Float))
        op.execute("UPDATE puzzles SET updated_at = COALESCE(solved_at, created_at)")
    if "practice_totals" not in found:
        op.create_table(
            "practice_totals",
            sa.Column("owner", sa.Text, primary_key=True),
            sa.Column("pattern", sa.Text, primary_key=True),
            sa.Column("solved", sa.Integer, nullable=False, server_default="0"),
            sa.Column("answered", sa.Integer, nullable=False, server_default="0"),
            sa.Column("first_try", sa.Integer, nullable=False, server_default="0"),
        )
    if "settings" not in found:
        op.create_table(
            "settings",
            sa.Column("key", sa.Text, primary_key=True),
            sa.Column("value", sa.Text, nullable=False),
        )
    for table, name, columns in (
        ("games", "games_owner", ["owner"]),
        ("games", "games_updated", ["updated_at"]),
        ("puzzles", "puzzles_owner", ["owner", "pattern"]),
        ("puzzles", "puzzles_updated", ["updated_at"]),
    ):
        if name not in _indexes(table):
            op.create_index(name, table, columns)
    _key_out_of_database()


def _key_out_of_database() -> None:
    bind = op.get_bind()
    key = bind.execute(sa.text("SELECT value FROM settings WHERE key = 'secret_key'")).scalar()
    if key is not None:
        on_old_key: Callable[[str], object] | None = context.config.attributes.get("on_old_key")
        if on_old_key is not None:
            on_old_key(str(key))
        bind.execute(sa.text("DELETE FROM settings WHERE key = 'secret_key'"))


def downgrade() -> None:
    raise NotImplementedError("migrations go forward only")
