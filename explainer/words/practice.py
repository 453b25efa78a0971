"""A practice answer in words: each wrong cell's reason in one or two sentences from the player's view,
how many cells a partial answer has left, and the verdict as JSON.

A cell opened that the view proves a mine, or flagged that it proves safe, says so and gives the steps
that prove it (``CellVerdict.chain``); a cell the view does not decide gives a placement that fits every
number around it with the cell the other way (``CellVerdict.placement``), or says that no number
touches it.  Every cell and count named comes from the verdict's data (``explainer.learn.practice``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from typing_extensions import Doc, TypedDict

from explainer.core.cells import Cell, CellSet
from explainer.core.json_shapes import CellJson, Count, HighlightJson
from explainer.engine.highlight import Marks, highlights, highlights_to_json
from explainer.learn.practice import AnswerResult, CellVerdict, Mark, Reason, Status, WorkResult
from explainer.words.lessons import shape_json, shape_sentence
from explainer.words.render import Renderer

__all__ = ["AnswerJson", "CellVerdictJson", "WorkJson", "answer_json", "left_text", "missed_text", "verdict_text", "work_json",
           "work_text"]



class CellVerdictJson(TypedDict):
    cell: CellJson
    move: Literal["open", "flag"] | None
    verdict: Mark
    reason: Reason | None
    text: Annotated[str, Doc("Why a wrong cell is wrong; empty for a cell right or missed.")]
    placement: Annotated[list[CellJson] | None, Doc(
        "For a cell the board does not decide: the mines of a placement that fits every number around it, with the "
        "cell the other way.")]
    highlights: list[HighlightJson]


class AnswerJson(TypedDict):
    """An answer's verdict; missing (the cells of the pattern not answered) only for a wrong answer."""

    status: Status
    correct: bool
    left: Annotated[Count | None, Doc(
        "Cells of the pattern not answered yet (null for an answer with none of them: it reveals nothing).")]
    text: Annotated[str, Doc("For a partial answer: how many cells are left.")]
    cells: Annotated[list[CellVerdictJson], Doc(
        "Each cell answered; for a wrong answer also each cell of the pattern missed.")]
    found: list[CellJson]
    missing: list[CellJson] | None  # only for a wrong answer (else it would give the answer away)
    wrong_opened: list[CellJson]
    wrong_flagged: list[CellJson]


def verdict_text(renderer: Renderer, verdict: CellVerdict) -> str:
    """Why a wrong cell is wrong, from the player's view ("" for a cell right or missed)."""
    cell = verdict.cell
    if verdict.verdict is not Mark.WRONG:
        return ""
    if verdict.reason in (Reason.MINE, Reason.SAFE):
        if verdict.reason is Reason.MINE:
            # I18N: practice: the player opened %(cell)s, which the board proves to be a mine; the proof follows
            lead = renderer._("You opened %(cell)s, but it is a mine.", cell=cell)
        else:
            # I18N: practice: the player flagged %(cell)s, which the board proves to be safe; the proof follows
            lead = renderer._("You flagged %(cell)s, but it is safe.", cell=cell)
        proof = [shape_sentence(renderer, verdict.shape)] if verdict.shape is not None else renderer.chain(verdict.chain)
        return renderer.join([lead, *proof])
    if verdict.reason is Reason.NO_NUMBER:
        # I18N: practice: the player opened or flagged %(cell)s, which no number touches, so nothing decides it
        return renderer._("No number touches %(cell)s, so nothing decides it yet.", cell=cell)
    placement = verdict.placement
    if not placement:
        # I18N: practice: the numbers do not decide %(cell)s yet (it could be a mine or safe)
        return renderer._("The numbers do not decide %(cell)s yet.", cell=cell)
    if verdict.move == "open":
        # I18N: practice: the player opened %(cell)s, but the numbers around it also fit the mines at %(mines)s
        # (which include %(cell)s), so it could be a mine
        return renderer.ngettext(
            "%(cell)s could still be a mine: a mine at %(mines)s fits every number around it.",
            "%(cell)s could still be a mine: mines at %(mines)s fit every number around them.",
            len(placement),
            cell=cell,
            mines=placement,
        )
    # I18N: practice: the player flagged %(cell)s, but the numbers around also fit the mines at %(mines)s, with
    # no mine at %(cell)s, so it could be safe
    return renderer.ngettext(
        "%(cell)s could still be safe: a mine at %(mines)s, none at %(cell)s, fits every number around it.",
        "%(cell)s could still be safe: mines at %(mines)s, none at %(cell)s, fit every number around them.",
        len(placement),
        cell=cell,
        mines=placement,
    )


class WorkJson(TypedDict):
    """Whether the numbers the player marked for an answer prove it ("show your work")."""

    numbers: list[CellJson]
    proves: bool
    cell: Annotated[CellJson | None, Doc("The first answered cell the marked numbers leave open (null: they prove "
                                         "every one).")]
    placement: Annotated[list[CellJson] | None, Doc("Then: the mines of a placement that fits every marked number "
                                                    "with that cell the other way.")]
    text: str
    highlights: list[HighlightJson]


