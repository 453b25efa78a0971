"""Alembic's environment: run by ``web.storage.migrations.migrate`` (and ``flask --app web init-db``), on the
connection it is given (``web.storage.migrations.alembic_config`` points Alembic here; there is no alembic.ini).

The whole upgrade is one transaction: on SQLite ``BEGIN IMMEDIATE`` (the
write lock, so two processes starting at once upgrade one after the other and
the second finds nothing to do), on PostgreSQL a transaction holding an
advisory lock for the same reason.  Both databases run DDL inside transactions.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, text

from web.storage.migrations import MIGRATION_LOCK
from web.storage.tables import metadata


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        transaction_per_migration=False,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through web.storage.migrations.migrate or `flask --app web init-db`")
run(connection)
