"""Every proof the engine writes is replayed by an independent checker (``tests/oracles/proofs.py``)
from the board alone: each step follows from the numbers and facts it names, every figure it states is
what the board gives, every claimed cell is concluded outright, and every fact is proved earlier in the
chain.  Tampered proofs are rejected."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from explainer import Board, solve
from explainer.core.deduction import _plain_simple
from explainer.words.solution_json import solution_to_json
from tests.data import view_boards
from tests.oracles.proofs import ProofCheckError, Stats, check_chain, check_solution

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks" / "solve_states.jsonl"


def boards() -> list[Board]:
    found = view_boards()
    for line in BENCH.read_text().splitlines():
        row = json.loads(line)
        if row["category"] != "pathological":
            found.append(Board.parse(row["board"]))
    found += [Board.parse(path.read_text()) for path in sorted((ROOT / "tests" / "boards").glob("*.txt"))]
    return found


def solutions() -> list[tuple[Board, dict[str, Any]]]:
    found = []
    for board in boards():
        solution = solve(board)
        if solution.consistent:
            found.append((board, solution_to_json(solution, "en")))
    return found


SOLUTIONS = solutions()


def test_every_chain_checks() -> None:
    total = Stats()
    for board, data in SOLUTIONS:
        stats = check_solution(board, data)
        total.deductions += stats.deductions
        total.steps += stats.steps
        total.clashes += stats.clashes
        for kind, n in stats.kinds.items():
            total.kinds[kind] = total.kinds.get(kind, 0) + n
    # the corpus exercises every kind of step, contradictions with and without cases included
    assert total.deductions >= 5000
    assert total.clashes >= 30
    assert {
        "simple.all_safe", "simple.all_mines", "pair.safe", "pair.mines", "global.all_found",
        "suppose", "case", "clash", "therefore", "count.split", "sum.split",
    } <= set(total.kinds), total.kinds


def test_nearly_every_enumeration_step_has_a_written_proof() -> None:
    kinds = Counter(
        "written" if item["proof"][0]["kind"] != "cases" else "cases"
        for _board, data in SOLUTIONS
        for item in data["deductions"]
        if item["rule"] == "enumeration"
    )
    assert kinds["written"] >= 30
    assert kinds["cases"] <= 0.05 * (kinds["written"] + kinds["cases"]), kinds


def test_every_step_has_its_sentence_and_data() -> None:
    for _board, data in SOLUTIONS[:40]:
        for item in data["deductions"]:
            for step in item["proof"]:
                assert {"kind", "assume", "numbers", "safe", "mines", "figures", "text", "depth"} <= set(step)
                assert step["text"]
                assert step["text"] in item["text"]


def _enumerations() -> list[tuple[Board, dict[str, Any], int]]:
    """(board, solve JSON, position) of deductions proved by contradiction."""
    return [
        (board, data, i)
        for board, data in SOLUTIONS
        for i, item in enumerate(data["deductions"])
        if item["proof"][0]["kind"] == "suppose"
    ]


def _rejected(board: Board, data: dict[str, Any]) -> bool:
    try:
        check_chain(board, data["deductions"], data["mines"])
    except ProofCheckError:
        return True
    return False


def tampered(data: dict[str, Any], position: int):
    """Copies of a chain with one deduction's proof broken in one way each."""
    item = data["deductions"][position]
    for i, step in enumerate(item["proof"]):
        if "clash" in step:
            for key in ("mines", "room"):
                bad = copy.deepcopy(data)
                bad["deductions"][position]["proof"][i]["clash"][key] += 1
                yield f"clash {key} off by one", bad
            if i > 1 and not item["proof"][i - 1]["kind"] in ("suppose", "case"):
                bad = copy.deepcopy(data)
                del bad["deductions"][position]["proof"][i - 1]
                yield "the step before a clash dropped", bad
        if step["kind"] == "simple.all_safe" and step["assume"]:
            bad = copy.deepcopy(data)
            moved = bad["deductions"][position]["proof"][i]
            moved["kind"], moved["mines"], moved["safe"] = "simple.all_mines", moved["safe"], []
            yield "a conclusion flipped", bad
        if step["kind"].startswith("simple.") and step["figures"].get("found"):
            bad = copy.deepcopy(data)
            bad["deductions"][position]["proof"][i]["figures"]["found"] -= 1
            yield "a figure changed", bad
        if step["kind"] == "case" and step["assume"][-1][1] == "safe":
            bad = copy.deepcopy(data)
            bad["deductions"][position]["proof"] = [
                s for s in bad["deductions"][position]["proof"] if s["assume"][: len(step["assume"])] != step["assume"]
            ]
            yield "a case left out", bad
    bad = copy.deepcopy(data)
    last = bad["deductions"][position]["proof"][-1]
    last["safe"], last["mines"] = last["mines"], last["safe"]
    bad["deductions"][position]["safe"], bad["deductions"][position]["mines"] = last["safe"], last["mines"]
    yield "the conclusion reversed", bad
    bad = copy.deepcopy(data)
    extra = next(
        (c for c in data["safe"] if c not in item["safe"] and c not in item["known_safe"]), None
    )
    if extra is not None:
        bad["deductions"][position]["safe"].append(extra)
        yield "a cell claimed without argument", bad


