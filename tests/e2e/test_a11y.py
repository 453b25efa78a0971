"""Accessibility, checked by axe-core inside the browser (installed from npm by scripts/browser-deps and
injected into each page): the game page fresh, with a hint open, with the probability overlay (beginner,
and expert on a laptop where the cells are too small for the percentages) and after a loss; the analysis
board with and without the overlay; a lesson and the Learn index — in English and in Arabic (right to
left), light and dark.  No critical and no serious violation is allowed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .conftest import LiveServer
from explainer.core.cells import iter_bits
from explainer.engine.hint import make_hint

from .helpers import board, cell, explanation, started, started_beginner
from .setups import answer_wrong, lose_by_an_avoidable_guess, practice_board, practice_cell, run_board

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """The pages' Content Security Policy allows no inline script: let the test inject axe-core."""
    return {**browser_context_args, "bypass_csp": True}


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's critical and serious violations on the page as it is now."""
    assert AXE.is_file(), "axe-core is missing: run bash scripts/browser-deps"
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => (await axe.run(document, { resultTypes: ['violations'] })).violations")
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5], "help": v["help"]}
        for v in result
        if v["impact"] in ("critical", "serious")
    ]


@pytest.fixture(params=["en", "ar"])
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=["light", "dark"])
def scheme(request: pytest.FixtureRequest, page: Page) -> str:
    page.emulate_media(color_scheme=request.param)
    return str(request.param)


def test_the_game_page_fresh(page: Page, language: str, scheme: str) -> None:
    page.goto(f"/?lang={language}")
    expect(page.locator('[data-role="board"] .cell').first).to_be_visible()
    assert violations(page) == []


def test_the_game_page_with_a_hint_and_its_steps(page: Page, language: str, scheme: str) -> None:
    started_beginner(page, language)
    for _ in range(3):  # where, pattern, the full argument
        page.click('[data-action="hint"]')
    expect(explanation(page)).not_to_have_attribute("data-kind", "empty")
    assert violations(page) == []


def test_the_game_page_with_the_overlay(page: Page, language: str, scheme: str) -> None:
    started_beginner(page, language)
    page.click('[data-action="probabilities"]')
    expect(page.locator(".cell[data-probability]").first).to_be_visible()
    assert violations(page) == []


def test_the_expert_board_with_the_overlay_on_a_laptop(page: Page, language: str, scheme: str) -> None:
    """Cells too small for the percentage chips: colours, tooltips and the safest cells' marks."""
    page.set_viewport_size({"width": 1366, "height": 768})
    started(page, "expert", (8, 15), language)
    page.click('[data-action="probabilities"]')
    expect(board(page)).to_have_attribute("data-chips", "hidden")
    expect(page.locator('.cell[data-safest="true"]').first).to_be_visible()
    assert violations(page) == []


def test_the_game_page_after_a_loss(page: Page, live_server: LiveServer, language: str) -> None:
    game = live_server.game(started_beginner(page, language))
    assert game.layout is not None
    mine = next(i for i in range(game.height * game.width) if game.layout >> i & 1)
    cell(page, *divmod(mine, game.width)).click()
    expect(page.locator('[data-role="loss-report"]')).to_be_visible()
    assert violations(page) == []


def test_a_lesson(page: Page, language: str, scheme: str) -> None:
    page.goto(f"/learn/one-two-one?lang={language}")
    expect(page.locator('[data-role="practice-board"] .cell').first).to_be_visible()
    assert violations(page) == []


def test_the_learn_index(page: Page, language: str) -> None:
    page.goto(f"/learn/?lang={language}")
    assert violations(page) == []


def test_a_wrong_practice_answer_explained(page: Page, language: str, scheme: str) -> None:
    page.goto(f"/learn/one-two-one?lang={language}")
    _puzzle, board = practice_board(page)
    solution = make_hint(board).solution
    unproved = board.covered_mask & ~board.flagged_mask & ~solution.safe.mask
    row, col = divmod(next(iter_bits(unproved)), board.width)
    practice_cell(page, row, col).click()
    page.click('[data-action="check"]')
    expect(page.locator('[data-role="practice-verdicts"] li').first).to_be_visible()
    assert violations(page) == []


