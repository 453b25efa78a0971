"""Training from the player's own games: the steps their games show they missed, and a spaced-repetition
schedule per pattern.

``missed_steps``: one row per avoidable guess of a finished game (its review's move number, the pattern
of the simplest step that was available, the cells it decides), written with the game's result and
removed with it.  ``practice_schedule``: per player and pattern, the first-try rights in a row since
the last miss and when the pattern is due again (``web.storage.training``).
``results.review_pending``: a finished game's review (its guesses, its missed steps) is made after the
finishing move's reply, not on its path (``web.storage.reviews``); until then the row waits for it.
``results.figures``: the community's figures of the game (3BV/s, IOE, STNB ...) as ``ms_toollib`` computes
them, JSON, written with the review.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as results:
        results.add_column(sa.Column("review_pending", sa.Boolean, nullable=False, server_default=sa.false()))
        results.add_column(sa.Column("figures", sa.Text))
    op.create_table(
        "missed_steps",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("move", sa.Integer, primary_key=True),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("pattern", sa.Text, nullable=False),
        sa.Column("safe", sa.Text, nullable=False),
        sa.Column("mines", sa.Text, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("missed_steps_owner", "missed_steps", ["owner", "pattern", "finished_at"])
    op.create_table(
        "practice_schedule",
        sa.Column("owner", sa.Text, primary_key=True),
        sa.Column("pattern", sa.Text, primary_key=True),
        sa.Column("streak", sa.Integer, nullable=False, server_default="0"),
        sa.Column("due_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    raise NotImplementedError("migrations go forward only")
