"""Statistics, leaderboards, the daily board, board sizes with a mine multiplier,
and mine vision.  Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from sqlalchemy import select, update

from explainer.play.game import Game
from explainer.words.i18n import translations
from web.storage.database import connection, write
from web.storage.tables import games, results, users
from tests.support.web_client import played_for

pytestmark = pytest.mark.databases

PASSWORD = "correct horse battery"


def account(app: Flask, name: str) -> FlaskClient:
    client = app.test_client()
    assert client.post("/api/account/register", json={"username": name, "password": PASSWORD}).status_code == 201
    return client


def old_account(app: Flask, name: str) -> FlaskClient:
    """An account made two days ago (the daily board ranks accounts made before its day)."""
    client = account(app, name)
    with app.app_context():
        conn = connection()
        with write(conn):
            conn.execute(update(users).where(users.c.username == name).values(created_at=time.time() - 2 * 86400))
    return client


def stored(app: Flask, game_id: str) -> Game:
    """The stored game, layout included (tests only)."""
    with app.app_context():
        data = connection().execute(select(games.c.data).where(games.c.id == game_id)).scalar_one()
    return Game.from_dict(json.loads(data))


def new_game(client: FlaskClient, **settings: Any) -> str:
    reply = client.post("/api/games", json={"preset": "beginner", "seed": 7, **settings})
    assert reply.status_code == 201, reply.json
    return str(reply.json["game"]["id"])


def move(client: FlaskClient, game_id: str, action: str, row: int, col: int) -> Any:
    return client.post(f"/api/games/{game_id}/{action}", json={"row": row, "col": col})


def win(app: Flask, client: FlaskClient, game_id: str) -> None:
    game = stored(app, game_id)
    if game.state == "ready":
        assert move(client, game_id, "open", 4, 4).status_code == 200
        game = stored(app, game_id)
    assert game.layout is not None
    for index in range(game.size):
        if game.state != "playing":
            break
        if not (game.layout >> index & 1 or game.revealed >> index & 1):
            assert move(client, game_id, "open", *divmod(index, game.width)).status_code == 200
            played_for(app, game_id, 1.0)  # (a person's pace: a win in milliseconds would not rank)
            game = stored(app, game_id)
    assert game.state == "won"


def lose(app: Flask, client: FlaskClient, game_id: str) -> None:
    assert move(client, game_id, "open", 4, 4).status_code == 200
    game = stored(app, game_id)
    assert game.layout is not None
    mine = (game.layout & -game.layout).bit_length() - 1
    assert move(client, game_id, "open", *divmod(mine, game.width)).json["game"]["state"] == "lost"


def board(client: FlaskClient, kind: str = "beginner", mode: str = "classic") -> dict[str, Any]:
    boards = client.get("/api/stats").json["boards"]
    return next(item for item in boards if item["kind"] == kind and item["mode"] == mode)


def test_a_player_s_figures_per_board_kind(app: Flask, client: FlaskClient) -> None:
    assert client.get("/api/stats").json == {"user": None, "boards": []}
    win(app, client, new_game(client, seed=1))
    lose(app, client, new_game(client, seed=2))
    win(app, client, new_game(client, seed=3))
    win(app, client, new_game(client, seed=4))
    figures = board(client)
    assert (figures["played"], figures["won"], figures["lost"]) == (4, 3, 1)
    assert figures["win_ratio"] == 0.75 and figures["win_ratio_series"] == [1.0, 0.5, 2 / 3, 0.75]
    assert (figures["current_streak"], figures["best_streak"]) == (2, 2)
    assert len(figures["win_times"]) == 3 and figures["best_time"] == min(figures["win_times"])
    assert figures["median_time"] == sorted(figures["win_times"])[1]
    assert figures["guesses"]["reviewed_games"] == 4  # the review ran for each finished game
    assert figures["guesses"]["forced"] + figures["guesses"]["avoidable"] >= 1  # the losing click was a guess
    assert figures["hints"] == 0 and figures["assisted_games"] == 0


def test_an_undone_loss_takes_its_result_back(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(client, seed=2)
    lose(app, client, game_id)
    assert board(client)["lost"] == 1
    assert client.post(f"/api/games/{game_id}/undo", json={}).status_code == 200
    assert client.get("/api/stats").json["boards"] == []


def test_help_makes_a_game_assisted_and_keeps_it_off_the_ranked_tables(app: Flask) -> None:
    ada, bob = account(app, "ada"), account(app, "bob")
    win(app, ada, new_game(ada, seed=1))
    helped = new_game(bob, seed=1)
    move(bob, helped, "open", 4, 4)
    assert bob.get(f"/api/games/{helped}/hint").status_code == 200
    win(app, bob, helped)
    assert board(bob)["assisted_games"] == 1 and board(bob)["hints"] == 1
    tables = ada.get("/api/leaderboards?kind=beginner&mode=classic").json
    assert [row["username"] for row in tables["by_best_time"]] == ["ada"]
    assert [(row["username"], row["assisted"]) for row in tables["assisted"]] == [("bob", ["hint"])]
    assert tables["by_win_ratio"] == []  # nobody has LEADERBOARD_MIN_GAMES games yet


def test_the_win_ratio_table_needs_the_minimum_number_of_games(app: Flask) -> None:
    app.config["LEADERBOARD_MIN_GAMES"] = 2
    ada, bob = account(app, "ada"), account(app, "bob")
    win(app, ada, new_game(ada, seed=1))
    lose(app, ada, new_game(ada, seed=2))
    win(app, bob, new_game(bob, seed=3))
    win(app, bob, new_game(bob, seed=4))
    rows = ada.get("/api/leaderboards?kind=beginner").json["by_win_ratio"]
    assert [(row["rank"], row["username"], row["win_ratio"]) for row in rows] == [(1, "bob", 1.0), (2, "ada", 0.5)]


def test_anonymous_results_follow_the_browser_into_its_account(app: Flask, client: FlaskClient) -> None:
    win(app, client, new_game(client, seed=1))
    client.post("/api/account/register", json={"username": "ada", "password": PASSWORD})
    figures = board(client)
    assert figures["won"] == 1
    # it keeps its statistics but does not rank: a player could keep only the browsers that won
    assert figures["unranked_games"] == 1 and figures["unranked_reasons"] == {"guest": 1}
    assert client.get("/api/leaderboards?kind=beginner").json["by_best_time"] == []


@pytest.mark.parametrize(("query", "message"), [("kind=exp%20ert", "kind must be a preset"), ("mode=speedrun", "unknown mode 'speedrun'")])
def test_bad_leaderboard_questions_are_400(client: FlaskClient, query: str, message: str) -> None:
    reply = client.get(f"/api/leaderboards?{query}")
    assert reply.status_code == 400 and message in reply.json["error"]
    page = client.get(f"/leaderboards?{query}")
    assert page.status_code == 400 and message.replace("'", "&#39;").encode() in page.data


def test_five_sizes_and_a_mine_multiplier(client: FlaskClient) -> None:
    sizes = {}
    for preset in ("mini", "beginner", "intermediate", "expert", "huge"):
        game = client.post("/api/games", json={"preset": preset}).json["game"]
        sizes[preset] = (game["width"], game["height"], game["mines"], game["kind"])
    assert sizes["mini"] == (6, 6, 5, "mini") and sizes["huge"] == (40, 24, 200, "huge")
    game = client.post("/api/games", json={"preset": "expert", "multiplier": 1.2}).json["game"]
    assert (game["mines"], game["kind"]) == (119, "expert*1.2")
    game = client.post("/api/games", json={"preset": "beginner", "multiplier": 0.7}).json["game"]
    assert (game["mines"], game["kind"]) == (7, "beginner*0.7")
    bad = client.post("/api/games", json={"preset": "expert", "multiplier": 2})
    assert bad.status_code == 400 and bad.json["error"] == "multiplier must be one of 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3, got 2"


def test_the_daily_board_is_the_same_for_everyone_and_one_attempt_each(app: Flask) -> None:
    ada, bob = account(app, "ada"), account(app, "bob")
    first = ada.post("/api/daily/expert", json={})
    assert first.status_code == 200 and first.json["new"] is True
    again = ada.post("/api/daily/expert", json={})
    assert again.json["new"] is False and again.json["game"]["id"] == first.json["game"]["id"]
    other = bob.post("/api/daily/expert", json={}).json["game"]
    assert other["board"] == first.json["game"]["board"] and other["mode"] == "no-guess"
    assert other["daily"] == first.json["game"]["daily"] and other["elapsed"] == 0  # the clock waits for the first move
    assert stored(app, other["id"]).layout == stored(app, first.json["game"]["id"]).layout
    assert ada.post("/api/daily/huge", json={}).status_code == 404
    refused = ada.post(f"/api/games/{other['id']}/vision", json={"on": True})
    assert refused.status_code == 404  # bob's game
    refused = ada.post(f"/api/games/{first.json['game']['id']}/vision", json={"on": True})
    assert refused.status_code == 409 and "daily board" in refused.json["error"]


def test_the_daily_board_shows_its_grade_the_grader_s_for_its_layout(app: Flask) -> None:
    from explainer.play.grade import grade_layout

    client = app.test_client()
    boards = {board["preset"]: board for board in client.get("/api/daily").json["boards"]}
    game = client.post("/api/daily/expert", json={}).json["game"]
    record = stored(app, game["id"])
    assert record.layout is not None and record.first_click is not None
    expected = grade_layout(record.height, record.width, record.layout, record.first_click)
    assert boards["expert"]["grade"] == str(expected.name) != "luck"  # a no-guess board
    names = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
    assert boards["expert"]["grade_text"] == f"Grade: {names[str(expected.name)]}"
    german = client.get("/api/daily?lang=de").json["boards"][0]["grade_text"]
    assert german.startswith("Schwierigkeit: ")
    page = client.get("/daily").get_data(as_text=True)
    assert f'data-grade="{expected.name}"' in page


def test_the_daily_board_depends_on_the_secret_key(app: Flask, tmp_path) -> None:
    from web import create_app

    other = create_app({"TESTING": True, "DATABASE_URL": str(tmp_path / "other.db"), "SECRET_KEY": "x" * 40})
    mine = app.test_client().post("/api/daily/beginner", json={}).json["game"]
    theirs = other.test_client().post("/api/daily/beginner", json={}).json["game"]
    assert stored(app, mine["id"]).layout != stored(other, theirs["id"]).layout


def test_the_daily_leaderboard_ranks_first_attempts_by_time(app: Flask) -> None:
    ada, bob = old_account(app, "ada"), old_account(app, "bob")
    for client in (ada, bob):
        game_id = client.post("/api/daily/beginner", json={}).json["game"]["id"]
        win(app, client, game_id)
    with app.app_context():
        conn = connection()
        conn.execute(update(results).where(results.c.owner.like("u:%")).values(seconds=50.0))
        ada_owner = conn.execute(select(games.c.owner).where(games.c.daily.is_not(None))).scalars().all()
    assert len(ada_owner) == 2
    day = ada.get("/api/daily").json
    beginner = next(item for item in day["boards"] if item["preset"] == "beginner")
    assert beginner["players"] == 2 and [row["rank"] for row in beginner["ranked"]] == [1, 2]
    assert {row["username"] for row in beginner["ranked"]} == {"ada", "bob"}
    page = ada.get("/daily")
    assert page.status_code == 200 and b"See your game" in page.data


def test_mine_vision_shows_the_mines_and_marks_the_game_assisted(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(client)
    early = client.post(f"/api/games/{game_id}/vision", json={"on": True})
    assert early.status_code == 409 and "first click" in early.json["error"]
    move(client, game_id, "open", 4, 4)
    assert client.get(f"/api/games/{game_id}").json["game"]["vision"] is None  # nothing shown unless asked
    seen = client.post(f"/api/games/{game_id}/vision", json={"on": True}).json["game"]
    layout = stored(app, game_id).mines().to_json()
    assert seen["vision"]["mines"] == layout and "vision" in seen["summary"]["assisted"]
    off = client.post(f"/api/games/{game_id}/vision", json={"on": False}).json["game"]
    assert off["vision"] is None and "vision" in off["summary"]["assisted"]  # assisted for good
    bad = client.post(f"/api/games/{game_id}/vision", json={"on": "yes"})
    assert bad.status_code == 400 and "'yes'" in bad.json["error"]


def test_mine_vision_shows_how_a_forgiving_save_moved_the_mines(app: Flask, client: FlaskClient) -> None:
    game_id = new_game(client, preset="expert", mode="forgiving", seed=5)
    move(client, game_id, "open", 8, 15)
    client.post(f"/api/games/{game_id}/vision", json={"on": True})
    for _ in range(40):  # open mines until a save happens (an unprovable mine never explodes)
        game = stored(app, game_id)
        if game.extra.get("saves") or game.state != "playing":
            break
        view = game.view()
        covered = [i for i in range(game.size) if view.covered_mask >> i & 1 and game.layout >> i & 1]
        move(client, game_id, "open", *divmod(covered[0], game.width))
    state = client.get(f"/api/games/{game_id}").json["game"]
    assert stored(app, game_id).extra.get("saves") == 1
    moved = state["vision"]["moved"]
    assert len(moved) == 1 and moved[0]["from"] and moved[0]["to"]
    assert state["vision"]["mines"] == stored(app, game_id).mines().to_json()


def test_the_pages(app: Flask, client: FlaskClient) -> None:
    win(app, client, new_game(client, seed=1))
    stats_page = client.get("/stats")
    assert stats_page.status_code == 200 and b'data-role="ratio-chart"' not in stats_page.data  # one game: no line yet
    win(app, client, new_game(client, seed=3))
    stats_page = client.get("/stats")
    assert b'data-role="ratio-chart"' in stats_page.data and b'data-role="time-chart"' in stats_page.data
    assert client.get("/leaderboards?kind=expert*1.2&mode=no-guess").status_code == 200
    assert client.get("/daily").status_code == 200
    german = client.get("/stats?lang=de")
    assert german.status_code == 200


def test_retention_keeps_an_account_s_results(app: Flask) -> None:
    from web.storage.retention import prune

    ada = account(app, "ada")
    anonymous = app.test_client()
    win(app, ada, new_game(ada, seed=1))
    win(app, anonymous, new_game(anonymous, seed=1))
    with app.app_context():
        conn = connection()
        conn.execute(update(results).values(finished_at=time.time() - 90 * 86400))
        conn.execute(update(games).values(updated_at=time.time() - 90 * 86400))
        prune(conn, 30)
        left = conn.execute(select(results.c.owner)).scalars().all()
    assert len(left) == 1 and left[0].startswith("u:")
    assert board(ada)["won"] == 1


def selected(html: str, name: str) -> str:
    """The value chosen in the leaderboards page's ``name`` menu."""
    menu = re.search(rf'<select id="lb-{name}" name="{name}">(.*?)</select>', html, re.S)
    assert menu, f"no {name} menu"
    chosen = re.findall(r'<option value="([^"]*)" selected>', menu.group(1))
    assert len(chosen) == 1, chosen
    return chosen[0]


