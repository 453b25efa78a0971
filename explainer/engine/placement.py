"""A placement that fits: why a covered cell is not decided yet, shown by example.

When the numbers do not decide a cell, there is a placement of mines that fits every number (and the
mine count, when the view shows it) with a mine in that cell, and one with none there.
:func:`fitting_placement` finds one of them, and gives the part of it a player can check by eye: the
mines it puts in the cells that share a number with the cell, directly or through a chain of numbers
(the cell's *component*).  Every number next to those cells then counts exactly its mines, and the rest
of the placement exists (the analysis says so), so the claim "these mines fit every number around
them" is true as read.

Cells are fixed one at a time in reading order, preferring no mine, each choice kept only while some
placement still fits (``explainer.engine.count.analyze``), so the mines listed are few and the same view
always gives the same example.  The player's flags on cells the view proves mines are facts; the view
must have no wrong flag (a puzzle's or a hint's view).
"""

from __future__ import annotations

from explainer.core.board import Board
from explainer.core.cells import CellSet, iter_bits
from explainer.core.constraints import Knowledge, build_constraints
from explainer.engine.count import analyze

__all__ = ["fitting_placement", "linked"]


def linked(constraints: list[tuple[int, int]], seed: int) -> tuple[int, list[tuple[int, int]]]:
    """The cells linked to the cells ``seed`` (a mask) through shared numbers, and those numbers' constraints."""
    cells = seed
    members: list[tuple[int, int]] = []
    rest = list(constraints)
    grew = True
    while grew:
        grew = False
        keep = []
        for constraint in rest:
            if constraint[0] & cells:
                cells |= constraint[0]
                members.append(constraint)
                grew = True
            else:
                keep.append(constraint)
        rest = keep
    return cells, members


def fitting_placement(board: Board, index: int, mine: bool, numbers: int | None = None) -> CellSet | None:
    """The mines, in the component of cell ``index``, of a placement that fits the whole view with a mine
    there (``mine``) or none; None when no placement does (the view decides the cell the other way).
    An empty set: the cell is safe in a fitting placement that puts no mine next to its numbers.
    ``numbers`` (a mask of number cells): fit only those numbers (the mine count left aside), as a player who
    cites them claims they decide the cell."""
    flags = board.flagged_mask
    constraints = [(c.cells, c.count) for c in build_constraints(board, Knowledge(mines=flags))
                   if numbers is None or numbers >> c.source & 1]
    unknown = board.covered_mask & ~flags
    left = None if board.mines is None or numbers is not None else board.mines - flags.bit_count()
    cells, _members = linked(constraints, 1 << index)
    fixed = [(1 << index, 1 if mine else 0)]
    if not analyze(constraints + fixed, unknown, left).consistent:
        return None
    chosen = (1 << index) if mine else 0
    for other in iter_bits(cells & unknown & ~(1 << index)):
        for value in (0, 1):
            trial = fixed + [(1 << other, value)]
            if analyze(constraints + trial, unknown, left).consistent:
                fixed = trial
                chosen |= value << other
                break
    return CellSet(chosen, board.width)
