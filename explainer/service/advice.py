"""What a stuck player is told, the same on every front end.

``advise`` makes the hint for a position: the explanation of a wrong flag the player asks about (or the first
one, as ``make_hint`` does), else the simplest step, else the guess with the bot's pick; a step carries the id
of the Learn lesson about its pattern.  ``advice_json`` is it for a client.  ``wrong_flags_now`` is what a
front end marks after a move; ``wrong_flag_hints`` the explanations of several wrong flags at once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, cast

from typing_extensions import Doc

from explainer.bot.guess import Guess
from explainer.bot.moves import advised_guess
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.engine import budget
from explainer.engine.hint import Hint, flag_hint, make_hint, wrong_flag_hint
from explainer.engine.solve import Solution, solve
from explainer.engine.why import chain_to
from explainer.errors import BudgetExceeded, EngineError
from explainer.learn.lessons import classify
from explainer.play.game import Game, GameState
from explainer.words.hints import HintJson, hint_json

__all__ = ["Advice", "AdviceJson", "advice_json", "advice_on", "advise", "wrong_flag_hints", "wrong_flags_now"]


@dataclass(frozen=True)
class Advice:
    """The hint, the bot's pick when the hint is a guess (None when it did not fit the time given), and for a
    step the id of the Learn lesson about its pattern."""

    hint: Hint
    guess: Guess | None = None
    lesson: str | None = None


class AdviceJson(HintJson, total=False):
    """The words' ``HintJson`` and, for a step, ``lesson``: the id of the Learn lesson about its pattern."""

    lesson: Annotated[str | None, Doc("Kind deduction: the id of the Learn lesson about its pattern.")]


def advise(solution: Solution, asked: Cell | None = None, guess_share: float | None = None) -> Advice:
    """The hint for ``solution``'s view; ``asked``: a cell the player points at, explained when it is a wrong
    flag.  ``guess_share``: a guess's pick is looked for with this share of the time left in the budget in force
    and left out when it does not fit (without it, going over raises ``BudgetExceeded`` as any engine work)."""
    if asked is not None and asked in solution.wrong_flags:
        return advice_on(wrong_flag_hint(solution, asked), guess_share)
    return advice_on(make_hint(solution), guess_share)


def advice_on(hint: Hint, guess_share: float | None = None) -> Advice:
    """The advice around a hint made already (``advise`` makes it; a caller with its own wrong-flag chains, too)."""
    board = hint.solution.board
    guess = _pick(board, guess_share) if hint.kind == "guess" else None
    lesson = classify(board, hint.deduction) if hint.kind == "deduction" and hint.deduction is not None else None
    return Advice(hint, guess, lesson)


def _pick(board: Board, share: float | None) -> Guess | None:
    if share is None:
        return advised_guess(board)
    try:
        with budget.share(share):
            return advised_guess(board)
    except BudgetExceeded:
        return None


def advice_json(advice: Advice, language: str) -> AdviceJson:
    """The advice for a client: ``hint_json`` with the pick, and ``lesson`` for a step."""
    data = cast(AdviceJson, hint_json(advice.hint, language, guess=advice.guess))
    if advice.hint.kind == "deduction" and advice.hint.deduction is not None:
        data["lesson"] = advice.lesson
    return data


def wrong_flags_now(game: Game, solve_view: Callable[[Board], Solution]) -> CellSet:
    """The flags the player's view proves wrong while the game is played (``solve_view``: the front end's solve,
    cached or not); none when the game is not being played, has no flag, or the solve goes over the budget (the
    move stands: no warning this time)."""
    none = CellSet(0, game.width)
    if game.state is not GameState.PLAYING or not game.flagged:
        return none
    try:
        return solve_view(game.view()).wrong_flags
    except EngineError:
        return none


def wrong_flag_hints(
    solution: Solution, cells: Sequence[Cell], share: float | None = None, max_chain: int | None = None
) -> list[Hint]:
    """The hints of wrong flags ``cells`` of ``solution``, as ``wrong_flag_hint`` makes them: each chain
    comes from ``solution``'s own (a full solve: the player's right flags are its facts, wrong ones are not
    evidence), so no further solve is needed when it is complete.

    ``share``: a solution cut short (``hint_only``) is solved again whole with this share of the time left
    in the budget in force; when that does not fit (or a chain is longer than ``max_chain`` steps) a hint
    names the step of ``solution`` that decides its cell, without the chain to it."""
    if not cells:
        return []
    board = solution.board
    whole: Solution | None = solution
    if not solution.complete:
        try:
            with budget.share(1.0 if share is None else share):
                whole = solve(board)
        except BudgetExceeded:
            whole = None
    hints = []
    for cell in cells:
        chain = () if whole is None else chain_to(whole.deductions, board.index(*cell))
        if max_chain is not None and len(chain) > max_chain:
            chain = ()
        hints.append(flag_hint(solution, cell, chain))
    return hints
