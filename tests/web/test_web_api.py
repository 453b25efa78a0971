"""The JSON API through Flask's test client: every route, bad input, other sessions."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explainer.core.board import neighbour_masks
from explainer.core.cells import Cell, iter_bits
from explainer.play.game import PRESETS, Game
from explainer.engine.hint import make_hint, wrong_flag_hint
from explainer.bot.moves import policy_guess
from explainer.learn.lessons import classify
from explainer.engine.solve import solve
from explainer.words.render import Renderer
from explainer.words.hints import hint_json, hint_text
from tests.oracles.proofs import check_chain
from web import create_app
from web.replies.settings import CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH, CUSTOM_MIN_SIDE, custom_max_mines
from tests.support.web_client import covered_safe, create, first_mine, move, started

pytestmark = pytest.mark.databases  # every app test here runs on SQLite and on PostgreSQL

MOVES = ("open", "flag", "chord")


# -- creating games ------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_presets(client: FlaskClient, preset: str) -> None:
    height, width, mines = PRESETS[preset]
    game = create(client, preset=preset)
    assert (game["height"], game["width"], game["mines"], game["mines_left"]) == (height, width, mines, mines)
    assert game["state"] == "ready" and game["board"] == ["?" * width] * height
    assert game["mode"] == "classic" and not game["replayable"]


def test_expert_is_30_wide_16_high(client: FlaskClient) -> None:
    game = create(client, preset="expert")
    assert (game["width"], game["height"], game["mines"]) == (30, 16, 99)


def test_custom_size_at_the_limits(client: FlaskClient) -> None:
    small = create(client, height=CUSTOM_MIN_SIDE, width=CUSTOM_MIN_SIDE, mines=custom_max_mines(CUSTOM_MIN_SIDE, CUSTOM_MIN_SIDE))
    assert (small["height"], small["width"], small["mines"]) == (CUSTOM_MIN_SIDE, CUSTOM_MIN_SIDE, CUSTOM_MIN_SIDE * CUSTOM_MIN_SIDE - 9)
    large = create(client, preset="custom", height=CUSTOM_MAX_HEIGHT, width=CUSTOM_MAX_WIDTH, mines=1)
    assert len(large["board"]) == CUSTOM_MAX_HEIGHT and len(large["board"][0]) == CUSTOM_MAX_WIDTH


@pytest.mark.parametrize(
    ("body", "quoted"),
    [
        ({"preset": "giant"}, "'giant'"),
        ({"preset": "beginner", "mode": "no guess"}, "'no guess'"),
        ({"preset": "beginner", "mode": "classic", "max_rule": "pair"}, "'classic'"),
        ({"preset": "beginner", "mode": "no-guess", "max_rule": "deep"}, "'deep'"),
        ({"preset": "beginner", "mode": "no-guess", "max_rule": 2}, "2"),
        ({"height": 9, "width": 9}, "'mines'"),
        ({"height": "9", "width": 9, "mines": 10}, "'9'"),
        ({"height": True, "width": 9, "mines": 10}, "True"),
        ({"height": 9.5, "width": 9, "mines": 10}, "9.5"),
        ({"height": CUSTOM_MIN_SIDE - 1, "width": 9, "mines": 3}, str(CUSTOM_MIN_SIDE - 1)),
        ({"height": 9, "width": CUSTOM_MAX_WIDTH + 1, "mines": 3}, str(CUSTOM_MAX_WIDTH + 1)),
        ({"height": 9, "width": 9, "mines": 0}, "got 0"),
        ({"height": 9, "width": 9, "mines": 73}, "got 73"),
        ({"preset": "beginner", "seed": -1}, "-1"),
        ({"preset": "beginner", "seed": "x"}, "'x'"),
    ],
)
def test_bad_settings_are_400_and_quote_the_input(client: FlaskClient, body: dict, quoted: str) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400
    assert quoted in response.json["error"]


def test_body_must_be_a_json_object(client: FlaskClient) -> None:
    assert client.post("/api/games", data="preset=beginner").status_code == 415
    response = client.post("/api/games", data="[1, 2]", content_type="application/json")
    assert response.status_code == 400 and "[1, 2]" in response.json["error"]
    response = client.post("/api/games", data="{not json", content_type="application/json")
    assert response.status_code == 400 and "{not json" in response.json["error"]


def test_seed_refused_unless_allowed(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": str(tmp_path / "x.db")})
    response = app.test_client().post("/api/games", json={"preset": "beginner", "seed": 5})
    assert response.status_code == 400 and "seed" in response.json["error"]


def test_location_header_points_at_the_game(client: FlaskClient) -> None:
    response = client.post("/api/games", json={"preset": "beginner"})
    location = response.headers["Location"]
    assert client.get(location).json["game"]["id"] == response.json["game"]["id"]


# -- what the client sees -------------------------------------------------------------


def test_state_is_the_player_view_only(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=918273645, at=(8, 15))
    data = client.get(f"/api/games/{game_id}").json["game"]
    game = stored_game(client, game_id)
    assert data["board"] == str(game.view()).splitlines()[1:]
    assert "end" not in data
    text = json.dumps({key: value for key, value in data.items() if key != "elapsed"})  # a time may hold any digit
    assert "layout" not in text and "seed" not in text and str(game.seed) not in text
    assert set(data) == {
        "id", "mode", "height", "width", "mines", "mines_left", "state", "moves",
        "board", "elapsed", "running", "replayable", "undoable", "wrong_flags", "summary", "kind", "origin", "daily", "vision",
    }
    assert data["vision"] is None  # the mines only when the player switches mine vision on


@pytest.mark.parametrize("seed", range(8))
def test_first_click_is_safe_and_opens_an_area(client: FlaskClient, seed: int) -> None:
    game = create(client, preset="expert", seed=seed)
    row, col = seed % 16, (seed * 7) % 30
    response = move(client, game["id"], "open", row, col)
    data = response.json
    assert data["game"]["state"] == "playing"
    assert data["game"]["board"][row][col] == "."  # a zero: its neighbours open too
    assert len(data["opened"]) > 1 and [row, col] in data["opened"]


# -- moves -------------------------------------------------------------------------


def test_open_is_idempotent_and_counts_moves(client: FlaskClient) -> None:
    game_id = started(client)
    again = move(client, game_id, "open", 4, 4).json
    assert again["opened"] == [] and again["game"]["moves"] == 1


@pytest.mark.parametrize("action", MOVES)
@pytest.mark.parametrize(
    ("body", "quoted"),
    [
        ({"row": 9, "col": 0}, "[9, 0]"),
        ({"row": -1, "col": 0}, "row must be 0 or more, got -1"),
        ({"row": "a", "col": 0}, "'a'"),
        ({"row": True, "col": 0}, "True"),
        ({"row": 1}, "col is missing"),
        ({"col": 1}, "row is missing"),
    ],
)
def test_bad_cells_are_400(client: FlaskClient, action: str, body: dict, quoted: str) -> None:
    game_id = started(client)
    response = client.post(f"/api/games/{game_id}/{action}", json=body)
    assert response.status_code == 400
    assert quoted in response.json["error"]


def test_flag_toggles_and_counts(client: FlaskClient, stored_game) -> None:
    game_id = started(client)
    mine = first_mine(stored_game(client, game_id))
    on = move(client, game_id, "flag", *mine).json
    assert on["flagged"] is True and on["warning"] is None
    assert on["game"]["board"][mine.row][mine.col] == "F" and on["game"]["mines_left"] == 9
    off = move(client, game_id, "flag", *mine).json
    assert off["flagged"] is False and off["game"]["board"][mine.row][mine.col] == "?"


def test_flag_on_an_open_cell_is_400(client: FlaskClient) -> None:
    game_id = started(client)
    response = move(client, game_id, "flag", 4, 4)
    assert response.status_code == 400 and "[4, 4]" in response.json["error"]


def test_provably_wrong_flag_is_marked_and_explained(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=3, at=(8, 15))
    view = stored_game(client, game_id).view()
    solution = solve(view)
    cell = next(iter(solution.safe))
    data = move(client, game_id, "flag", *cell, lang="de").json
    flagged_view = stored_game(client, game_id).view()
    expected = wrong_flag_hint(solve(flagged_view), cell)
    assert data["warning"]["kind"] == "wrong_flag"
    assert data["warning"]["cell"] == list(cell)
    assert data["warning"]["text"] == hint_text(expected, "de")
    # the reason is the chain from the numbers on the board (flags are not evidence) to the cell, every step checked
    chain = data["warning"]["chain"]
    assert chain and list(cell) in chain[-1]["safe"]
    check_chain(flagged_view.without_flags(), chain)
    assert data["warning"]["text"].startswith(data["warning"]["lead"])
    assert any(h["cell"] == list(cell) and "wrong-flag" in h["roles"] for h in data["warning"]["highlights"])
    assert data["game"]["wrong_flags"] == [list(cell)]
    assert client.get(f"/api/games/{game_id}").json["game"]["wrong_flags"] == [list(cell)]


def test_flag_that_is_not_provably_wrong_has_no_warning(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=3, at=(8, 15))
    solution = solve(stored_game(client, game_id).view())
    unknown = next(Cell(*divmod(i, 30)) for i, p in solution.probabilities.items() if 0 < p < 1)
    data = move(client, game_id, "flag", *unknown).json
    assert data["flagged"] and data["warning"] is None and data["game"]["wrong_flags"] == []


def _satisfied_number(game: Game) -> tuple[Cell, int]:
    """An open number with covered neighbours, and those neighbours' mines as a mask."""
    assert game.layout is not None
    neighbours = neighbour_masks(game.height, game.width)
    for index in iter_bits(game.revealed):
        around = neighbours[index] & ~game.revealed
        if game.count_at(index) > 0 and around & ~game.layout:
            return Cell(*divmod(index, game.width)), around & game.layout
    raise AssertionError("no number with covered neighbours")


