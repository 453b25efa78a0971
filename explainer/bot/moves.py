"""The bot: plays whole games through the player's interface only.

Every certain cell first; when nothing is certain, the guess chosen by
``explainer.bot.guess``.  Two ways to use it:

* ``play_game(table)`` plays a whole game on a ``PlayerTable``, fast: it keeps
  what it knows up to date from the numbers each move reveals;
* ``next_move(view)`` gives one move for a player view, with its reason: the
  deduction that proves the cell (simplest first, as the hints explain it) or
  the guess and why.  The web's "watch the bot" steps a game with it.

Both decide from the view alone (numbers, covered cells, the mine total;
flags are not evidence), so they make the same guesses on the same game.
"""

from __future__ import annotations

from collections.abc import Callable

from dataclasses import dataclass, replace
from enum import StrEnum

from explainer.core.board import FLAGGED, Board
from explainer.core.cells import Cell, iter_bits
from explainer.core.deduction import Deduction
from explainer.bot.certainty import Inconsistent, PlayerKnowledge
from explainer.bot.endgame import best_endgame_guess, placements, win_after
from explainer.bot.guess import DEFAULT_POLICY, ENDGAME_SHARE, Guess, GuessPolicy, GuessReason, choose_guess, first_guess
from explainer.play.losses import LossReport
from explainer.engine import budget
from explainer.engine.count import reuse
from explainer.engine.solve import solve
from explainer.bot.interface import FirstClick, PlayerTable
from explainer.errors import BotError, BudgetExceeded

__all__ = [
    "BotError", "GameResult", "Move", "MoveKind", "WinChances", "next_move", "play_game", "policy_guess", "advised_guess", "advised_loss",
    "play_on", "win_chances",
]


class MoveKind(StrEnum):
    OPEN = "open"
    FLAG = "flag"
    UNFLAG = "unflag"  # a wrong flag, or a flag on the cell the bot chose to open


@dataclass(frozen=True)
class Move:
    kind: MoveKind
    cell: Cell
    deduction: Deduction | None = None  # why the cell is certain
    guess: Guess | None = None  # why this guess, when nothing is certain

    @property
    def certain(self) -> bool:
        return self.guess is None


@dataclass(frozen=True)
class GameResult:
    won: bool
    guesses: int  # guesses made, the first click included
    opens: int  # cells the bot opened (flood-filled cells not counted)
    guess_log: tuple[Guess, ...] = ()  # every guess, when asked for


#: a second opinion on the policy's guess, given the view (the strongest setting: ``explainer.bot.rollouts``)
Settle = Callable[[Board, Guess], Guess]


def play_game(
    table: PlayerTable,
    policy: GuessPolicy = DEFAULT_POLICY,
    keep_log: bool = False,
    before_guess: Callable[[PlayerTable, PlayerKnowledge], None] | None = None,
    settle: Settle | None = None,
) -> GameResult:
    """Play a game from its first click to its end; ``before_guess`` (tests, studies of the guesses) sees
    the table and what is known each time nothing certain is left, before the bot guesses; ``settle`` may
    change each guess after the policy made it."""
    if table.state != "ready":
        raise BotError(f"play_game plays a new game from its first click; this one is {table.state!r}")
    with reuse():  # the lookahead counts the same parts of the frontier again and again: each is counted once
        knowledge = PlayerKnowledge(table.height, table.width, table.mines)
        first = first_guess(table.height, table.width, policy, table.first_click)
        return play_on(table, knowledge, first, policy, keep_log, before_guess, settle)


def play_on(
    table: PlayerTable,
    knowledge: PlayerKnowledge,
    guess: Guess,
    policy: GuessPolicy = DEFAULT_POLICY,
    keep_log: bool = False,
    before_guess: Callable[[PlayerTable, PlayerKnowledge], None] | None = None,
    settle: Settle | None = None,
) -> GameResult:
    """Play ``table`` from where it stands (``knowledge``: what its view shows) to its end, opening ``guess`` first:
    a whole game from its first click, or a game in play from a guess (``explainer.bot.rollouts``)."""
    width = table.width
    log: list[Guess] = []
    opens = 0

    def open_cell(index: int) -> None:
        nonlocal opens
        opens += 1
        for cell, number in table.open(*divmod(index, width)).items():
            knowledge.reveal(cell, number)

    while True:
        log.append(guess)
        open_cell(guess.cell.row * width + guess.cell.col)
        while table.state == "playing":
            if knowledge.safe:
                for index in iter_bits(knowledge.safe):
                    if knowledge.safe >> index & 1 and table.state == "playing":
                        open_cell(index)
            elif not knowledge.propagate():
                analysis = knowledge.analyze()
                if not knowledge.safe:
                    break
        if table.state != "playing":
            break
        if before_guess is not None:
            before_guess(table, knowledge)
        guess = choose_guess(knowledge, analysis, policy)
        if settle is not None:
            guess = settle(table.view(), guess)
    return GameResult(table.state == "won", len(log), opens, tuple(log) if keep_log else ())


