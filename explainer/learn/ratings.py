"""Ratings for practice: every puzzle has a difficulty and every player a strength, on one scale (1500 to start, like
chess ratings), moved by each first attempt at a puzzle.

The system is Weng and Lin's Bayesian rating with the Bradley-Terry model ("A Bayesian Approximation Method for
Online Ranking", JMLR 12, 2011), from the ``openskill`` library: a rating is a mean ``mu`` and an uncertainty
``sigma``; an attempt is a game between the player and the puzzle that the player wins by solving it.  Like
Glicko-2 (which lichess rates its puzzles with), a new rating moves fast while it is uncertain and slowly once it is
known.  A puzzle starts at a difficulty read from its proof (``seed``): its rule, the numbers it cites, its steps,
whether it supposes and whether it counts the mines left, and how many covered cells the player must look through.  docs/learn.md states the constants and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import BradleyTerryFull, BradleyTerryFullRating

from explainer.core.board import Board
from explainer.core.deduction import Deduction, Rule

__all__ = ["BETA", "PLAYER_START", "Rating", "TAU", "after_attempt", "chance", "seed"]

#: where every player starts: the middle of the scale, with a wide uncertainty
PLAYER_START_MU = 1500.0
PLAYER_START_SIGMA = 350.0
#: the spread of one attempt's outcome: a player BETA points above a puzzle solves it about 3 times in 4 (openskill's
#: own default is sigma / 2; lower means an attempt says more)
BETA = 120.0
#: how much uncertainty an attempt adds back before it is rated, so that a rating can follow a player who improves
TAU = 4.0
#: the uncertainty of a new puzzle's difficulty (read from its proof: a good guess, refined by its first attempts)
PUZZLE_SIGMA = 200.0
#: a rating's uncertainty never falls below this (a known rating still moves)
MIN_SIGMA = 40.0

#: a puzzle's starting difficulty by the rule its step needs
_RULE_BASE = {Rule.GLOBAL: 850.0, Rule.SIMPLE: 900.0, Rule.PAIR: 1300.0, Rule.ENUMERATION: 1750.0}
#: added for each number the step cites beyond the first, for each proof step beyond the first, for a step that
#: supposes (a case split) and for a step that counts the mines left
_PER_NUMBER = 60.0
_PER_STEP = 70.0
_SUPPOSES = 150.0
_COUNTS_MINES = 120.0
#: added for each covered cell (not flagged) beyond the first ``_SEEN_AT_ONCE``: more places to look
_PER_COVERED = 5.0
_SEEN_AT_ONCE = 10

_MODEL = BradleyTerryFull(mu=PLAYER_START_MU, sigma=PLAYER_START_SIGMA, beta=BETA, tau=TAU)


@dataclass(frozen=True)
class Rating:
    """A strength (a player's) or a difficulty (a puzzle's): ``mu`` the best estimate, ``sigma`` its uncertainty."""

    mu: float
    sigma: float

    @property
    def shown(self) -> int:
        """The rating as a player reads it: a whole number."""
        return round(self.mu)


PLAYER_START = Rating(PLAYER_START_MU, PLAYER_START_SIGMA)


def seed(board: Board, deduction: Deduction) -> Rating:
    """A puzzle's starting difficulty, read from its view and the proof of the step it asks for."""
    covered = (board.covered_mask & ~board.flagged_mask).bit_count()
    steps = deduction.proof
    supposes = any(step.assume for step in steps)
    mu = (
        _RULE_BASE[deduction.rule]
        + _PER_NUMBER * max(0, len(deduction.clues) - 1)
        + _PER_STEP * max(0, len(steps) - 1)
        + (_SUPPOSES if supposes else 0.0)
        + (_COUNTS_MINES if deduction.uses_mine_count else 0.0)
        + _PER_COVERED * max(0, covered - _SEEN_AT_ONCE)
    )
    return Rating(mu, PUZZLE_SIGMA)


def chance(player: Rating, puzzle: Rating) -> float:
    """The chance the model gives ``player`` of solving ``puzzle`` at the first try."""
    solve, _fail = _MODEL.predict_win([[_rated(player)], [_rated(puzzle)]])
    return float(solve)


def after_attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after a first attempt: the player won if they solved it."""
    [[player_after], [puzzle_after]] = _MODEL.rate(
        [[_rated(player)], [_rated(puzzle)]], ranks=[0, 1] if solved else [1, 0]
    )
    return (
        Rating(float(player_after.mu), max(MIN_SIGMA, float(player_after.sigma))),
        Rating(float(puzzle_after.mu), max(MIN_SIGMA, float(puzzle_after.sigma))),
    )


def _rated(rating: Rating) -> BradleyTerryFullRating:
    return _MODEL.rating(mu=rating.mu, sigma=rating.sigma)
