"""Every message kind, in every language, with real parameters: 1, 2, 5 and 21
of everything, so that every plural form is exercised."""

from __future__ import annotations

import re

import pytest

from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Areas, Clash, Deduction, ProofStep, Rule
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
    if not fields.get("proof"):  # a one-step proof: the rule's own step, with the deduction's figures
        fields["proof"] = (
            ProofStep(
                message,
                fields["params"],
                fields["clues"],
                fields["safe"] or None,
                fields["mines"] or None,
                uses_mine_count=rule is Rule.GLOBAL,
            ),
        )
    return Deduction(**fields)


def proof_steps(n: int) -> tuple[ProofStep, ...]:
    number = min(n, 8)
    clue = {"number": number, "clue": Cell(5, 5), "count": n, "found": number, "found_at": cells(number, 3), "missing": 0}
    supposed = ((Cell(3, 3), True),)
    case = (*supposed, (Cell(3, 4), True))
    pair = {
        "a": 1, "a_clue": Cell(5, 5), "b": 2, "b_clue": Cell(5, 6), "a_missing": 1, "b_missing": 2,
        "common_min": 1, "common_max": 1, "common": cells(n, 6), "unique_a": cells(0), "unique_b": cells(n, 3),
        "a_found_at": cells(0), "a_aside": cells(0), "b_found_at": cells(0), "b_aside": cells(0),
    }
    return (
        ProofStep("suppose", {"cell": Cell(3, 3)}, assume=supposed),
        ProofStep("suppose", {"cell": Cell(3, 3)}, assume=((Cell(3, 3), False),)),
        ProofStep("case", {"cell": Cell(3, 4)}, assume=case),
        ProofStep("case", {"cell": Cell(3, 4)}, assume=(*supposed, (Cell(3, 4), False))),
        ProofStep("simple.all_safe", clue, (Cell(5, 5),), cells(n), assume=case),
        ProofStep("simple.all_mines", {**clue, "found": 0, "missing": n}, (Cell(5, 5),), None, cells(n), assume=case),
        ProofStep("count.rest_safe", {"left": 0, "count": n}, (), cells(n), assume=case, uses_mine_count=True),
        ProofStep("count.rest_mines", {"left": n, "count": n}, (), None, cells(n), assume=case, uses_mine_count=True),
        ProofStep("pair.safe_and_mines", pair, (Cell(5, 5), Cell(5, 6)), cells(n), cells(n, 3), assume=case),
        ProofStep(  # both sides decided: one sentence
            "pair.safe_and_mines", {**pair, "unique_a": cells(n)}, (Cell(5, 5), Cell(5, 6)), cells(n), cells(n, 3), assume=case
        ),
        ProofStep(
            "pair.safe_and_mines", {**pair, "unique_a": cells(n)}, (Cell(5, 5), Cell(5, 6)), cells(n), cells(1, 3), assume=case
        ),
        ProofStep("clash", {}, (Cell(5, 5),), assume=case, clash=Clash(Cell(5, 5), number, number + n, 0)),
        ProofStep("clash", {}, (Cell(5, 5),), assume=case, clash=Clash(Cell(5, 5), 8, n % 8, 0)),
        ProofStep("clash", {}, (Cell(5, 5),), assume=case, clash=Clash(Cell(5, 5), 8, 0, 0)),
        ProofStep("clash", {}, (Cell(5, 5),), assume=case, clash=Clash(Cell(5, 5), 8, 8 - n % 8 - 1, n % 8)),
        ProofStep("clash", {}, (), assume=case, clash=Clash(None, n, n + 1, 0), uses_mine_count=True),
        ProofStep("clash", {}, (), assume=case, clash=Clash(None, n + 5, n, 0), uses_mine_count=True),
        ProofStep("clash", {}, (), assume=case, clash=Clash(None, n + 5, n, 2), uses_mine_count=True),
        *[
            ProofStep(
                "count.split",
                {"numbers": numbers, "values": tuple(2 for _ in numbers), "held": n, "left": n + 1, "count": n},
                numbers,
                cells(n) if outcome == "safe" else None,
                cells(n) if outcome == "mines" else None,
                assume=supposed,
                clash=Clash(None, 2 * n, 3 * n, n) if outcome == "clash" else None,
                uses_mine_count=True,
            )
            for outcome in ("safe", "mines", "clash")
            for numbers in ((Cell(5, 5),), (Cell(5, 5), Cell(7, 7)))
        ],
        ProofStep(
            "sum.split",
            {"outer": (Cell(2, 2), Cell(2, 5)), "outer_values": (1, 2), "inner": (Cell(2, 3),), "inner_values": (3,),
             "held": 3, "count": n},
            (Cell(2, 2), Cell(2, 3), Cell(2, 5)),
            cells(n),
        ),
        ProofStep(
            "sum.split",
            {"outer": (Cell(2, 2), Cell(2, 5)), "outer_values": (1, 2), "inner": (Cell(2, 3), Cell(2, 4)),
             "inner_values": (1, 2), "held": 3, "count": n},
            (Cell(2, 2), Cell(2, 3), Cell(2, 4), Cell(2, 5)),
            cells(n),
        ),
        ProofStep("therefore", {"cell": Cell(3, 3), "cases": 0}, (), cells(1)),
        ProofStep("therefore", {"cell": Cell(3, 3), "cases": 0}, (), None, cells(1)),
        ProofStep("therefore", {"cell": Cell(3, 3), "cases": 2}, (), cells(1)),
        ProofStep("therefore", {"cell": Cell(3, 3), "cases": 2}, (), None, cells(1)),
        *[
            ProofStep("cases", {"numbers": n}, tuple(Cell(10, i) for i in range(n)), cells(n), cells(n, 3), uses_mine_count=count)
            for count in (False, True)
        ],
    )


