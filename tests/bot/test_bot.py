"""The bot: it plays through the player's interface only, its certain moves are
right, its runs are reproducible, and its guesses are explained."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from explainer.core.board import Board
from explainer.bot.moves import BotError, Move, MoveKind, next_move, play_game, policy_guess
from explainer.engine import budget
from explainer.bot.runs import RunConfig, run_games, wilson_interval
from explainer.words.bot import explain_guess, explain_move, move_marks, move_to_json
from explainer.core.cells import Cell, iter_bits
from explainer.bot.endgame import best_endgame_guess, placements
from explainer.bot.certainty import PlayerKnowledge
from explainer.play.game import PRESETS, Game, GameError
from explainer.bot.guess import GuessPolicy, GuessReason, _linked, _two_moves, choose_guess, lookahead
from explainer.engine.solve import solve
from explainer.words.render import Renderer
from explainer.bot.interface import FirstClick, PlayerTable
from tests.oracles.brute import endgame_win, two_moves, unknown_placements

BEGINNER = PRESETS["beginner"]
INTERMEDIATE = PRESETS["intermediate"]
EXPERT = PRESETS["expert"]


# -- the bot never reads the hidden layout -----------------------------------------------


class LayoutRead(AssertionError):
    pass


class GuardedGame(Game):
    """A game whose layout can only be read by its own moves and view: any
    other read (by the bot, or by anything it calls) raises ``LayoutRead``."""

    _inside = 0

    @property  # type: ignore[override]
    def layout(self) -> int | None:
        if not self._inside:
            raise LayoutRead("the hidden layout was read outside the game's own moves")
        return self.__dict__["_layout"]

    @layout.setter
    def layout(self, value: int | None) -> None:
        self.__dict__["_layout"] = value

    @contextmanager
    def _own(self) -> Iterator[None]:
        self._inside += 1
        try:
            yield
        finally:
            self._inside -= 1

    def open(self, row, col, make_layout=None):  # type: ignore[no-untyped-def]
        with self._own():
            return super().open(row, col, make_layout)

    def toggle_flag(self, row, col):  # type: ignore[no-untyped-def]
        with self._own():
            return super().toggle_flag(row, col)

    def view(self) -> Board:
        with self._own():
            return super().view()

    def count_at(self, index: int) -> int:
        with self._own():
            return super().count_at(index)


def guarded_table(height: int, width: int, mines: int, seed: int, rule: str = "opening") -> PlayerTable:
    return PlayerTable(GuardedGame(height, width, mines, seed), rule)


def test_the_guard_catches_a_layout_read() -> None:
    table = guarded_table(*BEGINNER, seed=1)
    table.open(4, 4)
    with pytest.raises(LayoutRead):
        table._game.layout  # noqa: B018 - what a cheating bot would do
    with pytest.raises(LayoutRead):
        table._game.mines()


@pytest.mark.parametrize("rule", ["opening", "safe"])
def test_the_bot_plays_whole_games_without_reading_the_layout(rule: str) -> None:
    results = [play_game(guarded_table(*BEGINNER, seed=seed, rule=rule)).won for seed in range(40)]
    results += [play_game(guarded_table(*INTERMEDIATE, seed=seed, rule=rule)).won for seed in range(3)]
    assert any(results) and len(results) == 43


def test_the_bot_steps_a_game_through_views_without_reading_the_layout() -> None:
    table = guarded_table(*BEGINNER, seed=7)
    for _ in range(200):
        if table.over:
            break
        move = next_move(table.view())
        if move.kind is MoveKind.OPEN:
            table.open(*move.cell)
        else:
            table.flag(*move.cell)
    assert table.over


# -- certain moves are right; both ways of playing agree ------------------------------------


def play_by_views(table: PlayerTable, policy: GuessPolicy = GuessPolicy()) -> tuple[bool, list[Cell]]:
    """Play with ``next_move`` on each view, as the web steps a game; returns
    (won, the guessed cells).  A certain move must never lose."""
    guesses = []
    while not table.over:
        move = next_move(table.view(), policy, table.first_click)
        if move.kind is MoveKind.OPEN:
            table.open(*move.cell)
            if move.certain:
                assert table.state != "lost", f"a certain move lost the game at {move.cell.name}"
            else:
                guesses.append(move.cell)
        else:
            table.flag(*move.cell)
    return table.state == "won", guesses


@pytest.mark.parametrize("seed", range(6))
def test_next_move_and_play_game_make_the_same_guesses(seed: int) -> None:
    size = INTERMEDIATE if seed % 2 else BEGINNER
    rule = "safe" if seed % 3 == 0 else "opening"
    fast = play_game(PlayerTable.new(*size, seed=seed, first_click=rule), keep_log=True)
    won, guessed = play_by_views(PlayerTable.new(*size, seed=seed, first_click=rule))
    assert won == fast.won
    assert guessed == [guess.cell for guess in fast.guess_log]


def test_play_game_on_a_started_game_is_refused() -> None:
    table = PlayerTable.new(*BEGINNER, seed=1)
    table.open(0, 0)
    with pytest.raises(BotError, match="'playing'"):
        play_game(table)


def views_from_games(count: int) -> Iterator[Board]:
    """Mid-game views: a few random safe opens into random games, some with flags."""
    rng = random.Random(99)
    for seed in range(count):
        height, width, mines = rng.choice([BEGINNER, INTERMEDIATE, (8, 12, 20)])
        game = Game.new(height, width, mines, seed)
        game.open(rng.randrange(height), rng.randrange(width))
        for _ in range(rng.randrange(4)):
            if game.over:
                break
            assert game.layout is not None
            safe = [i for i in range(game.size) if not (game.layout | game.revealed) >> i & 1]
            if safe:
                game.open(*divmod(rng.choice(safe), width))
        if game.state == "playing":
            yield game.view()


def test_the_fast_solver_finds_exactly_the_certain_cells_of_the_pipeline() -> None:
    checked = 0
    for view in views_from_games(60):
        knowledge = PlayerKnowledge.from_board(view)
        knowledge.propagate()
        knowledge.analyze()
        solution = solve(view)
        assert knowledge.safe == solution.safe.mask
        assert knowledge.mines == solution.mines.mask
        checked += 1
    assert checked > 30


def test_a_wrong_flag_is_removed_first_and_explained() -> None:
    # the 1 at B3 sees only C2: C2 is the mine, so the flag on C1 is wrong
    board = Board.parse("mines 1\n.1F\n.1?\n.11\n")
    move = next_move(board)
    assert move.kind is MoveKind.UNFLAG and move.cell == Cell(0, 2) and move.deduction is not None
    assert "C1" in explain_move(move)
    unflagged = Board.parse("mines 1\n.1?\n.1?\n.11\n")
    move = next_move(unflagged)
    assert move.certain and (move.kind, move.cell) in {(MoveKind.OPEN, Cell(0, 2)), (MoveKind.FLAG, Cell(1, 2))}


def test_a_view_without_mine_count_or_impossible_is_refused() -> None:
    with pytest.raises(BotError, match="mine count"):
        next_move(Board.parse("1?\n??\n"))
    with pytest.raises(BotError, match="impossible"):
        next_move(Board.parse("mines 1\n3?\n??\n"))


# -- guesses -----------------------------------------------------------------------------------


def test_the_first_move_depends_on_the_rule_and_is_explained() -> None:
    empty = Board.parse("mines 10\n" + "?????????\n" * 9)
    move = next_move(empty)
    assert move.kind is MoveKind.OPEN and move.cell == Cell(2, 2)
    assert move.guess is not None and move.guess.reason is GuessReason.FIRST
    assert "C3" in explain_move(move)
    assert next_move(empty, rule=FirstClick.SAFE).cell == Cell(0, 0)
    assert next_move(empty, GuessPolicy(first_cell="center"), FirstClick.SAFE).cell == Cell(4, 4)
    with pytest.raises(ValueError, match="'middle'"):
        next_move(empty, GuessPolicy(first_cell="middle"))


GUESS_VIEW = "mines 3\n1????\n?????\n?????\n?????\n?????\n"


def test_a_guess_takes_the_lowest_risk_and_says_why() -> None:
    # the 1 at A1 puts 1/3 on each of its neighbours; the far cells hold 2 mines in 21 cells
    view = Board.parse(GUESS_VIEW)
    knowledge = PlayerKnowledge.from_board(view)
    knowledge.propagate()
    analysis = knowledge.analyze()
    probabilities = analysis.probabilities()
    guess = choose_guess(knowledge, analysis, GuessPolicy(endgame_limit=0))
    index = guess.cell.row * view.width + guess.cell.col
    assert probabilities[index] == min(probabilities.values()) == pytest.approx(2 / 21)
    assert probabilities[1] == pytest.approx(1 / 3)
    # equal risk away from the number: a corner, the first in reading order
    assert guess.cell == Cell(0, 4) and guess.reason is GuessReason.EDGE and guess.tied == 21
    assert guess.alternatives and guess.alternatives[0][1] == pytest.approx(2 / 21)
    text = explain_move(next_move(view, GuessPolicy(endgame_limit=0)))
    assert "E1" in text and "9.5%" in text and "in a corner" in text


def test_the_lookahead_plays_reproducibly_and_can_be_turned_off() -> None:
    first = [play_game(PlayerTable.new(*EXPERT, seed=seed), keep_log=True) for seed in range(4)]
    again = [play_game(PlayerTable.new(*EXPERT, seed=seed), keep_log=True) for seed in range(4)]
    assert first == again
    reasons = {guess.reason for result in first for guess in result.guess_log}
    assert GuessReason.FIRST in reasons and len(reasons) > 1
    plain = [play_game(PlayerTable.new(*EXPERT, seed=seed), GuessPolicy(lookahead=False), keep_log=True) for seed in range(4)]
    assert all(guess.survival is None for result in plain for guess in result.guess_log)
    assert not {GuessReason.PROGRESS, GuessReason.TRADE} & {guess.reason for result in plain for guess in result.guess_log}


def _brute_survival(knowledge: PlayerKnowledge, index: int, elsewhere: float) -> float:
    """The chance to survive opening ``index`` and the next move, by listing every placement."""
    layouts = unknown_placements(knowledge.unknown, knowledge.constraints(), knowledge.mines_left)
    around = knowledge.neighbours[index] & knowledge.unknown
    by_number: dict[int, list[int]] = {}
    for layout in layouts:
        if not layout >> index & 1:
            by_number.setdefault((layout & around).bit_count(), []).append(layout)
    others = [c for c in iter_bits(knowledge.unknown) if c != index]
    survival = 0.0
    for group in by_number.values():
        safety = {c: sum(1 for layout in group if not layout >> c & 1) / len(group) for c in others}
        if any(value == 1.0 for value in safety.values()):
            survival += len(group)
        else:
            survival += len(group) * max([elsewhere, *safety.values()])
    return survival / len(layouts)


def _small_lookaheads(seed: int, games: int) -> Iterator[tuple[PlayerKnowledge, list[tuple[int, int]], int, float]]:
    """(view, its numbers, a covered cell, the safety of a cell elsewhere) over small random games after one click."""
    rng = random.Random(seed)
    for _ in range(games):
        height, width = rng.randint(2, 4), rng.randint(3, 5)
        mines = rng.randint(2, height * width // 2)
        game = Game.new(height, width, mines, rng.randrange(10**6))
        game.open(rng.randrange(height), rng.randrange(width))
        if game.state != "playing":
            continue
        knowledge = PlayerKnowledge.from_board(game.view())
        constraints = knowledge.constraints()
        for index in iter_bits(knowledge.unknown):
            yield knowledge, constraints, index, rng.choice([0.0, 0.5])


def test_the_lookahead_is_the_exact_chance_to_survive_two_moves() -> None:
    checked = linked = 0
    for knowledge, constraints, index, elsewhere in _small_lookaheads(8, 300):
        expected = _brute_survival(knowledge, index, elsewhere)
        assert lookahead(knowledge, constraints, index, elsewhere) == pytest.approx(expected, abs=1e-12)
        # below a floor it can reach, the early stop never hides the value
        assert lookahead(knowledge, constraints, index, elsewhere, floor=expected - 1e-9) == pytest.approx(expected)
        assert lookahead(knowledge, constraints, index, elsewhere, floor=expected + 1e-6) < expected + 1e-6
        checked += 1
        around = knowledge.neighbours[index] & knowledge.unknown
        if len(_linked(constraints, around | 1 << index)) == len(constraints):
            # reading only the numbers linked to the cell is exact when they are all of them
            assert lookahead(knowledge, constraints, index, elsewhere, whole=False) == pytest.approx(expected, abs=1e-12)
            linked += 1
    assert checked > 200 and linked > 200


def test_the_blended_lookahead_counts_the_best_and_second_best_next_cell_exactly() -> None:
    checked = 0
    for knowledge, constraints, index, elsewhere in _small_lookaheads(12, 200):
        layouts = unknown_placements(knowledge.unknown, constraints, knowledge.mines_left)
        survival, backup = two_moves(knowledge.neighbours, knowledge.unknown, layouts, index, elsewhere)
        assert survival == pytest.approx(_brute_survival(knowledge, index, elsewhere), abs=1e-12)
        moves = _two_moves(knowledge, constraints, index, elsewhere, 0.0, blend=0.25, whole=True)
        assert moves.survival == pytest.approx(survival, abs=1e-12)
        assert moves.backup == pytest.approx(backup, abs=1e-12)
        assert moves.score == pytest.approx((survival + 0.25 * backup) / 1.25, abs=1e-12)
        # the early stop needs both: a score below its floor and a survival below its own
        assert _two_moves(knowledge, constraints, index, elsewhere, 2.0, 0.25, whole=True, survival_floor=survival - 1e-9).values == moves.values
        assert _two_moves(knowledge, constraints, index, elsewhere, 2.0, 0.25, whole=True, survival_floor=2.0).values == 0
        checked += 1
    assert checked > 200


def test_a_blended_pick_says_which_cell_survives_two_moves_more_often() -> None:
    picks = []
    for seed in range(60):
        result = play_game(PlayerTable.new(*EXPERT, seed=seed, first_click=FirstClick.SAFE), keep_log=True)
        picks += [guess for guess in result.guess_log if guess.better is not None]
        if len(picks) >= 4:
            break
    assert picks, "the blend never picked a cell that survives the two moves less often than another in 60 expert games"
    for guess in picks:
        assert guess.reason in (GuessReason.PROGRESS, GuessReason.TRADE) and guess.better != guess.cell
        assert guess.survival is not None and guess.better_survival is not None and guess.survival < guess.better_survival
        # what the blend weighs it by: the pick leaves a safer second choice
        assert guess.backup is not None and guess.better_backup is not None and guess.backup > guess.better_backup
        text = explain_guess(guess, Renderer("en"))
        assert "best chance" not in text and "leaves a safer second choice for the next move" in text, text
        assert guess.better.name in text and "%(" not in explain_guess(guess, Renderer("fr"))
        move = Move(MoveKind.OPEN, guess.cell, guess=guess)
        assert "compared" in move_marks(move, EXPERT[1])[guess.better] and "compared" not in move_marks(move, EXPERT[1])[guess.cell]


def test_a_riskier_guess_by_the_lookahead_names_the_safer_cell() -> None:
    trades = []
    for seed in range(40):
        result = play_game(PlayerTable.new(*EXPERT, seed=seed, first_click=FirstClick.SAFE), keep_log=True)
        trades += [guess for guess in result.guess_log if guess.reason is GuessReason.TRADE]
        if len(trades) >= 3:
            break
    assert trades, "the lookahead never took a riskier cell in 40 expert games"
    for guess in trades:
        safer, lowest = guess.alternatives[0]
        assert lowest < guess.probability <= lowest + GuessPolicy().margin + 1e-9
        # surviving two moves is never likelier than surviving the first
        assert guess.survival is not None and 0.0 < guess.survival <= 1.0 - guess.probability + 1e-12
        text = explain_guess(guess, Renderer("en"))
        # the safer cells are named when few (else counted); "higher" from one percentage point up (else "about as safe")
        assert guess.cell.name in text and (safer.name in text or len(guess.safest or ()) > 3)
        assert ("its mine chance is higher" in text) == (guess.probability - lowest >= 0.01 - 1e-9)
        assert "%(" not in explain_guess(guess, Renderer("de"))


def test_an_endgame_search_over_the_budget_gives_way_to_the_lookahead() -> None:
    # GUESS_VIEW has 630 placements: the endgame search plays them out, unless a
    # request's budget runs out first; the guess then comes from the steps below it
    view = Board.parse(GUESS_VIEW)
    with budget.limit(work=10**12) as unlimited:
        searched = policy_guess(view)
    assert searched.reason is GuessReason.ENDGAME and unlimited.spent > 10**6
    plain = policy_guess(view, GuessPolicy(endgame_limit=0))
    with budget.limit(work=100_000) as tight:
        fallback = policy_guess(view)
    assert (fallback.cell, fallback.reason) == (plain.cell, plain.reason) != (searched.cell, searched.reason)
    assert tight.spent < 100_000  # the abandoned search is not charged to the request


def test_the_endgame_finds_every_placement() -> None:
    rng = random.Random(3)
    for _ in range(40):
        height, width = rng.randint(2, 4), rng.randint(2, 5)
        size = height * width
        mines = rng.randint(1, size - 2)
        game = Game.new(height, width, mines, rng.randrange(10**6))
        game.open(rng.randrange(height), rng.randrange(width))
        if game.state != "playing":
            continue
        knowledge = PlayerKnowledge.from_board(game.view())
        constraints = knowledge.constraints()
        brute = set(unknown_placements(knowledge.unknown, constraints, knowledge.mines_left))
        found = placements(knowledge.unknown, constraints, knowledge.mines_left, 10**6)
        assert found is not None and sorted(found) == sorted(brute)
        if len(brute) > 3:
            assert placements(knowledge.unknown, constraints, knowledge.mines_left, 3) is None


def test_the_endgame_knows_a_coin_flip_and_plays_on() -> None:
    neighbours = Board.parse("??\n").neighbours
    # two cells, one mine, nothing to learn: a coin flip
    plan = best_endgame_guess(neighbours, 0b11, [0b01, 0b10])
    assert plan.win == pytest.approx(0.5) and plan.safe == pytest.approx(0.5)
    # a 1x4 strip with one mine: any safe first guess shows a number that, with
    # the cells it makes safe, finds the mine: the game is won whenever the guess is safe
    strip = Board.parse("????\n").neighbours
    plan = best_endgame_guess(strip, 0b1111, [0b0001, 0b0010, 0b0100, 0b1000])
    assert plan.win == pytest.approx(3 / 4) and plan.safe == pytest.approx(3 / 4)
    # two separate coin flips (A1/A2 and C1/C2 on a 2x3 board, B1 and B2 known safe
    # and revealed): each must be guessed, so the game is won a quarter of the time
    board = Board.parse("?2?\n?2?\n").neighbours
    plan = best_endgame_guess(board, 0b101101, [0b000101, 0b100001, 0b001100, 0b101000])
    assert plan.win == pytest.approx(1 / 4)


def test_the_endgame_search_wins_as_often_as_the_whole_game_tree() -> None:
    """The search (memo, pruning, placements as bitmasks, free cells opened first)
    against the plain game tree on small random views."""
    rng = random.Random(8)
    checked = 0
    while checked < 40:
        height, width = rng.randint(2, 3), rng.randint(2, 4)
        game = Game.new(height, width, rng.randint(1, height * width // 2), rng.randrange(10**6))
        game.open(rng.randrange(height), rng.randrange(width))
        if game.state != "playing":
            continue
        knowledge = PlayerKnowledge.from_board(game.view())
        found = placements(knowledge.unknown, knowledge.constraints(), knowledge.mines_left, 10**6)
        assert found is not None
        anywhere = 0
        for placement in found:
            anywhere |= placement
        if len(found) < 2 or knowledge.unknown & ~anywhere:
            continue  # the bot guesses only when no cell is certain
        plan = best_endgame_guess(knowledge.neighbours, knowledge.unknown, found)
        expected = endgame_win(list(knowledge.neighbours), knowledge.unknown, found)
        assert plan.win == pytest.approx(expected), str(game.view())
        # the plan's first guess is as good as the best one
        split: dict[int, list[int]] = {}
        for placement in found:
            if not placement >> plan.cell & 1:
                split.setdefault((placement & knowledge.neighbours[plan.cell]).bit_count(), []).append(placement)
        assert plan.safe == pytest.approx(sum(map(len, split.values())) / len(found))
        checked += 1


# -- runs -----------------------------------------------------------------------------------------


def test_runs_are_reproducible_with_any_number_of_jobs() -> None:
    config = RunConfig(*BEGINNER)
    one = run_games(config, 60, seed=5, jobs=1)
    again = run_games(config, 60, seed=5, jobs=1)
    two = run_games(config, 60, seed=5, jobs=2)
    assert one.outcomes == again.outcomes == two.outcomes
    assert one.wins == two.wins and one.guesses == two.guesses


def test_the_bot_is_strong_on_beginner() -> None:
    summary = run_games(RunConfig(*BEGINNER), 300, seed=11)
    # about 96% under the opening rule; a broken guesser or solver falls far below
    assert summary.win_rate > 0.88


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)


def test_the_safe_first_click_rule_protects_only_the_first_cell() -> None:
    neighbour_mines = 0
    for seed in range(200):
        table = PlayerTable.new(*BEGINNER, seed=seed, first_click="safe")
        shown = table.open(0, 0)
        assert table.state != "lost" and 0 in shown
        neighbour_mines += shown[0] > 0
    assert neighbour_mines > 20
    with pytest.raises(GameError, match="'sometimes'"):
        PlayerTable.new(*BEGINNER, seed=1, first_click="sometimes")


# -- the command line ------------------------------------------------------------------------------


def test_the_bot_command_reports_wins_rate_speed_and_guesses(run_cli) -> None:
    status, text = run_cli(["bot", "--preset", "beginner", "--games", "30", "--seed", "2", "--no-progress"])
    assert status == 0
    assert "games: 30" in text and "win rate:" in text and "95% confidence interval" in text
    assert "games/s" in text and "guesses per game:" in text
    assert "guessing: endgame search up to 1000 placements, lookahead within 0.1 of the lowest risk" in text
    status, text = run_cli(["bot", "--preset", "beginner", "--games", "3", "--no-progress", "--no-lookahead", "--endgame-limit", "0"])
    assert status == 0 and "guessing: no endgame search, no lookahead" in text
    status, text = run_cli(
        ["bot", "--preset", "beginner", "--games", "30", "--seed", "2", "--jobs", "2", "--json", "--no-progress"],
    )
    data = json.loads(text)
    expected = run_games(RunConfig(*BEGINNER), 30, seed=2)
    assert data["wins"] == expected.wins and data["games"] == 30
    assert data["ci95"][0] <= data["win_rate"] <= data["ci95"][1]
    assert data["first_click"] == "opening" and data["guesses_per_game"] >= 1


def test_the_bot_command_takes_a_custom_size(run_cli) -> None:
    status, text = run_cli(
        ["bot", "--width", "6", "--height", "5", "--mines", "4", "--games", "5", "--json", "--no-progress", "--first-click", "safe"],
    )
    data = json.loads(text)
    assert status == 0 and (data["width"], data["height"], data["mines"]) == (6, 5, 4)
    assert data["first_click"] == "safe" and data["policy"]["lookahead"] is True
    status, text = run_cli(["bot", "--preset", "beginner", "--games", "3", "--json", "--no-progress", "--no-lookahead"])
    assert status == 0 and json.loads(text)["policy"]["lookahead"] is False


def test_the_bot_command_refuses_bad_input(run_cli, capsys: pytest.CaptureFixture[str]) -> None:
    status, _ = run_cli(["bot", "--width", "5", "--height", "5", "--mines", "30", "--games", "2"])
    assert status == 2 and "mines must be between 1 and 24" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        run_cli(["bot", "--games", "0"])
    assert exit_info.value.code == 2 and "--games must be at least 1, got 0" in capsys.readouterr().err


# -- explanations ---------------------------------------------------------------------------------


def test_moves_as_json_carry_their_reason() -> None:
    table = PlayerTable.new(*BEGINNER, seed=4)
    kinds = set()
    while not table.over:
        move = next_move(table.view())
        data = move_to_json(move)
        assert data["kind"] == move.kind.value and data["cell"] == move.cell.to_json() and data["text"]
        if move.certain:
            assert data["deduction"]["safe"] or data["deduction"]["mines"]
        else:
            assert 0.0 <= data["guess"]["probability"] < 1.0
        kinds.add((move.kind, move.certain))
        (table.open if move.kind is MoveKind.OPEN else table.flag)(*move.cell)
    assert (MoveKind.OPEN, True) in kinds and (MoveKind.OPEN, False) in kinds


@pytest.mark.parametrize("language", ["fr", "ja", "ar"])
def test_guess_sentences_render_in_other_languages(language: str) -> None:
    move = next_move(Board.parse(GUESS_VIEW), GuessPolicy(endgame_limit=0))
    text = explain_move(move, language)
    assert "E1" in text and "%(" not in text


def test_the_losses_script_sorts_every_lost_game_once(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/bot_losses.py``: each lost game's last guess is counted in exactly one kind, and the
    games won match ``run_games`` on the same seed."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import bot_losses

    assert bot_losses.main(["--preset", "beginner", "--games", "60", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    summary = run_games(RunConfig(9, 9, 10, FirstClick.SAFE), 60, 3)
    lost = 60 - summary.wins
    assert f"60 games, {summary.wins} won" in lines[0] and f"{lost} lost" in lines[0]
    rows = {line[:26].strip(): line[26:].split() for line in lines[2:]}
    assert set(rows) == set(bot_losses.KINDS)
    assert sum(int(row[0]) for row in rows.values()) == lost > 0
    assert sum(int(row[2]) for row in rows.values()) == summary.guesses - 60  # the first clicks are not counted
