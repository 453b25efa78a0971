"""The Learn section: lesson pages, practice puzzles and answers, progress per session."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from flask.testing import FlaskClient

from explainer.core.board import Board
from explainer.engine.hint import make_hint
from explainer.learn.lessons import shape_result
from explainer.words.lessons import shape_json
from explainer.words.render import Renderer
from explainer.learn.lessons import PATTERN_IDS, lesson_example
from explainer.words.lessons import example_json, lesson_text, lessons_json
from explainer.learn.practice import lesson_cells, puzzle_pattern
from explainer.words.hints import hint_json, hint_text
from tests.support.web_client import answer, new_puzzle, puzzle_board, right_answer, wrong_answer

pytestmark = pytest.mark.databases  # every app test here runs on SQLite and on PostgreSQL


# -- lessons ------------------------------------------------------------------------------


def test_lessons_in_order_with_empty_progress(client: FlaskClient) -> None:
    lessons = client.get("/api/learn/lessons?lang=en").json["lessons"]
    assert [item["id"] for item in lessons] == list(PATTERN_IDS)
    for item, engine in zip(lessons, lessons_json("en"), strict=True):
        assert {key: item[key] for key in engine} == engine
        assert item["progress"] == {"pattern": item["id"], "solved": 0, "answered": 0, "first_try": 0, "accuracy": None}
        assert client.get(item["url"]).status_code == 200


@pytest.mark.parametrize("pattern", PATTERN_IDS)
def test_lesson_page_shows_its_explanation_and_example(client: FlaskClient, pattern: str) -> None:
    html = client.get(f"/learn/{pattern}?lang=en").get_data(as_text=True)
    example = example_json(lesson_example(pattern), "en")
    assert example["explanation"].replace("'", "&#39;") in html
    match = re.search(r'<script id="learn-config" type="application/json">(.*?)</script>', html, re.S)
    assert match
    config = json.loads(match.group(1))
    assert config["lesson"] == pattern and config["example"] == example
    assert 'data-role="example-board"' in html and 'data-role="practice-board"' in html
    for link in re.findall(r'<a [^>]*href="/learn/([^"/]+)"[^>]*>', html):
        assert f'data-lesson="{link}"' in html


def test_lesson_texts_follow_the_language(client: FlaskClient) -> None:
    html = client.get("/learn/one-two-one?lang=de").get_data(as_text=True)
    german = lesson_text("one-two-one", "de")
    assert german.explanation.replace("'", "&#39;") in html
    api = client.get("/api/learn/lessons/one-two-one?lang=de").json["lesson"]
    assert api["explanation"] == german.explanation and api["hint"]["text"] == hint_text(make_hint(Board.parse(api["board"])), "de")


def test_every_lesson_link_of_the_overview_carries_its_id(client: FlaskClient) -> None:
    html = client.get("/learn/").get_data(as_text=True)
    links = re.findall(r'<a href="/learn/([^"]+)" data-lesson="([^"]+)">', html)
    assert [target for target, _ in links] == list(PATTERN_IDS)
    assert all(target == lesson for target, lesson in links)


def test_unknown_lesson_is_404(client: FlaskClient) -> None:
    page = client.get("/learn/two-three")
    assert page.status_code == 404 and page.mimetype == "text/html"
    for method, url in (("get", "/api/learn/lessons/two-three"), ("post", "/api/learn/lessons/two-three/puzzles")):
        response = getattr(client, method)(url, json={})
        assert response.status_code == 404 and "'two-three'" in response.json["error"]


# -- practice -----------------------------------------------------------------------------


@pytest.mark.parametrize("pattern", PATTERN_IDS)
def test_puzzle_teaches_its_pattern_and_keeps_the_answer_on_the_server(client: FlaskClient, pattern: str) -> None:
    puzzle = new_puzzle(client, pattern)
    assert puzzle["pattern"] == pattern and puzzle_pattern(puzzle_board(puzzle)) == pattern
    assert set(puzzle) == {"id", "pattern", "name", "height", "width", "mines", "board", "answers", "solved", "rating"}
    stored = client.get(f"/api/learn/puzzles/{puzzle['id']}").json["puzzle"]
    assert stored == puzzle


def test_right_answer_counts_and_cannot_be_answered_again(client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "simple")
    data = answer(client, puzzle, right_answer(puzzle)).json
    assert data["result"]["status"] == "right" and data["result"]["correct"] and data["result"]["left"] == 0
    assert {cell["verdict"] for cell in data["result"]["cells"]} == {"right"} and data["explanation"] is None
    assert data["progress"] == {"pattern": "simple", "solved": 1, "answered": 1, "first_try": 1, "accuracy": 1.0}
    again = answer(client, puzzle, right_answer(puzzle))
    assert again.status_code == 409 and puzzle["id"] in again.json["error"]


def test_wrong_answer_shows_the_reasoning_and_lowers_first_try_accuracy(client: FlaskClient) -> None:
    first = new_puzzle(client, "one-two")
    assert answer(client, first, right_answer(first)).json["result"]["status"] == "right"
    second = new_puzzle(client, "one-two")
    wrong = wrong_answer(second)
    data = answer(client, second, wrong).json
    assert data["result"]["status"] == "wrong" and data["result"]["wrong_opened"] == wrong["opened"]
    board = puzzle_board(second)
    hint = make_hint(board)
    assert hint.deduction is not None
    shape = shape_result(board, hint.deduction)
    assert shape is not None
    assert data["explanation"] == {**hint_json(hint, "en"), "shape": shape_json(shape, Renderer("en"))}
    # the wrong cell says why, from the view; every cell of the pattern not answered is named as missed
    cell = next(item for item in data["result"]["cells"] if item["verdict"] == "wrong")
    assert cell["cell"] == wrong["opened"][0] and cell["move"] == "open" and cell["text"]
    missed = [item["cell"] for item in data["result"]["cells"] if item["verdict"] == "missed"]
    assert sorted(missed) == sorted(c for c in lesson_cells(board, hint.deduction).to_json() if c not in wrong["opened"])
    assert data["progress"]["solved"] == 1 and data["progress"]["accuracy"] == 0.5
    # trying again after the explanation solves it, but not at the first try
    data = answer(client, second, right_answer(second)).json
    assert data["result"]["status"] == "right"
    assert data["progress"] == {"pattern": "one-two", "solved": 2, "answered": 2, "first_try": 1, "accuracy": 0.5}
    overview = client.get("/learn/").get_data(as_text=True)
    row = re.search(r'<tr data-pattern="one-two">(.*?)</tr>', overview, re.S)
    assert row and 'data-role="solved" data-value="2"' in row.group(1) and 'data-value="0.5"' in row.group(1)


def test_an_answer_without_a_lesson_cell_is_incomplete_and_not_counted(client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "pair")
    board = puzzle_board(puzzle)
    step = make_hint(board).deduction
    assert step is not None
    data = answer(client, puzzle, {"opened": [], "flagged": []}).json
    assert data["result"]["status"] == "incomplete" and data["explanation"] is None
    # not judged, so it reveals nothing: no cell of the lesson, no explanation
    assert data["result"]["missing"] is None and data["result"]["found"] == [] and data["result"]["cells"] == []
    for cell in lesson_cells(board, step).to_json():
        assert str(cell) not in str(data["result"])
    assert data["progress"]["answered"] == 0 and data["puzzle"]["answers"] == 0


def test_a_partial_answer_says_how_many_cells_are_left_and_is_not_counted(client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "one-two-one")
    whole = right_answer(puzzle)
    cells = len(whole["opened"]) + len(whole["flagged"])
    assert cells >= 3
    part = {"opened": whole["opened"][:1], "flagged": []}
    data = answer(client, puzzle, part).json
    assert data["result"]["status"] == "partial" and data["result"]["left"] == cells - 1
    assert data["result"]["text"] == f"No mistake so far: {cells - 1} more cells to find."
    assert data["result"]["missing"] is None and data["explanation"] is None
    assert data["progress"]["answered"] == 0
    assert answer(client, puzzle, whole).json["result"]["status"] == "right"


@pytest.mark.parametrize(
    ("body", "quoted"),
    [
        ({"opened": "A1"}, "'A1'"),
        ({"opened": [[0, 99]]}, "99"),
        ({"flagged": [["a", 0]]}, "'a'"),
        ({"opened": [[0, 0]], "flagged": [[0, 0]]}, "A1"),
    ],
)
def test_bad_answers_are_400_and_quote_the_input(client: FlaskClient, body: dict, quoted: str) -> None:
    puzzle = new_puzzle(client, "simple")
    response = answer(client, puzzle, body)
    assert response.status_code == 400 and quoted in response.json["error"]
    assert client.get("/api/learn/progress").json["progress"]["simple"]["answered"] == 0


def test_answer_must_be_a_json_object(client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "simple")
    assert client.post(f"/api/learn/puzzles/{puzzle['id']}/answer", data="x").status_code == 415
    response = client.post(f"/api/learn/puzzles/{puzzle['id']}/answer", data="[]", content_type="application/json")
    assert response.status_code == 400


def test_puzzles_and_progress_belong_to_the_session(app: Flask, client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "simple")
    answer(client, puzzle, right_answer(puzzle))
    other = app.test_client()
    assert other.get(f"/api/learn/puzzles/{puzzle['id']}").status_code == 404
    response = answer(other, puzzle, right_answer(puzzle))
    assert response.status_code == 404 and puzzle["id"] in response.json["error"]
    assert other.get("/api/learn/progress").json["progress"]["simple"]["solved"] == 0
    assert client.get("/api/learn/progress").json["progress"]["simple"]["solved"] == 1


cells = st.lists(st.lists(st.integers(-2, 9) | st.text(max_size=2) | st.none(), max_size=3), max_size=4)
answer_bodies = st.fixed_dictionaries({}, optional={"opened": cells | st.text(max_size=3), "flagged": cells | st.integers()})


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=answer_bodies | st.lists(st.integers(), max_size=2) | st.none())
def test_no_answer_makes_a_server_error(client: FlaskClient, body: Any) -> None:
    puzzle = new_puzzle(client, "simple")
    response = client.post(f"/api/learn/puzzles/{puzzle['id']}/answer", data=json.dumps(body), content_type="application/json")
    assert response.status_code < 500, response.data
    assert response.status_code in (200, 400), response.json


# -- the game's hint links to its lesson ------------------------------------------------------


def test_game_page_has_the_learn_link_hook(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert 'data-role="learn-link"' in html and 'href="/learn/"' in html


def test_show_your_work_says_whether_the_marked_numbers_prove_the_answer(client: FlaskClient) -> None:
    """The step's own numbers prove a right answer; one number that does not is answered with a placement that fits
    it (the engine's count finds room for the number with those mines) and has the answered cell the other way."""
    puzzle = new_puzzle(client, "one-two")
    board = puzzle_board(puzzle)
    hint = make_hint(board)
    assert hint.deduction is not None
    body = right_answer(puzzle)
    clues = [[cell.row, cell.col] for cell in hint.deduction.clues]
    data = answer(client, puzzle, {**body, "numbers": clues}).json
    assert data["result"]["status"] == "right" and data["work"]["proves"] is True
    assert data["work"]["text"].startswith("Your marked numbers (") and data["work"]["text"].endswith(") prove it.")
    # a single number of the pair does not decide the pair's cells: the reply shows why, true as read (several
    # puzzles: the answered cell beside the number or not)
    from explainer.engine.count import analyze

    for _ in range(6):
        second = new_puzzle(client, "one-two")
        board = puzzle_board(second)
        deduction = make_hint(board).deduction
        assert deduction is not None
        lone = [[deduction.clues[0].row, deduction.clues[0].col]]
        work = answer(client, second, {**right_answer(second), "numbers": lone}).json["work"]
        assert work["proves"] is False and work["cell"] is not None and work["placement"] is not None
        # the placement (its mines; the answered cell the other way) fits the marked number: the engine's count says so
        row, col = lone[0]
        number = row * board.width + col
        around = board.neighbours[number]
        need = board.cells[number] - (around & board.flagged_mask).bit_count()
        cell = tuple(work["cell"])
        answered_open = cell in {tuple(c) for c in right_answer(second)["opened"]}
        index = cell[0] * board.width + cell[1]
        placed = [(1 << (r * board.width + c), 1) for r, c in work["placement"]]
        assert (list(cell) in work["placement"]) is answered_open  # the cell the other way: a mine where it was opened
        unknown = board.covered_mask & ~board.flagged_mask
        assert analyze([(around & unknown, need), (1 << index, 1 if answered_open else 0), *placed], unknown, None).consistent
        assert work["text"].startswith(f"Your marked numbers ({'ABCDEFGH'[col]}{row + 1}) do not prove ")


def test_show_your_work_refuses_a_cell_that_is_not_a_number(client: FlaskClient) -> None:
    puzzle = new_puzzle(client, "one-two")
    board = puzzle_board(puzzle)
    covered = next(i for i in range(board.size) if board.covered_mask >> i & 1)
    row, col = divmod(covered, board.width)
    reply = answer(client, puzzle, {**right_answer(puzzle), "numbers": [[row, col]]})
    assert reply.status_code == 400 and f"{'ABCDEFGH'[col]}{row + 1}" in reply.json["error"]
    assert "not a number" in reply.json["error"]
