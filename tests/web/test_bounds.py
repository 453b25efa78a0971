"""Every request bounded: the analysis of a huge board keeps to the engine budget and a reply size, memory
comes back after it, a game's history is capped, long URLs and bodies that are no JSON object are refused
with the app's own JSON errors, and replies over ``MAX_REPLY_BYTES`` are refused.

The time bounds are asserted on what the code decides (a list stops before it is rendered past its
reserve of time; the number of solves; the sizes of the lists and of the reply), with a fake clock
where a cut must happen; the only wall-clock assertion is a loose one (three times the budget)."""

from __future__ import annotations

import json
import random
import runpy
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from explainer.core import board as board_module
from explainer.core.board import FLAGGED, Board
from explainer.core.cells import iter_bits
from explainer.engine import budget
from explainer.engine.solve import solve
from explainer.play.game import Game
from explainer.play.history import EXTRA_RECORDS, RECORDS_PER_CELL, HistoryFull, history_limit, record
from explainer.play.moves import flag_cell
from web import create_app, limits
from web.api import positions
from web.errors import MoveLimitReached
from web.security import MAX_URL_BYTES
from web.game_flow import update_game
from tests.support.web_client import session_owner

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))
from adversarial import checkerboard  # noqa: E402

#: the audit's board: 200 x 200, a checkerboard of open cells, 10% mines (about 40 KB of text)
HUGE = checkerboard(200, 200, 0.10, seed=3)


def make_app(tmp_path: Path, **config: Any) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": str(tmp_path / "games.sqlite3"), "SECRET_KEY": "bounds",
                       "ALLOW_SEEDS": True, **config})


def with_wrong_flags(view: Board, count: int, seed: int = 1) -> Board:
    """``view`` with ``count`` provably safe covered cells flagged (wrong flags)."""
    safe = list(iter_bits(solve(view).safe.mask & view.covered_mask))
    cells = list(view.cells)
    for index in random.Random(seed).sample(safe, count):
        cells[index] = FLAGGED
    return Board(view.height, view.width, tuple(cells), view.mines)


def analyse(client: FlaskClient, view: Board) -> Any:
    return client.post("/api/positions/analysis", json={"board": str(view)})


def deductions_bytes(reply: dict[str, Any]) -> list[int]:
    return [len(json.dumps(item)) for item in reply["solution"]["deductions"]]


# -- the analysis of a huge board --------------------------------------------------------------------------


def test_a_huge_board_gets_a_bounded_reply(tmp_path: Path) -> None:
    """With time to spare (so nothing depends on the machine's speed), the chain is cut by its limits."""
    app = make_app(tmp_path, ENGINE_SECONDS=120.0)
    spent: list[budget.Budget | None] = []

    @app.after_request
    def accounting(response: Any) -> Any:  # the request's own budget, once the reply is made
        spent.append(budget.current())
        return response

    response = analyse(app.test_client(), HUGE)
    assert response.status_code == 200, response.data[:300]
    data = response.json
    solution = data["solution"]
    listed = deductions_bytes(data)
    assert solution["truncated"] is True
    assert len(listed) <= positions.MAX_DEDUCTIONS < solution["deductions_total"]
    assert sum(listed[:-1]) < positions.MAX_DEDUCTION_BYTES  # the step that passes the limit is the last one
    assert len(response.data) <= 3 * 1024 * 1024 <= app.config["MAX_REPLY_BYTES"]  # before: 17.6 MB
    request_budget = spent[0]
    assert request_budget is not None and request_budget.spent <= app.config["ENGINE_WORK"]
    assert data["overlay"] is None or len(data["overlay"]["probabilities"]) == 200


