"""Positions from anywhere over the API: import in every format, analysis (checked by the proof
checker), export and round trips, share links, a game from a position, a game's position and export."""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from flask.testing import FlaskClient

from explainer.core.board import Board
from explainer.formats import FORMATS, Position, read, write
from explainer.play.game import Game
from tests.oracles.proofs import check_solution
from web.api.positions import MAX_WRONG_FLAGS
from web.replies.positions import position_from_query
from web.pages.analysis import SAMPLE

#: a 4 x 3 position with its layout: mines at A1 and D3
LAYOUT_BOARD = "mines 2\n?1..\n1111\n..1?\n"
LAYOUT = [[0, 0], [2, 3]]
#: the same layout as each format writes it (the view of LAYOUT_BOARD where the format holds a view)
FILES = {
    "text": "mines 2\n?1..\n1111\n..1?\n",
    "tiles": "MH,1V,0V,0V\n1V,1V,1V,1V\n0V,0V,1V,MH\n",
    "jsm": "4x3x2\nH100\n1111\n001H\n",
    "link": "b=0403&m=g08\n",
}


def post(client: FlaskClient, path: str, body: dict[str, Any], lang: str = "en") -> Any:
    return client.post(f"/api/positions/{path}?lang={lang}", json=body)


@pytest.mark.parametrize("name", sorted(FILES))
def test_import_reads_each_format_detected_or_named(client: FlaskClient, name: str) -> None:
    for body in ({"content": FILES[name]}, {"content": FILES[name], "format": name}):
        reply = post(client, "import", body)
        assert reply.status_code == 200, reply.json
        assert reply.json["format"] == name
        position = reply.json["position"]
        assert (position["height"], position["width"], position["mines"]) == (3, 4, 2)
        if name in ("tiles", "link"):
            assert position["layout"] == LAYOUT
        else:
            assert position["layout"] is None
        if name != "link":  # a link holds the layout alone: every cell covered
            assert Board.parse(position["board"]) == Board.parse(LAYOUT_BOARD)


def test_import_reads_binary_mbf_sent_as_base64(client: FlaskClient) -> None:
    data = bytes([4, 3, 0, 2, 0, 0, 3, 2])
    reply = post(client, "import", {"content": base64.b64encode(data).decode(), "base64": True})
    assert reply.status_code == 200 and reply.json["format"] == "mbf"
    assert reply.json["position"]["layout"] == LAYOUT
    assert set(reply.json["position"]["formats"]) == set(FORMATS)


@pytest.mark.parametrize(
    ("body", "lang", "expected"),
    [
        ({"content": "1V,1X\n"}, "en", "line 1, column 2: expected a tile like 1V, 0H, MF"),
        ({"content": "1V,1X\n"}, "de", "Zeile 1, Spalte 2"),
        ({"content": "1V,1V\nMH,2H\n"}, "en", "line 2, column 2 (row 2, column 2): expected 1 (its mined neighbours), found 2"),
        ({"content": "2x2x1\nH1\nHX\n"}, "en", "line 3, column 2: expected 0-8, H, F, ? or M, got 'X'"),
        ({"content": "??\n?9\n"}, "en", "line 2: unknown character '9'"),
        ({"content": "BAMA", "base64": True, "format": "mbf"}, "en", "byte 3: the file ends inside its 4-byte header"),
        ({"content": "not base64!", "base64": True}, "en", "content is not valid base64"),
        ({"content": 7}, "en", "content must be text, got 7"),
        ({"content": "??", "format": "xls"}, "en", "format must be one of text, tiles, jsm, mbf, link, got 'xls'"),
    ],
)
def test_a_bad_file_gets_a_precise_translated_400(client: FlaskClient, body: dict[str, Any], lang: str, expected: str) -> None:
    reply = post(client, "import", body, lang)
    assert reply.status_code == 400 and expected in reply.json["error"], reply.json


def test_the_size_limit_is_checked_before_parsing(app: Any, client: FlaskClient) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 1024 * 1024
    reply = post(client, "import", {"content": "?" * (256 * 1024 + 1)})
    assert reply.status_code == 400 and "the limit is 262,144" in reply.json["error"]


