"""The game on a touch phone (390 x 844 and 360 x 740): the beginner board fits the width with cells of at
least 36 px and is whole in the first screen, above the collapsed explanation sheet, with no cell under a
label or the sheet; an intermediate board fits the width; the header and the controls fold into one row
each ("Menu", "More"); after Hint, the cells it names are in the part of the screen above the sheet."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from explainer.core.cells import iter_bits
from explainer.play.game import Game
from explainer.words.i18n import LANGUAGES

from .conftest import LiveServer
from .helpers import api_move, board, cell, started_beginner

pytestmark = pytest.mark.e2e

PHONES = [(390, 844), (360, 740)]


@pytest.fixture(params=PHONES, ids=lambda size: f"{size[0]}x{size[1]}")
def phone(request: pytest.FixtureRequest) -> tuple[int, int]:
    return tuple(request.param)  # type: ignore[return-value]


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any], phone: tuple[int, int]) -> dict[str, Any]:
    width, height = phone
    return {**browser_context_args, "viewport": {"width": width, "height": height}, "has_touch": True, "is_mobile": True}


def geometry(page: Page) -> dict[str, Any]:
    """Where the board, its cells and the sheet are on the screen, and which cell centres something else covers."""
    return page.evaluate(
        """() => {
        const board = document.querySelector('[data-role="board"]').getBoundingClientRect();
        const panel = document.querySelector('.panel');
        const sheet = getComputedStyle(panel).position === 'fixed' ? panel.getBoundingClientRect().top : innerHeight;
        const cells = [...document.querySelectorAll('[data-role="board"] .cell')];
        const covered = cells.filter((cell) => {
          const r = cell.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          if (y >= sheet || y < 0 || x < 0 || x > innerWidth) return true;
          const hit = document.elementFromPoint(x, y);
          return !(hit === cell || cell.contains(hit));
        }).map((cell) => cell.getAttribute('aria-label'));
        return {
          board: {left: board.left, right: board.right, top: board.top, bottom: board.bottom},
          cell: cells[0].getBoundingClientRect().width,
          sheet, covered, width: innerWidth, scrollX: scrollX, scrollY: scrollY,
          pageWidth: document.documentElement.scrollWidth,
          wrapOverflow: document.querySelector('[data-role="board-wrap"]').scrollWidth
            - document.querySelector('[data-role="board-wrap"]').clientWidth,
        };
    }"""
    )


def test_the_beginner_board_fits_in_the_first_screen(page: Page, phone: tuple[int, int]) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    expect(page.locator('[data-role="board"] .cell')).to_have_count(81)
    found = geometry(page)
    assert found["scrollY"] == 0 and found["pageWidth"] <= found["width"] and found["wrapOverflow"] <= 0, found
    assert found["cell"] >= 36, found
    assert found["board"]["left"] >= 0 and found["board"]["right"] <= found["width"], found
    assert found["board"]["bottom"] <= found["sheet"], found  # the whole board above the collapsed sheet
    assert found["covered"] == [], found  # no cell under a label, the sheet or the edge
    # the header and the controls are one row each: the links and the rarer controls fold away
    expect(page.locator('[data-action="site-menu"]')).to_be_visible()
    expect(page.locator(".nav")).to_be_hidden()
    expect(page.locator('[data-action="probabilities"]')).to_be_hidden()
    for control in ('[data-action="new-game"]', '[data-action="hint"]', '.status-bar [data-action="undo"]', "#preset"):
        expect(page.locator(control)).to_be_visible()


def test_menu_and_more_open_what_they_fold(page: Page) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    page.click('[data-action="site-menu"]')
    expect(page.locator('.nav a[data-nav="learn"]')).to_be_visible()
    expect(page.locator('[data-action="site-menu"]')).to_have_attribute("aria-expanded", "true")
    page.click('[data-action="site-menu"]')
    expect(page.locator(".nav")).to_be_hidden()
    page.click('[data-action="more"]')
    expect(page.locator('[data-action="probabilities"]')).to_be_visible()
    expect(page.locator('[data-action="restart"]')).to_be_visible()
    expect(page.locator('[data-action="more"]')).to_have_attribute("aria-expanded", "true")


def test_more_folds_back_on_a_new_game_and_the_board_is_in_view(page: Page) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    page.click('[data-action="more"]')
    expect(page.locator('[data-action="restart"]')).to_be_visible()
    page.click('[data-action="new-game"]')
    expect(page.locator('[data-action="more"]')).to_have_attribute("aria-expanded", "false")
    expect(page.locator('[data-action="restart"]')).to_be_hidden()
    expect(cell(page, 8, 8)).to_be_in_viewport()


def test_a_game_s_end_opens_the_sheet_on_its_summary(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page)
    stored = live_server.game(game)
    assert stored.layout is not None
    last = None
    for index in iter_bits(~stored.layout & ((1 << stored.size) - 1)):
        if stored.revealed >> index & 1:
            continue
        trial = Game.from_dict(stored.to_dict())
        trial.open(*divmod(index, stored.width))
        if trial.state == "won":  # the winning click is left for the page
            last = divmod(index, stored.width)
            break
        api_move(page, game, "open", divmod(index, stored.width))
        stored = live_server.game(game)
    assert last is not None
    page.reload()
    expect(cell(page, *last)).to_have_attribute("data-state", "covered")
    expect(page.locator(".panel")).not_to_have_attribute("data-open", "true")
    cell(page, *last).click()
    expect(page.locator('[data-role="status"]')).to_have_attribute("data-state", "won")
    expect(page.locator(".panel")).to_have_attribute("data-open", "true")
    expect(page.locator('[data-role="summary"]')).to_be_in_viewport()


def test_an_intermediate_board_fits_the_width(page: Page) -> None:
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    page.select_option("#preset", "intermediate")
    page.click('[data-action="new-game"]')
    expect(page.locator('[data-role="board"] .cell')).to_have_count(256)
    found = geometry(page)
    assert found["pageWidth"] <= found["width"] and found["wrapOverflow"] <= 0, found
    assert found["board"]["right"] <= found["width"], found


def test_after_a_hint_its_cells_are_above_the_sheet(page: Page) -> None:
    started_beginner(page)
    page.click('[data-action="hint"]')
    expect(page.locator('[data-role="board"] .cell[data-highlight]').first).to_be_attached()
    expect(page.locator(".panel")).to_have_attribute("data-open", "true")
    page.wait_for_function(
        """() => {
        const sheet = document.querySelector('.panel').getBoundingClientRect().top;
        const cells = [...document.querySelectorAll('[data-role="board"] .cell[data-highlight]')];
        return cells.length > 0 && cells.every((cell) => {
          const r = cell.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return r.top >= 0 && r.bottom <= sheet && (hit === cell || cell.contains(hit));
        });
    }"""
    )
    # and a cell can still be played: the first click's cell is on screen
    expect(cell(page, 4, 4)).to_be_visible()


#: what lies past the screen's edges (a board's frame pans a large board and a wide table scrolls in its own frame:
#: what they hold is left out)
CUT_OFF = """() => [...document.querySelectorAll('body *')].filter((element) => {
    if (element.closest('.board-wrap') || element.closest('.panel') || element.closest('.table-scroll')) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const r = element.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (r.right > innerWidth + 0.5 || r.left < -0.5);
}).map((element) => `${element.tagName.toLowerCase()}.${element.className} ${element.textContent.trim().slice(0, 30)}`)"""


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_nothing_is_cut_off_with_the_menus_open(page: Page, language: str) -> None:
    page.goto(f"/?lang={language}")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    assert page.evaluate(CUT_OFF) == []
    page.click('[data-action="more"]')
    menu = page.locator('[data-role="settings"]')
    menu.locator("summary").click()
    expect(menu.locator('select[name="autopilot"]')).to_be_visible()
    assert page.evaluate(CUT_OFF) == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


#: the other pages a phone shows
PAGES = ("/learn/", "/learn/one-two-one", "/learn/guessing", "/learn/storm", "/analysis", "/stats", "/daily",
         "/leaderboards", "/account")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_nothing_is_cut_off_on_the_other_pages(page: Page, language: str) -> None:
    for path in PAGES:
        page.goto(f"{path}?lang={language}")
        expect(page.locator("main")).to_be_visible()
        page.wait_for_load_state("networkidle")
        assert page.evaluate(CUT_OFF) == [], path
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path
