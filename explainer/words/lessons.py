"""The lessons in words: each lesson's name and plain explanation (English message ids,
translated through the shared "messages" catalog), and the lesson list, a lesson's
example and a practice puzzle as JSON in a language."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Annotated

from annotated_types import Ge
from typing_extensions import Doc, NotRequired, TypedDict

from explainer.core.cells import Cell
from explainer.core.json_shapes import CellJson, Count, DeductionJson, HighlightJson, Role
from explainer.engine.highlight import Marks, highlights_to_json
from explainer.engine.hint import make_hint
from explainer.learn.lessons import PATTERNS, LessonExample, Pattern, ShapeId, ShapeResult, get_pattern
from explainer.learn.practice import Puzzle
from explainer.words.hints import HintJson, chain_json, hint_json
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.render import Renderer

__all__ = [
    "LessonExampleJson",
    "LessonJson",
    "PuzzleAnswerJson",
    "PuzzleJson",
    "ShapeJson",
    "LESSON_TEXTS",
    "LessonText",
    "N_",
    "example_json",
    "lesson_text",
    "lessons_json",
    "puzzle_json",
    "shape_json",
    "shape_sentence",
]


def N_(message: str) -> str:
    """Mark a message id for extraction (``pybabel extract`` knows ``N_``); translate later."""
    return message


#: each lesson's (name, explanation), English message ids
LESSON_TEXTS: dict[str, tuple[str, str]] = {
    "global": (
        # I18N: lesson name: deductions from the total mine count alone
        N_("The mine counter"),
        # I18N: lesson explanation for the mine counter
        N_(
            "The mine counter tells you how many mines the whole board hides. When every mine has been found, "
            "every covered cell that is left is safe. When the mines still missing are exactly as many as the "
            "covered cells left, every one of those cells is a mine."
        ),
    ),
    "simple": (
        # I18N: lesson name: deductions from a single number
        N_("One number"),
        # I18N: lesson explanation for one-number deductions
        N_(
            "A number counts the mines in the eight cells around it. Take away the mines you already know. If "
            "no mine is missing, its other covered neighbours are safe. If it misses exactly as many mines as it "
            "has covered neighbours, they are all mines."
        ),
    ),
    "pair": (
        # I18N: lesson name: deductions from two numbers that share covered cells
        N_("Two numbers: shared and own cells"),
        # I18N: lesson explanation for two-number deductions
        N_(
            "When two numbers touch some of the same covered cells, split their cells into three areas: the "
            "cells they share, the cells only the first one touches, and the cells only the second one touches. "
            "The shared cells can hold no more mines than either number needs. If they must hold all the mines "
            "one number needs, that number's own cells are safe. If a number needs more mines than the shared "
            "cells can hold, the rest are in its own cells."
        ),
    ),
    "one-one-wall": (
        # I18N: lesson name: the classic 1-1 pattern next to the edge of the board or opened cells
        N_("1-1 against a wall"),
        # I18N: lesson explanation for the 1-1 pattern against a wall
        N_(
            "Two 1s side by side along a straight row of covered cells, the first one against a wall: the edge "
            "of the board or opened cells. The 1 at the wall touches only two covered cells, and the other 1 "
            "touches the same two. The mine of both 1s is in those two cells, so the other 1's third covered "
            "cell, away from the wall, is safe."
        ),
    ),
    "one-two": (
        # I18N: lesson name: the classic 1-2 pattern
        N_("1-2"),
        # I18N: lesson explanation for the 1-2 pattern
        N_(
            "A 1 and a 2 side by side along a straight row of covered cells. They share two covered cells, and "
            "because of the 1 those hold at most one mine. The 2 needs two mines, so its third covered cell, on "
            "the side away from the 1, is a mine. The 1's mine is then in the shared cells, so the 1's own "
            "covered cell on the other side, if it has one, is safe."
        ),
    ),
    "one-two-one": (
        # I18N: lesson name: the classic 1-2-1 pattern
        N_("1-2-1"),
        # I18N: lesson explanation for the 1-2-1 pattern
        N_(
            "Three numbers 1, 2, 1 in a line along a straight row of covered cells. Read it as two 1-2 patterns "
            "back to back: each puts a mine on the far side of its 2, in front of the other 1. So the cells in "
            "front of the two 1s are mines, and the cell in front of the 2 is safe, like the cells beyond both "
            "ends."
        ),
    ),
    "one-two-two-one": (
        # I18N: lesson name: the classic 1-2-2-1 pattern
        N_("1-2-2-1"),
        # I18N: lesson explanation for the 1-2-2-1 pattern
        N_(
            "Four numbers 1, 2, 2, 1 in a line along a straight row of covered cells. Each end is a 1-2 "
            "pattern: the 2 next to a 1 has a mine on its far side. So the two cells in front of the 2s are "
            "mines, and the cells in front of the 1s and beyond both ends are safe."
        ),
    ),
    "one-one-edge": (
        # I18N: lesson name: reducing numbers by known mines until a 1-1 pattern at an edge appears
        N_("The 1-1 reduction at an edge"),
        # I18N: lesson explanation for reducing numbers by known mines (flags)
        N_(
            "Take away the mines you already know before you look for a pattern: a 2 with one flagged mine next "
            "to it behaves like a 1. Once the numbers are reduced, two numbers side by side that each still need "
            "one mine, against a wall or a flag, form a 1-1: the second number's covered cell away from the wall "
            "is safe."
        ),
    ),
    "one-two-plus": (
        # I18N: lesson name: reducing numbers by known mines until a 1-2 pattern appears (the community's "1-2+")
        N_("The 1-2 reduction"),
        # I18N: lesson explanation for the 1-2 pattern hidden by known mines (flags)
        N_(
            "A 1-2 can hide behind flags: a 3 with one flagged mine next to it behaves like a 2. Take away the "
            "mines you already know; when the reduced numbers are a 1 and a 2 side by side along a straight row "
            "of covered cells, the 2's covered cell away from the 1 is a mine, and a covered cell only the 1 "
            "touches is safe."
        ),
    ),
    "one-one-hole": (
        # I18N: lesson name: the 1-1 pattern where one 1 is an opened cell poking into the covered cells (a hole;
        # the community's H1)
        N_("The 1-1 at a hole"),
        # I18N: lesson explanation for the 1-1 at a hole
        N_(
            "An opened 1 can poke into the covered cells, with a covered cell on each side of it: a hole. When the "
            "number behind it still needs one mine and touches no covered cell but those two, that mine is beside "
            "the 1, so it is the 1's mine too: every other covered cell around the 1 is safe."
        ),
    ),
    "enumeration": (
        # I18N: lesson name: proofs that need three or more numbers, or trying a cell both ways
        N_("Three or more numbers: try both ways"),
        # I18N: lesson explanation for proof by contradiction over several numbers
        N_(
            "When no single number and no pair of numbers decides a cell, combine more of them. Suppose a "
            "covered cell is a mine and follow what the numbers around it then force. If that breaks a number, "
            "with too many or too few mines around it, the cell must be safe. The other way round works too: if "
            "supposing the cell safe breaks a number, it is a mine."
        ),
    ),
    "endgame": (
        # I18N: lesson name: deductions that combine the numbers with the mine counter near the end
        N_("Endgame mine counting"),
        # I18N: lesson explanation for endgame mine counting
        N_(
            "Near the end of a game, compare the mines that are left with the mines the numbers still need. If "
            "the numbers along the edge need every mine that is left, the covered cells away from the numbers "
            "are safe. In general, only arrangements with exactly the mines that are left are possible, and a "
            "cell that is the same in all of them is decided."
        ),
    ),
}


@dataclass(frozen=True)
class LessonText:
    name: str
    explanation: str


def lesson_text(pattern: Pattern | str, language: str = DEFAULT_LANGUAGE) -> LessonText:
    """A lesson's name and explanation in ``language`` (English when a message is not translated)."""
    found = pattern if isinstance(pattern, Pattern) else get_pattern(pattern)
    name, explanation = LESSON_TEXTS[found.id]
    renderer = Renderer(language)
    return LessonText(renderer.translate(name), renderer.translate(explanation))


