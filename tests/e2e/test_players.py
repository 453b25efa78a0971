"""Players in the browser: register on the account page (the anonymous game comes along), mine vision
on the game page, statistics after games, the daily board, sign out; every write carries the CSRF token."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .helpers import game_id, started_beginner

pytestmark = pytest.mark.e2e

PASSWORD = "correct horse battery"


def test_register_keeps_the_game_and_vision_keeps_it_off_the_rankings(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page)
    page.goto("/account?lang=en")
    page.fill("#register-username", "ada")
    page.fill("#register-password", PASSWORD)
    page.click('[data-role="register-form"] button')
    expect(page.locator('[data-role="signed-in-as"]')).to_have_text("Signed in as ada.")
    expect(page.locator('[data-nav="account"]')).to_have_text("ada")
    page.goto("/?lang=en")
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-id", game)  # the game came along
    # moves after sign-in carry the new session's token (a stale one would be refused)
    page.click('[data-action="vision"]')
    expect(page.locator('[data-action="vision"]')).to_have_attribute("aria-pressed", "true")
    shown = {(int(c.get_attribute("data-row") or -1), int(c.get_attribute("data-col") or -1))
             for c in page.locator('.cell[data-vision="mine"]').all()}
    assert shown == {tuple(mine) for mine in live_server.game(game).mines().to_json()}  # every mine, all covered
    page.locator('.cell[data-vision="mine"]').first.click()
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "lost")
    expect(page.locator('[data-role="summary"] [data-figure="unranked"]')).to_contain_text("mine vision")
    page.goto("/stats?lang=en")
    section = page.locator('.board-stats[data-kind="beginner"][data-mode="classic"]')
    expect(section.locator('[data-role="played"]')).to_have_text("1")
    expect(section.locator('[data-role="lost"]')).to_have_text("1")


def test_the_daily_board_is_one_attempt(page: Page) -> None:
    page.goto("/daily?lang=en")
    page.click('[data-preset="beginner"] [data-action="play-daily"]')
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "playing")
    first = game_id(page)
    expect(page.locator('[data-action="vision"]')).to_be_hidden()  # no vision on the daily board
    page.goto("/daily?lang=en")
    expect(page.locator('[data-preset="beginner"] [data-action="play-daily"]')).to_have_text("Continue your game")
    page.click('[data-preset="beginner"] [data-action="play-daily"]')
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-id", first)


def test_a_wrong_password_and_signing_out(page: Page) -> None:
    page.goto("/account?lang=de")
    page.fill("#sign-in-username", "nobody")
    page.fill("#sign-in-password", "not the password")
    page.click('[data-role="sign-in-form"] button')
    expect(page.locator('[data-role="form-error"]')).to_be_visible()
    assert page.locator('[data-role="form-error"]').inner_text() != "Wrong username or password."
    page.fill("#register-username", "bob")
    page.fill("#register-password", PASSWORD)
    page.click('[data-role="register-form"] button')
    expect(page.locator('[data-role="signed-in-as"]')).to_be_visible()
    page.click('[data-role="sign-out-form"] button')
    expect(page.locator('[data-role="sign-in-form"]')).to_be_visible()


# the status bar: the bar's items (the children it shows) and the height of its line, the bot's group apart
STATUS_LINES = """bar => {
  const box = element => element.getBoundingClientRect();
  const shown = element => box(element).width > 0;
  const bot = bar.querySelector('[data-role="bot"]');
  const items = [...bar.children].filter(element => shown(element) && element !== bot);
  const controls = [...bot.children].filter(shown);
  const extent = list => Math.max(...list.map(e => box(e).bottom)) - Math.min(...list.map(e => box(e).top));
  const line = list => Math.max(...list.map(e => box(e).height));
  return {
    items: items.map(e => e.textContent.trim()), itemsHeight: extent(items), itemLine: line(items),
    botHeight: extent(controls), botLine: line(controls), botTop: box(bot).top, itemsBottom: Math.max(...items.map(e => box(e).bottom)),
    barHeight: box(bar).height,
  };
}"""


@pytest.mark.parametrize("language", ["en", "de", "ru", "fr", "pl", "it", "es", "pt", "ar", "ja", "ko", "zh_Hans"])
def test_the_status_bar_keeps_one_line_at_1366_px(page: Page, language: str) -> None:
    """Counters, Hint, the tools, the two links and the bot's controls: one line, in every language (the bar spans
    the page's width above the board and the explanation)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    started_beginner(page, language)
    expect(page.locator('[data-role="analysis-link"]')).to_be_visible()  # the game has started: every item is shown
    lines = page.eval_on_selector(".status-bar", STATUS_LINES)
    assert len(lines["items"]) >= 8, lines  # 2 counters, Hint, probabilities, vision, zoom, undo, review, analysis board
    assert lines["itemsHeight"] <= lines["itemLine"] + 1, lines  # the items: one line high
    assert lines["botHeight"] <= lines["botLine"] + 1, lines  # the bot's controls: one line
    assert lines["botTop"] < lines["itemsBottom"], lines  # ... and the same line as the items'
    assert lines["barHeight"] <= max(lines["itemLine"], lines["botLine"]) + 1, lines