def test_your_practice_and_the_index_with_missed_steps(page: Page, live_server: LiveServer, language: str, scheme: str) -> None:
    lose_by_an_avoidable_guess(page, live_server)
    page.goto(f"/learn/?lang={language}")
    expect(page.locator('[data-role="next"]')).to_be_visible()
    assert violations(page) == []
    page.goto(f"/learn/yours?lang={language}")
    expect(page.locator('[data-role="practice-source"]')).to_be_visible()
    assert violations(page) == []


def test_a_storm_in_play_and_a_streak_over_with_its_miss(page: Page, language: str, scheme: str) -> None:
    page.goto(f"/learn/storm?lang={language}")
    page.click('[data-action="start-run"]')
    expect(page.locator('[data-role="run"]')).to_have_attribute("data-state", "on")
    assert violations(page) == []
    page.goto(f"/learn/streak?lang={language}")
    page.click('[data-action="start-run"]')
    expect(page.locator('[data-role="run"]')).to_have_attribute("data-state", "on")
    answer_wrong(page, run_board(page))
    expect(page.locator('[data-role="run-misses"] .run-miss')).to_have_count(1)
    assert violations(page) == []


def test_a_guessing_lesson_after_a_pick(page: Page, language: str, scheme: str) -> None:
    page.goto(f"/learn/guessing/safest?lang={language}")
    page.locator('[data-role="guess-board"] .cell[data-state="covered"]').first.click()
    expect(page.locator('[data-role="guess-board"] .cell[data-probability]').first).to_be_visible()
    assert violations(page) == []


def test_the_review_page(page: Page, live_server: LiveServer, language: str) -> None:
    game = started_beginner(page, language)
    page.goto(f"/games/{game}/review?lang={language}")
    expect(page.locator('[data-role="review-moves"] button').first).to_be_visible()
    page.click('[data-action="review-next"]')
    assert violations(page) == []


def test_the_analysis_board(page: Page, language: str, scheme: str) -> None:
    page.goto(f"/analysis?lang={language}")
    expect(page.locator('[data-role="board-wrap"][data-analysed]')).to_have_count(1)
    page.click('[data-role="io"] > summary')  # the import, export and share section open too
    page.locator('[data-role="deductions"] li').first.hover()
    assert violations(page) == []
    page.click('[data-action="probabilities"]')  # the overlay on the position
    expect(page.locator(".cell[data-probability]").first).to_be_visible()
    assert violations(page) == []


def test_the_player_pages(page: Page, language: str, scheme: str) -> None:
    """The account page (anonymous and signed in), statistics with charts, leaderboards, the daily board."""
    page.goto(f"/account?lang={language}")
    assert violations(page) == []
    page.fill("#register-username", f"axe-{language}-{scheme}")
    page.fill("#register-password", "correct horse battery")
    page.click('[data-role="register-form"] button')
    expect(page.locator('[data-role="signed-in-as"]')).to_be_visible()
    assert violations(page) == []
    for _ in range(2):  # two finished games: the charts are drawn
        page.goto(f"/?lang={language}")
        page.select_option("#preset", "beginner")
        page.click('[data-action="new-game"]')
        expect(page.locator('.cell[data-state="covered"]')).to_have_count(81)
        cell(page, 4, 4).click()
        expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "playing")
        page.click('[data-action="vision"]')
        first_mine = page.locator('.cell[data-vision="mine"]').first
        first_mine.click()
        expect(page.locator('[data-role="board"]')).to_have_attribute("data-game-state", "lost")
    page.goto(f"/stats?lang={language}")
    expect(page.locator('[data-role="ratio-chart"]')).to_have_count(1)
    assert violations(page) == []
    page.goto(f"/leaderboards?kind=beginner&lang={language}")
    assert violations(page) == []
    page.goto(f"/daily?lang={language}")
    assert violations(page) == []


@pytest.mark.parametrize("path", ["/learn/one-two", "/learn/guessing", "/"])
def test_every_landmark_has_a_name_of_its_own(page: Page, path: str) -> None:
    """axe's landmark-unique (a moderate rule, which ``violations`` leaves out): two navigations need two names."""
    page.goto(path)
    expect(page.locator("main")).to_be_visible()
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => (await axe.run(document, { runOnly: ['landmark-unique'] })).violations
        .map((v) => v.nodes.map((n) => n.target.join(' ')))""")
    assert found == []
