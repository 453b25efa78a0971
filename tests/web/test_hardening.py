"""Regression tests for the server audit: no layout leaks before a game ends,
requests from other sites refused, bounded bodies, JSON errors everywhere,
and moves computed outside the write lock."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from explainer.play.game import Game
from explainer.engine.solve import solve
from explainer.play.modes import assist_after_move, new_game
from explainer.play.sampling import sample_layout
from web import create_app
from web.storage import games as web_db
from web.game_flow import update_game
from web.storage import migrations
from web.security import MAX_JSON_DEPTH, json_depth

from tests.support.web_client import session_owner


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["game"]


def started(client: FlaskClient, preset: str = "beginner", seed: int = 3, mode: str = "classic") -> str:
    game_id = create(client, preset=preset, seed=seed, mode=mode)["id"]
    assert client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4}).status_code == 200
    return game_id


# -- hidden means hidden -------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["classic", "no-guess", "forgiving", "assist"])
def test_a_game_in_play_cannot_be_replayed(client: FlaskClient, mode: str) -> None:
    game_id = started(client, mode=mode)
    state = client.get(f"/api/games/{game_id}").json["game"]
    assert state["state"] == "playing" and not state["replayable"]  # the page's button is off too
    response = client.post(f"/api/games/{game_id}/replay", json={})
    assert response.status_code == 409 and response.is_json
    assert "still being played" in response.json["error"]
    # nothing was made: the session still has the one game in play
    assert client.get(f"/api/games/{game_id}").json["game"]["state"] == "playing"


def test_no_reply_about_a_game_in_play_holds_its_layout(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "intermediate", seed=11)
    layout = stored_game(client, game_id).layout
    mine_cells = {json.dumps(list(divmod(i, 16))) for i in range(256) if layout >> i & 1}
    replies = [
        client.get(f"/api/games/{game_id}"),
        client.get(f"/api/games/{game_id}/hint"),
        client.get(f"/api/games/{game_id}/probabilities"),
        client.post(f"/api/games/{game_id}/flag", json={"row": 0, "col": 0}),
        client.post(f"/api/games/{game_id}/replay", json={}),
    ]
    for reply in replies:
        body = reply.get_data(as_text=True)
        assert '"end"' not in body and "layout" not in body and '"seed"' not in body
        assert str(layout) not in body and hex(layout)[2:] not in body  # (stored as hexadecimal)
    state = replies[0].json["game"]
    assert "end" not in state and set(state) >= {"board", "state"}
    assert mine_cells  # the layout has mines; none is named as one above
    cookie = client.get_cookie("session")
    assert cookie is not None and str(layout) not in cookie.value and hex(layout)[2:] not in cookie.value


def _stuck_assist_game(seed: int) -> Game | None:
    """An assisted game played by opening proved cells until no step is left (the assist's turn)."""
    from explainer.core.cells import iter_bits
    from explainer.engine.solve import solve

    game = new_game("classic", 9, 9, 20, seed=seed)
    game.open(4, 4)
    while game.state == "playing":
        view = game.view()
        safe = solve(view).safe.mask & ~view.flagged_mask
        if not safe:
            game.extra["mode"] = "assist"
            return game
        game.open(*divmod(next(iter_bits(safe)), 9))
    return None


def _stuck_games(count: int) -> list[tuple[int, Game]]:
    found = []
    for seed in range(200):
        game = _stuck_assist_game(seed)
        if game is not None:
            found.append((seed, game))
            if len(found) == count:
                break
    return found


@pytest.mark.parametrize(("seed", "game"), _stuck_games(10))
def test_the_assisted_cell_does_not_depend_on_the_layout(seed: int, game: Game) -> None:
    """The same view with any consistent layout gets the same assisted cell, one the
    player would judge safest; so the choice tells nothing about where the mines are."""
    view = game.view()
    probabilities = solve(view).probabilities
    best = min(probabilities[i] for i in probabilities if view.covered_mask >> i & 1 and not view.flagged_mask >> i & 1)
    chosen = set()
    rng = random.Random(seed)
    for _ in range(6):
        other = Game.from_dict(game.to_dict())
        other.layout = sample_layout(view, rng)
        assists = assist_after_move(other)
        assert assists and other.state != "lost"
        first = assists[0]
        assert abs(first.probability - best) < 1e-12
        chosen.add(tuple(first.cell))
        # a redraw keeps everything the player saw
        assert str(other.view()).startswith(str(view).splitlines()[0])
    assert len(chosen) == 1


def test_an_incomplete_learn_answer_reveals_nothing(client: FlaskClient) -> None:
    puzzle = client.post("/api/learn/lessons/pair/puzzles", json={}).json["puzzle"]
    for body in ({}, {"opened": [], "flagged": []}):
        data = client.post(f"/api/learn/puzzles/{puzzle['id']}/answer", json=body).json
        assert data["result"]["status"] == "incomplete"
        assert data["explanation"] is None and data["result"]["missing"] is None and data["result"]["left"] is None
        assert data["result"]["found"] == [] and data["result"]["cells"] == [] and data["puzzle"]["answers"] == 0


# -- requests from other sites ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/games", {"preset": "beginner"}),
        ("/api/games/{id}/open", {"row": 0, "col": 0}),
        ("/api/games/{id}/bot", {}),
        ("/api/games/{id}/replay", {}),
        ("/api/learn/lessons/pair/puzzles", {}),
    ],
)
def test_a_write_from_another_origin_is_refused(client: FlaskClient, stored_game, path: str, body: dict) -> None:
    game_id = started(client)
    before = stored_game(client, game_id).to_dict()
    url = path.format(id=game_id)
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"}):
        response = client.post(url, json=body, headers=headers)
        assert response.status_code == 403 and response.is_json, (url, headers)
        assert "another site" in response.json["error"]
    assert stored_game(client, game_id).to_dict() == before
    # the same request from this site is served
    same = client.post(url, json=body, headers={"Origin": "http://localhost"})
    assert same.status_code in (200, 201, 409), same.json