def leaderboard_choice(client: FlaskClient, query: str = "") -> tuple[str, str]:
    page = client.get(f"/leaderboards{query}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    return selected(html, "kind"), selected(html, "mode")


def test_the_leaderboards_open_on_the_board_and_mode_last_played(app: Flask, client: FlaskClient) -> None:
    assert leaderboard_choice(client) == ("expert", "classic")  # no game yet
    new_game(client, preset="intermediate", mode="strict")
    assert leaderboard_choice(client) == ("intermediate", "strict")  # no finished game yet: the latest one
    win(app, client, new_game(client, preset="expert", seed=3, multiplier=1.2, mode="forgiving"))
    assert leaderboard_choice(client) == ("expert*1.2", "forgiving")
    lose(app, client, new_game(client, seed=2))
    new_game(client, preset="intermediate")  # started, not finished: the last finished game's board still leads
    assert leaderboard_choice(client) == ("beginner", "classic")
    custom = client.post("/api/games", json={"height": 12, "width": 14, "mines": 1, "seed": 5})
    win(app, client, str(custom.json["game"]["id"]))
    assert leaderboard_choice(client) == ("beginner", "classic")  # a custom size has no leaderboard to open on
    # what the query says wins, each of the two on its own
    assert leaderboard_choice(client, "?kind=expert&mode=classic") == ("expert", "classic")
    assert leaderboard_choice(client, "?mode=strict") == ("beginner", "strict")
    assert leaderboard_choice(client, "?kind=huge") == ("huge", "classic")
    assert leaderboard_choice(app.test_client()) == ("expert", "classic")  # another player's games are not theirs


def test_the_leaderboards_open_on_an_account_s_last_board_on_any_browser(app: Flask) -> None:
    ada = account(app, "ada")
    lose(app, ada, new_game(ada, preset="intermediate", seed=4, mode="strict"))
    elsewhere = app.test_client()
    assert elsewhere.post("/api/account/sign-in", json={"username": "ada", "password": PASSWORD}).status_code == 200
    assert leaderboard_choice(elsewhere) == ("intermediate", "strict")


def test_a_leaderboard_kind_that_names_no_board_is_refused(client: FlaskClient) -> None:
    for kind in ("zzz", "zzz*1.2"):
        page = client.get("/leaderboards", query_string={"kind": kind})
        html = page.get_data(as_text=True)
        assert page.status_code == 400 and str(escape(repr(kind))) in html and "× , 0 mines" not in html
    assert client.get("/leaderboards", query_string={"kind": "20x12/50"}).status_code == 200  # a size has a board


def chart(html: str, role: str) -> str:
    found = re.search(rf'<figure class="chart" data-role="{role}">(.*?)</figure>', html, re.S)
    assert found, f"no {role}"
    return found.group(1)


def ticks(svg: str) -> list[str]:
    return re.findall(r'<text class="tick"[^>]*>([^<]*)</text>', svg)


def axis_labels(svg: str) -> list[str]:
    return re.findall(r'<text class="axis-label"[^>]*>([^<]*)</text>', svg)


def test_the_charts_name_their_axes_and_the_values_at_their_ends(app: Flask, client: FlaskClient) -> None:
    from web.pages.charts import Tick, histogram

    win(app, client, new_game(client, seed=1))
    lose(app, client, new_game(client, seed=2))
    win(app, client, new_game(client, seed=3))
    times = board(client)["win_times"]
    html = client.get("/stats").get_data(as_text=True)
    ratio = chart(html, "ratio-chart")
    assert axis_labels(ratio) == ["Games", "Win ratio"]
    assert ticks(ratio) == ["0%", "50%", "100%", "1", "3"]  # up the side, then along the bottom
    assert 'aria-labelledby="chart-1-ratio-title" aria-describedby="chart-1-ratio-desc"' in ratio
    assert '<desc id="chart-1-ratio-desc">Across: Games, from 1 to 3. Up: Win ratio, from 0% to 100%.</desc>' in ratio
    spread = histogram(times)
    assert spread is not None
    low, high = (f"{round(tick.value, 1):g}" for tick in spread.x_ticks)
    assert spread.y_ticks == (Tick(120, 0), Tick(0, spread.most))
    times_chart = chart(html, "time-chart")
    assert axis_labels(times_chart) == ["Seconds", "Wins"]
    assert ticks(times_chart) == ["0", str(spread.most), low, high]
    assert f"Across: Seconds, from {low} to {high}. Up: Wins, from 0 to {spread.most}." in times_chart
    german = client.get("/stats?lang=de").get_data(as_text=True)
    assert axis_labels(chart(german, "ratio-chart"))[1] == translations("de").gettext("Win ratio") != "Win ratio"
    assert "Siegquote" in chart(german, "ratio-chart").split("<desc", 1)[1].split("</desc>", 1)[0]  # described in German too


def test_the_chart_ticks_mark_the_ends_of_each_axis() -> None:
    from web.pages.charts import HEIGHT, WIDTH, Tick, histogram, ratio_line

    line = ratio_line([1.0, 0.5, 2 / 3, 0.75])
    assert line is not None
    assert line.x_ticks == (Tick(0, 1), Tick(WIDTH, 4))
    assert line.y_ticks == (Tick(HEIGHT, 0.0), Tick(HEIGHT / 2, 0.5), Tick(0, 1.0))
    spread = histogram([12.0, 30.0, 14.5, 20.0], bins=4)
    assert spread is not None
    assert spread.x_ticks == (Tick(0, 12.0), Tick(WIDTH, 30.0)) and spread.y_ticks == (Tick(HEIGHT, 0), Tick(0, 2))
