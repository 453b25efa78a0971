"""The bot's moves in words: "why this move?".

A certain move is explained by its deduction, exactly as a hint is
(``Renderer.deduction``).  A guess is explained by the sentences the hint and
the review say it with (``explainer.words.guesses``), after "Nothing is certain here: the bot has to
guess".
"""

from __future__ import annotations

from typing import Annotated

from typing_extensions import Doc, NotRequired, TypedDict

from explainer.bot.moves import Move, MoveKind
from explainer.bot.guess import Guess, GuessReason
from explainer.core.cells import CellSet
from explainer.core.json_shapes import CellJson, Count, DeductionJson, HighlightJson, Probability, Role
from explainer.engine.highlight import Marks, highlights
from explainer.words.guesses import guess_advice, guess_reasons
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.render import Renderer
from explainer.words.solution_json import deduction_json

__all__ = [
    "AlternativeJson",
    "BotMoveJson",
    "GuessJson",
    "explain_guess",
    "explain_move",
    "guess_advice",
    "guess_json",
    "guess_reasons",
    "move_marks",
    "move_to_json",
]


class AlternativeJson(TypedDict):
    cell: CellJson
    probability: Probability


class GuessJson(TypedDict):
    """The guess the bot's policy picks when no cell is certain, and the figures behind it."""

    cell: CellJson
    reason: GuessReason
    probability: Probability  # of a mine
    tied: Count
    win: Probability | None
    survival: Probability | None
    alternatives: list[AlternativeJson]
    rival: CellJson | None
    rival_survival: Probability | None
    better: Annotated[CellJson | None, Doc("A cell the lookahead weighed that survives this guess and the next move more "
                                           "often than the pick, which leaves a safer second-best cell.")]
    better_survival: Probability | None
    backup: Annotated[Probability | None, Doc("With `better`: the chance to survive this guess and then the "
                                              "second-safest cell.")]
    better_backup: Probability | None
    dead: list[CellJson]
    region: Annotated[list[CellJson], Doc("For an `isolated` guess: the covered cells cut off from the rest (the pick "
                                          "included), whose mines nothing outside them can decide; else empty.")]


class BotMoveJson(TypedDict):
    """A move of the bot for a client: what, where, whether certain, and why."""

    kind: MoveKind
    cell: CellJson
    certain: bool
    text: str
    deduction: NotRequired[DeductionJson]
    guess: NotRequired[GuessJson]
    highlights: NotRequired[list[HighlightJson]]  # the web adds them (``move_marks``)
    lesson: NotRequired[str | None]  # the web adds the Learn lesson of its deduction


#: the role that marks the cell the bot moved on, by kind of move
_MOVE_ROLE: dict[MoveKind, Role] = {MoveKind.OPEN: "safe", MoveKind.FLAG: "mine", MoveKind.UNFLAG: "wrong-flag"}


def move_marks(move: Move, width: int) -> Marks:
    """The move's reasoning in the hint roles: its deduction's cells, and the cell it plays (``safest``
    for a guess, and the cell its words compare it with), on a board ``width`` cells wide."""
    marks = highlights(move.deduction, compared=move.guess.better if move.guess is not None else None)
    role: Role = _MOVE_ROLE[move.kind] if move.certain else "safest"
    if move.kind is MoveKind.UNFLAG and move.certain:
        marks = highlights(move.deduction, CellSet.from_cells([move.cell], width))
    found = marks.get(move.cell, ())
    if role not in found:
        marks[move.cell] = (*found, role)
    return dict(sorted(marks.items()))


def explain_guess(guess: Guess, renderer: Renderer) -> str:
    r = renderer
    if guess.reason is GuessReason.FIRST:
        # I18N: the bot's first click; %(cell)s is a cell name like A1
        return r._("The first click is never a mine, so the bot starts at %(cell)s.", cell=guess.cell)
    # I18N: the bot has to guess
    first = r._("Nothing is certain here: the bot has to guess.")
    return r.join([first, *guess_reasons(guess, r, named=True)])


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


def move_to_json(move: Move, language: str = DEFAULT_LANGUAGE) -> BotMoveJson:
    """A move for the web: what to do, where, and why (text and data)."""
    data: BotMoveJson = {
        "kind": move.kind,
        "cell": move.cell.to_json(),
        "certain": move.certain,
        "text": explain_move(move, language),
    }
    if move.deduction is not None:
        data["deduction"] = deduction_json(move.deduction, Renderer(language))
    if move.guess is not None:
        data["guess"] = guess_json(move.guess)
    return data


def guess_json(guess: Guess) -> GuessJson:
    """A guess as data (its words are ``guess_reasons``)."""
    return {
        "cell": guess.cell.to_json(),
        "reason": guess.reason,
        "probability": guess.probability,
        "tied": guess.tied,
        "win": guess.win,
        "survival": guess.survival,
        "alternatives": [{"cell": cell.to_json(), "probability": p} for cell, p in guess.alternatives],
        "rival": guess.rival.to_json() if guess.rival is not None else None,
        "rival_survival": guess.rival_survival,
        "better": guess.better.to_json() if guess.better is not None else None,
        "better_survival": guess.better_survival,
        "backup": guess.backup,
        "better_backup": guess.better_backup,
        "dead": [cell.to_json() for cell in guess.dead],
        "region": guess.region.to_json() if guess.region is not None else [],
    }