def all_deductions(n: int) -> list[Deduction]:
    number = min(n, 8)
    found = min(n, 8)
    simple = dict(clues=(Cell(5, 5),))
    out = [
        deduction(Rule.GLOBAL, "global.all_found", n, safe=cells(n), known_mines=cells(n, 3), params={"total": n, "found": n, "count": n, "aside": cells(0)}, clues=()),
        deduction(Rule.GLOBAL, "global.all_found", n, safe=cells(n), known_mines=cells(n, 3), known_safe=cells(2, 6), params={"total": n, "found": n, "count": n, "aside": cells(2, 6)}, clues=()),
        deduction(Rule.GLOBAL, "global.all_found", n, safe=cells(n), params={"total": 0, "found": 0, "count": n}, clues=()),
        deduction(Rule.GLOBAL, "global.all_mines", n, mines=cells(n), params={"total": n, "found": 0, "count": n}, clues=()),
        deduction(Rule.SIMPLE, "simple.all_safe", n, safe=cells(n), params={"number": 0, "clue": Cell(5, 5), "count": n, "found": 0, "found_at": cells(0), "missing": 0}, **simple),
        deduction(Rule.SIMPLE, "simple.all_safe", n, safe=cells(n), known_mines=cells(number, 3), params={"number": number, "clue": Cell(5, 5), "count": n, "found": number, "found_at": cells(number, 3), "missing": 0}, **simple),
        deduction(Rule.SIMPLE, "simple.all_safe", n, safe=cells(n), known_mines=cells(number, 3), known_safe=cells(1, 6), params={"number": number, "clue": Cell(5, 5), "count": n, "found": number, "found_at": cells(number, 3), "missing": 0, "aside": cells(1, 6)}, **simple),
        deduction(Rule.SIMPLE, "simple.all_mines", n, mines=cells(n), known_safe=cells(n, 6), params={"number": number, "clue": Cell(5, 5), "count": n, "found": 0, "found_at": cells(0), "missing": n, "aside": cells(n, 6)}, **simple),
        deduction(Rule.SIMPLE, "simple.all_mines", n, mines=cells(n), params={"number": number, "clue": Cell(5, 5), "count": n, "found": 0, "found_at": cells(0), "missing": n}, **simple),
        deduction(Rule.SIMPLE, "simple.all_mines", n, mines=cells(n), known_mines=cells(found, 3), params={"number": number, "clue": Cell(5, 5), "count": n, "found": found, "found_at": cells(found, 3), "missing": n}, **simple),
        deduction(Rule.SIMPLE, "simple.all_mines", n, mines=cells(n), known_mines=cells(found, 3), known_safe=cells(n, 6), params={"number": number, "clue": Cell(5, 5), "count": n, "found": found, "found_at": cells(found, 3), "missing": n, "aside": cells(n, 6)}, **simple),
    ]
    cases = [(side, alone, missing, aside) for side, alone, missing in ((True, n, n + 1), (True, 0, n + 1), (True, 0, number), (True, n, number), (False, n, n + 1), (False, n, number)) for aside in (0, 1, 2)]
    for safe_side, alone_b, missing_b, aside in cases:
        areas = Areas(common=cells(n, 6), unique_a=cells(n, 0), unique_b=cells(alone_b, 3))
        params = {
            "a": number, "b": number, "a_clue": Cell(5, 5), "b_clue": Cell(5, 6), "a_missing": n, "b_missing": missing_b,
            "common_min": n, "common_max": missing_b if not safe_side else n,
            "common": areas.common, "unique_a": areas.unique_a, "unique_b": areas.unique_b,
            # no cell decided; one decided next to both numbers; one next to the second number only
            "a_found_at": cells(0), "a_aside": cells(1, 9) if aside == 1 else cells(0),
            "b_found_at": cells(0), "b_aside": cells(1, 9) if aside else cells(0),
        }
        out.append(
            deduction(
                Rule.PAIR,
                "pair.safe" if safe_side else "pair.mines",
                n,
                safe=areas.unique_a if safe_side else CellSet(0, WIDTH),
                mines=CellSet(0, WIDTH) if safe_side else areas.unique_a,
                clues=(Cell(5, 5), Cell(5, 6)),
                areas=areas,
                params=params,
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
                proof=proof_steps(n),
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
        renderer.wrong_flag(Cell(1, 1), all_deductions(n)[3:4]),
        renderer.wrong_flag(Cell(1, 1), all_deductions(n)[3:6]),
        renderer.loss(Cell(1, 1), all_deductions(n)[3:6], 1.0),
        renderer.loss(Cell(1, 1), (), 0.25, safe=cells(n)),
        renderer.loss(Cell(1, 1), (), 0.25, safest=cells(n), safest_probability=0.125),
        renderer.assist(Cell(1, 1), 0.08),
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
    # one rule on every screen: whole from 10% up, one decimal below
    assert Renderer("de").percent(0.095) == "9,5\xa0%" and Renderer("de").percent(0.125) == "13\xa0%"
    assert Renderer("en").percent(0.125) == "13%" and Renderer("en").percent(0.06) == "6.0%"
    assert Renderer("de").cells(cells(3)) == "A1, B1 und C1"
    assert Renderer("en").cells(cells(3)) == "A1, B1, and C1"
    assert Renderer("ko").cells(cells(3)) == "A1, B1, C1" and "및" not in Renderer("ko").cells(cells(2))
    long_list = Renderer("en").cells(cells(21))
    assert long_list.startswith("A1, B1") and "13 more cells" in long_list


def test_cell_names_are_the_same_in_every_language() -> None:
    for language in LANGUAGES:
        step = ProofStep("suppose", {"cell": Cell(4, 2)}, assume=((Cell(4, 2), True),))
        assert "C5" in Renderer(language).proof_step(step)


def test_every_step_kind_has_a_writer() -> None:
    from explainer.core.deduction import StepKind
    from explainer.words.steps import WRITERS

    assert set(WRITERS) == set(StepKind)
    with pytest.raises(ValueError, match="unknown proof step"):
        Renderer("en").proof_step(ProofStep("no.such.kind", {}))  # type: ignore[arg-type]