def test_chord_opens_the_neighbours_of_a_satisfied_number(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=3, at=(8, 15))
    number, mines = _satisfied_number(stored_game(client, game_id))
    assert move(client, game_id, "chord", *number).json["opened"] == []  # not satisfied yet
    for index in iter_bits(mines):
        move(client, game_id, "flag", *divmod(index, 30))
    data = move(client, game_id, "chord", *number).json
    assert data["opened"], "a satisfied number opens its covered neighbours"
    for row, col in data["opened"]:
        assert data["game"]["board"][row][col] not in "?F"


def test_chord_on_a_covered_cell_is_400(client: FlaskClient) -> None:
    game_id = started(client)
    board = client.get(f"/api/games/{game_id}").json["game"]["board"]
    covered = next((r, c) for r in range(9) for c in range(9) if board[r][c] == "?")
    response = move(client, game_id, "chord", *covered)
    assert response.status_code == 400 and f"[{covered[0]}, {covered[1]}]" in response.json["error"]


def test_winning_shows_the_whole_board(client: FlaskClient, stored_game) -> None:
    game_id = started(client)
    game = stored_game(client, game_id)
    for cell in covered_safe(game):
        data = move(client, game_id, "open", *cell).json
    assert data["game"]["state"] == "won" and not data["game"]["running"]
    assert data["game"]["end"]["mines"] == game.mines().to_json()
    assert data["game"]["end"]["exploded"] is None


