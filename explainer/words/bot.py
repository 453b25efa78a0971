"""The bot's moves in words: "why this move?".

A certain move is explained by its deduction, exactly as a hint is
(``Renderer.deduction``).  A guess is explained here: every sentence about
guesses is in this one module, written through the ``Renderer``'s gettext
calls with named placeholders, so it is extracted into the shared catalog and
translated like the engine's other sentences.
"""

from __future__ import annotations

from typing import Any

from explainer.bot.moves import Move, MoveKind
from explainer.bot.guess import Guess, GuessReason
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.render import Renderer
from explainer.words.solution_json import deduction_json

__all__ = ["explain_guess", "explain_move", "move_to_json"]


def explain_guess(guess: Guess, renderer: Renderer) -> str:
    r = renderer
    cell = guess.cell
    risk = r.percent(guess.probability)
    if guess.reason is GuessReason.FIRST:
        # I18N: the bot's first click; %(cell)s is a cell name like A1
        return r._("The first click is never a mine, so the bot starts at %(cell)s.", cell=cell)
    if guess.reason is GuessReason.ENDGAME:
        return r.join(
            [
                # I18N: the endgame: few placements of the remaining mines are left
                r.ngettext(
                    "No cell is certain, and only %(count)s placement of the remaining mines fits the numbers.",
                    "No cell is certain, and only %(count)s placements of the remaining mines fit the numbers.",
                    guess.tied,
                ),
                # I18N: %(win)s is a percentage: how often the bot wins the game from here
                r._(
                    "Playing every one of them out, opening %(cell)s wins most often: %(win)s of the time "
                    "(its mine chance is %(probability)s).",
                    cell=cell,
                    win=r.percent(guess.win or 0.0),
                    probability=risk,
                ),
            ]
        )
    first = r._("No cell is certain right now: the bot has to guess.")
    if guess.reason is GuessReason.TRADE and guess.alternatives:
        other, lowest = guess.alternatives[0]
        # I18N: the lookahead chose a cell a little riskier than the safest one; %(survival)s is a percentage
        why = r._(
            "%(cell)s has a mine chance of %(probability)s, a little more than %(other)s (%(lowest)s), but it "
            "gives the best chance to survive this guess and the next move: %(survival)s.",
            cell=cell,
            probability=risk,
            other=other,
            lowest=r.percent(lowest),
            survival=r.percent(guess.survival or 0.0),
        )
        return r.join([first, why])
    if guess.reason is GuessReason.SAFEST:
        # I18N: the one cell with the lowest chance of a mine
        second = r._("%(cell)s is the safest cell: its mine chance is %(probability)s.", cell=cell, probability=risk)
        return r.join([first, second, _next_best(guess, r)])
    # I18N: several cells share the lowest chance of a mine
    tied = r.ngettext(
        "%(count)s cell shares the lowest chance of a mine, %(probability)s.",
        "%(count)s cells share the lowest chance of a mine, %(probability)s.",
        guess.tied,
        probability=risk,
    )
    if guess.reason is GuessReason.PROGRESS:
        # I18N: the lookahead; %(survival)s is a percentage
        why = r._(
            "Of them, %(cell)s gives the best chance to survive this guess and the next move: %(survival)s.",
            cell=cell,
            survival=r.percent(guess.survival or 0.0),
        )
    elif guess.reason is GuessReason.EDGE:
        # I18N: among equally safe cells, a corner or an edge cell is chosen
        why = r._(
            "Of them, %(cell)s lies on the border of the board: with fewer neighbours it is more likely to be a zero "
            "that opens an area.",
            cell=cell,
        )
    else:
        # I18N: among equally good cells, the first in reading order is chosen
        why = r._("They are equally good, so the bot takes the first in reading order: %(cell)s.", cell=cell)
    return r.join([first, tied, why])


def _next_best(guess: Guess, r: Renderer) -> str:
    if not guess.alternatives:
        return ""
    other, probability = guess.alternatives[0]
    # I18N: the runner-up guess and its chance of a mine
    return r._("The next safest is %(other)s, with %(probability)s.", other=other, probability=r.percent(probability))


def explain_move(move: Move, language: str = DEFAULT_LANGUAGE) -> str:
    renderer = Renderer(language)
    if move.guess is not None:
        text = explain_guess(move.guess, renderer)
        if move.kind is MoveKind.UNFLAG:
            # I18N: the bot chose to open a cell the player had flagged
            text = renderer.join([text, renderer._("First remove the flag on %(cell)s.", cell=move.cell)])
        return text
    if move.kind is MoveKind.UNFLAG:
        return renderer.wrong_flag(move.cell, (move.deduction,) if move.deduction is not None else ())
    assert move.deduction is not None
    return renderer.deduction(move.deduction)


def move_to_json(move: Move, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A move for the web: what to do, where, and why (text and data)."""
    data: dict[str, Any] = {
        "kind": move.kind.value,
        "cell": move.cell.to_json(),
        "certain": move.certain,
        "text": explain_move(move, language),
    }
    if move.deduction is not None:
        data["deduction"] = deduction_json(move.deduction, Renderer(language))
    if move.guess is not None:
        guess = move.guess
        data["guess"] = {
            "reason": guess.reason.value,
            "probability": guess.probability,
            "tied": guess.tied,
            "win": guess.win,
            "survival": guess.survival,
            "alternatives": [{"cell": cell.to_json(), "probability": p} for cell, p in guess.alternatives],
        }
    return data
