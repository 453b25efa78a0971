"""The deduction patterns a player can learn, in order of difficulty, and
which pattern a deduction is.

Every pattern is a lesson: an id, the engine rule that finds it, a name and a
plain explanation (English message ids, translated through the shared
"messages" catalog by :func:`lesson_text`), and a fixed example board.

Classification (:func:`classify`) maps a deduction of a view to a pattern id:

* ``global`` / ``simple``: the rule of the same name.
* ``enumeration``: the enumeration rule without the mine count;
  ``endgame``: the enumeration rule with it.
* a ``pair`` deduction is a *named shape* when :func:`match_shape` finds one,
  otherwise ``pair``.  All shapes share one picture, a *straight frontier*:
  the numbers stand side by side in a line (orthogonal neighbours) and every
  unknown cell next to them (covered and not a known mine) lies in the one
  line of cells parallel to theirs on one side.  Counts are *effective*:
  a number minus the known mines (flags) around it.

  - ``one-one-wall`` (1-1 against a wall): the pair's effective counts are
    1 and 1, shown as 1 and 1; one of them (the wall number) has no unknown
    cell of its own, its two unknown cells are shared, and the other number's
    one own cell is proved safe.  The cell beyond the wall number is not
    unknown: the board's edge, an opened cell or a flag.
  - ``one-one-edge`` (the 1-1 reduction at an edge): the same shape, but at
    least one of the two numbers shows more than 1: known mines next to it
    reduce it to 1.
  - ``one-two`` (1-2): effective counts 1 and 2, two shared cells, the 2's
    one own cell proved a mine (the 1's own cell, if it has one, is safe).
  - ``one-two-one`` (1-2-1): a 1-2 whose 2 is followed, further along the
    line away from the 1, by a number of effective count 1 whose unknown
    cells lie on the same frontier line.
  - ``one-two-two-one`` (1-2-2-1): a 1-2 whose 2 is followed by an effective
    2 and then an effective 1, all on the same frontier line.

Known mines are the board's flags and the deduction's ``known_mines``; the
classification is meant for a deduction of the view as it is (the first step
of a hint), where these are exactly the (correct) flags.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction, Rule
from explainer.errors import EngineError
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.render import Renderer

__all__ = [
    "N_",
    "Pattern",
    "PATTERNS",
    "PATTERN_IDS",
    "SHAPE_IDS",
    "UnknownPatternError",
    "get_pattern",
    "LessonText",
    "lesson_text",
    "ShapeMatch",
    "match_shape",
    "classify",
    "LessonExample",
    "lesson_example",
    "lessons_json",
]


def N_(message: str) -> str:
    """Mark a message id for extraction (``pybabel extract`` knows ``N_``); translate later."""
    return message


@dataclass(frozen=True)
class Pattern:
    """One lesson.  ``name`` and ``explanation`` are English message ids."""

    id: str
    rule: Rule
    name: str
    explanation: str
    example: str  # a board in the text format whose first deduction is this pattern


PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "global",
        Rule.GLOBAL,
        # I18N: lesson name: deductions from the total mine count alone
        N_("The mine counter"),
        # I18N: lesson explanation for the mine counter
        N_(
            "The mine counter tells you how many mines the whole board hides. When every mine has been found, "
            "every covered cell that is left is safe. When the mines still missing are exactly as many as the "
            "covered cells left, every one of those cells is a mine."
        ),
        "mines 3\n.....\n11211\n1F2F1\n22311\n?F1..\n",
    ),
    Pattern(
        "simple",
        Rule.SIMPLE,
        # I18N: lesson name: deductions from a single number
        N_("One number"),
        # I18N: lesson explanation for one-number deductions
        N_(
            "A number counts the mines in the eight cells around it. Take away the mines you already know. If "
            "no mine is missing, its other covered neighbours are safe. If it misses exactly as many mines as it "
            "has covered neighbours, they are all mines."
        ),
        ".....\n.....\n11211\n??2??\n?????\n",
    ),
    Pattern(
        "pair",
        Rule.PAIR,
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
        "?1.1?\n?1.1?\n11111\n?????\n?????\n",
    ),
    Pattern(
        "one-one-wall",
        Rule.PAIR,
        # I18N: lesson name: the classic 1-1 pattern next to the edge of the board or opened cells
        N_("1-1 against a wall"),
        # I18N: lesson explanation for the 1-1 pattern against a wall
        N_(
            "Two 1s side by side along a straight row of covered cells, the first one against a wall: the edge "
            "of the board or opened cells. The 1 at the wall touches only two covered cells, and the other 1 "
            "touches the same two. The mine of both 1s is in those two cells, so the other 1's third covered "
            "cell, away from the wall, is safe."
        ),
        "????\n1111\n....\n",
    ),
    Pattern(
        "one-two",
        Rule.PAIR,
        # I18N: lesson name: the classic 1-2 pattern
        N_("1-2"),
        # I18N: lesson explanation for the 1-2 pattern
        N_(
            "A 1 and a 2 side by side along a straight row of covered cells. They share two covered cells, and "
            "because of the 1 those hold at most one mine. The 2 needs two mines, so its third covered cell, on "
            "the side away from the 1, is a mine. The 1's mine is then in the shared cells, so the 1's own "
            "covered cell on the other side, if it has one, is safe."
        ),
        "?????\n12221\n.....\n",
    ),
    Pattern(
        "one-two-one",
        Rule.PAIR,
        # I18N: lesson name: the classic 1-2-1 pattern
        N_("1-2-1"),
        # I18N: lesson explanation for the 1-2-1 pattern
        N_(
            "Three numbers 1, 2, 1 in a line along a straight row of covered cells. Read it as two 1-2 patterns "
            "back to back: each puts a mine on the far side of its 2, in front of the other 1. So the cells in "
            "front of the two 1s are mines, and the cell in front of the 2 is safe, like the cells beyond both "
            "ends."
        ),
        "???\n121\n...\n",
    ),
    Pattern(
        "one-two-two-one",
        Rule.PAIR,
        # I18N: lesson name: the classic 1-2-2-1 pattern
        N_("1-2-2-1"),
        # I18N: lesson explanation for the 1-2-2-1 pattern
        N_(
            "Four numbers 1, 2, 2, 1 in a line along a straight row of covered cells. Each end is a 1-2 "
            "pattern: the 2 next to a 1 has a mine on its far side. So the two cells in front of the 2s are "
            "mines, and the cells in front of the 1s and beyond both ends are safe."
        ),
        "????\n1221\n....\n",
    ),
    Pattern(
        "one-one-edge",
        Rule.PAIR,
        # I18N: lesson name: reducing numbers by known mines until a 1-1 pattern at an edge appears
        N_("The 1-1 reduction at an edge"),
        # I18N: lesson explanation for reducing numbers by known mines (flags)
        N_(
            "Take away the mines you already know before you look for a pattern: a 2 with one flagged mine next "
            "to it behaves like a 1. Once the numbers are reduced, two numbers side by side that each still need "
            "one mine, against a wall or a flag, form a 1-1: the second number's covered cell away from the wall "
            "is safe."
        ),
        "???\n221\nF1.\n",
    ),
    Pattern(
        "enumeration",
        Rule.ENUMERATION,
        # I18N: lesson name: proofs that need three or more numbers, or trying a cell both ways
        N_("Three or more numbers: try both ways"),
        # I18N: lesson explanation for proof by contradiction over several numbers
        N_(
            "When no single number and no pair of numbers decides a cell, combine more of them. Suppose a "
            "covered cell is a mine and follow what the numbers around it then force. If that breaks a number, "
            "with too many or too few mines around it, the cell must be safe. The other way round works too: if "
            "supposing the cell safe breaks a number, it is a mine."
        ),
        "???1.\n???21\n?????\n?????\n?????\n",
    ),
    Pattern(
        "endgame",
        Rule.ENUMERATION,
        # I18N: lesson name: deductions that combine the numbers with the mine counter near the end
        N_("Endgame mine counting"),
        # I18N: lesson explanation for endgame mine counting
        N_(
            "Near the end of a game, compare the mines that are left with the mines the numbers still need. If "
            "the numbers along the edge need every mine that is left, the covered cells away from the numbers "
            "are safe. In general, only arrangements with exactly the mines that are left are possible, and a "
            "cell that is the same in all of them is decided."
        ),
        "mines 4\n.....\n11111\n??2??\n????3\n?????\n",
    ),
)

PATTERN_IDS: tuple[str, ...] = tuple(pattern.id for pattern in PATTERNS)
SHAPE_IDS: tuple[str, ...] = ("one-one-wall", "one-two", "one-two-one", "one-two-two-one", "one-one-edge")
_BY_ID = {pattern.id: pattern for pattern in PATTERNS}


class UnknownPatternError(EngineError, LookupError):
    """A pattern id that is not in the catalog (a ``LookupError``: not found)."""

    def __init__(self, pattern_id: object) -> None:
        self.pattern_id = pattern_id
        super().__init__(f"unknown pattern {pattern_id!r}; choose one of: {', '.join(PATTERN_IDS)}")


def get_pattern(pattern_id: str) -> Pattern:
    try:
        return _BY_ID[pattern_id]
    except (KeyError, TypeError):
        raise UnknownPatternError(pattern_id) from None


@dataclass(frozen=True)
class LessonText:
    name: str
    explanation: str


def lesson_text(pattern: Pattern | str, language: str = DEFAULT_LANGUAGE) -> LessonText:
    """A lesson's name and explanation in ``language`` (English when a message is not translated)."""
    found = pattern if isinstance(pattern, Pattern) else get_pattern(pattern)
    renderer = Renderer(language)
    return LessonText(renderer.translate(found.name), renderer.translate(found.explanation))


