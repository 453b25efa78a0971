"""The chance to win with best play (``explainer.bot.moves.win_chances``, the bot's exact endgame search)
and what a forced guess cost in the review, checked against a plain game-tree search written here."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explainer.bot.certainty import PlayerKnowledge
from explainer.bot.endgame import placements
from explainer.bot.guess import GuessReason
from explainer.bot.moves import win_chances
from explainer.core.board import Board
from explainer.core.cells import Cell, iter_bits
from explainer.engine.hint import make_hint
from explainer.play.game import Game, GameState
from explainer.play.moves import open_cell
from explainer.review import Verdict, review
from explainer.words.review import review_json

#: beginner seed 47 played by the hints (their mines flagged) to its first forced guess: 10 covered cells
#: at the bottom left, three mines among them
FORCED = """mines 10
.......1F
.......11
.......11
.......1F
11....122
F2.1222F1
F312FF211
?????31..
?????1...
"""


def _best_play(found: list[int], cells: int, neighbours: tuple[int, ...]) -> Fraction:
    """The chance to win from equally likely placements ``found`` by a full game-tree search: open any
    covered cell (a safe one for free), see its number, go on; won when one placement is left."""
    if len(found) == 1:
        return Fraction(1)
    best = Fraction(0)
    for cell in iter_bits(cells):
        safe = [placement for placement in found if not placement >> cell & 1]
        if not safe:
            continue
        shows: dict[int, list[int]] = {}
        for placement in safe:
            shows.setdefault((placement & neighbours[cell]).bit_count(), []).append(placement)
        if len(safe) == len(found) and len(shows) == 1:
            continue  # opening it tells nothing
        value = sum((len(part) * _best_play(part, cells & ~(1 << cell), neighbours) for part in shows.values()), Fraction(0))
        best = max(best, value / len(found))
    return best


def _after(found: list[int], cells: int, neighbours: tuple[int, ...], cell: int) -> Fraction:
    shows: dict[int, list[int]] = {}
    for placement in found:
        if not placement >> cell & 1:
            shows.setdefault((placement & neighbours[cell]).bit_count(), []).append(placement)
    rest = cells & ~(1 << cell)
    return sum((len(part) * _best_play(part, rest, neighbours) for part in shows.values()), Fraction(0)) / len(found)


def test_the_chances_are_those_of_a_full_game_tree_search() -> None:
    view = Board.parse(FORCED)
    knowledge = PlayerKnowledge.from_board(view)
    knowledge.propagate()
    found = placements(knowledge.unknown, knowledge.constraints(), knowledge.mines_left, 1000)
    assert found is not None and len(found) >= 2
    neighbours = tuple(view.neighbours)
    best = _best_play(found, knowledge.unknown, neighbours)
    assert best == Fraction(2, 3)
    played = {}
    for index in iter_bits(knowledge.unknown):
        chances = win_chances(view, Cell(*divmod(index, 9)))
        assert chances is not None and chances.placements == len(found)
        assert chances.best == pytest.approx(float(best))
        assert chances.played == pytest.approx(float(_after(found, knowledge.unknown, neighbours, index)))
        played[Cell(*divmod(index, 9)).name] = chances.played
    assert played["E9"] == pytest.approx(4 / 9)  # the worst guess
    assert max(played.values()) == pytest.approx(2 / 3)  # the best ones keep the chance


def test_a_true_fifty_fifty_and_a_view_with_too_many_placements() -> None:
    fifty = Board.parse("mines 1\n1?\n1?\n")  # one mine, two cells, nothing can tell which
    chances = win_chances(fifty, Cell(0, 1))
    assert chances is not None and (chances.best, chances.played, chances.placements) == (0.5, 0.5, 2)
    opening = Board.parse("mines 99\n" + "\n".join(["?" * 30] * 15 + ["." * 30]) + "\n")
    assert win_chances(opening, Cell(0, 0)) is None  # far too many placements to play out


def test_the_review_says_what_a_forced_guess_cost_in_winning_chances() -> None:
    game = Game.new(9, 9, 10, seed=47)
    open_cell(game, 4, 4)
    while True:
        view = game.view()
        step = make_hint(view).deduction
        if step is None:
            break
        if step.safe:
            open_cell(game, *next(iter(step.safe)))
        else:
            for cell in step.mines:
                if not game.flagged >> game.index(*cell) & 1:
                    game.toggle_flag(*cell)
    assert game.state is GameState.PLAYING
    assert str(game.view()) == FORCED
    open_cell(game, 8, 4)  # E9: the guess that wins least often
    item = review(game).moves[-1]
    assert item.verdict is Verdict.FORCED_GUESS and item.chances is not None
    assert (item.chances.best, item.chances.played) == (pytest.approx(2 / 3), pytest.approx(4 / 9))
    data = review_json(review(game))["moves"][-1]
    assert data["chances"]["placements"] == item.chances.placements
    assert "wins the game most often (67% of the time). This guess left a 44% chance to win." in data["text"]


def test_a_guess_as_good_as_the_best_one_kept_the_chance() -> None:
    # two cells, one mine, nothing can tell which (B1 holds it): the player guesses B2, not the bot's pick
    game = Game.from_layout(2, 2, 1 << 1)
    open_cell(game, 0, 0)
    open_cell(game, 1, 0)
    open_cell(game, 1, 1)
    assert game.state is GameState.WON
    item = review(game).moves[-1]
    assert item.verdict is Verdict.FORCED_GUESS and item.chances is not None and not item.followed
    assert (item.chances.best, item.chances.played) == (0.5, 0.5)
    text = review_json(review(game))["moves"][-1]["text"]
    assert item.best_guess is not None
    if item.best_guess.reason is GuessReason.ENDGAME:  # its reason gave the chance: the guess kept it
        assert text.endswith("This guess kept that chance to win.")
    else:
        assert text.endswith("With best play from here, the game could be won 50% of the time, and this guess kept that chance.")
