"""From a player view to constraints: each revealed number says how many mines
lie among its covered neighbours.

Flags are the player's claims and never evidence: a flagged cell is just a
covered cell here.  What the engine has *proved* (``known_mines``,
``known_safe``) is taken out of the unknown cells and out of the counts.
"""

from __future__ import annotations

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


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What has been proved so far, as bitmasks of cell indices."""

    mines: int = 0
    safe: int = 0

    def add(self, mines: int = 0, safe: int = 0) -> Knowledge:
        return Knowledge(self.mines | mines, self.safe | safe)

    @property
    def known(self) -> int:
        return self.mines | self.safe


def build_constraints(board: Board, knowledge: Knowledge = Knowledge()) -> list[Constraint]:
    """One constraint per revealed number that still says something.

    A number with no unknown neighbour is kept only when it is violated
    (its count is not 0), so that inconsistency is never lost.
    """
    unknown = board.covered_mask & ~knowledge.known
    neighbours = board.neighbours
    result = []
    for index, number in board.numbers():
        around = neighbours[index] & board.covered_mask
        if not around:
            if number:
                result.append(Constraint(0, number, index))
            continue
        known = around & knowledge.mines
        cells = around & unknown
        count = number - known.bit_count()
        if cells or count:
            result.append(Constraint(cells, count, index, known))
    return result
