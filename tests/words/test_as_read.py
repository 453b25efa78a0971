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
from explainer.play.game import Game
from explainer.engine.solve import solve
from explainer.play.losses import loss_report
from explainer.words.modes import loss_report_json
from explainer.words.hints import hint_text
from explainer.words.render import Renderer
from tests.data import view_boards
from tests.oracles.as_read import AsReadError, Counts, check_text
from tests.support.strategies import game_views

ROOT = Path(__file__).resolve().parents[1]
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
    for kind in ("value", "touches", "has", "others", "share", "outside", "compared", "all-found", "all-but", "unproved-flag"):
        assert counts.checked.get(kind, 0) > 0, counts.checked


def test_a_ring_of_ones_reads_true_and_a_wrong_sum_is_caught() -> None:
    board = Board.parse((ROOT / "boards" / "enumeration_ring.txt").read_text())
    check_board(board, Counts())
    text = hint_text(make_hint(board))
    assert check_text(board, text).checked["sum"] == 2
    for wrong in (text.replace("exactly 4 mines", "exactly 3 mines"), text.replace("need all 4", "need all 3"),
                  text.replace("B2, F2,", "B2, C2,"), text.replace("the 1 at D3, ", "")):
        with pytest.raises(AsReadError):
            check_text(board, wrong)


@pytest.mark.parametrize("path", BOARDS, ids=lambda p: p.stem)
def test_golden_boards_read_true(path: Path) -> None:
    check_board(Board.parse(path.read_text()), Counts())


@settings(max_examples=150, deadline=None)
@given(game_views())
def test_game_views_read_true(board: Board) -> None:
    check_board(board, Counts())


#: a mid-game view of the test set: the flags at A2 and H2 are right, but no number proves them yet
UNPROVED_FLAGS = """mines 16
1112????
F?2??3?F
?3?5?421
232???1.
?112321.
11....11
1222111?
1??2?111
"""


def test_a_count_names_the_flags_it_leaves_out() -> None:
    """The counter says 16 - 2 flags = 14 mines left; a count made without the flags the numbers do not prove
    says so before its figures ("The numbers do not prove your flags at A2 and H2, so they count as covered
    here. 6 mines remain to be placed."), and the checker holds every cell it names to be flagged."""
    board = Board.parse(UNPROVED_FLAGS)
    texts = [Renderer("en").deduction(deduction) for deduction in solve(board).deductions]
    counting = [text for text in texts if "remain to be placed" in text]
    assert counting and all("The numbers do not prove your flags at A2 and H2, so they count as covered here." in text for text in counting), counting
    counts = Counts()
    for text in counting:
        check_text(board, text, counts)
    assert counts.checked["unproved-flag"] == len(counting)
    with pytest.raises(AssertionError, match="not flagged"):
        check_text(board, counting[0].replace("A2 and H2", "A2 and G1"))


#: an endgame of the player views: the flag at P12 is wrong, the other 38 are right and the count reads them all
EVERY_FLAG = """mines 40
.111......2F21F1
.1F1.111..3F3111
121112F21.2F2...
F1..2F6F2.111.11
22113FFF2.111.1F
F32F22321.2F2.11
F3F32..1112F2...
232F21.1F1111...
F112F1.1221..122
11.111..1F1123FF
.......12222FF4?
....1222F11F32?F
....1FF31111112?
11..13F2....13F?
F1...11211..1FF?
11.....1F1..122?
"""


def test_every_other_flag_is_counted_not_named() -> None:
    """A wrong-flag hint whose argument starts from every other flag on the board says how many, not 38 cell
    names; a shorter list is named."""
    board = Board.parse(EVERY_FLAG)
    solution = solve(board)
    [wrong] = solution.wrong_flags
    text = hint_text(wrong_flag_hint(solution, wrong))
    assert text.startswith("The flag on P12 can't be right: that cell is safe. Your other 38 flags are right. "), text
    counts = check_text(board, text)
    assert counts.checked["flags-counted"] == 1
    with pytest.raises(AssertionError, match="39 flags"):
        check_text(board, text.replace("other 38", "other 37"))


def _hurried_game(seed: int) -> Game:
    """An intermediate game played the way a hurried player plays: mostly certain moves, some flags (right or
    not), some guesses, until it ends or 80 moves."""
    import random

    from explainer.play.game import GameState
    from explainer.play.modes import new_game
    from explainer.play.moves import flag_cell, open_cell

    rng = random.Random(seed)
    game = new_game("classic", 16, 16, 40, seed)
    open_cell(game, 8, 8, at=0.0)
    for move in range(1, 80):
        if game.state is not GameState.PLAYING:
            break
        view = game.view()
        solution = solve(view)
        covered = [view.cell(i) for i in range(view.size) if view.cells[i] < 0 and not view.flagged_mask >> i & 1]
        safe = [cell for cell in solution.safe if not view.flagged_mask >> view.index(*cell) & 1 and view.state(*cell) < 0]
        roll = rng.random()
        if roll < 0.15 and covered:
            cell = rng.choice(covered)
            flag_cell(game, cell.row, cell.col, at=float(move))
        elif roll < 0.96 and safe:
            cell = rng.choice(safe)
            open_cell(game, cell.row, cell.col, at=float(move))
        elif covered:
            cell = rng.choice(covered)
            open_cell(game, cell.row, cell.col, at=float(move))
    return game


def test_review_sentences_read_true() -> None:
    """Every sentence a review says about a move (verdicts, missed steps, a provable mine's proof, loss reports,
    wrong flags), recounted from the view the player saw before that move."""
    from explainer.review import review
    from explainer.words.review import review_json

    counts = Counts()
    texts = 0
    for seed in range(8):
        judged = review(_hurried_game(seed))
        for item, data in zip(judged.moves, review_json(judged)["moves"]):
            missed, loss = data.get("missed"), data.get("loss")
            for text in (data["text"], missed["text"] if missed else "", loss["text"] if loss else ""):
                if text:
                    check_text(item.view, text, counts)
                    texts += 1
    assert texts > 150 and counts.checked.get("value", 0) >= 15 and counts.checked.get("touches", 0) >= 5, (texts, counts.checked)
