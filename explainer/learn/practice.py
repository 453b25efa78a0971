"""Practice puzzles: small boards whose simplest deduction is one lesson's
pattern, generated on demand and deterministic from a seed; and checking a
player's answer.

A puzzle for pattern P is *valid* when the hint for its view is a deduction
(so the view is consistent and has no wrong flag) and :func:`classify`
of that first deduction is P (:func:`puzzle_pattern`).

Generation keeps a hidden layout inside the generator only and plays the view
forward from it (:class:`_Sandbox`):

* named shapes are built explicitly in local coordinates (numbers in a line,
  the frontier line of covered cells in front of them, opened or flagged
  cells behind and at the ends), turned into one of the 8 orientations and
  placed at a random spot of a 5x5 to 8x8 board, with the rest of the layout
  random;
* the other patterns start from a random first click that opens an area.

Then, while the first deduction of the view is not the wanted pattern, it is
applied (its safe cells opened, its mines flagged, sometimes only one half),
or, when no deduction exists, a safe cell is opened from the layout, as a
lucky guess would.  An attempt fails when a step decides a cell of the built
shape, when the board is solved, or after a bounded number of moves; the
generator then starts over with the same random stream, a bounded number of
times.  The puzzle view never contains the layout: only numbers, covered
cells, correct flags and sometimes the mine count.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from explainer.core.board import COVERED, FLAGGED, Board, flood_fill, neighbour_masks
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import Deduction
from explainer.engine.hint import make_hint
from explainer.engine.placement import fitting_placement
from explainer.engine.solve import solve
from explainer.engine.why import shortest_chain
from explainer.learn.lessons import ShapeResult, classify, get_pattern, lesson_cells, shape_result
from explainer.errors import AnswerError, PracticeError

__all__ = [
    "Puzzle",
    "WorkResult",
    "check_work",
    "PracticeError",
    "make_puzzle",
    "puzzle_pattern",
    "lesson_cells",
    "AnswerError",
    "AnswerResult",
    "CellVerdict",
    "Move",
    "Reason",
    "Status",
    "Mark",
    "check_answer",
    "PUZZLE_MIN_SIDE",
    "PUZZLE_MAX_SIDE",
    "MAX_ATTEMPTS",
]

PUZZLE_MIN_SIDE = 5
PUZZLE_MAX_SIDE = 8
#: fresh layouts tried before giving up
MAX_ATTEMPTS = 400
#: moves (steps applied or safe cells opened) per attempt
_MAX_MOVES = 60


#: what a player did to a cell of an answer
Move = Literal["open", "flag"]

#: cells a player opened or flagged: ``[row, col]`` pairs (``Cell`` is one) or a ``CellSet``
Moves = Sequence[Sequence[int]] | CellSet


# -- the hidden side: a layout and what has been opened and flagged ----------------------


class _Sandbox:
    """A hidden layout and a view of it; lives only inside the generator."""

    def __init__(self, height: int, width: int, layout: int, show_count: bool) -> None:
        self.height = height
        self.width = width
        self.layout = layout
        self.show_count = show_count
        self.neighbours = neighbour_masks(height, width)
        self.revealed = 0
        self.flagged = 0

    def open(self, index: int) -> int:
        """Open a safe cell, spreading from zeros; the mask of cells opened now."""
        assert not self.layout >> index & 1, "the generator opened a mine"
        opened = flood_fill(1 << index, self.layout, self.neighbours, self.revealed | self.flagged)
        self.revealed |= opened
        return opened

    def flag(self, mask: int) -> None:
        assert mask & ~self.layout == 0, "the generator flagged a safe cell"
        self.flagged |= mask

    def view(self) -> Board:
        cells = []
        for index in range(self.height * self.width):
            if self.revealed >> index & 1:
                cells.append((self.neighbours[index] & self.layout).bit_count())
            elif self.flagged >> index & 1:
                cells.append(FLAGGED)
            else:
                cells.append(COVERED)
        mines = self.layout.bit_count() if self.show_count else None
        return Board(self.height, self.width, tuple(cells), mines)


# -- named shapes in local coordinates ------------------------------------------------------

#: effective counts along the line of numbers, per shape
_SHAPE_VALUES: dict[str, tuple[int, ...]] = {
    "one-one-wall": (1, 1),
    "one-one-edge": (1, 1),
    "one-two-plus": (1, 2),
    "one-two": (1, 2),
    "one-two-one": (1, 2, 1),
    "one-two-two-one": (1, 2, 2, 1),
}

# local frame: numbers at (0, j) for j < k, the frontier line at (-1, j) for -1 <= j <= k,
# the cells behind at (1, j), the line's ends at (0, -1) and (0, k)

_Local = tuple[int, int]


@dataclass(frozen=True)
class _Placement:
    height: int
    width: int
    transform: tuple[bool, bool, bool]  # transpose, flip rows, flip columns
    offset: tuple[int, int]

    def __call__(self, cell: _Local) -> int | None:
        row, col = cell
        if self.transform[0]:
            row, col = col, row
        if self.transform[1]:
            row = -row
        if self.transform[2]:
            col = -col
        row += self.offset[0]
        col += self.offset[1]
        if 0 <= row < self.height and 0 <= col < self.width:
            return row * self.width + col
        return None


def _place(rng: random.Random, k: int, edge_wall: bool) -> _Placement | None:
    """A random board size, orientation and spot where the shape fits (and,
    for ``edge_wall``, where the column before the first number is off the board)."""
    height, width = rng.randint(PUZZLE_MIN_SIDE, PUZZLE_MAX_SIDE), rng.randint(PUZZLE_MIN_SIDE, PUZZLE_MAX_SIDE)
    transform = (rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5)
    inside = [(r, j) for r in (-1, 0, 1) for j in range(0, k + 1)]
    outside = [(r, -1) for r in (-1, 0, 1)]
    spots = []
    for top in range(-2, height + 2):
        for left in range(-2 - k, width + 2 + k):
            placement = _Placement(height, width, transform, (top, left))
            if any(placement(cell) is None for cell in inside):
                continue
            off = [placement(cell) is None for cell in outside]
            if all(off) if edge_wall else not any(off):
                spots.append((top, left))
    if not spots:
        return None
    return _Placement(height, width, transform, rng.choice(spots))


def _frontier_layouts(values: tuple[int, ...], present: list[int]) -> list[dict[int, bool]]:
    """Every mine assignment to the frontier cells ``present`` (local j) that gives the numbers their counts."""
    found = []
    for bits in range(1 << len(present)):
        mine = {j: bool(bits >> i & 1) for i, j in enumerate(present)}
        if all(sum(mine.get(j + d, False) for d in (-1, 0, 1)) == value for j, value in enumerate(values)):
            found.append(mine)
    return found


def _build_shape(pattern: str, rng: random.Random) -> tuple[_Sandbox, int] | None:
    """A sandbox showing the shape, and the mask of its frontier cells (not to be
    decided by any other step); None when this draw does not fit."""
    values = _SHAPE_VALUES[pattern]
    k = len(values)
    reduce = pattern in ("one-one-edge", "one-two-plus")  # known mines (flags) reduce the numbers
    one_one = pattern in ("one-one-wall", "one-one-edge")
    # the cell beyond the first number: the board's edge, an opened cell, a flag, or (not for 1-1) covered
    left = rng.choice(["edge", "open", "flag"] if pattern == "one-one-edge" else ["edge", "open"] if one_one
                      else ["edge", "open", "covered"])
    # the cell beyond the last number: covered, or (where no own cell of a 1-1 or 1-2 is needed there) opened
    right = "covered" if one_one or pattern in ("one-two", "one-two-plus") else rng.choice(["open", "covered", "covered"])
    placement = _place(rng, k, left == "edge")
    if placement is None:
        return None
    height, width = placement.height, placement.width
    present = [j for j in range(-1, k + 1) if not (j == -1 and left != "covered") and not (j == k and right != "covered")]
    choices = _frontier_layouts(values, present)
    if not choices:
        return None
    frontier_mines = rng.choice(choices)
    fixed: dict[int, bool] = {}  # index -> is a mine
    opened: list[int] = []
    flags = 0
    frontier = 0
    for j in range(-1, k + 1):
        index = placement((-1, j))
        if index is None:
            continue
        if j in frontier_mines:
            fixed[index] = frontier_mines[j]
            frontier |= 1 << index
        elif j == -1 and left == "flag":
            fixed[index] = True
            flags |= 1 << index
        else:  # an opened wall
            fixed[index] = False
            opened.append(index)
    around = [(0, -1), (0, k)] + [(1, j) for j in range(-1, k + 1)]
    flag_spots = [cell for cell in around if placement(cell) is not None]
    extra_flags = set(rng.sample(flag_spots, rng.randint(1, 2))) if reduce and left != "flag" else set()
    if reduce and left == "flag" and rng.random() < 0.3:
        extra_flags = {rng.choice(flag_spots)}
    for cell in around:
        index = placement(cell)
        if index is None:
            continue
        if cell in extra_flags:
            fixed[index] = True
            flags |= 1 << index
        else:
            fixed[index] = False
            opened.append(index)
    for j in range(k):
        index = placement((0, j))
        assert index is not None
        fixed[index] = False
        opened.append(index)
    density = rng.uniform(0.1, 0.22)
    layout = 0
    for index in range(height * width):
        if fixed.get(index, rng.random() < density):
            layout |= 1 << index
    sandbox = _Sandbox(height, width, layout, show_count=rng.random() < 0.5)
    sandbox.flag(flags)
    for index in opened:
        if not sandbox.revealed >> index & 1:
            sandbox.open(index)
    if sandbox.revealed & frontier:
        return None  # an opening spread into the shape
    return sandbox, frontier


def _build_game(pattern: str, rng: random.Random) -> tuple[_Sandbox, int] | None:
    """A sandbox after a random first click (an opening), for the rule patterns."""
    height, width = rng.randint(PUZZLE_MIN_SIDE, PUZZLE_MAX_SIDE), rng.randint(PUZZLE_MIN_SIDE, PUZZLE_MAX_SIDE)
    size = height * width
    density = rng.uniform(0.12, 0.24) if pattern != "endgame" else rng.uniform(0.15, 0.25)
    mines = max(1, round(size * density))
    first = rng.randrange(size)
    neighbours = neighbour_masks(height, width)
    keep_clear = neighbours[first] | 1 << first
    free = [index for index in range(size) if not keep_clear >> index & 1]
    layout = 0
    for index in rng.sample(free, min(mines, len(free))):
        layout |= 1 << index
    show_count = pattern in ("global", "endgame") or rng.random() < 0.5
    sandbox = _Sandbox(height, width, layout, show_count)
    sandbox.open(first)
    return sandbox, 0


def _play(sandbox: _Sandbox, pattern: str, protected: int, rng: random.Random) -> tuple[Board, Deduction] | None:
    """Play the view forward until its first deduction is ``pattern``."""
    for _ in range(_MAX_MOVES):
        board = sandbox.view()
        hint = make_hint(board)
        if hint.kind == "deduction":
            deduction = hint.deduction
            assert deduction is not None
            if classify(board, deduction) == pattern:
                return board, deduction
            if deduction.cells.mask & protected:
                return None
            safe, mines = deduction.safe.mask, deduction.mines.mask
            half = rng.random()
            if safe and mines and half < 0.25:
                mines = 0
            elif safe and mines and half < 0.5:
                safe = 0
            sandbox.flag(mines)
            for index in iter_bits(safe):
                if not sandbox.revealed >> index & 1:
                    sandbox.open(index)
        elif hint.kind == "guess":
            hidden_safe = board.covered_mask & ~sandbox.layout & ~protected & ~sandbox.flagged
            if not hidden_safe:
                return None
            sandbox.open(rng.choice(list(iter_bits(hidden_safe))))
        else:
            return None
        if sandbox.revealed & protected:
            return None
    return None


# -- puzzles -------------------------------------------------------------------------------


def puzzle_pattern(board: Board) -> str | None:
    """The pattern of the view's simplest deduction, or None when the hint is no deduction."""
    hint = make_hint(board)
    if hint.kind != "deduction" or hint.deduction is None:
        return None
    return classify(board, hint.deduction)


