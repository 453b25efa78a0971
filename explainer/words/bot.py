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

__all__ = ["explain_guess", "explain_move", "guess_json", "guess_reasons", "move_to_json"]


def explain_guess(guess: Guess, renderer: Renderer) -> str:
    r = renderer
    cell = guess.cell
    if guess.reason is GuessReason.FIRST:
        # I18N: the bot's first click; %(cell)s is a cell name like A1
        return r._("The first click is never a mine, so the bot starts at %(cell)s.", cell=cell)
    if guess.reason is GuessReason.ENDGAME:
        return r.join(guess_reasons(guess, r))
    # I18N: the bot has to guess
    first = r._("No cell is certain right now: the bot has to guess.")
    return r.join([first, *guess_reasons(guess, r)])


def guess_reasons(guess: Guess, renderer: Renderer, after_safest: bool = False) -> list[str]:
    """Why the policy picks this guess, with the figures behind it (after a
    sentence that says nothing is certain).  The hint, "watch the bot" and the
    review all say it with these sentences.  ``after_safest``: the safest
    cells and their mine chance were just named (the hint), so they are not
    named again."""
    r = renderer
    cell = guess.cell
    risk = r.percent(guess.probability)
    dead = _dead(guess, r)
    if guess.reason is GuessReason.ENDGAME:
        count = (
            # I18N: the endgame, after the safest cells were named: few placements of the remaining mines are left
            r.ngettext(
                "Only %(count)s placement of the remaining mines fits the numbers.",
                "Only %(count)s placements of the remaining mines fit the numbers.",
                guess.tied,
            )
            if after_safest
            # I18N: the endgame: few placements of the remaining mines are left
            else r.ngettext(
                "No cell is certain, and only %(count)s placement of the remaining mines fits the numbers.",
                "No cell is certain, and only %(count)s placements of the remaining mines fit the numbers.",
                guess.tied,
            )
        )
        return [
            count,
            # I18N: %(win)s is a percentage: how often the bot wins the game from here
            r._(
                "Playing every one of them out, opening %(cell)s wins most often: %(win)s of the time "
                "(its mine chance is %(probability)s).",
                cell=cell,
                win=r.percent(guess.win or 0.0),
                probability=risk,
            ),
        ]
    if guess.reason is GuessReason.FIFTY_FIFTY:
        other = guess.alternatives[0][0] if guess.alternatives else cell
        return [
            # I18N: a true 50/50: two cells, exactly one mine, and nothing on the board can ever tell them apart
            r._(
                "%(cell)s and %(other)s are a true 50/50: exactly one of them is a mine, and no number still to "
                "come can ever tell which.",
                cell=cell,
                other=other,
            ),
            # I18N: why a true 50/50 is guessed at once rather than later
            r._(
                "Guess it now: it has to be guessed sooner or later, waiting cannot make it safer, and if %(cell)s "
                "is safe, its number may help elsewhere.",
                cell=cell,
            ),
        ]
    if guess.reason is GuessReason.TRADE and guess.alternatives:
        other, lowest = guess.alternatives[0]
        why = [
            # I18N: the lookahead chose a cell a little riskier than the safest one; %(survival)s is a percentage
            r._(
                "%(cell)s has a mine chance of %(probability)s, a little more than %(other)s (%(lowest)s), but it "
                "gives the best chance to survive this guess and the next move: %(survival)s.",
                cell=cell,
                probability=risk,
                other=other,
                lowest=r.percent(lowest),
                survival=r.percent(guess.survival or 0.0),
            )
        ]
        return [*dead, *why, *_versus(guess, r)]
    if guess.reason is GuessReason.SAFEST:
        # I18N: the one cell with the lowest chance of a mine
        second = r._("%(cell)s is the safest cell: its mine chance is %(probability)s.", cell=cell, probability=risk)
        return [*dead, _next_best(guess, r)] if after_safest else [*dead, second, _next_best(guess, r)]
    # I18N: several cells share the lowest chance of a mine
    tied = r.ngettext(
        "%(count)s cell shares the lowest chance of a mine, %(probability)s.",
        "%(count)s cells share the lowest chance of a mine, %(probability)s.",
        guess.tied,
        probability=risk,
    )
    if guess.reason is GuessReason.PROGRESS:
        why = [
            # I18N: the lookahead; %(survival)s is a percentage
            r._(
                "Of them, %(cell)s gives the best chance to survive this guess and the next move: %(survival)s.",
                cell=cell,
                survival=r.percent(guess.survival or 0.0),
            ),
            *_versus(guess, r),
        ]
    elif guess.reason is GuessReason.EDGE:
        # I18N: among equally safe cells, a corner or an edge cell is chosen
        why = [r._(
            "Of them, %(cell)s lies on the border of the board: with fewer neighbours it is more likely to be a zero "
            "that opens an area.",
            cell=cell,
        )]
    else:
        # I18N: among equally good cells, the first in reading order is chosen
        why = [r._("They are equally good, so the bot takes the first in reading order: %(cell)s.", cell=cell)]
    return [*dead, *why] if after_safest else [*dead, tied, *why]


def _versus(guess: Guess, r: Renderer) -> list[str]:
    """Why not the cell the plain tie-breaks would pick: its chance to survive the next move is lower."""
    if guess.rival is None or guess.rival_survival is None or guess.rival == guess.cell:
        return []
    if r.percent(guess.rival_survival) == r.percent(guess.survival or 0.0):
        return []  # the difference does not show at this precision
    # I18N: why the bot's guess beats the cell that is (at least) as safe; both figures are percentages
    return [r._(
        "Opening %(other)s instead, you would survive this guess and the next move only %(rival)s of the time.",
        other=guess.rival,
        rival=r.percent(guess.rival_survival),
    )]


def _dead(guess: Guess, r: Renderer) -> list[str]:
    """The safer cells passed over because opening them can tell nothing new."""
    if not guess.dead:
        return []
    # I18N: cells whose number is already known: opening them is a risk that teaches nothing
    return [r.ngettext(
        "Opening %(cells)s can tell you nothing new: its number is already known, so it is only worth opening last.",
        "Opening %(cells)s can tell you nothing new: their numbers are already known, so they are only worth opening last.",
        len(guess.dead),
        cells=r.cells(guess.dead),
    )]


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
        data["guess"] = guess_json(move.guess)
    return data


def guess_advice(guess: Guess, renderer: Renderer) -> list[str]:
    """The policy's pick as advice to a player (after "no cell is certain"): which cell, and why."""
    if guess.reason is GuessReason.ENDGAME:
        return guess_reasons(guess, renderer, after_safest=True)
    # I18N: the hint names the guess the bot's policy would make; the reasons follow
    lead = renderer._("The best guess is %(cell)s.", cell=guess.cell)
    return [lead, *guess_reasons(guess, renderer, after_safest=True)]


def guess_json(guess: Guess) -> dict[str, Any]:
    """A guess as data (its words are ``guess_reasons``)."""
    return {
        "cell": guess.cell.to_json(),
        "reason": guess.reason.value,
        "probability": guess.probability,
        "tied": guess.tied,
        "win": guess.win,
        "survival": guess.survival,
        "alternatives": [{"cell": cell.to_json(), "probability": p} for cell, p in guess.alternatives],
        "rival": guess.rival.to_json() if guess.rival is not None else None,
        "rival_survival": guess.rival_survival,
        "dead": [cell.to_json() for cell in guess.dead],
    }
