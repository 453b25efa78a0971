"""The rule pipeline: exact analysis first (what is certain, the probabilities),
then a chain of deductions, each the simplest step available after the ones
before it, until every certain cell is explained.

Under a budget (``explainer.engine.budget``) the exact analysis and its chain get
``EXACT_SHARE`` of the time left; when they go over (or run out of memory),
``solve`` falls back to the cheap tiers alone (the mine count, one number,
two numbers, to a fixpoint) and returns a ``Solution`` with ``exact=False``:
its safe cells, mines and deductions are sound but maybe not all there are,
and it has no probabilities.  If even the fallback cannot finish,
``BudgetExceeded`` propagates.  Without a budget nothing changes.

Flags are never evidence.  A flag on a provably mined cell is a known mine
from the start (deductions that use it list it under ``known_mines``); a flag
on a provably safe cell is a wrong flag.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from explainer.engine import budget as _budget
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.constraints import Constraint, Knowledge, build_constraints
from explainer.core.deduction import Deduction, Rule
from explainer.engine.count import Analysis, analyze
from explainer.errors import BudgetExceeded
from explainer.engine.propagate import propagate
from explainer.engine.rules import CHEAP_TIERS, TIERS, find_exhaustive
from explainer.engine.rules.exhaustive import find_shortest
from explainer.engine.frontier import SolveState

__all__ = [
    "Solution",
    "solve",
    "CheapDecision",
    "decide_cheaply",
    "first_deduction",
    "simplest_step",
    "start_state",
    "minimal_conflict",
    "EXACT_SHARE",
    "CHEAP_TIERS",
    "FIRST_TIERS",
]

#: under a budget, the share of the time left that the exact analysis may use (the rest is the fallback's)
EXACT_SHARE = 0.5

#: the tiers for a hint's step: the chain's, except that of the cells only the enumeration decides it
#: takes the one with the shortest argument, not the first in reading order
FIRST_TIERS = tuple(find_shortest if tier is find_exhaustive else tier for tier in TIERS)

@dataclass(frozen=True)
class Solution:
    board: Board
    consistent: bool
    safe: CellSet  # covered cells (flagged or not) safe in every placement
    mines: CellSet  # covered cells (flagged or not) that are mines in every placement
    wrong_flags: CellSet
    deductions: tuple[Deduction, ...]
    probabilities: dict[int, float] = field(repr=False, default_factory=dict)
    conflict: tuple[Cell, ...] = ()  # numbers that cannot all be satisfied (when inconsistent)
    conflict_uses_mine_count: bool = False  # the numbers fit, but not with the mine count
    complete: bool = True  # False: ``deductions`` is the chain's beginning only (``solve(hint_only=True)``, ``until``)
    hint_only: bool = False  # the chain's first step is already the hint's (``solve(hint_only=True)``)
    # False: the exact count was over budget; ``safe``, ``mines`` and ``deductions`` come from the cheap
    # tiers only (sound, maybe not everything), ``probabilities`` is empty, ``consistent`` means no
    # contradiction was found by them
    exact: bool = True

    def probability(self, row: int, col: int) -> float | None:
        return self.probabilities.get(row * self.board.width + col)

    def probability_grid(self) -> list[list[float | None]]:
        width = self.board.width
        get = self.probabilities.get
        return [list(map(get, range(start, start + width))) for start in range(0, self.board.size, width)]

    def deduction_for(self, row: int, col: int) -> Deduction | None:
        """The first step of the chain that decides this cell."""
        for deduction in self.deductions:
            if (row, col) in deduction.cells:
                return deduction
        return None

    def safest(self) -> tuple[float, CellSet]:
        """The lowest mine probability among covered, unflagged cells, and the cells that have it."""
        board = self.board
        candidates = board.covered_mask & ~board.flagged_mask
        if not candidates or not self.probabilities:
            return 1.0, CellSet(0, board.width)
        # (over the table's items, every covered cell once: faster than walking the candidates' bits)
        chances = [(p, index) for index, p in self.probabilities.items() if candidates >> index & 1]
        if not chances:
            return 1.0, CellSet(0, board.width)
        best = min(chances)[0]
        mask = 0
        for p, index in chances:
            if p - best < 1e-12:
                mask |= 1 << index
        return best, CellSet(mask, board.width)


# the last view read by ``_read``: a review asks about each view twice (``decide_cheaply``, then ``solve``
# when that cannot say); (board, constraints, their pairs, the one-number fixpoint)
_last_read: tuple[Board, list[Constraint], list[tuple[int, int]], tuple[int, int] | None] | None = None


def _read(board: Board) -> tuple[list[Constraint], list[tuple[int, int]], tuple[int, int] | None]:
    """The view's constraints with nothing proved (``build_constraints``), as (cells, count) pairs, and
    what one-number steps prove from them to a fixpoint (``propagate``: (mines, safe), None on a
    contradiction); kept for the last view asked about (the lists are shared: never changed)."""
    global _last_read
    last = _last_read
    if last is not None and last[0] is board:
        return last[1], last[2], last[3]
    constraints = build_constraints(board)
    pairs = [(c.cells, c.count) for c in constraints]
    forced = propagate(pairs)
    _last_read = (board, constraints, pairs, forced)
    return constraints, pairs, forced


def _analysis(board: Board) -> tuple[Analysis, list[Constraint]]:
    """Exact analysis of the view.  Cells that one-number steps decide are
    certain, so the count conditions on them and enumerates only the rest."""
    constraints, pairs, forced = _read(board)
    if forced is None:
        return Analysis(False, 0, board.covered_mask, []), constraints
    mines, safe = forced
    decided = mines | safe
    unknown = board.covered_mask & ~decided
    reduced = []
    for cells, count in pairs:
        free = cells & unknown  # the same as ``cells & ~decided``: a number's cells are covered
        if free:
            reduced.append((free, count - (cells & mines).bit_count()))
    mines_left = None if board.mines is None else board.mines - mines.bit_count()
    if mines_left is not None and mines_left < 0:
        return Analysis(False, 0, board.covered_mask, []), constraints
    analysis = analyze(reduced, unknown, mines_left)
    if not analysis.consistent:
        return analysis, constraints
    total = analysis.total
    groups = list(analysis.groups)
    if safe:
        groups.append((safe, safe.bit_count(), 0))
    if mines:
        groups.append((mines, mines.bit_count(), mines.bit_count() * total))
    return (
        Analysis(True, total, board.covered_mask, groups, analysis.safe | safe, analysis.mines | mines),
        constraints,
    )


def minimal_conflict(board: Board, constraints: list[Constraint], limit: int = 80) -> tuple[tuple[Cell, ...], bool]:
    """A minimal set of numbers with no placement that satisfies them all
    (together with the mine count, when that is what fails)."""
    mines = board.mines

    def consistent(subset: list[Constraint], with_count: bool) -> bool:
        return analyze([(c.cells, c.count) for c in subset], board.covered_mask, mines if with_count else None).consistent

    for c in constraints:
        if c.count < 0 or c.count > c.cells.bit_count():
            return (board.cell(c.source),), False
    with_count = consistent(constraints, False)  # numbers alone fit: the mine count is what fails
    found = list(constraints)
    if len(found) <= limit:
        for constraint in list(found):
            trial = [c for c in found if c is not constraint]
            if not consistent(trial, with_count):
                found = trial
    return tuple(board.cell(c.source) for c in sorted(found, key=lambda c: c.source)), with_count


def _chain(
    board: Board, analysis: Analysis, constraints: list[Constraint], hint_only: bool, until: int | None = None
) -> tuple[Deduction, ...]:
    """``constraints``: the view's, with nothing proved (``build_constraints(board)``); ``until``: stop
    once these cells (a mask) are decided (the chain so far is the whole chain's beginning)."""
    wrong_flags = board.flagged_mask & analysis.safe
    if not (analysis.safe | analysis.mines) & ~(board.flagged_mask & analysis.mines):
        return ()  # nothing certain but the right flags: no step to take
    state = start_state(board, analysis.safe, analysis.mines, constraints)
    deductions: list[Deduction] = []
    budget = _budget.current()  # the one in force for the whole chain: ``_budget.spend`` without the look-up
    apply = state.apply
    while state.targets:
        if budget is not None:
            budget.spend(64)
        if until is not None and (not until or deductions) and not state.targets & until:
            break  # (a chain for some cells still has its first step: the simplest there is)
        if hint_only and deductions and not state.targets & wrong_flags:
            break  # the first step, and the steps that explain every wrong flag
        for tier in FIRST_TIERS if hint_only and not deductions else TIERS:
            deduction = tier(state)
            if deduction is not None:
                break
        else:
            break  # cannot happen for a consistent board: enumeration proves every certain cell
        deductions.append(deduction)
        apply(deduction.mines.mask, deduction.safe.mask)
    return tuple(deductions)


@dataclass(frozen=True)
class CheapDecision:
    """What ``solve(board, until=cells)``'s chain decides of ``cells`` (masks), and the rule of its step
    that decides the lowest of them, when the cheap tiers decide them all (``decide_cheaply``)."""

    safe: int
    mines: int
    rule: Rule


def decide_cheaply(board: Board, until: int) -> CheapDecision | None:
    """How the chain of ``solve(board, until=until)`` decides the cells of ``until`` (a mask, not empty),
    found without the exact count, when its cheap tiers (the mine count, one number, two numbers) decide
    every one of them before the chain would need the enumeration; None when they do not, or cannot be
    known to.  A review judges most moves of a game this way, at a fraction of the cost.

    Why it is the chain's answer: the cheap tiers do not read the chain's targets (only the enumeration
    does), so from the same start they take the same steps.  The chain starts from the view's correct
    flags; without the count they are known when the one-number steps to a fixpoint (``propagate``)
    decide every flagged cell.  The chain's one-number steps then decide exactly those cells before any
    other tier but the mine count runs; when the mine count cannot step in on the way (``_quiet``), they
    are taken at once, without building each step."""
    constraints, pairs, forced = _read(board)
    frontier = 0
    for cells, _count in pairs:
        frontier |= cells
    if until & ~frontier:
        return None  # a cell next to no number: only the mine count or the enumeration may decide it
    if forced is None:
        return None
    mines, safe = forced
    if board.flagged_mask & ~(mines | safe):
        return None
    first = until & -until
    if first & board.flagged_mask & mines:
        return None  # a correct flag: known from the start, no step decides it
    # the chain's first one-number steps decide the fixpoint from the correct flags, that is these
    # cells: at once, when the mine count cannot step in on the way
    flags = board.flagged_mask & mines
    quiet = _quiet(board.mines, flags.bit_count(), board.covered_mask.bit_count(), mines & ~flags, safe)
    if quiet and not until & ~(mines | safe):
        return CheapDecision(until & safe, until & mines, Rule.SIMPLE)
    if not quiet:  # (near the end of a game) the chain's steps one at a time, as it takes them
        found = _one_number_chain(board, constraints, flags, until)
        if found is not None:
            return found
    state = start_state(board, board.covered_mask, mines, constraints)
    rule: Rule | None = None
    if quiet:
        if first & (mines | safe):
            rule = Rule.SIMPLE
        state.apply(mines & ~flags, safe)
    apply = state.apply
    while until & ~state.knowledge.known:
        deduction = _cheap_step(state)
        if deduction is None:
            return None  # the chain would need the enumeration (or ``until`` holds a cell nothing proves)
        if rule is None and first & (deduction.safe.mask | deduction.mines.mask):
            rule = deduction.rule
        apply(deduction.mines.mask, deduction.safe.mask)
        if deduction.rule is Rule.PAIR:
            # the one-number steps that follow, until none is left: at once
            phase = _one_number_phase(state)
            if phase is None:
                return None
            if rule is None and first & phase:
                rule = Rule.SIMPLE
    assert rule is not None
    known = state.knowledge
    return CheapDecision(until & known.safe, until & known.mines, rule)


def _cheap_step(state: SolveState) -> Deduction | None:
    """The next step of the cheap tiers (the mine count, one number, two numbers), or None."""
    _budget.spend(64)
    for tier in CHEAP_TIERS:
        deduction = tier(state)
        if deduction is not None:
            return deduction
    return None


def _one_number_chain(board: Board, constraints: list[Constraint], flags: int, until: int) -> CheapDecision | None:
    """The chain from the correct flags ``flags`` as long as the mine count and one number take its
    steps: one at a time, in its order (the mine count first, then the first number in reading order
    that decides its cells), on masks, until the cells of ``until`` are decided; None when another rule
    is needed first.  (``SolveState.apply`` and ``find_simple`` on masks, without building the steps.)"""
    cells: dict[int, int] = {}
    need: dict[int, int] = {}
    alone: list[int] = []
    for constraint in constraints:
        own = constraint.cells & ~flags
        if own:
            count = constraint.count - (constraint.cells & flags).bit_count()
            cells[constraint.source] = own
            need[constraint.source] = count
            if count == 0 or count == own.bit_count():
                alone.append(constraint.source)
    heapq.heapify(alone)
    neighbours = board.neighbours
    total = board.mines
    unknown = board.covered_mask & ~flags
    known_mines = flags.bit_count()
    first = until & -until
    rule: Rule | None = None
    safe = mines = 0
    while until & unknown:
        if total is not None:
            left = total - known_mines
            if left == 0 or left == unknown.bit_count():  # the mine count decides every cell left
                if rule is None and first & unknown:
                    rule = Rule.GLOBAL
                if left == 0:
                    safe |= unknown
                else:
                    mines |= unknown
                break
        while alone:
            source = alone[0]
            own, count = cells[source], need[source]
            if own and (count == 0 or count == own.bit_count()):
                break
            heapq.heappop(alone)
        else:
            return None  # no number decides its cells alone: the chain needs two numbers
        if count:
            mines |= own
            known_mines += own.bit_count()
        else:
            safe |= own
        if rule is None and first & own:
            rule = Rule.SIMPLE
        unknown &= ~own
        touched = 0
        for cell in iter_bits(own):
            touched |= neighbours[cell]
        for other in iter_bits(touched):
            theirs = cells.get(other, 0)
            if theirs & own:
                if count:
                    need[other] -= (theirs & own).bit_count()
                theirs &= ~own
                cells[other] = theirs
                if theirs and (need[other] == 0 or need[other] == theirs.bit_count()):
                    heapq.heappush(alone, other)
    if rule is None:
        return None
    return CheapDecision(until & safe, until & mines, rule)


def _one_number_phase(state: SolveState) -> int | None:
    """The cells the chain's one-number steps decide from the state until none is left (the one-number
    fixpoint from what it knows), applied to it in rounds; None on a contradiction, or when the mine
    count could have decided something on the way (``_quiet``: checked at the end, which is enough)."""
    decided = 0
    while True:
        mines, safe = state.take_alone()
        if not mines | safe:
            break
        if mines & safe:
            return None
        state.apply(mines, safe)
        decided |= mines | safe
    known_mines = state.knowledge.mines.bit_count()
    if not _quiet(state.board.mines, known_mines, state.unknown.bit_count() + known_mines, 0, 0):
        return None
    return decided


def _quiet(total: int | None, known_mines: int, uncounted: int, mines: int, safe: int) -> bool:
    """Whether the mine count (``total`` mines, ``known_mines`` of them known) cannot decide anything
    while the chain's one-number steps decide ``mines`` and ``safe`` (masks of cells not known yet), one
    after the other; ``uncounted``: the covered cells but the known safe ones.

    It decides everything when no mine is left, or as many as the covered cells left; along the steps the
    mines left only fall and the covered cells left fall at least as fast, so checking the end is enough:
    mines are left then, and fewer than the covered cells left."""
    if total is None:
        return True
    left = total - known_mines - mines.bit_count()
    return 0 < left < uncounted - known_mines - mines.bit_count() - safe.bit_count()


def start_state(board: Board, safe: int, mines: int, constraints: list[Constraint] | None = None) -> SolveState:
    """The state a chain starts from: the view's correct flags (flags on certain mines) known, every
    other certain cell (``safe``, ``mines``: masks) a target.  ``constraints``: the view's, with nothing
    proved, when the caller has them."""
    correct_flags = board.flagged_mask & mines
    targets = (safe | mines) & ~correct_flags
    if correct_flags and constraints is not None:
        constraints = known_flags(constraints, correct_flags)
    # with no correct flag nothing is known yet, so the view's constraints are the state's
    return SolveState(board, Knowledge(mines=correct_flags), targets, constraints)


def known_flags(constraints: list[Constraint], flags: int) -> list[Constraint]:
    """The view's constraints (``build_constraints(board)``) with the mines ``flags`` known: what
    ``build_constraints(board, Knowledge(mines=flags))`` gives, from the constraints already built (a number
    with no unknown neighbour left is kept only when it is violated)."""
    found: list[Constraint] = []
    append = found.append
    for constraint in constraints:
        known = constraint.cells & flags
        if not known:
            append(constraint)
            continue
        cells = constraint.cells & ~known
        count = constraint.count - known.bit_count()
        if cells or count:
            append(Constraint(cells, count, constraint.source, known))
    return found


def simplest_step(solution: Solution) -> Deduction | None:
    """The step a hint explains: the first of the chain, except that when only the enumeration decides
    anything, the cell with the shortest argument (``solve(..., hint_only=True)`` chose it already)."""
    if not solution.deductions:
        return None
    first = solution.deductions[0]
    if solution.hint_only or first.rule is not Rule.ENUMERATION:
        return first
    board = solution.board
    state = start_state(board, solution.safe.mask, solution.mines.mask)
    return find_shortest(state) or first


def solve(board: Board, hint_only: bool = False, until: int | None = None) -> Solution:
    """Everything the engine knows about a player view.

    With ``hint_only`` the chain of deductions stops after the first step
    (and the steps that decide any wrong flag): what a hint needs, in less
    time.  Certain cells and probabilities are complete either way.  That
    first step is the hint's (``simplest_step``): when only the enumeration
    decides anything, of its cells the one with the shortest argument.
    With ``until`` (a mask of cells) the chain stops as soon as every one of
    those cells it can decide is decided, after its first step at least: the
    steps it holds are the whole chain's first ones (a review asks only for the
    step that decides each move's cell, or the simplest step there was);
    ``until=0`` builds no chain.

    Under a budget (``with explainer.engine.budget.limit(...)``) an exact analysis
    that goes over gives way to the cheap fallback (``exact=False``); see the
    module's docstring.
    """
    if _budget.current() is None:
        return _solve_exact(board, hint_only, until)
    try:
        with _budget.attempt(EXACT_SHARE):
            return _solve_exact(board, hint_only, until)
    except (BudgetExceeded, MemoryError, SystemError):
        # (CPython may report exhausted memory as a SystemError, "error return without exception set")
        pass  # the tables are freed on leaving this handler
    return _solve_cheap(board)


def _solve_cheap(board: Board) -> Solution:
    """The fallback: what the mine count, one number and two numbers prove, to a fixpoint."""
    width = board.width
    empty = CellSet(0, width)
    constraints = build_constraints(board)
    state = SolveState(board, Knowledge(), board.covered_mask, constraints)
    flagged = board.flagged_mask
    deductions: list[Deduction] = []
    while True:
        deduction = _cheap_step(state)
        if deduction is None:
            break
        state.apply(deduction.mines.mask, deduction.safe.mask)
        if deduction.safe.mask or deduction.mines.mask & ~flagged:
            deductions.append(deduction)  # (a step that only confirms flags is not news to the player)
    # the rules never step over a contradiction, so one shows as a number that cannot be satisfied
    mines_left = state.mines_left
    if (mines_left is not None and not 0 <= mines_left <= state.unknown.bit_count()) or any(
        c.count < 0 or c.count > c.cells.bit_count() for c in state.constraints.values()
    ):
        conflict, uses_count = minimal_conflict(board, constraints)  # may go over budget: then it propagates
        return Solution(board, False, empty, empty, empty, (), {}, conflict, uses_count, exact=False)
    safe = state.knowledge.safe & board.covered_mask
    return Solution(
        board=board,
        consistent=True,
        safe=CellSet(safe, width),
        mines=CellSet(state.knowledge.mines, width),
        wrong_flags=CellSet(flagged & safe, width),
        deductions=tuple(deductions),
        probabilities={},
        exact=False,
    )


def _solve_exact(board: Board, hint_only: bool, until: int | None = None) -> Solution:
    analysis, constraints = _analysis(board)
    width = board.width
    if not analysis.consistent:
        empty = CellSet(0, width)
        conflict, uses_count = minimal_conflict(board, constraints)
        return Solution(board, False, empty, empty, empty, (), {}, conflict, uses_count)
    deductions = _chain(board, analysis, constraints, hint_only, until)
    return Solution(
        board=board,
        consistent=True,
        safe=CellSet(analysis.safe, width),
        mines=CellSet(analysis.mines, width),
        wrong_flags=CellSet(board.flagged_mask & analysis.safe, width),
        deductions=deductions,
        probabilities=analysis.probabilities(),
        complete=not hint_only and until is None,
        hint_only=hint_only,
    )


def first_deduction(board: Board) -> Deduction | None:
    """The simplest step available now (the hint), or None."""
    return simplest_step(solve(board, hint_only=True))
