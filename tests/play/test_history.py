"""Move history and undo: every move is kept in order with who made it; undo takes back the last move
(and what an assist did after it) by replaying the moves that stand; a loss can be undone until it is
accepted, and only then is the whole layout shown."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from explainer import solve
from explainer.play.game import Game, GameError, GameState
from explainer.play.history import accept_loss, assisted_reasons, can_undo, live_moves, play_time, undo
from explainer.play.replay_file import from_replay, to_replay
from explainer.play.modes import new_game
from explainer.play.moves import chord_cell, flag_cell, open_cell


def position(game: Game) -> tuple[int, int, str, int]:
    return game.revealed, game.flagged, game.state, game.moves


def safe_cells(game: Game) -> list[tuple[int, int]]:
    view = game.view()
    return [tuple(cell) for cell in solve(view).safe if view.cells[view.index(*cell)] < 0]


def test_every_move_is_kept_in_order_with_who_made_it() -> None:
    game = new_game("classic", 9, 9, 10, seed=3)
    open_cell(game, 4, 4, at=1.0)
    target = safe_cells(game)[0]
    flag_cell(game, *target, at=2.0)
    flag_cell(game, *target, by="bot", at=3.0)
    open_cell(game, *target, by="bot", at=4.0)
    actions = [(e["action"], e["cell"], e["by"], e["t"]) for e in game.history]
    assert actions == [
        ("open", [4, 4], "player", 1.0),
        ("flag", list(target), "player", 2.0),
        ("unflag", list(target), "bot", 3.0),
        ("open", list(target), "bot", 4.0),
    ]
    assert "first_layout" in game.history[0] and assisted_reasons(game) == ["bot"]
    # the history is stored with the game
    assert Game.from_dict(game.to_dict()).history == game.history


def test_undo_takes_back_the_last_move_and_replays_the_rest() -> None:
    game = new_game("classic", 16, 16, 40, seed=4)
    open_cell(game, 8, 8)
    before = position(game)
    target = safe_cells(game)[0]
    open_cell(game, *target)
    flag = safe_cells(game)[0]
    flag_cell(game, *flag)
    undo(game)  # the flag
    undo(game)  # the open
    assert position(game) == before
    assert [e["action"] for e in game.history] == ["open", "open", "flag", "undo", "undo"]
    assert [e.get("undone", False) for e in game.history[:3]] == [False, True, True]
    assert len(live_moves(game)) == 1 and "undo" in assisted_reasons(game)


def test_a_loss_can_be_undone_until_it_is_accepted() -> None:
    game = new_game("classic", 9, 9, 10, seed=5)
    open_cell(game, 4, 4)
    before = position(game)
    assert game.layout is not None
    mine = next(i for i in range(81) if game.layout >> i & 1)
    outcome = open_cell(game, *divmod(mine, 9))
    assert game.state is GameState.LOSS_PENDING and game.over and not game.finished and outcome.loss is not None
    assert can_undo(game)
    undo(game)
    assert position(game) == before and "loss" not in game.extra and game.state is GameState.PLAYING
    open_cell(game, *divmod(mine, 9))
    accept_loss(game)
    assert game.state is GameState.LOST and game.finished and not can_undo(game)
    with pytest.raises(GameError, match="over for good"):
        undo(game)


def test_the_game_s_one_time_runs_from_the_first_click_and_skips_a_loss_waiting_for_its_undo() -> None:
    game = new_game("classic", 9, 9, 10, seed=5)
    assert play_time(game) is None  # no click yet
    open_cell(game, 4, 4, at=100.0)
    assert play_time(game) == 0.0
    assert game.layout is not None
    mine = next(i for i in range(81) if game.layout >> i & 1)
    target = safe_cells(game)[0]
    flag_cell(game, *target, at=104.0)
    undo(game, at=105.0)  # a move taken back in play: its time is play
    assert play_time(game) == 5.0 and "lost" not in game.history[-1]
    open_cell(game, *divmod(mine, 9), at=110.0)  # ten seconds in, a loss
    assert play_time(game) == 10.0
    undo(game, at=700.0)  # ten minutes reading why, then the undo
    assert game.history[-1]["lost"] is True and play_time(game) == 10.0
    open_cell(game, *target, at=703.0)
    assert play_time(game) == 13.0
    open_cell(game, *divmod(mine, 9), at=705.0)
    accept_loss(game)
    assert play_time(game) == 15.0
    # a replay file keeps the undo of a loss, so its time reads the same
    again = from_replay(to_replay(game))
    assert [entry.get("lost", False) for entry in again.history if entry["action"] == "undo"] == [False, True]
    assert play_time(again) == 15.0
    # the cells the game plays itself (a daily board's first opening, a position's cells) start no clock
    daily = new_game("classic", 9, 9, 10, seed=5)
    open_cell(daily, 4, 4, by="game", at=50.0)
    assert play_time(daily) is None
    target = safe_cells(daily)[0]
    open_cell(daily, *target, at=80.0)
    assert play_time(daily) == 0.0
    open_cell(daily, *safe_cells(daily)[0], at=86.0)
    assert play_time(daily) == 6.0
    # help asked for is not a move, and a history without times has no time
    timeless = new_game("classic", 9, 9, 10, seed=5)
    open_cell(timeless, 4, 4)
    assert play_time(timeless) is None


def test_undoing_the_first_click_places_a_new_layout_at_the_next_one() -> None:
    game = new_game("classic", 9, 9, 10, seed=6)
    open_cell(game, 0, 0)
    undo(game)
    assert game.state == "ready" and game.layout is None and game.revealed == 0
    open_cell(game, 8, 8)  # always safe again
    assert game.state in ("playing", "won")


def test_undo_replays_forgiving_saves_and_assists_on_their_layouts() -> None:
    # a forgiving game: a save moves the mines; undoing a later move keeps the save
    game = new_game("forgiving", 16, 30, 99, seed=5)
    open_cell(game, 8, 15)
    view = game.view()
    analysis = solve(view)
    assert game.layout is not None
    target = next(
        divmod(i, 30) for i in range(480)
        if game.layout >> i & 1 and view.cells[i] < 0 and not analysis.mines.mask >> i & 1
    )
    outcome = open_cell(game, *target)
    assert outcome.saved and game.extra["saves"] == 1
    after_save = (position(game), game.layout)
    step = safe_cells(game)[0]
    open_cell(game, *step)
    undo(game)
    assert (position(game), game.layout) == after_save and game.extra["saves"] == 1
    undo(game)  # the saved open itself
    assert game.extra["saves"] == 0 and not game.revealed >> (target[0] * 30 + target[1]) & 1


def test_chords_are_kept_and_undone() -> None:
    game = new_game("classic", 9, 9, 10, seed=7)
    open_cell(game, 4, 4)
    view = game.view()
    mines = solve(view).mines
    for cell in mines:
        flag_cell(game, *cell)
    before = position(game)
    number = next(
        divmod(i, 9) for i, n in view.numbers()
        if n and (view.neighbours[i] & game.flagged).bit_count() == n and view.neighbours[i] & view.covered_mask & ~game.flagged
    )
    chord_cell(game, *number)
    assert game.history[-1]["action"] == "chord" and position(game) != before
    undo(game)
    assert position(game) == before


# -- through the API -------------------------------------------------------------------------------


def test_undo_and_accept_through_the_api(client: FlaskClient, stored_game) -> None:
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    assert client.post(f"/api/games/{game_id}/undo", json={}).json["game"]["state"] == "ready"
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    game = stored_game(client, game_id)
    mine = next(i for i in range(81) if game.layout >> i & 1)
    lost = client.post(f"/api/games/{game_id}/open", json={"row": mine // 9, "col": mine % 9}).json["game"]
    assert lost["end"]["pending"] and lost["end"]["mines"] == [[mine // 9, mine % 9]]
    back = client.post(f"/api/games/{game_id}/undo", json={}).json["game"]
    assert back["state"] == "playing" and "end" not in back and back["running"]
    assert back["summary"]["assisted"] == ["undo"]
    client.get(f"/api/games/{game_id}/hint")
    assert client.get(f"/api/games/{game_id}").json["game"]["summary"]["assisted"] == ["hint", "undo"]
    client.post(f"/api/games/{game_id}/open", json={"row": mine // 9, "col": mine % 9})
    accepted = client.post(f"/api/games/{game_id}/accept", json={}).json["game"]
    assert len(accepted["end"]["mines"]) == 10 and not accepted["undoable"]
    again = client.post(f"/api/games/{game_id}/undo", json={})
    assert again.status_code == 409


def test_reading_the_loss_report_is_not_play_time(client: FlaskClient, stored_game, monkeypatch: pytest.MonkeyPatch) -> None:
    """An undone loss: the clock runs again from where it stopped, not from when the report was read."""
    import web.storage.games as stored

    clock = [1_000_000.0]
    monkeypatch.setattr(stored.time, "time", lambda: clock[0])
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    game = stored_game(client, game_id)
    mine = next(i for i in range(81) if game.layout >> i & 1)
    clock[0] += 30.0  # thirty seconds of play
    lost = client.post(f"/api/games/{game_id}/open", json={"row": mine // 9, "col": mine % 9}).json["game"]
    assert lost["end"]["pending"] and not lost["running"] and lost["elapsed"] == pytest.approx(30.0)
    clock[0] += 600.0  # ten minutes reading why
    back = client.post(f"/api/games/{game_id}/undo", json={}).json["game"]
    assert back["running"] and back["elapsed"] == pytest.approx(30.0)
    clock[0] += 5.0
    assert client.get(f"/api/games/{game_id}").json["game"]["elapsed"] == pytest.approx(35.0)
    # the game ends: its page, its review and its result give one time
    client.post(f"/api/games/{game_id}/open", json={"row": mine // 9, "col": mine % 9})
    clock[0] += 60.0
    over = client.post(f"/api/games/{game_id}/accept", json={}).json["game"]
    assert over["elapsed"] == pytest.approx(35.0)
    assert client.get(f"/api/games/{game_id}/review").json["review"]["summary"]["time"] == pytest.approx(35.0)


def test_one_click_count_and_the_figures_at_once(client: FlaskClient, stored_game) -> None:
    """The end-of-game summary counts the clicks as the review does, and shows 3BV, 3BV/s and
    efficiency at once; a bot move is no click of the player's."""
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    game = stored_game(client, game_id)
    mine = next(i for i in range(81) if game.layout >> i & 1)
    client.post(f"/api/games/{game_id}/flag", json={"row": mine // 9, "col": mine % 9})
    client.post(f"/api/games/{game_id}/flag", json={"row": mine // 9, "col": mine % 9})  # and off again
    playing = client.get(f"/api/games/{game_id}").json["game"]["summary"]
    assert playing["clicks"] == 3 and playing["bbbv"] is None and playing["efficiency"] is None
    bot = client.post(f"/api/games/{game_id}/bot", json={})
    assert bot.status_code == 200, bot.json
    game = stored_game(client, game_id)
    last = None
    for index in range(81):
        if not game.layout >> index & 1 and not game.revealed >> index & 1:
            last = client.post(f"/api/games/{game_id}/open", json={"row": index // 9, "col": index % 9}).json["game"]
            game = stored_game(client, game_id)
    assert last is not None and last["state"] == "won"
    figures = last["summary"]
    judged = client.get(f"/api/games/{game_id}/review").json["review"]["summary"]
    assert figures["clicks"] == judged["clicks"] and figures["moves"] == judged["moves"] == figures["clicks"] + 1
    assert figures["bot_moves"] == 1 and figures["bbbv"] == judged["bbbv"]
    assert figures["efficiency"] == pytest.approx(figures["bbbv"] / figures["clicks"])
    assert figures["bbbv_per_second"] is None or figures["bbbv_per_second"] > 0


def test_a_pending_loss_is_a_state_of_its_own_and_old_saves_read_as_one() -> None:
    game = new_game("classic", 9, 9, 10, seed=5)
    open_cell(game, 4, 4)
    assert game.layout is not None
    mine = next(i for i in range(81) if game.layout >> i & 1)
    open_cell(game, *divmod(mine, 9))
    saved = game.to_dict()
    assert saved["state"] == "loss-pending" and "loss_pending" not in saved["extra"]
    assert Game.from_dict(saved).state is GameState.LOSS_PENDING
    assert GameState.LOSS_PENDING.public == "lost" and GameState.WON.public == "won"
    # a game saved before the state existed: lost, with a flag in its mode data
    old = {**saved, "state": "lost", "extra": {**saved["extra"], "loss_pending": True}}
    again = Game.from_dict(old)
    assert again.state is GameState.LOSS_PENDING and "loss_pending" not in again.extra
    accepted = {**saved, "state": "lost"}
    assert Game.from_dict(accepted).state is GameState.LOST
    with pytest.raises(GameError, match="not lost"):
        new_game("classic", 9, 9, 10, seed=5).accept_loss()
