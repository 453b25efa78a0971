"""Watch the bot through the API: one move per request, decided from the player view only."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from explainer.bot.moves import next_move
from explainer.words.bot import move_to_json
from explainer.engine.solve import solve

from tests.support.web_client import create, move, started


def bot(client: FlaskClient, game_id: str, **query: str) -> Any:
    return client.post(f"/api/games/{game_id}/bot", query_string=query, json={})


def play_out(client: FlaskClient, game_id: str, stored_game, limit: int = 600) -> dict[str, Any]:
    """Let the bot play the game to its end, checking each move against the view it was made on."""
    state = client.get(f"/api/games/{game_id}").json["game"]
    for _ in range(limit):
        if state["state"] in ("won", "lost"):
            return state
        before = stored_game(client, game_id)
        expected = move_to_json(next_move(before.view()), "en")
        response = bot(client, game_id)
        assert response.status_code == 200, response.json
        data = response.json
        played = data["move"]
        assert {key: played[key] for key in expected} == expected  # the same decision and words
        row, col = played["cell"]
        index = before.index(row, col)
        if played["certain"] and played["kind"] == "open":
            assert not (before.layout or 0) >> index & 1 or before.state == "ready"
        if played["certain"] and played["kind"] == "flag":
            assert (before.layout or 0) >> index & 1
        assert played["text"] and any(list(played["cell"]) == item["cell"] for item in played["highlights"])
        state = data["game"]
        assert state["moves"] >= before.moves
    raise AssertionError("the bot did not finish the game")


def test_bot_plays_a_game_to_its_end(client: FlaskClient, stored_game) -> None:
    game_id = create(client, preset="beginner", seed=12)["id"]
    end = play_out(client, game_id, stored_game)
    assert end["state"] in ("won", "lost") and "end" in end


def test_bot_move_reply_holds_only_what_a_player_may_see(client: FlaskClient, stored_game) -> None:
    game_id = started(client, "expert", seed=918273645, at=(8, 15))
    data = bot(client, game_id).json
    assert set(data) == {"game", "move", "outcome"}
    assert data["game"]["state"] == "playing" and "end" not in data["game"]
    game = stored_game(client, game_id)
    text = json.dumps({"move": data["move"], "outcome": data["outcome"]})
    assert "layout" not in text and str(game.layout) not in text and str(game.seed) not in text
    assert hex(game.layout or 0)[2:] not in text  # (stored as hexadecimal)


def test_bot_goes_through_the_mode(client: FlaskClient, stored_game) -> None:
    """In forgiving mode a guess never explodes, so the bot (which never opens a provable mine) always wins."""
    for seed in range(1, 30):
        game_id = create(client, preset="intermediate", mode="forgiving", seed=seed)["id"]
        end = play_out(client, game_id, stored_game)
        assert end["state"] == "won"
        if end["summary"]["saves"] > 0:
            return  # a guess hit a mine and was saved
    raise AssertionError("no guess of the bot was saved in 29 forgiving games")


def test_bot_removes_a_wrong_flag_first(client: FlaskClient, stored_game) -> None:
    game_id = started(client, seed=1)
    safe = list(next(iter(solve(stored_game(client, game_id).view()).safe)))
    client.post(f"/api/games/{game_id}/flag", json={"row": safe[0], "col": safe[1]})
    played = bot(client, game_id).json["move"]
    assert played["kind"] == "unflag" and played["cell"] == safe and played["certain"]
    assert any(item["cell"] == safe and "wrong-flag" in item["roles"] for item in played["highlights"])
    assert stored_game(client, game_id).flagged == 0


def test_bot_speaks_the_requested_language(client: FlaskClient) -> None:
    first = create(client, preset="beginner", seed=2)["id"]
    second = create(client, preset="beginner", seed=2)["id"]
    english = bot(client, first, lang="en").json["move"]
    german = bot(client, second, lang="de").json["move"]
    assert english["cell"] == german["cell"] and english["text"] != german["text"]
    assert bot(client, first, lang="xx").status_code == 400


def test_bot_on_a_finished_game_is_409(client: FlaskClient, stored_game) -> None:
    game_id = started(client, seed=3)
    game = stored_game(client, game_id)
    mine = divmod(next(i for i in range(game.size) if (game.layout or 0) >> i & 1), game.width)
    assert move(client, game_id, "open", *mine).json["game"]["state"] == "lost"
    response = bot(client, game_id)
    assert response.status_code == 409 and game_id in response.json["error"]
    assert stored_game(client, game_id).moves == game.moves + 1


def test_bot_on_another_sessions_game_is_404(app: Flask, client: FlaskClient, stored_game) -> None:
    game_id = started(client, seed=4)
    before = stored_game(client, game_id)
    other = app.test_client()
    response = bot(other, game_id)
    assert response.status_code == 404 and game_id in response.json["error"]
    assert bot(client, "no-such-game").status_code == 404
    assert stored_game(client, game_id).to_dict() == before.to_dict()


def test_bot_route_takes_post_only(client: FlaskClient) -> None:
    game_id = started(client, seed=5)
    response = client.get(f"/api/games/{game_id}/bot")
    assert response.status_code == 405 and "error" in response.json


def test_the_autopilot_plays_what_the_level_decides_round_after_round(client: FlaskClient, stored_game) -> None:
    from explainer.bot.autopilot import autopilot_moves
    from explainer.core.deduction import Rule

    game_id = create(client, preset="intermediate", seed=6)["id"]
    move(client, game_id, "open", 8, 8)
    before = stored_game(client, game_id)
    first = autopilot_moves(before.view(), Rule.SIMPLE)
    assert first  # (the seed leaves one-number steps after the first click)
    reply = client.post(f"/api/games/{game_id}/autopilot", json={"level": "simple"})
    assert reply.status_code == 200, reply.json
    data = reply.json
    after = stored_game(client, game_id)
    assert after.layout is not None
    # every cell it opened is safe and every flag a mine (it reads only the views, round after round)
    assert all(not after.layout >> after.index(r, c) & 1 for r, c in data["opened"])
    assert all(after.layout >> after.index(r, c) & 1 for r, c in data["flagged"])
    assert {tuple(c) for c in first.safe.to_json()} <= {tuple(c) for c in data["opened"]} | {
        divmod(i, after.width) for i in range(after.size) if before.revealed >> i & 1}
    assert {tuple(c) for c in first.mines.to_json()} <= {tuple(c) for c in data["flagged"]}
    # nothing left at the level: the next request plays nothing
    if data["game"]["state"] == "playing":
        assert not autopilot_moves(after.view(), Rule.SIMPLE)
        again = client.post(f"/api/games/{game_id}/autopilot", json={"level": "simple"}).json
        assert again["opened"] == [] and again["flagged"] == []
    assert "bot" in data["game"]["summary"]["assisted"]  # help: the game is assisted
    assert {entry["by"] for entry in after.history[1:]} == {"bot"}


def test_the_autopilot_refuses_a_bad_level_and_a_finished_game(client: FlaskClient, stored_game) -> None:
    game_id = started(client)
    bad = client.post(f"/api/games/{game_id}/autopilot", json={"level": "enumeration"})
    assert bad.status_code == 400 and "'enumeration'" in bad.json["error"] and "level" in bad.json["error"]
    game = stored_game(client, game_id)
    mine = next(i for i in range(game.size) if game.layout >> i & 1)
    move(client, game_id, "open", *divmod(mine, game.width))
    client.post(f"/api/games/{game_id}/accept", json={})
    assert client.post(f"/api/games/{game_id}/autopilot", json={"level": "pair"}).status_code == 409
