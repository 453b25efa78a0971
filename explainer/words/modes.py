"""Game modes and their reports in words: each mode's one-line description, an
assist, a loss report ("why did I lose") and a move's outcome as JSON in a language."""

from __future__ import annotations

from typing import Any

from explainer.play.modes import Assist, LossReport, Mode, MoveOutcome
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.render import Renderer
from explainer.words.hints import chain_json
from explainer.words.mistakes import right_flags, strict_lead, strict_step_lead, wrong_flags_loss
from explainer.words.solution_json import deduction_json

__all__ = [
    "LOSS_REPORT_DESCRIPTION",
    "MODE_DESCRIPTIONS",
    "N_",
    "assist_json",
    "loss_lead",
    "loss_report_json",
    "loss_text",
    "outcome_json",
]


def N_(message: str) -> str:
    """Mark a UI string for translation (pybabel extracts ``N_``); translate it where it is shown."""
    return message


# I18N: a game mode's one-line description in the new-game menu
CLASSIC_DESCRIPTION = N_("Classic: a random board. Your first click is always safe.")
# I18N: a game mode's one-line description in the new-game menu
NO_GUESS_DESCRIPTION = N_("No guessing: every board can be solved from the first click by logic alone.")
# I18N: a game mode's one-line description in the new-game menu
ASSIST_DESCRIPTION = N_("Assisted: when no logical step is left, the game opens a safe cell for you and says why.")
# I18N: a game mode's one-line description in the new-game menu
FORGIVING_DESCRIPTION = N_("Forgiving: a cell you could not have known was a mine never explodes; a provable mine still does.")
# I18N: a game mode's one-line description in the new-game menu ("strict", as hard-core players know it)
STRICT_DESCRIPTION = N_("Strict: opening an uncertain cell while a logical step is available loses at once.")
# I18N: the one-line description of the loss explanation, shown with the modes
LOSS_REPORT_DESCRIPTION = N_("Why did I lose: after a loss, see the step that proved the cell a mine, or the odds of your guess.")

#: each mode's one-line description (an English message id; translate it where it is shown)
MODE_DESCRIPTIONS: dict[Mode, str] = {
    Mode.CLASSIC: CLASSIC_DESCRIPTION,
    Mode.NO_GUESS: NO_GUESS_DESCRIPTION,
    Mode.ASSIST: ASSIST_DESCRIPTION,
    Mode.FORGIVING: FORGIVING_DESCRIPTION,
    Mode.STRICT: STRICT_DESCRIPTION,
}


def assist_json(assist: Assist, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A cell the game opened for the player, and why, in ``language``."""
    return {
        "cell": assist.cell.to_json(),
        "probability": assist.probability,
        "reason": assist.reason,
        "text": Renderer(language).assist(assist.cell, assist.probability),
    }


def loss_lead(report: LossReport, renderer: Renderer) -> str:
    """What comes before a loss report's chain: the wrong flags that led to the loss (named first), what
    the move was, and the player's right flags the chain starts from."""
    sentences: list[str] = []
    if report.wrong_flags:
        sentences.append(wrong_flags_loss(renderer, report.wrong_flags, report.cell, report.chord))
    if report.kind == "strict":
        sentences.append(strict_lead(renderer, report.cell, report.probability, report.safe))
        if report.chain:
            sentences.append(right_flags(renderer, report.flags))
            sentences.append(strict_step_lead(renderer, report.safe) if report.safe else "")
        return renderer.join(sentences)
    if report.chain:
        sentences.append(renderer.loss_lead(report.cell, True))
        sentences.append(right_flags(renderer, report.flags))
    return renderer.join(sentences)


def loss_text(report: LossReport, renderer: Renderer) -> str:
    """Why the game was lost, in one text: the lead (``loss_lead``), then the chain, or the odds of the guess."""
    if report.chain or report.kind == "strict":
        if report.kind == "strict" and not report.safe:
            return renderer.loss(report.cell, report.chain, report.probability, strict=True)
        return renderer.join([loss_lead(report, renderer), *renderer.chain(report.chain)])
    guess = renderer.loss(report.cell, (), report.probability, report.safe, report.safest, report.safest_probability)
    if report.wrong_flags:
        return renderer.join([wrong_flags_loss(renderer, report.wrong_flags, report.cell, report.chord), guess])
    return guess


def loss_report_json(report: LossReport, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """Why the game was lost, in ``language``."""
    renderer = Renderer(language)
    data: dict[str, Any] = {
        "cell": report.cell.to_json(),
        "kind": report.kind,
        "probability": report.probability,
        "text": loss_text(report, renderer),
    }
    if report.wrong_flags:
        data["wrong_flags"] = report.wrong_flags.to_json()
        data["wrong_flags_text"] = wrong_flags_loss(renderer, report.wrong_flags, report.cell, report.chord)
    if report.chord is not None:
        data["chord"] = report.chord.to_json()
    if report.deduction is not None:
        data["lead"] = loss_lead(report, renderer)
        data["chain"] = chain_json(report.chain, renderer)
        data["deduction"] = data["chain"][-1] if report.chain else deduction_json(report.deduction, renderer)
        data["deduction_text"] = data["deduction"]["text"]
    if report.flags:
        data["flags"] = report.flags.to_json()
    if report.safe is not None:
        data["safe"] = report.safe.to_json()
    if report.safest is not None:
        data["safest"] = report.safest.to_json()
        data["safest_probability"] = report.safest_probability
    return data


def outcome_json(outcome: MoveOutcome, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """What a move did (cells opened, a save, assists, the loss report), in ``language``."""
    data: dict[str, Any] = {"opened": [c.to_json() for c in outcome.opened], "saved": outcome.saved}
    data["assists"] = [assist_json(a, language) for a in outcome.assists]
    if outcome.loss is not None:
        data["loss"] = loss_report_json(outcome.loss, language)
    if outcome.assist_unavailable:
        data["assist_unavailable"] = True
    if outcome.loss_unavailable:
        data["loss_unavailable"] = True
    return data
