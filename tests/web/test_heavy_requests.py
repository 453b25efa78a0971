"""Every request bounded by what it costs, not by what it asks (the audit of 2026-12-01): an imported replay larger
than this server deals is refused at the door; a review runs under a fixed budget whatever the game's length, and
past it lists the rest of the moves unjudged; a long review comes in pages; a review that cannot be sent changes
nothing; layouts of any size are stored."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from explainer.play.game import Game, layout_text, layout_value
from explainer.play.history import history_limit
from explainer.play.replay_file import FORMAT, VERSION, from_replay, to_replay
from web import create_app
from web.api.games import IMPORT_MAX_CELLS, REVIEW_PAGE_MOVES


def make_app(tmp_path: Path, **config: Any) -> Flask:
    return create_app(
        {"TESTING": True, "DATABASE_URL": str(tmp_path / "games.sqlite3"), "SECRET_KEY": "test", "ALLOW_SEEDS": True, **config}
    )


def replay_file(height: int, width: int, mines: int, toggles: int, seed: int = 1, opens: int = 0) -> dict[str, Any]:
    """A replay of a game that opens its corner, flags and unflags a covered cell ``toggles`` times, opens ``opens``
    safe cells in a random order (guesses, mostly: each judged from a solve), then loses on a mine (a long
    history, as a player at the history's limit has)."""
    rng = random.Random(seed)
    cells = [i for i in range(height * width) if i >= width * 2]  # the first two rows safe: the corner opens
    layout = sum(1 << i for i in rng.sample(cells, mines))
    rows = ["".join("*" if layout >> (r * width + c) & 1 else "." for c in range(width)) for r in range(height)]
    game = Game.from_layout(height, width, layout)
    game.open(0, 0)
    covered = next(i for i in range(height * width) if not game.revealed >> i & 1)
    moves: list[dict[str, Any]] = [{"action": "open", "cell": [0, 0], "by": "player", "t": 0.0}]
    for number in range(toggles):
        action = "flag" if number % 2 == 0 else "unflag"
        moves.append({"action": action, "cell": list(divmod(covered, width)), "by": "player", "t": 0.1 * (number + 1)})
    safe = [i for i in range(height * width) if not layout >> i & 1]
    rng.shuffle(safe)
    for index in safe:
        if opens <= 0 or game.state != "playing":
            break
        if not game.revealed >> index & 1:
            game.open(*divmod(index, width))
            moves.append({"action": "open", "cell": list(divmod(index, width)), "by": "player", "t": 0.1 * len(moves)})
            opens -= 1
    mine = next(i for i in range(height * width) if layout >> i & 1)
    moves.append({"action": "open", "cell": list(divmod(mine, width)), "by": "player", "t": 0.1 * len(moves)})
    return {"format": FORMAT, "version": VERSION, "height": height, "width": width, "mines": mines, "mode": "classic",
            "layout": rows, "moves": moves}


def imported(client: FlaskClient, data: dict[str, Any]) -> str:
    reply = client.post("/api/replays", json=data)
    assert reply.status_code == 201, reply.json
    game_id: str = reply.json["game"]["id"]
    return game_id


def test_a_replay_larger_than_the_server_deals_is_refused_at_the_door(tmp_path: Path) -> None:
    client = make_app(tmp_path, MAX_CONTENT_LENGTH=4 * 1024 * 1024).test_client()
    big = replay_file(40, 60, 300, 2)  # 2,400 cells: more than a 30 x 50 board
    reply = client.post("/api/replays", json=big)
    assert reply.status_code == 413 and "60 x 40" in reply.json["error"] and str(IMPORT_MAX_CELLS) in reply.json["error"]
    assert "60 × 40" in client.post("/api/replays?lang=de", json=big).json["error"]  # (translated, the size quoted)
    # a board of allowed size with more moves than such a game may hold
    long = replay_file(9, 9, 10, 2)
    long["moves"] = long["moves"][:1] + long["moves"][1:2] * (history_limit(Game(9, 9, 10, 0)) + 1)
    reply = client.post("/api/replays", json=long)
    assert reply.status_code == 413 and str(history_limit(Game(9, 9, 10, 0))) in reply.json["error"]


def test_a_game_at_its_history_limit_is_reviewed_in_pages(tmp_path: Path) -> None:
    app = make_app(tmp_path, MAX_CONTENT_LENGTH=4 * 1024 * 1024)
    client = app.test_client()
    height, width = 30, 50
    toggles = history_limit(Game(height, width, 300, 0)) - 2
    game_id = imported(client, replay_file(height, width, 300, toggles))
    first = client.get(f"/api/games/{game_id}/review")
    assert first.status_code == 200, first.json
    page = first.json["review"]["page"]
    assert page == {"number": 1, "pages": -(-(toggles + 2) // REVIEW_PAGE_MOVES), "moves": toggles + 2}
    moves = list(first.json["review"]["moves"])
    for number in range(2, page["pages"] + 1):
        reply = client.get(f"/api/games/{game_id}/review?page={number}")
        assert reply.status_code == 200 and reply.json["review"]["page"]["number"] == number
        assert len(reply.get_data()) < app.config["MAX_REPLY_BYTES"]
        moves += reply.json["review"]["moves"]
    assert [move["index"] for move in moves] == list(range(1, toggles + 3))
    assert moves[-1]["lost"] is True
    assert client.get(f"/api/games/{game_id}/review?page={page['pages'] + 1}").status_code == 404
    for bad in ("0", "x", "-1", "1.5"):
        assert client.get(f"/api/games/{game_id}/review?page={bad}").status_code == 400


def test_past_its_fixed_budget_a_review_lists_the_rest_unjudged(tmp_path: Path) -> None:
    """With a tiny budget the review of a long game stops judging early: the moves from there are listed with
    "Not judged", the note says where, and the statistics wait for a full review (nothing half-counted)."""
    app = make_app(tmp_path, ENGINE_WORK=3000)
    client = app.test_client()
    game_id = imported(client, replay_file(16, 30, 99, 10, seed=2, opens=60))
    review = client.get(f"/api/games/{game_id}/review").json["review"]
    cut = review["summary"]["unjudged_from"]
    assert cut is not None and 1 < cut <= len(review["moves"])
    assert str(cut) in review["summary"]["note"]
    assert all(move["text"].startswith("Not judged") for move in review["moves"][cut - 1 :])
    assert not any(move["text"].startswith("Not judged") for move in review["moves"][: cut - 1])
    # the same game with the default budget: every move judged, no note
    (tmp_path / "roomy").mkdir()
    roomy = make_app(tmp_path / "roomy").test_client()
    whole = roomy.get(f"/api/games/{imported(roomy, replay_file(16, 30, 99, 10, seed=2, opens=60))}/review").json["review"]
    assert whole["summary"]["unjudged_from"] is None and whole["summary"]["note"] is None


def test_a_review_that_cannot_be_sent_changes_nothing(tmp_path: Path) -> None:
    """A loss not accepted yet is accepted by its review; when the review would be over the reply limit, the
    refusal (503) comes first and the loss can still be undone."""
    app = make_app(tmp_path, MAX_REPLY_BYTES=3000)
    client = app.test_client()
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    with app.app_context():
        from web.storage import games as web_db
        from tests.support.web_client import session_owner

        game = web_db.load_game(game_id, session_owner(client)).game
    assert game.layout is not None
    mine = next(i for i in range(81) if game.layout >> i & 1)
    state = client.post(f"/api/games/{game_id}/open", json={"row": mine // 9, "col": mine % 9})
    assert state.status_code in (200, 503)  # (the move's own reply may be over the tiny limit too)
    refused = client.get(f"/api/games/{game_id}/review")
    assert refused.status_code == 503 and "3000" in refused.json["error"]
    assert client.post(f"/api/games/{game_id}/undo", json={}).status_code in (200, 503)  # not 409: still pending
    with app.app_context():
        after = web_db.load_game(game_id, session_owner(client)).game
    assert after.state == "playing"


def test_a_layout_of_any_size_is_stored_and_read_back() -> None:
    """Layouts are stored as hexadecimal: Python refuses a decimal string of more than 4,300 digits (a board of
    about 14,000 cells), which answered 500 on large imports."""
    height, width = 120, 150
    data = replay_file(height, width, 3000, 2)
    game = from_replay(data)
    assert game.layout is not None and game.layout.bit_length() > 14_300
    stored = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(stored)
    assert again.layout == game.layout and to_replay(again)["layout"] == data["layout"]
    assert layout_value(layout_text(game.layout)) == game.layout and layout_value("12345") == 12345  # (old games: decimal)


def test_imports_are_limited_per_client_and_a_refused_client_is_answered_at_the_door(tmp_path: Path) -> None:
    """The audit's flood (16 clients, 240 imports in 28 s) slowed another player's moves from 6 ms to 1 s: a client
    may import ``IMPORTS_PER_MINUTE`` replays a minute; past that, 429 with Retry-After, the next tries answered
    before the app reads them (nothing more written)."""
    from sqlalchemy import func, select

    from web.storage.database import connection
    from web.storage.tables import sign_in_failures

    app = make_app(tmp_path, IMPORTS_PER_MINUTE=2)
    client = app.test_client()
    junk = {"video": "AAAA", "name": "junk.avf"}
    assert [client.post("/api/replays", json=junk).status_code for _ in range(2)] == [400, 400]  # counted all the same
    refused = client.post("/api/replays", json=junk)
    assert refused.status_code == 429 and 1 <= int(refused.headers["Retry-After"]) <= 60
    at_the_door = client.post("/api/replays?lang=de", json=junk)
    assert at_the_door.status_code == 429 and at_the_door.json["status"] == 429
    assert at_the_door.json["error"].startswith("Zu viele Importe") and "Retry-After" in at_the_door.headers
    with app.app_context():
        counted = connection().execute(select(func.count()).where(sign_in_failures.c.key.like("import:%"))).scalar_one()
    assert counted == 2
    # another client is not held back; nor is any other route of this one
    other = app.test_client()
    assert other.post("/api/replays", json=junk, environ_base={"REMOTE_ADDR": "192.0.2.9"}).status_code == 400
    assert client.post("/api/games", json={"preset": "beginner"}).status_code == 201
