"""Game modes: no-guess games, assist, forgiving rearrangements, loss reports."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from explainer.core.board import Board, neighbour_masks
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import Rule
from explainer.play.game import Game, GameError
from explainer.play.generate import GenerationError, first_area
from tests.oracles.proofs import check_chain
from explainer.words.modes import MODE_DESCRIPTIONS, assist_json, loss_report_json, outcome_json
from explainer.play.losses import loss_report, stored_loss_report
from explainer.play.modes import MODES, Mode, assist_after_move, forgive, game_mode, new_game, summary
from explainer.play.moves import chord_cell, open_cell
from explainer.engine.solve import solve
from explainer.engine.why import argument_size, chain_to
from tests.data import view_boards
from explainer.play.sampling import sample_layout
from tests.oracles.verify import replay

from tests.oracles.brute import certain, placements

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def numbers(game: Game) -> dict[int, int]:
    neighbours = neighbour_masks(game.height, game.width)
    assert game.layout is not None
    return {i: (neighbours[i] & game.layout).bit_count() for i in iter_bits(game.revealed)}


# -- the registry ---------------------------------------------------------------------------


def test_every_mode_has_a_one_line_description() -> None:
    assert set(MODES) == set(Mode) == set(MODE_DESCRIPTIONS)
    for description in MODE_DESCRIPTIONS.values():
        assert description and "\n" not in description and len(description) < 120
    assert [str(m) for m in Mode] == ["classic", "no-guess", "assist", "forgiving", "strict"]


def test_new_game_records_the_mode_and_survives_a_round_trip() -> None:
    for mode in Mode:
        game = new_game(mode, 9, 9, 10, seed=1)
        assert game_mode(Game.from_dict(game.to_dict())) is mode
    assert game_mode(Game.new(9, 9, 10, 1)) is Mode.CLASSIC  # games made without a mode


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (("hard", 9, 9, 10), {}, GameError, "unknown game mode 'hard'"),
        (("no-guess", 9, 9, 73), {}, GenerationError, "at most 72 mines"),
        (("no-guess", 9, 9, 10), {"max_rule": "deep"}, GenerationError, "unknown depth limit 'deep'"),
        (("no-guess", 9, 9, 10), {"max_rule": "simple", "require_rule": "enumeration"}, GenerationError, "cannot require"),
        (("classic", 9, 9, 81), {}, GameError, "mines must be between"),
    ],
)
def test_bad_settings_are_rejected_when_the_game_is_made(args, kwargs, error, message) -> None:
    with pytest.raises(error, match=message):
        new_game(*args, **kwargs)


# -- no-guess games -------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["simple", "pair", "enumeration"]), st.integers(0, 80))
def test_a_no_guess_game_is_solved_from_its_first_click(seed: int, depth: str, click: int) -> None:
    game = new_game("no-guess", 9, 9, 15, seed=seed, max_rule=depth)
    row, col = divmod(click, 9)
    outcome = open_cell(game, row, col)
    assert game.state in ("playing", "won") and outcome.loss is None
    assert game.layout is not None and game.layout.bit_count() == 15
    assert not game.layout & first_area(9, 9, click)
    assert replay(9, 9, game.layout, (row, col), Rule(depth)).won
    # the same seed and click make the same board
    again = new_game("no-guess", 9, 9, 15, seed=seed, max_rule=depth)
    open_cell(again, row, col)
    assert again.layout == game.layout


def test_classic_first_click_is_safe_and_opens_an_area() -> None:
    for seed in range(20):
        game = new_game("classic", 9, 9, 30, seed=seed)
        outcome = open_cell(game, 0, 0)
        assert game.state != "lost" and len(outcome.opened) >= 4


# -- forgiving ------------------------------------------------------------------------------


@st.composite
def games_in_progress(draw, max_cells: int = 20):
    """A game with a real layout, a first click and some more safe cells opened."""
    height = draw(st.integers(2, 5))
    width = draw(st.integers(2, max(2, min(6, max_cells // height))))
    size = height * width
    layout = draw(st.integers(1, (1 << size) - 2))
    game = Game.from_layout(height, width, layout, seed=draw(st.integers(0, 1000)))
    game.extra["mode"] = "forgiving"
    safe_cells = [i for i in range(size) if not layout >> i & 1]
    order = draw(st.permutations(safe_cells))
    for index in order[: draw(st.integers(1, len(safe_cells)))]:
        if game.state == "playing" or game.state == "ready":
            game.open(*divmod(index, width))
    assume(game.state == "playing")
    covered = [i for i in range(size) if not game.revealed >> i & 1]
    # flags are the player's claims, right or wrong; they are never evidence
    for index in covered:
        if draw(st.booleans()) and draw(st.booleans()):
            game.toggle_flag(*divmod(index, width))
    return game, draw(st.sampled_from(covered))


@SETTINGS
@given(games_in_progress())
def test_forgiving_keeps_every_number_and_the_count_and_never_saves_a_provable_mine(case) -> None:
    game, index = case
    row, col = divmod(index, game.width)
    before_layout = game.layout
    before_view = game.view()
    before_numbers = numbers(game)
    _safe, provable_mines = certain(before_view)  # brute force, not the engine
    saved = forgive(game, row, col)
    assert game.view() == before_view  # the player sees exactly what they saw
    assert numbers(game) == before_numbers  # every revealed number is still true
    assert game.layout is not None and game.layout.bit_count() == before_layout.bit_count()
    assert not game.layout & game.revealed
    if provable_mines >> index & 1:
        assert not saved and game.layout == before_layout
    elif before_layout >> index & 1 and not game.flagged >> index & 1:
        assert saved and not game.layout >> index & 1
        assert game.extra["saves"] == 1
    else:
        assert not saved and game.layout == before_layout
    # the layout is one the player's view allows
    assert game.layout in placements(before_view)


def test_the_rearranged_layout_is_uniform_among_those_that_fit() -> None:
    # a 3 x 4 board, top row open: many layouts fit; each is drawn equally often
    view = Board.parse("mines 3\n1221\n????\n????\n")
    fits = [layout for layout in placements(view) if not layout >> 4 & 1]
    assert len(fits) > 3
    rng = random.Random(5)
    draws = Counter(sample_layout(view, rng, must_be_safe=1 << 4) for _ in range(4000))
    assert set(draws) == set(fits)
    expected = 4000 / len(fits)
    for layout in fits:
        assert abs(draws[layout] - expected) < 5 * expected**0.5, (draws[layout], expected)


def test_sampling_needs_the_mine_count_and_reports_impossible_safe_cells() -> None:
    with pytest.raises(ValueError, match="needs the mine count"):
        sample_layout(Board.parse("1?\n"), random.Random(0))
    # the 1 at A1 sees only B1: it cannot be safe
    assert sample_layout(Board.parse("mines 1\n1?\n.?\n"), random.Random(0), must_be_safe=1 << 1) is None


def test_a_forgiving_game_counts_its_saves_and_still_loses_on_a_provable_mine() -> None:
    # row 0: 1 ? ? ; the 1 at A1 sees B1, B2, A2: a genuine guess among three cells
    layout = 1 << 1  # the mine at B1
    game = Game.from_layout(3, 3, layout, seed=2)
    game.extra.update(mode="forgiving", saves=0)
    open_cell(game, 0, 0)
    assert game.state == "playing"
    outcome = open_cell(game, 0, 1)  # B1: a mine, but not provably
    assert outcome.saved and game.state != "lost"
    assert summary(game)["saves"] == 1
    # a board where a mine is provable: C1 and C2 both hold one, the 2 at B1 says so
    game = Game.from_layout(3, 3, 1 << 2 | 1 << 5, seed=0)
    game.extra.update(mode="forgiving", saves=0)
    open_cell(game, 0, 0)
    view = game.view()
    assert solve(view).mines.mask >> 2 & 1
    outcome = open_cell(game, 0, 2)
    assert not outcome.saved and game.lost
    assert outcome.loss is not None and outcome.loss.kind == "proved"
    assert summary(game) == {"mode": "forgiving", "state": "lost", "moves": 2, "clicks": 2, "bot_moves": 0, "saves": 0}


def test_a_forgiving_chord_saves_all_its_cells_together() -> None:
    # 1 at A1 with a wrong flag on B2; the mine is at B1: chording A1 would explode
    game = Game.from_layout(3, 3, 1 << 1, seed=4)
    game.extra.update(mode="forgiving", saves=0)
    game.open(0, 0)
    game.toggle_flag(1, 1)
    outcome = chord_cell(game, 0, 0)
    assert outcome.saved and game.state != "lost"
    assert game.revealed >> 1 & 1 and game.revealed >> 3 & 1


# -- assist ---------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(8, 30))
def test_an_assisted_player_who_only_opens_proved_cells_always_wins(seed: int, mines: int) -> None:
    game = new_game("assist", 9, 9, mines, seed=seed)
    outcome = open_cell(game, 4, 4)
    total_assists = len(outcome.assists)
    while game.state == "playing":
        view = game.view()
        solution = solve(view)
        safe = solution.safe.mask & ~view.flagged_mask
        assert safe, "assist left the player without a logical step"
        index = next(iter_bits(safe))
        outcome = open_cell(game, *divmod(index, 9))
        assert outcome.loss is None
        total_assists += len(outcome.assists)
    assert game.state == "won"
    assert summary(game)["assists"] == total_assists


def test_assist_opens_the_least_likely_safe_cell_next_to_the_open_area() -> None:
    # after the first click at A1 (mines 5):   ..1??
    # nothing is safe; next to the open area   123??
    # D1/C2 are 50/50, A3, B3, C3 1 in 7       ?????  (and two more rows)
    layout = 4462600
    game = Game.from_layout(5, 5, layout, seed=0)
    game.extra["mode"] = "assist"
    game.open(0, 0)
    before = solve(game.view())
    assert str(before.board).splitlines()[1:3] == ["..1??", "123??"]
    assert not before.safe
    assists = assist_after_move(game)
    assert assists
    first = assists[0]
    index = first.cell.row * 5 + first.cell.col
    assert not layout >> index & 1  # the game master only opens safe cells
    assert first.probability == pytest.approx(before.probabilities[index]) == pytest.approx(1 / 7)
    assert index in (10, 13)  # A3 or D3: safe, next to the open area, least likely; not the 50/50 at D2
    assert assist_json(first) == {
        "cell": [first.cell.row, first.cell.col],
        "probability": first.probability,
        "reason": "no_logical_step",
        "text": f"No logical step was left, so the game opened {first.cell.name} for you. "
        "As far as you could tell, its mine chance was 14%.",
    }
    assert game.state == "won" or solve(game.view()).safe
    assert game.extra["assists"] == len(assists)


# -- why did I lose -------------------------------------------------------------------------


def test_loss_report_shows_the_deduction_that_proved_the_mine() -> None:
    # the 1 at A1 has B1 as its only covered neighbour: B1 is a mine
    view = Board.parse("mines 1\n1?\n")
    report = loss_report(view, (0, 1))
    assert report.kind == "proved" and report.probability == 1.0
    assert report.deduction is not None and Cell(0, 1) in report.deduction.mines
    data = loss_report_json(report, "en")
    assert data["kind"] == "proved" and data["deduction"]["rule"] == report.deduction.rule
    assert "B1" in data["deduction_text"]


def test_a_loss_report_is_the_shortest_argument_from_the_numbers() -> None:
    """The losing cell's argument starts from the board: the chain that decides it, numbered, each step checked
    from the board alone, or one step that decides it directly when that is shorter (here two numbers compared,
    where the chain takes two steps); a flag the view does not prove a mine is never taken as a fact."""
    view = Board.parse("mines 3\n.1F?\n.2??\n.2??\n.1??\n")
    chain = chain_to(solve(view).deductions, view.index(1, 2))
    report = loss_report(view, (1, 2))
    assert report.kind == "proved" and report.chain[-1] is report.deduction
    assert len(chain) >= 2 and argument_size(report.chain) < argument_size(chain)
    data = loss_report_json(report, "en")
    check_chain(view.without_flags(), data["chain"])
    assert [1, 2] in data["chain"][-1]["mines"]
    for step in data["chain"]:
        assert any("clue" in h["roles"] for h in step["highlights"])


def test_a_loss_report_of_several_steps_numbers_them() -> None:
    """Where no single step decides the cell, the chain is told in numbered steps (each checked)."""
    told = 0
    for board in view_boards():
        solution = solve(board)
        for cell in solution.mines:
            if board.flagged_mask >> board.index(*cell) & 1:
                continue
            report = loss_report(board, cell)
            if len(report.chain) < 2:
                continue
            data = loss_report_json(report, "en")
            check_chain(board, data["chain"], solution.mines.to_json())  # (right flags may be facts, others never)
            assert data["text"].startswith(data["lead"] + " 1. ") and "2. " in data["text"]
            assert "We already know" not in data["chain"][0]["text"]
            told += 1
            break
        if told >= 5:
            break
    assert told >= 5


def test_loss_report_for_a_genuine_guess_gives_its_odds_and_safer_cells() -> None:
    # A1 is a 1 next to B1 and B2 (one mine); C1 and C2 are away from it, with no mine left
    view = Board.parse("mines 1\n1??\n1??\n")
    solution = solve(view)
    report = loss_report(view, (0, 1))
    assert report.kind == "guess"
    assert report.probability == pytest.approx(solution.probabilities[1])
    assert report.safe is not None and report.safe == solution.safe
    assert loss_report_json(report)["safe"] == solution.safe.to_json()
    # nothing safe, but a safer cell existed
    view = Board.parse("mines 2\n1???\n1???\n")
    solution = solve(view)
    report = loss_report(view, (0, 1))
    assert report.kind == "guess" and not solution.safe
    probability, safest = solution.safest()
    assert report.safest == safest and report.safest_probability == pytest.approx(probability)
    assert report.safest_probability < report.probability


def test_loss_report_when_nothing_was_safer() -> None:
    view = Board.parse("mines 1\n1?\n1?\n")
    report = loss_report(view, (0, 1))
    assert report.kind == "guess" and report.probability == pytest.approx(0.5)
    assert report.safe is None and report.safest is None
    assert loss_report_json(report) == {
        "cell": [0, 1],
        "kind": "guess",
        "probability": 0.5,
        "text": "B1 was a guess: as far as you could tell, its mine chance was 50%. "
        "No cell was safer: that was bad luck, not a mistake.",
    }


def test_opening_a_mine_in_classic_mode_comes_with_the_report() -> None:
    game = Game.from_layout(2, 3, 1 << 2, seed=0)
    game.extra["mode"] = "classic"
    open_cell(game, 0, 0)
    outcome = open_cell(game, 0, 2)
    assert game.lost
    assert outcome.loss is not None and outcome.loss.cell == Cell(0, 2)
    assert outcome_json(outcome)["loss"]["cell"] == [0, 2]
    # the report survives a save and reload of the game
    reloaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert stored_loss_report(reloaded) == outcome.loss
    assert stored_loss_report(Game.new(9, 9, 10, 0)) is None


def test_a_chord_that_explodes_is_reported_from_the_view_before_it() -> None:
    # A1 is a 1 (mine at B2); a wrong flag on A2 lets the chord open B1 and B2
    game = Game.from_layout(3, 3, 1 << 4, seed=0)
    game.extra["mode"] = "classic"
    game.open(0, 0)
    game.toggle_flag(1, 0)
    before = game.view()
    outcome = chord_cell(game, 0, 0)
    assert game.lost and outcome.loss is not None
    # the reasoning is the view's; the wrong flag the chord went through is named (the game revealed it)
    wrong = CellSet.from_cells([Cell(1, 0)], 3)
    assert outcome.loss == loss_report(before, (1, 1), chord=Cell(0, 0), wrong_flags=wrong)
    assert stored_loss_report(game) == outcome.loss


def test_each_mode_has_its_rules_in_one_object() -> None:
    from explainer.play.modes import RULES, ModeRules, mode_rules

    assert set(RULES) == set(MODES) and all(rules.mode is mode for mode, rules in RULES.items())
    assert type(RULES[Mode.CLASSIC]) is ModeRules  # classic is the base: nothing refused, saved or opened
    for mode in MODES:
        game = new_game(mode, 9, 9, 10, seed=1)
        assert mode_rules(game) is RULES[mode]
        assert set(summary(game)) >= set(RULES[mode].figures(game))


def test_a_position_is_played_by_the_game_and_a_flag_after_the_win_is_left_out() -> None:
    from explainer.core.board import Board
    from explainer.play.position_game import play_position

    # one mine at A1, flagged; every other cell open: opening them wins, so the flag changes nothing
    view = Board.parse("mines 1\nF1\n11\n")
    game = play_position(view, 0b0001, seed=1)
    assert game.state == "won" and game.view().cells[1:] == view.cells[1:]
    assert {entry["by"] for entry in game.history} == {"game"} and game_mode(game) is Mode.CLASSIC
    # a position still in play: its numbers opened and its flag placed, by the game
    view = Board.parse("mines 2\nF1??\n11??\n")
    layout = 1 | 1 << 7  # A1 and D2
    game = play_position(view, layout, Mode.FORGIVING, seed=2)
    assert game.state == "playing" and game.flagged == 1 and game_mode(game) is Mode.FORGIVING
    assert game.view() == view


def test_a_chord_on_a_provably_wrong_flag_says_why_the_flag_was_wrong() -> None:
    """A teacher's audit: chord losses proved the opened cell a mine in 139 words but never said why the flag was
    wrong.  When the numbers prove the flag's cell safe, the report names it and proves that (the shortest argument),
    each step checked."""
    told = 0
    for board in view_boards():
        solution = solve(board.without_flags())
        for number, value in board.numbers():
            around = board.neighbours[number] & board.covered_mask & ~board.flagged_mask
            safe = [i for i in iter_bits(around & solution.safe.mask)]
            mines = [i for i in iter_bits(around & solution.mines.mask)]
            if not safe or not mines or len(mines) != value:
                continue
            # the player flags a safe cell and all but one of the mines: the chord opens the last mine
            lines = str(board.without_flags()).splitlines()
            grid = [list(line) for line in lines[1:]]
            for index in {safe[0], *mines[1:]}:
                grid[index // board.width][index % board.width] = "F"
            view = Board.parse("\n".join([lines[0], *("".join(row) for row in grid)]) + "\n")
            report = loss_report(view, divmod(mines[0], board.width), chord=divmod(number, board.width),
                                 wrong_flags=CellSet(1 << safe[0], board.width))
            if report.kind != "flag":
                continue
            data = loss_report_json(report, "en")
            assert data["flag"] == list(divmod(safe[0], board.width))
            flag_name = board.name(safe[0])
            assert f"The flag on {flag_name} can't be right: that cell is safe." in data["text"]
            check_chain(view, data["chain"], solve(view).mines.to_json())
            assert safe[0] in {view.index(*c) for c in data["chain"][-1]["safe"]}
            told += 1
            break
        if told >= 5:
            break
    assert told >= 5
