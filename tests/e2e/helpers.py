"""Small helpers for the browser tests: finding cells and reading the game behind the page."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Locator, Page, expect

from explainer.core.cells import Cell
from explainer.play.game import PRESETS


def cell(page: Page, row: int, col: int) -> Locator:
    return page.locator(f'.cell[data-row="{row}"][data-col="{col}"]')


def board(page: Page) -> Locator:
    return page.locator('[data-role="board"]')


def game_id(page: Page) -> str:
    value = board(page).get_attribute("data-game-id")
    assert value, "the board has no game id"
    return value


def start_new_game(page: Page) -> str:
    """Click "New game" and wait until the board is the new game (ready); its id.
    (The board on screen is also "ready" before the new one arrives.)"""
    before = game_id(page)
    page.click('[data-action="new-game"]')
    expect(board(page)).not_to_have_attribute("data-game-id", before)
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    return game_id(page)


def started_beginner(page: Page, language: str = "en") -> str:
    """A fresh page in ``language``, a new beginner game, its first cell (row 4, col 4) opened; its id."""
    return started(page, "beginner", (4, 4), language)


def started(page: Page, preset: str, first: tuple[int, int], language: str = "en") -> str:
    """A fresh page in ``language``, a new game of ``preset``, its cell ``first`` opened; its id."""
    page.goto(f"/?lang={language}")
    expect(board(page)).to_have_attribute("data-game-state", "ready")
    page.select_option("#preset", preset)
    page.click('[data-action="new-game"]')
    height, width, _mines = PRESETS[preset]
    expect(page.locator('.cell[data-state="covered"]')).to_have_count(height * width)
    cell(page, *first).click()
    expect(board(page)).not_to_have_attribute("data-game-state", "ready")
    return game_id(page)


def explanation(page: Page) -> Locator:
    return page.locator('[data-role="explanation"]')


def csrf(page: Page) -> dict[str, str]:
    """The session's CSRF token as a request header, as the page's script sends it (``web/static/js/api.js``);
    asked of ``GET /api/account`` in the browser's session (which starts one when there is none yet)."""
    token = page.request.get("/api/account").headers.get("x-csrf-token")
    assert token, "no CSRF token in the reply"
    return {"X-CSRF-Token": token}


def api_game(page: Page, **settings: Any) -> dict[str, Any]:
    """Create a game through the API in the page's session (shares the browser's cookies and the page's token)."""
    response = page.request.post("/api/games", data=settings, headers=csrf(page))
    assert response.status == 201, response.text()
    return response.json()["game"]


def api_move(page: Page, game: str, action: str, target: Cell | tuple[int, int]) -> dict[str, Any]:
    row, col = target
    response = page.request.post(f"/api/games/{game}/{action}", data={"row": row, "col": col}, headers=csrf(page))
    assert response.ok, response.text()
    return response.json()


def load(page: Page, cells: int, path: str = "/") -> None:
    page.goto(path)
    expect(page.locator(".cell")).to_have_count(cells)


def highlighted(page: Page) -> dict[tuple[int, int], set[str]]:
    """Every highlighted cell with its roles, read from the page."""
    found = page.eval_on_selector_all(
        ".cell[data-highlight]",
        "cells => cells.map(c => [Number(c.dataset.row), Number(c.dataset.col), c.dataset.highlight])",
    )
    return {(row, col): set(roles.split()) for row, col, roles in found}


def expected_roles(hint: dict[str, Any], keep: set[str] | None = None) -> dict[tuple[int, int], set[str]]:
    marks = {}
    for item in hint["highlights"]:
        roles = {role for role in item["roles"] if keep is None or role in keep}
        if roles:
            marks[tuple(item["cell"])] = roles
    return marks


def open_settings(page: Page) -> None:
    """Open the game settings menu (board size fields, mode, depth) unless it is open."""
    menu = page.locator('[data-role="settings"]')
    if menu.get_attribute("open") is None:
        menu.locator("summary").click()
