"""The Learn section in Chromium: a lesson with its example, practice answered right and
wrong, the progress overview, and the hint panel's link to a lesson."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.engine.hint import make_hint
from explainer.learn.lessons import classify
from explainer.words.hints import hint_text

from .conftest import LiveServer
from .helpers import api_game, api_move, explanation, load

pytestmark = pytest.mark.e2e

PATTERN = "one-two"


def practice_board(page: Page) -> tuple[str, Board]:
    """The puzzle on the page, read back through the API in the page's session."""
    element = page.locator('[data-role="practice-board"]')
    page.wait_for_function("() => document.querySelector('[data-role=\"practice-board\"]').dataset.puzzleId")
    puzzle_id = element.get_attribute("data-puzzle-id") or ""
    puzzle = page.request.get(f"/api/learn/puzzles/{puzzle_id}").json()["puzzle"]
    lines = ([f"mines {puzzle['mines']}"] if puzzle["mines"] is not None else []) + puzzle["board"]
    return puzzle_id, Board.parse("\n".join(lines) + "\n")


def practice_cell(page: Page, row: int, col: int):
    return page.locator(f'[data-role="practice-board"] .cell[data-row="{row}"][data-col="{col}"]')


def overview_row(page: Page, pattern: str):
    return page.locator(f'[data-role="progress-overview"] tr[data-pattern="{pattern}"]')


def test_lesson_practice_right_and_wrong_changes_the_overview(page: Page) -> None:
    page.goto("/learn/")
    expect(overview_row(page, PATTERN).locator('[data-role="solved"]')).to_have_text("0")
    page.click(f'a[data-lesson="{PATTERN}"]')
    expect(page.locator('[data-role="lesson"]')).to_have_attribute("data-lesson-page", PATTERN)
    expect(page.locator('[data-role="example-board"] .cell[data-highlight~="clue"]').first).to_be_visible()
    expect(page.locator('[data-role="example-text"]')).not_to_be_empty()

    # right: the step the lesson teaches
    first, board = practice_board(page)
    step = make_hint(board).deduction
    assert step is not None
    for target in step.safe:
        practice_cell(page, *target).click()
        expect(practice_cell(page, *target)).to_have_attribute("data-answer", "open")
    for target in step.mines:
        practice_cell(page, *target).click(button="right")
        expect(practice_cell(page, *target)).to_have_attribute("data-answer", "flag")
    page.click('[data-action="check"]')
    result = page.locator('[data-role="practice-result"]')
    expect(result).to_have_attribute("data-status", "right")
    expect(page.locator('[data-role="practice-board"]')).not_to_have_attribute("data-puzzle-id", first)
    expect(page.locator('[data-role="lesson-progress"]')).to_have_attribute("data-solved", "1")

    # wrong: open a cell the view does not prove safe
    second, board = practice_board(page)
    assert second != first
    solution = make_hint(board).solution
    unproved = board.covered_mask & ~board.flagged_mask & ~solution.safe.mask
    row, col = divmod(next(iter_bits(unproved)), board.width)
    practice_cell(page, row, col).click()
    page.click('[data-action="check"]')
    expect(result).to_have_attribute("data-status", "wrong")
    expect(page.locator('[data-role="practice-explanation"]')).to_be_visible()
    expect(page.locator('[data-role="practice-explanation"]')).to_have_text(hint_text(make_hint(board), "en"))
    expect(practice_cell(page, row, col)).to_have_attribute("data-wrong-answer", "true")
    expect(page.locator('[data-role="practice-board"] .cell[data-highlight~="clue"]').first).to_be_visible()

    page.click('a[href="/learn/"]:not([data-nav])')
    expect(overview_row(page, PATTERN).locator('[data-role="solved"]')).to_have_text("1")
    expect(overview_row(page, PATTERN).locator('[data-role="accuracy"]')).to_have_attribute("data-value", "0.5")
    expect(overview_row(page, PATTERN).locator('[data-role="accuracy"]')).to_have_text("50%")


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
