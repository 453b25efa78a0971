"""Watch the bot in Chromium: step moves one at a time, play at a chosen speed, pause."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explainer.bot.moves import next_move
from explainer.words.bot import move_to_json

from .conftest import LiveServer
from .helpers import api_game, api_move, cell, explanation, highlighted, load

pytestmark = pytest.mark.e2e


def test_step_shows_each_move_with_its_explanation(page: Page, live_server: LiveServer) -> None:
    game = api_game(page, preset="beginner", seed=31)["id"]
    api_move(page, game, "open", (4, 4))
    load(page, 81)
    for _ in range(3):
        before = live_server.game(game)
        expected = move_to_json(next_move(before.view()), "en")
        page.click('[data-action="bot-step"]')
        expect(explanation(page)).to_have_attribute("data-kind", "bot")
        expect(explanation(page)).to_have_attribute("data-move", expected["kind"])
        expect(explanation(page)).to_have_text(expected["text"])
        row, col = expected["cell"]
        assert (row, col) in highlighted(page)
        after = live_server.game(game)
        assert after.to_dict() != before.to_dict()
        state = {"open": "revealed", "flag": "flagged", "unflag": "covered"}[expected["kind"]]
        expect(cell(page, row, col)).to_have_attribute("data-state", state)


def test_play_runs_at_the_chosen_speed_and_pauses(page: Page, live_server: LiveServer) -> None:
    game = api_game(page, preset="beginner", seed=32)["id"]
    load(page, 81)
    page.select_option('select[name="bot-speed"]', "fast")
    play = page.locator('[data-action="bot-play"]')
    play.click()
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(explanation(page)).to_have_attribute("data-kind", "bot")
    page.wait_for_function("() => document.querySelectorAll('.cell[data-state=\"flagged\"]').length >= 3")
    play.click()
    expect(play).to_have_attribute("aria-pressed", "false")
    # a move already asked for may still land; then no move waits for its time and no request is on its way, so
    # nothing more can happen while paused
    expect(play).to_have_attribute("data-scheduled", "false")
    expect(page.locator('[data-role="board"]')).to_have_attribute("data-busy", "false")
    paused = live_server.game(game).to_dict()
    expect(play).to_have_attribute("aria-pressed", "false")
    assert live_server.game(game).to_dict() == paused
    assert explanation(page).inner_text().strip()
    # to the end: the bot stops by itself when the game is over
    page.select_option('select[name="bot-speed"]', "fast")
    play.click()
    page.wait_for_function(
        "() => ['won', 'lost'].includes(document.querySelector('[data-role=\"board\"]').dataset.gameState)",
        timeout=60_000,
    )
    expect(play).to_have_attribute("aria-pressed", "false")
    assert live_server.game(game).over