def test_tampered_proofs_are_rejected() -> None:
    tried = Counter()
    for board, data, position in _enumerations():
        for what, bad in tampered(data, position):
            tried[what] += 1
            assert _rejected(board, bad), what
    assert sum(tried.values()) >= 60, tried
    assert len(tried) >= 6, tried


def test_a_ring_of_ones_is_one_sum_step_and_a_broken_one_is_rejected() -> None:
    """Around a small opening ringed by 1s, the corner 1s share no covered cell (4 mines together) and the side 1s
    inside their cells need all 4: one step, not a 9-step supposition around the ring.  Each way of breaking the
    step (a number moved between the groups, a figure changed, a cell claimed that an inner number touches) fails."""
    board = Board.parse((ROOT / "tests" / "boards" / "enumeration_ring.txt").read_text())
    data = solution_to_json(solve(board), "en")
    first = data["deductions"][0]
    assert [step["kind"] for step in first["proof"]] == ["sum.split"]
    assert not _rejected(board, data)
    step = first["proof"][0]
    assert step["figures"]["held"] == 4 and len(step["safe"]) == 8
    breaks = []
    moved = copy.deepcopy(data)
    figures = moved["deductions"][0]["proof"][0]["figures"]
    figures["inner"].append(figures["outer"].pop())
    breaks.append(moved)
    wrong = copy.deepcopy(data)
    wrong["deductions"][0]["proof"][0]["figures"]["held"] = 3
    breaks.append(wrong)
    more = copy.deepcopy(data)
    touched = [cell for cell in solve(board).deductions[0].clues]  # (any covered cell an inner 1 touches)
    inner_cell = next(
        [row, col] for row in range(board.height) for col in range(board.width)
        if board.cells[board.index(row, col)] < 0 and [row, col] not in step["safe"]
        and any(abs(row - r) <= 1 and abs(col - c) <= 1 for r, c in touched)
    )
    more["deductions"][0]["proof"][0]["safe"].append(inner_cell)
    more["deductions"][0]["safe"].append(inner_cell)
    breaks.append(more)
    assert all(_rejected(board, bad) for bad in breaks)


def _relied_on(board: Board, item: dict[str, Any]) -> list[list[int]]:
    """The proved-safe cells a deduction surely rests on: with the mine count, those outside every cited
    number's area (were one not known, the count could put a mine there); otherwise all it lists."""
    if not item["uses_mine_count"]:
        return list(item["known_safe"])
    areas = 0
    for row, col in item["clues"]:
        areas |= board.neighbours[board.index(row, col)]
    return [cell for cell in item["known_safe"] if not areas >> board.index(*cell) & 1]


def test_a_fact_left_unlisted_is_rejected() -> None:
    """A deduction that relies on a proved-safe cell must list it: drop one and the check fails."""
    dropped = 0
    for board, data in SOLUTIONS:
        for i, item in enumerate(data["deductions"]):
            relied_on = _relied_on(board, item)
            if relied_on and item["rule"] != "global":
                bad = copy.deepcopy(data)
                bad["deductions"][i]["known_safe"] = [cell for cell in item["known_safe"] if cell != relied_on[0]]
                assert _rejected(board, bad), item["text"]
                dropped += 1
                break
        if dropped >= 40:
            break
    assert dropped >= 40


def test_a_fact_no_earlier_step_proved_is_rejected() -> None:
    board, data = next((b, d) for b, d in SOLUTIONS if len(d["deductions"]) > 3 and d["deductions"][1]["known_safe"] == [])
    bad = copy.deepcopy(data)
    later = bad["deductions"][-1]["safe"] or bad["deductions"][-1]["mines"]
    bad["deductions"][1]["known_safe"] = later[:1]
    assert _rejected(board, bad)


def test_a_step_naming_an_uncited_number_is_rejected() -> None:
    board, data, position = _enumerations()[0]
    bad = copy.deepcopy(data)
    step = next(s for s in bad["deductions"][position]["proof"] if s["numbers"])
    uncited = next(
        [i // board.width, i % board.width]
        for i, n in board.numbers()
        if [i // board.width, i % board.width] not in data["deductions"][position]["clues"]
    )
    step["numbers"] = [uncited]
    assert _rejected(board, bad)


@pytest.mark.parametrize("language", ["de", "ar", "ja"])
def test_the_proof_data_is_the_same_in_every_language(language: str) -> None:
    for board, data in SOLUTIONS[:30]:
        other = solution_to_json(solve(board), language)

        def strip(value: Any) -> Any:
            if isinstance(value, dict):
                return {k: strip(v) for k, v in value.items() if k != "text"}
            if isinstance(value, list):
                return [strip(v) for v in value]
            return value

        assert strip(other) == strip(data)


def test_a_one_number_step_is_written_in_one_go_as_the_general_way_writes_it() -> None:
    """``Deduction.to_json`` writes most one-number steps directly; every step's JSON is the general
    ``ProofStep.to_json``'s, whichever way it was written."""
    direct = 0
    for board in boards():
        for deduction in solve(board).deductions:
            data = deduction.to_json()
            assert data["proof"] == [step.to_json() for step in deduction.proof]
            direct += deduction.rule == "simple" and _plain_simple(deduction.proof[0], deduction)
    assert direct >= 5000
