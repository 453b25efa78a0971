"""Pages that fit: at 1280 x 800 the game's toolbar and its status line (the counters, Hint, the tools, the two
links and the bot's controls) each keep one row in every language, in play (when the review links show too); the
statistics page is one line per board, its figures and charts (of a bounded size) folded under it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from explainer.words.i18n import LANGUAGES

from .conftest import LiveServer
from .helpers import api_game, api_move, board, cell

pytestmark = pytest.mark.e2e

#: how many rows the visible children of ``selector`` make (a child whose middle lies below every child before it
#: starts a row)
ROWS = """(selector) => {
    const boxes = [...document.querySelector(selector).children].map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0).sort((a, b) => a.top - b.top);
    let rows = 0, bottom = -Infinity;
    for (const box of boxes) {
        if ((box.top + box.bottom) / 2 > bottom) { rows += 1; bottom = box.bottom; } else bottom = Math.max(bottom, box.bottom);
    }
    return rows;
}"""


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_toolbar_and_the_status_line_keep_one_row_at_1280_px(page: Page, language: str) -> None:
    page.goto(f"/?lang={language}")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    cell(page, 4, 4).click()
    expect(board(page)).not_to_have_attribute("data-game-state", "ready")
    expect(page.locator('[data-role="review-link"]')).to_be_visible()
    assert page.evaluate(ROWS, "form.toolbar") == 1
    assert page.evaluate(ROWS, ".status-bar") == 1


def play_results(page: Page, live_server: LiveServer) -> int:
    """Two losses on each of four board kinds in two modes, and a win on the mini board: the boards played."""
    boards = 0
    for preset, (height, width) in (("mini", (6, 6)), ("beginner", (9, 9)), ("intermediate", (16, 16)), ("expert", (16, 30))):
        for mode in ("classic", "strict"):
            boards += 1
            for _ in range(2):
                game = api_game(page, preset=preset, mode=mode)["id"]
                api_move(page, game, "open", (height // 2, width // 2))
                stored = live_server.game(game)
                assert stored.layout is not None
                mine = (stored.layout & -stored.layout).bit_length() - 1
                assert api_move(page, game, "open", divmod(mine, width))["game"]["state"] == "lost"
    game = api_game(page, preset="mini")["id"]
    api_move(page, game, "open", (3, 3))
    stored = live_server.game(game)
    assert stored.layout is not None
    for index in range(36):
        if stored.state == "playing" and not (stored.layout >> index & 1 or stored.revealed >> index & 1):
            api_move(page, game, "open", divmod(index, 6))
            stored = live_server.game(game)
    assert stored.state == "won"
    return boards


#: the statistics page's height at most, with the eight boards of ``play_results`` (it was 8,200 px with fewer)
STATS_HEIGHT = {(1366, 768): 1200, (390, 844): 1800}  # (measured: 1,005 and 1,417 px on 2026-12-03)


def test_the_statistics_page_is_a_compact_summary_with_charts_of_a_bounded_size(page: Page, live_server: LiveServer) -> None:
    page.goto("/")
    boards = play_results(page, live_server)
    for (width, height), most in STATS_HEIGHT.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto("/stats?lang=en")
        sections = page.locator(".board-stats")
        expect(sections).to_have_count(boards)
        expect(sections.first.locator("figure.chart").first).to_be_visible()  # the first board open, its charts shown
        expect(page.locator('.board-stats[data-kind="mini"][data-mode="classic"] [data-role="board-line"]')).to_have_text(
            re.compile(r"^1 of 3 games won · best [\d.]+ s$"))
        tall = page.evaluate("document.documentElement.scrollHeight")
        assert tall <= most, f"{width} x {height}: the page is {tall} px tall"
        for chart in page.locator("figure.chart svg").all():
            if chart.is_visible():
                box = chart.bounding_box()
                assert box is not None and box["width"] <= 330 and box["height"] <= 200, box
