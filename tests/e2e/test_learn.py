"""The Learn section in Chromium: a lesson with its example, practice answered right and
wrong, the progress overview, and the hint panel's link to a lesson."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.engine.hint import make_hint
from explainer.learn.lessons import classify, lesson_cells, shape_result
from explainer.learn.practice import check_answer
from explainer.words.hints import hint_text
from explainer.words.lessons import shape_sentence
from explainer.words.practice import verdict_text
from explainer.words.render import Renderer

from .conftest import LiveServer
from .helpers import api_game, api_move, explanation, load
from tests.e2e.setups import answer_cells, lose_by_an_avoidable_guess, practice_board, practice_cell

pytestmark = pytest.mark.e2e

PATTERN = "one-two"


def mark_answer(page: Page, board: Board) -> None:
    """Mark the right answer on the practice board: open the pattern's safe cells, flag its mines."""
    safe, mines = answer_cells(board)
    for target in safe:
        practice_cell(page, *target).click()
    for target in mines:
        practice_cell(page, *target).click(button="right")


def overview_row(page: Page, pattern: str):
    return page.locator(f'[data-role="progress-overview"] tr[data-pattern="{pattern}"]')


def test_lesson_practice_right_and_wrong_changes_the_overview(page: Page) -> None:
    page.goto("/learn/")
    expect(overview_row(page, PATTERN).locator('[data-role="solved"]')).to_have_text("0")
    page.click(f'a[data-lesson="{PATTERN}"]')
    expect(page.locator('[data-role="lesson"]')).to_have_attribute("data-lesson-page", PATTERN)
    expect(page.locator('[data-role="example-board"] .cell[data-highlight~="clue"]').first).to_be_visible()
    expect(page.locator('[data-role="example-text"]')).not_to_be_empty()

    expect(page.locator('[data-role="example-shape"]')).to_have_text("The 1-2 at B1 and B2: C3 is a mine.")
    # the legend names only the roles the lesson shows
    legend = page.locator('[data-role="example-legend"] [data-highlight]')
    roles = {legend.nth(i).get_attribute("data-highlight") for i in range(legend.count())}
    assert "clue" in roles and "mine" in roles and not roles & {"safest", "best-guess", "assisted", "wrong-flag", "assumed"}

    # right: every cell the lesson's pattern decides
    first, board = practice_board(page)
    expect(page.locator('[data-role="puzzle-rating"]')).to_have_text(re.compile(r"^Puzzle rating: \d+$"))
    expect(page.locator('[data-role="rating-change"]')).to_be_hidden()
    safe, mines = answer_cells(board)
    for target in safe:
        practice_cell(page, *target).click()
        expect(practice_cell(page, *target)).to_have_attribute("data-answer", "open")
    for target in mines:
        practice_cell(page, *target).click(button="right")
        expect(practice_cell(page, *target)).to_have_attribute("data-answer", "flag")
    page.click('[data-action="check"]')
    result = page.locator('[data-role="practice-result"]')
    expect(result).to_have_attribute("data-status", "right")
    expect(page.locator('[data-role="practice-board"]')).not_to_have_attribute("data-puzzle-id", first)
    expect(page.locator('[data-role="lesson-progress"]')).to_have_attribute("data-solved", "1")
    # the first attempt was rated: the player rose from 1500 here and overall
    change = page.locator('[data-role="rating-change"]')
    expect(change).to_have_text(re.compile(r"^Your rating here: 1500 → (\d+) · overall: \1$"))
    assert int(change.get_attribute("data-after") or 0) > 1500

    # wrong: open a cell the view does not prove safe
    second, board = practice_board(page)
    assert second != first
    solution = make_hint(board).solution
    unproved = board.covered_mask & ~board.flagged_mask & ~solution.safe.mask
    row, col = divmod(next(iter_bits(unproved)), board.width)
    practice_cell(page, row, col).click()
    page.click('[data-action="check"]')
    expect(result).to_have_attribute("data-status", "wrong")
    # the wrong cell says why, from the player's view
    hint = make_hint(board)
    assert hint.deduction is not None
    verdict = next(v for v in check_answer(board, hint.deduction, [(row, col)], []).cells if v.verdict == "wrong")
    expect(page.locator('[data-role="practice-verdicts"] li').first).to_have_text(verdict_text(Renderer("en"), verdict))
    explained = page.locator('[data-role="practice-explanation"]')
    expect(explained).to_be_visible()
    expect(explained.locator('[data-role="practice-step"]')).to_have_text(hint_text(hint, "en"))
    shape = shape_result(board, hint.deduction)
    assert shape is not None
    expect(explained.locator('[data-role="practice-shape"]')).to_have_text(shape_sentence(Renderer("en"), shape))
    expect(practice_cell(page, row, col)).to_have_attribute("data-wrong-answer", "true")
    missed = [cell for cell in lesson_cells(board, hint.deduction) if cell != (row, col)]
    for cell in missed:
        expect(practice_cell(page, *cell)).to_have_attribute("data-verdict", "missed")
    expect(page.locator('[data-role="practice-board"] .cell[data-highlight~="clue"]').first).to_be_visible()
    expect(page.locator('[data-role="practice-legend"] [data-highlight="clue"]')).to_be_visible()

    page.click('a[href="/learn/"]:not([data-nav])')
    expect(overview_row(page, PATTERN).locator('[data-role="solved"]')).to_have_text("1")
    expect(overview_row(page, PATTERN).locator('[data-role="accuracy"]')).to_have_attribute("data-value", "0.5")
    expect(overview_row(page, PATTERN).locator('[data-role="accuracy"]')).to_have_text("50%")