# -- classification ------------------------------------------------------------------


@dataclass(frozen=True)
class ShapeMatch:
    """A named shape: its id, its numbers in line order (starting with the
    pair's 1) and the unknown cells in front of them."""

    pattern: str
    numbers: tuple[Cell, ...]
    frontier: CellSet


def _effective(board: Board, cell: Cell, known_mines: int) -> tuple[int, int] | None:
    """(count, unknown cells mask) of the revealed number at ``cell``, or None."""
    if not (0 <= cell.row < board.height and 0 <= cell.col < board.width):
        return None
    index = board.index(*cell)
    number = board.cells[index]
    if number < 0:
        return None
    around = board.neighbours[index] & board.covered_mask
    return number - (around & known_mines).bit_count(), around & ~known_mines


def _side(cells: CellSet, number: Cell, horizontal: bool) -> int | None:
    """The offset (-1 or +1) of the line holding every cell in ``cells``,
    across a line of numbers through ``number``; None if there is no such line."""
    offsets = {(cell.row - number.row) if horizontal else (cell.col - number.col) for cell in cells}
    if len(offsets) == 1:
        offset = offsets.pop()
        if offset in (-1, 1):
            return offset
    return None


def match_shape(board: Board, deduction: Deduction) -> ShapeMatch | None:
    """The named shape a pair deduction is (see the module notes), or None."""
    if deduction.rule is not Rule.PAIR or deduction.areas is None or len(deduction.clues) != 2:
        return None
    first, second = (Cell(*clue) for clue in deduction.clues)
    step = (second.row - first.row, second.col - first.col)
    if abs(step[0]) + abs(step[1]) != 1:
        return None
    areas = deduction.areas
    if len(areas.common) != 2:
        return None
    horizontal = step[0] == 0
    frontier = areas.common | areas.unique_a | areas.unique_b
    side = _side(frontier, first, horizontal)
    if side is None:
        return None
    count = {first: deduction.params["a_missing"], second: deduction.params["b_missing"]}
    own = {first: areas.unique_a, second: areas.unique_b}
    if count[first] == count[second] == 1:
        for wall, other in ((first, second), (second, first)):
            if not own[wall] and len(own[other]) == 1 and own[other] <= deduction.safe:
                reduced = any(board.state(*cell) != count[cell] for cell in (first, second))
                return ShapeMatch("one-one-edge" if reduced else "one-one-wall", (wall, other), frontier)
        return None
    if sorted(count.values()) != [1, 2]:
        return None
    one, two = (first, second) if count[first] == 1 else (second, first)
    if len(own[two]) != 1 or not own[two] <= deduction.mines or len(own[one]) > 1 or not own[one] <= deduction.safe:
        return None
    direction = (two.row - one.row, two.col - one.col)
    known_mines = board.flagged_mask | deduction.known_mines.mask
    numbers = [one, two]
    cells = frontier
    for wanted in (1, 2):
        after = Cell(numbers[-1].row + direction[0], numbers[-1].col + direction[1])
        found = _effective(board, after, known_mines)
        if found is None or not found[1]:
            break
        count_after, unknown_after = found
        unknown_cells = board.cellset(unknown_after)
        if count_after not in (1, 2) or _side(unknown_cells, after, horizontal) != side:
            break
        numbers.append(after)
        cells = cells | unknown_cells
        if count_after == 1:
            name = "one-two-one" if len(numbers) == 3 else "one-two-two-one"
            return ShapeMatch(name, tuple(numbers), cells)
        if wanted == 2:  # 1, 2, 2, 2 is no named shape
            break
    return ShapeMatch("one-two", (one, two), frontier)


