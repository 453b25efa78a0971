"""Storm and Streak over the API: the server deals the puzzles and keeps the clock, a wrong answer costs a storm
ten seconds and ends a streak, the misses are explained once the run is over, a player has one run at a time, and
only runs started signed in and answered at a person's pace enter the leaderboard."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from explainer.learn.runs import STORM_SECONDS, WRONG_COSTS
from web.storage.database import connection, write
from web.storage.tables import training_runs

from tests.support.web_client import right_answer, wrong_answer

pytestmark = pytest.mark.databases

PASSWORD = "correct horse battery staple"


def _start(client: FlaskClient, kind: str) -> dict[str, Any]:
    reply = client.post("/api/learn/runs", json={"kind": kind})
    assert reply.status_code == 201, reply.json
    assert reply.headers["Location"] == reply.json["run"]["url"]
    run: dict[str, Any] = reply.json["run"]
    return run


def _answer(client: FlaskClient, run: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post(f"/api/learn/runs/{run['id']}/answer", json=body)


def _row(app: Flask, run_id: str) -> Any:
    with app.app_context():
        return connection().execute(select(training_runs).where(training_runs.c.id == run_id)).first()


def _set(app: Flask, run_id: str, **values: Any) -> None:
    with app.app_context():
        conn = connection()
        with write(conn):
            conn.execute(update(training_runs).where(training_runs.c.id == run_id).values(**values))


def _slowly(app: Flask, run_id: str) -> None:
    """The current puzzle was served five seconds ago: an answer now is at a person's pace."""
    row = _row(app, run_id)
    _set(app, run_id, served_at=row.served_at - 5)


def test_a_storm_scores_right_answers_and_a_wrong_one_costs_ten_seconds(app: Flask, client: FlaskClient) -> None:
    run = _start(client, "storm")
    assert run["kind"] == "storm" and not run["over"] and run["score"] == run["wrong"] == 0
    assert STORM_SECONDS - 2 <= run["seconds_left"] <= STORM_SECONDS
    first = run["puzzle"]
    assert first["number"] == 1 and first["board"] and first["rating"] > 0

    right = _answer(client, run, right_answer(first)).json
    assert right["counted"] and right["result"]["status"] in ("right", "partial") and right["explanation"] is None
    assert right["run"]["score"] == 1 and right["run"]["puzzle"]["number"] == 2

    before = right["run"]["seconds_left"]
    wrong = _answer(client, run, wrong_answer(right["run"]["puzzle"])).json
    assert wrong["counted"] and wrong["result"]["status"] == "wrong"
    assert wrong["explanation"]["text"]  # the step there was
    after = wrong["run"]
    assert after["wrong"] == 1 and after["score"] == 1 and after["puzzle"]["number"] == 3  # the storm moves on
    assert before - WRONG_COSTS - 2 <= after["seconds_left"] <= before - WRONG_COSTS
    assert after["misses"] == []  # explained once the run is over
    assert _row(app, run["id"]).ends_at == pytest.approx(_row(app, run["id"]).started_at + STORM_SECONDS - WRONG_COSTS)


def test_an_answer_that_finds_none_of_the_step_is_not_counted(client: FlaskClient) -> None:
    run = _start(client, "storm")
    reply = _answer(client, run, {"opened": [], "flagged": []}).json
    assert not reply["counted"] and reply["result"]["status"] == "incomplete"
    assert reply["run"]["puzzle"] == run["puzzle"] and reply["run"]["score"] == reply["run"]["wrong"] == 0


