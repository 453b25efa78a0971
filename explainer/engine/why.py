"""Why a cell is what it is: the chain of steps, from the numbers a player can see, that decides it.

A loss report ("you could have known D2 was a mine") and a wrong flag's reason must start from what
is on the board, not from facts proved somewhere else.  So the view is solved with its flags taken
off (a flag is the player's claim, never evidence), and of that solve's chain only the steps the
decisive one rests on are kept: the step that decides the cell, every earlier step that proves a
fact it lists in ``known_mines``/``known_safe``, and theirs in turn, in chain order.
"""

from __future__ import annotations

from collections.abc import Sequence

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.core.deduction import Deduction
from explainer.engine.solve import Solution, solve

__all__ = ["chain_to", "why"]


def chain_to(deductions: Sequence[Deduction], *indices: int) -> tuple[Deduction, ...]:
    """The steps of ``deductions`` that decide the cells ``indices`` and every step they rest on, in
    chain order (so the step deciding the one cell asked for comes last); () if no step decides any."""
    proved_by: dict[int, int] = {}
    for position, deduction in enumerate(deductions):
        for cell in iter_bits(deduction.safe.mask | deduction.mines.mask):
            proved_by.setdefault(cell, position)
    needed = {proved_by[index] for index in indices if index in proved_by}
    stack = list(needed)
    while stack:
        deduction = deductions[stack.pop()]
        for cell in iter_bits(deduction.known_mines.mask | deduction.known_safe.mask):
            earlier = proved_by.get(cell)
            if earlier is not None and earlier not in needed:
                needed.add(earlier)
                stack.append(earlier)
    return tuple(deductions[position] for position in sorted(needed))


def why(view: Board, index: int) -> tuple[Solution, tuple[Deduction, ...]]:
    """The solve of ``view`` without its flags, and the chain in it that decides cell ``index``."""
    solution = solve(view.without_flags())
    return solution, chain_to(solution.deductions, index)
