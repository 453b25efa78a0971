"""Rated practice over the API: a puzzle carries its difficulty, a first attempt moves the player's ratings (in the
technique and overall) and the puzzle's, puzzles come from a shared pool near the player's rating, and ratings follow
the player to their account."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from web.storage.database import connection, write
from web.storage.tables import ACCOUNT_PREFIX, practice_ratings, puzzle_pool

from tests.support.web_client import answer, new_puzzle, right_answer, session_owner, wrong_answer

pytestmark = pytest.mark.databases


def _pool(app: Flask) -> list[Any]:
    with app.app_context():
        return list(connection().execute(select(puzzle_pool)).all())


def test_a_first_attempt_moves_the_player_and_the_puzzle_and_later_ones_do_not(app: Flask, client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "simple")
    [pooled] = _pool(app)
    assert puzzle["rating"] == round(pooled.mu) and pooled.attempts == 0
    first = answer(client, puzzle, wrong_answer(puzzle)).json
    change = first["rating"]
    assert change["technique"] == "simple" and change["before"] == change["overall_before"] == 1500
    assert change["after"] < 1500 and change["overall_after"] < 1500  # a miss lowers the player
    [after] = _pool(app)
    assert after.attempts == 1 and after.mu > pooled.mu  # and raises the puzzle
    again = answer(client, puzzle, right_answer(puzzle)).json
    assert again["result"]["status"] == "right" and again["rating"] is None  # only the first attempt is rated
    assert again["puzzle"]["rating"] == round(after.mu)
    ratings = client.get("/api/learn/progress").json["ratings"]
    assert ratings == {"simple": change["after"], "overall": change["overall_after"]}

    solved = new_puzzle(client, "pair")
    rising = answer(client, solved, right_answer(solved)).json["rating"]
    assert rising["before"] == 1500 < rising["after"]  # a technique of its own
    assert rising["overall_before"] == change["overall_after"] < rising["overall_after"]


def test_an_incomplete_answer_moves_no_rating(client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "simple")
    assert answer(client, puzzle, {"opened": [], "flagged": []}).json["rating"] is None
    assert client.get("/api/learn/progress").json["ratings"] == {}


def test_the_next_puzzle_is_the_pool_s_nearest_the_player_s_rating_not_had_yet(app: Flask, client: FlaskClient) -> None:
    other = app.test_client()
    made = new_puzzle(other, "one-two")
    with app.app_context():
        conn = connection()
        with write(conn):  # the pool's puzzle made at the player's own level
            conn.execute(update(puzzle_pool).values(mu=1500.0))
    served = new_puzzle(client, "one-two")
    assert served["board"] == made["board"] and served["rating"] == 1500  # from the pool: nothing generated
    assert len(_pool(app)) == 1
    fresh = new_puzzle(client, "one-two")  # the player has had the pool's only one: a new one joins the pool
    assert fresh["board"] != made["board"] and len(_pool(app)) == 2


def test_far_puzzles_are_served_only_once_the_pool_is_full(app: Flask, client: FlaskClient,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from web.storage import ratings

    new_puzzle(app.test_client(), "one-two")  # a pool puzzle near 1450, far from a player rated 2200
    client.get("/api/learn/progress")  # (the session starts)
    with app.app_context():
        conn = connection()
        with write(conn):
            conn.execute(practice_ratings.insert().values(owner=session_owner(client), technique="one-two", mu=2200.0,
                                                          sigma=100.0, attempts=9, updated_at=0.0))
    new_puzzle(client, "one-two")
    assert len(_pool(app)) == 2  # none near: a new one
    monkeypatch.setattr(ratings, "POOL_SIZE", 2)
    new_puzzle(client, "one-two")
    assert len(_pool(app)) == 2  # the pool is full: its nearest, however far


def test_ratings_move_to_the_account_at_sign_up(app: Flask, client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "simple")
    rating = answer(client, puzzle, right_answer(puzzle)).json["rating"]["after"]
    reply = client.post("/api/account/register", json={"username": "ada", "password": "correct horse battery"})
    assert reply.status_code == 201, reply.json
    assert client.get("/api/learn/progress").json["ratings"]["simple"] == rating
    with app.app_context():
        owners = set(connection().execute(select(practice_ratings.c.owner)).scalars())
    assert len(owners) == 1 and next(iter(owners)).startswith(ACCOUNT_PREFIX)


def test_the_fill_command_makes_each_pool_ahead_of_time_and_requests_are_then_served_from_it(app: Flask,
                                                                                           client: FlaskClient) -> None:
    runner = app.test_cli_runner()
    result = runner.invoke(args=["puzzles", "fill", "--size", "3", "--lesson", "simple"])
    assert result.exit_code == 0, result.output
    assert result.output == "simple: 3 made, 3 in the pool\n"
    assert len(_pool(app)) == 3
    again = runner.invoke(args=["puzzles", "fill", "--size", "3", "--lesson", "simple"])
    assert again.output == "simple: 0 made, 3 in the pool\n"
    with app.app_context():
        conn = connection()
        with write(conn):
            conn.execute(update(puzzle_pool).values(mu=1500.0))  # all near a new player
    boards = {tuple(new_puzzle(client, "simple")["board"]) for _ in range(3)}
    assert len(boards) == 3 and len(_pool(app)) == 3  # three different puzzles, none made
    bad = runner.invoke(args=["puzzles", "fill", "--lesson", "nonsense"])
    assert bad.exit_code == 2 and "'nonsense' is not one of" in bad.output


def test_the_learn_page_shows_each_rating_its_trend_and_its_last_values(app: Flask, client: FlaskClient) -> None:
    import re
    import time

    from web.storage import ratings

    page = client.get("/learn/").get_data(as_text=True)
    assert "not rated yet" in page and 'data-role="unrated"' in page and 'data-role="rating-value"' not in page
    solved = []
    for _ in range(2):
        puzzle = new_puzzle(client, "simple")
        solved.append(answer(client, puzzle, right_answer(puzzle)).json["rating"])
    page = client.get("/learn/").get_data(as_text=True)
    row = page[page.index('<tr data-pattern="simple">'):]
    row = row[:row.index("</tr>")]
    shown = int(re.search(r'data-role="rating-value">(\d+)<', row).group(1))
    assert shown == solved[-1]["after"]
    trend = int(re.search(r'data-role="rating-trend" data-value="(-?\d+)"', row).group(1))
    assert trend == shown - 1500  # all since the player started: from 1500
    assert row.count('class="rating-bar"') == 2 and "Your last ratings: " in row
    overall = page[page.index('data-role="overall-rating"'):]
    assert f'data-role="rating-value">{solved[-1]["overall_after"]}<' in overall[:overall.index("</p>")]
    # a week on: the trend counts from the last rating before the week, and the chart keeps the last values
    owner = session_owner(client)
    with app.app_context():
        later = ratings.progress(owner, now=time.time() + 8 * 86400)
    assert later["simple"].trend == 0 and later["simple"].recent == (solved[0]["after"], solved[1]["after"])
