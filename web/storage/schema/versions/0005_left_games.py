"""Games left unfinished count as losses: ``results.open``.

A game's result is written at its first click as a provisional loss (``open`` true, ``finished_at`` the moment it
starts to count: ``web.storage.results.ABANDON_SECONDS`` after the first click); the move that finishes the game
writes its real result over it.  Statistics and the win-ratio leaderboard count an open result once its moment has
passed (the game was left), and not before.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("results") as results:
        results.add_column(sa.Column("open", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    raise NotImplementedError("migrations go forward only")
