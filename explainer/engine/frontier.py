"""The working state of a solve: what has been proved so far, and every number's
constraint reduced by it.  Rules read it; only the pipeline changes it.

It also keeps two small indexes so that each rule finds its next step
without rescanning the board: the numbers that one-number reasoning decides
now, and the pairs of nearby numbers that decide something together.  Both
are heaps in reading order with lazy deletion: an entry is checked again when
it is taken, and every number an ``apply`` touches is looked at afresh.
"""

from __future__ import annotations

import heapq

from explainer.core.board import Board, indices_within
from explainer.core.cells import CellSet, cellset_unchecked
from explainer.core.constraints import Constraint, Knowledge, build_constraints

__all__ = ["SolveState", "decides_alone"]


def decides_alone(constraint: Constraint) -> bool:
    """Does this number alone decide its unknown cells (all safe or all mines)?"""
    if not constraint.cells:
        return False
    return constraint.count == 0 or constraint.count == constraint.cells.bit_count()


class SolveState:
    def __init__(
        self, board: Board, knowledge: Knowledge, targets: int, constraints: list[Constraint] | None = None
    ) -> None:
        """``constraints``: ``build_constraints(board, knowledge)`` when the caller has it already."""
        self.board = board
        # the board's geometry, read on every ``apply``: neighbour masks, covered cells, revealed cells
        self._width = board.width
        self._neighbours = board.neighbours
        self._covered = board.covered_mask
        self._revealed = ((1 << board.size) - 1) & ~board.covered_mask
        self._total_mines = board.mines
        self.knowledge = knowledge  # also sets ``unknown`` and ``mines_left``
        #: certain cells not proved yet: every productive rule concludes some of these
        self.targets = targets
        if constraints is None:
            constraints = build_constraints(board, knowledge)
        self.constraints: dict[int, Constraint] = {c.source: c for c in constraints}
        # ``decides_alone`` of each, inlined
        self._alone = [
            c.source for c in self.constraints.values() if c.cells and (c.count == 0 or c.count == c.cells.bit_count())
        ]
        heapq.heapify(self._alone)
        self._pairs: list[tuple[int, int]] | None = None  # built on first use
        self._nearby: dict[int, list[int]] = {}
        self._rings: dict[int, list[int]] = {}

    @property
    def knowledge(self) -> Knowledge:
        return self._knowledge

    @knowledge.setter
    def knowledge(self, knowledge: Knowledge) -> None:
        board = self.board
        self._knowledge = knowledge
        self._unknown = board.covered_mask & ~knowledge.known
        self._mines_left = None if board.mines is None else board.mines - knowledge.mines.bit_count()

    @property
    def unknown(self) -> int:
        """Covered cells not proved yet."""
        return self._unknown

    @property
    def mines_left(self) -> int | None:
        """Mines not proved yet (None without a mine count)."""
        return self._mines_left

    def cellset(self, mask: int) -> CellSet:
        return cellset_unchecked(mask, self._width)

    def sorted_constraints(self) -> list[Constraint]:
        return [self.constraints[source] for source in sorted(self.constraints)]

    def known_around(self, source: int) -> tuple[int, int]:
        """(proved mines, proved safe cells) among the covered neighbours of a number."""
        around = self._neighbours[source] & self._covered
        knowledge = self._knowledge
        return around & knowledge.mines, around & knowledge.safe

    # -- indexes ----------------------------------------------------------------
    def next_alone(self) -> Constraint | None:
        """The first number (reading order) that decides its cells on its own."""
        heap = self._alone
        while heap:
            constraint = self.constraints.get(heap[0])
            if constraint is not None and decides_alone(constraint):
                return constraint
            heapq.heappop(heap)
        return None

    def take_alone(self) -> tuple[int, int]:
        """(mines, safe): what every number that decides its cells on its own decides now (the one-number
        steps open at once), taken off the index; the caller applies them."""
        mines = safe = 0
        constraints = self.constraints
        for source in self._alone:
            constraint = constraints.get(source)
            if constraint is not None and constraint.cells:
                if constraint.count == 0:
                    safe |= constraint.cells
                elif constraint.count == constraint.cells.bit_count():
                    mines |= constraint.cells
        self._alone.clear()
        return mines, safe

    def _ring(self, source: int) -> list[int]:
        """Numbers close enough to ``source`` to share a covered cell with it, in reading order."""
        found = self._rings.get(source)
        if found is None:
            board = self.board
            states = board.cells
            # ``indices_around(..., source, 2)``, from the table kept for every board of this size
            within = indices_within(board.height, board.width, 2)[source]
            found = [other for other in within if states[other] >= 0]
            self._rings[source] = found
        return found

    def nearby(self, source: int) -> list[int]:
        """Numbers after ``source`` (reading order) close enough to share a covered cell."""
        found = self._nearby.get(source)
        if found is None:
            found = [other for other in self._ring(source) if other > source]
            self._nearby[source] = found
        return found

    def _push_pairs_of(self, source: int) -> None:
        assert self._pairs is not None
        a = self.constraints.get(source)
        if a is None:
            return
        for other in self._ring(source):
            if other >= source:
                break  # the partners after it come next
            b = self.constraints.get(other)
            if b is not None and a.cells & b.cells:
                heapq.heappush(self._pairs, (other, source))
        for other in self.nearby(source):
            b = self.constraints.get(other)
            if b is not None and a.cells & b.cells:
                heapq.heappush(self._pairs, (source, other))

    def pair_candidates(self) -> list[tuple[int, int]]:
        """Heap of (a, b) sources of overlapping nearby numbers, a before b."""
        if self._pairs is None:
            self._pairs = []
            for source, a in self.constraints.items():
                for other in self.nearby(source):
                    b = self.constraints.get(other)
                    if b is not None and a.cells & b.cells:
                        self._pairs.append((source, other))
            heapq.heapify(self._pairs)
        return self._pairs

    # -- changes ----------------------------------------------------------------
    def apply(self, mines: int, safe: int) -> None:
        """Record newly proved cells and update the constraints they touch."""
        old = self._knowledge
        known_mines = old.mines | mines
        self._knowledge = Knowledge(known_mines, old.safe | safe)
        changed = mines | safe
        # what the ``knowledge`` setter works out, from the masks at hand: covered & ~known shrinks by ``changed``
        self._unknown = unknown = self._unknown & ~changed
        total_mines = self._total_mines
        if total_mines is not None:
            self._mines_left = total_mines - known_mines.bit_count()
        self.targets &= ~changed
        neighbours = self._neighbours
        # the revealed numbers next to any changed cell, taken in reading order (lowest bit first)
        touched = 0
        rest = changed
        while rest:
            low = rest & -rest
            touched |= neighbours[low.bit_length() - 1]
            rest ^= low
        touched &= self._revealed
        covered = self._covered
        states = self.board.cells
        constraints = self.constraints
        alone = self._alone
        pairs = self._pairs
        push = heapq.heappush
        while touched:
            low = touched & -touched
            touched ^= low
            source = low.bit_length() - 1
            around = neighbours[source] & covered
            known = around & known_mines
            cells = around & unknown
            count = states[source] - known.bit_count()
            if cells or count:
                constraints[source] = Constraint(cells, count, source, known)
                if cells and (count == 0 or count == cells.bit_count()):  # ``decides_alone``
                    push(alone, source)
                if pairs is not None:
                    self._push_pairs_of(source)
            else:
                constraints.pop(source, None)
