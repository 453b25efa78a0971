"""Practice ratings (``explainer.learn.ratings``): a first attempt moves the player and the puzzle the right way, a
puzzle's starting difficulty follows what its proof needs, and ratings converge."""

from __future__ import annotations

import random
import statistics

import pytest

from explainer.learn.practice import Puzzle, make_puzzle
from explainer.learn.ratings import MIN_SIGMA, PLAYER_START, Rating, after_attempt, chance, seed


def test_solving_raises_the_player_and_lowers_the_puzzle_and_a_miss_the_other_way() -> None:
    puzzle = Rating(1400, 150)
    solved, easier = after_attempt(PLAYER_START, puzzle, True)
    missed, harder = after_attempt(PLAYER_START, puzzle, False)
    assert solved.mu > PLAYER_START.mu > missed.mu and easier.mu < puzzle.mu < harder.mu
    assert solved.sigma < PLAYER_START.sigma and missed.sigma < PLAYER_START.sigma  # an attempt tells something
    # a surprise moves a rating more than an expected outcome
    expected_win, _ = after_attempt(Rating(1800, 100), Rating(1200, 100), True)
    upset_loss, _ = after_attempt(Rating(1800, 100), Rating(1200, 100), False)
    assert 1800 - upset_loss.mu > expected_win.mu - 1800 > 0
    assert chance(Rating(1800, 100), Rating(1200, 100)) > 0.9 > 0.1 > chance(Rating(1200, 100), Rating(1800, 100))


def test_an_uncertainty_never_falls_below_its_floor() -> None:
    player, puzzle = Rating(1500, 60), Rating(1500, 60)
    for outcome in [True, False] * 50:
        player, puzzle = after_attempt(player, puzzle, outcome)
    assert player.sigma >= MIN_SIGMA and puzzle.sigma >= MIN_SIGMA


def _seed(puzzle: Puzzle) -> Rating:
    return seed(puzzle.board, puzzle.deduction)


def test_a_puzzle_s_starting_difficulty_follows_the_rule_it_needs() -> None:
    """Over ten generated puzzles of each lesson, the mean seed rating orders the rules: one number's step below two
    numbers' below a supposition's."""
    def mean(pattern: str) -> float:
        return statistics.mean(_seed(make_puzzle(pattern, s)).mu for s in range(10))

    simple, pair, enumeration = mean("simple"), mean("pair"), mean("enumeration")
    assert simple < pair < enumeration
    assert mean("endgame") > pair  # the mine count and suppositions
    assert all(_seed(make_puzzle("simple", s)).sigma > 100 for s in range(3))  # uncertain until attempted


@pytest.mark.parametrize("rng_seed", [1, 2])
def test_ratings_converge(rng_seed: int) -> None:
    """The simulation: 100 players, each of a true strength drawn uniformly from 800 to 2200, start at 1500 and do 40
    puzzles each, each the one of a pool of 400 (true difficulties uniform in 700-2400, known to within 60 points)
    nearest their current rating; a player solves a puzzle with the chance the model gives their true strength
    against its true difficulty.  After 40 puzzles at least 90 of the 100 are within 100 points of their true
    strength, and the median error is under 50."""
    rng = random.Random(rng_seed)
    errors = []
    for _player in range(100):
        true = rng.uniform(800, 2200)
        pool = [rng.uniform(700, 2400) for _ in range(400)]
        player = PLAYER_START
        for _attempt in range(40):
            difficulty = min(pool, key=lambda d: abs(d - player.mu))
            pool.remove(difficulty)
            solved = rng.random() < chance(Rating(true, 1e-3), Rating(difficulty, 1e-3))
            player, _ = after_attempt(player, Rating(difficulty, 60), solved)
        errors.append(abs(player.mu - true))
    assert sum(error <= 100 for error in errors) >= 90
    assert statistics.median(errors) < 50
