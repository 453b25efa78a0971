"""Two numbers compared through the covered cells they share (``StepKind.PAIR_*``, ``PairFigures``).

Each function writes one kind of proof step from the step's data alone, through the renderer's gettext
calls (so its sentences are extracted with the rest); ``explainer.words.steps.WRITERS`` dispatches by kind.
"""

from __future__ import annotations

from typing import NamedTuple, cast

from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import PairFigures, ProofStep
from explainer.words.speaker import Speaker


class _Side(NamedTuple):
    """One of the two numbers: what it shows, its cell, the mines it still needs, its cells not shared
    with the other (undecided), its covered neighbours already decided, and of those its mines found."""

    number: int
    clue: Cell
    missing: int
    unique: CellSet
    decided: CellSet
    found: CellSet


def pair_step(r: Speaker, step: ProofStep) -> str:
    """Two numbers compared through the covered cells they share: one sentence for the shared cells,
    one for the bound a number puts on them, one for what that decides.  Inside a proof, under a
    supposition, one short sentence says the same (``_under_supposition``)."""
    p = cast(PairFigures, step.params)
    common: CellSet = p["common"]
    safe = step.safe or CellSet(0, common.width)
    mines = step.mines or CellSet(0, common.width)
    side = {
        "a": _Side(p["a"], p["a_clue"], p["a_missing"], p["unique_a"], p["a_found_at"] | p["a_aside"], p["a_found_at"]),
        "b": _Side(p["b"], p["b_clue"], p["b_missing"], p["unique_b"], p["b_found_at"] | p["b_aside"], p["b_found_at"]),
    }
    low, high = p["common_min"], p["common_max"]
    if step.assume:
        return _under_supposition(r, side, common, low, high, safe, mines)
    # one sentence per side it decides, as a teacher compares them (when every count can be said as read)
    told = _compared(r, side, common, low, high, safe, mines)
    if told:
        return told
    shared_aside = side["a"].decided & side["b"].decided
    found = side["a"].found | side["b"].found
    sentences = []
    if shared_aside:
        # I18N: two numbers (like "the 1 at C4 and the 2 at D4"), the covered cells next to both, apart from the
        # cells known already (%(aside)s: "the mine at C3 and the safe cell D5")
        sentences.append(
            r._(
                "Apart from %(aside)s, the %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s share %(cells)s.",
                aside=_known(r, shared_aside, found),
                a=p["a"],
                a_clue=p["a_clue"],
                b=p["b"],
                b_clue=p["b_clue"],
                cells=common,
            )
        )
    else:
        sentences.append(
            # I18N: two numbers (like "the 1 at C4 and the 2 at D4") and the covered cells next to both (%(cells)s)
            r._(
                "The %(a)s at %(a_clue)s and the %(b)s at %(b_clue)s share %(cells)s.",
                a=p["a"],
                a_clue=p["a_clue"],
                b=p["b"],
                b_clue=p["b_clue"],
                cells=common,
            )
        )
    for key, other in (("a", "b"), ("b", "a")):
        mine, theirs = side[key], side[other]
        cells = mine.unique
        if not cells:
            continue
        if cells <= safe:
            outside = theirs.decided - shared_aside
            sentences.append(
                pair_lower_bound(r, theirs.number, theirs.clue, theirs.unique, low, theirs.missing, outside, theirs.found)
            )
            if mine.missing == mine.number:
                # I18N: the shared cells hold all the mines this number shows, so its cells outside them are safe
                done = r.ngettext(
                    "That is all the %(number)s at %(clue)s needs, so %(cells)s is safe.",
                    "That is all the %(number)s at %(clue)s needs, so %(cells)s are safe.",
                    len(cells),
                    number=mine.number,
                    clue=mine.clue,
                    cells=cells,
                )
            else:
                # I18N: the shared cells hold all the mines this number still needs (it has some already)
                done = r.ngettext(
                    "That is all the %(number)s at %(clue)s still needs, so %(cells)s is safe.",
                    "That is all the %(number)s at %(clue)s still needs, so %(cells)s are safe.",
                    len(cells),
                    number=mine.number,
                    clue=mine.clue,
                    cells=cells,
                )
            sentences.append(done)
        elif cells <= mines:
            sentences.append(pair_upper_bound(r, theirs.number, theirs.clue, theirs.missing, len(common), high))
            # I18N: the rest of the mines a number needs must be in its cells outside the shared ones
            sentences.append(
                r.ngettext(
                    "So the %(number)s at %(clue)s needs a mine outside the shared cells: %(cells)s.",
                    "So the %(number)s at %(clue)s needs %(count)s mines outside the shared cells: %(cells)s.",
                    len(cells),
                    number=mine.number,
                    clue=mine.clue,
                    cells=cells,
                )
            )
    return r.join(sentences)

