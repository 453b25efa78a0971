"""Shared fixtures: the command line in-process, and the web app on a temporary database.

The app runs on a temporary SQLite file; a test module marked
``pytestmark = pytest.mark.databases`` runs each of its app tests twice, on
SQLite and on a fresh database of a real PostgreSQL server
(``tests/postgres_server.py``, started once per test session)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import Headers

from explainer.cli import main as cli
from explainer.play.game import Game
from web import create_app
from web.security import CSRF_HEADER, SAFE_METHODS, token_for
from web.storage import games as web_db
from tests.postgres_server import drop_database, fresh_database, postgres_url  # noqa: F401
from tests.support.web_client import session_owner


@pytest.fixture
def run_cli() -> Callable[..., tuple[int, str]]:
    """``python -m explainer ARGS`` in-process: returns (exit status, standard output)."""

    def run(args: list[str], stdin: str = "") -> tuple[int, str]:
        out = io.StringIO()
        return cli.main(args, stdin=io.StringIO(stdin), out=out), out.getvalue()

    return run


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


class PageClient(FlaskClient):
    """A test client that sends the session's CSRF token with every state-changing
    request, as the pages' script does (``web/static/js/api.js``), and closes each
    reply once read, as a server does once it has sent it (so the work a request
    leaves for after its reply, ``response.call_on_close``, runs).  Every app made
    in the tests uses it; ``FlaskClient`` itself shows what happens without it."""

    def open(self, *args: Any, **kwargs: Any) -> Any:
        method = str(kwargs.get("method", "GET")).upper()
        cookie = self.get_cookie(self.application.config["SESSION_COOKIE_NAME"])
        if method not in SAFE_METHODS and cookie is not None:
            serializer = self.application.session_interface.get_signing_serializer(self.application)  # type: ignore[attr-defined]
            sid = serializer.loads(cookie.value).get("sid") if serializer else None
            headers = Headers(kwargs.get("headers") or {})
            if sid and CSRF_HEADER not in headers:
                headers[CSRF_HEADER] = token_for(str(self.application.config["SECRET_KEY"]), sid)
            kwargs["headers"] = headers
        response = super().open(*args, **kwargs)
        response.get_data()  # the whole body read, as a server sends it; then closed, as it closes it
        response.close()
        return response


Flask.test_client_class = PageClient

BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames and metafunc.definition.get_closest_marker("databases"):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """The database the app runs on: ``sqlite`` unless the module is marked ``databases``."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def database_url(backend: str, db_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """The app's ``DATABASE_URL``: the SQLite file ``db_path``, or a fresh PostgreSQL database."""
    if backend == "sqlite":
        yield str(db_path)
        return
    server = request.getfixturevalue("postgres_url")
    url = fresh_database(server)
    yield url
    drop_database(server, url)


@pytest.fixture
def app(database_url: str, db_path: Path) -> Iterator[Flask]:
    made = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": database_url,
            "SECRET_KEY_FILE": str(db_path.with_name("secret_key")),
            "ALLOW_SEEDS": True,
        }
    )
    yield made
    made.extensions["db_engine"].dispose()  # no connection outlives the test (PostgreSQL drops the database)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def stored_game(app: Flask) -> Callable[[FlaskClient, str], Game]:
    """Read a stored game, hidden layout included (tests only)."""

    def read(client: FlaskClient, game_id: str) -> Game:
        with app.app_context():
            return web_db.load_game(game_id, session_owner(client)).game

    return read


