"""Playing in a real headless Chromium: new game, open, flag, chord, keyboard, hints, wrong flags,
the probability overlay, languages (German, Arabic right-to-left), reload and server restart."""

from __future__ import annotations

import re

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from explainer.core.cells import Cell, cell_name, iter_bits
from explainer.engine.hint import wrong_flag_hint, make_hint
from explainer.engine.solve import solve
from explainer.words.hints import hint_json
from explainer.bot.moves import advised_guess

from .conftest import LiveServer
from .helpers import api_game, api_move, board, cell, expected_roles, explanation, game_id, highlighted, load, open_settings
from tests.e2e.setups import guess_position

pytestmark = pytest.mark.e2e

PAIR_LEVEL_ROLES = {"clue", "common", "unique-a", "unique-b", "known-mine"}


def started_beginner(page: Page, seed: int = 1) -> str:
    game = api_game(page, preset="beginner", seed=seed)
    api_move(page, game["id"], "open", (4, 4))
    load(page, 81)
    return game["id"]


def test_new_game_open_flag_and_counters(page: Page, live_server: LiveServer) -> None:
    load(page, 81)
    page.select_option("#preset", "intermediate")
    page.click('[data-action="new-game"]')
    expect(page.locator(".cell")).to_have_count(256)
    expect(page.locator('.cell[data-state="covered"]')).to_have_count(256)
    expect(page.locator('[data-role="mines-left"]')).to_have_text("40")
    cell(page, 7, 7).click()
    expect(cell(page, 7, 7)).to_have_attribute("data-state", "revealed")
    expect(cell(page, 7, 7)).to_have_text("")  # the first click is a zero: it opened an area
    game = live_server.game(game_id(page))
    assert game.state == "playing" and game.revealed.bit_count() > 1
    mine = Cell(*divmod(next(iter_bits(game.layout or 0)), game.width))
    cell(page, *mine).click(button="right")
    expect(cell(page, *mine)).to_have_attribute("data-state", "flagged")
    expect(page.locator('[data-role="mines-left"]')).to_have_text("39")
    # revealed numbers are the cell's text
    view = live_server.game(game_id(page)).view()
    row, col = next(divmod(i, game.width) for i, n in view.numbers() if n > 0)
    expect(cell(page, row, col)).to_have_text(str(view.state(row, col)))
    # the timer runs while playing
    expect(page.locator('[data-role="timer"]')).not_to_have_text("0", timeout=3000)
    # restart: a new board of the same size
    first = game_id(page)
    page.click('[data-action="restart"]')
    expect(page.locator('.cell[data-state="covered"]')).to_have_count(256)
    assert game_id(page) != first
    expect(page.locator('[data-role="timer"]')).to_have_text("0")


def test_custom_board(page: Page) -> None:
    load(page, 81)
    page.select_option("#preset", "custom")
    page.fill('input[name="width"]', "12")
    page.fill('input[name="height"]', "7")
    page.fill('input[name="mines"]', "15")
    page.click('[data-action="new-game"]')
    expect(page.locator(".cell")).to_have_count(84)
    page.reload()  # the form shows the board being played
    expect(page.locator(".cell")).to_have_count(84)
    expect(page.locator("#preset")).to_have_value("custom")
    expect(page.locator('input[name="height"]')).to_have_value("7")
    open_settings(page)
    page.fill('input[name="mines"]', "999")
    page.click('[data-action="new-game"]')
    expect(explanation(page)).to_have_attribute("data-kind", "error")
    expect(explanation(page)).to_contain_text("999")


