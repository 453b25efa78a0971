"""The deduction patterns a player can learn, in order of difficulty, and
which pattern a deduction is.

Every pattern is a lesson: an id, the engine rule that finds it and a fixed
example board (its name and plain explanation are words:
``explainer.words.lessons``).

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
  - ``one-two-plus`` (the 1-2 reduction, "1-2+"): the same shape, but at least
    one of the two numbers shows more than its effective count: known mines
    next to it reduce it to the 1 or the 2.
  - ``one-one-hole`` (the 1-1 at a hole, the community's H1): no straight
    frontier needed: effective counts 1 and 1, one number's unknown cells are
    exactly the two cells beside the other number (the other is an opened
    cell poking into the covered area: a hole), and the other's own unknown
    cells are proved safe.
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
from typing import Literal, get_args

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.core.constraints import Knowledge, build_constraints
from explainer.core.deduction import Deduction, Rule
from explainer.engine.count import analyze
from explainer.errors import UnknownPatternError

__all__ = [
    "Pattern",
    "PATTERNS",
    "PATTERN_IDS",
    "SHAPE_IDS",
    "ShapeId",
    "UnknownPatternError",
    "get_pattern",
    "ShapeMatch",
    "match_shape",
    "classify",
    "lesson_cells",
    "ShapeResult",
    "shape_result",
    "LessonExample",
    "lesson_example",
]


@dataclass(frozen=True)
class Pattern:
    """One lesson (its name and explanation are words: ``explainer.words.lessons``)."""

    id: str
    rule: Rule
    example: str  # a board in the text format whose first deduction is this pattern


PATTERNS: tuple[Pattern, ...] = (
    Pattern("global", Rule.GLOBAL, "mines 3\n.....\n11211\n1F2F1\n22311\n?F1..\n"),
    Pattern("simple", Rule.SIMPLE, ".....\n.....\n11211\n??2??\n?????\n"),
    Pattern("pair", Rule.PAIR, "?1.1?\n?1.1?\n11111\n?????\n?????\n"),
    Pattern("one-one-wall", Rule.PAIR, "????\n1111\n....\n"),
    Pattern("one-two", Rule.PAIR, ".1?\n.2?\n.2?\n.2?\n.1?\n"),
    Pattern("one-two-one", Rule.PAIR, "...\n121\n???\n"),
    Pattern("one-two-two-one", Rule.PAIR, "?1.\n?2.\n?2.\n?1.\n"),
    Pattern("one-one-edge", Rule.PAIR, "???\n221\nF1.\n"),
    Pattern("one-two-plus", Rule.PAIR, "?????\n?????\n13FFF\n.1232\n.....\n"),
    Pattern("one-one-hole", Rule.PAIR, "?????\n??1??\n11111\n.....\n"),
    Pattern("enumeration", Rule.ENUMERATION, "???1.\n???21\n?????\n?????\n?????\n"),
    Pattern("endgame", Rule.ENUMERATION, "mines 4\n.....\n11111\n??2??\n????3\n?????\n"),
)

PATTERN_IDS: tuple[str, ...] = tuple(pattern.id for pattern in PATTERNS)
#: a named shape: a pattern whose numbers decide cells on their own, in a line
ShapeId = Literal["one-one-wall", "one-two", "one-two-one", "one-two-two-one", "one-one-edge", "one-two-plus",
                  "one-one-hole"]
SHAPE_IDS: tuple[ShapeId, ...] = get_args(ShapeId)
_BY_ID = {pattern.id: pattern for pattern in PATTERNS}


def get_pattern(pattern_id: str) -> Pattern:
    try:
        return _BY_ID[pattern_id]
    except (KeyError, TypeError):
        raise UnknownPatternError(pattern_id, PATTERN_IDS) from None


# -- classification ------------------------------------------------------------------


@dataclass(frozen=True)
class ShapeMatch:
    """A named shape: its id, its numbers in line order (starting with the
    pair's 1) and the unknown cells in front of them."""

    pattern: ShapeId
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


def _hole(deduction: Deduction, first: Cell, second: Cell, count: dict[Cell, int],
          own: dict[Cell, CellSet]) -> tuple[Cell, Cell] | None:
    """(the wall number, the number in the hole) when the pair is a 1-1 at a hole: effective counts 1 and 1, one
    number's unknown cells are exactly the two cells beside the other (across the line from the first to the
    second), and the other's own unknown cells are proved safe."""
    if not count[first] == count[second] == 1:
        return None
    for wall, other in ((first, second), (second, first)):
        if own[wall] or not own[other] or not own[other] <= deduction.safe:
            continue
        across = (other.col - wall.col, other.row - wall.row)  # perpendicular to the line wall -> other
        beside = {Cell(other.row + across[0], other.col + across[1]), Cell(other.row - across[0], other.col - across[1])}
        if set(deduction.areas.common if deduction.areas is not None else ()) == beside:
            return wall, other
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
    count = {first: deduction.params["a_missing"], second: deduction.params["b_missing"]}
    own = {first: areas.unique_a, second: areas.unique_b}
    hole = _hole(deduction, first, second, count, own)
    if hole is not None:
        return ShapeMatch("one-one-hole", hole, frontier)
    side = _side(frontier, first, horizontal)
    if side is None:
        return None
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
            name: ShapeId = "one-two-one" if len(numbers) == 3 else "one-two-two-one"
            return ShapeMatch(name, tuple(numbers), cells)
        if wanted == 2:  # 1, 2, 2, 2 is no named shape
            break
    reduced = any(board.state(*cell) != count[cell] for cell in (one, two))
    return ShapeMatch("one-two-plus" if reduced else "one-two", (one, two), frontier)


def classify(board: Board, deduction: Deduction) -> str:
    """The pattern id of a deduction of ``board``."""
    if deduction.rule is Rule.PAIR:
        shape = match_shape(board, deduction)
        return shape.pattern if shape is not None else "pair"
    if deduction.rule is Rule.ENUMERATION:
        return "endgame" if deduction.uses_mine_count else "enumeration"
    return str(deduction.rule)


# -- what a pattern decides ---------------------------------------------------------------


def lesson_cells(board: Board, deduction: Deduction) -> CellSet:
    """The cells the lesson's numbers decide together: for a named shape all of
    its numbers, otherwise the numbers the step cites (and the mine count when
    it uses it)."""
    shape = match_shape(board, deduction)
    clues = shape.numbers if shape is not None else deduction.clues
    safe, mines = _decided(board, deduction, clues)
    return board.cellset(safe | mines | deduction.cells.mask)


def _decided(board: Board, deduction: Deduction, clues: tuple[Cell, ...]) -> tuple[int, int]:
    """(safe, mines): the covered cells the numbers ``clues`` decide together (with the mine count
    when the deduction uses it)."""
    sources = {board.index(*clue) for clue in clues}
    flags = board.flagged_mask
    constraints = [(c.cells, c.count) for c in build_constraints(board, Knowledge(mines=flags)) if c.source in sources]
    unknown = board.covered_mask & ~flags
    if deduction.uses_mine_count and board.mines is not None:
        analysis = analyze(constraints, unknown, board.mines - flags.bit_count())
    else:
        cells = 0
        for mask, _count in constraints:
            cells |= mask
        analysis = analyze(constraints, cells, None)
    if not analysis.consistent:
        return 0, 0
    return analysis.safe & unknown, analysis.mines & unknown


@dataclass(frozen=True)
class ShapeResult:
    """What a named shape decides on its own, as a lesson states it: the shape, its numbers in line
    order, each one's count less the flags next to it (``counts``), those flags (``flags``: the known
    mines a reduction takes away; empty when no number is reduced), and the cells its numbers decide
    together (``mines``, ``safe``)."""

    pattern: ShapeId
    numbers: tuple[Cell, ...]
    counts: tuple[int, ...]
    flags: CellSet
    mines: CellSet
    safe: CellSet


def shape_result(board: Board, deduction: Deduction) -> ShapeResult | None:
    """The result of the named shape a pair deduction of ``board`` is; None for any other deduction.
    Only the board's flags reduce a number (a lesson's or puzzle's view, where they are right)."""
    shape = match_shape(board, deduction)
    if shape is None:
        return None
    flags = board.flagged_mask
    around = 0
    counts = []
    for number in shape.numbers:
        index = board.index(*number)
        near = board.neighbours[index] & flags
        around |= near
        counts.append(board.cells[index] - near.bit_count())
    safe, mines = _decided(board, deduction, shape.numbers)
    width = board.width
    return ShapeResult(shape.pattern, shape.numbers, tuple(counts), CellSet(around, width), CellSet(mines, width), CellSet(safe, width))


# -- lesson examples ----------------------------------------------------------------------


@dataclass(frozen=True)
class LessonExample:
    """A lesson's fixed example: the board, its first deduction (the pattern), what a named shape
    decides (``shape``: its numbers, flags taken away, mines and safe cells; None for a rule's lesson)
    and the steps that show it — for a named shape the steps that decide every cell its numbers decide
    together, with the steps those rest on; else the first deduction."""

    pattern: Pattern
    board: Board
    deduction: Deduction
    steps: tuple[Deduction, ...] = ()
    shape: ShapeResult | None = None


@lru_cache(maxsize=None)
def lesson_example(pattern_id: str) -> LessonExample:
    """The example of a lesson; raises ``UnknownPatternError`` for an unknown id."""
    from explainer.engine.hint import make_hint
    from explainer.engine.solve import solve
    from explainer.engine.why import chain_to

    pattern = get_pattern(pattern_id)
    board = Board.parse(pattern.example)
    hint = make_hint(board)
    if hint.kind != "deduction" or hint.deduction is None or classify(board, hint.deduction) != pattern.id:
        raise AssertionError(f"the example of {pattern.id!r} does not show it:\n{pattern.example}")
    steps: tuple[Deduction, ...] = (hint.deduction,)
    shape = shape_result(board, hint.deduction)
    if shape is not None:
        decided = shape.mines.mask | shape.safe.mask
        steps = chain_to(solve(board).deductions, *(index for index in range(board.height * board.width) if decided >> index & 1))
    return LessonExample(pattern, board, hint.deduction, steps, shape)
