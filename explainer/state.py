"""The working state of a solve: what has been proved so far, and every number's
constraint reduced by it.  Rules read it; only the pipeline changes it."""

from __future__ import annotations

from .board import Board
from .cells import CellSet
from .constraints import Constraint, Knowledge, build_constraints

__all__ = ["SolveState"]


class SolveState:
    def __init__(self, board: Board, knowledge: Knowledge, targets: int) -> None:
        self.board = board
        self.knowledge = knowledge
        #: certain cells not proved yet: every productive rule concludes some of these
        self.targets = targets
        self.constraints: dict[int, Constraint] = {c.source: c for c in build_constraints(board, knowledge)}
        self._revealed = 0
        for index, _number in board.numbers():
            self._revealed |= 1 << index

    @property
    def unknown(self) -> int:
        return self.board.covered_mask & ~self.knowledge.known

    @property
    def mines_left(self) -> int | None:
        if self.board.mines is None:
            return None
        return self.board.mines - self.knowledge.mines.bit_count()

    def cellset(self, mask: int) -> CellSet:
        return CellSet(mask, self.board.width)

    def sorted_constraints(self) -> list[Constraint]:
        return [self.constraints[source] for source in sorted(self.constraints)]

    def known_around(self, source: int) -> tuple[int, int]:
        """(proved mines, proved safe cells) among the covered neighbours of a number."""
        around = self.board.neighbours[source] & self.board.covered_mask
        return around & self.knowledge.mines, around & self.knowledge.safe

    def apply(self, mines: int, safe: int) -> None:
        """Record newly proved cells and update the constraints they touch."""
        self.knowledge = self.knowledge.add(mines, safe)
        changed = mines | safe
        self.targets &= ~changed
        neighbours = self.board.neighbours
        touched = 0
        remaining = changed
        while remaining:
            low = remaining & -remaining
            touched |= neighbours[low.bit_length() - 1] & self._revealed
            remaining ^= low
        while touched:
            low = touched & -touched
            source = low.bit_length() - 1
            touched ^= low
            around = neighbours[source] & self.board.covered_mask
            known = around & self.knowledge.mines
            cells = around & ~self.knowledge.known
            count = self.board.cells[source] - known.bit_count()
            if cells or count:
                self.constraints[source] = Constraint(cells, count, source, known)
            else:
                self.constraints.pop(source, None)
