"""The game review: every move judged from the view before it, the summary figures (3BV, clicks,
efficiency), strict mode, and the review through the API."""

from __future__ import annotations

from flask.testing import FlaskClient

from explainer import solve
from explainer.bot.guess import GuessReason
from explainer.core.cells import Cell
from explainer.play.game import Game, GameState
from explainer.play.history import undo
from explainer.play.modes import new_game
from explainer.play.moves import flag_cell, open_cell
from explainer.play.figures import bbbv
from explainer.review import review
from explainer.words.review import review_json
from tests.oracles.proofs import check_chain


def covered_safe(game: Game) -> list[tuple[int, int]]:
    view = game.view()
    return [tuple(c) for c in solve(view).safe if view.cells[view.index(*c)] < 0]


def guess_cell(game: Game) -> tuple[int, int]:
    view = game.view()
    solution = solve(view)
    return next(divmod(i, game.width) for i, p in sorted(solution.probabilities.items()) if 0 < p < 1 and view.cells[i] < 0)


def test_3bv_counts_openings_and_lone_numbers() -> None:
    # one mine in the middle of a 3x3: the eight numbers touch no opening, so 3BV is 8
    assert bbbv(3, 3, 1 << 4) == 8
    # one mine in a corner of a 3x3: the other cells form one opening with its border
    assert bbbv(3, 3, 1 << 0) == 1
    # a 1x5 row with a mine in the middle: two openings (the 1s border them)
    assert bbbv(1, 5, 1 << 2) == 2


def test_each_move_is_judged_from_the_view_before_it() -> None:
    game = new_game("classic", 9, 9, 10, seed=5)
    open_cell(game, 4, 4, at=10.0)
    safe = covered_safe(game)[0]
    open_cell(game, *safe, at=11.0)
    guess = guess_cell(game)
    open_cell(game, *guess, at=12.5)
    result = review(game)
    verdicts = [(m.action, m.verdict) for m in result.moves]
    assert verdicts[0] == ("open", "neutral") and result.moves[0].first
    assert verdicts[1] == ("open", "certain") and result.moves[1].rule is not None
    third = result.moves[2]
    assert third.verdict == "avoidable-guess" and third.missed is not None
    assert 0 < (third.probability or 0) < 1
    # the step it missed is a real step of that view: it checks from the board alone
    data = review_json(result, "en")
    check_chain(third.view.without_flags(), [data["moves"][2]["missed"]])
    summary = data["summary"]
    assert summary["guesses"] == {"forced": 0, "avoidable": 1} and summary["clicks"] == 3
    assert summary["accuracy"] == 0.5 and summary["time"] == 2.5
    assert summary["bbbv"] is None  # the game is in play: nothing that depends on the layout


def test_a_forced_guess_and_the_summary_of_a_finished_game() -> None:
    for seed in range(40):
        game = new_game("classic", 9, 9, 10, seed=seed)
        open_cell(game, 4, 4, at=0.0)
        while game.state == "playing" and covered_safe(game):
            open_cell(game, *covered_safe(game)[0], at=1.0)
        if game.state == "playing":
            break
    else:
        raise AssertionError("no seed leaves a forced guess")
    guess = guess_cell(game)
    open_cell(game, *guess, at=3.0)
    last = review(game).moves[-1]
    assert last.verdict == "forced-guess" and last.safest is not None and last.probability is not None
    while game.state == "playing":
        open_cell(game, *(covered_safe(game) or [guess_cell(game)])[0], at=4.0)
    if game.lost:
        assert game.state is GameState.LOSS_PENDING
        result = review(game)
        assert result.moves[-1].lost and result.moves[-1].loss is not None
    else:
        summary = review(game).summary
        assert summary.bbbv == bbbv(9, 9, game.layout or 0) and summary.efficiency == summary.bbbv / summary.clicks


def test_a_flag_that_becomes_provably_wrong_says_when() -> None:
    for seed in range(60):
        game = new_game("classic", 9, 9, 10, seed=seed)
        open_cell(game, 4, 4)
        view = game.view()
        solution = solve(view)
        target = next(
            (divmod(i, 9) for i, p in solution.probabilities.items() if 0 < p < 1 and not game.layout >> i & 1), None
        )
        if target is None:
            continue
        flag_cell(game, *target)  # a guess flag on what is in fact a safe cell
        for _ in range(30):
            if game.state != "playing" or target in {tuple(c) for c in solve(game.view()).wrong_flags}:
                break
            safe = [c for c in covered_safe(game) if c != target]
            if not safe:
                break
            open_cell(game, *safe[0])
        if game.state == "playing" and target in {tuple(c) for c in solve(game.view()).wrong_flags}:
            flag = next(m for m in review(game).moves if m.action == "flag")
            assert flag.verdict == "wrong-flag" and flag.became_safe_after is not None
            return
    raise AssertionError("no game where a guess flag became provably wrong")


