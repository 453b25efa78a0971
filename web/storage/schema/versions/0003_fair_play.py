"""Fair play: where each game came from, why a result does not rank, and one daily attempt.

``games.origin``: where the game's layout came from (``web.storage.ranking.Origin``);
``games.adopted``: an anonymous browser's game handed to an account at sign-in.
``results.unranked``: why a finished game does not rank ("" when it ranks).
Results kept before this version could not be checked for their origin: they
keep their statistics and are marked ``unverified`` (with their help, if any).
``daily_attempts``: one row per player and daily board, its primary key the
database's guard against a second attempt; the player is a keyed hash of an
account's folded name (so deleting the account and registering the name again
gives no new attempt) or a browser session's id.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("origin", sa.Text))
        games.add_column(sa.Column("adopted", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("results") as results:
        results.add_column(sa.Column("unranked", sa.Text, nullable=False, server_default=""))
    op.execute(
        "UPDATE results SET unranked = CASE WHEN assisted = '' THEN 'unverified' ELSE 'unverified,' || assisted END"
    )
    op.create_index("results_ranked", "results", ["kind", "mode", "unranked", "won", "seconds"])
    op.create_table(
        "daily_attempts",
        sa.Column("daily", sa.Text, primary_key=True),
        sa.Column("player", sa.Text, primary_key=True),
        sa.Column("game_id", sa.Text, nullable=False),
        sa.Column("account", sa.Boolean, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("daily_attempts_game", "daily_attempts", ["game_id"])


def downgrade() -> None:
    raise NotImplementedError("migrations go forward only")
