"""From a player view to constraints: each revealed number says how many mines
lie among its covered neighbours.

Flags are the player's claims and never evidence: a flagged cell is just a
covered cell here.  What the engine has *proved* (``known_mines``,
``known_safe``) is taken out of the unknown cells and out of the counts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explainer.core.board import Board

__all__ = ["Constraint", "Knowledge", "build_constraints"]


@dataclass(frozen=True, slots=True)
class Constraint:
    """``count`` mines lie among ``cells`` (a bitmask), said by the number at ``source``.

    ``known`` is the bitmask of proved mines next to the number that were
    subtracted from it to get ``count``.
    """

    cells: int
    count: int
    source: int
    known: int = 0

    def __init__(self, cells: int, count: int, source: int, known: int = 0) -> None:
        # the dataclass's own __init__ goes through object.__setattr__ for each field (it is frozen); a solve
        # builds tens of thousands of these, so the slots are set through their descriptors instead
        _SET_CELLS(self, cells)
        _SET_COUNT(self, count)
        _SET_SOURCE(self, source)
        _SET_KNOWN(self, known)


def _slot_setter(cls: type, name: str) -> Callable[[object, int], None]:
    setter: Callable[[object, int], None] = cls.__dict__[name].__set__
    return setter


_SET_CELLS = _slot_setter(Constraint, "cells")
_SET_COUNT = _slot_setter(Constraint, "count")
_SET_SOURCE = _slot_setter(Constraint, "source")
_SET_KNOWN = _slot_setter(Constraint, "known")


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What has been proved so far, as bitmasks of cell indices."""

    mines: int = 0
    safe: int = 0

    def __init__(self, mines: int = 0, safe: int = 0) -> None:
        _SET_MINES(self, mines)  # as ``Constraint``: the slots through their descriptors
        _SET_SAFE(self, safe)

    def add(self, mines: int = 0, safe: int = 0) -> Knowledge:
        return Knowledge(self.mines | mines, self.safe | safe)

    @property
    def known(self) -> int:
        return self.mines | self.safe


_SET_MINES = _slot_setter(Knowledge, "mines")
_SET_SAFE = _slot_setter(Knowledge, "safe")


def build_constraints(board: Board, knowledge: Knowledge = Knowledge()) -> list[Constraint]:
    """One constraint per revealed number that still says something.

    A number with no unknown neighbour is kept only when it is violated
    (its count is not 0), so that inconsistency is never lost.
    """
    covered = board.covered_mask
    unknown = covered & ~knowledge.known
    known_mines = knowledge.mines
    neighbours = board.neighbours
    result: list[Constraint] = []
    append = result.append
    for index, number in board.numbers():
        around = neighbours[index] & covered
        if not around:
            if number:
                append(Constraint(0, number, index))
            continue
        known = around & known_mines
        cells = around & unknown
        count = number - known.bit_count() if known else number
        if cells or count:
            append(Constraint(cells, count, index, known))
    return result