class LessonJson(TypedDict):
    """A lesson in the list (``lessons_json``); the web adds the player's progress and its page."""

    id: str
    number: Annotated[int, Ge(1)]
    rule: str
    name: str
    explanation: str


def lessons_json(language: str = DEFAULT_LANGUAGE) -> list[LessonJson]:
    """The lesson list, in order: id, rule, name and explanation in ``language``."""
    result: list[LessonJson] = []
    for number, pattern in enumerate(PATTERNS, start=1):
        text = lesson_text(pattern, language)
        result.append(
            {"id": pattern.id, "number": number, "rule": str(pattern.rule), "name": text.name, "explanation": text.explanation}
        )
    return result


#: how a named shape is written (digits, the same in every language)
SHAPE_NAMES: dict[str, str] = {
    "one-one-wall": "1-1",
    "one-one-edge": "1-1",
    "one-two": "1-2",
    "one-two-plus": "1-2",
    "one-one-hole": "1-1",
    "one-two-one": "1-2-1",
    "one-two-two-one": "1-2-2-1",
}


def shape_sentence(renderer: Renderer, shape: ShapeResult) -> str:
    """What a named shape decides, in one sentence (two when flags reduce its numbers: the flags taken
    away come first), e.g. "The 1-2-1 at A2, B2, and C2: A3 and C3 are mines; B3 is safe."."""
    clauses = []
    if shape.mines:
        # I18N: part of a lesson's sentence: the cells %(cells)s are mines
        clauses.append(renderer.ngettext("%(cells)s is a mine", "%(cells)s are mines", len(shape.mines), cells=shape.mines))
    if shape.safe:
        # I18N: part of a lesson's sentence: the cells %(cells)s are safe
        clauses.append(renderer.ngettext("%(cells)s is safe", "%(cells)s are safe", len(shape.safe), cells=shape.safe))
    numbers = renderer.cells(shape.numbers)
    sentences = []
    if shape.flags:
        counts = renderer.formats.list([renderer.number(count) for count in shape.counts])
        # I18N: a lesson: taking away the known mines (flags) at %(flags)s, the numbers at %(numbers)s count as
        # %(counts)s (e.g. "1 and 1"), which makes the pattern
        sentences.append(
            renderer.ngettext(
                "Take away the flag at %(flags)s: the numbers at %(numbers)s count as %(counts)s.",
                "Take away the flags at %(flags)s: the numbers at %(numbers)s count as %(counts)s.",
                len(shape.flags),
                flags=shape.flags,
                numbers=numbers,
                counts=counts,
            )
        )
    shape_name = SHAPE_NAMES[shape.pattern]
    if len(clauses) == 2:
        # I18N: a lesson: the pattern %(shape)s (digits, e.g. "1-2-1") formed by the numbers at %(numbers)s decides
        # cells both ways: %(mines)s (e.g. "A3 and C3 are mines"), %(safe)s (e.g. "B3 is safe")
        sentences.append(renderer._("The %(shape)s at %(numbers)s: %(mines)s; %(safe)s.", shape=shape_name, numbers=numbers, mines=clauses[0], safe=clauses[1]))
    else:
        # I18N: a lesson: the pattern %(shape)s (digits, e.g. "1-2") formed by the numbers at %(numbers)s decides
        # %(result)s (e.g. "C3 is a mine")
        sentences.append(renderer._("The %(shape)s at %(numbers)s: %(result)s.", shape=shape_name, numbers=numbers, result=clauses[0]))
    return renderer.join(sentences)