def next_move(
    view: Board, policy: GuessPolicy = DEFAULT_POLICY, rule: FirstClick = FirstClick.OPENING, settle: Settle | None = None
) -> Move:
    """One move for a player view: an unflag of a wrong flag, else the simplest
    certain step (open its first safe cell, or flag its first mine), else a guess
    (``settle``: a second opinion on the policy's, as in ``play_game``).
    ``rule`` is the game's first-click rule (it decides where the first click goes)."""
    if view.mines is None:
        raise BotError("the bot needs the mine count: add a 'mines N' line to the view")
    if not view.covered_mask & ~view.flagged_mask and not view.flagged_mask:
        raise BotError("nothing is left to open")
    if not any(state >= 0 for state in view.cells):
        guess = first_guess(view.height, view.width, policy, rule)
        return _open(view, guess.cell, guess=guess)
    solution = solve(view, hint_only=True)
    if not solution.consistent:
        raise BotError("this view is impossible: no placement of mines fits its numbers and the mine count")
    for cell in solution.wrong_flags:
        return Move(MoveKind.UNFLAG, cell, deduction=solution.deduction_for(*cell))
    for deduction in solution.deductions:
        for cell in deduction.safe:
            return Move(MoveKind.OPEN, cell, deduction=deduction)
        for cell in deduction.mines:
            if view.state(*cell) != FLAGGED:
                return Move(MoveKind.FLAG, cell, deduction=deduction)
    guess = policy_guess(view, policy)
    if settle is not None:
        guess = settle(view, guess)
    return _open(view, guess.cell, guess=guess)


def policy_guess(view: Board, policy: GuessPolicy = DEFAULT_POLICY) -> Guess:
    """The guess the policy picks on a view where no cell is certain (the hint,
    "watch the bot" and the review ask the same function).  Flags are ignored."""
    if view.mines is None:
        raise BotError("the bot needs the mine count: add a 'mines N' line to the view")
    knowledge = PlayerKnowledge.from_board(view)
    try:
        knowledge.propagate()
        analysis = knowledge.analyze()
    except Inconsistent as error:
        raise BotError(f"this view is impossible: {error}") from None
    if not knowledge.unknown:
        raise BotError("nothing is left to open: every covered cell is a mine")
    return choose_guess(knowledge, analysis, policy, exact=True)


def advised_guess(view: Board, policy: GuessPolicy = DEFAULT_POLICY) -> Guess | None:
    """The policy's guess for a hint on ``view``, or None when the view has no
    mine count or no guess to make."""
    if view.mines is None:
        return None
    try:
        return policy_guess(view, policy)
    except BotError:
        return None


def advised_loss(report: LossReport, view: Board, policy: GuessPolicy = DEFAULT_POLICY) -> LossReport:
    """``report`` marked ``advised`` when its losing cell was the policy's guess on ``view`` (the view before the
    click; a true 50/50's other cell is as good a guess): the words then say it was the advised guess and what it
    cost, not that a safer cell existed."""
    if report.kind != "guess" or report.safe or not report.safest or report.chord is not None:
        return report  # (only "a safer cell existed" would contradict the advice)
    try:
        guess = advised_guess(view, policy)
    except BudgetExceeded:
        return report
    if guess is None:
        return report
    pair = guess.reason is GuessReason.FIFTY_FIFTY and any(cell == report.cell for cell, _ in guess.alternatives[:1])
    return replace(report, advised=True) if guess.cell == report.cell or pair else report


@dataclass(frozen=True)
class WinChances:
    """The chance to win a game from a view with best play, and after a given guess (then best play)."""

    best: float
    played: float
    placements: int  # the mine placements that fit the view (all played out)


def win_chances(view: Board, cell: Cell, policy: GuessPolicy = DEFAULT_POLICY, best: float | None = None) -> WinChances | None:
    """When the exact endgame search runs on ``view`` (at most ``policy.endgame_limit`` mine placements fit
    it, and at least two), the chance to win with best play from it and after opening ``cell`` (a covered
    cell) then playing on exactly; None otherwise, or when the search would go over the budget in force.
    ``best``: the chance with best play when the caller has it already (the ``win`` of the policy's endgame
    guess on the same view), so that the search is not made twice."""
    if view.mines is None or not policy.endgame_limit:
        return None
    knowledge = PlayerKnowledge.from_board(view)
    try:
        knowledge.propagate()
        analysis = knowledge.analyze()
    except Inconsistent:
        return None
    index = cell.row * view.width + cell.col
    if analysis.total > policy.endgame_limit or not knowledge.unknown:
        return None
    try:
        with budget.attempt(ENDGAME_SHARE):
            found = placements(knowledge.unknown, knowledge.constraints(), knowledge.mines_left, policy.endgame_limit)
            if found is None or len(found) < 2:
                return None
            if best is None:
                best = best_endgame_guess(knowledge.neighbours, knowledge.unknown, found).win
            if knowledge.unknown >> index & 1:
                played = win_after(knowledge.neighbours, knowledge.unknown, found, index)
            else:  # a cell one number decides: a mine (a safe one is not a guess)
                played = 1.0 if knowledge.safe >> index & 1 else 0.0
    except BudgetExceeded:
        return None
    return WinChances(best, min(played, best), len(found))


def _open(view: Board, cell: Cell, guess: Guess) -> Move:
    kind = MoveKind.UNFLAG if view.state(*cell) == FLAGGED else MoveKind.OPEN
    return Move(kind, cell, guess=guess)
