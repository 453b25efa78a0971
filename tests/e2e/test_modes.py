"""Game modes in Chromium: a no-guess board won by following hints only, the forgiving
"saved" notice, and the loss report with the end-of-game summary (also after a reload)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explainer.core.cells import Cell, iter_bits
from explainer.engine.solve import solve
from explainer.play.grade import grade_layout

from .conftest import LiveServer
from .helpers import api_game, api_move, board, cell, explanation, game_id, highlighted, load, open_settings, start_new_game

pytestmark = pytest.mark.e2e


def test_no_guess_board_is_won_by_following_hints_only(page: Page, live_server: LiveServer) -> None:
    load(page, 81)
    open_settings(page)
    page.check('input[name="mode"][value="no-guess"]')
    page.select_option("#preset", "beginner")
    first = start_new_game(page)
    cell(page, 4, 4).click()
    expect(board(page)).not_to_have_attribute("data-game-state", "ready")
    for _ in range(120):
        if board(page).get_attribute("data-game-state") != "playing":
            break
        page.click('[data-action="hint"]')
        expect(explanation(page)).to_have_attribute("data-kind", "deduction")
        page.click('[data-level="full"]')
        expect(explanation(page)).to_have_attribute("data-level", "full")
        marks = highlighted(page)
        to_open = [target for target, roles in marks.items() if "safe" in roles]
        to_flag = [target for target, roles in marks.items() if "mine" in roles]
        assert to_open or to_flag, marks
        for target in to_flag:
            cell(page, *target).click(button="right")
            expect(cell(page, *target)).to_have_attribute("data-state", "flagged")
        if to_open:
            cell(page, *to_open[0]).click()
            expect(cell(page, *to_open[0])).not_to_have_attribute("data-state", "covered")
    expect(board(page)).to_have_attribute("data-game-state", "won")
    assert game_id(page) == first
    stored = live_server.game(first)
    assert stored.state == "won" and stored.extra["mode"] == "no-guess"
    expect(page.locator('[data-role="summary"] [data-figure="mode"]')).to_be_visible()
    expect(page.locator('[data-role="loss-report"]')).to_be_hidden()


def unprovable_mine(server: LiveServer, game: str) -> Cell:
    stored = server.game(game)
    hidden = (stored.layout or 0) & ~stored.revealed & ~stored.flagged & ~solve(stored.view()).mines.mask
    return Cell(*divmod(next(iter_bits(hidden)), stored.width))


def test_forgiving_saves_then_a_loss_is_explained_after_a_reload(page: Page, live_server: LiveServer) -> None:
    game = api_game(page, preset="intermediate", mode="forgiving", seed=21)["id"]
    api_move(page, game, "open", (8, 8))
    load(page, 256)
    target = unprovable_mine(live_server, game)
    cell(page, *target).click()
    notice = page.locator('[data-role="notices"] li[data-kind="saved"]')
    expect(notice).to_be_visible()
    expect(cell(page, *target)).to_have_attribute("data-state", "revealed")
    expect(board(page)).to_have_attribute("data-game-state", "playing")
    # a mine that is certain (every covered cell of a number that needs them all) still explodes
    stored = live_server.game(game)
    view = stored.view()
    proved = solve(view).mines - view.cellset(view.flagged_mask)
    assert proved, "no provable mine on this board"
    mine = next(iter(proved))
    cell(page, *mine).click()
    expect(board(page)).to_have_attribute("data-game-state", "lost")
    report = page.locator('[data-role="loss-report"]')
    expect(report).to_be_visible()
    expect(report).to_have_attribute("data-kind", "proved")
    expect(cell(page, *mine)).to_have_attribute("data-highlight", re.compile(r"\bmine\b"))
    expect(page.locator('[data-role="summary"] [data-figure="saves"]')).to_contain_text("1")
    text = report.locator('[data-role="loss-text"]').inner_text()
    assert mine.name in text
    page.reload()
    expect(report).to_be_visible()
    expect(report.locator('[data-role="loss-text"]')).to_have_text(text)
    expect(page.locator('[data-role="summary"] [data-figure="saves"]')).to_contain_text("1")


@pytest.mark.parametrize(("grade", "rules"), [("easy", ("simple", None)), ("medium", ("pair", "pair"))])
def test_a_no_guess_board_is_chosen_by_its_grade(page: Page, live_server: LiveServer, grade: str,
                                                 rules: tuple[str, str | None]) -> None:
    """The menu's grade is the rules the board may and must need; the board made then grades as chosen."""
    load(page, 81)
    open_settings(page)
    page.check('input[name="mode"][value="no-guess"]')
    page.select_option('select[name="grade"]', grade)
    page.select_option("#preset", "beginner")
    start_new_game(page)
    cell(page, 4, 4).click()
    expect(board(page)).to_have_attribute("data-game-state", re.compile("playing|won"))
    stored = live_server.game(game_id(page))
    assert stored.extra["mode"] == "no-guess" and (stored.extra["max_rule"], stored.extra["require_rule"]) == rules
    assert stored.layout is not None and stored.first_click is not None
    graded = grade_layout(stored.height, stored.width, stored.layout, stored.first_click)
    assert str(graded.name) == grade
