"""A throwaway PostgreSQL server for the tests, started by ``scripts/postgres``.

``postgres_url`` (a session fixture) is the URL of one server for the whole
session, ``postgresql://postgres@/postgres?host=DIR`` (a unix socket in DIR, no
password), or ``$TEST_POSTGRES_URL`` when that is set (then nothing is started).
``fresh_database`` makes a new empty database on it; ``drop_database`` removes one.
"""

from __future__ import annotations

import itertools
import os
import secrets
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from psycopg import sql
from psycopg.rows import TupleRow

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "postgres"

_counter = itertools.count(1)


def _run(*args: str) -> str:
    """Run scripts/postgres ARGS; its standard output, or RuntimeError with its standard error."""
    done = subprocess.run(
        ["bash", str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=900,  # 'start' may first install PostgreSQL with apt-get
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(
            f"scripts/postgres {' '.join(args)} failed ({done.returncode}):\n{done.stderr}"
        )
    return done.stdout


def start(directory: Path) -> str:
    """Start a new cluster in DIRECTORY; its server's URL."""
    lines = _run("start", str(directory)).strip().splitlines()
    if not lines:
        raise RuntimeError(f"scripts/postgres start {directory} printed no URL")
    return lines[-1]


def stop(directory: Path) -> None:
    """Stop the cluster in DIRECTORY (if it runs) and remove DIRECTORY."""
    _run("stop", str(directory))


@pytest.fixture(scope="session")
def postgres_url(request: pytest.FixtureRequest) -> str:
    """One PostgreSQL server for the session (``$TEST_POSTGRES_URL`` if set): its URL."""
    given = os.environ.get("TEST_POSTGRES_URL")
    if given:
        return given
    # Short, under /tmp: the socket's path must stay under 108 bytes.
    directory = Path(tempfile.mkdtemp(prefix="pg-", dir="/tmp"))

    def finish() -> None:
        try:
            stop(directory)
        finally:
            shutil.rmtree(directory, ignore_errors=True)

    request.addfinalizer(finish)
    return start(directory)


def _with_database(server_url: str, name: str) -> str:
    """SERVER_URL with its database replaced by NAME."""
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path="/" + name))


def _database_name(name_or_url: str) -> str:
    if "://" not in name_or_url:
        return name_or_url
    name = urlsplit(name_or_url).path.lstrip("/")
    if not name:
        raise ValueError(f"no database in {name_or_url!r}")
    return name


def _admin(server_url: str) -> psycopg.Connection[TupleRow]:
    """An autocommit connection to the server's ``postgres`` database."""
    return psycopg.connect(_with_database(server_url, "postgres"), autocommit=True)


def fresh_database(server_url: str) -> str:
    """Create a new, uniquely named, empty database on the server; its URL."""
    name = f"t_{next(_counter)}_{secrets.token_hex(4)}"
    with _admin(server_url) as connection:
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return _with_database(server_url, name)


def drop_database(server_url: str, name_or_url: str) -> None:
    """Drop a database (by name or URL), closing its connections; no error if it is gone."""
    name = _database_name(name_or_url)
    with _admin(server_url) as connection:
        connection.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