def test_losing_shows_the_whole_board_and_ends_the_game(client: FlaskClient, stored_game) -> None:
    game_id = started(client)
    game = stored_game(client, game_id)
    safe = covered_safe(game)[0]
    move(client, game_id, "flag", *safe)  # a wrong flag, listed at the end
    mine = first_mine(game)
    data = move(client, game_id, "open", *mine).json["game"]
    assert data["state"] == "lost" and data["end"]["exploded"] == list(mine)
    # until the loss is accepted only the mine that went off is shown (the player may still undo)
    assert data["end"]["pending"] and data["end"]["mines"] == [list(mine)] and data["end"]["wrong_flags"] == []
    assert data["undoable"] and data["replayable"]
    data = client.post(f"/api/games/{game_id}/accept", json={}).json["game"]
    assert not data["end"]["pending"] and not data["undoable"] and data["replayable"]
    assert data["end"]["mines"] == game.mines().to_json()
    assert data["end"]["wrong_flags"] == [list(safe)]
    assert client.post(f"/api/games/{game_id}/undo", json={}).status_code == 409  # over for good
    for action in MOVES:
        response = move(client, game_id, action, 0, 0)
        assert response.status_code == 409 and "over" in response.json["error"]
    assert client.get(f"/api/games/{game_id}/hint").status_code == 409
    assert client.get(f"/api/games/{game_id}/probabilities").status_code == 409


# -- hints and probabilities ----------------------------------------------------------------


def test_hint_before_the_first_click(client: FlaskClient) -> None:
    game = create(client, preset="beginner")
    hint = client.get(f"/api/games/{game['id']}/hint").json["hint"]
    assert hint["kind"] == "first-click" and hint["text"] and hint["highlights"] == []
    assert client.get(f"/api/games/{game['id']}/probabilities").status_code == 409