def test_a_cross_site_form_post_is_refused_even_without_origin(client: FlaskClient, stored_game) -> None:
    game_id = started(client)
    before = stored_game(client, game_id).to_dict()
    for path in ("/bot", "/replay", "/open"):
        response = client.post(f"/api/games/{game_id}{path}", data={"row": "0", "col": "0"})
        assert response.status_code == 415 and response.is_json
    response = client.post("/api/learn/lessons/pair/puzzles", data="", content_type="text/plain")
    assert response.status_code == 415
    assert stored_game(client, game_id).to_dict() == before


def test_the_language_form_refuses_another_origin(client: FlaskClient) -> None:
    response = client.post("/language", data={"lang": "de", "next": "/"}, headers={"Origin": "https://evil.example"})
    assert response.status_code == 403
    assert client.post("/language", data={"lang": "de", "next": "/"}).status_code == 303


def test_trusted_origins_are_configurable(db_path: Path) -> None:
    app = create_app(
        {"TESTING": True, "DATABASE_URL": str(db_path), "SECRET_KEY": "k" * 40, "TRUSTED_ORIGINS": ["https://mines.example"]}
    )
    client = app.test_client()
    assert client.post("/api/games", json={"preset": "beginner"}, headers={"Origin": "https://mines.example"}).status_code == 201
    assert client.post("/api/games", json={"preset": "beginner"}, headers={"Origin": "https://other.example"}).status_code == 403


def test_every_reply_has_the_security_headers(client: FlaskClient) -> None:
    for response in (client.get("/"), client.get("/learn/"), client.get("/api/learn/lessons"), client.get("/api/nope")):
        csp = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "'unsafe-inline'" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Referrer-Policy"] == "same-origin"


