"""Accounts, signed-in browsers, failed sign-ins, and the results of finished games.

``users``: an account (the username as typed, its folded form that must be
unique, the password hash).  ``logins``: a signed-in browser, by the hash of
the token its session cookie holds (signing out or deleting the account
deletes it; it expires).  ``sign_in_failures``: failed sign-ins of the last
minutes, by username and by address, to slow down guessing.  ``results``: one
row per finished game (its board kind and mode, won or lost, time, help used):
statistics and leaderboards read these, and retention keeps them when it
deletes the game.  ``games`` gains its board kind and, for a daily board, the
day and preset.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("username", sa.Text, nullable=False),
        sa.Column("username_key", sa.Text, nullable=False, unique=True),
        sa.Column("password_hash", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "logins",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("user_id", sa.Text, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("logins_user", "logins", ["user_id"])
    op.create_table(
        "sign_in_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("sign_in_failures_key", "sign_in_failures", ["key", "at"])
    op.create_table(
        "results",
        sa.Column("game_id", sa.Text, primary_key=True),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("mode", sa.Text, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
        sa.Column("assisted", sa.Text, nullable=False, server_default=""),
        sa.Column("hints", sa.Integer, nullable=False, server_default="0"),
        sa.Column("saves", sa.Integer, nullable=False, server_default="0"),
        sa.Column("guesses_forced", sa.Integer),
        sa.Column("guesses_avoidable", sa.Integer),
        sa.Column("daily", sa.Text),
    )
    op.create_index("results_owner", "results", ["owner", "kind", "mode", "finished_at"])
    op.create_index("results_board", "results", ["kind", "mode", "won", "seconds"])
    op.create_index("results_daily", "results", ["daily", "won", "seconds"])
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("kind", sa.Text))
        games.add_column(sa.Column("daily", sa.Text))
    op.create_index("games_daily", "games", ["daily", "owner"])


def downgrade() -> None:
    raise NotImplementedError("migrations go forward only")
