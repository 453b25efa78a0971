"""Every message kind, in every language, with real parameters: 1, 2, 5 and 21
of everything, so that every plural form is exercised."""

from __future__ import annotations

import re

import pytest

from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Areas, Deduction, ProofStep, Rule
from explainer.words.i18n import LANGUAGES
from explainer.words.render import LIST_LIMIT, Renderer

WIDTH = 30
COUNTS = (1, 2, 5, 21)
LEFTOVER = re.compile(r"%\(\w+\)|%[sd]")


def cells(n: int, row: int = 0) -> CellSet:
    return CellSet.from_cells([(row + i // WIDTH, i % WIDTH) for i in range(n)], WIDTH)


def deduction(rule: Rule, message: str, n: int, **extra) -> Deduction:
    fields = dict(
        rule=rule,
        safe=CellSet(0, WIDTH),
        mines=CellSet(0, WIDTH),
        clues=(Cell(5, 5),),
        known_mines=CellSet(0, WIDTH),
        known_safe=CellSet(0, WIDTH),
        uses_mine_count=False,
        message=message,
        params={},
    )
    fields.update(extra)
    return Deduction(**fields)


def proof_steps(n: int) -> tuple[ProofStep, ...]:
    clue = {"number": min(n, 8), "clue": Cell(5, 5)}
    return (
        ProofStep("proof.suppose_mine", {"cell": Cell(3, 3)}),
        ProofStep("proof.suppose_safe", {"cell": Cell(3, 3)}),
        ProofStep("proof.case_mine", {"cell": Cell(3, 4)}),
        ProofStep("proof.number.rest_safe", {**clue, "cells": cells(n), "count": n}),
        ProofStep("proof.number.rest_mines", {**clue, "cells": cells(n), "count": n}),
        ProofStep("proof.count.rest_safe", {"mines_left": n, "cells": cells(n), "count": n}),
        ProofStep("proof.count.rest_mines", {"mines_left": n, "cells": cells(n), "count": n}),
        ProofStep(
            "proof.pair",
            {"a": 1, "a_clue": Cell(5, 5), "b": 2, "b_clue": Cell(5, 6), "safe": cells(n), "mines": cells(n, 3)},
        ),
        ProofStep("proof.number.too_many", {**clue, "placed": n}),
        ProofStep("proof.number.too_few", {**clue, "need": n, "free": 0}),
        ProofStep("proof.count.too_many", {"mines_left": n}),
        ProofStep("proof.count.too_few", {"mines_left": n, "need": n, "free": 0}),
        *[
            ProofStep(
                "proof.count.split",
                {"numbers": numbers, "held": n, "left": n + 1, "cells": cells(n), "count": n, "outcome": outcome},
            )
            for outcome in ("safe", "mines", "too_many", "too_few")
            for numbers in ((Cell(5, 5),), (Cell(5, 5), Cell(7, 7)))
        ],
        ProofStep("proof.case_end", {}),
        ProofStep("proof.therefore_safe", {"cell": Cell(3, 3)}),
        ProofStep("proof.therefore_mine", {"cell": Cell(3, 3)}),
    )


def all_deductions(n: int) -> list[Deduction]:
    number = min(n, 8)
    found = min(n, 8)
    simple = dict(clues=(Cell(5, 5),))
    out = [
        deduction(Rule.GLOBAL, "global.all_found", n, safe=cells(n), known_mines=cells(n, 3), params={"total": n, "found": n, "count": n}),
        deduction(Rule.GLOBAL, "global.all_found", n, safe=cells(n), params={"total": 0, "found": 0, "count": n}),
        deduction(Rule.GLOBAL, "global.all_mines", n, mines=cells(n), params={"total": n, "found": 0, "count": n}),
        deduction(Rule.SIMPLE, "simple.all_safe", n, safe=cells(n), params={"number": 0, "clue": Cell(5, 5), "count": n, "found": 0, "missing": 0}, **simple),
        deduction(Rule.SIMPLE, "simple.all_safe", n, safe=cells(n), known_mines=cells(number, 3), params={"number": number, "clue": Cell(5, 5), "count": n, "found": number, "missing": 0}, **simple),
        deduction(Rule.SIMPLE, "simple.all_mines", n, mines=cells(n), params={"number": number, "clue": Cell(5, 5), "count": n, "found": 0, "missing": n}, **simple),
        deduction(Rule.SIMPLE, "simple.all_mines", n, mines=cells(n), known_mines=cells(found, 3), known_safe=cells(n, 6), params={"number": number, "clue": Cell(5, 5), "count": n, "found": found, "missing": n}, **simple),
    ]
    for safe_side, alone_b in ((True, n), (True, 0), (False, n)):
        areas = Areas(common=cells(n, 6), unique_a=cells(n, 0), unique_b=cells(alone_b, 3))
        out.append(
            deduction(
                Rule.PAIR,
                "pair.safe" if safe_side else "pair.mines",
                n,
                safe=areas.unique_a if safe_side else CellSet(0, WIDTH),
                mines=CellSet(0, WIDTH) if safe_side else areas.unique_a,
                clues=(Cell(5, 5), Cell(5, 6)),
                areas=areas,
                params={"a": number, "b": number, "a_missing": n, "b_missing": n + 1, "common_min": n, "common_max": n},
            )
        )
    for uses_count in (False, True):
        out.append(
            deduction(
                Rule.ENUMERATION,
                "enumeration.numbers",
                n,
                safe=cells(n),
                mines=cells(n, 3),
                clues=tuple(Cell(10, i) for i in range(n)),
                uses_mine_count=uses_count,
                params={"numbers": n, "target": Cell(0, 0), "mines_left": n},
                proof=proof_steps(n) if uses_count else (),
            )
        )
    return out


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("n", COUNTS)
def test_every_message_renders_with_its_parameters(language: str, n: int) -> None:
    renderer = Renderer(language)
    english = Renderer("en")
    texts = []
    for item in all_deductions(n):
        levels = renderer.levels(item)
        for text in (levels.where, levels.pattern, levels.full):
            assert text and not LEFTOVER.search(text), (item.message, text)
        if n <= LIST_LIMIT:
            for cell in item.safe | item.mines:
                assert cell.name in levels.full, (item.message, cell.name, levels.full)
        texts.append(levels.full)
        if language != "en":
            assert levels.full != english.deduction(item), f"{language} falls back to English: {levels.full}"
    for text in (
        renderer.wrong_flag(Cell(1, 1), all_deductions(n)[3]),
        renderer.no_step(0.125, cells(n), True),
        renderer.no_step(0.125, cells(n), False),
        renderer.no_step(0.0, CellSet(0, WIDTH)),
        renderer.inconsistent(tuple(Cell(0, i) for i in range(n)), False),
        renderer.inconsistent(tuple(Cell(0, i) for i in range(n)), True),
        renderer.inconsistent((), True),
    ):
        assert text and not LEFTOVER.search(text), text
        texts.append(text)
    assert all("Traceback" not in text for text in texts)


def test_percentages_and_lists_follow_the_locale() -> None:
    assert "12,5" in Renderer("de").percent(0.125)
    assert Renderer("en").percent(0.125) == "12.5%"
    assert Renderer("de").cells(cells(3)) == "A1, B1 und C1"
    assert Renderer("en").cells(cells(3)) == "A1, B1, and C1"
    long_list = Renderer("en").cells(cells(21))
    assert long_list.startswith("A1, B1") and "13 more cells" in long_list


def test_cell_names_are_the_same_in_every_language() -> None:
    for language in LANGUAGES:
        assert "C5" in Renderer(language).proof_step(ProofStep("proof.suppose_mine", {"cell": Cell(4, 2)}))
