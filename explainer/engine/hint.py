"""The hint a stuck player gets: the most useful thing to say about a view.

In order: an impossible board; a wrong flag (with the step that proves the
cell safe); the simplest deduction; or, when nothing is certain, the safest
cells with their exact probability — or, when the exact count was over
budget (``Solution.exact`` is False), that exact probabilities are
unavailable for this board (kind ``"unavailable"``).  Plain data: its words
are ``explainer.words.hints``.
"""

from __future__ import annotations

from dataclasses import dataclass
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction
from explainer.engine.solve import Solution, solve
from explainer.engine.why import why

__all__ = ["Hint", "make_hint", "wrong_flag_hint"]


@dataclass(frozen=True)
class Hint:
    kind: str  # "inconsistent" | "wrong_flag" | "deduction" | "guess" | "done" | "unavailable"
    solution: Solution
    deduction: Deduction | None = None
    cell: Cell | None = None  # the wrong flag, for kind "wrong_flag"
    probability: float | None = None  # for kind "guess"
    safest: CellSet | None = None  # for kind "guess"
    #: for kind "wrong_flag": the steps from the numbers on the board to ``deduction`` (its last)
    chain: tuple[Deduction, ...] = ()


def wrong_flag_hint(solution: Solution, cell: Cell) -> Hint:
    """Why the flag on ``cell`` (a wrong flag of ``solution``) is wrong: the chain that proves the cell safe."""
    _clean, chain = why(solution.board, solution.board.index(*cell))
    deduction = chain[-1] if chain else solution.deduction_for(*cell)
    return Hint("wrong_flag", solution, deduction, cell=cell, chain=chain)


def make_hint(board: Board | Solution) -> Hint:
    solution = board if isinstance(board, Solution) else solve(board, hint_only=True)
    if not solution.consistent:
        return Hint("inconsistent", solution)
    for cell in solution.wrong_flags:
        return wrong_flag_hint(solution, cell)
    if solution.deductions:
        return Hint("deduction", solution, solution.deductions[0])
    if not solution.exact:  # nothing certain that the cheap rules find, and no probabilities to rank guesses
        return Hint("unavailable", solution)
    probability, safest = solution.safest()
    if not safest:
        return Hint("done", solution)
    return Hint("guess", solution, probability=probability, safest=safest)