def _known(r: Speaker, cells: CellSet, mines: CellSet) -> str:
    """"the mine at C3 and the safe cell D5": covered cells known already, said for what they are."""
    parts = []
    found, safe = cells & mines, cells - mines
    if found:
        # I18N: covered cells known to be mines (flagged or proved), set aside in "Apart from ..., the 1 at C4 ..."
        parts.append(r.ngettext("the mine at %(cells)s", "the mines at %(cells)s", len(found), cells=found))
    if safe:
        # I18N: covered cells known to be safe, set aside in "Apart from ..., the 1 at C4 ..."
        parts.append(r.ngettext("the safe cell %(cells)s", "the safe cells %(cells)s", len(safe), cells=safe))
    return r.formats.list(parts)


def pair_lower_bound(
    r: Speaker, number: int, clue: Cell, alone: CellSet, low: int, missing: int, aside: CellSet, found: CellSet
) -> str:
    """Why the shared cells hold at least ``low`` mines: this number cannot fit more outside them.  Its
    covered cells outside them that are known already (``aside``; of those ``found`` are mines) are named for
    what they are, so the cells said to be outside are the board's."""
    if aside:
        if not alone:
            # I18N: apart from cells known already (%(aside)s: "the mine at C3 and the safe cell D5"), every covered
            # cell of this number is shared with the other number, so the mines it still needs are shared too
            return r.ngettext(
                "Apart from %(aside)s, the %(number)s at %(clue)s has no other covered cell, so the %(count)s mine it still needs is shared.",
                "Apart from %(aside)s, the %(number)s at %(clue)s has no other covered cell, so the %(count)s mines it still needs are shared.",
                low,
                aside=_known(r, aside, found),
                number=number,
                clue=clue,
            )
        # I18N: a lower bound on the mines in the shared cells; %(aside)s are covered cells known already ("the mine at
        # C3 and the safe cell D5"), %(alone)s the number's only other covered cells outside the shared ones
        return r.ngettext(
            "Apart from %(aside)s, the %(number)s at %(clue)s has only %(alone)s outside them, so at least %(count)s of the mines it still needs is shared.",
            "Apart from %(aside)s, the %(number)s at %(clue)s has only %(alone)s outside them, so at least %(count)s of the mines it still needs are shared.",
            low,
            aside=_known(r, aside, found),
            number=number,
            clue=clue,
            alone=alone,
        )
    if not alone:
        if missing == number:
            # I18N: every covered cell of this number is shared with the other number, so its mines are shared too
            return r.ngettext(
                "The %(number)s at %(clue)s has no other covered cell, so its mine is shared.",
                "The %(number)s at %(clue)s has no other covered cell, so its %(count)s mines are shared.",
                low,
                number=number,
                clue=clue,
            )
        # I18N: every undecided covered cell of this number is shared, so the mines it still needs are shared too
        return r.ngettext(
            "The %(number)s at %(clue)s has no other covered cell, so the %(count)s mine it still needs is shared.",
            "The %(number)s at %(clue)s has no other covered cell, so the %(count)s mines it still needs are shared.",
            low,
            number=number,
            clue=clue,
        )
    if missing == number:
        # I18N: a lower bound on the mines in the shared cells: this number has only %(alone)s outside them
        return r.ngettext(
            "The %(number)s at %(clue)s has only %(alone)s outside them, so at least %(count)s of its mines is shared.",
            "The %(number)s at %(clue)s has only %(alone)s outside them, so at least %(count)s of its mines are shared.",
            low,
            number=number,
            clue=clue,
            alone=alone,
        )
    # I18N: a lower bound on the mines in the shared cells, for a number that has some of its mines already
    return r.ngettext(
        "The %(number)s at %(clue)s has only %(alone)s outside them, so at least %(count)s of the mines it still needs is shared.",
        "The %(number)s at %(clue)s has only %(alone)s outside them, so at least %(count)s of the mines it still needs are shared.",
        low,
        number=number,
        clue=clue,
        alone=alone,
    )