def test_a_partial_answer_says_how_many_cells_are_left(page: Page) -> None:
    page.goto("/learn/one-two-one")
    _puzzle, board = practice_board(page)
    safe, mines = answer_cells(board)
    total = len(safe) + len(mines)
    first = (safe or mines)[0]
    practice_cell(page, *first).click(button="left" if safe else "right")
    page.click('[data-action="check"]')
    result = page.locator('[data-role="practice-result"]')
    expect(result).to_have_attribute("data-status", "partial")
    expect(result).to_have_text(f"No mistake so far: {total - 1} more {'cell' if total == 2 else 'cells'} to find.")
    expect(practice_cell(page, *first)).to_have_attribute("data-verdict", "right")
    expect(page.locator('[data-role="lesson-progress"]')).to_have_attribute("data-solved", "0")
    for target in safe[1:] if safe else []:
        practice_cell(page, *target).click()
    for target in mines if safe else mines[1:]:
        practice_cell(page, *target).click(button="right")
    page.click('[data-action="check"]')
    expect(result).to_have_attribute("data-status", "right")


def test_a_personal_puzzle_from_a_game_with_an_avoidable_guess(page: Page, live_server: LiveServer) -> None:
    game, number = lose_by_an_avoidable_guess(page, live_server)
    page.goto("/learn/")
    yours = page.locator('[data-role="your-practice"]')
    expect(yours.locator('[data-role="practice-queue"] li')).to_have_count(1)
    pattern = yours.locator('[data-role="practice-queue"] li').get_attribute("data-pattern")
    expect(overview_row(page, pattern or "").locator('[data-role="next"]')).to_be_visible()
    expect(overview_row(page, pattern or "").locator('[data-role="missed"]')).to_have_attribute("data-value", "1")
    yours.locator('[data-action="your-practice"]').click()
    expect(page.locator('[data-role="yours"]')).to_be_visible()
    expect(page.locator('[data-role="practice-board"]')).to_have_attribute("data-pattern", pattern or "")
    source = page.locator('[data-role="practice-source"]')
    expect(source).to_be_visible()
    expect(source.locator('[data-role="practice-source-text"]')).to_contain_text(f"at move {number},")
    _puzzle, board = practice_board(page)
    hint = make_hint(board)
    assert hint.deduction is not None and classify(board, hint.deduction) == pattern
    # the link goes back to the move in the game's review
    source.locator('[data-role="practice-source-link"]').click()
    expect(page).to_have_url(re.compile(rf"/games/{game}/review#move-{number}$"))
    expect(page.locator('[data-role="review-position"]')).to_contain_text(f"Move {number} of")


def test_hint_links_to_the_lesson_of_its_pattern(page: Page, live_server: LiveServer) -> None:
    game = api_game(page, preset="beginner", seed=1)["id"]
    api_move(page, game, "open", (4, 4))
    load(page, 81)
    page.keyboard.press("h")
    expect(explanation(page)).to_have_attribute("data-kind", "deduction")
    link = page.locator('[data-role="learn-link"]')
    expect(link).to_be_visible()
    lesson = link.get_attribute("data-lesson")
    hint = make_hint(live_server.game(game).view())

    assert hint.deduction is not None and lesson == classify(hint.solution.board, hint.deduction)
    link.click()
    expect(page.locator('[data-role="lesson"]')).to_have_attribute("data-lesson-page", lesson)
    # a bot move that is a deduction links to its lesson too
    page.goto("/")
    page.click('[data-action="bot-step"]')
    expect(explanation(page)).to_have_attribute("data-kind", "bot")
    expect(link).to_have_attribute("data-lesson", lesson)


