"""The database layer on both databases: the migrations build what ``web.storage.tables``
describes, go forward from every earlier revision, and may run from several processes at once."""

from __future__ import annotations

from collections.abc import Iterator
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic import command
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text

from web.config import database_url as engine_url
from web.storage import migrations
from web.storage.tables import metadata

pytestmark = pytest.mark.databases


@pytest.fixture
def url(database_url: str) -> Iterator[str]:
    yield engine_url(database_url, "/unused")


def revisions() -> list[str]:
    script = ScriptDirectory.from_config(migrations.alembic_config())
    return [revision.revision for revision in reversed(list(script.walk_revisions()))]


def upgrade_to(url: str, target: str) -> None:
    engine = create_engine(url)
    with engine.begin() as conn:
        config: Config = migrations.alembic_config()
        config.attributes["connection"] = conn
        command.upgrade(config, target)
    engine.dispose()


def test_the_migrations_build_the_tables_the_code_describes(url: str) -> None:
    assert migrations.migrate(url) is None  # an empty database
    engine = create_engine(url)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
        assert MigrationContext.configure(conn).get_current_revision() == migrations.HEAD
    engine.dispose()
    assert differences == []


@pytest.mark.parametrize("start", revisions())
def test_every_revision_goes_forward_to_the_newest(url: str, start: str) -> None:
    upgrade_to(url, start)
    assert migrations.current_revision(url) == start
    assert migrations.migrate(url) == start
    assert migrations.current_revision(url) == migrations.HEAD
    assert migrations.migrate(url) == migrations.HEAD  # again: nothing to do


MIGRATE = "import sys; from web.storage import migrations; print(migrations.migrate(sys.argv[1]))"


def test_processes_starting_together_upgrade_once(url: str) -> None:
    processes = [
        subprocess.Popen([sys.executable, "-c", MIGRATE, url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    outcomes = [process.communicate(timeout=120) for process in processes]
    assert all(process.returncode == 0 for process in processes), outcomes
    found = [out.strip() for out, _ in outcomes]
    assert found.count("None") == 1 and found.count(migrations.HEAD) == 3, found
    engine = create_engine(url)
    with engine.connect() as conn:
        assert set(inspect(conn).get_table_names()) >= set(metadata.tables)
        assert conn.execute(text("SELECT COUNT(*) FROM alembic_version")).scalar() == 1
    engine.dispose()


def test_threads_of_one_process_upgrade_once(url: str) -> None:
    with ThreadPoolExecutor(4) as pool:
        found = list(pool.map(lambda _: migrations.migrate(url), range(4)))
    assert found.count(None) == 1 and found.count(migrations.HEAD) == 3


def test_init_db_command_reports_the_revisions(app, backend: str) -> None:
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(f"revision {migrations.HEAD} -> {migrations.HEAD}")
    if backend == "postgresql":
        assert "postgresql+psycopg://postgres@/" in result.output