def pair_upper_bound(r: Speaker, number: int, clue: Cell, missing: int, common: int, high: int) -> str:
    """Why the shared cells hold at most ``high`` mines: the other number needs no more, or they are that few."""
    if high == missing:
        if missing != number:
            # I18N: an upper bound on the mines in the shared cells, from the mines the other number still needs
            return r.ngettext(
                "The %(number)s at %(clue)s needs %(count)s more mine, so the shared cells hold at most %(count)s.",
                "The %(number)s at %(clue)s needs %(count)s more mines, so the shared cells hold at most %(count)s.",
                high,
                number=number,
                clue=clue,
            )
        # I18N: an upper bound on the mines in the shared cells, from the other number
        return r.ngettext(
            "The %(number)s at %(clue)s needs %(count)s mine, so the shared cells hold at most %(count)s.",
            "The %(number)s at %(clue)s needs %(count)s mines, so the shared cells hold at most %(count)s.",
            high,
            number=number,
            clue=clue,
        )
    # I18N: an upper bound on the mines in the shared cells, from their size
    return r.ngettext(
        "The shared cells are only %(count)s cell, so they hold at most %(count)s mine.",
        "The shared cells are only %(count)s cells, so they hold at most %(count)s mines.",
        common,
    )


def _with_mines(r: Speaker, found: CellSet) -> str:
    """"with its mine at C4" / "with its mines at C4 and D4": a number's mines already found, named."""
    # I18N: a clause after a number ("the 3 at E4, with its mines at D3 and F3,"): the mines it has already
    return r.ngettext("with its mine at %(cells)s", "with its mines at %(cells)s", len(found), cells=found)


def _compared(
    r: Speaker, side: dict[str, _Side], common: CellSet, low: int, high: int, safe: CellSet, mines: CellSet
) -> str:
    """Two numbers compared in one sentence per side they decide, their mines already found named: "The 1 at P12
    allows at most 1 of its mines in P11 and Q11, so the 2 at Q12 needs a mine at R11."  Every count is the board's
    (each number's value, its mines named, its covered cells).  Empty when a form would not say it as read (a bound
    from the shared cells' size, or covered cells known safe beside a number)."""
    sentences = []
    if side["a"].unique and side["b"].unique and (side["a"].found or side["b"].found):
        return ""  # (deciding both sides would name the same mines found twice, in consecutive sentences)
    for key, other in (("a", "b"), ("b", "a")):
        mine, theirs = side[key], side[other]
        cells = mine.unique
        if not cells:
            continue
        if mine.decided != mine.found or (cells <= safe and theirs.decided != theirs.found):
            return ""  # (a covered cell known safe would have to be set aside by name)
        m_with = _with_mines(r, mine.found) if mine.found else ""
        t_with = _with_mines(r, theirs.found) if theirs.found else ""
        if cells <= safe and 0 < low == theirs.missing - len(theirs.unique) and low == mine.missing:
            sentences.append(_lower(r, theirs, mine, low, common, cells, t_with, m_with))
        elif cells <= mines and high == theirs.missing and mine.missing - high == len(cells):
            sentences.append(_upper(r, theirs, mine, high, common, cells, t_with, m_with))
        else:
            return ""  # (a bound from the shared cells' size)
    return r.join(sentences)


def _lower(r: Speaker, theirs: _Side, mine: _Side, low: int, common: CellSet, cells: CellSet, t_with: str, m_with: str) -> str:
    """One number has room outside the shared cells for only some of its mines: the rest, all the other needs."""
    values = {"a": theirs.number, "a_clue": theirs.clue, "low": low, "common": common, "b": mine.number, "b_clue": mine.clue,
              "cells": cells, "a_with": t_with, "b_with": m_with}
    if t_with and m_with:
        # I18N: as below, both numbers with their mines already found (%(a_with)s, %(b_with)s: "with its mine at C4")
        return r.ngettext(
            "The %(a)s at %(a_clue)s, %(a_with)s, puts at least %(low)s more of its mines in %(common)s, all the %(b)s at %(b_clue)s, %(b_with)s, still needs, so %(cells)s is safe.",
            "The %(a)s at %(a_clue)s, %(a_with)s, puts at least %(low)s more of its mines in %(common)s, all the %(b)s at %(b_clue)s, %(b_with)s, still needs, so %(cells)s are safe.",
            len(cells), **values)
    if t_with:
        # I18N: as below, the first number with its mines already found (%(a_with)s: "with its mine at C4")
        return r.ngettext(
            "The %(a)s at %(a_clue)s, %(a_with)s, puts at least %(low)s more of its mines in %(common)s, all the %(b)s at %(b_clue)s needs, so %(cells)s is safe.",
            "The %(a)s at %(a_clue)s, %(a_with)s, puts at least %(low)s more of its mines in %(common)s, all the %(b)s at %(b_clue)s needs, so %(cells)s are safe.",
            len(cells), **values)
    if m_with:
        # I18N: as below, the second number with its mines already found (%(b_with)s: "with its mine at C4")
        return r.ngettext(
            "The %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, all the %(b)s at %(b_clue)s, %(b_with)s, still needs, so %(cells)s is safe.",
            "The %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, all the %(b)s at %(b_clue)s, %(b_with)s, still needs, so %(cells)s are safe.",
            len(cells), **values)
    # I18N: one number (%(a)s at %(a_clue)s) has room outside the shared cells %(common)s for only some of its
    # mines, so at least %(low)s of them are in the shared cells: all the other number needs, so the other's
    # cells outside them (%(cells)s) are safe
    return r.ngettext(
        "The %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, all the %(b)s at %(b_clue)s needs, so %(cells)s is safe.",
        "The %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, all the %(b)s at %(b_clue)s needs, so %(cells)s are safe.",
        len(cells), **values)


