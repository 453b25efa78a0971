"""Shared fixtures: the command line in-process, and the web app on a temporary SQLite file."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from explainer.cli import main as cli
from explainer.play.game import Game
from web import create_app
from web.storage import games as web_db


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


@pytest.fixture
def app(db_path: Path) -> Iterator[Flask]:
    yield create_app(
        {
            "TESTING": True,
            "DATABASE_URL": str(db_path),
            "SECRET_KEY_FILE": str(db_path.with_name("secret_key")),
            "ALLOW_SEEDS": True,
        }
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def session_owner(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        return session["sid"]


@pytest.fixture
def stored_game(app: Flask) -> Callable[[FlaskClient, str], Game]:
    """Read a stored game, hidden layout included (tests only)."""

    def read(client: FlaskClient, game_id: str) -> Game:
        with app.app_context():
            return web_db.load_game(game_id, session_owner(client)).game

    return read