def test_hint_levels_highlights_and_explanation(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page)
    expected = hint_json(make_hint(live_server.game(game).view()), "en")
    assert expected["kind"] == "deduction"
    page.click('[data-action="hint"]')
    expect(explanation(page)).to_have_text(expected["levels"]["where"])
    assert highlighted(page) == expected_roles(expected, {"clue"})
    page.click('[data-level="pattern"]')
    expect(explanation(page)).to_have_text(expected["levels"]["pattern"])
    assert highlighted(page) == expected_roles(expected, PAIR_LEVEL_ROLES)
    page.keyboard.press("h")  # the key moves on to the next level: the full argument
    expect(explanation(page)).to_have_text(expected["text"])
    assert highlighted(page) == expected_roles(expected)
    roles = set().union(*highlighted(page).values())
    assert "clue" in roles and roles & {"safe", "mine"}
    # acting on the hint makes it stale: the highlights go
    target = expected["deduction"]["safe"][0] if expected["deduction"]["safe"] else expected["deduction"]["mines"][0]
    action = "left" if expected["deduction"]["safe"] else "right"
    cell(page, *target).click(button=action)
    expect(page.locator(".cell[data-highlight]")).to_have_count(0)


def test_chord_and_keyboard_play(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page, seed=2)
    stored = live_server.game(game)
    view = stored.view()
    # a number whose mines are all known to the test: flag them with the keyboard, then chord with Enter
    for index, number in view.numbers():
        around = view.neighbours[index] & view.covered_mask
        if number and around & ~(stored.layout or 0):
            break
    else:
        pytest.fail("no number to chord")
    row, col = divmod(index, stored.width)
    cell(page, row, col).click()  # not satisfied yet: nothing opens, the cursor moves here
    expect(cell(page, row, col)).to_have_attribute("data-cursor", "true")
    for mine in iter_bits(around & (stored.layout or 0)):
        mine_row, mine_col = divmod(mine, stored.width)
        for _ in range(abs(mine_row - row)):
            page.keyboard.press("ArrowDown" if mine_row > row else "ArrowUp")
        for _ in range(abs(mine_col - col)):
            page.keyboard.press("ArrowRight" if mine_col > col else "ArrowLeft")
        page.keyboard.press("f")
        expect(cell(page, mine_row, mine_col)).to_have_attribute("data-state", "flagged")
        cell(page, row, col).focus()
    page.keyboard.press("Enter")
    for other in iter_bits(around & ~(stored.layout or 0)):
        expect(cell(page, *divmod(other, stored.width))).to_have_attribute("data-state", "revealed")
    # Space opens the cell under the cursor
    after = live_server.game(game)
    safe = next(iter(solve(after.view()).safe), None)
    if safe is not None:
        cell(page, *safe).focus()
        page.keyboard.press(" ")
        expect(cell(page, *safe)).to_have_attribute("data-state", "revealed")


def test_long_press_flags_on_touch(page: Page) -> None:
    started_beginner(page, seed=3)
    first = page.locator('.cell[data-state="covered"]').first
    target = cell(page, int(first.get_attribute("data-row")), int(first.get_attribute("data-col")))
    target.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    expect(target).to_have_attribute("data-state", "flagged")  # held long enough: flagged while still pressed
    target.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    target.dispatch_event("click")  # the click that ends a long press does not open the cell
    expect(target).to_have_attribute("data-state", "flagged")


def test_wrong_flag_is_marked_and_explained(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page, seed=4)
    safe = next(iter(solve(live_server.game(game).view()).safe))
    cell(page, *safe).click(button="right")
    expect(cell(page, *safe)).to_have_attribute("data-wrong-flag", "true")
    warning = page.locator('[data-role="warning"]')
    expect(warning).to_be_visible()
    expect(warning).to_contain_text(cell_name(*safe))
    page.click('[data-action="why"]')
    view = live_server.game(game).view()
    solution = solve(view)
    expected = hint_json(wrong_flag_hint(solution, safe), "en")
    chain = page.locator('[data-role="chain"] li')
    if len(expected["chain"]) > 1:  # the lead, then the numbered steps from the numbers to the cell
        expect(explanation(page)).to_have_text(expected["lead"])
        expect(chain).to_have_text([step["text"] for step in expected["chain"]])
        chain.first.hover()  # pointing at a step shows that step's cells
        first = {tuple(h["cell"]): set(h["roles"]) for h in expected["chain"][0]["highlights"]}
        expect(page.locator(".cell[data-highlight]")).to_have_count(len(first))
        assert highlighted(page) == first
        page.mouse.move(0, 0)  # leaving it brings back the whole reason's cells
    else:
        expect(explanation(page)).to_have_text(expected["text"])
        expect(chain).to_have_count(0)
        page.mouse.move(0, 0)  # (a proof's steps may sit under the pointer: pointing at one shows only its cells)
    expect(cell(page, *safe)).to_have_attribute("data-highlight", re.compile(r"\bwrong-flag\b"))
    assert "wrong-flag" in highlighted(page)[tuple(safe)]
    cell(page, *safe).click(button="right")  # unflag: the warning goes
    expect(warning).to_be_hidden()


