"""One-number steps on masks, the one copy: a number whose missing mines are 0
makes its undecided cells safe; one that needs all of them makes them mines.

What they prove is true in every placement, so the exact count can condition
on it without changing any probability, and only the cells left undecided
need enumerating.  That makes the expensive step small on real boards.

Constraints live in a *table*: ``cells[i]`` (the undecided cells of number
``i``, a mask) and ``need[i]`` (the mines they still hold), numbers named by
bits of an int mask.  Two ways to run the rule, parameterised by what differs:

* ``one_round(cells, need, ids)``: each number in ``ids`` alone, against the
  table as it is, no chaining: the depth-limited player's simple tier (one
  recorded round);
* ``to_fixpoint(table, ids)``: chained rounds starting from the numbers
  ``ids``; the table records each round's cells (``table.decide``) and says
  which numbers to look at next, until nothing changes.  The bot
  (``PlayerKnowledge``: the numbers around the cells just decided) and
  ``solve``'s exact analysis (``propagate`` over a ``ConstraintList``: every
  number that still has undecided cells, pass after pass) use it.

The fixpoint does not depend on the order the numbers are looked at (nor does
finding a contradiction), so every caller's results are those of the separate
copies this replaced.  The work counted against a budget is one unit per number
looked at plus one per round, as ``propagate`` counted its passes before; the bot
used to count one unit per number looked at and no rounds, so under a work limit
it may give up a few units sooner than before (never with a different answer).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from explainer.engine import budget as _budget

__all__ = ["ConstraintList", "Table", "one_round", "propagate", "to_fixpoint"]


class Table(Protocol):
    """Constraints kept as cells are decided (``engine.incremental`` and ``ConstraintList``).

    A number's undecided cells are ``cells[i] & undecided`` and the mines they still
    hold ``need[i]`` less its cells in ``uncounted`` (proved mines not yet taken out
    of ``need``): a table that keeps its constraints reduced has none."""

    cells: list[int]
    need: list[int]

    @property
    def undecided(self) -> int: ...

    @property
    def uncounted(self) -> int: ...

    def decide(self, mines: int, safe: int, still: int) -> int:
        """Record a round's proved cells; the numbers to look at in the next round
        (``still``: those the round looked at that keep undecided cells)."""
        ...


def one_round(
    cells: Sequence[int], need: Sequence[int], ids: int, undecided: int = -1, uncounted: int = 0, chain: bool = False
) -> tuple[int, int, int, int]:
    """(safe, mines, still, bad): what each number of ``ids`` proves alone, the numbers
    that keep undecided cells, and a number that cannot be satisfied (need below 0 or
    above its cells; the round stops there).  Without ``chain`` every number is read
    against the table as it was when the round began; with it, against the cells the
    round has decided so far (the same fixpoint, in fewer rounds)."""
    safe = mines = still = 0
    while ids:  # (``iter_bits`` inlined: this runs for every number of every view)
        bit = ids & -ids
        ids ^= bit
        i = bit.bit_length() - 1
        c = cells[i]
        free = c & undecided
        n = need[i] - (c & uncounted).bit_count() if c & uncounted else need[i]
        if n == 0:
            if free:
                safe |= free
                if chain:
                    undecided ^= free
            continue
        size = free.bit_count()
        if n == size:
            mines |= free
            if chain:
                undecided ^= free
                uncounted |= free
        elif n < 0 or n > size:
            return safe, mines, still, bit
        else:
            still |= bit
    return safe, mines, still, 0


def to_fixpoint(table: Table, ids: int) -> tuple[int, int] | None:
    """(safe, mines) proved by chained rounds of ``one_round`` from the numbers ``ids``
    until nothing changes, each round recorded in ``table``; None on a contradiction
    (a number that cannot be satisfied, or a cell proved both safe and a mine)."""
    all_safe = all_mines = 0
    budget = _budget.current()
    cells, need = table.cells, table.need
    while ids:
        if budget is not None:
            budget.spend(ids.bit_count() + 1)
        safe, mines, still, bad = one_round(cells, need, ids, table.undecided, table.uncounted, chain=True)
        if bad or safe & mines:
            return None
        if not safe | mines:
            break
        all_safe |= safe
        all_mines |= mines
        ids = table.decide(mines, safe, still)
    return all_safe, all_mines


class ConstraintList:
    """A table over a list of (cells, count) constraints, numbers named by position,
    read against the cells decided so far (never rewritten): each round looks again
    at the numbers that kept undecided cells, as passes over a list."""

    __slots__ = ("cells", "need", "undecided", "uncounted", "waiting")

    def __init__(self, constraints: Sequence[tuple[int, int]]) -> None:
        self.cells = [cells for cells, _count in constraints]
        self.need = [count for _cells, count in constraints]
        undecided = 0
        for cells in self.cells:
            undecided |= cells
        self.undecided = undecided
        self.uncounted = 0
        self.waiting = 0  # numbers with undecided cells that the last round did not look at

    def decide(self, mines: int, safe: int, still: int) -> int:
        changed = mines | safe
        self.undecided &= ~changed
        self.uncounted |= mines
        # a number none of whose cells was just decided reads as it did: nothing new from it yet, so it
        # waits until one is
        alive = self.waiting | still
        cells = self.cells
        ids = 0
        rest = alive
        while rest:
            low = rest & -rest
            if cells[low.bit_length() - 1] & changed:
                ids |= low
            rest ^= low
        self.waiting = alive & ~ids
        return ids


def propagate(constraints: Sequence[tuple[int, int]]) -> tuple[int, int] | None:
    """(mines, safe) masks forced by single numbers, or None on a contradiction."""
    found = to_fixpoint(ConstraintList(constraints), (1 << len(constraints)) - 1)
    if found is None:
        return None
    safe, mines = found
    return mines, safe
