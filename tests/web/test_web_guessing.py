"""The guessing course over the API and its pages: a practice puzzle is a view where a guess is due, a pick is
judged from that view's exact probabilities (which come back to show why), and every lesson has its page."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.engine.solve import solve
from explainer.learn.guessing import GuessTopic

pytestmark = pytest.mark.databases


def _puzzle(client: FlaskClient) -> dict[str, Any]:
    reply = client.post("/api/learn/guessing/safest/puzzles", json={})
    assert reply.status_code == 200, reply.json
    puzzle: dict[str, Any] = reply.json["puzzle"]
    return puzzle


def _board(puzzle: dict[str, Any]) -> Board:
    return Board.parse("\n".join([f"mines {puzzle['mines']}", *puzzle["board"]]) + "\n")


def test_a_pick_is_judged_and_the_probabilities_come_back(client: FlaskClient) -> None:
    puzzle = _puzzle(client)
    assert puzzle["topic"] == "safest" and puzzle["name"] == "The safest cell"
    board = _board(puzzle)
    solution = solve(board)
    lowest, safest = solution.safest()
    covered = board.covered_mask & ~board.flagged_mask
    riskiest = max(iter_bits(covered), key=lambda index: solution.probabilities[index])

    right = client.post("/api/learn/guessing/safest/answer", json={"seed": puzzle["seed"], "cell": next(iter(safest)).to_json()}).json
    assert right["verdict"]["right"] and right["verdict"]["text"].startswith("Right: ")
    assert right["verdict"]["answers"] == safest.to_json()
    assert right["overlay"]["safest"]["cells"] == safest.to_json() and right["overlay"]["safest"]["probability"] == lowest

    cell = list(divmod(riskiest, board.width))
    wrong = client.post("/api/learn/guessing/safest/answer", json={"seed": puzzle["seed"], "cell": cell}).json["verdict"]
    assert not wrong["right"] and wrong["cell"] == cell
    assert right["overlay"]["percent"][cell[0]][cell[1]] in wrong["text"]


def test_a_fifty_fifty_puzzle_is_answered_by_a_cell_of_its_pair(client: FlaskClient) -> None:
    reply = client.post("/api/learn/guessing/fifty-fifty/puzzles", json={})
    assert reply.status_code == 200, reply.json
    puzzle = reply.json["puzzle"]
    board = _board(puzzle)
    halves = [index for index in iter_bits(board.covered_mask & ~board.flagged_mask)
              if solve(board).probabilities[index] == 0.5]
    verdicts = [client.post("/api/learn/guessing/fifty-fifty/answer",
                            json={"seed": puzzle["seed"], "cell": list(divmod(index, board.width))}).json["verdict"]
                for index in halves]
    right = [verdict for verdict in verdicts if verdict["right"]]
    assert len(right) >= 2 and all("50/50" in verdict["text"] for verdict in right)
    assert all(verdict["cell"] in verdict["answers"] for verdict in right)


def test_bad_picks_and_topics_are_refused(client: FlaskClient) -> None:
    puzzle = _puzzle(client)
    board = _board(puzzle)
    opened = next(iter_bits(~board.covered_mask & ((1 << board.height * board.width) - 1)))
    reply = client.post("/api/learn/guessing/safest/answer", json={"seed": puzzle["seed"], "cell": list(divmod(opened, board.width))})
    assert reply.status_code == 400 and "covered" in reply.json["error"]
    assert client.post("/api/learn/guessing/survive/puzzles", json={}).status_code == 409  # no practice for it
    assert client.post("/api/learn/guessing/bluffing/puzzles", json={}).status_code == 404
    assert client.post("/api/learn/guessing/safest/answer", json={"seed": -1, "cell": [0, 0]}).status_code == 400


@pytest.mark.parametrize("topic", [str(topic) for topic in GuessTopic])
def test_every_lesson_has_its_page_and_the_index_links_them(client: FlaskClient, topic: str) -> None:
    page = client.get(f"/learn/guessing/{topic}")
    assert page.status_code == 200 and b'data-role="example-board"' in page.data
    assert (b'data-role="guess-practice"' in page.data) == (topic in ("safest", "fifty-fifty"))
    assert f'data-topic="{topic}"'.encode() in client.get("/learn/").data
    assert client.get("/learn/guessing/bluffing").status_code == 404
