"""simple: one number whose missing mines are 0 (the rest are safe) or equal
to its covered neighbours (all of them are mines)."""

from __future__ import annotations

from heapq import heappop

from explainer.core.cells import Cell, cellset_unchecked
from explainer.core.deduction import Deduction, ProofStep, Rule, SimpleFigures, StepKind
from explainer.engine.frontier import SolveState

__all__ = ["find_simple"]


def find_simple(state: SolveState) -> Deduction | None:
    # ``state.next_alone()`` and ``state.known_around`` inlined: this runs for nearly every step of a chain
    heap = state._alone
    constraints = state.constraints
    while heap:
        constraint = constraints.get(heap[0])
        if constraint is not None:
            cells = constraint.cells
            count = constraint.count
            if cells and (count == 0 or count == cells.bit_count()):  # ``decides_alone``
                break
        heappop(heap)
    else:
        return None
    source = constraint.source
    board = state.board
    knowledge = state._knowledge
    around = state._neighbours[source] & state._covered
    known_mines = around & knowledge.mines
    width = board.width
    clue = Cell(*divmod(source, width))
    cellset = cellset_unchecked
    cell_set = cellset(cells, width)
    if count == 0:
        safe, mines, message = cell_set, cellset(0, width), StepKind.SIMPLE_ALL_SAFE
    else:
        safe, mines, message = cellset(0, width), cell_set, StepKind.SIMPLE_ALL_MINES
    # "its other covered neighbours" are the ones not proved yet: the proved safe ones are facts it lists
    known_safe = cellset(around & knowledge.safe, width)
    found_at = cellset(known_mines, width)
    params: SimpleFigures = {
        "number": board.cells[source],
        "clue": clue,
        "count": cells.bit_count(),
        "found": known_mines.bit_count(),
        "found_at": found_at,
        "missing": count,
        # the number's covered neighbours already proved safe: a sentence that counts its covered cells names them
        "aside": known_safe,
    }
    return Deduction(
        Rule.SIMPLE,
        safe,
        mines,
        (clue,),
        found_at,
        known_safe,
        False,
        message,
        params,
        None,
        (ProofStep(message, params, (clue,), safe, mines),),
    )
