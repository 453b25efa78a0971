"""Storm and Streak in the browser: a run starts with a click, a right answer scores and brings the next puzzle, a
wrong one costs a storm ten seconds and ends a streak, whose miss is then explained on its own board."""

from __future__ import annotations

import re
import sqlite3

import pytest
from playwright.sync_api import Page, expect

from explainer.engine.hint import make_hint
from explainer.words.hints import hint_text

from .conftest import LiveServer
from tests.e2e.setups import answer_cells, answer_right, answer_wrong, run_board, run_cell

pytestmark = pytest.mark.e2e


def start(page: Page, kind: str) -> None:
    page.goto(f"/learn/{kind}")
    page.click('[data-action="start-run"]')
    expect(page.locator('[data-role="run"]')).to_have_attribute("data-state", "on")
    expect(page.locator('[data-role="run-board"]')).to_have_attribute("data-number", "1")


def test_a_run_is_played_from_the_keyboard(page: Page) -> None:
    start(page, "streak")
    safe, mines = answer_cells(run_board(page))
    page.locator('[data-role="run-board"] .cell').first.focus()
    cursor = (0, 0)
    for target, key in [*((cell, "Space") for cell in safe), *((cell, "f") for cell in mines)]:
        for _ in range(abs(target[0] - cursor[0])):
            page.keyboard.press("ArrowDown" if target[0] > cursor[0] else "ArrowUp")
        for _ in range(abs(target[1] - cursor[1])):
            page.keyboard.press("ArrowRight" if target[1] > cursor[1] else "ArrowLeft")
        cursor = target
        page.keyboard.press(key)
        expect(run_cell(page, *target)).to_have_attribute("data-answer", "open" if key == "Space" else "flag")
    page.keyboard.press("c")
    expect(page.locator('[data-role="run-score"]')).to_have_text("1")


def test_a_streak_scores_then_ends_at_its_miss_explained(page: Page) -> None:
    start(page, "streak")
    expect(page.locator('[data-role="run-puzzle"]')).to_have_text(re.compile(r"^Puzzle 1: .+ · rating \d+$"))
    answer_right(page, run_board(page))
    expect(page.locator('[data-role="run-score"]')).to_have_text("1")
    expect(page.locator('[data-role="run-board"]')).to_have_attribute("data-number", "2")

    board = run_board(page)
    answer_wrong(page, board)
    expect(page.locator('[data-role="run"]')).to_have_attribute("data-state", "over")
    expect(page.locator('[data-role="run-result"]')).to_have_text("Streak over. You solved 1 puzzle in a row. A new personal best!")
    expect(page.locator('[data-role="run-board-part"]')).to_be_hidden()
    miss = page.locator('[data-role="run-misses"] .run-miss')
    expect(miss).to_have_count(1)
    expect(miss.locator("h4")).to_have_text(re.compile(r"^Puzzle 2: "))
    expect(miss.locator(".cell[data-wrong-answer]")).to_have_count(1)
    page.mouse.move(0, 0)  # the click left the pointer where a reason may now lie, showing that reason's cells
    expect(miss.locator(".cell[data-highlight]").first).to_be_visible()
    miss.locator(".practice-verdicts li").first.hover()  # the wrong cell's reason shows at least that cell
    expect(miss.locator(".cell[data-wrong-answer]")).to_have_attribute("data-highlight", re.compile(r"\S"))
    step = hint_text(make_hint(board), "en")  # the step there was: in a wrong cell's reason, or after them
    expect(miss.locator(".run-step, li").filter(has_text=step).first).to_be_visible()
    expect(page.locator('[data-role="run-unranked"]')).to_be_visible()  # a guest's run
    expect(page.locator('[data-action="again"]')).to_be_focused()
    expect(page.locator('[data-role="run-best"]')).to_have_text("1")


def test_a_storm_s_wrong_answer_costs_ten_seconds_and_its_end_shows_the_misses(page: Page, live_server: LiveServer) -> None:
    start(page, "storm")
    clock = page.locator('[data-role="run-clock"]')
    expect(clock).to_have_text(re.compile(r"^1(79|80)$"))
    answer_wrong(page, run_board(page))
    expect(page.locator('[data-role="run-result"]')).to_have_text("Wrong: 10 seconds off the clock.")
    expect(page.locator('[data-role="run-board"]')).to_have_attribute("data-number", "2")  # the storm moves on
    assert int(clock.text_content() or 0) <= 170

    # the server's clock runs out: the page counts down to 0, asks the server, and shows the end
    run_id = page.evaluate("window.run.run.id")
    with sqlite3.connect(live_server.db_path) as conn:
        conn.execute("UPDATE training_runs SET ends_at = served_at + 1 WHERE id = ?", (run_id,))
    page.evaluate("window.run.queue(() => window.run.refresh())")
    expect(page.locator('[data-role="run"]')).to_have_attribute("data-state", "over", timeout=15000)
    expect(clock).to_have_text("0")
    expect(page.locator('[data-role="run-result"]')).to_have_text(re.compile(r"^Time is up\. You solved 0 puzzles\."))
    expect(page.locator('[data-role="run-misses"] .run-miss')).to_have_count(1)
