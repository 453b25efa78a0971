"""The guessing course (``explainer.learn.guessing``): each example shows its topic's advised guess, each practice
puzzle's right cells are the safest cells by a second exact solver (``ms_toollib``), and a pick is judged from the
view's exact probabilities, in words that state them."""

from __future__ import annotations

import pytest

from explainer.core.board import Board
from explainer.core.cells import Cell, iter_bits
from explainer.engine.hint import make_hint
from explainer.engine.solve import solve
from explainer.errors import AnswerError, PracticeError
from explainer.learn.guessing import (
    EXAMPLES, PRACTISED, REASONS, GuessTopic, get_topic, judge_pick, make_guess_puzzle,
)
from explainer.service.advice import advise
from explainer.words.guessing import pick_text, topic_text
from explainer.words.render import Renderer

from tests.oracles.toollib import theirs


@pytest.mark.parametrize("topic", list(GuessTopic))
def test_each_example_is_a_guess_of_its_topic(topic: GuessTopic) -> None:
    board = Board.parse(EXAMPLES[topic])
    advice = advise(solve(board))
    assert advice.hint.kind == "guess" and advice.guess is not None
    assert advice.guess.reason in REASONS[topic], (topic, advice.guess.reason)
    text = topic_text(topic, "en")
    assert text.name and text.explanation and topic_text(topic, "de").name != text.name


@pytest.mark.parametrize("seed", range(8))
def test_a_safest_cell_puzzle_s_answers_are_the_safest_cells_by_a_second_solver(seed: int) -> None:
    puzzle = make_guess_puzzle(GuessTopic.SAFEST, seed)
    board = puzzle.board
    assert make_hint(board).kind == "guess"  # nothing is certain
    other = theirs(board)
    covered = board.covered_mask & ~board.flagged_mask
    chance = {index: other[index // board.width][index % board.width] for index in iter_bits(covered)}
    lowest = min(chance.values())
    assert {index for index, value in chance.items() if value <= lowest + 1e-9} == set(iter_bits(puzzle.answers.mask))
    assert max(chance.values()) - lowest >= 0.1 and len(puzzle.answers) <= 3
    assert str(make_guess_puzzle(GuessTopic.SAFEST, seed).board) == str(board)  # the same seed, the same puzzle


def test_a_pick_is_judged_from_the_view_and_said_with_its_figures() -> None:
    puzzle = make_guess_puzzle(GuessTopic.SAFEST, 3)
    board = puzzle.board
    renderer = Renderer("en")
    right = next(iter(puzzle.answers))
    verdict = judge_pick(puzzle, right)
    assert verdict.right and verdict.probability == verdict.lowest
    assert pick_text(verdict, renderer) == (f"Right: {board.cellset(1 << board.index(*right)).names()[0]} has the "
                                            f"lowest chance of a mine here, {renderer.percent(verdict.lowest)}.")
    riskier = max(iter_bits(board.covered_mask & ~board.flagged_mask), key=lambda i: solve(board).probabilities[i])
    wrong = judge_pick(puzzle, Cell(*divmod(riskier, board.width)))
    assert not wrong.right and wrong.probability > wrong.lowest
    text = pick_text(wrong, renderer)
    assert renderer.percent(wrong.probability) in text and renderer.percent(wrong.lowest) in text
    assert renderer.cells(puzzle.answers) in text
    opened = next(iter_bits(~board.covered_mask & ((1 << board.height * board.width) - 1)))
    with pytest.raises(AnswerError):
        judge_pick(puzzle, Cell(*divmod(opened, board.width)))


@pytest.mark.parametrize("seed", range(8))
def test_a_fifty_fifty_puzzle_s_answers_are_its_true_50_50s(seed: int) -> None:
    puzzle = make_guess_puzzle(GuessTopic.FIFTY_FIFTY, seed)
    board = puzzle.board
    assert make_hint(board).kind == "guess"
    other = theirs(board)
    covered = board.covered_mask & ~board.flagged_mask
    assert (covered & ~puzzle.answers.mask).bit_count() >= 3  # other cells to pick
    for index in iter_bits(puzzle.answers.mask):  # each is a mine in half the placements, by a second solver
        assert abs(other[index // board.width][index % board.width] - 0.5) < 1e-9
    advice = advise(solve(board))
    assert advice.guess is not None and advice.guess.cell in puzzle.answers or advice.guess.reason != "fifty-fifty"
    renderer = Renderer("en")
    right = judge_pick(puzzle, next(iter(puzzle.answers)))
    assert right.right and pick_text(right, renderer).startswith("Right: ")
    elsewhere = next(iter_bits(covered & ~puzzle.answers.mask))
    wrong = judge_pick(puzzle, Cell(*divmod(elsewhere, board.width)))
    assert not wrong.right and renderer.cells(puzzle.answers) in pick_text(wrong, renderer)


def test_only_practised_topics_make_puzzles_and_unknown_topics_are_refused() -> None:
    assert PRACTISED == (GuessTopic.SAFEST, GuessTopic.FIFTY_FIFTY)
    with pytest.raises(PracticeError):
        make_guess_puzzle(GuessTopic.SURVIVE, 1)
    with pytest.raises(LookupError):
        get_topic("bluffing")
