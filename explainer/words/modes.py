"""Game modes and their reports in words: each mode's one-line description, an
assist, a loss report ("why did I lose") and a move's outcome as JSON in a language."""

from __future__ import annotations

from typing import Annotated

from typing_extensions import Doc, NotRequired, TypedDict

from explainer.core.json_shapes import CellJson, DeductionJson, HighlightJson, Probability
from explainer.play.losses import LossKind, LossReport
from explainer.play.modes import Assist, Mode, MoveOutcome
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.render import Renderer
from explainer.words.hints import chain_json
from explainer.words.mistakes import right_flags, strict_lead, strict_step_lead, wrong_flags_loss
from explainer.words.solution_json import deduction_json

__all__ = [
    "AssistJson",
    "LossReportJson",
    "OutcomeJson",
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


class AssistJson(TypedDict):
    """A cell the game opened for the player, and why."""

    cell: CellJson
    probability: Probability
    reason: str
    text: str


class LossReportJson(TypedDict):
    """Why the game was lost; with highlights in the game's end.loss."""

    cell: CellJson
    kind: LossKind
    probability: Probability
    text: str
    wrong_flags: NotRequired[Annotated[list[CellJson], Doc("The player's flags that were not mines and led to the loss.")]]
    wrong_flags_text: NotRequired[str]
    chord: NotRequired[Annotated[CellJson, Doc("The number the losing chord was made on.")]]
    flag: NotRequired[Annotated[CellJson, Doc("kind flag: the wrong flag around the chorded number that the numbers "
                                              "proved safe; the chain proves it.")]]
    lead: NotRequired[Annotated[str, Doc("For a proved mine: the first sentence, before the chain.")]]
    # proved, strict: the steps to the cell; flag: to the flag's cell
    chain: NotRequired[Annotated[list[DeductionJson], Doc("For a proved mine: the steps from the numbers to the cell, "
                                                          "in order.")]]
    deduction: NotRequired[DeductionJson]  # the chain's last step
    deduction_text: NotRequired[str]
    flags: NotRequired[Annotated[list[CellJson], Doc("The player's right flags the chain starts from.")]]
    safe: NotRequired[list[CellJson]]  # the cells that were provably safe then
    safest: NotRequired[list[CellJson]]  # a guess with nothing safe: the least likely mines
    safest_probability: NotRequired[Probability | None]
    highlights: NotRequired[list[HighlightJson]]  # the web adds them in a game's ``end.loss``


class OutcomeJson(TypedDict):
    """What a move did."""

    opened: list[CellJson]
    saved: bool  # forgiving: the mines moved away from the cells it opened
    assists: list[AssistJson]
    loss: NotRequired[LossReportJson]
    assist_unavailable: NotRequired[Annotated[bool, Doc("The search for a cell to open ran over the engine's budget "
                                                        "(the move stands).")]]
    loss_unavailable: NotRequired[Annotated[bool, Doc("The loss report ran over the engine's budget (the move stands; "
                                                      "the game's end.loss gives it later).")]]


def assist_json(assist: Assist, language: str = DEFAULT_LANGUAGE) -> AssistJson:
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
            sentences.append(right_flags(renderer, report.flags, report.flags_every))
            sentences.append(strict_step_lead(renderer, report.safe) if report.safe else "")
        return renderer.join(sentences)
    if report.kind == "flag" and report.flag is not None:  # the numbers proved the flag's cell safe: why
        sentences.append(renderer.wrong_flag_lead(report.flag))
        sentences.append(right_flags(renderer, report.flags, report.flags_every, other=True))
    elif report.chain:
        sentences.append(renderer.loss_lead(report.cell, True))
        sentences.append(right_flags(renderer, report.flags, report.flags_every))
    return renderer.join(sentences)


def loss_text(report: LossReport, renderer: Renderer) -> str:
    """Why the game was lost, in one text: the lead (``loss_lead``), then the chain, or the odds of the guess."""
    if report.chain or report.kind == "strict":
        if report.kind == "strict" and not report.safe:
            return renderer.loss(report.cell, report.chain, report.probability, strict=True)
        return renderer.join([loss_lead(report, renderer), *renderer.chain(report.chain)])
    guess = renderer.loss(
        report.cell, (), report.probability, report.safe, report.safest, report.safest_probability, advised=report.advised
    )
    if report.wrong_flags:
        return renderer.join([wrong_flags_loss(renderer, report.wrong_flags, report.cell, report.chord), guess])
    return guess


def loss_report_json(report: LossReport, language: str = DEFAULT_LANGUAGE) -> LossReportJson:
    """Why the game was lost, in ``language``."""
    renderer = Renderer(language)
    data: LossReportJson = {
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
    if report.flag is not None:
        data["flag"] = report.flag.to_json()
    if report.deduction is not None:
        data["lead"] = loss_lead(report, renderer)
        chain = data["chain"] = chain_json(report.chain, renderer)
        deduction = data["deduction"] = chain[-1] if chain else deduction_json(report.deduction, renderer)
        data["deduction_text"] = deduction.get("text", "")
    if report.flags:
        data["flags"] = report.flags.to_json()
    if report.safe is not None:
        data["safe"] = report.safe.to_json()
    if report.safest is not None:
        data["safest"] = report.safest.to_json()
        data["safest_probability"] = report.safest_probability
    return data


def outcome_json(outcome: MoveOutcome, language: str = DEFAULT_LANGUAGE) -> OutcomeJson:
    """What a move did (cells opened, a save, assists, the loss report), in ``language``."""
    data: OutcomeJson = {
        "opened": [c.to_json() for c in outcome.opened],
        "saved": outcome.saved,
        "assists": [assist_json(a, language) for a in outcome.assists],
    }
    if outcome.loss is not None:
        data["loss"] = loss_report_json(outcome.loss, language)
    if outcome.assist_unavailable:
        data["assist_unavailable"] = True
    if outcome.loss_unavailable:
        data["loss_unavailable"] = True
    return data
