"""Guesses weighed by playing them out (``explainer.bot.rollouts``), on a small view whose every mine placement is
known by exhaustive search: the layouts are drawn as likely as the view makes them, and the paired comparison of
two guesses brackets the exact difference of their win rates."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from explainer.core.board import Board
from explainer.core.cells import Cell
from explainer.bot.guess import Guess, GuessPolicy, GuessReason
from explainer.bot.rollouts import Strongest, compare, play_out, sample_layouts, strongest_guess, view_seed
from explainer.words.guesses import guess_reasons
from explainer.words.render import Renderer

from tests.oracles.brute import placements

VIEW = Board.parse("mines 4\n??1..\n??2..\n??211\n?????\n?????\n")


def test_every_layout_fits_and_each_is_drawn_as_often_as_the_others() -> None:
    exact = placements(VIEW)
    drawn = sample_layouts(VIEW, 4000, random.Random(1))
    assert set(drawn) <= set(exact)
    counts = Counter(drawn)
    expected = len(drawn) / len(exact)
    chi_square = sum((counts.get(layout, 0) - expected) ** 2 / expected for layout in exact)
    degrees = len(exact) - 1
    assert chi_square < degrees + 6 * (2 * degrees) ** 0.5, chi_square  # uniform, far beyond chance otherwise
    assert len(counts) == len(exact)  # every placement comes up


def test_a_guess_on_a_mine_loses_and_the_comparison_brackets_the_exact_difference() -> None:
    exact = placements(VIEW)
    corner, inner = Cell(0, 0), Cell(3, 2)
    mine = next(layout for layout in exact if layout & 1)  # A1 a mine
    assert not play_out(VIEW, mine, corner)
    wins = {cell: sum(play_out(VIEW, layout, cell) for layout in exact) / len(exact) for cell in (corner, inner)}
    truth = wins[inner] - wins[corner]
    assert truth > 0.05  # the inner cell is the better guess here (exhaustive: every placement played)
    result = compare(VIEW, inner, corner, sample_layouts(VIEW, 1500, random.Random(2)))
    low, high = result.interval
    assert low <= truth <= high and low > 0, (truth, result)
    assert result.only_first - result.only_second == result.first_wins - result.second_wins


def _guess_on(view: Board) -> Guess:
    from explainer.bot.moves import policy_guess

    return policy_guess(view, GuessPolicy(endgame_limit=0))


def test_the_strongest_setting_keeps_the_pick_unless_a_close_rival_wins_beyond_its_interval() -> None:
    guess = _guess_on(VIEW)
    # no close rival: nothing is played out, the pick stands
    alone = replace(guess, scores=((guess.cell, 0.9),))
    assert strongest_guess(VIEW, alone) == alone
    # a close call between A1 and A4, equally risky (2 of 19 placements); played out on every placement A4 wins
    # 16 of 19 games, A1 15: A4 wins beyond its interval, and its figures replay from the seed the guess carries
    exact = placements(VIEW)
    corner, rival = Cell(0, 0), Cell(3, 0)
    assert [sum(play_out(VIEW, layout, cell) for layout in exact) for cell in (corner, rival)] == [15, 16]
    staged = replace(guess, cell=corner, reason=GuessReason.ORDER, scores=((corner, 0.8), (rival, 0.795)))
    settings = Strongest(layouts=2000, seconds=600)
    chosen = strongest_guess(VIEW, staged, settings=settings)
    assert chosen.cell == rival and chosen.reason is GuessReason.ROLLOUT and chosen.rollout is not None
    rollout = chosen.rollout
    assert rollout.other == corner and rollout.layouts == 2000 and rollout.seed == view_seed(VIEW)
    layouts = sample_layouts(VIEW, rollout.layouts, random.Random(rollout.seed))
    assert rollout.wins == sum(play_out(VIEW, layout, rival) for layout in layouts)
    assert rollout.other_wins == sum(play_out(VIEW, layout, corner) for layout in layouts)
    assert chosen.probability == sum(layout >> (3 * VIEW.width) & 1 for layout in exact) / len(exact) == 2 / 19
    # a rival outside the close margin is never played out
    far = replace(staged, scores=((corner, 0.8), (rival, 0.7)))
    assert strongest_guess(VIEW, far, settings=settings) == far
    # the sentence states the replayed figures
    english = Renderer("en")
    text = " ".join(guess_reasons(chosen, english, named=True))
    won, other_won = english.percent(rollout.wins / 2000), english.percent(rollout.other_wins / 2000)
    assert f"Guess A4: its mine chance is higher, 11%, but on 2,000 mine layouts that fit the numbers, playing on " \
           f"from it won {won} of the games (A1: {other_won})." in text, text