def test_undone_moves_stay_in_the_review() -> None:
    game = new_game("classic", 9, 9, 10, seed=5)
    open_cell(game, 4, 4)
    guess = guess_cell(game)
    open_cell(game, *guess)
    undo(game)
    moves = review(game).moves
    assert [m.action for m in moves] == ["open", "open", "undo"] and moves[1].undone


def test_strict_mode_loses_a_guess_made_while_a_step_was_available() -> None:
    game = new_game("strict", 9, 9, 10, seed=5)
    open_cell(game, 4, 4)
    assert covered_safe(game)
    guess = guess_cell(game)
    outcome = open_cell(game, *guess)
    assert game.state is GameState.LOSS_PENDING and outcome.loss is not None and outcome.loss.kind == "strict"
    assert outcome.loss.deduction is not None  # the step that was there to take
    assert not game.revealed >> (guess[0] * 9 + guess[1]) & 1  # the cell was not opened
    undo(game)
    assert game.state == "playing"
    open_cell(game, *covered_safe(game)[0])  # a certain move is played as in classic
    assert game.state in ("playing", "won")
    last = review(game).moves
    assert [m.verdict for m in last][1] == "avoidable-guess"


def test_the_review_through_the_api(client: FlaskClient, stored_game) -> None:
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    client.get(f"/api/games/{game_id}/hint")
    game = stored_game(client, game_id)
    mine = next(i for i in range(81) if game.layout >> i & 1)
    client.post(f"/api/games/{game_id}/open", json={"row": mine // 9, "col": mine % 9})
    reply = client.get(f"/api/games/{game_id}/review?lang=de").json
    moves, summary = reply["review"]["moves"], reply["review"]["summary"]
    assert [m["action"] for m in moves] == ["open", "open"] and moves[-1]["lost"]
    assert {"index", "action", "cell", "verdict", "probability", "missed", "text"} <= set(moves[-1])
    assert moves[-1]["verdict"] in ("avoidable-guess", "forced-guess") and moves[-1]["loss"]["text"]
    assert summary["hints"] == 1 and summary["assisted"] == ["hint"] and summary["bbbv"] is not None
    # opening the review accepted the loss: the whole board is shown, no more undo
    assert not reply["game"]["end"]["pending"] and len(reply["game"]["end"]["mines"]) == 10
    assert client.post(f"/api/games/{game_id}/undo", json={}).status_code == 409
    # a game in play: its moves so far, nothing that depends on the layout
    other = client.post("/api/games", json={"preset": "beginner", "seed": 6}).json["game"]["id"]
    client.post(f"/api/games/{other}/open", json={"row": 4, "col": 4})
    in_play = client.get(f"/api/games/{other}/review").json["review"]
    assert in_play["summary"]["bbbv"] is None and "layout" not in str(in_play)
    assert client.get(f"/games/{other}/review").status_code == 200
    assert client.get("/games/nope/review").status_code == 404


# -- replay files -----------------------------------------------------------------------------------


def finished_game() -> Game:
    from explainer.play.history import accept_loss

    game = new_game("classic", 9, 9, 10, seed=5)
    open_cell(game, 4, 4, at=100.0)
    open_cell(game, *covered_safe(game)[0], at=101.5)
    view = game.view()
    flag_cell(game, *next(divmod(i, 9) for i in range(81) if view.cells[i] == -1), at=102.0)
    undo(game, at=103.0)
    mine = next(i for i in range(81) if game.layout >> i & 1)
    open_cell(game, mine // 9, mine % 9, at=104.0)
    accept_loss(game)
    return game


def test_a_replay_file_round_trips_and_reviews_the_same() -> None:
    import json

    from explainer.play.replay_file import from_replay, to_replay

    game = finished_game()
    data = json.loads(json.dumps(to_replay(game)))
    assert data["format"] == "explainable-minesweeper-replay" and data["version"] == 1
    assert data["moves"][0]["t"] == 0.0 and data["moves"][-1]["t"] == 4.0
    again = from_replay(data)
    assert (again.revealed, again.flagged, again.state) == (game.revealed, game.flagged, game.state)
    def timeless(moves: list) -> list:
        return [{key: value for key, value in move.items() if key != "t"} for move in moves]

    assert timeless(review_json(review(again), "en")["moves"]) == timeless(review_json(review(game), "en")["moves"])


def test_a_bad_replay_file_is_refused_naming_the_move_and_field() -> None:
    import copy
    import json

    import pytest

    from explainer.play.replay_file import ReplayError, from_replay, to_replay

    good = json.loads(json.dumps(to_replay(finished_game())))
    cases = []
    bad = copy.deepcopy(good); bad["version"] = 2; cases.append((bad, "newer format"))
    bad = copy.deepcopy(good); bad["format"] = "x"; cases.append((bad, "field 'format'"))
    bad = copy.deepcopy(good); bad["moves"][1]["cell"] = [9, 2]; cases.append((bad, "move 2: field 'cell': [9, 2] is outside"))
    bad = copy.deepcopy(good); bad["moves"][1]["action"] = "dig"; cases.append((bad, "move 2: field 'action'"))
    bad = copy.deepcopy(good); bad["layout"][0] = "x" * 9; cases.append((bad, "field 'layout': row 1"))
    bad = copy.deepcopy(good); bad["mines"] = 11; cases.append((bad, "'mines' says 11"))
    bad = copy.deepcopy(good); bad["moves"][2]["undone"] = False; cases.append((bad, "move 3: field 'undone'"))
    bad = copy.deepcopy(good); bad["moves"].append({"action": "open", "cell": [0, 0]}); cases.append((bad, "after the game was already lost"))
    bad = copy.deepcopy(good); bad["moves"][0]["t"] = -1; cases.append((bad, "move 1: field 't'"))
    bad = copy.deepcopy(good); del bad["moves"][0]["cell"]; cases.append((bad, "move 1: missing field 'cell'"))
    for data, message in cases:
        with pytest.raises(ReplayError, match=__import__("re").escape(message)):
            from_replay(data)
    with pytest.raises(ReplayError):
        from_replay([1, 2])


def test_replay_files_through_the_api_and_the_cli(client: FlaskClient, stored_game, tmp_path) -> None:
    import io
    import json

    from explainer.cli.main import main

    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4})
    assert client.get(f"/api/games/{game_id}/replay-file").status_code == 409  # in play: it would hold the layout
    layout = stored_game(client, game_id).layout
    mine = next(i for i in range(81) if layout >> i & 1)
    client.post(f"/api/games/{game_id}/open", json={"row": mine // 9, "col": mine % 9})
    assert client.get(f"/api/games/{game_id}/replay-file").status_code == 409  # the loss is not accepted yet
    client.post(f"/api/games/{game_id}/accept", json={})
    response = client.get(f"/api/games/{game_id}/replay-file")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    replay = response.json
    # another session imports it and reviews the same game
    other = client.application.test_client()
    imported = other.post("/api/replays", json=replay)
    assert imported.status_code == 201
    new_id = imported.json["game"]["id"]
    assert imported.json["game"]["state"] == "lost" and imported.json["review"].endswith(f"/games/{new_id}/review")
    theirs = other.get(f"/api/games/{new_id}/review").json["review"]["moves"]
    ours = client.get(f"/api/games/{game_id}/review").json["review"]["moves"]
    assert [m["verdict"] for m in theirs] == [m["verdict"] for m in ours]
    bad = dict(replay, version=9)
    refused = other.post("/api/replays", json=bad)
    assert refused.status_code == 400 and "version" in refused.json["error"]
    # the CLI reads the same file
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    out = io.StringIO()
    assert main(["review", str(path)], out=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("  1. [neutral]")
    assert "This move lost the game." in out.getvalue()
    out = io.StringIO()
    assert main(["review", str(path), "--json"], out=out) == 0
    assert json.loads(out.getvalue())["summary"]["moves"] == 2
    path.write_text(json.dumps(bad))
    assert main(["review", str(path)], out=io.StringIO()) == 2


def test_a_strict_loss_shows_no_mine_until_it_is_accepted(client: FlaskClient) -> None:
    game_id = client.post("/api/games", json={"preset": "beginner", "seed": 5, "mode": "strict"}).json["game"]["id"]
    opened = client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4}).json["game"]
    view_rows = opened["board"]
    from explainer.core.board import Board

    view = Board.parse("mines 10\n" + "\n".join(view_rows) + "\n")
    solution = solve(view)
    assert solution.safe
    guess = next(divmod(i, 9) for i, p in sorted(solution.probabilities.items()) if 0 < p < 1)
    lost = client.post(f"/api/games/{game_id}/open", json={"row": guess[0], "col": guess[1]}).json
    assert lost["game"]["state"] == "lost" and lost["outcome"]["loss"]["kind"] == "strict"
    assert lost["game"]["end"]["pending"] and lost["game"]["end"]["mines"] == []
    assert lost["outcome"]["loss"]["text"].startswith("Strict mode:")
    accepted = client.post(f"/api/games/{game_id}/accept", json={}).json["game"]
    assert len(accepted["end"]["mines"]) == 10


def test_the_other_cell_of_a_true_fifty_fifty_is_the_best_guess_too() -> None:
    """A true 50/50's two cells are equally good guesses: when the player guesses the one the bot's policy
    does not pick, the review says it was the best guess (the pair seen from the player's side), and never
    names the other cell as the better one."""
    width = 30
    mines = [(0, 2), *((row, col) for row in (0, 1) for col in range(4, 30, 3))]  # one mine of the pair, the rest far
    layout = sum(1 << (row * width + col) for row, col in mines)
    for played in ((1, 2), (0, 2)):  # the policy picks C1 (the first of the pair): C2 survives, C1 is the mine
        game = Game.from_layout(2, width, layout)
        open_cell(game, 0, 0)  # opens A1:B2, whose 1s see C1 and C2 alone: one mine, that nothing can ever tell apart
        assert game.revealed == 0b11 | 0b11 << width
        open_cell(game, *played)
        item = review(game).moves[-1]
        assert item.best_guess is not None and item.best_guess.reason is GuessReason.FIFTY_FIFTY
        assert item.followed and item.best_guess.cell == Cell(*played)
        other = (1, 2) if played == (0, 2) else (0, 2)
        assert item.best_guess.alternatives[0][0] == Cell(*other)
        text = review_json(review(game))["moves"][-1]["text"]
        name = Cell(*played).name
        assert text.startswith(f"{name} was a forced guess: no cell was certain, and it was the best guess there was."), text
        assert f"with {Cell(*other).name} it is a true 50/50" in text and "The best guess was" not in text, text
    assert game.state is GameState.LOSS_PENDING


def _opened_a_provable_mine(seed: int) -> Game | None:
    """A beginner game whose second move opens a cell the view proves is a mine (None if its view proves none)."""
    game = new_game("classic", 9, 9, 10, seed)
    open_cell(game, 4, 4, at=0.0)
    mines = [cell for cell in solve(game.view()).mines]
    if game.state is not GameState.PLAYING or not mines:
        return None
    open_cell(game, mines[0].row, mines[0].col, at=1.0)
    return game


def test_opening_a_provable_mine_is_never_called_not_certain() -> None:
    """A teacher's audit: "J12 was not certain (its mine chance was 100%)" for a cell the numbers prove is a mine."""
    found = 0
    for seed in range(40):
        game = _opened_a_provable_mine(seed)
        if game is None:
            continue
        found += 1
        move = review_json(review(game))["moves"][-1]
        assert move["verdict"] == "avoidable-guess" and move["lost"] is True
        assert "was a mine, and the numbers prove it." in move["text"] and "not certain" not in move["text"]
        assert move["missed"] is not None and move["cell"] in move["missed"]["mines"]  # (the proof of that cell)
    assert found >= 5


def test_a_finished_game_s_review_says_what_its_board_needed_and_a_game_in_play_s_does_not() -> None:
    from explainer.play.grade import grade_layout
    from explainer.words.grades import grade_text

    game = finished_game()
    assert game.layout is not None and game.first_click is not None
    summary = review_json(review(game))["summary"]
    expected = grade_layout(game.height, game.width, game.layout, game.first_click)
    assert summary["grade"] is not None and summary["grade"]["grade"] == expected.name
    assert summary["grade"]["rounds"] == dict(expected.rounds) and summary["grade"]["guesses"] == expected.guesses
    assert summary["grade_text"] == f"Grade: {grade_text(expected)}"
    assert review_json(review(game), "de")["summary"]["grade_text"].startswith("Schwierigkeit: ")
    playing = new_game("classic", 9, 9, 10, seed=5)
    open_cell(playing, 4, 4, at=100.0)
    assert review_json(review(playing))["summary"]["grade"] is None  # its layout is still hidden