@dataclass(frozen=True)
class Puzzle:
    """A practice board and the step it teaches (the view's first deduction)."""

    pattern: str
    seed: int
    board: Board
    deduction: Deduction

    @property
    def lesson_cells(self) -> CellSet:
        return lesson_cells(self.board, self.deduction)

    def check(self, opened: Moves, flagged: Moves) -> AnswerResult:
        return check_answer(self.board, self.deduction, opened, flagged)


def make_puzzle(pattern_id: str, seed: int, max_attempts: int = MAX_ATTEMPTS) -> Puzzle:
    """A practice puzzle whose simplest deduction is ``pattern_id``; the same seed
    gives the same puzzle.  Raises ``UnknownPatternError`` or ``PracticeError``."""
    pattern = get_pattern(pattern_id)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise PracticeError(f"a seed is a whole number >= 0, got {seed!r}")
    rng = random.Random(f"practice:{pattern.id}:{seed}")
    build = _build_shape if pattern.id in _SHAPE_VALUES else _build_game  # (a hole comes from play)
    for _ in range(max_attempts):
        built = build(pattern.id, rng)
        if built is None:
            continue
        sandbox, protected = built
        found = _play(sandbox, pattern.id, protected, rng)
        if found is not None:
            board, deduction = found
            return Puzzle(pattern.id, seed, board, deduction)
    raise PracticeError(f"no puzzle for pattern {pattern.id!r} with seed {seed} after {max_attempts} attempts")


