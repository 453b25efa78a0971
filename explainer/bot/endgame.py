"""The endgame: when few mine placements are left, play them out exactly.

Every placement of the remaining mines that fits the numbers is equally
likely.  When there are few of them, the bot can afford to look at all of
them and choose the guess that wins most often over the rest of the game:
opening a cell splits the placements by the number it would show, every cell
safe in all placements of a part is opened (showing its number, splitting
further), and the best guess is chosen again, until one placement is left
(the game is then won).  This is an exact search, memoised on the set of
placements, and bounded by ``MAX_PLACEMENTS``.  A guess is played out only
while it can still win as often as the best one found so far: once even
winning every part left would not reach it, the rest is skipped (the choice,
and every chance it gives, stay the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from explainer.engine import budget as _budget
from explainer.core.cells import iter_bits

__all__ = ["EndgamePlan", "MAX_PLACEMENTS", "placements", "best_endgame_guess", "win_after"]

#: the search runs only when at most this many placements fit the view
MAX_PLACEMENTS = 60

#: a guess is dropped once it cannot come within this of the best one (a tie is always played out)
_MARGIN = 1e-9


@dataclass(frozen=True)
class EndgamePlan:
    cell: int  # index of the cell to open
    win: float  # the chance to win the game from here by playing on exactly
    safe: float  # the chance that this cell is safe


def placements(unknown: int, constraints: Sequence[tuple[int, int]], mines_left: int, limit: int) -> list[int] | None:
    """Every mine placement (a mask within ``unknown``) with ``mines_left`` mines
    that fits each ``(cells, count)``; None when there are more than ``limit``."""
    cells = list(iter_bits(unknown))
    # constrained cells first, so that counts are checked early
    touched = 0
    for mask, _count in constraints:
        touched |= mask
    cells.sort(key=lambda index: (not touched >> index & 1, index))
    position = {index: i for i, index in enumerate(cells)}
    # for each constraint, the position of its last cell: it must be met exactly there
    rows = [(mask, count, max(position[i] for i in iter_bits(mask))) for mask, count in constraints if mask]
    after: list[list[tuple[int, int]]] = [[] for _ in cells]
    for mask, count, last in rows:
        after[last].append((mask, count))
    watch: list[list[tuple[int, int]]] = [[] for _ in cells]
    for mask, count, _last in rows:
        for i in iter_bits(mask):
            watch[position[i]].append((mask, count))
    found: list[int] = []
    n = len(cells)

    def fits(placed: int, upto: int) -> bool:
        for mask, count in watch[upto]:
            have = (placed & mask).bit_count()
            if have > count:
                return False
        for mask, count in after[upto]:
            if (placed & mask).bit_count() != count:
                return False
        return True

    def extend(i: int, placed: int, left: int) -> bool:
        if left < 0 or left > n - i:
            return True
        if i == n:
            found.append(placed)
            return len(found) <= limit
        bit = 1 << cells[i]
        if left and fits(placed | bit, i) and not extend(i + 1, placed | bit, left - 1):
            return False
        return not (fits(placed, i) and not extend(i + 1, placed, left))

    if not extend(0, 0, mines_left):
        return None
    return found


class _Search:
    """The exact search.  A set of placements is a bitmask over their positions
    in ``found``, so splitting a set by the number a cell shows is a handful of
    integer ANDs, whatever the number of placements."""

    def __init__(self, neighbours: Sequence[int], cells: int, found: Sequence[int]) -> None:
        self.neighbours = neighbours
        self.memo: dict[int, float] = {}
        self.budget = _budget.current()  # each search node is charged to the budget in force
        everything = (1 << len(found)) - 1
        #: (cell, the placements where it is a mine), reading order, for the cells ever safe
        self.cells: list[tuple[int, int]] = []
        #: cell -> the placements where it is safe, grouped by the number it shows
        self.shows: dict[int, list[int]] = {}
        for index in iter_bits(cells):
            bit = 1 << index
            around = neighbours[index]
            mines = 0
            shows: dict[int, int] = {}
            for position, placement in enumerate(found):
                if placement & bit:
                    mines |= 1 << position
                else:
                    number = (placement & around).bit_count()
                    shows[number] = shows.get(number, 0) | 1 << position
            if mines != everything:
                self.cells.append((index, mines))
                self.shows[index] = [shows[number] for number in sorted(shows)]

    def split(self, part: int, index: int) -> list[int]:
        """The placements of ``part`` where ``index`` is safe, grouped by the number it shows."""
        return [group for shows in self.shows[index] if (group := part & shows)]

    def classify(self, part: int) -> tuple[list[int], int, list[tuple[int, int]]]:
        """The cells safe in every placement of ``part``, the undecided cells (a
        mask), and (placements of ``part`` where it is a mine, cell) for each
        undecided cell, in reading order."""
        free: list[int] = []
        undecided = 0
        mixed: list[tuple[int, int]] = []
        for index, mines in self.cells:
            mined = part & mines
            if not mined:
                free.append(index)
            elif mined != part:
                undecided |= 1 << index
                mixed.append((mined, index))
        return free, undecided, mixed

    @staticmethod
    def ranked(mixed: list[tuple[int, int]], total: int) -> list[tuple[int, int]]:
        """(placements where it is safe, cell) for each undecided cell of ``classify``: safest first, then
        reading order."""
        order = sorted([(mined.bit_count() - total, index) for mined, index in mixed])
        return [(-negative, index) for negative, index in order]

    def win(self, part: int) -> float:
        """The chance to win from a set of equally likely placements, playing on exactly."""
        total = part.bit_count()
        if total == 1:
            return 1.0
        if self.budget is not None:
            self.budget.spend(total + 1)  # a search node: its placements are split
        cached = self.memo.get(part)
        if cached is not None:
            return cached
        free, undecided, mixed = self.classify(part)
        # a cell safe in every placement is opened for free: if its number tells something, use it
        neighbours = self.neighbours
        for index in free:
            if not neighbours[index] & undecided:
                continue  # it would show the same number in every placement
            groups = self.split(part, index)
            if len(groups) > 1:
                won = 0.0
                for group in groups:
                    won += group.bit_count() * self.win(group)
                self.memo[part] = result = won / total
                return result
        ranked = self.ranked(mixed, total)
        best = 0.0
        for safe, index in ranked:
            if safe <= best * total:
                break  # a guess never wins more often than it is safe
            value = self.value(part, index, safe, best)
            if value > best:
                best = value
                if safe == total or value >= 1.0:
                    break
        self.memo[part] = best
        return best

    def value(self, part: int, index: int, safe: int, beat: float) -> float:
        """The chance to win from ``part`` by opening ``index`` (safe in ``safe`` of its placements) and playing on
        exactly; once it can no longer reach ``beat`` (the best guess so far), a bound below ``beat``."""
        total = part.bit_count()
        floor = (beat - _MARGIN) * total
        won = 0.0
        left = safe  # placements of the parts not yet played out: at best all won
        for group in self.split(part, index):
            size = group.bit_count()
            left -= size
            won += size * self.win(group)
            if won + left < floor:
                return (won + left) / total
        return won / total


def best_endgame_guess(neighbours: Sequence[int], unknown: int, found: Sequence[int]) -> EndgamePlan:
    """The guess that wins most often, given every placement ``found`` (at least two)."""
    search = _Search(neighbours, unknown, found)
    total = len(found)
    everything = (1 << total) - 1
    best: EndgamePlan | None = None
    for safe, index in search.ranked(search.classify(everything)[2], total):
        if best is not None and safe / total < best.win - 1e-12:
            break  # a guess never wins more often than it is safe
        win = search.value(everything, index, safe, best.win if best is not None else 0.0)
        if best is None or win > best.win + 1e-12:
            best = EndgamePlan(index, win, safe / total)
    if best is None:
        raise ValueError("the placements leave no cell to guess")
    return best


def win_after(neighbours: Sequence[int], unknown: int, found: Sequence[int], index: int) -> float:
    """The chance to win by opening ``index`` (a cell of ``unknown``) and then playing on exactly, given
    every placement ``found``: 0 when it is a mine in all of them."""
    search = _Search(neighbours, unknown, found)
    if index not in search.shows:
        return 0.0 if all(placement >> index & 1 for placement in found) else 1.0
    total = len(found)
    groups = search.split((1 << total) - 1, index)
    return sum(group.bit_count() * search.win(group) for group in groups) / total
