"""The command line is a contract: JSON shapes, jsonl streaming, precise errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from explainer.cli.main import main

BOARDS = Path(__file__).parents[1] / "boards"


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(args, stdin=io.StringIO(stdin), out=out)
    return code, out.getvalue()


def test_solve_prints_the_documented_object(tmp_path: Path) -> None:
    path = tmp_path / "b.txt"
    path.write_text("mines 1\n1?F\n")
    code, out = run(["solve", str(path)])
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"consistent", "safe", "mines", "probabilities", "wrong_flags", "deductions"}
    assert data["consistent"] is True
    assert data["safe"] == [[0, 2]] and data["mines"] == [[0, 1]]
    assert data["wrong_flags"] == [[0, 2]]
    assert data["probabilities"] == [[None, 1.0, 0.0]]
    first = data["deductions"][0]
    assert first["rule"] == "simple" and first["clues"] == [[0, 0]] and first["mines"] == [[0, 1]]
    assert set(first) >= {"rule", "safe", "mines", "clues", "known_mines", "uses_mine_count", "text"}
    assert data["deductions"][1]["rule"] == "global" and data["deductions"][1]["clues"] == []


def test_solve_reads_standard_input() -> None:
    code, out = run(["solve", "-"], "1?\n")
    assert code == 0 and json.loads(out)["mines"] == [[0, 1]]


def test_solve_jsonl_keeps_going_after_bad_lines() -> None:
    lines = [json.dumps({"board": "1?\n"}), "not json", json.dumps({"board": "1x\n"}), json.dumps({"nope": 1}), json.dumps({"board": "?1\n"})]
    code, out = run(["solve", "--jsonl"], "\n".join(lines) + "\n")
    assert code == 0
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == 5
    assert results[0]["mines"] == [[0, 1]]
    assert "not JSON" in results[1]["error"]
    assert "unknown character 'x'" in results[2]["error"]
    assert "expected an object" in results[3]["error"]
    assert results[4]["mines"] == [[0, 0]]


def test_hint_text_and_json() -> None:
    code, out = run(["hint"], "1?\n")
    assert code == 0 and out.strip() == "The 1 at A1 touches exactly 1 covered cell, B1, so it is a mine."
    code, out = run(["hint", "--json"], "1?\n")
    data = json.loads(out)
    assert data["kind"] == "deduction" and data["deduction"]["rule"] == "simple"
    assert {"cell": [0, 0], "roles": ["clue"]} in data["highlights"]
    assert {"cell": [0, 1], "roles": ["mine"]} in data["highlights"]


def test_hint_when_nothing_is_certain() -> None:
    code, out = run(["hint"], "mines 1\n??\n")
    assert code == 0 and "Nothing is certain here." in out and "50%" in out


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (["hint", "/no/such/file.txt"], "", "no such board file: '/no/such/file.txt'"),
        (["hint"], "1?x\n", "unknown character 'x'"),
        (["solve"], "??\n?\n", "ragged rows"),
        (["hint"], "mines 9\n??\n", "mines 9 is impossible"),
    ],
)
def test_bad_input_is_an_error_line_not_a_traceback(args, stdin, message, capsys) -> None:
    code, _ = run(args, stdin)
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and "Traceback" not in err


def test_unknown_language_is_rejected() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "explainer", "hint", "--lang", "xx"], input="1?\n", capture_output=True, text=True
    )
    assert result.returncode == 2 and "unknown language 'xx'" in result.stderr and "Traceback" not in result.stderr


def test_module_entry_point_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "explainer", "hint", str(BOARDS / "pair_one_two_one.txt")], capture_output=True, text=True
    )
    assert result.returncode == 0 and result.stdout.strip()
