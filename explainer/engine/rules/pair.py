"""pair: two numbers A and B whose covered neighbours overlap.

The common area (next to both) holds between ``low`` and ``high`` mines:
``low = max(0, a - |unique A|, b - |unique B|)`` and
``high = min(|common|, a, b)``.  So A's unique area holds between ``a - high``
and ``a - low`` mines: if ``a - low == 0`` it is safe, if ``a - high`` equals
its size it is all mines; the same for B.  This covers the subset case, where
one unique area is empty.
"""

from __future__ import annotations

import heapq

from explainer.core.cells import Cell, CellSet
from explainer.core.constraints import Constraint
from explainer.core.deduction import Areas, Deduction, PairFigures, ProofStep, Rule, StepKind
from explainer.engine.frontier import SolveState

__all__ = ["find_pair", "pair_conclusion", "pair_figures", "pair_for"]


def pair_conclusion(a: Constraint, b: Constraint) -> tuple[int, int, int, int] | None:
    """(safe mask, mine mask, low, high) that A and B force, or None."""
    common = a.cells & b.cells
    if not common:
        return None
    only_a = a.cells & ~common
    only_b = b.cells & ~common
    size_a, size_b = only_a.bit_count(), only_b.bit_count()
    low = max(0, a.count - size_a, b.count - size_b)
    high = min(common.bit_count(), a.count, b.count)
    if low > high:
        return None  # inconsistent pair: left for the enumeration to report
    safe = mines = 0
    for only, size, count in ((only_a, size_a, a.count), (only_b, size_b, b.count)):
        if not only:
            continue
        if count - low == 0:
            safe |= only
        elif count - high == size:
            mines |= only
    if not (safe or mines):
        return None
    return safe, mines, low, high


def _first_pair(state: SolveState) -> tuple[Constraint, Constraint, tuple[int, int, int, int]] | None:
    """The productive pair whose numbers come first in reading order."""
    heap = state.pair_candidates()
    while heap:
        a = state.constraints.get(heap[0][0])
        b = state.constraints.get(heap[0][1])
        if a is not None and b is not None:
            found = pair_conclusion(a, b)
            if found is not None:
                return a, b, found
        heapq.heappop(heap)
    return None


def find_pair(state: SolveState) -> Deduction | None:
    first = _first_pair(state)
    if first is None:
        return None
    return _pair_step(state, *first)


def pair_for(state: SolveState, target: int) -> Deduction | None:
    """A two-number step that decides ``target`` (a cell index) on ``state``: of the pairs of numbers next to it or
    to a number next to it, the first in reading order; None when no two numbers decide it."""
    near = [c for c in state.constraints.values() if c.cells >> target & 1 and c.count]
    for a in sorted(near, key=lambda c: c.source):
        for b in sorted(state.constraints.values(), key=lambda c: c.source):
            if b.source == a.source or not a.cells & b.cells or not b.count:
                continue  # (a number with all its mines decides its cells alone: no comparison says it better)
            first, second = (a, b) if a.source < b.source else (b, a)
            found = pair_conclusion(first, second)
            if found is not None and (found[0] | found[1]) >> target & 1:
                return _pair_step(state, first, second, found)
    return None


def _pair_step(state: SolveState, a: Constraint, b: Constraint, found: tuple[int, int, int, int]) -> Deduction:
    safe, mines, low, high = found
    common = a.cells & b.cells
    mines_a, safe_a = state.known_around(a.source)
    mines_b, safe_b = state.known_around(b.source)
    board = state.board
    clues = (board.cell(a.source), board.cell(b.source))
    areas = Areas(
        common=state.cellset(common),
        unique_a=state.cellset(a.cells & ~common),
        unique_b=state.cellset(b.cells & ~common),
    )
    message = _message(safe, mines)
    safe_cells, mine_cells = state.cellset(safe), state.cellset(mines)
    params = pair_figures(
        board.cells[a.source], board.cells[b.source], clues, a.count, b.count, low, high, areas,
        (state.cellset(mines_a), state.cellset(safe_a)), (state.cellset(mines_b), state.cellset(safe_b)),
    )
    return Deduction(
        rule=Rule.PAIR,
        safe=safe_cells,
        mines=mine_cells,
        clues=clues,
        known_mines=state.cellset(mines_a | mines_b),
        known_safe=state.cellset(safe_a | safe_b),
        uses_mine_count=False,
        message=message,
        params=params,
        areas=areas,
        proof=(ProofStep(message, params, clues, safe_cells, mine_cells),),
    )


def pair_figures(
    a: int,
    b: int,
    clues: tuple[Cell, Cell],
    a_missing: int,
    b_missing: int,
    low: int,
    high: int,
    areas: Areas,
    a_known: tuple[CellSet, CellSet],
    b_known: tuple[CellSet, CellSet],
) -> PairFigures:
    """What a two-number step's sentence states: each number, the mines each still needs, the bounds
    on the shared cells' mines, the three areas, and each number's covered neighbours already decided
    (``*_found_at`` mines, ``*_aside`` safe): a sentence about covered cells names what it sets aside."""
    return {
        "a": a,
        "b": b,
        "a_clue": clues[0],
        "b_clue": clues[1],
        "a_missing": a_missing,
        "b_missing": b_missing,
        "common_min": low,
        "common_max": high,
        "common": areas.common,
        "unique_a": areas.unique_a,
        "unique_b": areas.unique_b,
        "a_found_at": a_known[0],
        "a_aside": a_known[1],
        "b_found_at": b_known[0],
        "b_aside": b_known[1],
    }


def _message(safe: int, mines: int) -> StepKind:
    if safe and mines:
        return StepKind.PAIR_SAFE_AND_MINES
    return StepKind.PAIR_SAFE if safe else StepKind.PAIR_MINES