def test_a_huge_board_keeps_to_the_time_budget(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the production budget the request answers (200 with a cut chain, or 503) and renders nothing
    once only the reply's reserve of time is left."""
    app = make_app(tmp_path)
    seconds = app.config["ENGINE_SECONDS"]
    reserve = positions.REPLY_RESERVE * seconds
    left_at_render: list[float] = []
    chain_item = positions.chain_item

    def timed(*args: Any) -> Any:
        left = limits.time_left()
        assert left is not None
        left_at_render.append(left)
        return chain_item(*args)

    monkeypatch.setattr(positions, "chain_item", timed)
    client = app.test_client()
    started = time.monotonic()
    response = analyse(client, HUGE)
    wall = time.monotonic() - started
    assert response.status_code in (200, 503), response.data[:300]
    assert len(response.data) <= 3 * 1024 * 1024
    if response.status_code == 200:
        solution = response.json["solution"]
        assert len(solution["deductions"]) == len(left_at_render) <= positions.MAX_DEDUCTIONS
        assert solution.get("truncated") is True
    assert all(left > reserve - 0.05 for left in left_at_render)  # (the check and the call are microseconds apart)
    assert wall < 3 * seconds, f"{wall:.2f} s for a budget of {seconds} s"  # a loose net; the bounds are above


def test_the_chain_stops_when_the_time_runs_short(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake clock for the lists: after 5 steps only the reply's reserve is left."""
    app = make_app(tmp_path, ENGINE_SECONDS=120.0)
    asked = []

    def time_left() -> float:
        asked.append(1)
        return 100.0 if len(asked) <= 5 else 0.0

    view = with_wrong_flags(checkerboard(30, 50, 0.12, seed=1), 3)
    monkeypatch.setattr(positions._Room, "time_left", staticmethod(time_left))
    data = analyse(app.test_client(), view).json
    solution = data["solution"]
    assert len(solution["deductions"]) == 5 and solution["truncated"] is True
    assert solution["deductions_total"] == len(solve(view).deductions) > 5
    assert data["wrong_flags"] == [] and len(solution["wrong_flags"]) == 3  # no time left for their explanations
    assert data["hint"]["kind"] == "wrong_flag"  # the hint is made before the lists


def test_a_small_board_is_not_cut(client: FlaskClient) -> None:
    view = checkerboard(16, 30, 0.16, seed=1)
    data = analyse(client, view).json
    assert "truncated" not in data["solution"] and "deductions_total" not in data["solution"]
    assert len(data["solution"]["deductions"]) == len(solve(view).deductions)


def test_wrong_flags_are_explained_from_one_solve(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before, each wrong flag (and the hint) solved the board again: 12 wrong flags were 12 more solves.  Now
    the view's own full solve (its right flags as facts) holds every wrong flag's chain."""
    view = with_wrong_flags(checkerboard(30, 50, 0.12, seed=1), 12)
    solves = []
    import explainer.engine.solve as pipeline

    real = pipeline._solve_exact

    def counted(*args: Any, **kwargs: Any) -> Any:
        solves.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(pipeline, "_solve_exact", counted)
    data = analyse(client, view).json
    assert len(solves) == 1  # the view: its full chain decides every wrong flag's cell
    assert data["hint"]["kind"] == "wrong_flag" and data["hint"]["cell"] == data["wrong_flags"][0]["cell"]
    assert all(hint["chain"] for hint in data["wrong_flags"])
    # at most ten, and about MAX_WRONG_FLAG_BYTES (here chains of up to 198 steps, 255 KB: nine are listed)
    sizes = [len(json.dumps(hint)) for hint in data["wrong_flags"]]
    assert 1 <= len(sizes) <= positions.MAX_WRONG_FLAGS and sum(sizes[:-1]) < positions.MAX_WRONG_FLAG_BYTES


def test_memory_comes_back_after_a_huge_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request that grew the worker by more than ``RELEASE_GROWTH`` releases the engine's tables and the allocator's
    free memory.  (A process that had grown earlier may give the huge board's tables memory it already holds: then
    nothing grows, nothing needs releasing, and the worker keeps no more than before all the same.)"""
    if limits.resident_bytes() is None or limits._malloc_trim is None:
        pytest.skip("needs /proc/self/statm and glibc's malloc_trim")
    released: list[int] = []
    release = limits.release_memory
    monkeypatch.setattr(limits, "release_memory", lambda: (released.append(1), release())[-1])
    app = make_app(tmp_path, ENGINE_SECONDS=120.0)
    client = app.test_client()
    analyse(client, Board.parse("mines 1\n?1\n"))  # the app's own first-use costs
    released.clear()
    before = limits.resident_bytes()
    assert analyse(client, HUGE).status_code == 200
    after = limits.resident_bytes()
    assert before is not None and after is not None
    # the engine's tables for a 200 x 200 board alone are about 160 MB; the worker kept 540-835 MiB before
    assert after - before < limits.RELEASE_GROWTH, f"{(after - before) >> 20} MB kept"
    if released:  # the request grew the worker: its tables went with the memory
        assert board_module.cells_within.cache_info().currsize == 0


def test_memory_is_released_only_after_growth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    released = []
    monkeypatch.setattr(limits, "release_memory", lambda: released.append(1))
    sizes = [100 << 20, 120 << 20, 100 << 20, 300 << 20]  # each request: when it starts, when it ends
    monkeypatch.setattr(limits, "resident_bytes", lambda: sizes.pop(0) if len(sizes) > 1 else sizes[0])
    client = app.test_client()
    client.get("/api/learn/lessons")  # +20 MB: kept
    assert released == []
    client.get("/api/learn/lessons")  # +200 MB: released
    assert released == [1]


# -- replies, URLs and bodies -----------------------------------------------------------------------------


def test_a_reply_over_the_limit_is_a_translated_503(tmp_path: Path) -> None:
    app = make_app(tmp_path, MAX_REPLY_BYTES=2000)
    client = app.test_client()
    response = client.get("/api/learn/lessons")
    assert response.status_code == 503 and response.is_json
    assert response.json == {"error": response.json["error"], "status": 503} and "2000" in response.json["error"]
    assert client.get("/api/openapi.json?lang=de").status_code == 503
    assert client.get("/").status_code == 200  # pages are not API replies


def test_a_long_url_is_the_apps_json_414(client: FlaskClient) -> None:
    pad = "x" * MAX_URL_BYTES
    for url in (f"/api/games/{pad}", f"/api/learn/lessons?lang=de&pad={pad}", f"/api/nothing/{pad}"):
        response = client.get(url)
        assert response.status_code == 414 and response.is_json, url
        assert response.json["status"] == 414 and str(MAX_URL_BYTES) in response.json["error"]
    response = client.post(f"/api/games?pad={pad}", json={"preset": "beginner"})
    assert response.status_code == 414 and response.is_json
    page = client.get(f"/?pad={pad}")
    assert page.status_code == 414 and page.mimetype == "text/html"
    longest = "/api/learn/lessons?pad="
    assert client.get(longest + "x" * (MAX_URL_BYTES - len(longest))).status_code == 200


def test_gunicorn_lets_the_app_answer_long_urls() -> None:
    settings = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    assert settings["limit_request_line"] >= MAX_URL_BYTES + len("OPTIONS  HTTP/1.1") + 100


def api_posts(app: Flask) -> list[str]:
    urls = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/") and "POST" in (rule.methods or ()):
            urls.append(rule.rule.replace("<game_id>", "x").replace("<puzzle_id>", "x").replace(
                "<pattern_id>", "simple").replace("<preset>", "beginner"))
    return sorted(urls)


@pytest.mark.parametrize("body", [[], [{}], "x", 1, None, True])
def test_every_api_write_refuses_a_body_that_is_no_object(app: Flask, client: FlaskClient, body: Any) -> None:
    urls = api_posts(app)
    assert len(urls) >= 19
    for url in urls:
        response = client.post(url, data=json.dumps(body), content_type="application/json")
        assert response.status_code == 400 and "JSON object" in response.json["error"], (url, response.json)


def test_a_seed_sent_as_null_is_refused(client: FlaskClient, tmp_path: Path) -> None:
    response = client.post("/api/games", json={"preset": "beginner", "seed": None})
    assert response.status_code == 400 and response.json["error"] == "seed must be a whole number, got None"
    assert client.post("/api/games", json={"preset": "beginner"}).status_code == 201  # absent: a random board
    closed = make_app(tmp_path, ALLOW_SEEDS=False).test_client()
    assert closed.post("/api/games", json={"preset": "beginner", "seed": None}).status_code == 400


def test_import_takes_base64_as_true_or_false(client: FlaskClient) -> None:
    for value in ("yes", 0, None):
        response = client.post("/api/positions/import", json={"content": "??\n1?\n", "base64": value})
        assert response.status_code == 400 and "base64" in response.json["error"], value
    assert client.post("/api/positions/import", json={"content": "??\n1?\n", "base64": False}).status_code == 200


# -- the history cap ------------------------------------------------------------------------------------------


def test_history_limit_is_four_records_a_cell_and_two_hundred() -> None:
    expert = Game.new(16, 30, 99, seed=1)
    assert history_limit(expert) == RECORDS_PER_CELL * 480 + EXTRA_RECORDS == 2120
    assert history_limit(Game.new(9, 9, 10, seed=1)) == 524
    game = Game.new(5, 5, 3, seed=1)
    game.history = [{"action": "hint", "cell": None, "by": "player", "t": None}] * (history_limit(game) - 1)
    record(game, "hint", None)
    with pytest.raises(HistoryFull) as caught:
        record(game, "hint", None)
    assert caught.value.limit == 300 and len(game.history) == 300
    assert str(caught.value) == "This game has reached its limit of 300 moves."


def test_a_full_history_refuses_the_move_with_a_translated_409(app: Flask, client: FlaskClient) -> None:
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 3}).json["game"]["id"]
    state = client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4}).json["game"]
    row, col = next((r, c) for r, line in enumerate(state["board"]) for c, char in enumerate(line) if char == "?")
    with app.app_context():

        def fill(game: Game) -> None:
            while len(game.history) < history_limit(game) - 1:
                flag_cell(game, row, col)

        record_, _ = update_game(game_id, session_owner(client), fill)
        stored = len(record_.revision)
    assert stored < 100 * 524  # a bounded row (5,000 toggles made 388 KB before)
    assert client.post(f"/api/games/{game_id}/flag", json={"row": row, "col": col}).status_code == 200  # the last
    before = client.get(f"/api/games/{game_id}").json["game"]
    response = client.post(f"/api/games/{game_id}/flag?lang=de", json={"row": row, "col": col})
    assert response.status_code == 409 and response.json["status"] == 409 and "524" in response.json["error"]
    after = client.get(f"/api/games/{game_id}").json["game"]
    assert (after["board"], after["moves"], after["state"]) == (before["board"], before["moves"], before["state"])
    assert client.get(f"/api/games/{game_id}/hint").status_code == 409  # help is a record too
    assert client.post(f"/api/games/{game_id}/undo", json={}).status_code == 409


def test_the_engine_and_the_api_say_the_same(app: Flask) -> None:
    """The engine's message and the API's are one msgid (so one translation serves both)."""
    with app.test_request_context():
        assert str(MoveLimitReached(7)) == str(HistoryFull(7)) == "This game has reached its limit of 7 moves."


def test_budget_share_is_a_part_of_the_time_left() -> None:
    with budget.limit(seconds=10):
        with budget.share(0.5) as part:
            assert part.seconds is not None and 4.5 < part.seconds <= 5.0
    with budget.share(0.5) as part:  # no budget in force: no limit
        assert part.seconds is None
    assert limits.time_left() is None
    with budget.limit(seconds=10):
        left = limits.time_left()
        assert left is not None and 9 < left <= 10