def test_the_analysis_is_the_engine_on_the_view_with_checked_proofs(client: FlaskClient) -> None:
    reply = post(client, "analysis", {"board": SAMPLE})
    assert reply.status_code == 200, reply.json
    data = reply.json
    board = Board.parse(SAMPLE)
    check_solution(board, data["solution"])  # every step replayed, every figure recomputed
    deductions = data["solution"]["deductions"]
    assert deductions and all(item["highlights"] and item["proof"] and item["text"] for item in deductions)
    assert data["hint"]["kind"] == "wrong_flag" and data["hint"]["cell"] == [7, 6]
    assert data["hint"]["chain"] and data["hint"]["lead"]
    assert [hint["cell"] for hint in data["wrong_flags"]] == [[7, 6]]
    assert data["overlay"]["probabilities"][0][0] is not None
    assert data["position"]["formats"] == ["text", "jsm"] and data["position"]["layout"] is None


def test_the_layout_sent_with_a_position_never_reaches_the_engine(client: FlaskClient) -> None:
    bare = post(client, "analysis", {"board": LAYOUT_BOARD}).json
    known = post(client, "analysis", {"board": LAYOUT_BOARD, "layout": LAYOUT}).json
    assert known["position"]["layout"] == LAYOUT and bare["position"]["layout"] is None
    for key in ("hint", "solution", "overlay", "wrong_flags"):
        assert known[key] == bare[key]


def test_numbers_that_cannot_all_hold_are_named(client: FlaskClient) -> None:
    reply = post(client, "analysis", {"board": "mines 1\n?2?\n???\n"}, "de").json
    assert reply["solution"]["consistent"] is False and reply["solution"]["conflict"]
    assert reply["hint"]["kind"] == "inconsistent" and reply["solution"]["text"] and reply["overlay"] is None


def test_wrong_flags_explained_are_capped(client: FlaskClient) -> None:
    rows = ["F" * 12, "." * 12]  # twelve flags on the neighbours of 0s: all wrong
    reply = post(client, "analysis", {"board": "\n".join(rows)})
    assert reply.status_code == 200
    assert len(reply.json["solution"]["wrong_flags"]) == 12 and len(reply.json["wrong_flags"]) == MAX_WRONG_FLAGS


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ({"board": "??\n?9\n"}, "line 2: unknown character '9'"),
        ({"board": 3}, "board must be text, got 3"),
        ({"board": "??\n??\n", "layout": [[2, 0]]}, "layout: [2, 0] is not a cell [row, col] of the 2 x 2 board"),
        ({"board": "??\n??\n", "layout": "a1"}, "layout must be a list, got 'a1'"),
        ({"board": "mines 2\n??\n??\n", "layout": [[0, 0]]}, "the board says 2 mines but the layout has 1"),
        ({"board": "1?\n??\n", "layout": [[1, 1], [0, 1]]}, "the 1 at A1 does not match the layout"),
    ],
)
def test_a_bad_position_is_a_400_quoting_it(client: FlaskClient, body: dict[str, Any], expected: str) -> None:
    reply = post(client, "analysis", body)
    assert reply.status_code == 400 and expected in reply.json["error"], reply.json


@pytest.mark.parametrize("name", FORMATS)
def test_export_then_import_gives_the_position_back(client: FlaskClient, name: str) -> None:
    body = {"board": LAYOUT_BOARD, "layout": LAYOUT, "format": name}
    exported = post(client, "export", body)
    assert exported.status_code == 200, exported.json
    file = exported.json
    assert file["format"] == name and file["filename"].startswith("position-")
    data = base64.b64decode(file["base64"]) if name == "mbf" else file["content"].encode()
    position = read(data, name)
    original = Position(Board.parse(LAYOUT_BOARD), 1 << 0 | 1 << 11)
    if name in ("mbf", "link"):  # the layout alone
        assert position.layout == original.layout and all(state == -1 for state in position.view.cells)
    elif name in ("text", "jsm"):  # the view alone
        assert position.view == original.view and position.layout is None
    else:
        assert position == original
    assert write(position, name) == data


def test_a_format_that_cannot_hold_the_position_says_so(client: FlaskClient) -> None:
    reply = post(client, "export", {"board": "??\n1?\n", "format": "mbf"})
    assert reply.status_code == 400 and "MBF holds a layout" in reply.json["error"]
    reply = post(client, "export", {"board": "??\n1?\n", "format": "jsm"})
    assert reply.status_code == 400 and "needs the mine count" in reply.json["error"]


