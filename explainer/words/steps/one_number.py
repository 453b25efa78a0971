"""One number decides its covered cells (``StepKind.SIMPLE_*``, ``SimpleFigures``).

Each function writes one kind of proof step from the step's data alone, through the renderer's gettext
calls (so its sentences are extracted with the rest); ``explainer.words.steps.WRITERS`` dispatches by kind.
"""

from __future__ import annotations

from typing import cast

from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import ProofStep, SimpleFigures
from explainer.words.speaker import Speaker


def already_has(r: Speaker, number: int, clue: Cell, found: int, mines: CellSet) -> str:
    if found == number:
        if number == 2:
            # I18N: a 2 whose two mines are both found; %(mines)s names them
            return r._("The 2 at %(clue)s already has both of its mines: %(mines)s.", clue=clue, mines=mines)
        # I18N: %(number)s is a revealed number (like 3), %(clue)s its cell, %(mines)s the mines next to it
        return r.ngettext(
            "The %(number)s at %(clue)s already has its mine at %(mines)s.",
            "The %(number)s at %(clue)s already has all %(number)s of its mines: %(mines)s.",
            number,
            number=number,
            clue=clue,
            mines=mines,
        )
    return r.ngettext(
        "The %(number)s at %(clue)s already has %(found)s mine next to it: %(mines)s.",
        "The %(number)s at %(clue)s already has %(found)s mines next to it: %(mines)s.",
        found,
        number=number,
        clue=clue,
        found=found,
        mines=mines,
    )

def simple_step(r: Speaker, step: ProofStep) -> str:
    """One number decides its covered cells.  Counted as on the board: its covered neighbours are the
    mines it already has (named), the cells already known safe (named as set aside) and the cells it
    decides."""
    p = cast(SimpleFigures, step.params)
    number, clue, found, n = p["number"], p["clue"], p["found"], p["count"]
    aside: CellSet | None = p.get("aside") or None
    if step.message == "simple.all_safe":
        cells = step.safe
        assert cells is not None
        if step.assume:
            # I18N: inside a proof, under a supposition: a number has all its mines, so its other cells are safe
            return r.ngettext(
                "Then the %(number)s at %(clue)s has all its mines: %(cells)s is safe.",
                "Then the %(number)s at %(clue)s has all its mines: %(cells)s are safe.",
                n,
                number=number,
                clue=clue,
                cells=cells,
            )
        # every covered neighbour but its mines is safe: those proved before are said again, so the count is the board's
        others = cells | aside if aside else cells
        if number == 0:
            return r.ngettext(
                "The 0 at %(clue)s has no mine around it, so its covered neighbour %(cells)s is safe.",
                "The 0 at %(clue)s has no mine around it, so its %(count)s covered neighbours are safe: %(cells)s.",
                len(others),
                clue=clue,
                cells=others,
            )
        return r.join(
            [
                already_has(r, number, clue, found, p["found_at"]),
                r.ngettext(
                    "So its other covered neighbour, %(cells)s, is safe.",
                    "So its other %(count)s covered neighbours are safe: %(cells)s.",
                    len(others),
                    cells=others,
                ),
            ]
        )
    cells = step.mines
    assert cells is not None
    if step.assume:
        if n == 2:
            # I18N: inside a proof, under a supposition: a number needs both of the two cells it has left (%(cells)s)
            return r._("Then the %(number)s at %(clue)s needs both its last cells, %(cells)s: mines.", number=number, clue=clue, cells=cells)
        # I18N: inside a proof, under a supposition: a number needs every cell it has left (%(cells)s)
        return r.ngettext(
            "Then the %(number)s at %(clue)s needs its last cell, %(cells)s: a mine.",
            "Then the %(number)s at %(clue)s needs all its last cells, %(cells)s: mines.",
            n,
            number=number,
            clue=clue,
            cells=cells,
        )
    if found == 0:
        if aside:
            # I18N: a number whose covered neighbours, apart from some known to be safe (%(aside)s), are exactly as many
            # as it shows: they are all mines.  %(count)s is how many covered cells are left, %(cells)s names them
            return r.ngettext(
                "Apart from %(aside)s, known to be safe, the %(number)s at %(clue)s touches exactly %(count)s covered cell, %(cells)s, so it is a mine.",
                "Apart from %(aside)s, known to be safe, the %(number)s at %(clue)s touches exactly %(count)s covered cells, %(cells)s, so all of them are mines.",
                n,
                aside=aside,
                number=number,
                clue=clue,
                cells=cells,
            )
        if n == 2:
            # I18N: a number that touches exactly two covered cells, and needs two mines
            return r._(
                "The %(number)s at %(clue)s touches exactly 2 covered cells, %(cells)s, so both are mines.",
                number=number,
                clue=clue,
                cells=cells,
            )
        return r.ngettext(
            "The %(number)s at %(clue)s touches exactly %(count)s covered cell, %(cells)s, so it is a mine.",
            "The %(number)s at %(clue)s touches exactly %(count)s covered cells, %(cells)s, so all of them are mines.",
            n,
            number=number,
            clue=clue,
            cells=cells,
        )
    if aside and n == 2:
        # I18N: after "The 3 at E4 already has 1 mine next to it: F4.": apart from the covered cells known to be safe
        # (%(aside)s), exactly 2 covered cells are left for the 2 mines it still needs
        last = r._(
            "Apart from %(aside)s, known to be safe, it has exactly 2 other covered cells for the 2 mines it still needs, so %(cells)s are both mines.",
            aside=aside,
            cells=cells,
        )
    elif aside:
        # I18N: after "The 3 at E4 already has 1 mine next to it: F4.": apart from the covered cells known to be safe
        # (%(aside)s), exactly as many covered cells are left as the mines it still needs
        last = r.ngettext(
            "Apart from %(aside)s, known to be safe, it has exactly %(count)s other covered cell for the %(count)s mine it still needs, so %(cells)s is a mine.",
            "Apart from %(aside)s, known to be safe, it has exactly %(count)s other covered cells for the %(count)s mines it still needs, so %(cells)s are all mines.",
            n,
            aside=aside,
            cells=cells,
        )
    elif n == 2:
        # I18N: a number that needs 2 more mines and has exactly 2 other covered cells
        last = r._(
            "It needs 2 more, and exactly 2 other covered cells are left, so %(cells)s are both mines.", cells=cells
        )
    else:
        last = r.ngettext(
            "It needs %(count)s more, and exactly %(count)s other covered cell is left, so %(cells)s is a mine.",
            "It needs %(count)s more, and exactly %(count)s other covered cells are left, so %(cells)s are all mines.",
            n,
            cells=cells,
        )
    return r.join([already_has(r, number, clue, found, p["found_at"]), last])
