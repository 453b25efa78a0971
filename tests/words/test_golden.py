"""The golden corpus: boards in ``tests/boards/*.txt`` with their reviewed
English hint in ``*.golden``.  Regenerate after a reviewed change with
``UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/words/test_golden.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from explainer import Board, make_hint
from explainer.core.cells import cell_name
from explainer.words.render import Renderer, step_depth
from explainer.words.hints import hint_text

BOARDS = sorted((Path(__file__).parents[1] / "boards").glob("*.txt"))


def describe(path: Path) -> str:
    hint = make_hint(Board.parse(path.read_text()))
    lines = [f"kind: {hint.kind}"]
    deduction = hint.deduction
    if deduction is not None:
        lines += [
            f"rule: {deduction.rule}",
            f"clues: {' '.join(cell.name for cell in deduction.clues)}",
            f"safe: {' '.join(deduction.safe.names())}",
            f"mines: {' '.join(deduction.mines.names())}",
            f"known mines: {' '.join(deduction.known_mines.names())}",
            f"uses mine count: {deduction.uses_mine_count}",
        ]
        lines.append("proof:")
        renderer = Renderer("en")
        for step in deduction.proof:
            data = step.to_json()
            facts = [f"{kind} {' '.join(cell_name(*cell) for cell in data[kind])}" for kind in ("numbers", "safe", "mines") if data[kind]]
            if data["assume"]:
                facts.insert(0, "assume " + " ".join(f"{cell_name(*cell)}={what}" for cell, what in data["assume"]))
            if data["mine_count"]:
                facts.append("mine count")
            if "clash" in data:
                clash = data["clash"]
                facts.append(f"clash {clash['mines']} mines, room {clash['room']}, value {clash['value']}")
            indent = "  " + "  " * step_depth(step)
            lines.append(f"{indent}[{step.message}: {'; '.join(facts)}]")
            lines.append(f"{indent}{renderer.proof_step(step)}")
    lines += ["text:", hint_text(hint, "en")]
    return "\n".join(lines) + "\n"


def test_there_is_a_golden_board_for_every_rule_and_situation() -> None:
    kinds = {path.stem.split("_")[0] for path in BOARDS}
    assert {"global", "simple", "pair", "enumeration", "wrong", "guess", "inconsistent"} <= kinds


@pytest.mark.parametrize("path", BOARDS, ids=[path.stem for path in BOARDS])
def test_golden_explanation(path: Path) -> None:
    golden = path.with_suffix(".golden")
    got = describe(path)
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(got)
    assert golden.is_file(), f"no golden file for {path.name}: run with UPDATE_GOLDEN=1 and review it"
    assert got == golden.read_text()


@pytest.mark.parametrize("path", BOARDS, ids=[path.stem for path in BOARDS])
def test_golden_board_rule_matches_its_name(path: Path) -> None:
    hint = make_hint(Board.parse(path.read_text()))
    name = path.stem
    if name.startswith(("global", "simple", "pair", "enumeration")):
        assert hint.kind == "deduction" and hint.deduction.rule == name.split("_")[0]
        if name.startswith("enumeration"):
            assert hint.deduction.uses_mine_count == ("_count" in name)
    else:
        assert hint.kind == {"wrong": "wrong_flag", "guess": "guess", "inconsistent": "inconsistent"}[name.split("_")[0]]