# -- answers -----------------------------------------------------------------------------------


class Status(StrEnum):
    """The verdict on a whole answer."""

    RIGHT = "right"  # every cell the puzzle asks for, and no wrong cell
    WRONG = "wrong"  # at least one cell opened or flagged that the view does not prove so
    PARTIAL = "partial"  # no wrong cell, some of the cells asked for, not all
    INCOMPLETE = "incomplete"  # no wrong cell, none of the cells asked for


class Mark(StrEnum):
    """The mark one cell of an answer gets (a game's move is judged by the review's Verdict)."""

    RIGHT = "right"  # opened and provably safe, or flagged and provably a mine
    WRONG = "wrong"
    MISSED = "missed"  # asked for, not answered (named only in a wrong answer's verdict)


class Reason(StrEnum):
    """Why a cell of an answer is wrong."""

    MINE = "mine"  # opened, but the view proves it a mine
    SAFE = "safe"  # flagged, but the view proves it safe
    UNDECIDED = "undecided"  # the view does not decide it: a placement that fits has it the other way
    NO_NUMBER = "no-number"  # the view does not decide it, and no number touches it


@dataclass(frozen=True)
class CellVerdict:
    """One cell of an answer judged.  For a wrong cell the view proves the other way: the puzzle's step
    when it decides the cell (``chain`` of that one step), else the named shape when its numbers decide it
    (``shape``), else the steps that prove what it is (``chain``; the last one decides it); for a cell the view does not decide,
    ``placement`` is the mines, in the cell's component, of a placement that fits every number and has
    the cell the other way (a mine where the player opened, none where the player flagged)."""

    cell: Cell
    move: Move | None  # None for a cell missed
    verdict: Mark
    reason: Reason | None = None
    chain: tuple[Deduction, ...] = ()
    placement: CellSet | None = None
    shape: ShapeResult | None = None  # the puzzle's named shape, when it decides the cell (it says why in one sentence)


