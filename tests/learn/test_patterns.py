"""The lesson catalog, its texts, its examples, and classifying deductions
into named patterns, on hand-made boards in all 8 orientations."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from explainer.core.board import Board
from explainer.core.cells import Cell, parse_cell_name
from explainer.core.constraints import Knowledge
from explainer.core.deduction import Deduction, Rule
from explainer.engine.hint import make_hint
from explainer.engine.highlight import highlights
from explainer.learn.lessons import (
    PATTERN_IDS,
    PATTERNS,
    SHAPE_IDS,
    UnknownPatternError,
    classify,
    get_pattern,
    lesson_example,
    match_shape,
)
from explainer.words.lessons import LESSON_TEXTS, example_json, lesson_text, lessons_json
from explainer.engine.rules import find_pair
from explainer.engine.frontier import SolveState

ROOT = Path(__file__).resolve().parents[2]


Mapper = Callable[[Cell], Cell]


def orientations(text: str) -> list[tuple[str, Mapper]]:
    """The board text turned into each of the 8 symmetries of the square, with
    where each cell goes."""
    lines = [line for line in text.splitlines() if line.strip()]
    header = [line for line in lines if line.startswith("mines")]
    grid = [line for line in lines if not line.startswith("mines")]
    height, width = len(grid), len(grid[0])
    result = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):

                def move(cell: Cell, t: bool = transpose, fr: bool = flip_rows, fc: bool = flip_cols) -> Cell:
                    row, col = cell
                    rows, cols = height, width
                    if t:
                        row, col, rows, cols = col, row, cols, rows
                    return Cell(rows - 1 - row if fr else row, cols - 1 - col if fc else col)

                new_height, new_width = (width, height) if transpose else (height, width)
                turned = [["?"] * new_width for _ in range(new_height)]
                for row in range(height):
                    for col in range(width):
                        target = move(Cell(row, col))
                        turned[target.row][target.col] = grid[row][col]
                result.append(("\n".join(header + ["".join(line) for line in turned]) + "\n", move))
    assert len({text for text, _move in result}) >= 4  # the symmetries really move the board
    return result


def pair_on(board: Board, first: Cell, second: Cell) -> Deduction:
    """The pair step on exactly these two numbers (whatever comes first in reading order)."""
    state = SolveState(board, Knowledge(mines=board.flagged_mask), board.covered_mask)
    keep = {board.index(*first), board.index(*second)}
    state.constraints = {source: c for source, c in state.constraints.items() if source in keep}
    deduction = find_pair(state)
    assert deduction is not None, f"no pair step on {first.name} and {second.name} in\n{board}"
    return deduction


def first_pattern(text: str) -> str:
    board = Board.parse(text)
    hint = make_hint(board)
    assert hint.kind == "deduction", f"no deduction for\n{text}"
    assert hint.deduction is not None
    return classify(board, hint.deduction)


# -- the catalog -------------------------------------------------------------------------


def test_lessons_come_in_the_issue_order() -> None:
    assert PATTERN_IDS == (
        "global",
        "simple",
        "pair",
        "one-one-wall",
        "one-two",
        "one-two-one",
        "one-two-two-one",
        "one-one-edge",
        "one-two-plus",
        "one-one-hole",
        "enumeration",
        "endgame",
    )
    assert set(SHAPE_IDS) < set(PATTERN_IDS)
    assert all(get_pattern(shape).rule is Rule.PAIR for shape in SHAPE_IDS)
    assert [get_pattern(p).rule for p in ("global", "simple", "enumeration", "endgame")] == [
        Rule.GLOBAL,
        Rule.SIMPLE,
        Rule.ENUMERATION,
        Rule.ENUMERATION,
    ]


def test_unknown_pattern_is_quoted() -> None:
    with pytest.raises(UnknownPatternError, match="'one-three'.*one-two-one"):
        get_pattern("one-three")
    with pytest.raises(UnknownPatternError):
        lesson_example("nope")


def test_every_lesson_sentence_is_extracted_for_translation() -> None:
    """``pybabel extract`` (default keywords, ``I18N:`` comments) finds every name and explanation."""
    path = ROOT / "explainer" / "words" / "lessons.py"
    extracted = {message: comments for _line, message, comments, _context in extract_from_file(
        "python", str(path), comment_tags=("I18N:",)
    )}
    for pattern in PATTERNS:
        for message in LESSON_TEXTS[pattern.id]:
            assert message in extracted, f"{pattern.id}: {message!r} is not marked for extraction"
            assert extracted[message], f"{pattern.id}: {message!r} has no I18N: comment for translators"


def test_lesson_text_is_english_source_and_takes_any_catalog_language() -> None:
    text = lesson_text("one-two", "en")
    assert text.name == "1-2" and "2 needs two mines" in text.explanation
    for code in ("de", "ja", "ar"):
        other = lesson_text(get_pattern("one-two"), code)
        assert other.name and other.explanation
    listed = lessons_json("en")
    assert [item["id"] for item in listed] == list(PATTERN_IDS)
    assert [item["number"] for item in listed] == list(range(1, len(PATTERNS) + 1))
    assert listed[0]["name"] == "The mine counter"


# -- the lesson examples ---------------------------------------------------------------------


@pytest.mark.parametrize("pattern_id", PATTERN_IDS)
def test_each_example_shows_its_pattern_with_highlights(pattern_id: str) -> None:
    example = lesson_example(pattern_id)
    assert first_pattern(str(example.board)) == pattern_id
    data = example_json(example, "fr")
    assert data["id"] == pattern_id and data["hint"]["kind"] == "deduction"
    roles = {role for mark in data["hint"]["highlights"] for role in mark["roles"]}
    assert roles & {"safe", "mine"}
    if example.deduction.rule is not Rule.GLOBAL:
        assert "clue" in roles
    if example.deduction.rule is Rule.PAIR:
        assert "common" in roles
    assert Board.parse(data["board"]) == example.board


def test_one_two_example_highlights_the_classic_cells() -> None:
    example = lesson_example("one-two")  # .1?/.2?/.2?/.2?/.1?: the 1-2 at B1, B2 down the column
    marks = highlights(example.deduction)
    assert marks[Cell(0, 1)] == ("clue",) and marks[Cell(1, 1)] == ("clue",)
    assert marks[Cell(0, 2)] == ("common",) and marks[Cell(1, 2)] == ("common",)
    assert marks[Cell(2, 2)] == ("unique-b", "mine")


# -- named shapes in every orientation -----------------------------------------------------------

#: boards whose simplest step is the shape in every orientation
FIRST_STEP = {
    "one-one-wall": [
        "????\n1111\n....\n",  # against the board's edge
        "??1???\n111111\n......\n",  # against an opened cell
    ],
    "one-two": ["?????\n12221\n.....\n"],  # 1, 2, 2, 2: a 1-2, not a 1-2-2-1
    "one-two-one": ["???\n121\n...\n"],
    "one-two-two-one": ["????\n1221\n....\n"],
    "one-two-plus": [
        "?????\n?????\n13FFF\n.1232\n.....\n",  # the 3 reduced to a 2 by the flag beside it
    ],
    "one-one-hole": [
        "?????\n??1??\n11111\n.....\n",  # C2 pokes into the covered cells: C3's mine is at B2 or D2
        "mines 4\n12F??\n??2??\n22111\nF1...\n11...\n",  # the 1 behind is a 2 reduced by a flag
    ],
    "one-one-edge": [
        "???\n221\nF1.\n",  # both numbers reduced by the flag
        "??1???\n112221\n..1F1.\n",
    ],
}


@pytest.mark.parametrize(
    ("pattern_id", "text"), [(pattern_id, text) for pattern_id, texts in FIRST_STEP.items() for text in texts]
)
def test_named_shape_is_the_first_step_in_all_eight_orientations(pattern_id: str, text: str) -> None:
    for turned, _move in orientations(text):
        assert first_pattern(turned) == pattern_id, turned


#: (pattern, board, the pair's two numbers): larger boards where other steps may come
#: first in some orientations, so the pair step on these numbers is classified
AT_CELLS = [
    ("one-one-wall", "mines 8\n?????\n?????\n??F??\n123F?\n?112?\n?1.1?\n?1.1?\n", "B5", "B6"),  # opened wall
    ("one-one-wall", "mines 3\n?????\n??221\n???1.\n???1.\n???1.\n???1.\n???1.\n", "D3", "D4"),
    ("one-two", "???????\n???2211\n???2111\n???????\n???????\n", "E2", "F2"),  # the 1 has an own cell
    ("one-two", "?????\n12???\n.2???\n.1???\n.1???\n", "B3", "B4"),
    ("one-two-one", "mines 7\n??????\n??????\n??????\n?21211\n?1....\n", "C4", "D4"),  # open at both ends
    ("one-two-one", "mines 7\n??????\n??????\n??????\n?21211\n?1....\n", "D4", "E4"),  # the other half
    ("one-two-one", "??????\n??????\nF21211\n1211..\n.1F111\n.1111F\n", "C3", "D3"),
    ("one-two-two-one", "??????\n??????\n??????\n?21221\n?1....\n", "C4", "D4"),
    ("one-one-edge", "mines 6\n??????\n?1112?\n?3211?\n?F????\n??????\n??????\n", "C3", "D3"),  # flag wall
    ("one-one-edge", "?2F11?\n?4322?\n?F????\n??????\n??????\n??????\n", "C2", "D2"),
    ("one-two", "?????\n12221\n.....\n", "A2", "B2"),  # 1, 2, 2, 2 is no 1-2-2-1
    # the pair rule, but not a named shape
    ("pair", "?1.1?\n?1.1?\n11111\n?????\n?????\n", "A3", "B3"),  # own cells in two lines
    ("pair", "..1?2\n..1??\n1112?\n??3??\n?????\n", "C1", "E1"),  # numbers two apart
    ("pair", "??1??\n??211\n??1..\n??2..\n??1..\n", "C1", "C2"),  # shared cells in two lines
]


@pytest.mark.parametrize(("pattern_id", "text", "first", "second"), AT_CELLS)
def test_named_shape_at_given_numbers_in_all_eight_orientations(
    pattern_id: str, text: str, first: str, second: str
) -> None:
    for turned, move in orientations(text):
        board = Board.parse(turned)
        deduction = pair_on(board, move(parse_cell_name(first)), move(parse_cell_name(second)))
        assert classify(board, deduction) == pattern_id, turned


def test_shape_match_reports_the_line_of_numbers() -> None:
    board = Board.parse("mines 7\n??????\n??????\n??????\n?21211\n?1....\n")
    shape = match_shape(board, pair_on(board, Cell(3, 2), Cell(3, 3)))
    assert shape is not None and shape.pattern == "one-two-one"
    assert shape.numbers == (Cell(3, 2), Cell(3, 3), Cell(3, 4))
    assert shape.frontier.names() == ["B3", "C3", "D3", "E3", "F3"]


def test_flags_make_the_reduction_lesson_and_without_them_the_wall_lesson() -> None:
    # the same 1-1 picture: once with a flag reducing a 2, once with plain 1s
    assert first_pattern("???\n221\nF1.\n") == "one-one-edge"
    assert first_pattern("???\n111\n...\n") == "one-one-wall"


def test_rule_patterns() -> None:
    assert first_pattern(str(lesson_example("global").board)) == "global"
    assert first_pattern("?1\n11\n") == "simple"
    assert first_pattern(str(lesson_example("enumeration").board)) == "enumeration"
    endgame = lesson_example("endgame")
    assert endgame.deduction.uses_mine_count
    # without the mine count the same numbers decide nothing
    without = Board(endgame.board.height, endgame.board.width, endgame.board.cells, None)
    assert make_hint(without).kind == "guess"


def test_match_shape_ignores_other_rules() -> None:
    board = Board.parse("?1\n11\n")
    deduction = make_hint(board).deduction
    assert deduction is not None and match_shape(board, deduction) is None


def test_every_lesson_example_shows_its_own_pattern_and_result() -> None:
    """No two lessons show the same example text, and a named shape's example goes on to its whole
    result: every cell in front of its numbers that the board decides, with the steps it rests on."""
    texts = {pid: " ".join(step["text"] for step in example_json(lesson_example(pid), "en")["steps"]) for pid in PATTERN_IDS}
    assert len(set(texts.values())) == len(texts), texts
    results = {
        "one-two-one": ({"A3", "C3"}, {"B3"}),
        "one-two-two-one": ({"A2", "A3"}, {"A1", "A4"}),
        "one-two": ({"C3"}, set()),
    }
    for pid, (mines, safe) in results.items():
        steps = lesson_example(pid).steps
        got_mines = {cell.name for step in steps for cell in step.mines}
        got_safe = {cell.name for step in steps for cell in step.safe}
        assert (got_mines, got_safe) == (mines, safe), pid


#: the name a shape's second hint level gives it (digits: the same in every language)
LEVEL_NAMES = {"one-one-wall": "1-1", "one-one-edge": "1-1", "one-two": "1-2", "one-two-plus": "1-2", "one-one-hole": "1-1", "one-two-one": "1-2-1", "one-two-two-one": "1-2-2-1"}


@pytest.mark.parametrize(
    ("pattern_id", "text"), [(pattern_id, text) for pattern_id, texts in FIRST_STEP.items() for text in texts]
)
def test_the_second_hint_level_names_the_shape_the_lessons_teach(pattern_id: str, text: str) -> None:
    """"Look for a 1-2: the 2's cell away from the 1 is a mine." on the web and in the terminal alike (both ask
    ``Renderer.levels`` with ``named_shape``); a pair that is no named shape keeps the general sentence."""
    from explainer.words.hints import hint_json

    for turned, _move in orientations(text)[:2]:
        hint = make_hint(Board.parse(turned))
        pattern = hint_json(hint, "en")["levels"]["pattern"]
        assert f" {LEVEL_NAMES[pattern_id]} " in f" {pattern.replace(':', ' ')} ", pattern
        assert "%(" not in hint_json(hint, "de")["levels"]["pattern"]
    plain = make_hint(Board.parse("?1.1?\n?1.1?\n11111\n?????\n?????\n"))
    assert hint_json(plain, "en")["levels"]["pattern"].startswith("Compare two numbers")
