"""Cells, their names, and ``CellSet``: a set of cells backed by an int bitmask.

A cell is a ``Cell(row, col)`` (0-based).  People see it by a spreadsheet name:
column letters then the 1-based row, ``A1`` top-left, ``AD16`` bottom-right of
a 30x16 board.  Inside the engine a cell is also an index ``row * width + col``
so that a set of cells is one Python int (bit ``i`` set = cell ``i`` present).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from itertools import compress
from typing import NamedTuple

__all__ = ["Cell", "CellSet", "cell_name", "parse_cell_name", "column_letters", "iter_bits", "cellset_unchecked"]


class Cell(NamedTuple):
    row: int
    col: int

    @property
    def name(self) -> str:
        return cell_name(self.row, self.col)

    def to_json(self) -> list[int]:
        return [self.row, self.col]


def column_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, 29 -> AD (spreadsheet columns)."""
    if col < 0:
        raise ValueError(f"column must be >= 0, got {col}")
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def cell_name(row: int, col: int) -> str:
    """The name a person reads: ``cell_name(15, 29) == 'AD16'``."""
    return f"{column_letters(col)}{row + 1}"


_NAME = re.compile(r"^([A-Za-z]{1,3})([1-9][0-9]{0,3})$")


def parse_cell_name(name: str) -> Cell:
    """``'AD16' -> Cell(15, 29)``; raises ``ValueError`` quoting a bad name."""
    match = _NAME.match(name.strip())
    if not match:
        raise ValueError(f"not a cell name: {name!r} (expected column letters then a row number, like 'C5')")
    col = 0
    for letter in match.group(1).upper():
        col = col * 26 + (ord(letter) - ord("A") + 1)
    return Cell(int(match.group(2)) - 1, col - 1)


def iter_bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


#: '0' -> 0 and '1' -> 1, for ``bit_indices``
_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")


def bit_indices(mask: int) -> Iterator[int]:
    """``iter_bits(mask)`` for a mask with many set bits: the bits are read from the mask's binary
    text in C (a loop over the bits costs more from about 100 set bits on)."""
    flags = format(mask, "b")[::-1].encode().translate(_BIT_BYTES)
    return compress(range(len(flags)), flags)


class CellSet:
    """An immutable set of cells on a board of a given width.

    Behaves like a ``frozenset`` of ``Cell`` (iteration in reading order,
    ``len``, ``in``, ``|``, ``&``, ``-``, ``^``, comparison) while storing one int.
    """

    __slots__ = ("mask", "width")
    mask: int
    width: int

    def __init__(self, mask: int = 0, width: int = 1) -> None:
        if mask < 0:
            raise ValueError("a CellSet mask cannot be negative")
        if width < 1:
            raise ValueError("a CellSet needs a width >= 1")
        object.__setattr__(self, "mask", mask)
        object.__setattr__(self, "width", width)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CellSet is immutable")

    @classmethod
    def from_cells(cls, cells: Iterable[Cell | tuple[int, int]], width: int) -> CellSet:
        mask = 0
        for row, col in cells:
            if not 0 <= col < width or row < 0:
                raise ValueError(f"cell {(row, col)} is outside a board of width {width}")
            mask |= 1 << (row * width + col)
        return cls(mask, width)

    @classmethod
    def from_indices(cls, indices: Iterable[int], width: int) -> CellSet:
        mask = 0
        for index in indices:
            mask |= 1 << index
        return cls(mask, width)

    # -- set protocol -------------------------------------------------
    def __iter__(self) -> Iterator[Cell]:
        width = self.width
        for index in iter_bits(self.mask):
            yield Cell(*divmod(index, width))

    def indices(self) -> Iterator[int]:
        return iter_bits(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, item: object) -> bool:
        if isinstance(item, int):
            return item >= 0 and bool(self.mask >> item & 1)
        if isinstance(item, tuple) and len(item) == 2:
            row, col = item
            if not (isinstance(row, int) and isinstance(col, int)) or not 0 <= col < self.width or row < 0:
                return False
            return bool(self.mask >> (row * self.width + col) & 1)
        return False

    def _other(self, other: object) -> int:
        if isinstance(other, CellSet):
            if other.width != self.width:
                raise ValueError("cannot combine CellSets of different board widths")
            return other.mask
        raise TypeError(f"expected a CellSet, got {type(other).__name__}")

    def __or__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask | self._other(other), self.width)

    def __and__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask & self._other(other), self.width)

    def __sub__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask & ~self._other(other), self.width)

    def __xor__(self, other: CellSet) -> CellSet:
        return CellSet(self.mask ^ self._other(other), self.width)

    def issubset(self, other: CellSet) -> bool:
        return self.mask & ~self._other(other) == 0

    def __le__(self, other: CellSet) -> bool:
        return self.issubset(other)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CellSet):
            return self.mask == other.mask and (self.width == other.width or self.mask == 0)
        if isinstance(other, (set, frozenset)):
            return set(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.mask)

    # -- presentation -------------------------------------------------
    def names(self) -> list[str]:
        return [cell.name for cell in self]

    def to_json(self) -> list[list[int]]:
        width = self.width
        mask = self.mask
        if not mask & (mask - 1):  # no cell or one (most sets in a solve's JSON)
            if not mask:
                return []
            index = mask.bit_length() - 1
            return [[index // width, index % width]]
        out = []
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            out.append([index // width, index % width])
            mask ^= low
        return out

    def __repr__(self) -> str:
        return f"CellSet({{{', '.join(self.names())}}})"


def _slot_setter(name: str) -> Callable[[CellSet, int], None]:
    setter: Callable[[CellSet, int], None] = CellSet.__dict__[name].__set__
    return setter


_SET_MASK = _slot_setter("mask")
_SET_WIDTH = _slot_setter("width")


def cellset_unchecked(mask: int, width: int) -> CellSet:
    """``CellSet(mask, width)`` without the checks, for a mask >= 0 and a width >= 1 the
    caller knows to be valid (the engine's hot loops build many): sets the slots directly."""
    cells: CellSet = object.__new__(CellSet)
    _SET_MASK(cells, mask)
    _SET_WIDTH(cells, width)
    return cells
