"""The throwaway PostgreSQL server (tests/postgres_server.py, scripts/postgres) works."""

from __future__ import annotations

import psycopg

from tests.postgres_server import drop_database, fresh_database


def test_a_fresh_database_stores_and_reads_rows(postgres_url: str) -> None:
    url = fresh_database(postgres_url)
    try:
        with psycopg.connect(url) as connection:
            version = connection.execute("SHOW server_version").fetchone()
            assert version is not None
            assert int(str(version[0]).split(".")[0]) >= 13
            connection.execute("CREATE TABLE note (id serial PRIMARY KEY, body text NOT NULL)")
            connection.execute("INSERT INTO note (body) VALUES (%s)", ("héllo",))
            assert connection.execute("SELECT id, body FROM note").fetchall() == [(1, "héllo")]
    finally:
        drop_database(postgres_url, url)
    with psycopg.connect(postgres_url, autocommit=True) as connection:
        name = url.split("?")[0].rsplit("/", 1)[1]
        gone = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
        assert gone.fetchone() is None


def test_fresh_databases_are_distinct(postgres_url: str) -> None:
    first, second = fresh_database(postgres_url), fresh_database(postgres_url)
    try:
        assert first != second
    finally:
        drop_database(postgres_url, first)
        drop_database(postgres_url, second)
