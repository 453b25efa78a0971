"""The Learn section's sentences, recounted as read: each lesson's own example (its shape's result,
the flags a reduction takes away), and a practice answer's verdict on every cell, for the lesson
examples and generated puzzles of every pattern (``tests/oracles/lesson_read``)."""

from __future__ import annotations

import pytest

from explainer.core.cells import Cell
from explainer.engine.hint import make_hint
from explainer.learn.lessons import PATTERN_IDS, SHAPE_IDS, lesson_example, shape_result
from explainer.learn.practice import make_puzzle
from explainer.words.lessons import example_json, shape_sentence
from explainer.words.practice import answer_json, verdict_text
from explainer.words.render import Renderer
from tests.oracles.lesson_read import LessonReadError, check_shape_text, check_verdict_text

ENGLISH = Renderer("en")


def test_every_lesson_has_its_own_example() -> None:
    examples = [example_json(lesson_example(pattern)) for pattern in PATTERN_IDS]
    boards = [example["board"] for example in examples]
    assert len(set(boards)) == len(boards)
    # what the page shows first: the shape's result, else the hint
    headlines = [example["shape"]["text"] if example["shape"] else example["hint"]["text"] for example in examples]
    assert len(set(headlines)) == len(headlines)
    by_id = dict(zip(PATTERN_IDS, examples))
    assert by_id["one-two-one"]["shape"]["text"] == "The 1-2-1 at A2, B2, and C2: A3 and C3 are mines; B3 is safe."
    assert by_id["one-two-two-one"]["shape"]["text"] == (
        "The 1-2-2-1 at B1, B2, B3, and B4: A2 and A3 are mines; A1 and A4 are safe."
    )
    # the reduction names the flag it takes away
    assert by_id["one-one-edge"]["shape"]["text"].startswith("Take away the flag at A3: the numbers at A2 and B2 count as 1 and 1.")
    # the steps shown decide every cell the shape decides
    for pattern in SHAPE_IDS:
        example = by_id[pattern]
        decided = {tuple(cell) for cell in example["shape"]["mines"] + example["shape"]["safe"]}
        shown = {tuple(cell) for step in example["steps"] for cell in step["safe"] + step["mines"]}
        assert decided <= shown, pattern


@pytest.mark.parametrize("pattern", SHAPE_IDS)
def test_shape_sentences_are_true_as_read(pattern: str) -> None:
    example = lesson_example(pattern)
    assert example.shape is not None
    check_shape_text(example.board, shape_sentence(ENGLISH, example.shape))
    for seed in range(12):
        puzzle = make_puzzle(pattern, seed)
        shape = shape_result(puzzle.board, puzzle.deduction)
        assert shape is not None and shape.pattern == pattern
        check_shape_text(puzzle.board, shape_sentence(ENGLISH, shape))


def test_the_checker_catches_a_false_shape_sentence() -> None:
    example = lesson_example("one-two-one")
    assert example.shape is not None
    text = shape_sentence(ENGLISH, example.shape)
    for false in (text.replace("B3 is safe", "B3 is a mine"), text.replace("1-2-1", "1-2-2-1"), text.replace("A3 and C3", "A3")):
        with pytest.raises(LessonReadError):
            check_shape_text(example.board, false)
    reduced = lesson_example("one-one-edge")
    assert reduced.shape is not None
    with pytest.raises(LessonReadError):
        check_shape_text(reduced.board, shape_sentence(ENGLISH, reduced.shape).split(": ", 1)[1].split(". ", 1)[1])


FORMS: set[str] = set()


@pytest.mark.parametrize("pattern", PATTERN_IDS)
def test_every_wrong_cell_is_explained_truly(pattern: str) -> None:
    """Open covered cells the view does not prove safe, flag ones it does not prove a mine: each
    verdict's sentence is true as read, and the chains end on the cell."""
    forms = check_wrong_cells(pattern, range(3))
    assert forms <= {"mine", "safe", "placement", "no-number"}
    FORMS.update(forms)


def test_every_kind_of_wrong_cell_was_read() -> None:
    forms = set(FORMS) or set().union(*(check_wrong_cells(pattern, range(1)) for pattern in PATTERN_IDS))
    assert forms == {"mine", "safe", "placement", "no-number"}


def check_wrong_cells(pattern: str, seeds: range) -> set[str]:
    forms: set[str] = set()
    for seed in seeds:
        puzzle = make_puzzle(pattern, seed)
        board = puzzle.board
        solution = make_hint(board).solution
        covered = [Cell(*divmod(i, board.width)) for i in range(board.size) if board.covered_mask >> i & 1 and not board.flagged_mask >> i & 1]
        for cells, move in (([c for c in covered if c not in solution.safe][:6], "open"), ([c for c in covered if c not in solution.mines][:6], "flag")):
            for cell in cells:
                result = puzzle.check([cell] if move == "open" else [], [cell] if move == "flag" else [])
                verdict = next(v for v in result.cells if v.cell == cell)
                assert verdict.verdict == "wrong"
                text = verdict_text(ENGLISH, verdict)
                forms.add(check_verdict_text(board, board.index(*cell), move, text))
                if verdict.chain:
                    decided = verdict.chain[-1].mines if move == "open" else verdict.chain[-1].safe
                    assert cell in decided
                data = answer_json(result, ENGLISH)
                assert data["status"] == "wrong" and data["missing"] is not None
    return forms


def test_a_partial_answer_counts_what_is_left() -> None:
    puzzle = make_puzzle("one-two-two-one", 1)
    solution = make_hint(puzzle.board).solution
    lesson = list(puzzle.lesson_cells)
    first = lesson[0]
    result = puzzle.check([first] if first in solution.safe else [], [first] if first in solution.mines else [])
    data = answer_json(result, ENGLISH)
    assert data["status"] == "partial" and data["left"] == len(lesson) - 1 and data["missing"] is None
    assert data["text"] == f"No mistake so far: {len(lesson) - 1} more cells to find."
