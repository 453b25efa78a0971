"""Rated practice: a pool of puzzles shared by all players, each with its difficulty, and each player's rating per
technique (``explainer.learn.ratings``).

``puzzle_pool``: a puzzle by its pattern and seed, its board, its rating (``mu``, ``sigma``) and how many first
attempts moved it.  ``practice_ratings``: per player and technique (a lesson's pattern, or ``overall``), the player's
rating and how many first attempts moved it.  ``practice_rating_events``: each of those ratings after each attempt
(the trend and the chart of the Learn page).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_pool",
        sa.Column("pattern", sa.Text, primary_key=True),
        sa.Column("seed", sa.Integer, primary_key=True),
        sa.Column("board", sa.Text, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("puzzle_pool_rating", "puzzle_pool", ["pattern", "mu"])
    op.create_table(
        "practice_ratings",
        sa.Column("owner", sa.Text, primary_key=True),
        sa.Column("technique", sa.Text, primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "practice_rating_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("technique", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
    )
    op.create_index("practice_rating_events_owner", "practice_rating_events", ["owner", "technique", "at"])


def downgrade() -> None:
    raise NotImplementedError("migrations go forward only")