def test_probability_overlay_when_nothing_is_certain(page: Page, live_server: LiveServer) -> None:
    game = guess_position(page, live_server)
    load(page, 81)
    solution = solve(live_server.game(game).view())
    p, safest = solution.safest()
    page.keyboard.press("h")
    expected = hint_json(make_hint(solution), "en", guess=advised_guess(solution.board))
    assert expected["kind"] == "guess" and "guess" in expected
    expect(explanation(page)).to_have_text(expected["text"])
    covered = page.locator('.cell[data-state="covered"]')
    expect(page.locator(".cell[data-probability]")).to_have_count(covered.count())
    pick = tuple(expected["guess"]["cell"])
    for target in safest:
        roles = "safest best-guess" if tuple(target) == pick else "safest"
        expect(cell(page, *target)).to_have_attribute("data-highlight", roles)
        expect(cell(page, *target).locator(".prob")).to_have_text(expected_percent(p))
    expect(page.locator('[data-role="overlay-note"]')).to_contain_text(expected_percent(p))


def test_probability_button_toggles_the_overlay(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page, seed=9)
    grid = solve(live_server.game(game).view()).probability_grid()
    page.click('[data-action="probabilities"]')
    expect(page.locator('[data-action="probabilities"]')).to_have_attribute("aria-pressed", "true")
    covered = [(r, c) for r, row in enumerate(grid) for c, p in enumerate(row) if p is not None]
    expect(page.locator(".cell[data-probability]")).to_have_count(len(covered))
    row, col = covered[0]
    expect(cell(page, row, col).locator(".prob")).to_have_text(expected_percent(grid[row][col]))
    page.click('[data-action="probabilities"]')
    expect(page.locator(".cell[data-probability]")).to_have_count(0)


def expected_percent(p: float) -> str:
    from explainer.words.render import Renderer

    return Renderer("en").percent(p)


def test_languages_german_and_arabic_keep_the_game_and_the_hint(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page, seed=5)
    page.keyboard.press("h")
    page.click('[data-level="full"]')
    view = live_server.game(game).view()
    with page.expect_navigation():
        page.select_option('select[name="lang"]', "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    expect(page.locator(".cell")).to_have_count(81)
    assert game_id(page) == game
    expect(explanation(page)).to_have_text(hint_json(make_hint(view), "de", guess=advised_guess(view))["text"])  # the hint, now in German
    with page.expect_navigation():
        page.select_option('select[name="lang"]', "ar")
    expect(page.locator("html")).to_have_attribute("lang", "ar")
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(explanation(page)).to_have_text(hint_json(make_hint(view), "ar", guess=advised_guess(view))["text"])
    assert game_id(page) == game
    # right-to-left page, but the board keeps column A on the left (as in the cell names)
    assert page.eval_on_selector(".play-area", "e => getComputedStyle(e).direction") == "rtl"
    assert page.eval_on_selector(".board", "e => getComputedStyle(e).direction") == "ltr"
    panel_x = page.locator(".panel").bounding_box()["x"]
    board_x = board(page).bounding_box()["x"]
    assert panel_x < board_x, "in Arabic the panel sits on the left of the board"
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "ar")  # remembered in the session


def test_browser_language_is_the_default(browser, base_url: str) -> None:
    context = browser.new_context(base_url=base_url, locale="de-DE")
    page = context.new_page()
    load(page, 81)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    context.close()


