"""Touch schemes on a phone (390 x 844 and 360 x 740), played with real touch events (the browser's own touch
input, as a finger gives it): a tap opens and a long press flags (the default); a tap flags and a long press
opens; or a Flag mode button beside Hint switches what a tap does.  A tap on a number whose mines are all flagged
opens the cells around it; the long press's time is adjustable; the browser remembers the choices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from explainer.play.game import Game

from .conftest import LiveServer
from .helpers import api_game, api_move, board, cell

pytestmark = pytest.mark.e2e

PHONES = [(390, 844), (360, 740)]


@pytest.fixture(params=PHONES, ids=lambda size: f"{size[0]}x{size[1]}")
def phone_size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return tuple(request.param)  # type: ignore[return-value]


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any], phone_size: tuple[int, int]) -> dict[str, Any]:
    width, height = phone_size
    return {**browser_context_args, "viewport": {"width": width, "height": height}, "has_touch": True, "is_mobile": True}


def started(page: Page, live_server: LiveServer, seed: int = 7) -> Game:
    """A beginner game (``seed``) opened at E5 through the API, loaded; the stored game (the test knows its mines)."""
    page.goto("/")
    game = api_game(page, preset="beginner", seed=seed)["id"]
    api_move(page, game, "open", (4, 4))
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-id", game)
    expect(board(page)).to_have_attribute("data-game-state", "playing")
    return live_server.game(game)


def covered_cells(game: Game, mine: bool) -> list[tuple[int, int]]:
    assert game.layout is not None
    return [divmod(i, game.width) for i in range(game.size)
            if not game.revealed >> i & 1 and bool(game.layout >> i & 1) == mine]


def tap(page: Page, target: Locator) -> None:
    found = target.bounding_box()
    assert found is not None
    page.touchscreen.tap(found["x"] + found["width"] / 2, found["y"] + found["height"] / 2)


def hold(page: Page, target: Locator) -> Callable[[], None]:
    """A finger put on ``target`` and kept there; returns what lifts it."""
    found = target.bounding_box()
    assert found is not None
    point = {"x": found["x"] + found["width"] / 2, "y": found["y"] + found["height"] / 2}
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    return lambda: session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def choose(page: Page, name: str, value: str) -> None:
    """Pick a touch setting in the game menu (behind "More" on a phone), then fold the menus away."""
    more = page.locator('[data-action="more"]')
    if more.get_attribute("aria-expanded") != "true":
        more.click()
    menu = page.locator('[data-role="settings"]')
    menu.locator("summary").click()
    page.select_option(f'select[name="{name}"]', value)
    menu.locator("summary").click()
    more.click()
    expect(more).to_have_attribute("aria-expanded", "false")


def test_tap_flags_long_press_opens_and_a_tap_on_a_satisfied_number_chords(page: Page, live_server: LiveServer) -> None:
    game = started(page, live_server)
    choose(page, "touch-scheme", "tap-flags")
    expect(page.locator('[data-touch-help="tap-flags"]')).to_be_visible()
    expect(page.locator('[data-touch-help="long-press-flags"]')).to_be_hidden()
    safe = cell(page, *covered_cells(game, mine=False)[0])
    tap(page, safe)
    expect(safe).to_have_attribute("data-state", "flagged")
    tap(page, safe)  # again: the flag comes off
    expect(safe).to_have_attribute("data-state", "covered")
    lift = hold(page, safe)
    expect(safe).to_have_attribute("data-state", "revealed")  # held long enough: opened while still pressed
    lift()
    expect(safe).to_have_attribute("data-state", "revealed")
    # a number with a covered safe neighbour: flag its mines by tapping, then tap the number
    game = live_server.game(str(board(page).get_attribute("data-game-id")))
    number, mines, others = satisfied_number(game)
    for mine in mines:
        tap(page, cell(page, *mine))
        expect(cell(page, *mine)).to_have_attribute("data-state", "flagged")
    tap(page, cell(page, *number))
    for other in others:
        expect(cell(page, *other)).to_have_attribute("data-state", "revealed")
    # remembered by the browser
    page.reload()
    expect(page.locator('select[name="touch-scheme"]')).to_have_value("tap-flags")
    expect(board(page)).to_have_attribute("data-touch-scheme", "tap-flags")


def satisfied_number(game: Game) -> tuple[tuple[int, int], list[tuple[int, int]], list[tuple[int, int]]]:
    """An open number with a covered safe neighbour: the number, its mines, its covered safe neighbours."""
    assert game.layout is not None
    for index in range(game.size):
        if not game.revealed >> index & 1 or game.layout >> index & 1:
            continue
        row, col = divmod(index, game.width)
        around = [(r, c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                  if 0 <= r < game.height and 0 <= c < game.width and (r, c) != (row, col)
                  and not game.revealed >> (r * game.width + c) & 1]
        mines = [cell for cell in around if game.layout >> (cell[0] * game.width + cell[1]) & 1]
        others = [cell for cell in around if cell not in mines]
        if mines and others:
            return (row, col), mines, others
    raise AssertionError("no number with both a mine and a safe cell covered around it")


def test_the_flag_mode_button_switches_what_a_tap_does(page: Page, live_server: LiveServer) -> None:
    game = started(page, live_server)
    button = page.locator('[data-action="flag-mode"]')
    expect(button).to_be_hidden()  # the default scheme has no button
    choose(page, "touch-scheme", "toggle")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-pressed", "false")
    first, second, third = (cell(page, *target) for target in covered_cells(game, mine=False)[:3])
    tap(page, first)
    expect(first).to_have_attribute("data-state", "revealed")
    tap(page, button)
    expect(button).to_have_attribute("aria-pressed", "true")
    if second.get_attribute("data-state") == "covered":  # (not opened with the first)
        tap(page, second)
        expect(second).to_have_attribute("data-state", "flagged")
        tap(page, second)
        expect(second).to_have_attribute("data-state", "covered")
    if third.get_attribute("data-state") == "covered":
        lift = hold(page, third)  # in flag mode a long press opens
        expect(third).to_have_attribute("data-state", "revealed")
        lift()
    tap(page, button)
    expect(button).to_have_attribute("aria-pressed", "false")


def test_the_long_press_time_is_chosen_and_remembered(page: Page, live_server: LiveServer) -> None:
    game = started(page, live_server)
    expect(board(page)).to_have_attribute("data-long-press-ms", "450")
    choose(page, "long-press", "800")
    expect(board(page)).to_have_attribute("data-long-press-ms", "800")
    mine = cell(page, *covered_cells(game, mine=True)[0])
    lift = hold(page, mine)
    expect(mine).to_have_attribute("data-state", "flagged")  # the default scheme: a long press flags
    lift()
    page.reload()
    expect(page.locator('select[name="long-press"]')).to_have_value("800")
    expect(board(page)).to_have_attribute("data-long-press-ms", "800")


def pinch(page: Page, target: Locator, spread: float) -> None:
    """Two fingers on ``target``, moved apart (``spread`` > 1) or together, in eight steps."""
    found = target.bounding_box()
    assert found is not None
    # across the middle, near the top: clear of the explanation sheet over the bottom of the screen
    x, y = found["x"] + found["width"] / 2, max(found["y"], 0) + min(found["height"] / 2, 120)
    session = page.context.new_cdp_session(page)
    gap = 40.0

    def fingers(distance: float) -> list[dict[str, float]]:
        return [{"x": x - distance / 2, "y": y, "id": 1}, {"x": x + distance / 2, "y": y, "id": 2}]

    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(gap)})
    for step in range(1, 9):
        session.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(gap * spread ** (step / 8))})
    session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_pinch_zooms_the_board_and_keeps_the_hint_in_view(page: Page, live_server: LiveServer) -> None:
    game = started(page, live_server)
    page.click('[data-action="hint"]')
    highlighted = page.locator('[data-role="board"] .cell[data-highlight]').first
    expect(highlighted).to_be_attached()
    expect(board(page)).to_have_attribute("data-zoom", "1")
    covered = len(covered_cells(game, mine=False)) + len(covered_cells(game, mine=True))
    pinch(page, page.locator('[data-role="board-wrap"]'), 2.0)  # twice as far apart: two steps of a quarter each
    expect(board(page)).to_have_attribute("data-zoom", "1.3")
    expect(highlighted).to_be_in_viewport()
    expect(page.locator('.cell[data-state="covered"], .cell[data-state="flagged"]')).to_have_count(covered)  # no move
    page.reload()  # the zoom is remembered, as the buttons'
    expect(board(page)).to_have_attribute("data-zoom", "1.3")
    pinch(page, page.locator('[data-role="board-wrap"]'), 0.5)
    expect(board(page)).to_have_attribute("data-zoom", "1")
    # the + button (behind "More") zooms the same way, the hint kept in view
    page.click('[data-action="hint"]')
    expect(highlighted).to_be_attached()
    page.click('[data-action="more"]')
    for level in ("1.15", "1.3", "1.5"):
        page.click('[data-action="zoom-in"]')
        expect(board(page)).to_have_attribute("data-zoom", level)
    expect(page.locator('[data-role="board"] .cell[data-highlight]').first).to_be_in_viewport()