def test_a_share_link_opens_the_same_position(client: FlaskClient) -> None:
    for body in ({"board": SAMPLE}, {"board": LAYOUT_BOARD, "layout": LAYOUT}, {"board": "??1\n?F.\n"}):
        share = post(client, "analysis", body).json["position"]["share"]
        parts = urlsplit(share)
        assert parts.path == "/analysis"
        position = position_from_query(dict(parse_qsl(parts.query)))
        assert position is not None
        assert position.view == Board.parse(body["board"]) or position.view.cells == Board.parse(body["board"]).cells
        assert position.layout == (None if "layout" not in body else 1 << 0 | 1 << 11)
        page = client.get(share)
        assert page.status_code == 200 and b'"position": {"board"' in page.data


def test_the_analysers_layout_link_opens_on_the_analysis_page(client: FlaskClient) -> None:
    page = client.get("/analysis?b=0403&m=g08")
    assert page.status_code == 200 and b'"layout": [[0, 0], [2, 3]]' in page.data
    bad = client.get("/analysis?b=0403&m=g0&lang=de")
    assert bad.status_code == 200 and b'"position": null' in bad.data
    assert b'"error": "m=:' in bad.data  # the reason, translated, with the link's own tokens kept


def test_a_game_from_a_position_plays_its_layout(client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game]) -> None:
    board = "mines 2\n?1..\n1111\n????\n"  # the bottom row still covered
    reply = post(client, "game", {"board": board, "layout": LAYOUT})
    assert reply.status_code == 201, reply.json
    game = reply.json["game"]
    assert game["state"] == "playing" and game["board"] == ["?1..", "1111", "????"]
    stored = stored_game(client, game["id"])
    assert stored.layout == 1 << 0 | 1 << 11
    assert {entry["by"] for entry in stored.history} == {"game"}  # the position's cells: not the player's moves
    assert client.get("/api/games/" + game["id"]).status_code == 200
    opened = client.post(f"/api/games/{game['id']}/open", json={"row": 2, "col": 0})
    assert opened.status_code == 200 and opened.json["game"]["board"][2] == "..1?"
    assert opened.json["game"]["state"] == "won"


def test_a_game_needs_a_layout_and_a_board_that_fits(client: FlaskClient) -> None:
    reply = post(client, "game", {"board": "??\n??\n"})
    assert reply.status_code == 400 and reply.json["error"] == "layout is missing"
    wide = "?" * 60
    reply = post(client, "game", {"board": wide + "\n" + wide + "\n", "layout": [[0, 0]]})
    assert reply.status_code == 400 and "width must be 2 to 50 columns, got 60" in reply.json["error"]


def test_a_games_position_shows_its_layout_only_once_it_is_over(client: FlaskClient) -> None:
    game = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]
    client.post(f"/api/games/{game['id']}/open", json={"row": 4, "col": 4})
    position = client.get(f"/api/games/{game['id']}/position").json["position"]
    assert position["layout"] is None and "m=" not in position["share"]
    assert client.get(f"/api/games/{game['id']}/export?format=text").json["content"].startswith("mines 10")
    hidden = client.get(f"/api/games/{game['id']}/export?format=tiles")
    assert hidden.status_code == 409 and "stay hidden until the game is over" in hidden.json["error"]
    redirect = client.get(f"/games/{game['id']}/analysis")
    assert redirect.status_code == 302 and "m=" not in redirect.headers["Location"]
    # lose, accept: now the layout may be shown
    layout = [divmod(i, 9) for i in range(81)]
    for row, col in layout:
        state = client.post(f"/api/games/{game['id']}/open", json={"row": row, "col": col})
        if state.json.get("game", {}).get("state") == "lost":
            break
    client.post(f"/api/games/{game['id']}/accept", json={})
    position = client.get(f"/api/games/{game['id']}/position").json["position"]
    assert position["layout"] is not None and len(position["layout"]) == 10 and "m=" in position["share"]
    file = client.get(f"/api/games/{game['id']}/export?format=mbf").json
    assert read(base64.b64decode(file["base64"]), "mbf").layout is not None
    assert client.get("/api/games/nope/position").status_code == 404
