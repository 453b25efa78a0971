"""What a player knows during a game, kept up to date move by move, and the
certain cells it implies.

``PlayerKnowledge`` holds the numbers seen so far and the cells proved safe or
mined, as bitmasks.  Cheap single-number propagation runs first (only around
numbers whose surroundings changed); the exact analysis
(``explainer.engine.count.analyze``, by mine totals) runs when it stalls, and
also gives the exact probabilities a guess needs.

Flags are never evidence here: only revealed numbers and the mine total are.
"""

from __future__ import annotations

from explainer.engine import budget as _budget
from explainer.core.board import Board, neighbour_masks
from explainer.core.cells import iter_bits
from explainer.engine.count import Analysis, analyze
from explainer.errors import EngineError

__all__ = ["PlayerKnowledge", "Inconsistent"]


class Inconsistent(EngineError):
    """The numbers seen cannot all be true (the view is impossible)."""


class PlayerKnowledge:
    """Numbers seen, cells proved, and the propagation that grows them."""

    __slots__ = (
        "height",
        "width",
        "total_mines",
        "neighbours",
        "numbers",
        "revealed",
        "mines",
        "safe",
        "unknown",
        "_dirty",
    )

    def __init__(self, height: int, width: int, total_mines: int) -> None:
        self.height = height
        self.width = width
        self.total_mines = total_mines
        self.neighbours = neighbour_masks(height, width)
        self.numbers: dict[int, int] = {}  # revealed cell -> its number
        self.revealed = 0
        self.mines = 0  # proved mines
        self.safe = 0  # proved safe, still covered
        self.unknown = (1 << (height * width)) - 1  # covered, not proved either way
        self._dirty = 0  # revealed numbers to re-examine

    @classmethod
    def from_board(cls, board: Board) -> PlayerKnowledge:
        """What a view says (flags ignored); needs the view's mine count."""
        if board.mines is None:
            raise ValueError("the bot needs the total mine count in the view")
        knowledge = cls(board.height, board.width, board.mines)
        for index, number in board.numbers():
            knowledge.reveal(index, number)
        return knowledge

    # -- facts --------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.height * self.width

    @property
    def covered(self) -> int:
        return ((1 << self.size) - 1) & ~self.revealed

    @property
    def mines_left(self) -> int:
        """Mines not yet proved (the mine total minus the proved mines)."""
        return self.total_mines - self.mines.bit_count()

    @property
    def frontier(self) -> int:
        """Unknown cells next to a revealed number."""
        mask = 0
        for index in self.numbers:
            mask |= self.neighbours[index]
        return mask & self.unknown

    def reveal(self, index: int, number: int) -> None:
        bit = 1 << index
        if self.revealed & bit:
            return
        if self.mines & bit:
            raise Inconsistent(f"cell {index} was proved a mine but shows {number}")
        self.revealed |= bit
        self.safe &= ~bit
        self.unknown &= ~bit
        self.numbers[index] = number
        self._dirty |= (self.neighbours[index] & self.revealed) | bit

    def prove(self, mines: int, safe: int) -> None:
        """Record proved cells (bitmasks of unknown cells)."""
        if mines & safe:
            raise Inconsistent("a cell was proved both safe and a mine")
        self.mines |= mines
        self.safe |= safe
        changed = mines | safe
        self.unknown &= ~changed
        neighbours = self.neighbours
        touched = 0
        for index in iter_bits(changed):
            touched |= neighbours[index]
        self._dirty |= touched & self.revealed

    # -- reasoning -------------------------------------------------------------------------
    def constraint(self, index: int) -> tuple[int, int]:
        """(unknown cells around a number, mines they still hold)."""
        around = self.neighbours[index]
        return around & self.unknown, self.numbers[index] - (around & self.mines).bit_count()

    def propagate(self) -> bool:
        """Single-number rules until nothing changes: a number whose missing
        mines are 0 makes its unknown neighbours safe; one that needs all of
        them makes them mines.  Returns whether anything was proved."""
        found = False
        budget = _budget.current()
        while self._dirty:
            if budget is not None:
                budget.spend(1)
            low = self._dirty & -self._dirty
            self._dirty ^= low
            index = low.bit_length() - 1
            cells, need = self.constraint(index)
            if not cells:
                if need:
                    raise Inconsistent(f"the number at cell {index} cannot be satisfied")
                continue
            if need == 0:
                self.prove(0, cells)
                found = True
            elif need == cells.bit_count():
                self.prove(cells, 0)
                found = True
            elif not 0 < need < cells.bit_count():
                raise Inconsistent(f"the number at cell {index} cannot be satisfied")
        return found

    def constraints(self) -> list[tuple[int, int]]:
        out = []
        for index in self.numbers:
            cells, need = self.constraint(index)
            if cells:
                out.append((cells, need))
            elif need:
                raise Inconsistent(f"the number at cell {index} cannot be satisfied")
        return out

    def analyze(self) -> Analysis:
        """The exact analysis of the unknown cells; proves its certain cells."""
        analysis = analyze(self.constraints(), self.unknown, self.mines_left)
        if not analysis.consistent:
            raise Inconsistent("no placement of mines fits the numbers and the mine count")
        if analysis.safe or analysis.mines:
            self.prove(analysis.mines, analysis.safe)
        return analysis
