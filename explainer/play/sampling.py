"""Uniformly random layouts consistent with a player view.

Every layout that keeps each revealed number true and holds the view's mine
count is equally likely.  The frontier (covered cells next to a number) is
drawn one cell at a time from its exact conditional probability, given by
``enumeration.analyze`` on the numbers reduced by the cells drawn so far
(the chain rule, so the result is exactly uniform); certain cells are fixed
as they appear.  The remaining mines then go uniformly into the covered cells
away from every number, which are interchangeable.

Flags are not evidence: a flagged cell is a covered cell like any other.
"""

from __future__ import annotations

import random

from explainer.engine import budget as _budget
from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.core.constraints import build_constraints
from explainer.engine.count import analyze
from explainer.errors import SamplingError

__all__ = ["sample_layout", "SamplingError"]


def sample_layout(view: Board, rng: random.Random, must_be_safe: int = 0) -> int | None:
    """A random layout (mask of mines) consistent with ``view`` with no mine
    in ``must_be_safe``; None if no consistent layout keeps those cells safe.

    The view must carry its mine count.
    """
    if view.mines is None:
        raise SamplingError("a layout needs the mine count: the view has none")
    base = [(c.cells, c.count) for c in build_constraints(view)]
    covered = view.covered_mask
    safe = must_be_safe & covered
    mines = 0
    first = True
    while True:
        _budget.spend(len(base) + 1)
        decided = safe | mines
        reduced = [(cells & ~decided, count - (cells & mines).bit_count()) for cells, count in base]
        unknown = covered & ~decided
        analysis = analyze(reduced, unknown, view.mines - mines.bit_count())
        if not analysis.consistent:
            if first:
                return None  # the required safe cells do not fit the view
            # each draw follows the exact probabilities, so this cannot happen
            raise SamplingError("the numbers became inconsistent while drawing a layout")
        first = False
        safe |= analysis.safe
        mines |= analysis.mines
        frontier = 0
        for cells, _count in reduced:
            frontier |= cells
        frontier &= ~(safe | mines)
        if not frontier:
            break
        cell = frontier & -frontier
        for group, size, weight in analysis.groups:
            if group & cell:
                # mine with probability weight / (size * total), drawn exactly
                if rng.randrange(size * analysis.total) < weight:
                    mines |= cell
                else:
                    safe |= cell
                break
    outside = covered & ~(safe | mines)
    left = view.mines - mines.bit_count()
    for index in rng.sample(list(iter_bits(outside)), left):
        mines |= 1 << index
    return mines