def _upper(r: Speaker, theirs: _Side, mine: _Side, high: int, common: CellSet, cells: CellSet, t_with: str, m_with: str) -> str:
    """One number allows only so many mines in the shared cells: the other needs its own cells for the rest."""
    values = {"b": theirs.number, "b_clue": theirs.clue, "high": high, "common": common, "a": mine.number, "a_clue": mine.clue,
              "cells": cells, "b_with": t_with, "a_with": m_with}
    if t_with and m_with:
        # I18N: as below, both numbers with their mines already found (%(b_with)s, %(a_with)s: "with its mine at C4")
        return r.ngettext(
            "The %(b)s at %(b_clue)s, %(b_with)s, allows at most %(high)s more of its mines in %(common)s, so the %(a)s at %(a_clue)s, %(a_with)s, needs one more at %(cells)s.",
            "The %(b)s at %(b_clue)s, %(b_with)s, allows at most %(high)s more of its mines in %(common)s, so the %(a)s at %(a_clue)s, %(a_with)s, needs %(count)s more at %(cells)s.",
            len(cells), **values)
    if t_with:
        # I18N: as below, the first number with its mines already found (%(b_with)s: "with its mine at C4")
        return r.ngettext(
            "The %(b)s at %(b_clue)s, %(b_with)s, allows at most %(high)s more of its mines in %(common)s, so the %(a)s at %(a_clue)s needs a mine at %(cells)s.",
            "The %(b)s at %(b_clue)s, %(b_with)s, allows at most %(high)s more of its mines in %(common)s, so the %(a)s at %(a_clue)s needs mines at %(cells)s.",
            len(cells), **values)
    if m_with:
        # I18N: as below, the second number with its mines already found (%(a_with)s: "with its mine at C4")
        return r.ngettext(
            "The %(b)s at %(b_clue)s allows at most %(high)s of its mines in %(common)s, so the %(a)s at %(a_clue)s, %(a_with)s, needs one more at %(cells)s.",
            "The %(b)s at %(b_clue)s allows at most %(high)s of its mines in %(common)s, so the %(a)s at %(a_clue)s, %(a_with)s, needs %(count)s more at %(cells)s.",
            len(cells), **values)
    # I18N: one number (%(b)s at %(b_clue)s) allows at most %(high)s of its mines in the cells %(common)s it shares
    # with the other, so the other number needs its cells outside them (%(cells)s) as mines
    return r.ngettext(
        "The %(b)s at %(b_clue)s allows at most %(high)s of its mines in %(common)s, so the %(a)s at %(a_clue)s needs a mine at %(cells)s.",
        "The %(b)s at %(b_clue)s allows at most %(high)s of its mines in %(common)s, so the %(a)s at %(a_clue)s needs mines at %(cells)s.",
        len(cells), **values)


