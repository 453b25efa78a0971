"""Guesses weighed by playing them out (``explainer.bot.rollouts``), on a small view whose every mine placement is
known by exhaustive search: the layouts are drawn as likely as the view makes them, and the paired comparison of
two guesses brackets the exact difference of their win rates."""

from __future__ import annotations

import random
from collections import Counter

from explainer.core.board import Board
from explainer.core.cells import Cell
from explainer.bot.rollouts import compare, play_out, sample_layouts

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
