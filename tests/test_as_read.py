"""Sentences true as the player reads them: every count, value and cell list the English text
states is recounted from the raw view (``tests/oracles/as_read.py``), on the player views of `tests/data`,
the golden corpus and property-generated game views."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

from explainer.core.board import Board
from explainer.engine import budget
from explainer.engine.hint import make_hint, wrong_flag_hint
from explainer.engine.solve import solve
from explainer.play.modes import loss_report
from explainer.words.modes import loss_report_json
from explainer.words.hints import hint_text
from explainer.words.render import Renderer
from tests.data import view_boards
from tests.oracles.as_read import Counts, check_text
from tests.test_properties import game_views

ROOT = Path(__file__).resolve().parent
BOARDS = sorted((ROOT / "boards").glob("*.txt"))


def check_board(board: Board, counts: Counts) -> None:
    """Every deduction of the full chain, the first hint and each wrong flag's explanation."""
    renderer = Renderer("en")
    with budget.limit(seconds=20, work=50_000_000):
        solution = solve(board)
    for deduction in solution.deductions:
        check_text(board, renderer.deduction(deduction), counts)
    check_text(board, hint_text(make_hint(solution)), counts)
    for cell in list(solution.wrong_flags)[:3]:
        check_text(board, hint_text(wrong_flag_hint(solution, cell)), counts)
    # the loss report of a click on the first certain mine the player has not flagged
    mines = [cell for cell in solution.mines if not board.flagged_mask >> board.index(*cell) & 1]
    if mines:
        check_text(board, loss_report_json(loss_report(board, mines[0]), "en")["text"], counts)


def test_player_views_read_true() -> None:
    counts = Counts()
    for board in view_boards():
        check_board(board, counts)
    # the checker read the claims it exists for (else a change of wording would silently skip them)
    for kind in ("value", "touches", "has", "others", "share", "outside", "compared", "all-found", "all-but"):
        assert counts.checked.get(kind, 0) > 0, counts.checked


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_golden_boards_read_true(path: Path) -> None:
    check_board(Board.parse(path.read_text()), Counts())


@settings(max_examples=150, deadline=None)
@given(game_views())
def test_game_views_read_true(board: Board) -> None:
    check_board(board, Counts())