def test_when_the_storm_s_time_is_up_the_run_is_over_and_its_misses_are_explained(app: Flask, client: FlaskClient) -> None:
    run = _start(client, "storm")
    missed = run["puzzle"]
    _answer(client, run, wrong_answer(missed))
    row = _row(app, run["id"])
    _set(app, run["id"], started_at=row.started_at - STORM_SECONDS, ends_at=row.started_at - 1)
    over = client.get(run["url"]).json["run"]
    assert over["over"] and over["puzzle"] is None and over["seconds_left"] == 0
    assert _row(app, run["id"]).finished_at is None  # a read writes nothing: the clock says it is over
    [miss] = over["misses"]
    assert miss["number"] == 1 and miss["board"] == missed["board"] and miss["name"] == missed["name"]
    assert miss["result"]["status"] == "wrong" and miss["explanation"]["text"]
    late = _answer(client, run, right_answer(missed))
    assert late.status_code == 409 and "over" in late.json["error"]


def test_a_streak_ends_at_its_first_wrong_answer(client: FlaskClient) -> None:
    run = _start(client, "streak")
    assert run["seconds_left"] is None
    solved = _answer(client, run, right_answer(run["puzzle"])).json["run"]
    assert solved["score"] == 1 and not solved["over"]
    ended = _answer(client, run, wrong_answer(solved["puzzle"])).json
    assert ended["run"]["over"] and ended["run"]["score"] == 1 and ended["run"]["puzzle"] is None
    assert [miss["number"] for miss in ended["run"]["misses"]] == [2]
    assert ended["run"]["best"] == 1
    assert ended["run"]["summary"] == "Streak over. You solved 1 puzzle in a row." and solved["summary"] is None
    assert _answer(client, run, right_answer(solved["puzzle"])).status_code == 409


def test_one_run_at_a_time_starting_another_ends_the_first_at_its_score(client: FlaskClient) -> None:
    first = _start(client, "streak")
    _answer(client, first, right_answer(first["puzzle"]))
    second = _start(client, "storm")
    ended = client.get(first["url"]).json["run"]
    assert ended["over"] and ended["score"] == 1
    assert not client.get(second["url"]).json["run"]["over"]


def test_a_run_is_the_player_s_own(app: Flask, client: FlaskClient) -> None:
    run = _start(client, "storm")
    other = app.test_client()
    assert other.get(run["url"]).status_code == 404
    assert _answer(other, run, {"opened": [], "flagged": []}).status_code == 404


def test_runs_rise_in_difficulty(client: FlaskClient) -> None:
    run = _start(client, "streak")
    ratings = [run["puzzle"]["rating"]]
    for _ in range(12):  # a streak aims 35 points higher each puzzle: from one number (about 950) to two (about 1450)
        run = _answer(client, run, right_answer(run["puzzle"])).json["run"]
        ratings.append(run["puzzle"]["rating"])
    assert sum(ratings[-3:]) > sum(ratings[:3]) + 3 * 200, ratings


def test_only_runs_started_signed_in_and_played_at_a_person_s_pace_rank(app: Flask, client: FlaskClient) -> None:
    guest = _start(client, "storm")
    _slowly(app, guest["id"])
    assert not _answer(client, guest, right_answer(guest["puzzle"])).json["run"]["ranked"]

    ada = app.test_client()
    assert ada.post("/api/account/register", json={"username": "ada", "password": PASSWORD}).status_code == 201
    run = _start(ada, "storm")
    assert run["ranked"]
    for _ in range(2):
        _slowly(app, run["id"])
        run = _answer(ada, run, right_answer(run["puzzle"])).json["run"]
    assert run["ranked"] and run["score"] == 2

    bot = app.test_client()
    assert bot.post("/api/account/register", json={"username": "bot", "password": PASSWORD}).status_code == 201
    fast = _start(bot, "storm")
    fast = _answer(bot, fast, right_answer(fast["puzzle"])).json["run"]  # at once: a script's pace
    assert not fast["ranked"] and fast["score"] == 1

    standings = ada.get("/api/learn/runs/standings").json
    assert standings["storm"] == {"best": 2, "leaderboard": [{"username": "ada", "score": 2}]}
    assert standings["streak"] == {"best": None, "leaderboard": []}
    assert bot.get("/api/learn/runs/standings").json["storm"]["best"] == 1