@dataclass(frozen=True)
class AnswerResult:
    """The verdict on an answer: its status, each cell answered (and, for a wrong answer, each cell of
    the lesson missed), and how many cells of the lesson are left."""

    status: Status
    cells: tuple[CellVerdict, ...]
    found: CellSet  # lesson cells answered right
    missing: CellSet  # lesson cells not answered
    wrong_opened: CellSet
    wrong_flagged: CellSet

    @property
    def correct(self) -> bool:
        return self.status is Status.RIGHT

    @property
    def judged(self) -> bool:
        """A right or wrong answer counts for progress; a partial or incomplete one is not judged yet."""
        return self.status in (Status.RIGHT, Status.WRONG)

    @property
    def left(self) -> int:
        return len(self.missing)


def _cells_mask(board: Board, cells: Moves, what: str) -> int:
    if isinstance(cells, CellSet):
        if cells.width != board.width:
            raise AnswerError(f"cells to {what} belong to a board {cells.width} wide, not {board.width}")
        items: list[Any] = list(cells)
    else:
        items = list(cells)
    mask = 0
    for item in items:
        if (
            not isinstance(item, (tuple, list))
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise AnswerError(f"a cell to {what} is [row, col] with whole numbers, got {item!r}")
        row, col = item
        if not (0 <= row < board.height and 0 <= col < board.width):
            raise AnswerError(f"cell [{row}, {col}] to {what} is outside the {board.width} x {board.height} board")
        index = board.index(row, col)
        if board.cells[index] != COVERED:
            state = "flagged" if board.cells[index] == FLAGGED else "already open"
            raise AnswerError(f"cell {board.name(index)} to {what} is {state}")
        mask |= 1 << index
    return mask


@dataclass(frozen=True)
class WorkResult:
    """Whether the numbers a player marked for an answer prove it ("show your work"): ``proves``, or the first
    answered cell they leave open (``cell``, answered as ``move``) with the mines of a placement that fits every
    marked number with that cell the other way (``placement``)."""

    numbers: tuple[Cell, ...]
    proves: bool
    cell: Cell | None = None
    move: Move | None = None
    placement: CellSet | None = None


def check_work(board: Board, numbers: Moves, opened: Moves, flagged: Moves) -> WorkResult:
    """Do the revealed numbers ``numbers`` alone (the mine count left aside) prove every answered cell as answered?
    ``AnswerError`` quoting a cell that is not a number of the board."""
    marked = 0
    for item in numbers:
        row, col = (item.row, item.col) if isinstance(item, Cell) else (int(item[0]), int(item[1]))
        if not (0 <= row < board.height and 0 <= col < board.width):
            raise AnswerError(f"cell [{row}, {col}] is outside the {board.width} x {board.height} board")
        index = row * board.width + col
        if board.cells[index] <= 0:
            raise AnswerError(f"cell {board.name(index)} marked as a number used is not a number")
        marked |= 1 << index
    cited = tuple(Cell(*divmod(index, board.width)) for index in iter_bits(marked))
    answered = [(index, "open") for index in iter_bits(_cells_mask(board, opened, "open"))]
    answered += [(index, "flag") for index in iter_bits(_cells_mask(board, flagged, "flag"))]
    for index, move in sorted(answered):
        placement = fitting_placement(board, index, mine=move == "open", numbers=marked)
        if placement is not None:  # the marked numbers fit with the cell the other way
            return WorkResult(cited, False, Cell(*divmod(index, board.width)), "open" if move == "open" else "flag", placement)
    return WorkResult(cited, True)


def check_answer(
    board: Board, expected: Deduction, opened: Moves, flagged: Moves
) -> AnswerResult:
    """Judge a player's answer to a puzzle whose step is ``expected``, cell by cell.

    ``opened`` and ``flagged`` are the cells the player opened and flagged
    (covered, unflagged cells of ``board``; a cell in both is an error).
    A cell is right when the view proves it so (the engine's certain cells for the
    player's view, never the hidden layout); otherwise wrong, with the chain that
    proves it the other way or a placement that fits with it the other way.  The
    answer is *right* when it answers every lesson cell (:func:`lesson_cells`) and
    nothing wrong, *wrong* with a wrong cell, else *partial* or *incomplete*.
    """
    opened_mask = _cells_mask(board, opened, "open")
    flagged_mask = _cells_mask(board, flagged, "flag")
    both = opened_mask & flagged_mask
    if both:
        raise AnswerError(f"cells both opened and flagged: {', '.join(board.cellset(both).names())}")
    solution = solve(board)
    safe, mines = solution.safe.mask, solution.mines.mask
    around_numbers = 0
    for number, _value in board.numbers():
        around_numbers |= board.neighbours[number]
    wrong_opened = opened_mask & ~safe
    wrong_flagged = flagged_mask & ~mines
    lesson = lesson_cells(board, expected).mask
    shape = shape_result(board, expected)
    found = (opened_mask | flagged_mask) & lesson & ~(wrong_opened | wrong_flagged)
    cells: list[CellVerdict] = []
    for index in iter_bits(opened_mask | flagged_mask):
        cell = Cell(*divmod(index, board.width))
        move: Move = "open" if opened_mask >> index & 1 else "flag"
        if not (wrong_opened | wrong_flagged) >> index & 1:
            cells.append(CellVerdict(cell, move, Mark.RIGHT))
        elif (mines if move == "open" else safe) >> index & 1:
            reason = Reason.MINE if move == "open" else Reason.SAFE
            if expected.cells.mask >> index & 1:  # the puzzle's own step decides it: that step alone
                cells.append(CellVerdict(cell, move, Mark.WRONG, reason, (expected,)))
            elif shape is not None and (shape.mines.mask | shape.safe.mask) >> index & 1:
                cells.append(CellVerdict(cell, move, Mark.WRONG, reason, shape=shape))
            else:
                # the shortest argument for the cell asked about (two numbers compared where the chain walks several)
                cells.append(CellVerdict(cell, move, Mark.WRONG, reason, shortest_chain(solution, index)))
        elif not around_numbers >> index & 1:
            cells.append(CellVerdict(cell, move, Mark.WRONG, Reason.NO_NUMBER))
        else:
            placement = fitting_placement(board, index, mine=move == "open")
            cells.append(CellVerdict(cell, move, Mark.WRONG, Reason.UNDECIDED, placement=placement))
    if wrong_opened or wrong_flagged:
        status = Status.WRONG
        for index in iter_bits(lesson & ~(opened_mask | flagged_mask)):
            cells.append(CellVerdict(Cell(*divmod(index, board.width)), None, Mark.MISSED))
    elif not lesson & ~found:
        status = Status.RIGHT
    elif found:
        status = Status.PARTIAL
    else:
        status = Status.INCOMPLETE
    return AnswerResult(
        status,
        tuple(cells),
        board.cellset(found),
        board.cellset(lesson & ~found),
        board.cellset(wrong_opened),
        board.cellset(wrong_flagged),
    )
