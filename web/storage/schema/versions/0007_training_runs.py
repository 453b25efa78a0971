"""Storm and Streak runs (``explainer.learn.runs``, ``web.storage.runs``).

``training_runs``: a run by its id, its owner and kind, its secret seed (which makes its puzzles), the server's clock
(``started_at``, a storm's ``ends_at``, ``finished_at``, when the current puzzle was ``served_at``), its score and
wrong answers, whether it ranks, and each answer given (JSON).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "training_runs",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("owner", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("ends_at", sa.Float),
        sa.Column("finished_at", sa.Float),
        sa.Column("score", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wrong", sa.Integer, nullable=False, server_default="0"),
        sa.Column("ranked", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("served_at", sa.Float, nullable=False),
        sa.Column("answers", sa.Text, nullable=False, server_default="[]"),
    )
    op.create_index("training_runs_owner", "training_runs", ["owner", "kind"])
    op.create_index("training_runs_best", "training_runs", ["kind", "ranked", "score"])


def downgrade() -> None:
    raise NotImplementedError("migrations go forward only")