def _under_supposition(
    r: Speaker, side: dict[str, _Side], common: CellSet, low: int, high: int, safe: CellSet, mines: CellSet
) -> str:
    """A two-number step inside a proof: what the pair says, one sentence per side it decides.  The cells
    are named, not counted: under suppositions "covered" would not be what the board shows.  When it decides
    both sides, one sentence: the shared cells hold exactly what one number must put there and the other allows."""
    both = _both_sides(r, side, common, low, safe, mines)
    if both:
        return both
    sentences = []
    for key, other in (("a", "b"), ("b", "a")):
        mine, theirs = side[key], side[other]
        unique = mine.unique
        # (a proof may say only the cells of a side that a later step reads)
        cells = unique & safe or unique & mines
        if not cells:
            continue
        if cells <= safe:
            # I18N: inside a proof: one number must put at least %(low)s of its mines in the cells %(common)s it shares
            # with the other, which is all the other needs, so the other's remaining cells %(cells)s are safe
            sentences.append(
                r.ngettext(
                    "Then the %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, all the %(b)s at %(b_clue)s needs, so %(cells)s is safe.",
                    "Then the %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, all the %(b)s at %(b_clue)s needs, so %(cells)s are safe.",
                    len(cells),
                    a=theirs.number,
                    a_clue=theirs.clue,
                    low=low,
                    common=common,
                    b=mine.number,
                    b_clue=mine.clue,
                    cells=cells,
                )
            )
        elif cells <= mines:
            if high == theirs.missing:
                # I18N: inside a proof: one number allows at most %(high)s of its mines in the shared cells %(common)s, so
                # the other number needs its cells outside them (%(cells)s) as mines
                sentences.append(
                    r.ngettext(
                        "Then the %(b)s at %(b_clue)s allows at most %(high)s of its mines in %(common)s, so the %(a)s at %(a_clue)s needs a mine at %(cells)s.",
                        "Then the %(b)s at %(b_clue)s allows at most %(high)s of its mines in %(common)s, so the %(a)s at %(a_clue)s needs mines at %(cells)s.",
                        len(cells),
                        b=theirs.number,
                        b_clue=theirs.clue,
                        high=high,
                        common=common,
                        a=mine.number,
                        a_clue=mine.clue,
                        cells=cells,
                    )
                )
            else:
                # I18N: inside a proof: the shared cells %(common)s can hold only as many mines as they are cells, so the
                # number needs its cells outside them (%(cells)s) as mines
                sentences.append(
                    r.ngettext(
                        "Then %(common)s can hold no more of its mines, so the %(a)s at %(a_clue)s needs a mine at %(cells)s.",
                        "Then %(common)s can hold no more of its mines, so the %(a)s at %(a_clue)s needs mines at %(cells)s.",
                        len(cells),
                        common=common,
                        a=mine.number,
                        a_clue=mine.clue,
                        cells=cells,
                    )
                )
    return r.join(sentences)


def _both_sides(r: Speaker, side: dict[str, _Side], common: CellSet, low: int, safe: CellSet, mines: CellSet) -> str:
    """"Then the 3 at Y11 puts at least 2 of its mines in X10, Z10, and Z11, and the 2 at Y10 allows no more: X9, Y9,
    and Z9 are safe and X12 is a mine."  (A two-number step that decides both sides: the side whose own cells are
    mines puts at least ``low`` mines in the shared cells, all the other needs.)  Empty when it decides one side."""
    fills = next((key for key in ("a", "b") if side[key].unique & mines), None)
    empties = next((key for key in ("a", "b") if side[key].unique & safe), None)
    if fills is None or empties is None or fills == empties:
        return ""
    full, other = side[fills], side[empties]
    cleared, needed = other.unique & safe, full.unique & mines
    values = {"a": full.number, "a_clue": full.clue, "low": low, "common": common, "b": other.number, "b_clue": other.clue,
              "safe": cleared, "mines": needed}
    if len(needed) == 1:
        # I18N: inside a proof: one number (%(a)s at %(a_clue)s) must put at least %(low)s of its mines in the cells
        # %(common)s it shares with the other, and the other (%(b)s at %(b_clue)s) allows no more there: so the
        # other's own cells %(safe)s are safe and the first number's own cell %(mines)s is a mine
        return r.ngettext(
            "Then the %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, and the %(b)s at %(b_clue)s allows no more: %(safe)s is safe and %(mines)s is a mine.",
            "Then the %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, and the %(b)s at %(b_clue)s allows no more: %(safe)s are safe and %(mines)s is a mine.",
            len(cleared), **values)
    # I18N: as above, with several cells of the first number (%(mines)s) mines
    return r.ngettext(
        "Then the %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, and the %(b)s at %(b_clue)s allows no more: %(safe)s is safe and %(mines)s are mines.",
        "Then the %(a)s at %(a_clue)s puts at least %(low)s of its mines in %(common)s, and the %(b)s at %(b_clue)s allows no more: %(safe)s are safe and %(mines)s are mines.",
        len(cleared), **values)
