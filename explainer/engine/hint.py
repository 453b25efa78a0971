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
from typing import Literal, get_args

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction
from explainer.engine.solve import Solution, simplest_step, solve
from explainer.engine.why import chain_to, every_flag, flags_used, shortest_chain, why

#: what a hint is: an impossible board, a wrong flag, a deduction, a guess, nothing left to open, or no exact
#: count within the budget (the web adds "first-click" before the first move)
HintKind = Literal["inconsistent", "wrong_flag", "deduction", "guess", "done", "unavailable"]
HINT_KINDS: tuple[HintKind, ...] = get_args(HintKind)

__all__ = ["HINT_KINDS", "Hint", "HintKind", "flag_hint", "make_hint", "wrong_flag_hint"]


@dataclass(frozen=True)
class Hint:
    kind: HintKind
    solution: Solution
    deduction: Deduction | None = None
    cell: Cell | None = None  # the wrong flag, for kind "wrong_flag"
    probability: float | None = None  # for kind "guess"
    safest: CellSet | None = None  # for kind "guess"
    #: for kind "wrong_flag": the steps from the numbers on the board (and the player's right flags) to
    #: ``deduction`` (its last)
    chain: tuple[Deduction, ...] = ()
    #: for kind "wrong_flag": the player's flags the chain starts from (right ones: the view proves them
    #: mines); the words name them ("your flag at B2") rather than prove them
    flags: CellSet | None = None
    #: ``flags`` are every flag on the board but the wrong one: the words count them rather than name them
    flags_every: bool = False


def wrong_flag_hint(solution: Solution, cell: Cell) -> Hint:
    """Why the flag on ``cell`` (a wrong flag of ``solution``) is wrong: the chain that proves the cell
    safe, from the numbers and the player's right flags (``solution``'s chain has its steps: a hint's
    solve goes on until every wrong flag is decided)."""
    board = solution.board
    index = board.index(*cell)
    chain = chain_to(solution.deductions, index)
    if not chain:
        solution, chain = why(board, index)
    chain = shortest_chain(solution, index, chain)  # (two numbers compared may do what a chain of steps does)
    return flag_hint(solution, cell, chain)


def flag_hint(solution: Solution, cell: Cell, chain: tuple[Deduction, ...]) -> Hint:
    """The wrong-flag hint on ``cell`` told by ``chain`` (its last step decides the cell; empty: the solution's
    own step), with the player's right flags it starts from."""
    board = solution.board
    deduction = chain[-1] if chain else solution.deduction_for(*cell)
    flags = flags_used(board, chain)
    every = every_flag(board, flags, 1 << board.index(*cell))
    return Hint("wrong_flag", solution, deduction, cell=cell, chain=chain, flags=flags, flags_every=every)


def make_hint(board: Board | Solution) -> Hint:
    solution = board if isinstance(board, Solution) else solve(board, hint_only=True)
    if not solution.consistent:
        return Hint("inconsistent", solution)
    for cell in solution.wrong_flags:
        return wrong_flag_hint(solution, cell)
    step = simplest_step(solution)
    if step is not None:
        return Hint("deduction", solution, step)
    if not solution.exact:  # nothing certain that the cheap rules find, and no probabilities to rank guesses
        return Hint("unavailable", solution)
    probability, safest = solution.safest()
    if not safest:
        return Hint("done", solution)
    return Hint("guess", solution, probability=probability, safest=safest)
