"""Suppositions and their cases: a clash, a supposition, a case, the conclusion, every placement.

Each function writes one kind of proof step from the step's data alone, through the renderer's gettext
calls (so its sentences are extracted with the rest); ``explainer.words.steps.WRITERS`` dispatches by kind.
"""

from __future__ import annotations

from typing import cast

from explainer.core.deduction import ConclusionFigures, ProofStep
from explainer.words.speaker import Speaker


def clash(r: Speaker, step: ProofStep) -> str:
    clash = step.clash
    assert clash is not None
    if clash.number is not None:
        if clash.too_many:
            # I18N: a contradiction: under the suppositions a number (%(number)s) would touch %(count)s mines, more than it shows
            return r.ngettext(
                "But then the %(number)s at %(clue)s would touch %(count)s mine.",
                "But then the %(number)s at %(clue)s would touch %(count)s mines.",
                clash.mines,
                number=clash.value,
                clue=clash.number,
            )
        if clash.room == 0:
            if clash.mines == 0:
                # I18N: a contradiction: under the suppositions a number would have no mine and no cell left that could hold one
                return r._("But then the %(number)s at %(clue)s could have no mine.", number=clash.value, clue=clash.number)
            # I18N: a contradiction: under the suppositions a number would touch only %(count)s mines, fewer than it shows,
            # with no cell left that could hold more
            return r.ngettext(
                "But then the %(number)s at %(clue)s could touch only %(count)s mine.",
                "But then the %(number)s at %(clue)s could touch only %(count)s mines.",
                clash.mines,
                number=clash.value,
                clue=clash.number,
            )
        # I18N: a contradiction: under the suppositions a number would still need %(missing)s more mines with only
        # %(count)s cells left that could hold them (too few)
        return r.ngettext(
            "But then the %(number)s at %(clue)s would need %(missing)s more, with only %(count)s cell left.",
            "But then the %(number)s at %(clue)s would need %(missing)s more, with only %(count)s cells left.",
            clash.room,
            number=clash.value,
            clue=clash.number,
            missing=clash.value - clash.mines,
        )
    if clash.too_many:
        # I18N: a contradiction: under the suppositions the board would hold more mines than it has
        return r.ngettext(
            "But then there would be %(count)s mine on the board, more than its %(total)s.",
            "But then there would be %(count)s mines on the board, more than its %(total)s.",
            clash.mines,
            total=clash.value,
        )
    if clash.room == 0:
        # I18N: a contradiction: the board would hold fewer mines than it has, with no covered cell left for the rest
        return r.ngettext(
            "But then the board would have only %(mines)s of its %(count)s mine, with no cell left for the rest.",
            "But then the board would have only %(mines)s of its %(count)s mines, with no cell left for the rest.",
            clash.value,
            mines=clash.mines,
        )
    # I18N: a contradiction: the board's mines could not all be placed
    return r.ngettext(
        "But then the board would have %(mines)s of its %(total)s mines and only %(count)s cell left that could hold the rest, too few.",
        "But then the board would have %(mines)s of its %(total)s mines and only %(count)s cells left that could hold the rest, too few.",
        clash.room,
        mines=clash.mines,
        total=clash.value,
    )

def suppose(r: Speaker, step: ProofStep) -> str:
    cell, is_mine = step.assume[-1]
    if is_mine:
        return r._("Suppose %(cell)s were a mine.", cell=cell)
    return r._("Suppose %(cell)s were safe.", cell=cell)

def case(r: Speaker, step: ProofStep) -> str:
    cell, is_mine = step.assume[-1]
    if is_mine:
        # I18N: the first case of a split on one cell (the next sentences assume it)
        return r._("First case: %(cell)s is a mine.", cell=cell)
    # I18N: the second case of a split on one cell (the next sentences assume it)
    return r._("Second case: %(cell)s is safe.", cell=cell)

def therefore(r: Speaker, step: ProofStep) -> str:
    figures = cast(ConclusionFigures, step.params)
    cell = figures["cell"]
    if figures["cases"]:
        if step.mines:
            # I18N: the end of a proof by cases: both cases of the split broke a number, so the supposition is false
            return r._("Both cases are impossible, so %(cell)s is a mine.", cell=cell)
        return r._("Both cases are impossible, so %(cell)s is safe.", cell=cell)
    if step.mines:
        # I18N: the end of a proof by contradiction, right after the number the supposition breaks ("But then ...")
        return r._("So %(cell)s is a mine.", cell=cell)
    return r._("So %(cell)s is safe.", cell=cell)

def cases(r: Speaker, step: ProofStep) -> str:
    sentences = []
    if step.safe:
        if step.uses_mine_count:
            # I18N: every way of placing mines that fits the numbers and the mine count has these cells safe
            sentences.append(
                r.ngettext(
                    "However the mines fit these numbers and the mine count, %(cells)s is safe.",
                    "However the mines fit these numbers and the mine count, %(cells)s are safe.",
                    len(step.safe),
                    cells=step.safe,
                )
            )
        else:
            sentences.append(
                r.ngettext(
                    "However the mines fit these numbers, %(cells)s is safe.",
                    "However the mines fit these numbers, %(cells)s are safe.",
                    len(step.safe),
                    cells=step.safe,
                )
            )
    if step.mines:
        if step.uses_mine_count:
            sentences.append(
                r.ngettext(
                    "However the mines fit these numbers and the mine count, %(cells)s is a mine.",
                    "However the mines fit these numbers and the mine count, %(cells)s are mines.",
                    len(step.mines),
                    cells=step.mines,
                )
            )
        else:
            sentences.append(
                r.ngettext(
                    "However the mines fit these numbers, %(cells)s is a mine.",
                    "However the mines fit these numbers, %(cells)s are mines.",
                    len(step.mines),
                    cells=step.mines,
                )
            )
    return r.join(sentences)
