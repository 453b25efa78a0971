"""Storm and Streak: timed and untimed runs of practice puzzles that grow harder (docs/learn.md).

Storm: ``STORM_SECONDS`` on the clock, each wrong answer takes ``WRONG_COSTS`` seconds off it; the score is the
puzzles solved.  Streak: no clock; one wrong answer ends it; the score is the puzzles solved before it.  The n-th
puzzle of a run aims at ``target(kind, n)`` on the puzzles' rating scale (``explainer.learn.ratings``): one
candidate of each lesson is made from the run's secret seed and the one nearest the target is served (one of those
within ``CLOSE`` of it, for variety), so the same run always deals the same puzzles.  The web keeps the clock and
judges every answer (``web.storage.runs``); nothing here knows about time."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from explainer.core.board import Board
from explainer.core.deduction import Deduction
from explainer.learn.lessons import PATTERN_IDS
from explainer.learn.practice import PracticeError, Status, make_puzzle
from explainer.learn.ratings import seed as seed_rating

__all__ = ["CLOSE", "RunKind", "RunPuzzle", "SOLVED", "STORM_SECONDS", "WRONG_COSTS", "draw_puzzle", "target"]


class RunKind(StrEnum):
    STORM = "storm"
    STREAK = "streak"


#: a storm's clock, in seconds
STORM_SECONDS = 180
#: the seconds a wrong answer takes off a storm's clock
WRONG_COSTS = 10
#: the verdicts that solve a run's puzzle: every cell the step decides, or some of them, and no wrong cell
SOLVED = frozenset({Status.RIGHT, Status.PARTIAL})
#: candidates this near the best one are served as readily (rating points)
CLOSE = 60.0

#: the first puzzle's aim and how much each next one adds, by kind: a storm climbs fast (it has three minutes), a
#: streak more slowly (one miss ends it)
_START = {RunKind.STORM: 850.0, RunKind.STREAK: 900.0}
_STEP = {RunKind.STORM: 50.0, RunKind.STREAK: 35.0}


def target(kind: RunKind, index: int) -> float:
    """The rating the ``index``-th puzzle (0-based) of a run aims at."""
    return _START[kind] + _STEP[kind] * index


@dataclass(frozen=True)
class RunPuzzle:
    """A run's puzzle: a practice puzzle (its pattern and seed make it again) and its difficulty."""

    pattern: str
    seed: int
    board: Board
    deduction: Deduction
    rating: float


def draw_puzzle(kind: RunKind, run_seed: int, index: int) -> RunPuzzle:
    """The ``index``-th puzzle of the run whose secret seed is ``run_seed``."""
    rng = random.Random(f"run:{kind}:{run_seed}:{index}")
    aim = target(kind, index)
    candidates: list[RunPuzzle] = []
    for pattern in PATTERN_IDS:
        seed = rng.randrange(2**31)
        try:
            puzzle = make_puzzle(pattern, seed)
        except PracticeError:  # a pattern with no puzzle from this seed: the others still serve
            continue
        rating = seed_rating(puzzle.board, puzzle.deduction).mu
        candidates.append(RunPuzzle(pattern, seed, puzzle.board, puzzle.deduction, rating))
    if not candidates:
        raise PracticeError(f"no puzzle could be made for run step {index}")
    best = min(abs(candidate.rating - aim) for candidate in candidates)
    return rng.choice([candidate for candidate in candidates if abs(candidate.rating - aim) <= best + CLOSE])
