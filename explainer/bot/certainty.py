"""What a player knows during a game, kept up to date move by move, and the
certain cells it implies.

``PlayerKnowledge`` is the engine's incremental state
(``explainer.engine.incremental.Incremental``: the numbers seen so far, the
cells proved safe or mined as bitmasks, each number's constraint kept reduced)
with the bot's checks.  Cheap single-number propagation runs first
(``explainer.engine.propagate.to_fixpoint``, only from numbers whose
surroundings changed); the exact analysis (``explainer.engine.count.analyze``,
by mine totals) runs when it stalls, and also gives the exact probabilities a
guess needs.

Flags are never evidence here: only revealed numbers and the mine total are.
"""

from __future__ import annotations

from explainer.core.board import Board
from explainer.engine.count import Analysis, analyze
from explainer.engine.incremental import Incremental
from explainer.engine.propagate import to_fixpoint
from explainer.errors import Inconsistent

__all__ = ["PlayerKnowledge", "Inconsistent"]


class PlayerKnowledge(Incremental):
    """Numbers seen, cells proved, and the propagation that grows them."""

    __slots__ = ()

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
    def covered(self) -> int:
        return self.full & ~self.revealed

    def reveal(self, index: int, number: int) -> None:
        bit = 1 << index
        if self.revealed & bit:
            return
        if self.mines & bit:
            raise Inconsistent(f"cell {index} was proved a mine but shows {number}")
        self.reveal_all(bit, {index: number})

    def prove(self, mines: int, safe: int) -> None:
        """Record proved cells (bitmasks of unknown cells)."""
        if mines & safe:
            raise Inconsistent("a cell was proved both safe and a mine")
        self.decide(mines, safe)

    # -- reasoning -------------------------------------------------------------------------
    def _check(self) -> None:
        if self.broken:
            index = (self.broken & -self.broken).bit_length() - 1
            raise Inconsistent(f"the number at cell {index} cannot be satisfied")

    def propagate(self) -> bool:
        """Single-number rules until nothing changes: a number whose missing
        mines are 0 makes its unknown neighbours safe; one that needs all of
        them makes them mines.  Returns whether anything was proved."""
        self._check()
        dirty, self.dirty = self.dirty & self.active, 0
        found = to_fixpoint(self, dirty)
        self.dirty = 0
        if found is None or self.broken:
            raise Inconsistent("the numbers seen cannot all be satisfied")
        return bool(found[0] | found[1])

    def constraints(self) -> list[tuple[int, int]]:
        self._check()
        return super().constraints()

    def analyze(self) -> Analysis:
        """The exact analysis of the unknown cells; proves its certain cells."""
        analysis = analyze(self.constraints(), self.unknown, self.mines_left)
        if not analysis.consistent:
            raise Inconsistent("no placement of mines fits the numbers and the mine count")
        if analysis.safe or analysis.mines:
            self.prove(analysis.mines, analysis.safe)
        return analysis
