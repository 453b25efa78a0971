"""Game modes through the API: no-guess, assist, forgiving, and the loss report."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from explainer.core.cells import Cell, iter_bits
from explainer.play.game import Game
from explainer.engine.hint import make_hint
from explainer.play.modes import MODES
from explainer.engine.solve import solve

from tests.support.web_client import create, move


def hint(client: FlaskClient, game_id: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/hint")
    assert response.status_code == 200, response.json
    return response.json["hint"]


def unprovable_mine(game: Game) -> Cell | None:
    """A covered mine the player's view does not prove to be one."""
    proved = solve(game.view()).mines.mask
    hidden = (game.layout or 0) & ~game.revealed & ~game.flagged & ~proved
    for index in iter_bits(hidden):
        return Cell(*divmod(index, game.width))
    return None


@pytest.mark.parametrize("mode", [str(mode) for mode in MODES])
def test_every_mode_can_be_created_and_reports_it(client: FlaskClient, mode: str) -> None:
    game = create(client, preset="beginner", mode=mode, seed=3)
    assert game["mode"] == mode and game["summary"]["mode"] == mode
    opened = move(client, game["id"], "open", 4, 4)
    assert opened.status_code == 200, opened.json
    data = opened.json
    assert data["game"]["state"] in ("playing", "won")
    assert data["outcome"]["opened"] == data["opened"] and [4, 4] in data["opened"]
    assert data["outcome"]["saved"] is False


def test_no_guess_board_is_won_by_following_hints(client: FlaskClient) -> None:
    game = create(client, preset="intermediate", mode="no-guess", max_rule="pair", seed=11)
    assert game["summary"]["max_rule"] == "pair"
    game_id = game["id"]
    state = move(client, game_id, "open", 8, 8).json["game"]
    kinds = set()
    for _ in range(400):
        if state["state"] != "playing":
            break
        current = hint(client, game_id)
        kinds.add(current["kind"])
        assert current["kind"] == "deduction", current["text"]
        assert current["deduction"]["rule"] in ("global", "simple", "pair")
        for row, col in current["deduction"]["safe"]:
            state = move(client, game_id, "open", row, col).json["game"]
        for row, col in current["deduction"]["mines"]:
            state = client.post(f"/api/games/{game_id}/flag", json={"row": row, "col": col}).json["game"]
    assert state["state"] == "won" and kinds == {"deduction"}


@pytest.mark.parametrize("rule", ["pair", "enumeration"])
def test_a_no_guess_board_that_must_need_a_rule_needs_it(client: FlaskClient, stored_game: Any, rule: str) -> None:
    """require_rule with max_rule the same: the board's grade (pair: medium, enumeration: hard)."""
    from explainer.play.grade import grade_layout

    game = create(client, preset="intermediate", mode="no-guess", max_rule=rule, require_rule=rule)
    assert (game["summary"]["max_rule"], game["summary"]["require_rule"]) == (rule, rule)
    move(client, game["id"], "open", 8, 8)
    stored = stored_game(client, game["id"])
    graded = grade_layout(stored.height, stored.width, stored.layout, stored.first_click)
    assert graded.hardest is not None and str(graded.hardest) == rule and graded.guesses == 0


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"mode": "no-guess", "max_rule": "pair", "require_rule": "enumeration"},
         "require_rule 'enumeration' is deeper than max_rule 'pair'"),
        ({"mode": "classic", "require_rule": "pair"}, "require_rule 'pair' only applies to the no-guess mode, not 'classic'"),
        ({"mode": "no-guess", "require_rule": "simple"}, "require_rule must be a rule name (pair, enumeration), got 'simple'"),
        ({"mode": "assist", "max_rule": "pair"}, "max_rule 'pair' only applies to the no-guess mode, not 'assist'"),
    ],
)
def test_rule_options_out_of_place_are_refused_with_their_names(client: FlaskClient, body: dict[str, Any],
                                                                 message: str) -> None:
    reply = client.post("/api/games", json={"preset": "beginner", **body})
    assert reply.status_code == 400 and reply.json["error"] == message


