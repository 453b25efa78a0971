"""Cheap certainty first: one-number steps repeated to a fixpoint, on masks.

What they prove is true in every placement, so the exact count can condition
on it without changing any probability, and only the cells left undecided
need enumerating.  That makes the expensive step small on real boards.
"""

from __future__ import annotations

from collections.abc import Sequence

from explainer.engine import budget as _budget

__all__ = ["propagate"]


def propagate(constraints: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """(mines, safe) masks forced by single numbers, or None on a contradiction."""
    mines = safe = 0
    undecided = 0  # kept positive: ``cells & undecided`` costs only the size of ``cells``
    for cells, _count in constraints:
        undecided |= cells
    pending = list(constraints)
    changed = True
    while changed:
        changed = False
        _budget.spend(len(pending) + 1)
        still = []
        for cells, count in pending:
            free = cells & undecided
            need = count - (cells & mines).bit_count()
            size = free.bit_count()
            if need < 0 or need > size:
                return None
            if not free:
                continue
            if need == 0:
                safe |= free
                undecided ^= free
                changed = True
            elif need == size:
                mines |= free
                undecided ^= free
                changed = True
            else:
                still.append((cells, count))
        pending = still
    return mines, safe