def work_text(renderer: Renderer, work: WorkResult) -> str:
    """"Your marked numbers (B2 and C2) prove it." or why they do not, with a placement that fits them."""
    numbers = renderer.cells(work.numbers)
    if work.proves or work.cell is None:
        # I18N: practice, "show your work": the numbers the player marked (%(numbers)s, a list of cells) prove the answer
        return renderer._("Your marked numbers (%(numbers)s) prove it.", numbers=numbers)
    placement = work.placement if work.placement is not None else CellSet(0, 1)
    if work.move == "open":
        # I18N: practice, "show your work": the marked numbers (%(numbers)s) also fit the mines at %(mines)s (which
        # include %(cell)s, the cell the player opened), so they do not prove it safe
        return renderer.ngettext(
            "Your marked numbers (%(numbers)s) do not prove %(cell)s safe: a mine at %(mines)s fits them too.",
            "Your marked numbers (%(numbers)s) do not prove %(cell)s safe: mines at %(mines)s fit them too.",
            len(placement), numbers=numbers, cell=work.cell, mines=placement,
        )
    if not placement:
        # I18N: practice, "show your work": the marked numbers (%(numbers)s) fit with no mine at %(cell)s, the cell
        # the player flagged
        return renderer._("Your marked numbers (%(numbers)s) do not prove %(cell)s a mine: they fit with no mine "
                          "there.", numbers=numbers, cell=work.cell)
    # I18N: practice, "show your work": the marked numbers (%(numbers)s) also fit the mines at %(mines)s with none at
    # %(cell)s, the cell the player flagged, so they do not prove it a mine
    return renderer.ngettext(
        "Your marked numbers (%(numbers)s) do not prove %(cell)s a mine: a mine at %(mines)s, none there, fits them too.",
        "Your marked numbers (%(numbers)s) do not prove %(cell)s a mine: mines at %(mines)s, none there, fit them too.",
        len(placement), numbers=numbers, cell=work.cell, mines=placement,
    )


def work_json(work: WorkResult, renderer: Renderer) -> WorkJson:
    marks: Marks = {cell: ("clue",) for cell in work.numbers}
    if work.cell is not None:
        marks[work.cell] = (*marks.get(work.cell, ()), "move")
    for cell in work.placement or ():
        marks[cell] = (*marks.get(cell, ()), "mine")
    return {
        "numbers": [[cell.row, cell.col] for cell in work.numbers],
        "proves": work.proves,
        "cell": None if work.cell is None else [work.cell.row, work.cell.col],
        "placement": None if work.placement is None else work.placement.to_json(),
        "text": work_text(renderer, work),
        "highlights": highlights_to_json(dict(sorted(marks.items()))),
    }


def left_text(renderer: Renderer, left: int) -> str:
    """A partial answer: no mistake, ``left`` cells of the lesson still to find."""
    # I18N: practice: the answer has no mistake but is not complete; %(count)s cells of the pattern are left
    return renderer.ngettext("No mistake so far: %(count)s more cell to find.", "No mistake so far: %(count)s more cells to find.", left)


def _verdict_highlights(verdict: CellVerdict, renderer: Renderer) -> list[HighlightJson]:
    if verdict.shape is not None:
        return shape_json(verdict.shape, renderer)["highlights"]
    marks: Marks = {}
    for deduction in verdict.chain:
        for cell, roles in highlights(deduction).items():
            marks[cell] = tuple(dict.fromkeys((*marks.get(cell, ()), *roles)))
    for cell in verdict.placement or ():
        marks[Cell(*cell)] = (*marks.get(Cell(*cell), ()), "assumed")
    marks.setdefault(verdict.cell, ("move",))  # the cell the reason is about, shown even when nothing else is
    return highlights_to_json(marks)


def answer_json(result: AnswerResult, renderer: Renderer) -> AnswerJson:
    """The verdict for the player: each cell answered with its reason, how many are left, and (only for
    a wrong answer) the lesson cells missed."""
    cells: list[CellVerdictJson] = [
        {
            "cell": verdict.cell.to_json(),
            "move": verdict.move,
            "verdict": verdict.verdict,
            "reason": verdict.reason,
            "text": verdict_text(renderer, verdict),
            "placement": None if verdict.placement is None else verdict.placement.to_json(),
            "highlights": _verdict_highlights(verdict, renderer),
        }
        for verdict in result.cells
    ]
    return {
        "status": result.status,
        "correct": result.correct,
        "left": None if result.status is Status.INCOMPLETE else result.left,
        "text": left_text(renderer, result.left) if result.status is Status.PARTIAL else "",
        "cells": cells,
        "found": result.found.to_json(),
        "missing": result.missing.to_json() if result.status is Status.WRONG else None,
        "wrong_opened": result.wrong_opened.to_json(),
        "wrong_flagged": result.wrong_flagged.to_json(),
    }


def missed_text(renderer: Renderer, date: str, move: int, pattern: str, safe: CellSet, mines: CellSet) -> str:
    """Where a player's game missed a step of the pattern named ``pattern`` (a lesson's name, in the
    language): the game's ``date`` (already formatted), the move, and the cells the step decides (the
    safe ones, which the player could have opened, when it has any; else its mines)."""
    if safe:
        # I18N: "Your practice": where a step was missed in the player's game; %(date)s the game's date, %(move)s the
        # move's number, %(pattern)s the lesson's name (e.g. "1-2-1"), %(cells)s the cells the step proves safe
        return renderer.ngettext(
            "In your game of %(date)s, at move %(move)s, this pattern (%(pattern)s) would have told you that %(cells)s was safe.",
            "In your game of %(date)s, at move %(move)s, this pattern (%(pattern)s) would have told you that %(cells)s were safe.",
            len(safe),
            date=date,
            move=move,
            pattern=pattern,
            cells=safe,
        )
    # I18N: "Your practice": where a step was missed in the player's game; %(date)s the game's date, %(move)s the
    # move's number, %(pattern)s the lesson's name (e.g. "1-2-1"), %(cells)s the cells the step proves to be mines
    return renderer.ngettext(
        "In your game of %(date)s, at move %(move)s, this pattern (%(pattern)s) would have told you that %(cells)s was a mine.",
        "In your game of %(date)s, at move %(move)s, this pattern (%(pattern)s) would have told you that %(cells)s were mines.",
        len(mines),
        date=date,
        move=move,
        pattern=pattern,
        cells=mines,
    )
