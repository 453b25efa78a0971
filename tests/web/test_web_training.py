"""Practice from the player's own games: a finished game's avoidable guesses become missed steps,
"Your practice" gives puzzles of those patterns with the move they were missed at, the schedule
(mastered after 5 first-try rights, back at once after a wrong answer or a new miss), progress over
time, and the hand-over to an account at sign-in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from explainer.core.board import Board
from explainer.engine.hint import make_hint
from explainer.learn.lessons import classify, lesson_cells
from explainer.learn.training import missed_steps
from explainer.play.game import Game
from explainer.review import review
from web.storage import training

from tests.support.web_client import session_owner
from tests.support.web_client import lose_by_an_avoidable_guess

pytestmark = pytest.mark.databases  # the schedule's SQL (upserts, the smaller of two values) on both


def personal_answer(client: FlaskClient, puzzle: dict[str, Any], right: bool) -> dict[str, Any]:
    lines = ([f"mines {puzzle['mines']}"] if puzzle["mines"] is not None else []) + puzzle["board"]
    board = Board.parse("\n".join(lines) + "\n")
    hint = make_hint(board)
    assert hint.deduction is not None
    lesson = lesson_cells(board, hint.deduction)
    safe = [cell.to_json() for cell in lesson if cell in hint.solution.safe]
    mines = [cell.to_json() for cell in lesson if cell in hint.solution.mines]
    body = {"opened": safe, "flagged": mines} if right else {"opened": mines or [], "flagged": safe if not mines else []}
    reply = client.post(f"/api/learn/puzzles/{puzzle['id']}/answer", json=body)
    assert reply.status_code == 200, reply.json
    return reply.json


def test_nothing_to_practise_before_a_game_shows_a_miss(client: FlaskClient) -> None:
    assert client.get("/api/learn/practice").json == {"queue": []}
    refused = client.post("/api/learn/practice/puzzles", json={})
    assert refused.status_code == 409 and "no step missed" in refused.json["error"]
    page = client.get("/learn/").get_data(as_text=True)
    assert 'data-role="nothing-missed"' in page
    assert 'data-role="nothing-missed"' in client.get("/learn/yours").get_data(as_text=True)


def test_an_avoidable_guess_becomes_your_practice(client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game]) -> None:
    game_id, game = lose_by_an_avoidable_guess(client, stored_game)
    missed = missed_steps(review(game))
    assert len(missed) == 1
    step = missed[0]
    judged = review(game).moves[step.move - 1]
    assert judged.verdict == "avoidable-guess" and judged.missed is not None
    assert step.pattern == classify(judged.view, judged.missed)
    queue = client.get("/api/learn/practice").json["queue"]
    assert [item["pattern"] for item in queue] == [step.pattern]
    item = queue[0]
    assert item["misses"] == 1 and item["streak"] == 0 and item["due"] and not item["mastered"]
    assert item["last"]["game_id"] == game_id and item["last"]["move"] == step.move
    assert item["last"]["url"] == f"/games/{game_id}/review#move-{step.move}"
    cells = step.safe if step.safe else step.mines
    assert item["last"]["text"].startswith("In your game of ") and f"at move {step.move}," in item["last"]["text"]
    assert all(name in item["last"]["text"] for name in cells.names())
    # a personal puzzle of that pattern, with where it was missed
    made = client.post("/api/learn/practice/puzzles", json={})
    assert made.status_code == 201
    assert made.json["puzzle"]["pattern"] == step.pattern and made.json["source"] == item
    # the progress: missed this week, and what to practise next
    progress = client.get("/api/learn/progress").json
    assert progress["missed"][step.pattern][-1] == 1 and sum(map(sum, progress["missed"].values())) == 1
    assert progress["next"] == step.pattern
    page = client.get("/learn/").get_data(as_text=True)
    assert f'<li data-pattern="{step.pattern}">' in page and 'data-role="next"' in page
    # an undo that takes the finish back takes the missed step with it
    assert client.post(f"/api/games/{game_id}/undo", json={}).status_code == 200
    assert client.get("/api/learn/practice").json["queue"] == []


def test_the_schedule_masters_a_pattern_and_brings_it_back(
    app: Flask, client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game]
) -> None:
    lose_by_an_avoidable_guess(client, stored_game)
    pattern = client.get("/api/learn/practice").json["queue"][0]["pattern"]
    # wrong at the first try: still due at once, streak 0
    puzzle = client.post("/api/learn/practice/puzzles", json={}).json["puzzle"]
    assert personal_answer(client, puzzle, right=False)["result"]["status"] == "wrong"
    item = client.get("/api/learn/practice").json["queue"][0]
    assert item["streak"] == 0 and item["due"]
    # right at the first try: due later (10 minutes), streak 1
    puzzle = client.post("/api/learn/practice/puzzles", json={}).json["puzzle"]
    assert personal_answer(client, puzzle, right=True)["result"]["status"] == "right"
    item = client.get("/api/learn/practice").json["queue"][0]
    assert item["streak"] == 1 and not item["due"]
    assert item["due_at"] - item["last"]["finished_at"] >= training.INTERVALS[1] - 5
    # four more first-try rights (the schedule's clock moved on): mastered, out of the queue
    with app.app_context():
        owner = session_owner(client)
        for step in range(2, training.MASTERED + 1):
            training.record_practice(owner, pattern, True, now=10**10 + step * 10**6)
        assert training.queue(owner, now=10**11) == []
        assert [item.pattern for item in training.queue(owner, now=10**11, mastered=True)] == [pattern]
    # a new miss in a game brings it back at once
    lose_by_an_avoidable_guess(client, stored_game, seed=40)
    queue = client.get("/api/learn/practice").json["queue"]
    assert any(item["pattern"] == pattern and item["streak"] == 0 and item["due"] for item in queue)


def test_signing_in_keeps_the_missed_steps(client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game]) -> None:
    lose_by_an_avoidable_guess(client, stored_game)
    before = client.get("/api/learn/practice").json["queue"]
    assert before
    registered = client.post("/api/account/register", json={"username": "tess", "password": "correct horse battery"})
    assert registered.status_code in (200, 201), registered.json
    assert client.get("/api/learn/practice").json["queue"] == before


@pytest.mark.parametrize("path", ["/learn/", "/learn/yours"])
def test_learn_pages_render_with_practice(client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game], path: str) -> None:
    lose_by_an_avoidable_guess(client, stored_game)
    page = client.get(path)
    assert page.status_code == 200 and 'data-role="practice-queue"' in page.get_data(as_text=True)


def test_a_review_left_pending_is_made_after_the_player_s_next_new_game_and_reads_never_write(
    app: Flask, client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game]
) -> None:
    """The finishing click writes its result ``review_pending``; the review normally follows the reply, but when it
    did not (a server stopped in between), reads leave it pending (the statistics count reviewed games only) and the
    player's next new game makes it once its reply is out."""
    from sqlalchemy import select, update

    from web.storage.database import connection, write
    from web.storage.tables import missed_steps, results

    game_id, _game = lose_by_an_avoidable_guess(client, stored_game)

    def review_row() -> Any:
        with app.app_context():
            return connection().execute(
                select(results.c.review_pending, results.c.guesses_avoidable).where(results.c.game_id == game_id)
            ).one()

    assert review_row().review_pending is False
    with app.app_context():
        conn = connection()
        with write(conn):  # as if the review after the reply had not run
            conn.execute(update(results).where(results.c.game_id == game_id).values(
                review_pending=True, guesses_forced=None, guesses_avoidable=None))
            conn.execute(missed_steps.delete().where(missed_steps.c.game_id == game_id))
    for path in ("/api/learn/practice", "/api/learn/progress", "/api/stats", "/learn/yours", "/stats"):
        assert client.get(path).status_code == 200, path
    assert review_row().review_pending is True  # no read wrote it
    assert client.get("/api/learn/practice").json["queue"] == []
    with client.post("/api/games", json={"preset": "beginner"}) as response:  # the reply closed: its hook has run
        assert response.status_code == 201
    row = review_row()
    assert row.review_pending is False and row.guesses_avoidable == 1
    assert [item["last"]["game_id"] for item in client.get("/api/learn/practice").json["queue"]] == [game_id]
