"""The player view: what a player can see, and its one text format.

Text format (fixtures, CLI, ``str(board)``, golden files)::

    # comments and blank lines are ignored
    mines 10        <- optional: the total number of mines
    ??1..           <- one line per row
    ?F2..              ?  covered      F  flagged (still covered)
    ??2..              . or 0  revealed zero     1-8  revealed number

Boards are limited to ``MAX_SIDE`` x ``MAX_SIDE`` cells.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from explainer.core.cells import Cell, CellSet, cell_name
from explainer.errors import BoardParseError

__all__ = [
    "Board",
    "BoardParseError",
    "COVERED",
    "FLAGGED",
    "MAX_SIDE",
    "cells_within",
    "flood_fill",
    "indices_around",
    "indices_within",
    "neighbour_masks",
]

COVERED = -1
FLAGGED = -2
MAX_SIDE = 200

#: the longest mine count a board text may give (a 200 x 200 board holds at most 40,000 mines)
MAX_MINE_DIGITS = 6

_CHAR_TO_STATE = {"?": COVERED, "F": FLAGGED, ".": 0, **{str(n): n for n in range(9)}}


def indices_around(height: int, width: int, index: int, radius: int) -> list[int]:
    """The indices (ascending) of the other cells at most ``radius`` rows and
    columns away from cell ``index`` (radius 1: its neighbours; radius 2: the
    numbers that can share a neighbour with it)."""
    row, col = divmod(index, width)
    cols = range(max(0, col - radius), min(width, col + radius + 1))
    return [
        r * width + c
        for r in range(max(0, row - radius), min(height, row + radius + 1))
        for c in cols
        if r != row or c != col
    ]


@lru_cache(maxsize=64)
def indices_within(height: int, width: int, radius: int) -> tuple[tuple[int, ...], ...]:
    """``indices_around`` for every cell index."""
    return tuple(tuple(indices_around(height, width, index, radius)) for index in range(height * width))


@lru_cache(maxsize=64)
def cells_within(height: int, width: int, radius: int) -> tuple[int, ...]:
    """``indices_within`` as bitmasks."""
    return tuple(sum(1 << index for index in indices) for indices in indices_within(height, width, radius))


def neighbour_masks(height: int, width: int) -> tuple[int, ...]:
    """For each cell index, the bitmask of its (up to 8) neighbours."""
    return cells_within(height, width, 1)


def reveal(
    start: int, neighbours: tuple[int, ...], number_of: Callable[[int], int], blocked: int = 0
) -> tuple[int, dict[int, int]]:
    """The one flood fill: open each cell of ``start`` (a mask of safe cells) and,
    around every zero, its neighbours, spreading on, lowest index first.  Cells in
    ``blocked`` (already open, flagged) are neither opened nor spread through.
    ``number_of(index)`` says an opened cell's number: read from a layout by the
    game and the practice puzzles (``flood_fill``), asked of the game through a
    callback by the generator's simulated player, which never holds the layout.
    Returns the opened cells and their numbers."""
    numbers: dict[int, int] = {}
    opened = 0
    stack = start & ~blocked
    while stack:
        low = stack & -stack
        stack ^= low
        if opened & low:
            continue
        index = low.bit_length() - 1
        opened |= low
        number = numbers[index] = number_of(index)
        if not number:
            stack |= neighbours[index] & ~blocked & ~opened
    return opened, numbers


def flood_fill(
    start: int, layout: int, neighbours: tuple[int, ...], blocked: int = 0, numbers: dict[int, int] | None = None
) -> int:
    """``reveal`` on a known ``layout`` (``start`` must hold no mine): the cells
    opened; ``numbers``, when given, receives each opened cell's number."""
    opened, found = reveal(start, neighbours, lambda index: (neighbours[index] & layout).bit_count(), blocked)
    if numbers is not None:
        numbers.update(found)
    return opened