@pytest.mark.parametrize("language", ["en", "de", "ar", "zh_Hans"])
def test_hint_is_the_engines_hint_for_the_view(client: FlaskClient, stored_game, language: str) -> None:
    game_id = started(client, "expert", seed=11, at=(8, 15))
    data = client.get(f"/api/games/{game_id}/hint", query_string={"lang": language}).json
    view = stored_game(client, game_id).view()
    hint = make_hint(view)
    assert hint.kind == "deduction" and hint.deduction is not None
    expected = {**hint_json(hint, language), "lesson": classify(view, hint.deduction)}
    assert data["hint"] == expected
    assert data["lang"] == language and data["game_id"] == game_id and data["moves"] == 1


def test_hint_language_aliases_and_accept_language(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=11, at=(8, 15))
    view = stored_game(client, game_id).view()
    assert client.get(f"/api/games/{game_id}/hint?lang=zh-CN").json["lang"] == "zh_Hans"
    data = client.get(f"/api/games/{game_id}/hint", headers={"Accept-Language": "fr-CA,fr;q=0.9"}).json
    assert data["lang"] == "fr" and data["hint"]["text"] == hint_text(make_hint(view), "fr")


def test_unknown_language_is_400(client: FlaskClient) -> None:
    game_id = started(client)
    for route in ("hint", "probabilities"):
        response = client.get(f"/api/games/{game_id}/{route}?lang=xx")
        assert response.status_code == 400 and "'xx'" in response.json["error"]


def _guess_game(client: FlaskClient, stored_game) -> str:
    """A started game whose view has no certain cell left (the safe ones opened, the mines flagged)."""
    for seed in range(40):
        game_id = started(client, "beginner", seed=seed)
        while True:
            game = stored_game(client, game_id)
            if game.state != "playing":
                break
            solution = solve(game.view())
            if solution.safe:
                for cell in solution.safe:
                    move(client, game_id, "open", *cell)
                continue
            unflagged = [c for c in solution.mines if not game.flagged >> (c.row * game.width + c.col) & 1]
            if unflagged:
                for cell in unflagged:
                    move(client, game_id, "flag", *cell)
                continue
            return game_id
    raise AssertionError("no seed led to a guess")


def p_min(solution) -> float:
    return solution.safest()[0]


def test_guess_hint_has_the_probability_overlay(client: FlaskClient, stored_game) -> None:
    game_id = _guess_game(client, stored_game)
    view = stored_game(client, game_id).view()
    solution = solve(view)
    data = client.get(f"/api/games/{game_id}/hint?lang=de").json["hint"]
    assert data["kind"] == "guess"
    overlay = data.pop("overlay")
    guess = policy_guess(view)  # the bot's pick, the same as "watch the bot" makes on this view
    assert data == hint_json(make_hint(view), "de", guess=guess)
    assert data["guess"]["cell"] == list(guess.cell)
    assert {"cell": list(guess.cell), "roles": ["safest", "best-guess"] if guess.probability == p_min(solution) else ["best-guess"]} in data["highlights"]
    if guess.reason.value != "endgame":  # the endgame's sentence names the cell itself
        assert f"Der beste Rateversuch ist {guess.cell.name}." in data["text"]
    assert overlay["probabilities"] == solution.probability_grid()
    p, safest = solution.safest()
    assert overlay["safest"] == {"probability": p, "percent": Renderer("de").percent(p), "cells": safest.to_json()}
    assert client.get(f"/api/games/{game_id}/probabilities?lang=de").json["overlay"] == overlay


def test_probabilities_are_exact_and_localized(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=5, at=(8, 15))
    view = stored_game(client, game_id).view()
    solution = solve(view)
    overlay = client.get(f"/api/games/{game_id}/probabilities?lang=fr").json["overlay"]
    assert overlay["probabilities"] == solution.probability_grid()
    renderer = Renderer("fr")
    for row, (values, texts) in enumerate(zip(overlay["probabilities"], overlay["percent"], strict=True)):
        for col, (p, text) in enumerate(zip(values, texts, strict=True)):
            assert (p is not None) == (view.state(row, col) < 0)  # exactly the covered cells
            assert text == (None if p is None else renderer.percent(p))


# -- replay ----------------------------------------------------------------------------------


def test_replay_is_the_same_board_from_the_same_first_click(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "intermediate", seed=4, at=(3, 5))
    first = client.get(f"/api/games/{game_id}").json["game"]["board"]
    mine = first_mine(stored_game(client, game_id))
    move(client, game_id, "open", *mine)
    response = client.post(f"/api/games/{game_id}/replay", json={})
    assert response.status_code == 201
    again = response.json["game"]
    assert again["id"] != game_id and again["state"] == "playing" and again["board"] == first
    assert stored_game(client, again["id"]).layout == stored_game(client, game_id).layout
    assert "end" not in again


