"""Replay videos of the community's programs (``explainer.play.videos``): an ``.evf`` that
``ms_toollib`` writes becomes the game it recorded, whose review judges every move; a corrupt or
random file gets a clean error (the library's panics stay in the child, no ``crash.log`` is left);
the size is checked before anything is parsed; the web import and the command line."""

from __future__ import annotations

import base64
import os
import random
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explainer.engine.hint import make_hint
from explainer.formats import videos
from explainer.play.game import Game, GameState
from explainer.play.history import play_time
from explainer.play.moves import flag_cell, open_cell
from explainer.review import review
from explainer.formats.videos import MAX_VIDEO_BYTES, PROGRAMS, VideoError, read_video, video_kind
from explainer.play.videos import from_video, to_evf

from tests.formats.videos import avf, evf, mvf, rmv

MINES = {(0, 3), (3, 0), (4, 4)}
#: a 5 x 5 game: the opening at A1, a flag on D1, then the three cells left (the last wins)
WON = [("open", (0, 0)), ("flag", (0, 3)), ("open", (0, 4)), ("open", (4, 0)), ("open", (4, 3))]


def test_an_evf_becomes_the_game_it_recorded() -> None:
    game = from_video(evf(5, 5, MINES, WON), "evf")
    assert game.state == "won" and game.layout == sum(1 << (r * 5 + c) for r, c in MINES)
    moves = [(entry["action"], tuple(entry["cell"])) for entry in game.history]
    assert moves == [("open", (0, 0)), ("flag", (0, 3)), ("open", (0, 4)), ("open", (4, 0))]  # (4, 3) had opened
    assert all(entry["t"] is not None and entry["t"] >= 0 for entry in game.history)
    statistics = game.extra["video"]["statistics"]
    judged = review(game)
    assert statistics["bbbv"] == judged.summary.bbbv  # ms_toollib's 3BV and ours
    assert [item.verdict for item in judged.moves][1:] == ["certain", "certain", "certain"]


def test_a_viennasweeper_rmv_keeps_the_game_s_times() -> None:
    """An .rmv built from the format (``tests/videos.rmv``), its events 125 ms apart: the moves and their times."""
    game = from_video(rmv(5, 5, MINES, WON[:4], step_ms=250), "rmv")
    assert game.state == "won"
    assert [(entry["action"], tuple(entry["cell"]), entry["t"]) for entry in game.history] == [
        ("open", (0, 0), 0.0), ("flag", (0, 3), 0.125), ("open", (0, 4), 0.5), ("open", (4, 0), 0.75),
    ]
    assert [item.verdict for item in review(game).moves][1:] == ["certain", "certain", "certain"]


@pytest.mark.parametrize(("kind", "write"), [("avf", avf), ("mvf", mvf)])
def test_arbiter_and_clone_videos_keep_the_game_s_times(kind: str, write) -> None:
    """An .avf and an .mvf built from their formats (``tests/videos``), times in hundredths of a second as
    Minesweeper Arbiter and Minesweeper Clone keep them."""
    game = from_video(write(5, 5, MINES, WON[:4], step_ms=250), kind)
    assert game.state == "won"
    assert [(entry["action"], tuple(entry["cell"]), entry["t"]) for entry in game.history] == [
        ("open", (0, 0), 0.0), ("flag", (0, 3), 0.13), ("open", (0, 4), 0.5), ("open", (4, 0), 0.75),
    ]
    assert [item.verdict for item in review(game).moves][1:] == ["certain", "certain", "certain"]


def test_a_lost_video_is_a_lost_game() -> None:
    game = from_video(evf(5, 5, MINES, [("open", (0, 0)), ("open", (4, 4))]), "evf")
    assert game.state is GameState.LOST and game.exploded == 24


def test_the_size_is_checked_before_anything_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(videos.subprocess, "run", lambda *a, **k: pytest.fail("the child must not start"))
    with pytest.raises(VideoError, match=f"at most {MAX_VIDEO_BYTES} bytes; this one has {MAX_VIDEO_BYTES + 1}"):
        read_video(b"\0" * (MAX_VIDEO_BYTES + 1), "avf")
    with pytest.raises(VideoError, match="'game.txt' is not a replay video"):
        video_kind("game.txt")


