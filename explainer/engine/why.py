"""Why a cell is what it is: the chain of steps, from what a player can see, that decides it.

A loss report ("you could have known D2 was a mine") and a wrong flag's reason must start from what
is on the board, not from facts proved somewhere else.  What is on the board includes the player's
flags where they are right: a flag on a cell the view proves a mine is a fact the chain starts from
(``solve`` takes it as a known mine, and no step proves it again or tells the player to flag it); a
flag on any other cell is the player's claim, never evidence.  Of the solve's chain only the steps the
decisive one rests on are kept: the step that decides the cell, every earlier step that proves a fact
it lists in ``known_mines``/``known_safe``, and theirs in turn, in chain order.  ``flags_used`` says
which of the player's flags a chain starts from, so that the words can say "your flag at B2" where a
step rests on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import Deduction, Rule, StepKind
from explainer.engine.frontier import SolveState
from explainer.engine.rules.exhaustive import deduce, find_shortest, proof_size
from explainer.engine.rules.pair import pair_for
from explainer.engine.solve import Solution, solve, start_state
from explainer.errors import BudgetExceeded

__all__ = ["argument_size", "chain_to", "every_flag", "flags_used", "safe_chain", "shortest_chain", "why"]


def _proved_by(deductions: Sequence[Deduction]) -> dict[int, int]:
    """Cell index -> the position of the first step that decides it."""
    proved_by: dict[int, int] = {}
    for position, deduction in enumerate(deductions):
        for cell in iter_bits(deduction.safe.mask | deduction.mines.mask):
            proved_by.setdefault(cell, position)
    return proved_by


def _rests_on(deduction: Deduction) -> int:
    """The facts a step needs: all it lists, except the safe cells a number that has all its mines lists
    beside its own (they are safe by the same number: ``_fold_aside`` decides them with it)."""
    if deduction.message == StepKind.SIMPLE_ALL_SAFE:
        return deduction.known_mines.mask
    return deduction.known_mines.mask | deduction.known_safe.mask


def _fold_aside(deduction: Deduction, proved: int) -> Deduction:
    """A number with all its mines, in a chain where the safe cells it set aside are not proved before it:
    it decides them too (the same sentence, "its other covered neighbours are safe", names them all)."""
    if deduction.message != StepKind.SIMPLE_ALL_SAFE or not deduction.known_safe.mask & ~proved:
        return deduction
    width = deduction.safe.width
    known = CellSet(deduction.known_safe.mask & proved, width)
    safe = CellSet(deduction.safe.mask | deduction.known_safe.mask & ~proved, width)
    params = {**deduction.params, "count": len(safe), "aside": known}
    step = replace(deduction.proof[0], params=params, safe=safe)
    return replace(deduction, safe=safe, known_safe=known, params=params, proof=(step,))


def _needed(deductions: Sequence[Deduction], proved_by: dict[int, int], indices: Sequence[int]) -> tuple[Deduction, ...]:
    needed = {proved_by[index] for index in indices if index in proved_by}
    stack = list(needed)
    while stack:
        deduction = deductions[stack.pop()]
        for cell in iter_bits(_rests_on(deduction)):
            earlier = proved_by.get(cell)
            if earlier is not None and earlier not in needed:
                needed.add(earlier)
                stack.append(earlier)
    chain = []
    proved = 0
    for position in sorted(needed):
        deduction = _fold_aside(deductions[position], proved)
        proved |= deduction.safe.mask | deduction.mines.mask
        chain.append(deduction)
    return tuple(chain)


def chain_to(deductions: Sequence[Deduction], *indices: int) -> tuple[Deduction, ...]:
    """The steps of ``deductions`` that decide the cells ``indices`` and every step they rest on, in
    chain order (so the step deciding the one cell asked for comes last); () if no step decides any."""
    return _needed(deductions, _proved_by(deductions), indices)


def why(view: Board, index: int) -> tuple[Solution, tuple[Deduction, ...]]:
    """The solve of ``view`` (its right flags are facts, its wrong ones nothing) and the chain in it
    that decides cell ``index``."""
    solution = solve(view)
    return solution, chain_to(solution.deductions, index)


def shortest_chain(solution: Solution, index: int, chain: Sequence[Deduction] | None = None) -> tuple[Deduction, ...]:
    """The shortest argument from the view (its right flags included) for the one cell ``index`` the player asks
    about (a loss, a wrong flag, a missed step): the chain of ``solution`` that decides it, or a single step from
    the view that decides it directly — two numbers compared, or the enumeration over a minimal set of numbers —
    whichever has the fewest proof steps, then the fewest numbers, then the fewest steps.  A teacher compares two
    numbers where the chain walks five one-number steps to get there."""
    found = tuple(chain_to(solution.deductions, index) if chain is None else chain)
    if not found or (len(found) == 1 and proof_size(found[0])[0] <= 1):
        return found  # (one step of one sentence: nothing is shorter)
    state = start_state(solution.board, solution.safe.mask, solution.mines.mask)
    if not state.targets >> index & 1:
        return found
    best, best_size = found, argument_size(found)
    for candidate in (pair_for(state, index), _direct(state, index)):
        if candidate is not None and (candidate.safe.mask | candidate.mines.mask) >> index & 1:
            size = argument_size((candidate,))
            if size < best_size:
                best, best_size = (candidate,), size
    return best


def _direct(state: SolveState, index: int) -> Deduction | None:
    """The enumeration step deciding ``index`` straight from the view, or None (over the budget in force too)."""
    try:
        return deduce(state, index)
    except BudgetExceeded:
        return None


def flags_used(view: Board, chain: Sequence[Deduction]) -> CellSet:
    """The player's flags that the steps of ``chain`` take as known mines without proving them: the
    right flags the chain starts from."""
    proved = used = 0
    for deduction in chain:
        used |= _mines_read(view, deduction) & ~proved
        proved |= deduction.mines.mask
    return CellSet(used & view.flagged_mask, view.width)


def every_flag(view: Board, flags: CellSet, aside: int = 0) -> bool:
    """Are ``flags`` every flag of ``view`` but those in ``aside`` (a mask: the wrong ones the text is about)?"""
    return bool(flags) and flags.mask == view.flagged_mask & ~aside


def _mines_read(view: Board, deduction: Deduction) -> int:
    """The known mines ``deduction``'s proof reads: those next to the numbers its steps cite (all of them for a
    step that uses the mine count).  An enumeration lists every mine known in ``known_mines``; its proof may
    read a few."""
    known = deduction.known_mines.mask
    if deduction.uses_mine_count:
        return known
    around = 0
    for step in deduction.proof:
        for clue in step.clues:
            around |= view.neighbours[view.index(*clue)]
    return known & around


def argument_size(chain: Sequence[Deduction]) -> tuple[int, int, int]:
    """How long a chain's argument is: its proof steps in all, then the numbers it cites, then its steps."""
    clues: set[Cell] = set()
    steps = 0
    for deduction in chain:
        steps += proof_size(deduction)[0]
        clues.update(deduction.clues)
    return steps, len(clues), len(chain)


