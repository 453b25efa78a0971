"""Storm and Streak's puzzles (``explainer.learn.runs``): the same run deals the same puzzles, each a practice
puzzle of its lesson, and they grow harder along the run."""

from __future__ import annotations

from statistics import mean

import pytest

from explainer.engine.hint import make_hint
from explainer.learn.lessons import classify
from explainer.learn.ratings import seed as seed_rating
from explainer.learn.runs import RunKind, draw_puzzle, target


@pytest.mark.parametrize("kind", list(RunKind))
def test_a_run_deals_the_same_puzzles_again_and_they_grow_harder(kind: RunKind) -> None:
    first = [draw_puzzle(kind, 7, index) for index in range(4)]
    assert [(p.pattern, p.seed) for p in first] == [(p.pattern, p.seed) for p in (draw_puzzle(kind, 7, i) for i in range(4))]
    early = [draw_puzzle(kind, run, 0).rating for run in range(6)]
    late = [draw_puzzle(kind, run, 24).rating for run in range(6)]
    assert mean(early) + 600 < mean(late)
    assert target(kind, 0) < target(kind, 1)


def test_each_puzzle_s_simplest_step_is_its_lesson_s_and_its_rating_is_read_from_its_proof() -> None:
    for index in (0, 9, 18, 27):
        puzzle = draw_puzzle(RunKind.STORM, 3, index)
        hint = make_hint(puzzle.board)
        assert hint.deduction is not None and classify(puzzle.board, hint.deduction) == puzzle.pattern
        assert puzzle.rating == seed_rating(puzzle.board, puzzle.deduction).mu