def classify(board: Board, deduction: Deduction) -> str:
    """The pattern id of a deduction of ``board``."""
    if deduction.rule is Rule.PAIR:
        shape = match_shape(board, deduction)
        return shape.pattern if shape is not None else "pair"
    if deduction.rule is Rule.ENUMERATION:
        return "endgame" if deduction.uses_mine_count else "enumeration"
    return str(deduction.rule)


# -- lessons for the web ----------------------------------------------------------------


@dataclass(frozen=True)
class LessonExample:
    """A lesson's fixed example: the board and its first deduction (the pattern)."""

    pattern: Pattern
    board: Board
    deduction: Deduction

    def to_json(self, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        from explainer.engine.hint import make_hint

        text = lesson_text(self.pattern, language)
        hint = make_hint(self.board)
        return {
            "id": self.pattern.id,
            "rule": str(self.pattern.rule),
            "name": text.name,
            "explanation": text.explanation,
            "board": str(self.board),
            "height": self.board.height,
            "width": self.board.width,
            "mines": self.board.mines,
            "hint": hint.to_json(language),
        }


@lru_cache(maxsize=None)
def lesson_example(pattern_id: str) -> LessonExample:
    """The example of a lesson; raises ``UnknownPatternError`` for an unknown id."""
    from explainer.engine.hint import make_hint

    pattern = get_pattern(pattern_id)
    board = Board.parse(pattern.example)
    hint = make_hint(board)
    if hint.kind != "deduction" or hint.deduction is None or classify(board, hint.deduction) != pattern.id:
        raise AssertionError(f"the example of {pattern.id!r} does not show it:\n{pattern.example}")
    return LessonExample(pattern, board, hint.deduction)


def lessons_json(language: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
    """The lesson list, in order: id, rule, name and explanation in ``language``."""
    result = []
    for number, pattern in enumerate(PATTERNS, start=1):
        text = lesson_text(pattern, language)
        result.append(
            {"id": pattern.id, "number": number, "rule": str(pattern.rule), "name": text.name, "explanation": text.explanation}
        )
    return result
