"""A hint in words: its sentence, its three levels, its proof lines and its JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from typing_extensions import Doc, NotRequired, TypedDict

from explainer.core.cells import CellSet
from explainer.core.json_shapes import CellJson, DeductionJson, HighlightJson, Probability
from explainer.engine.highlight import highlights, highlights_to_json, step_highlights
from explainer.engine.hint import Hint, HintKind
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.core.board import Board
from explainer.core.deduction import Deduction
from explainer.learn.lessons import SHAPE_IDS, classify
from explainer.words.mistakes import right_flags
from explainer.words.render import Renderer
from explainer.bot.guess import Guess
from explainer.words.bot import GuessJson, guess_advice, guess_json
from explainer.words.solution_json import deduction_json

__all__ = [
    "HintJson", "HintLevels", "first_click_json", "chain_item", "chain_json", "hint_json", "hint_text", "named_shape", "steps_json",
]


class HintLevels(TypedDict):
    where: str  # 1: where to look
    pattern: str  # 2: which pattern
    full: str  # 3: the full argument


class HintJson(TypedDict):
    """A hint for a client (``hint_json``)."""

    kind: HintKind | Literal["first-click"]  # first-click: before a game's first move (``first_click_json``)
    text: str
    highlights: list[HighlightJson]
    deduction: NotRequired[DeductionJson]  # with its steps' words and cells (``steps_json``)
    levels: NotRequired[HintLevels]  # a deduction's three levels
    conflict: NotRequired[Annotated[list[CellJson], Doc("Kind inconsistent: the numbers that cannot all hold.")]]
    cell: NotRequired[Annotated[CellJson, Doc("Kind wrong_flag: the flag.")]]
    lead: NotRequired[Annotated[str, Doc("Kind wrong_flag: the first sentence, before the chain.")]]
    chain: NotRequired[Annotated[list[DeductionJson], Doc("Kind wrong_flag: the steps from the numbers to the cell, "
                                                          "in order.")]]
    probability: NotRequired[Annotated[Probability | None, Doc("Kind guess: the safest cells' chance of a mine.")]]
    safest: NotRequired[Annotated[list[CellJson], Doc("Kind guess: the safest cells.")]]
    guess: NotRequired[Annotated[GuessJson, Doc("Kind guess: the bot's policy's pick.")]]


def hint_text(hint: Hint, language: str = DEFAULT_LANGUAGE, guess: Guess | None = None) -> str:
    """The hint's full sentence in ``language``; for a guess, ``guess`` is the
    pick of the bot's policy (``explainer.bot.moves.policy_guess``) and why."""
    renderer = Renderer(language)
    if hint.kind == "inconsistent":
        return renderer.inconsistent(hint.solution.conflict, hint.solution.conflict_uses_mine_count)
    if hint.kind == "wrong_flag":
        assert hint.cell is not None
        chain = hint.chain or ((hint.deduction,) if hint.deduction else ())
        # the player's right flags the chain starts from are named, not proved again
        flags = right_flags(renderer, hint.flags, hint.flags_every, other=True)
        return renderer.join([renderer.wrong_flag_lead(hint.cell), flags, *renderer.chain(chain)])
    if hint.kind == "deduction":
        assert hint.deduction is not None
        return renderer.deduction(hint.deduction)
    if hint.kind == "unavailable":
        return renderer.no_exact()
    board = hint.solution.board
    safest = hint.safest or CellSet(0, board.width)
    around_numbers = 0
    for index, _number in board.numbers():
        around_numbers |= board.neighbours[index]
    if guess is not None and safest:
        return renderer.join([*renderer.no_step_lead(hint.probability or 0.0, safest, bool(board.flagged_mask)), *guess_advice(guess, renderer)])
    return renderer.no_step(hint.probability or 0.0, safest, bool(safest.mask & around_numbers), bool(board.flagged_mask))


def named_shape(board: Board, deduction: Deduction) -> str | None:
    """The named shape (1-1, 1-2, 1-2-1, ...) a step of ``board`` is, as the lessons teach it, or None."""
    found = classify(board, deduction)
    return found if found in SHAPE_IDS else None


def hint_json(hint: Hint, language: str = DEFAULT_LANGUAGE, levels: bool = True, guess: Guess | None = None) -> HintJson:
    """The hint for a client: kind, text, the deduction, proof lines, levels, highlights
    (and for a guess, ``guess``: the policy's pick as data, highlighted as ``best-guess``)."""
    renderer = Renderer(language)
    wrong = CellSet.from_cells([hint.cell], hint.solution.board.width) if hint.cell else None
    if hint.kind != "guess":
        guess = None
    data: HintJson = {"kind": hint.kind, "text": hint_text(hint, language, guess), "highlights": []}
    if hint.deduction is not None:
        data["deduction"] = steps_json(hint.deduction, renderer)
        if levels and hint.kind == "deduction":
            hint_levels = renderer.levels(hint.deduction, named_shape(hint.solution.board, hint.deduction))
            data["levels"] = {"where": hint_levels.where, "pattern": hint_levels.pattern, "full": data["text"]}
    if hint.kind == "inconsistent":
        data["conflict"] = [cell.to_json() for cell in hint.solution.conflict]
    if hint.kind == "wrong_flag" and hint.cell is not None:
        data["cell"] = hint.cell.to_json()
        data["lead"] = renderer.join([renderer.wrong_flag_lead(hint.cell), right_flags(renderer, hint.flags, hint.flags_every, other=True)])
        data["chain"] = chain_json(hint.chain, renderer)
    if hint.kind == "guess" and hint.safest is not None:
        data["probability"] = hint.probability
        data["safest"] = hint.safest.to_json()
    if guess is not None:
        data["guess"] = guess_json(guess)
    pick, compared = (guess.cell, guess.better) if guess is not None else (None, None)
    data["highlights"] = highlights_to_json(highlights(hint.deduction, wrong, hint.safest, pick, compared))
    return data


def first_click_json(language: str = DEFAULT_LANGUAGE) -> HintJson:
    """The hint before a game's first move."""
    # I18N: the hint before the first click of a game
    return {"kind": "first-click", "text": Renderer(language)._("Open any cell: the first click is always safe."), "highlights": []}


def chain_json(chain: Sequence[Deduction], renderer: Renderer) -> list[DeductionJson]:
    """A chain of steps for a client: each deduction as data with its words, and the cells it highlights."""
    return [chain_item(deduction, renderer) for deduction in chain]


def chain_item(deduction: Deduction, renderer: Renderer) -> DeductionJson:
    """One step of a chain: the deduction with its words, proof steps and the cells it highlights."""
    item = steps_json(deduction, renderer)
    item["highlights"] = highlights_to_json(highlights(deduction))
    return item


def steps_json(deduction: Deduction, renderer: Renderer) -> DeductionJson:
    """A deduction as data with its words, for a page that shows its proof as a list of steps: each
    step's cells by role (``highlights``), and the sentences before the steps (``lead``) and after
    them (``action``)."""
    item = deduction_json(deduction, renderer)
    for step_json, step in zip(item["proof"], deduction.proof):
        step_json["highlights"] = highlights_to_json(step_highlights(step))
    item["lead"] = renderer.lead(deduction)
    item["action"] = renderer.action(deduction)
    return item
