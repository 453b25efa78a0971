"""Several numbers against several numbers (``SUM_SPLIT``): numbers that share no covered cell touch exactly
what they show together; numbers inside their cells that show as much leave the other cells safe.

The writer says the step from its data alone, through the renderer's gettext calls (so its sentences are
extracted with the rest); ``explainer.words.steps.WRITERS`` dispatches by kind.
"""

from __future__ import annotations

from typing import cast

from explainer.core.deduction import ProofStep, SumFigures
from explainer.words.steps.mine_count import numbers_named
from explainer.words.speaker import Speaker


def sum_split(r: Speaker, step: ProofStep) -> str:
    p = cast(SumFigures, step.params)
    safe = step.safe
    assert safe is not None
    # I18N: several numbers (%(numbers)s: "the 1 at B9, the 1 at E9 and the 1 at B12") whose covered cells do not
    # overlap, so the mines they show add up: they touch %(count)s mines together
    total = r.ngettext(
        "No two of %(numbers)s share a covered cell, so together they touch exactly %(count)s mine.",
        "No two of %(numbers)s share a covered cell, so together they touch exactly %(count)s mines.",
        p["held"],
        numbers=numbers_named(r, p["outer"], p["outer_values"]),
    )
    if len(p["inner"]) == 1:
        # I18N: one number whose covered cells all lie among the cells of the sentence before needs all %(held)s mines
        # there, so the other cells (%(cells)s) are safe
        rest = r.ngettext(
            "Inside those cells, the %(number)s at %(clue)s needs all %(held)s, so %(cells)s is safe.",
            "Inside those cells, the %(number)s at %(clue)s needs all %(held)s, so %(cells)s are safe.",
            len(safe),
            number=p["inner_values"][0],
            clue=p["inner"][0],
            held=p["held"],
            cells=safe,
        )
        return r.join([total, rest])
    # I18N: other numbers (%(numbers)s) whose covered cells all lie among the cells of the sentence before and do not
    # overlap need all %(held)s mines there, so the other cells (%(cells)s) are safe
    rest = r.ngettext(
        "Inside those cells, %(numbers)s need all %(held)s, no two sharing a cell, so %(cells)s is safe.",
        "Inside those cells, %(numbers)s need all %(held)s, no two sharing a cell, so %(cells)s are safe.",
        len(safe),
        numbers=numbers_named(r, p["inner"], p["inner_values"]),
        held=p["held"],
        cells=safe,
    )
    return r.join([total, rest])