class ShapeJson(TypedDict):
    """What a named shape decides on its own."""

    pattern: ShapeId
    numbers: Annotated[list[CellJson], Doc("The shape's numbers in line order.")]
    counts: Annotated[list[Count], Doc("Each number less the flags next to it.")]
    flags: Annotated[list[CellJson], Doc("The flags a reduction takes away (empty when none).")]
    mines: list[CellJson]
    safe: list[CellJson]
    text: str
    highlights: list[HighlightJson]


def shape_json(shape: ShapeResult, renderer: Renderer) -> ShapeJson:
    """A shape's result for a client: the data, its sentence and its highlights (numbers, flags taken
    away, mines, safe cells)."""
    marks: Marks = {}
    roles: tuple[tuple[Iterable[Cell], Role], ...] = (
        (shape.numbers, "clue"), (shape.safe, "safe"), (shape.mines, "mine"), (shape.flags, "known-mine")
    )
    for cells, role in roles:
        for cell in cells:
            marks[Cell(*cell)] = (*marks.get(Cell(*cell), ()), role)
    return {
        "pattern": shape.pattern,
        "numbers": [cell.to_json() for cell in shape.numbers],
        "counts": list(shape.counts),
        "flags": shape.flags.to_json(),
        "mines": shape.mines.to_json(),
        "safe": shape.safe.to_json(),
        "text": shape_sentence(renderer, shape),
        "highlights": highlights_to_json(marks),
    }


