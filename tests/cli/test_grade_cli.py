"""``python -m explainer grade``: a board file with its layout, or a replay file, graded in words or JSON; bad input
an ``error:`` line quoting the problem, status 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from explainer.cli.main import main
from explainer.core.cells import Cell
from explainer.formats import Position, view_of_layout, write
from explainer.play.generate import generate
from explainer.play.grade import grade_layout
from explainer.play.game import Game
from explainer.play.moves import open_cell
from explainer.play.replay_file import to_replay


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    return main(args, stdin=io.StringIO(stdin), out=out), out.getvalue()


@pytest.fixture
def board() -> tuple[int, int, int]:
    made = generate(9, 9, 10, (4, 4), seed=2, max_rule="pair", require_rule="pair")
    return made.height, made.width, made.layout


def test_a_board_file_is_graded_in_words_and_json(tmp_path: Path, board: tuple[int, int, int]) -> None:
    height, width, layout = board
    path = tmp_path / "board.mbf"
    path.write_bytes(write(Position(view_of_layout(height, width, layout), layout), "mbf"))
    code, out = run(["grade", str(path), "--first", "E5"])
    assert code == 0 and out.startswith("Medium (one number ") and out.endswith("two numbers once)\n")
    code, out = run(["grade", str(path), "--first", "E5", "--json"])
    data = json.loads(out)
    expected = grade_layout(height, width, layout, 4 * 9 + 4)
    assert data == {"grade": "medium", "hardest": "pair", "guesses": 0,
                    "rounds": {str(rule): n for rule, n in expected.rounds.items()},
                    "cells": {str(rule): n for rule, n in expected.cells.items()}}
    code, out = run(["grade", str(path), "--first", "E5", "--lang", "fr"])
    assert code == 0 and out.startswith("Moyen (un nombre ")


def test_a_replay_file_is_graded_from_its_own_first_click(tmp_path: Path, board: tuple[int, int, int]) -> None:
    height, width, layout = board
    game = Game.from_layout(height, width, layout, 0)
    open_cell(game, 4, 4)
    while not game.over:  # won, safe cell by safe cell
        open_cell(game, *divmod(next(i for i in range(81) if not (game.revealed | layout) >> i & 1), 9))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_replay(game)))
    code, out = run(["grade", str(path), "--json"])
    assert code == 0 and json.loads(out)["grade"] == "medium"


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ("???\n???\n", [], "holds no layout"),
        ("{\"format\": \"other\"}", [], "not a replay file"),
        ("{nope", [], "not a board file nor a replay file"),
        (None, ["--first", "Q1"], "'Q1' is not on this 9x9 board"),
        (None, ["--first", "1A"], "not a cell name: '1A'"),
        (None, ["--first", "MINE"], "is a mine: the first click must be a safe cell"),
    ],
)
def test_bad_input_is_an_error_line(tmp_path: Path, board: tuple[int, int, int], content: str | None, args: list[str],
                                    message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A file that is not a board with its layout, or a first click that is not a safe cell of it (None: the
    fixture's board, as MBF; MINE: one of its mines)."""
    height, width, layout = board
    path = tmp_path / "bad"
    if content is None:
        path.write_bytes(write(Position(view_of_layout(height, width, layout), layout), "mbf"))
        mine = (layout & -layout).bit_length() - 1
        args = [Cell(*divmod(mine, width)).name if arg == "MINE" else arg for arg in args]
    else:
        path.write_text(content)
    code, out = run(["grade", str(path), *args])
    assert code == 2 and out == ""
    assert message in capsys.readouterr().err
