"""Browser tests: Debian's Chromium driven by Playwright against the app in a live server thread.

Never downloads a browser: ``executable_path`` is the system Chromium
(installed by ``bash scripts/browser-deps``); a missing browser is an error, not a skip.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, expect
from werkzeug.serving import BaseWSGIServer, make_server

from explainer.play.game import Game
from web import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


#: how long a browser test waits for the state it needs (Playwright's default is 5 s): a state that comes is
#: waited for, never slept for; on a loaded 2-core machine a 480-cell board may take longer than 5 s to appear
WAIT_MS = 20_000
expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


class LiveServer:
    """The app on 127.0.0.1 (a free port) in a background thread."""

    def __init__(self, db_path: Path) -> None:
        self.db_path = db_path
        self.app: Flask = create_app(
            {
                "DATABASE_URL": str(db_path),
                "SECRET_KEY_FILE": str(db_path.with_suffix(".key")),
                "ALLOW_SEEDS": True,
                # the pages are under test, not the engine's limits: room for a busy machine, so that a hint's
                # shortest argument is never cut short by the clock (tests/web/test_web_budget.py tests the limits)
                "ENGINE_SECONDS": 6.0,
            }
        )
        self.server: BaseWSGIServer = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    def wait_for_review(self, game_id: str, timeout: float = 30.0) -> None:
        """Wait until the finished game's review is written (it follows the finishing move's reply; pages that show
        what it finds read it, never write it)."""
        deadline = time.monotonic() + timeout
        while True:
            with sqlite3.connect(self.db_path) as conn:
                row = conn.execute("SELECT review_pending FROM results WHERE game_id = ?", (game_id,)).fetchone()
            if row is not None and not row[0]:
                return
            assert time.monotonic() < deadline, f"the review of {game_id!r} was not written in {timeout} s"
            time.sleep(0.05)  # (polling the database for the state awaited, not a fixed wait)

    def game(self, game_id: str) -> Game:
        """The stored game, hidden layout included (tests only)."""
        with sqlite3.connect(self.db_path) as conn:
            row = conn.execute("SELECT data FROM games WHERE id = ?", (game_id,)).fetchone()
        assert row is not None, f"no game {game_id!r}"
        return Game.from_dict(json.loads(row[0]))


@pytest.fixture(scope="session")
def live_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("e2e") / "games.sqlite3"


@pytest.fixture(scope="session")
def live_server(live_db: Path) -> Iterator[LiveServer]:
    server = LiveServer(live_db)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def base_url(live_server: LiveServer) -> str:
    return live_server.url


@pytest.fixture
def start_server() -> Iterator[Callable[[Path], LiveServer]]:
    """Start extra servers (e.g. a 'restart' on the same database); all are stopped afterwards."""
    started: list[LiveServer] = []

    def start(db_path: Path) -> LiveServer:
        server = LiveServer(db_path)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    """A 390x844 touch phone."""
    context: BrowserContext = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, base_url=base_url
    )
    yield context.new_page()
    context.close()