def test_a_mine_count_puzzle_shows_its_mines_and_a_new_attempt_only_its_own_verdicts(page: Page) -> None:
    """The endgame lesson's steps read the mine count: the example and every puzzle show the mines left (the count
    less the flags).  After a wrong answer, the next attempt's panel shows that attempt alone: the old verdicts and
    "the step to find" go."""
    page.goto("/learn/endgame")
    example = page.locator('[data-role="example-mines"]')
    expect(example).to_be_visible()
    puzzle, board = practice_board(page)
    safe, mines = answer_cells(board)
    while len(safe) + len(mines) < 2:  # a puzzle with room for a partial answer
        page.click('[data-action="next-puzzle"]')
        expect(page.locator('[data-role="practice-board"]')).not_to_have_attribute("data-puzzle-id", puzzle)
        puzzle, board = practice_board(page)
        safe, mines = answer_cells(board)
    assert board.mines is not None
    counter = page.locator('[data-role="practice-mines"]')
    expect(counter).to_be_visible()
    expect(counter.locator("output")).to_have_text(str(board.mines - board.flagged_mask.bit_count()))

    solution = make_hint(board).solution
    unproved = board.covered_mask & ~board.flagged_mask & ~solution.safe.mask
    row, col = divmod(next(iter_bits(unproved)), board.width)
    practice_cell(page, row, col).click()
    page.click('[data-action="check"]')
    result = page.locator('[data-role="practice-result"]')
    expect(result).to_have_attribute("data-status", "wrong")
    expect(page.locator('[data-role="practice-explanation"]')).to_be_visible()
    expect(page.locator('[data-role="practice-verdicts"]')).to_be_visible()

    page.click('[data-action="clear-answer"]')
    first = (safe or mines)[0]
    practice_cell(page, *first).click(button="left" if safe else "right")
    page.click('[data-action="check"]')
    expect(result).to_have_attribute("data-status", "partial")
    expect(page.locator('[data-role="practice-explanation"]')).to_be_hidden()
    expect(page.locator('[data-role="practice-verdicts"]')).to_be_hidden()
    expect(page.locator('[data-role="practice-board"] .cell[data-wrong-answer]')).to_have_count(0)
    expect(practice_cell(page, *first)).to_have_attribute("data-verdict", "right")


def test_show_your_work_marks_numbers_and_says_whether_they_prove_the_answer(page: Page) -> None:
    page.goto(f"/learn/{PATTERN}")
    first, board = practice_board(page)
    hint = make_hint(board)
    assert hint.deduction is not None
    clue = hint.deduction.clues[0]
    practice_cell(page, clue.row, clue.col).click()  # one number of the step: not enough on its own
    expect(practice_cell(page, clue.row, clue.col)).to_have_attribute("data-used", "true")
    mark_answer(page, board)
    page.click('[data-action="check"]')
    expect(page.locator('[data-role="practice-result"]')).to_have_attribute("data-status", "right")
    work = page.locator('[data-role="practice-work"]')
    expect(work).to_have_attribute("data-proves", "false")
    expect(work).to_have_text(re.compile(rf"^Your marked numbers \({clue.name}\) do not prove "))
    expect(page.locator('[data-role="practice-board"]')).to_have_attribute("data-puzzle-id", first)  # it stays
    expect(practice_cell(page, clue.row, clue.col)).to_have_attribute("data-highlight", re.compile("clue"))
    # the next puzzle (asked for): every number of its step marked proves it
    page.click('[data-action="next-puzzle"]')
    expect(page.locator('[data-role="practice-board"]')).not_to_have_attribute("data-puzzle-id", first)
    expect(work).to_be_hidden()
    _second, board = practice_board(page)
    hint = make_hint(board)
    assert hint.deduction is not None
    for clue in hint.deduction.clues:
        practice_cell(page, clue.row, clue.col).click()
    mark_answer(page, board)
    page.click('[data-action="check"]')
    expect(work).to_have_attribute("data-proves", "true")
    expect(work).to_have_text(re.compile(r"^Your marked numbers \(.+\) prove it\.$"))
