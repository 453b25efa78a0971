"""What a player knows during a game, kept up to date cell by cell: the numbers
seen so far, the cells proved, and each number's constraint kept reduced
around the cells just decided.  The one copy of that upkeep, shared by the
bot (``bot.certainty.PlayerKnowledge``) and the depth-limited player of the
generator (``play.depth.PlayerSimulation``), which subclass it.

It is a table for ``engine.propagate`` (``cells``, ``need``, ``decide``):
numbers are named by their cell index, ``cells[i]`` are the unknown cells
around the number at ``i`` and ``need[i]`` the mines they still hold.  Only
revealed numbers and proved cells are evidence (never flags, never a layout).
"""

from __future__ import annotations

from collections.abc import Mapping

from explainer.core.board import neighbour_masks
from explainer.core.cells import iter_bits

__all__ = ["Incremental"]


class Incremental:
    """Numbers seen, cells proved, and the reduced constraint of every number.

    ``unknown`` cells are covered and not proved either way; ``safe`` are proved
    safe but still covered; ``active`` are the numbers with unknown cells left;
    ``dirty`` the numbers whose constraint changed since a reader last cleared it;
    ``broken`` the numbers left with no unknown cell but mines still missing (the
    numbers seen cannot all be true, or the reasoning was unsound).
    """

    __slots__ = (
        "height",
        "width",
        "size",
        "full",
        "total_mines",
        "neighbours",
        "numbers",
        "revealed",
        "mines",
        "safe",
        "unknown",
        "cells",
        "need",
        "active",
        "dirty",
        "broken",
        "_not_first_col",
        "_not_last_col",
    )

    def __init__(self, height: int, width: int, total_mines: int) -> None:
        self.height = height
        self.width = width
        self.size = height * width
        self.full = (1 << self.size) - 1
        self.total_mines = total_mines
        self.neighbours = neighbour_masks(height, width)
        first_col = sum(1 << (row * width) for row in range(height))
        self._not_first_col = self.full & ~first_col
        self._not_last_col = self.full & ~(first_col << (width - 1))
        self.clear()

    def clear(self) -> None:
        """Forget every number and proved cell."""
        self.numbers: dict[int, int] = {}  # revealed cell -> its number, in the order seen
        self.revealed = 0
        self.mines = 0  # proved mines
        self.safe = 0  # proved safe, still covered
        self.unknown = self.full  # covered, not proved either way
        self.cells = [0] * self.size
        self.need = [0] * self.size
        self.active = 0
        self.dirty = 0
        self.broken = 0

    # -- facts --------------------------------------------------------------------------
    @property
    def mines_left(self) -> int:
        """Mines not yet proved (the mine total minus the proved mines)."""
        return self.total_mines - self.mines.bit_count()

    @property
    def frontier(self) -> int:
        """Unknown cells next to a revealed number."""
        mask = 0
        cells = self.cells
        for index in iter_bits(self.active):
            mask |= cells[index]
        return mask

    def around(self, mask: int) -> int:
        """``mask`` and every neighbour of its cells (bit shifts, no loop over cells)."""
        spread = mask | (mask & self._not_last_col) << 1 | (mask & self._not_first_col) >> 1
        return (spread | spread << self.width | spread >> self.width) & self.full

    def constraint(self, index: int) -> tuple[int, int]:
        """(unknown cells around the number at ``index``, mines they still hold)."""
        return self.cells[index], self.need[index]

    # -- upkeep -------------------------------------------------------------------------
    def _reduce(self, changed: int, mines: int) -> int:
        """Take ``changed`` (cells just decided, ``mines`` among them) out of the
        constraints around them; the numbers touched."""
        if changed & (changed - 1):
            ring = self.around(changed)
        else:
            ring = self.neighbours[changed.bit_length() - 1]
        touched = ring & self.active
        cells, need = self.cells, self.need
        for source in iter_bits(touched):
            old = cells[source]
            left = old & ~changed
            cells[source] = left
            if old & mines:
                need[source] -= (old & mines).bit_count()
            if not left:
                self.active ^= 1 << source
                if need[source]:
                    self.broken |= 1 << source
        return touched

    @property
    def undecided(self) -> int:
        """For ``engine.propagate``: the constraints are kept within the unknown cells."""
        return self.unknown

    @property
    def uncounted(self) -> int:
        """For ``engine.propagate``: every proved mine is already taken out of ``need``."""
        return 0

    def decide(self, mines: int, safe: int, still: int = 0) -> int:
        """Record proved cells (unknown ones; others are ignored); the numbers touched
        (the numbers to look at again; ``still`` is not needed)."""
        unknown = self.unknown
        mines &= unknown
        safe &= unknown
        changed = mines | safe
        if not changed:
            return 0
        self.mines |= mines
        self.safe |= safe
        self.unknown = unknown ^ changed
        touched = self._reduce(changed, mines)
        self.dirty |= touched
        return touched

    def reveal_all(self, opened: int, numbers: Mapping[int, int], mines: int = 0) -> int:
        """Record the cells ``opened`` (their ``numbers``) and the proved ``mines``, at once;
        the numbers whose constraint changed or is new."""
        unknown = self.unknown
        mines &= unknown
        changed = (opened | mines) & unknown
        self.revealed |= opened
        self.safe &= ~opened
        self.mines |= mines
        self.unknown = unknown & ~changed & ~opened
        touched = self._reduce(changed, mines) if changed else 0
        unknown = self.unknown
        known_mines = self.mines
        neighbours, cells, need, seen = self.neighbours, self.cells, self.need, self.numbers
        for index, number in numbers.items():
            seen[index] = number
            around = neighbours[index]
            free = around & unknown
            left = number - (around & known_mines).bit_count() if around & known_mines else number
            cells[index] = free
            need[index] = left
            bit = 1 << index
            if free:
                self.active |= bit
            elif left:
                self.broken |= bit
            touched |= bit
        self.dirty |= touched
        return touched

    def rebuild(self) -> None:
        """Recompute every constraint from ``numbers``, ``revealed``, ``mines`` and ``safe``
        (after they were set back); every number is dirty."""
        self.unknown = self.full & ~self.revealed & ~self.mines & ~self.safe
        unknown, known_mines = self.unknown, self.mines
        neighbours, cells, need = self.neighbours, self.cells, self.need
        self.active = self.broken = 0
        for index, number in self.numbers.items():
            around = neighbours[index]
            free = around & unknown
            left = number - (around & known_mines).bit_count()
            cells[index] = free
            need[index] = left
            if free:
                self.active |= 1 << index
            elif left:
                self.broken |= 1 << index
        self.dirty = self.active | self.broken

    def constraints(self) -> list[tuple[int, int]]:
        """The constraint of every number with unknown cells, in the order the numbers were seen."""
        cells, need = self.cells, self.need
        return [(cells[index], need[index]) for index in self.numbers if cells[index]]