def test_forgiving_saves_an_unprovable_mine(client: FlaskClient, stored_game) -> None:
    game_id = create(client, preset="expert", mode="forgiving", seed=5)["id"]
    move(client, game_id, "open", 8, 15)
    target = unprovable_mine(stored_game(client, game_id))
    assert target is not None
    data = move(client, game_id, "open", *target).json
    assert data["outcome"]["saved"] is True
    assert data["game"]["state"] in ("playing", "won")
    assert list(target) in data["opened"]
    assert data["game"]["summary"]["saves"] == 1
    after = stored_game(client, game_id)
    assert not (after.layout or 0) >> after.index(*target) & 1
    assert "end" not in data["game"] and "layout" not in str(data)


def _provable_mine_position(client: FlaskClient, mode: str) -> tuple[str, Cell]:
    """A game in ``mode`` where the hint proves a covered cell is a mine."""
    for seed in range(1, 40):
        game_id = create(client, preset="beginner", mode=mode, seed=seed)["id"]
        move(client, game_id, "open", 4, 4)
        current = hint(client, game_id)
        if current["kind"] == "deduction" and current["deduction"]["mines"]:
            return game_id, Cell(*current["deduction"]["mines"][0])
    pytest.fail("no beginner game with a provable mine after the first click")


def test_forgiving_still_loses_on_a_provable_mine_and_explains_it(client: FlaskClient) -> None:
    game_id, mine = _provable_mine_position(client, "forgiving")
    data = move(client, game_id, "open", *mine).json
    assert data["outcome"]["saved"] is False and data["game"]["state"] == "lost"
    loss = data["game"]["end"]["loss"]
    assert loss["kind"] == "proved" and loss["cell"] == list(mine) and loss["text"]
    assert data["outcome"]["loss"]["text"] == loss["text"]
    roles = {tuple(item["cell"]): set(item["roles"]) for item in loss["highlights"]}
    assert any("clue" in found for found in roles.values())
    assert "mine" in roles[tuple(mine)]


def test_loss_report_survives_a_reload_in_any_language(client: FlaskClient, stored_game) -> None:
    game_id = create(client, preset="beginner", seed=8)["id"]
    move(client, game_id, "open", 4, 4)
    game = stored_game(client, game_id)
    target = unprovable_mine(game)
    assert target is not None
    view = game.view()
    lost = move(client, game_id, "open", *target).json["game"]
    assert lost["state"] == "lost"
    loss = lost["end"]["loss"]
    assert loss["kind"] == "guess" and loss["cell"] == list(target)
    assert loss["probability"] == pytest.approx(solve(view).probabilities[view.index(*target)])
    again = client.get(f"/api/games/{game_id}").json["game"]
    assert again["end"]["loss"] == loss
    german = client.get(f"/api/games/{game_id}?lang=de").json["game"]["end"]["loss"]
    assert german["cell"] == loss["cell"] and german["text"] and german["text"] != loss["text"]


def test_won_game_has_no_loss_report(client: FlaskClient, stored_game) -> None:
    game_id = create(client, height=5, width=5, mines=1, seed=2)["id"]
    data = move(client, game_id, "open", 2, 2).json["game"]
    game = stored_game(client, game_id)
    for index in iter_bits(~game.revealed & ~(game.layout or 0) & ((1 << game.size) - 1)):
        data = move(client, game_id, "open", *divmod(index, 5)).json["game"]
    assert data["state"] == "won" and data["end"]["loss"] is None


