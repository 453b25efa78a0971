"""The move history in the browser: undo, the review page stepping through a game with the board as it
was, and a replay file imported from the game page's menu."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .helpers import api_game, api_move, cell, csrf, load, open_settings

pytestmark = pytest.mark.e2e


def test_undo_takes_back_a_move_and_the_summary_says_why_it_is_not_ranked(page: Page, live_server: LiveServer) -> None:
    page.goto("/")
    game = api_game(page, preset="beginner", seed=5)["id"]
    api_move(page, game, "open", (4, 4))
    load(page, 81)
    before = page.eval_on_selector_all(".cell", "cells => cells.map(c => c.dataset.state)")
    covered = page.locator('.cell[data-state="covered"]').first
    covered.click(button="right")
    expect(page.locator('.cell[data-state="flagged"]')).to_have_count(1)
    page.locator('.status-bar [data-action="undo"]').click()
    expect(page.locator('.cell[data-state="flagged"]')).to_have_count(0)
    assert page.eval_on_selector_all(".cell", "cells => cells.map(c => c.dataset.state)") == before
    stored = live_server.game(game)
    mine = next(i for i in range(81) if stored.layout >> i & 1)
    cell(page, mine // 9, mine % 9).click()
    page.locator('[data-role="loss-actions"] [data-action="accept"]').click()
    unranked = page.locator('[data-role="summary"] [data-figure="unranked"]')
    expect(unranked).to_contain_text("undo")
    expect(unranked).to_contain_text("played without an account")


def test_the_review_steps_through_the_game(page: Page, live_server: LiveServer) -> None:
    page.goto("/")
    game = api_game(page, preset="beginner", seed=5)["id"]
    api_move(page, game, "open", (4, 4))
    load(page, 81)
    guess = next(
        (r, c) for r in range(9) for c in range(9)
        if cell(page, r, c).get_attribute("data-state") == "covered"
    )
    cell(page, *guess).click()  # a guess while steps were available (or a loss)
    link = page.locator('[data-role="review-link"]')
    expect(link).to_be_visible()
    link.click()
    expect(page).to_have_url(re.compile(rf"/games/{game}/review$"))
    moves = page.locator('[data-role="review-moves"] button')
    expect(moves).to_have_count(2)
    expect(page.locator('[data-role="review-position"]')).to_have_text("Move 1 of 2")
    expect(page.locator('[data-role="review-board"] .cell[data-state="covered"]')).to_have_count(81)  # before the first click
    page.click('[data-action="review-next"]')
    expect(page.locator('[data-role="review-position"]')).to_have_text("Move 2 of 2")
    verdict = page.locator('[data-role="review-verdict"]')
    expect(verdict).to_have_attribute("data-verdict", re.compile("avoidable-guess|forced-guess|certain"))
    if verdict.get_attribute("data-verdict") == "avoidable-guess":
        # the step the guess missed, as its proof's steps, with what to do
        expect(page.locator('[data-role="steps"] li').first).to_be_visible()
        expect(page.locator('[data-role="steps-action"]')).to_be_visible()
    page.keyboard.press("ArrowRight")  # past the last move: the end of the game
    expect(page.locator('[data-role="review-position"]')).to_have_text("The end of the game")
    expect(page.locator('[data-role="review-summary"] [data-figure="moves"]')).to_have_text("Moves: 2")
    # what the board needed from the first click (the game is over: its layout is known)
    expect(page.locator('[data-role="review-summary"] [data-figure="grade"]')).to_have_text(
        re.compile(r"^Grade: (Easy|Medium|Hard|Needs luck) \(")
    )


def test_a_replay_file_opens_from_the_game_page(page: Page, live_server: LiveServer, tmp_path: Path) -> None:
    page.goto("/")
    game = api_game(page, preset="beginner", seed=5)["id"]
    api_move(page, game, "open", (4, 4))
    stored = live_server.game(game)
    mine = next(i for i in range(81) if stored.layout >> i & 1)
    api_move(page, game, "open", divmod(mine, 9))
    page.request.post(f"/api/games/{game}/accept", data={}, headers=csrf(page))
    replay = page.request.get(f"/api/games/{game}/replay-file").json()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    page.goto("/")
    open_settings(page)
    page.set_input_files('[data-role="replay-import"]', str(path))
    expect(page).to_have_url(re.compile(r"/games/[^/]+/review$"))
    assert game not in page.url  # a new game of this session
    expect(page.locator('[data-role="review-moves"] button')).to_have_count(2)
    expect(page.locator('[data-role="replay-download"]')).to_be_visible()
    expect(page.locator('[data-role="evf-link"]')).to_have_attribute("href", re.compile(r"/api/games/[^/]+/video\.evf$"))


def test_a_metasweeper_video_is_reviewed_from_the_game_page(page: Page, tmp_path: Path) -> None:
    """An .evf replay video (written by ms_toollib from a game the test chooses) opens its review, with the
    video program's own figures."""
    from tests.formats.videos import evf

    path = tmp_path / "my game.evf"
    mines = {(0, 3), (3, 0), (4, 4)}
    path.write_bytes(evf(5, 5, mines, [("open", (0, 0)), ("flag", (0, 3)), ("open", (0, 4)), ("open", (4, 0))]))
    page.goto("/")
    open_settings(page)
    page.set_input_files('[data-role="replay-import"]', str(path))
    expect(page).to_have_url(re.compile(r"/games/[^/]+/review$"))
    expect(page.locator('[data-role="review-moves"] button')).to_have_count(4)
    expect(page.locator('[data-role="review-summary"] [data-figure="zini"]')).to_have_text("ZiNi: 3")


def test_a_bad_video_s_error_is_in_view_with_the_menu_closed(page: Page, tmp_path: Path) -> None:
    """The import closes the menu it came from, so its error is read on screen, naming the video's program."""
    path = tmp_path / "broken.evf"
    path.write_bytes(b"not a video at all" * 10)
    page.goto("/")
    open_settings(page)
    page.set_input_files('[data-role="replay-import"]', str(path))
    message = page.locator('[data-role="explanation"]')
    expect(message).to_contain_text("could not be read as a Metasweeper (.evf) replay video")
    expect(page.locator('[data-role="settings"]')).not_to_have_attribute("open", "")
    expect(message).to_be_in_viewport()