@pytest.mark.parametrize("kind", ["avf", "rmv", "evf", "mvf"])
def test_random_bytes_get_a_clean_error_and_leave_no_crash_log(kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    # 250 random bytes: EvfVideo(...).parse() panics on them (SIGABRT) in-process
    with pytest.raises(VideoError, match=rf"could not be read as a {PROGRAMS[kind]} \(\.{kind}\) replay video"):
        read_video(os.urandom(250), kind)
    assert os.listdir(tmp_path) == []  # no crash.log here (the child ran in a temporary folder)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=1, max_size=400), st.sampled_from(["avf", "rmv", "evf", "mvf"]))
def test_any_bytes_give_a_game_or_a_video_error(data: bytes, kind: str) -> None:
    try:
        from_video(data, kind)
    except VideoError:
        pass
    except ValueError as error:  # the replay file's checks (a move the layout could not have had)
        assert type(error).__name__ == "ReplayError"


def test_a_truncated_video_is_refused() -> None:
    data = evf(5, 5, MINES, WON)
    with pytest.raises(VideoError):
        from_video(data[: len(data) // 2], "evf")


# -- the web import and the command line -----------------------------------------------------------


def test_a_video_imported_through_the_api_is_reviewed_and_never_ranks(client: FlaskClient) -> None:
    body = {"video": base64.b64encode(evf(5, 5, MINES, WON)).decode(), "name": "my game.evf"}
    made = client.post("/api/replays", json=body)
    assert made.status_code == 201, made.json
    game = made.json["game"]
    assert game["state"] == "won" and game["origin"] == "imported" and "imported" in game["summary"]["unranked"]
    reply = client.get(f"/api/games/{game['id']}/review").json
    assert [move["verdict"] for move in reply["review"]["moves"]][1:] == ["certain", "certain", "certain"]
    assert reply["video"]["kind"] == "evf" and reply["video"]["statistics"]["zini"] == 3


def test_an_imported_video_has_its_own_time_on_the_game_page_and_in_the_review(client: FlaskClient) -> None:
    """Its moves 250 ms apart: 0.75 s from the first click to the last, not the instant of the import (0 s)."""
    data = rmv(5, 5, MINES, WON[:4], step_ms=250)
    assert play_time(from_video(data, "rmv")) == pytest.approx(0.75)
    game = client.post("/api/replays", json={"video": base64.b64encode(data).decode(), "name": "a.rmv"}).json["game"]
    assert game["elapsed"] == pytest.approx(0.75) and game["summary"]["bbbv_per_second"] > 0
    review = client.get(f"/api/games/{game['id']}/review").json["review"]
    assert review["summary"]["time"] == pytest.approx(0.75)


@pytest.mark.parametrize(
    ("body", "quoted"),
    [
        ({"video": "not base64!", "name": "a.evf"}, "'not base64!'"),
        ({"video": base64.b64encode(b"junk").decode(), "name": "a.doc"}, "'a.doc'"),
        ({"video": base64.b64encode(os.urandom(200)).decode(), "name": "a.avf"}, "avf"),
        ({"video": 12, "name": "a.evf"}, "int"),
    ],
)
def test_a_bad_video_is_a_400_that_quotes_it(client: FlaskClient, body: dict, quoted: str) -> None:
    response = client.post("/api/replays", json=body)
    assert response.status_code == 400 and quoted in response.json["error"]


def test_the_command_line_reviews_a_video(run_cli, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.evf"
    path.write_bytes(evf(5, 5, MINES, WON))
    code, out = run_cli(["review", str(path)])
    assert code == 0 and out.splitlines()[1].startswith("  2. [certain]")
    bad = tmp_path / "bad.rmv"
    bad.write_bytes(os.urandom(300))
    capsys.readouterr()
    code, _out = run_cli(["review", str(bad)])
    assert code == 2 and "could not be read as a Viennasweeper (.rmv) replay video" in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["bad.rmv", "game.evf"]  # no crash.log


# -- writing .evf ---------------------------------------------------------------------------------------


def played(seed: int) -> Game:
    """A beginner game played to the end with flags, hints' safe cells and lucky guesses, timed."""
    game = Game.new(9, 9, 10, seed=seed)
    rng = random.Random(seed)
    t = 1_000.0
    open_cell(game, 4, 4, at=t)
    while game.state == "playing":
        t += rng.uniform(0.05, 0.9)
        view = game.view()
        hint = make_hint(view)
        if hint.deduction is not None and hint.deduction.mines and rng.random() < 0.4:
            flag_cell(game, *next(iter(hint.deduction.mines)), at=t)
        elif hint.deduction is not None and hint.deduction.safe:
            open_cell(game, *next(iter(hint.deduction.safe)), at=t)
        else:
            layout = game.layout or 0
            open_cell(game, *divmod(rng.choice([i for i in range(81) if not layout >> i & 1 and view.cells[i] == -1]), 9), at=t)
    return game


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_a_game_written_as_evf_reads_back_the_same_in_ms_toollib(seed: int) -> None:
    game = played(seed)
    data = to_evf(game)
    # ms_toollib itself reads the board, the moves and their times back
    back = from_video(data, "evf")
    assert back.layout == game.layout and back.state == game.state
    ours = [(e["action"], e["cell"], round(e["t"] - 1_000.0, 3)) for e in game.history]
    theirs = [(e["action"], e["cell"], e["t"]) for e in back.history]
    assert theirs == ours
    assert back.extra["video"]["statistics"]["bbbv"] == review(game).summary.bbbv


def test_only_a_finished_game_is_written() -> None:
    game = Game.new(9, 9, 10, seed=5)
    open_cell(game, 4, 4)
    with pytest.raises(VideoError, match="only a finished game"):
        to_evf(game)


def test_the_api_sends_a_finished_game_as_evf(client: FlaskClient) -> None:
    made = client.post("/api/replays", json={"video": base64.b64encode(evf(5, 5, MINES, WON)).decode(), "name": "a.evf"})
    game_id = made.json["game"]["id"]
    reply = client.get(f"/api/games/{game_id}/video.evf")
    assert reply.status_code == 200 and reply.headers["Content-Disposition"].endswith(f'minesweeper-{game_id}.evf"')
    again = from_video(reply.data, "evf")
    assert [(e["action"], e["cell"]) for e in again.history] == [("open", [0, 0]), ("flag", [0, 3]), ("open", [0, 4]), ("open", [4, 0])]
    playing = client.post("/api/games", json={"preset": "beginner", "seed": 3}).json["game"]["id"]
    assert client.get(f"/api/games/{playing}/video.evf").status_code == 409


def won_here(client: FlaskClient, stored_game) -> str:
    """A beginner game won through the API (every safe cell opened); its id."""
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    game = stored_game(client, game_id)
    for index in range(81):
        if not game.layout >> index & 1 and not game.revealed >> index & 1:
            client.post(f"/api/games/{game_id}/open", json={"row": index // 9, "col": index % 9})
            game = stored_game(client, game_id)
    assert game.state == "won"
    return game_id


def test_a_game_played_here_gets_the_community_s_figures(client: FlaskClient, stored_game) -> None:
    """ms_toollib's figures (ZiNi, IOE, RQP, STNB ...) of a game played here, from its own .evf: 3BV as ours."""
    game_id = won_here(client, stored_game)
    reply = client.get(f"/api/games/{game_id}/review").json
    figures = reply["figures"]
    assert figures["bbbv"] == reply["review"]["summary"]["bbbv"] and "zini" in figures and "ioe" in figures
    assert figures["ioe"] == pytest.approx(figures["bbbv"] / reply["review"]["summary"]["clicks"])
    playing = client.post("/api/games", json={"preset": "beginner", "seed": 3}).json["game"]["id"]
    client.post(f"/api/games/{playing}/open", json={"row": 4, "col": 4})
    assert client.get(f"/api/games/{playing}/review").json["figures"] is None


def test_the_statistics_page_shows_the_community_s_figures(client: FlaskClient, stored_game) -> None:
    game_id = won_here(client, stored_game)
    figures = client.get(f"/api/games/{game_id}/review").json["figures"]
    board = client.get("/api/stats").json["boards"][0]
    assert board["community"]["median_ioe"] == pytest.approx(figures["ioe"])
    if figures.get("bbbv_per_second"):
        assert board["community"]["best_bbbv_per_second"] == pytest.approx(figures["bbbv_per_second"])
    page = client.get("/stats?lang=de").get_data(as_text=True)
    assert 'data-role="median-ioe"' in page
