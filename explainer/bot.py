"""The bot: plays whole games through the player's interface only.

Every certain cell first; when nothing is certain, the guess chosen by
``explainer.guess``.  Two ways to use it:

* ``play_game(table)`` plays a whole game on a ``PlayerTable`` fast: it keeps
  what it knows up to date from the numbers each move reveals;
* ``next_move(view)`` gives one move for a player view (the web's "watch the
  bot" steps a game with it), with the reason: the deduction that proves a
  certain cell, or the guess and why.

Both decide from the view alone (numbers, covered cells, the mine total;
flags are not evidence), so they make the same guesses on the same game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .board import Board
from .cells import Cell, iter_bits
from .deduction import Deduction
from .fast_solver import Inconsistent, PlayerKnowledge
from .guess import Guess, GuessReason, choose_guess, first_click_cell
from .pipeline import solve
from .table import PlayerTable

__all__ = ["GameResult", "Move", "MoveKind", "BotError", "next_move", "play_game"]


class BotError(ValueError):
    """The bot cannot move on this view (it is impossible, or the game is over)."""


class MoveKind(StrEnum):
    OPEN = "open"
    FLAG = "flag"
    UNFLAG = "unflag"


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
    guesses: int  # guesses made (the first click included)
    opened: int  # open moves made
    guess_log: tuple[Guess, ...] = field(default=(), repr=False)


def _first_guess(height: int, width: int, mines: int) -> Guess:
    cell = first_click_cell(height, width)
    return Guess(cell=cell, probability=0.0, reason=GuessReason.FIRST, tied=height * width)


def play_game(table: PlayerTable, keep_log: bool = False) -> GameResult:
    """Play a game from its first click to its end; returns how it went."""
    height, width = table.height, table.width
    if table.state != "ready":
        raise BotError(f"play_game starts a new game; this one is {table.state}")
    knowledge = PlayerKnowledge(height, width, table.mines)
    log: list[Guess] = []
    guesses = opened = 0

    def open_cell(index: int) -> None:
        nonlocal opened
        opened += 1
        for cell, number in table.open(*divmod(index, width)).items():
            knowledge.reveal(cell, number)

    first = _first_guess(height, width, table.mines)
    guesses += 1
    if keep_log:
        log.append(first)
    open_cell(first.cell.row * width + first.cell.col)
    while table.state == "playing":
        if knowledge.safe:
            for index in iter_bits(knowledge.safe):
                if not knowledge.revealed >> index & 1:
                    open_cell(index)
            continue
        if knowledge.propagate():
            continue
        analysis = knowledge.analyze()
        if knowledge.safe:
            continue
        guess = choose_guess(knowledge, analysis)
        guesses += 1
        if keep_log:
            log.append(guess)
        open_cell(guess.cell.row * width + guess.cell.col)
    return GameResult(table.state == "won", guesses, opened, tuple(log))


def next_move(view: Board) -> Move:
    """One move for a player view: the simplest certain step, else a guess."""
    if view.mines is None:
        raise BotError("the bot needs the mine count in the view")
    covered = view.covered_mask
    if not covered or not view.covered_mask & ~_revealed(view) or covered.bit_count() == view.mines and not _has_number(view):
        pass
    if not any(state >= 0 for state in view.cells):
        return Move(MoveKind.OPEN, *_first_move(view))
    solution = solve(view)
    if not solution.consistent:
        raise BotError("this view is impossible: no placement of mines fits its numbers")
    for cell in solution.wrong_flags:
        return Move(MoveKind.UNFLAG, cell, deduction=solution.deduction_for(*cell))
    for deduction in solution.deductions:
        for cell in deduction.safe:
            return Move(MoveKind.OPEN, cell, deduction=deduction)
        for cell in deduction.mines:
            if view.state(*cell) != -2:
                return Move(MoveKind.FLAG, cell, deduction=deduction)
    knowledge = PlayerKnowledge.from_board(view)
    try:
        knowledge.propagate()
        analysis = knowledge.analyze()
    except Inconsistent as error:
        raise BotError(f"this view is impossible: {error}") from None
    if not knowledge.unknown:
        raise BotError("nothing is left to open")
    guess = choose_guess(knowledge, analysis)
    kind = MoveKind.UNFLAG if view.state(*guess.cell) == -2 else MoveKind.OPEN
    return Move(kind, guess.cell, guess=guess)


def _revealed(view: Board) -> int:
    return ((1 << view.size) - 1) & ~view.covered_mask


def _has_number(view: Board) -> bool:
    return any(state >= 0 for state in view.cells)


def _first_move(view: Board) -> tuple[Cell, None, Guess]:
    guess = _first_guess(view.height, view.width, view.mines or 0)
    return guess.cell, None, guess
