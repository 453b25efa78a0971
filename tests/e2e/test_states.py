"""States that tell the truth: the status line while a loss can still be undone, the panel after the
losing click is undone, the clock stopped while the loss report is read."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .helpers import board, cell, explanation, started_beginner

pytestmark = pytest.mark.e2e


def test_a_pending_loss_and_its_undo(page: Page, live_server: LiveServer) -> None:
    game = live_server.game(started_beginner(page))
    assert game.layout is not None
    mine = next(i for i in range(game.height * game.width) if game.layout >> i & 1)
    cell(page, *divmod(mine, game.width)).click()
    expect(page.locator('[data-role="loss-report"]')).to_be_visible()
    status = page.locator('[data-role="status"]')
    # the board is not shown yet: the status says what can be done, not "the whole board is shown"
    expect(status).to_have_text("Boom! You opened a mine. Undo the losing click, or show the whole board.")
    # while the loss can be undone, 3BV (which tells something of the layout) waits
    expect(page.locator('[data-role="summary"] [data-figure="clicks"]')).to_have_text("Clicks: 2")
    expect(page.locator('[data-role="summary"] [data-figure="bbbv"]')).to_have_count(0)
    expect(page.locator('[data-role="timer"]')).not_to_have_text("")
    stopped = page.locator('[data-role="timer"]').text_content()
    page.click('[data-action="hint"]')  # nothing to do after the game: the panel says so
    expect(explanation(page)).to_have_attribute("data-kind", "over")
    page.click('[data-role="loss-actions"] [data-action="undo"]')
    expect(board(page)).to_have_attribute("data-game-state", "playing")
    # the game is on again: nothing says it is over
    expect(explanation(page)).not_to_have_attribute("data-kind", "over")
    expect(status).to_have_text("")
    assert stopped is not None
    # the clock goes on from where it stopped
    assert int(page.locator('[data-role="timer"]').text_content() or "0") <= int(stopped) + 1
    cell(page, *divmod(mine, game.width)).click()
    page.click('[data-role="loss-actions"] [data-action="accept"]')
    expect(status).to_have_text("Boom! You opened a mine. The whole board is shown.")
    # the figures at once, with the review's click count (the undone click was clicked too)
    summary = page.locator('[data-role="summary"]')
    expect(summary.locator('[data-figure="clicks"]')).to_have_text("Clicks: 3")
    expect(summary.locator('[data-figure="bbbv"]')).to_be_visible()
    expect(summary.locator('[data-figure="efficiency"]')).to_be_visible()


def test_an_invalid_custom_size_says_what_is_wrong(page: Page) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    before = board(page).get_attribute("data-game-id")
    page.select_option("#preset", "custom")  # the menu opens on the size fields
    page.fill('input[name="width"]', "999")
    page.click('[data-role="settings-summary"]')  # the menu closes, as it does when a player clicks away
    page.click('[data-action="new-game"]')
    expect(explanation(page)).to_have_attribute("data-kind", "error")
    expect(explanation(page)).to_contain_text("999")
    expect(page.locator('[data-role="settings"]')).to_have_attribute("open", "")
    assert board(page).get_attribute("data-game-id") == before


def test_review_numbers_over_99_are_not_clipped(page: Page, live_server: LiveServer) -> None:
    game_id = started_beginner(page)
    game = live_server.game(game_id)
    assert game.layout is not None
    covered = next(i for i in range(81) if not game.revealed >> i & 1)
    for _ in range(60):  # 120 flags and unflags: 121 moves
        for _twice in range(2):
            page.request.post(f"/api/games/{game_id}/flag", data={"row": covered // 9, "col": covered % 9},
                              headers={"X-CSRF-Token": page.locator('meta[name="csrf-token"]').get_attribute("content") or ""})
    page.goto(f"/games/{game_id}/review")
    items = page.locator('[data-role="review-moves"] li')
    expect(items).to_have_count(121)
    clipped = page.evaluate(
        """() => { const list = document.querySelector('[data-role="review-moves"]');
        const pad = parseFloat(getComputedStyle(list).paddingInlineStart);
        const probe = document.createElement('span'); probe.textContent = '121.'; probe.style.font = getComputedStyle(list).font;
        document.body.append(probe); const need = probe.getBoundingClientRect().width; probe.remove();
        return need > pad; }"""
    )
    assert not clipped