@dataclass(frozen=True)
class Board:
    """A player view.  ``cells[i]`` is ``COVERED``, ``FLAGGED`` or a number 0-8."""

    height: int
    width: int
    cells: tuple[int, ...]
    mines: int | None = None
    _covered: int = field(init=False, repr=False, compare=False)
    _flagged: int = field(init=False, repr=False, compare=False)
    _numbers: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (1 <= self.height <= MAX_SIDE and 1 <= self.width <= MAX_SIDE):
            raise BoardParseError(
                "a board must be 1 to %(limit)s cells on each side, got %(width)s wide and %(height)s high",
                limit=MAX_SIDE, width=self.width, height=self.height,
            )
        if len(self.cells) != self.height * self.width:
            raise BoardParseError("expected %(expected)s cells, got %(got)s", expected=self.height * self.width, got=len(self.cells))
        covered = flagged = 0
        nbrs = neighbour_masks(self.height, self.width)
        for index, state in enumerate(self.cells):
            if state == COVERED:
                covered |= 1 << index
            elif state == FLAGGED:
                covered |= 1 << index
                flagged |= 1 << index
            elif not (isinstance(state, int) and 0 <= state <= 8):
                raise BoardParseError("cell %(cell)s has an invalid state %(state)s", cell=self.name(index), state=repr(state))
            elif state > nbrs[index].bit_count():
                raise BoardParseError(
                    "the %(number)s at %(cell)s is larger than its %(neighbours)s neighbours allow",
                    number=state, cell=self.name(index), neighbours=nbrs[index].bit_count(),
                )
        if self.mines is not None:
            total = covered.bit_count()
            if self.mines < 0:
                raise BoardParseError("the mine count cannot be negative, got %(mines)s", mines=self.mines)
            if self.mines > total:
                raise BoardParseError(
                    "mines %(mines)s is impossible: more mines than covered cells (%(covered)s)", mines=self.mines, covered=total
                )
        object.__setattr__(self, "_covered", covered)
        object.__setattr__(self, "_flagged", flagged)
        object.__setattr__(self, "_numbers", tuple((i, n) for i, n in enumerate(self.cells) if n >= 0))

    @classmethod
    def of_game(cls, height: int, width: int, numbers: tuple[int, ...], revealed: int, flagged: int, mines: int) -> Board:
        """A game's view from its own masks (``explainer.play.game.Game.view``): ``numbers`` is every
        cell's number on the layout, ``revealed`` and ``flagged`` the masks the game keeps, valid by
        construction, so the checks of a parsed board are skipped (a review builds one per move)."""
        size = height * width
        cells = [COVERED] * size
        rest = flagged
        while rest:
            low = rest & -rest
            rest ^= low
            cells[low.bit_length() - 1] = FLAGGED
        shown = []
        rest = revealed
        while rest:
            low = rest & -rest
            rest ^= low
            index = low.bit_length() - 1
            cells[index] = numbers[index]
            shown.append((index, numbers[index]))
        board = object.__new__(cls)
        for name, value in (
            ("height", height), ("width", width), ("cells", tuple(cells)), ("mines", mines),
            ("_covered", ((1 << size) - 1) & ~revealed), ("_flagged", flagged), ("_numbers", tuple(shown)),
        ):
            object.__setattr__(board, name, value)
        return board

    # -- parsing and formatting ----------------------------------------
    @classmethod
    def parse(cls, text: str) -> Board:
        """Parse the text format; raises ``BoardParseError`` quoting the problem."""
        if not isinstance(text, str):
            raise BoardParseError("a board must be text, got %(kind)s", kind=type(text).__name__)
        mines: int | None = None
        rows: list[tuple[int, str]] = []
        text = text.removeprefix("\ufeff")  # a byte-order mark from an editor is not part of the board
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.lower().startswith("mines"):
                if rows:
                    raise BoardParseError("the mine count must come before the rows: %(text)s", number, text=repr(line))
                if mines is not None:
                    raise BoardParseError("a second mine count: %(text)s", number, text=repr(line))
                parts = line.split()
                if len(parts) != 2 or not (parts[1].isascii() and parts[1].isdigit()):
                    shown = line if len(line) <= 40 else line[:40] + "..."
                    raise BoardParseError(
                        "expected 'mines N' with a whole number N, got %(text)s (N in the digits 0-9)", number, text=repr(shown)
                    )
                if len(parts[1]) > MAX_MINE_DIGITS:
                    raise BoardParseError(
                        "the mine count %(start)s... has %(digits)s digits; a board holds at most %(limit)s mines",
                        number, start=parts[1][:12], digits=len(parts[1]), limit=MAX_SIDE * MAX_SIDE,
                    )
                mines = int(parts[1])
                continue
            rows.append((number, line))
        if not rows:
            raise BoardParseError("the board has no rows")
        width = len(rows[0][1])
        if len(rows) > MAX_SIDE or width > MAX_SIDE:
            raise BoardParseError(
                "the board is %(width)s wide and %(height)s high; the limit is %(limit)s x %(limit)s",
                width=width, height=len(rows), limit=MAX_SIDE,
            )
        cells: list[int] = []
        for number, line in rows:
            if len(line) != width:
                raise BoardParseError(
                    "ragged rows: %(text)s has %(cells)s cells but the first row has %(width)s",
                    number, text=repr(line), cells=len(line), width=width,
                )
            for col, char in enumerate(line):
                state = _CHAR_TO_STATE.get(char)
                if state is None:
                    raise BoardParseError(
                        "unknown character %(char)s at column %(column)s in %(text)s (use ? covered, F flag, . or 0-8 revealed)",
                        number, char=repr(char), column=col + 1, text=repr(line),
                    )
                cells.append(state)
        return cls(len(rows), width, tuple(cells), mines)

    def __str__(self) -> str:
        lines = [] if self.mines is None else [f"mines {self.mines}"]
        chars = {COVERED: "?", FLAGGED: "F", 0: "."}
        for row in range(self.height):
            line = self.cells[row * self.width : (row + 1) * self.width]
            lines.append("".join(chars.get(state, str(state)) for state in line))
        return "\n".join(lines) + "\n"

    # -- queries -------------------------------------------------------
    def index(self, row: int, col: int) -> int:
        return row * self.width + col

    def cell(self, index: int) -> Cell:
        return Cell(*divmod(index, self.width))

    def name(self, index: int) -> str:
        return cell_name(*divmod(index, self.width))

    def state(self, row: int, col: int) -> int:
        return self.cells[row * self.width + col]

    @property
    def size(self) -> int:
        return self.height * self.width

    @property
    def covered_mask(self) -> int:
        """Covered cells, flagged ones included."""
        return self._covered

    @property
    def flagged_mask(self) -> int:
        return self._flagged

    @property
    def neighbours(self) -> tuple[int, ...]:
        return neighbour_masks(self.height, self.width)

    def cellset(self, mask: int) -> CellSet:
        return CellSet(mask, self.width)

    def numbers(self) -> tuple[tuple[int, int], ...]:
        """(index, number) for every revealed cell."""
        return self._numbers

    def without_flags(self) -> Board:
        """The same view with every flag taken off (flags are the player's claims, never evidence)."""
        if not self._flagged:
            return self
        return Board(self.height, self.width, tuple(COVERED if state == FLAGGED else state for state in self.cells), self.mines)

    def with_cells(self, changes: dict[int, int]) -> Board:
        cells = list(self.cells)
        for index, state in changes.items():
            cells[index] = state
        return Board(self.height, self.width, tuple(cells), self.mines)