def test_secure_cookies_when_configured(db_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": str(db_path), "SECRET_KEY": "k" * 40, "SESSION_COOKIE_SECURE": True})
    response = app.test_client().post("/api/games", json={"preset": "beginner"})
    cookie = response.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


# -- bounded requests, JSON errors ------------------------------------------------------------------


def test_deeply_nested_json_is_a_400(client: FlaskClient) -> None:
    body = "[" * 1000 + "]" * 1000
    for path in ("/api/games", "/api/learn/lessons/pair/puzzles"):
        response = client.post(path, data=body, content_type="application/json")
        assert response.status_code == 400 and response.is_json, path
    response = client.post("/api/games", data='{"preset": ' + "[" * 100 + "]" * 100 + "}", content_type="application/json")
    assert response.status_code == 400 and "deeper" in response.json["error"]


def test_json_depth_skips_strings() -> None:
    assert json_depth('{"a": "[[[[[[", "b": [1, {"c": "\\"]]"}]}') == 3
    assert json_depth(b"[]") == 1 and json_depth("") == 0
    assert json_depth("[" * 100) == MAX_JSON_DEPTH + 1  # stops as soon as it is past the limit


def test_a_body_over_the_limit_is_a_413(client: FlaskClient) -> None:
    response = client.post("/api/games", data=b'{"preset": "' + b"x" * 200_000 + b'"}', content_type="application/json")
    assert response.status_code == 413 and response.is_json and response.json["status"] == 413


def test_every_api_error_is_json_and_405_says_allow(client: FlaskClient) -> None:
    game_id = started(client)
    for response in (client.get("/api/nothing"), client.get(f"/api/games/{game_id}/nothing")):
        assert response.status_code == 404 and response.is_json
    response = client.delete(f"/api/games/{game_id}")
    assert response.status_code == 405 and response.is_json
    assert set(response.headers["Allow"].split(", ")) >= {"GET"}
    response = client.get(f"/api/games/{game_id}/open")
    assert response.status_code == 405 and "POST" in response.headers["Allow"]


@pytest.mark.parametrize(
    "path",
    ["/api/games/{id}", "/api/games/{id}/hint", "/api/games/{id}/probabilities", "/api/learn/lessons",
     "/api/learn/lessons/pair", "/api/learn/progress"],
)
def test_an_unknown_language_is_refused_on_every_route(client: FlaskClient, path: str) -> None:
    game_id = started(client)
    response = client.get(path.format(id=game_id), query_string={"lang": "zz"})
    assert response.status_code == 400 and "'zz'" in response.json["error"]


def test_an_unexpected_error_under_api_is_json(app: Flask, client: FlaskClient, monkeypatch) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("web.replies.game.game_state", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = client.post("/api/games", json={"preset": "beginner"})
    assert response.status_code == 500 and response.is_json and "boom" not in response.json["error"]


# -- the signing key ---------------------------------------------------------------------------------


def test_the_signing_key_lives_in_a_private_file_not_the_database(app: Flask, db_path: Path) -> None:
    key_file = Path(app.config["SECRET_KEY_FILE"])
    assert key_file.read_text() == app.config["SECRET_KEY"] and len(app.config["SECRET_KEY"]) >= 32
    assert key_file.stat().st_mode & 0o777 == 0o600
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM settings").fetchone()[0] == 0
    again = create_app({"TESTING": True, "DATABASE_URL": str(db_path), "SECRET_KEY_FILE": str(key_file)})
    assert again.config["SECRET_KEY"] == app.config["SECRET_KEY"]


# -- moves outside the write lock ----------------------------------------------------------------------


def test_a_move_is_computed_without_holding_the_write_lock(app: Flask, client: FlaskClient, db_path: Path) -> None:
    """While one move's engine work runs, another connection can write at once."""
    game_id = started(client)
    owner = session_owner(client)
    entered, release = threading.Event(), threading.Event()

    def slow_change(game: Game) -> None:
        entered.set()
        assert release.wait(5)
        game.toggle_flag(0, 0)

    results: list[Any] = []

    def run() -> None:
        with app.app_context():
            results.append(update_game(game_id, owner, slow_change))

    thread = threading.Thread(target=run)
    thread.start()
    assert entered.wait(5)
    other = sqlite3.connect(db_path, timeout=0.5)
    other.execute("BEGIN IMMEDIATE")  # would time out if the move held the lock
    other.execute("UPDATE settings SET value = value")
    other.execute("COMMIT")
    other.close()
    release.set()
    thread.join(5)
    assert results and results[0][0].game.flagged & 1


def covered(app: Flask, game_id: str, owner: str, count: int) -> list[tuple[int, int]]:
    with app.test_request_context():
        game = web_db.load_game(game_id, owner).game
    cells = [divmod(i, game.width) for i in range(game.height * game.width) if not game.revealed >> i & 1]
    return cells[:count]


def test_a_concurrent_change_makes_the_slower_move_run_again(app: Flask, client: FlaskClient) -> None:
    game_id = started(client)
    owner = session_owner(client)
    first, second = covered(app, game_id, owner, 2)
    seen = []

    def change(game: Game) -> None:
        seen.append(game.flagged)
        if len(seen) == 1:  # another request moves the game meanwhile
            with app.test_request_context():
                update_game(game_id, owner, lambda g: g.toggle_flag(*second))
        game.toggle_flag(*first)

    with app.test_request_context():
        record, _ = update_game(game_id, owner, change)
    assert len(seen) == 2 and seen[0] == 0 and seen[1] != 0  # the second try saw the other move
    assert record.game.flagged.bit_count() == 2  # both moves kept


def test_a_game_that_keeps_changing_answers_409(app: Flask, client: FlaskClient) -> None:
    game_id = started(client)
    owner = session_owner(client)
    first, second = covered(app, game_id, owner, 2)

    def always_beaten(game: Game) -> None:
        with app.test_request_context():
            update_game(game_id, owner, lambda g: g.toggle_flag(*second))
        game.toggle_flag(*first)

    with app.test_request_context(), pytest.raises(web_db.GameBusy):
        update_game(game_id, owner, always_beaten)


def test_migration_is_a_read_when_the_schema_is_current(db_path: Path, app: Flask) -> None:
    """A worker starting while another process holds the write lock does not wait for it."""
    holder = sqlite3.connect(db_path, timeout=0.1)
    holder.execute("BEGIN IMMEDIATE")
    try:
        assert migrations.migrate(f"sqlite:///{db_path}") == migrations.HEAD
        create_app({"TESTING": True, "DATABASE_URL": str(db_path), "SECRET_KEY": "k" * 40})
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_init_db_command(db_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": str(db_path), "SECRET_KEY": "k" * 40})
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0 and f"-> {migrations.HEAD}" in result.output
