"""The mine count: alone (``GLOBAL_*``), under suppositions (``COUNT_REST_*``) and against numbers that share
no cell (``COUNT_SPLIT``).

Each function writes one kind of proof step from the step's data alone, through the renderer's gettext
calls (so its sentences are extracted with the rest); ``explainer.words.steps.WRITERS`` dispatches by kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from explainer.core.cells import Cell
from explainer.words.steps.suppositions import clash
from explainer.core.deduction import GlobalFigures, ProofStep, RestFigures, SplitFigures
from explainer.words.speaker import Speaker


def global_step(r: Speaker, step: ProofStep) -> str:
    """The mine count alone.  "Covered" is the board's: the mines already located are set aside by number,
    and the cells proved safe before are named with the new ones."""
    p = cast(GlobalFigures, step.params)
    total, count = p["total"], p["count"]
    if step.message == "global.all_found":
        cells = step.safe
        assert cells is not None
        others = cells | p["aside"] if p.get("aside") else cells
        if total == 0:
            # I18N: a board that has no mines at all; %(cells)s are its covered cells
            return r._("This board has no mines at all, so every covered cell is safe: %(cells)s.", cells=others)
        if total == 1:
            # I18N: the board's only mine is located, so every other covered cell (%(cells)s, %(count)s of them) is safe
            return r.ngettext(
                "The only mine is located, so the only other covered cell, %(cells)s, is safe.",
                "The only mine is located, so every other covered cell is safe: %(cells)s.",
                len(others),
                cells=others,
            )
        # I18N: every mine of the board is located, so the covered cells that are not mines are safe; %(total)s is
        # the board's mine count, %(cells)s those cells (%(count)s of them)
        return r.ngettext(
            "All %(total)s mines are located, so the only other covered cell, %(cells)s, is safe.",
            "All %(total)s mines are located, so every other covered cell is safe: %(cells)s.",
            len(others),
            total=total,
            cells=others,
        )
    cells = step.mines
    assert cells is not None
    if count == 2:
        # I18N: the mine count decides the last two cells: all but 2 of the board's %(total)s mines are located, and
        # exactly 2 covered cells (%(cells)s) are not decided yet
        return r._(
            "All but 2 of the %(total)s mines are located, and exactly 2 covered cells are not decided yet, so %(cells)s are both mines.",
            total=total,
            cells=cells,
        )
    # I18N: the mine count decides the last cells: all but %(count)s of the board's %(total)s mines are located,
    # and exactly %(count)s covered cells are not decided yet (%(cells)s)
    return r.ngettext(
        "All but %(count)s of the %(total)s mines are located, and %(cells)s is the only covered cell not decided yet, so it is a mine.",
        "All but %(count)s of the %(total)s mines are located, and exactly %(count)s covered cells are not decided yet, so %(cells)s are all mines.",
        count,
        total=total,
        cells=cells,
    )

def count_rest(r: Speaker, step: ProofStep) -> str:
    p = cast(RestFigures, step.params)
    if step.message == "count.rest_safe":
        # I18N: inside a proof: under the suppositions every mine of the board is placed, so the cells left are safe
        return r.ngettext(
            "Then every mine is placed, so %(cells)s is safe.",
            "Then every mine is placed, so %(cells)s are safe.",
            p["count"],
            cells=step.safe,
        )
    if p["count"] == 2:
        # I18N: inside a proof: under the suppositions the 2 mines still to place fill exactly the 2 cells not decided
        # yet (%(cells)s)
        return r._("Then the mine count is reached only if %(cells)s are both mines.", cells=step.mines)
    # I18N: inside a proof: under the suppositions the mines still to place fill exactly the cells not decided yet
    return r.ngettext(
        "Then the mine count is reached only if %(cells)s is a mine.",
        "Then the mine count is reached only if %(cells)s are all mines.",
        p["count"],
        cells=step.mines,
    )

#: numbers listed with their values ("the 2 at A1, the 1 at C4 and the 3 at F2"); more are named by cell
NAMED_NUMBERS = 3


def numbers_named(r: Speaker, numbers: Sequence[Cell], values: Sequence[int]) -> str:
    """"the 2 at A1, the 1 at C4 and the 3 at F2": numbers with what they show."""
    # I18N: one number in a list of numbers, e.g. "the 2 at A1" (used in "the 2 at A1 and the 1 at C4")
    return r.formats.list([r._("the %(number)s at %(clue)s", number=v, clue=c) for c, v in zip(numbers, values)])

def count_split(r: Speaker, step: ProofStep) -> str:
    p = cast(SplitFigures, step.params)
    numbers, held = p["numbers"], p["held"]
    values: Sequence[int] = p["values"]
    sentences = []
    unproved = p.get("unproved")
    if unproved:
        # I18N: before a counting argument: flags the player placed that the numbers do not prove are counted as
        # covered cells (not as mines), so the counts that follow differ from the mine counter by them
        sentences.append(
            r.ngettext(
                "The numbers do not prove your flag at %(cells)s, so it counts as covered here.",
                "The numbers do not prove your flags at %(cells)s, so they count as covered here.",
                len(unproved),
                cells=unproved,
            )
        )
    # I18N: during an endgame counting argument: mines of the board not yet located (nor supposed)
    sentences.append(r.ngettext("%(count)s mine remains to be placed.", "%(count)s mines remain to be placed.", p["left"]))
    if len(numbers) == 1:
        sentences.append(
            # I18N: one number holds exactly the mines it still needs among its undecided cells
            r.ngettext(
                "The %(number)s at %(clue)s holds exactly %(count)s of them.",
                "The %(number)s at %(clue)s holds exactly %(count)s of them.",
                held,
                number=values[0],
                clue=numbers[0],
            )
        )
    elif len(numbers) <= NAMED_NUMBERS:
        sentences.append(
            # I18N: several numbers (%(numbers)s: "the 2 at A1 and the 1 at C4") whose cells still to decide do not
            # overlap, so the mines they still need add up
            r.ngettext(
                "Between them, %(numbers)s hold exactly %(count)s of them, with no cell left to decide in common.",
                "Between them, %(numbers)s hold exactly %(count)s of them, with no cell left to decide in common.",
                held,
                numbers=numbers_named(r, numbers, values),
            )
        )
    else:
        sentences.append(
            # I18N: many numbers (%(count)s of them, highlighted) whose cells still to decide do not overlap, so the mines
            # they still need add up: %(held)s of the mines left
            r.ngettext(
                "The %(count)s number marked holds exactly %(held)s of the mines left.",
                "The %(count)s numbers marked have no cell left to decide in common, so together they hold exactly %(held)s of the mines left.",
                len(numbers),
                held=held,
            )
        )
    if step.clash is not None:
        sentences.append(clash(r, step))
    elif step.safe:
        sentences.append(
            # I18N: a counting argument: no mine is left for the other cells, which are safe
            r.ngettext(
                "That places every mine, so %(cells)s is safe.",
                "That places every mine, so %(cells)s are safe.",
                p["count"],
                cells=step.safe,
            )
        )
    elif step.mines:
        sentences.append(
            # I18N: a counting argument: the mines left fill exactly the cells not decided yet
            r.ngettext(
                "That leaves one mine for the one cell not decided yet: %(cells)s.",
                "That leaves %(count)s mines for the %(count)s cells not decided yet: %(cells)s are mines.",
                p["count"],
                cells=step.mines,
            )
        )
    return r.join(sentences)