def _assisted_move(client: FlaskClient) -> tuple[str, dict[str, Any]]:
    """Follow hints in assist-mode games until a move ends with the game opening a cell."""
    for seed in range(1, 40):
        game_id = create(client, preset="beginner", mode="assist", seed=seed)["id"]
        data = move(client, game_id, "open", 4, 4).json
        while data["game"]["state"] == "playing":
            if data["outcome"]["assists"]:
                return game_id, data["outcome"]
            current = hint(client, game_id)
            assert current["kind"] == "deduction", "assist mode left the player without a logical step"
            for row, col in current["deduction"]["mines"]:
                client.post(f"/api/games/{game_id}/flag", json={"row": row, "col": col})
            if not current["deduction"]["safe"]:
                data = {"game": client.get(f"/api/games/{game_id}").json["game"], "outcome": {"assists": []}}
                continue
            data = move(client, game_id, "open", *current["deduction"]["safe"][0]).json
    pytest.fail("no assisted move in 40 beginner games")


def test_assist_opens_safe_cells_and_says_why(client: FlaskClient, stored_game) -> None:
    game_id, outcome = _assisted_move(client)
    game = stored_game(client, game_id)
    for assist in outcome["assists"]:
        row, col = assist["cell"]
        assert game.revealed >> game.index(row, col) & 1
        assert not (game.layout or 0) >> game.index(row, col) & 1
        assert assist["text"] and 0 < assist["probability"] < 1
    state = client.get(f"/api/games/{game_id}").json["game"]
    assert state["summary"]["assists"] >= len(outcome["assists"])
    if state["state"] == "playing":  # the assist left a logical step for the player
        assert make_hint(game.view()).kind in ("deduction", "wrong_flag")


def win(client: FlaskClient, stored_game, game_id: str) -> None:
    """Open every safe cell of the stored layout (tests may read it) until the game is won."""
    game = stored_game(client, game_id)
    assert game.layout is not None
    for index in range(game.height * game.width):
        if game.state != "playing":
            break
        if not (game.layout >> index & 1 or game.revealed >> index & 1):
            move(client, game_id, "open", *divmod(index, game.width))
            game = stored_game(client, game_id)
    assert game.state == "won"


def test_replay_keeps_the_mode_and_resets_its_figures(client: FlaskClient, stored_game) -> None:
    game_id = create(client, preset="expert", mode="forgiving", seed=5)["id"]
    move(client, game_id, "open", 8, 15)
    dealt = stored_game(client, game_id).layout
    target = unprovable_mine(stored_game(client, game_id))
    assert target is not None
    assert move(client, game_id, "open", *target).json["game"]["summary"]["saves"] == 1
    assert stored_game(client, game_id).layout != dealt  # the save moved mines
    assert client.post(f"/api/games/{game_id}/replay", json={}).status_code == 409  # not while in play
    win(client, stored_game, game_id)
    again = client.post(f"/api/games/{game_id}/replay", json={}).json["game"]
    assert again["mode"] == "forgiving" and again["summary"]["saves"] == 0
    assert again["state"] == "playing"
    # the replay deals the board this game was dealt, not the one the save left
    replayed = stored_game(client, again["id"])
    assert replayed.layout == dealt and "first_layout" not in replayed.extra


def test_chord_goes_through_the_mode(client: FlaskClient, stored_game) -> None:
    game_id = create(client, preset="beginner", seed=4)["id"]
    move(client, game_id, "open", 4, 4)
    game = stored_game(client, game_id)
    view = game.view()
    for index, number in view.numbers():
        around = view.neighbours[index] & view.covered_mask
        mines = around & (game.layout or 0)
        if number > 0 and mines.bit_count() == number and around & ~mines:
            for mine in iter_bits(mines):
                client.post(f"/api/games/{game_id}/flag", json={"row": mine // 9, "col": mine % 9})
            data = move(client, game_id, "chord", *divmod(index, 9)).json
            assert data["opened"] and data["outcome"]["opened"] == data["opened"]
            assert data["outcome"]["assists"] == [] and data["outcome"]["saved"] is False
            return
    pytest.fail("no number to chord")