class LessonExampleJson(TypedDict):
    """A lesson with its example board, its hint and the steps that show its result."""

    id: str
    rule: str
    name: str
    explanation: str
    board: str
    height: int
    width: int
    mines: Count | None
    hint: HintJson
    shape: Annotated[ShapeJson | None, Doc("What a named shape decides.")]
    steps: Annotated[list[DeductionJson], Doc("The steps that show the pattern's result.")]


class PuzzleAnswerJson(TypedDict):
    safe: list[CellJson]
    mines: list[CellJson]
    lesson_cells: list[CellJson]


class PuzzleJson(TypedDict):
    """A practice puzzle (``puzzle_json``, the command line's ``practice``)."""

    pattern: str
    name: str
    seed: int
    board: str
    height: int
    width: int
    mines: int | None
    answer: NotRequired[PuzzleAnswerJson]
    hint: NotRequired[HintJson]


def example_json(example: LessonExample, language: str = DEFAULT_LANGUAGE) -> LessonExampleJson:
    """A lesson with its example board and the example's hint, in ``language``."""
    text = lesson_text(example.pattern, language)
    board = example.board
    return {
        "id": example.pattern.id,
        "rule": str(example.pattern.rule),
        "name": text.name,
        "explanation": text.explanation,
        "board": str(board),
        "height": board.height,
        "width": board.width,
        "mines": board.mines,
        "hint": hint_json(make_hint(board), language),
        "shape": None if example.shape is None else shape_json(example.shape, Renderer(language)),
        "steps": chain_json(example.steps, Renderer(language)),
    }


def puzzle_json(puzzle: Puzzle, language: str = DEFAULT_LANGUAGE, answer: bool = False) -> PuzzleJson:
    """A practice puzzle for a player; with ``answer`` also the step, its
    explanation and highlights (what a wrong answer shows)."""
    board = puzzle.board
    data: PuzzleJson = {
        "pattern": puzzle.pattern,
        "name": lesson_text(puzzle.pattern, language).name,
        "seed": puzzle.seed,
        "board": str(board),
        "height": board.height,
        "width": board.width,
        "mines": board.mines,
    }
    if answer:
        data["answer"] = {
            "safe": puzzle.deduction.safe.to_json(),
            "mines": puzzle.deduction.mines.to_json(),
            "lesson_cells": puzzle.lesson_cells.to_json(),
        }
        data["hint"] = hint_json(make_hint(board), language)
    return data