def test_reload_finds_the_same_game(page: Page) -> None:
    game = started_beginner(page, seed=6)
    first = page.locator('.cell[data-state="covered"]').first
    target = cell(page, int(first.get_attribute("data-row")), int(first.get_attribute("data-col")))
    target.click(button="right")
    expect(target).to_have_attribute("data-state", "flagged")
    before = page.eval_on_selector_all(".cell", "cells => cells.map(c => c.dataset.state + c.textContent)")
    page.reload()
    expect(page.locator(".cell")).to_have_count(81)
    assert game_id(page) == game
    expect(page.locator("#preset")).to_have_value("beginner")
    after = page.eval_on_selector_all(".cell", "cells => cells.map(c => c.dataset.state + c.textContent)")
    assert after == before


def test_game_survives_a_server_restart(page: Page, tmp_path: Path, start_server) -> None:
    first = start_server(tmp_path / "restart.sqlite3")
    page.goto(first.url + "/")
    expect(page.locator(".cell")).to_have_count(81)
    cell(page, 4, 4).click()
    expect(cell(page, 4, 4)).to_have_attribute("data-state", "revealed")
    game = game_id(page)
    board_before = first.game(game).view()
    first.stop()
    second = start_server(tmp_path / "restart.sqlite3")  # a new process would read the same file
    page.goto(second.url + "/")
    expect(page.locator(".cell")).to_have_count(81)
    assert game_id(page) == game
    assert second.game(game).view() == board_before
    expect(cell(page, 4, 4)).to_have_attribute("data-state", "revealed")


def test_losing_shows_the_board_and_replay_restarts_it(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page, seed=7)
    stored = live_server.game(game)
    opening = page.eval_on_selector_all(".cell", "cells => cells.map(c => c.dataset.state + c.textContent)")
    mine = Cell(*divmod(next(iter_bits(stored.layout or 0)), stored.width))
    cell(page, *mine).click()
    # only the mine that went off, until the player accepts the loss (or undoes it)
    expect(page.locator('.cell[data-state="mine"]')).to_have_count(1)
    expect(cell(page, *mine)).to_have_attribute("data-exploded", "true")
    expect(page.locator('[data-role="status"]')).to_have_attribute("data-state", "lost")
    actions = page.locator('[data-role="loss-actions"]')
    expect(actions).to_be_visible()
    actions.locator('[data-action="undo"]').click()  # take the losing click back
    expect(page.locator('[data-role="status"]')).not_to_have_attribute("data-state", "lost")
    expect(page.locator('.cell[data-state="mine"]')).to_have_count(0)
    expect(cell(page, *mine)).to_have_attribute("data-state", "covered")
    cell(page, *mine).click()
    page.locator('[data-role="loss-actions"] [data-action="accept"]').click()
    expect(page.locator('.cell[data-state="mine"]')).to_have_count(10)
    expect(page.locator('[data-role="loss-actions"]')).to_be_hidden()
    expect(page.locator('[data-action="undo"]').first).to_be_disabled()
    page.click('[data-action="replay"]')
    expect(page.locator('.cell[data-state="mine"]')).to_have_count(0)
    assert game_id(page) != game
    again = page.eval_on_selector_all(".cell", "cells => cells.map(c => c.dataset.state + c.textContent)")
    assert again == opening
    assert live_server.game(game_id(page)).layout == stored.layout


def test_winning(page: Page, live_server: LiveServer) -> None:
    game = started_beginner(page, seed=8)
    stored = live_server.game(game)
    safe = ~(stored.layout or 0) & ~stored.revealed & ((1 << stored.size) - 1)
    for index in iter_bits(safe):
        target = cell(page, *divmod(index, stored.width))
        if target.get_attribute("data-state") == "covered":
            target.click()
            expect(target).to_have_attribute("data-state", "revealed")
    expect(page.locator('[data-role="status"]')).to_have_attribute("data-state", "won")
    expect(page.locator('.cell[data-state="mine"]')).to_have_count(10)