def safe_chain(solution: Solution) -> tuple[Deduction, ...]:
    """The shortest argument from the view (its right flags included) to a covered, unflagged cell it
    proves safe: of the chains to each such cell, the one with the fewest proof steps, then the fewest
    numbers, then the first cell in reading order; () when there is none.

    A chain of one enumeration step is weighed against the shortest such step for any of those cells
    (``find_shortest``), so that, as for a hint, the argument is the shortest there is, not the one for the
    first cell in reading order."""
    board = solution.board
    wanted = solution.safe.mask & board.covered_mask & ~board.flagged_mask
    deductions = solution.deductions
    if not wanted or not deductions:
        return ()
    proved_by = _proved_by(deductions)
    best: tuple[Deduction, ...] = ()
    best_size: tuple[int, int, int] | None = None
    for index in iter_bits(wanted):
        if index not in proved_by:
            continue
        chain = _needed(deductions, proved_by, (index,))
        size = argument_size(chain)
        if best_size is None or size < best_size:
            best, best_size = chain, size
    if len(best) == 1 and best[0].rule is Rule.ENUMERATION and solution.complete and solution.exact:
        shorter = find_shortest(start_state(board, solution.safe.mask, solution.mines.mask), wanted)
        if shorter is not None and shorter.safe.mask & wanted and proof_size(shorter) < proof_size(best[0]):
            best = (shorter,)
    return best