def test_replay_before_the_first_click_is_409(client: FlaskClient) -> None:
    game = create(client, preset="beginner")
    response = client.post(f"/api/games/{game['id']}/replay", json={})
    assert response.status_code == 409 and game["id"] in response.json["error"]


# -- ownership, unknown games and routes ---------------------------------------------------------


ROUTES = [
    ("get", ""),
    ("post", "/open"),
    ("post", "/flag"),
    ("post", "/chord"),
    ("post", "/replay"),
    ("get", "/hint"),
    ("get", "/probabilities"),
]


@pytest.mark.parametrize(("method", "suffix"), ROUTES)
def test_another_sessions_game_is_404(app: Flask, client: FlaskClient, method: str, suffix: str) -> None:
    game_id = started(client)
    before = client.get(f"/api/games/{game_id}").json["game"]
    stranger = app.test_client()
    kwargs = {"json": {"row": 0, "col": 0}} if method == "post" else {}
    response = getattr(stranger, method)(f"/api/games/{game_id}{suffix}", **kwargs)
    assert response.status_code == 404 and game_id in response.json["error"]
    after = client.get(f"/api/games/{game_id}").json["game"]
    assert after["board"] == before["board"] and after["moves"] == before["moves"]


@pytest.mark.parametrize(("method", "suffix"), ROUTES)
def test_unknown_game_is_404(client: FlaskClient, method: str, suffix: str) -> None:
    kwargs = {"json": {"row": 0, "col": 0}} if method == "post" else {}
    response = getattr(client, method)(f"/api/games/nope{suffix}", **kwargs)
    assert response.status_code == 404 and "'nope'" in response.json["error"]


def test_unknown_route_and_wrong_method_are_json(client: FlaskClient) -> None:
    response = client.get("/api/nothing-here")
    assert response.status_code == 404 and response.is_json and response.json["error"]
    response = client.delete("/api/games")
    assert response.status_code == 405 and response.is_json


def test_concurrent_moves_on_one_game_are_all_kept(app: Flask, client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=3, at=(8, 15))
    cookie = client.get_cookie("session")
    assert cookie is not None
    covered = [Cell(r, c) for r, line in enumerate(client.get(f"/api/games/{game_id}").json["game"]["board"])
               for c, ch in enumerate(line) if ch == "?"][:24]

    def flag(cells: list[Cell]) -> list[int]:
        """Each flag until it lands: a move that lost every compare-and-swap is a documented 409 ("try again"),
        which a client retries; nothing is written by it, so nothing is lost or doubled."""
        own = app.test_client()
        own.set_cookie("session", cookie.value)
        statuses = []
        for target in cells:
            for _ in range(20):
                reply = move(own, game_id, "flag", *target)
                if reply.status_code != 409:
                    break
                assert "try again" in reply.json["error"]
            statuses.append(reply.status_code)
        return statuses

    with ThreadPoolExecutor(max_workers=6) as pool:
        statuses = [code for codes in pool.map(flag, [covered[i::6] for i in range(6)]) for code in codes]
    assert statuses == [200] * len(covered)
    game = stored_game(client, game_id)
    assert all(game.flagged >> (cell.row * game.width + cell.col) & 1 for cell in covered)


def test_games_survive_a_restart_with_the_same_cookie(db_path: Path) -> None:
    first = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db_path}"})
    client = first.test_client()
    game_id = client.post("/api/games", json={"preset": "beginner"}).json["game"]["id"]
    board = move(client, game_id, "open", 4, 4).json["game"]["board"]
    cookie = client.get_cookie("session")
    assert cookie is not None
    restarted = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{db_path}"})
    again = restarted.test_client()
    again.set_cookie("session", cookie.value)
    data = again.get(f"/api/games/{game_id}").json["game"]
    assert data["board"] == board and data["state"] == "playing"
    assert restarted.test_client().get(f"/api/games/{game_id}").status_code == 404


# -- no input gives a 500 --------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)
keys = st.sampled_from(["row", "col", "preset", "height", "width", "mines", "mode", "seed", "max_rule"])
bodies = st.dictionaries(keys, json_values) | json_values


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=st.sampled_from(["", *MOVES, "replay", "bot"]), body=bodies)
def test_no_body_makes_a_server_error(client: FlaskClient, action: str, body: Any) -> None:
    game_id = started(client)
    path = "/api/games" if not action else f"/api/games/{game_id}/{action}"
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code < 500, response.data
    assert response.is_json
