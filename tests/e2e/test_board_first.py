"""The board is the page: sizes at 1366x768, 1920x1080 and a 390x844 touch phone; the proof as a list of
steps; and every state of the page right (panels, toggles, the end of a game, the legend, the theme)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explainer.engine.hint import make_hint
from explainer.words.hints import hint_json

from .conftest import LiveServer
from .helpers import api_game, api_move, board, cell, explanation, game_id, highlighted, open_settings

pytestmark = pytest.mark.e2e

#: a beginner board whose first hint after opening E5 is a proof by contradiction with 10 steps
ENUMERATION_SEED = 69


def new_board(page: Page, preset: str, seed: int | None = None, at: tuple[int, int] | None = None) -> str:
    """Load the page and start a game of ``preset`` (through the API when a seed is wanted); its id."""
    if seed is not None:
        page.goto("/")
        api_game(page, preset=preset, seed=seed)
        page.goto("/")
    else:
        page.goto("/")
        expect(board(page)).to_have_attribute("data-game-state", re.compile("ready|playing"))
        page.select_option("#preset", preset)
        page.click('[data-action="new-game"]')
    sizes = {"beginner": 81, "intermediate": 256, "expert": 480}
    expect(page.locator('.cell[data-state="covered"]')).to_have_count(sizes[preset])
    if at is not None:
        cell(page, *at).click()
        expect(board(page)).not_to_have_attribute("data-game-state", "ready")
    return game_id(page)


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


# -- sizes ---------------------------------------------------------------------------------------


def test_expert_fits_1366x768_with_the_explanation_beside_it(page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    new_board(page, "expert", at=(8, 15))
    grid, panel = box(page, '[data-role="board"]'), box(page, '[data-role="panel"]')
    assert grid["y"] + grid["height"] <= 768, grid  # no scrolling to reach row 16
    assert grid["x"] + grid["width"] <= panel["x"], (grid, panel)  # the panel beside it
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    before = box(page, '[data-role="panel"]')
    page.click('[data-action="hint"]')  # the status line and the panel's text change: nothing moves sideways
    expect(explanation(page)).not_to_have_attribute("data-kind", "empty")
    assert box(page, '[data-role="panel"]')["x"] == before["x"]


def test_beginner_is_large_at_1920x1080(page: Page) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    new_board(page, "beginner")
    assert box(page, ".cell")["width"] >= 56
    grid = box(page, '[data-role="board"]')
    assert grid["y"] + grid["height"] <= 1080


def test_intermediate_fits_1400x900(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    new_board(page, "intermediate")
    grid = box(page, '[data-role="board"]')
    assert grid["y"] + grid["height"] <= 900 and grid["x"] + grid["width"] <= 1400


def test_a_phone_plays_beginner_with_36_px_cells_and_the_hint_in_view(phone: Page) -> None:
    new_board(phone, "beginner")
    size = box(phone, ".cell")
    assert size["width"] >= 36 and size["height"] >= 36
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    grid = box(phone, '[data-role="board"]')
    assert grid["x"] >= 0 and grid["x"] + grid["width"] <= 390  # the whole width, no panning
    cell(phone, 4, 4).tap()
    expect(board(phone)).not_to_have_attribute("data-game-state", "ready")
    # touch wording, no keyboard help
    expect(phone.locator(".keys")).to_be_hidden()
    expect(phone.locator('[data-touch-help="long-press-flags"]')).to_be_visible()  # the default scheme's
    phone.locator('[data-action="hint"]').tap()
    text = explanation(phone)
    expect(text).not_to_have_attribute("data-kind", "empty")
    expect(text).to_be_in_viewport()  # in the sheet at the bottom, no scrolling
    highlighted_cell = phone.locator(".cell[data-highlight]").first
    expect(highlighted_cell).to_be_in_viewport()


def test_a_phone_pans_a_large_board_with_no_label_over_a_cell(phone: Page) -> None:
    new_board(phone, "expert")
    wrap = phone.locator('[data-role="board-wrap"]')
    wrap.evaluate("element => element.scrollBy(400, 0)")
    assert wrap.evaluate("element => element.scrollLeft") > 0  # the board pans inside its frame
    # the labels scroll with the board: every cell in view can be hit where it is shown
    hidden = phone.evaluate(
        """() => [...document.querySelectorAll('[data-role="board"] .cell')].filter((cell) => {
            const r = cell.getBoundingClientRect(), frame = cell.closest('[data-role="board-wrap"]').getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (x < frame.left || x > frame.right || y < 0 || y > innerHeight * 0.5) return false;
            const hit = document.elementFromPoint(x, y);
            return !(hit === cell || cell.contains(hit));
        }).length"""
    )
    assert hidden == 0


def test_a_long_press_flags_on_a_phone(phone: Page) -> None:
    new_board(phone, "beginner", at=None)
    target = cell(phone, 0, 0)
    target.tap()  # the first tap opens (always safe)
    # the first tap's reply is in (until then every cell is covered, the tapped one too)
    expect(target).not_to_have_attribute("data-state", "covered")
    covered = phone.locator('.cell[data-state="covered"]').first
    point = covered.bounding_box()
    assert point is not None
    x, y = point["x"] + point["width"] / 2, point["y"] + point["height"] / 2
    covered.dispatch_event("pointerdown", {"pointerType": "touch", "clientX": x, "clientY": y, "isPrimary": True})
    # held (no pointerup yet): the long press flags by itself
    expect(phone.locator('.cell[data-state="flagged"]')).to_have_count(1)
    covered.dispatch_event("pointerup", {"pointerType": "touch", "clientX": x, "clientY": y, "isPrimary": True})
    expect(phone.locator('.cell[data-state="flagged"]')).to_have_count(1)


# -- the argument as steps ---------------------------------------------------------------------------


def test_the_full_argument_is_a_list_of_steps_that_highlight_their_cells(page: Page, live_server: LiveServer) -> None:
    game = new_board(page, "beginner", seed=ENUMERATION_SEED, at=(4, 4))
    expected = hint_json(make_hint(live_server.game(game).view()), "en")
    proof = expected["deduction"]["proof"]
    assert expected["deduction"]["rule"] == "enumeration" and len(proof) > 2
    for _ in range(3):
        page.click('[data-action="hint"]')
    steps = page.locator('[data-role="steps"] li')
    expect(steps).to_have_text([step["text"] for step in proof])
    expect(page.locator('[data-role="steps-action"]')).to_have_text(expected["deduction"]["action"])
    for index in (0, len(proof) - 2):
        steps.nth(index).focus()  # selecting a step (keyboard or pointer) shows its numbers and conclusions
        wanted = {tuple(h["cell"]): set(h["roles"]) for h in proof[index]["highlights"]}
        expect(page.locator(".cell[data-highlight]")).to_have_count(len(wanted))
        assert highlighted(page) == wanted


# -- every state right ---------------------------------------------------------------------------------


def test_the_panel_is_cleared_by_replay_and_by_a_move(page: Page) -> None:
    new_board(page, "beginner", at=(4, 4))
    page.click('[data-action="bot-step"]')
    expect(explanation(page)).to_have_attribute("data-kind", "bot")
    covered = page.locator('.cell[data-state="covered"]').first
    covered.click(button="right")  # a move of the player's: the bot's reason was about the board before
    expect(explanation(page)).to_have_attribute("data-kind", "empty")


def test_probabilities_toggle_shows_its_true_state_after_a_guess_hint(page: Page, live_server: LiveServer) -> None:
    from .setups import guess_position

    page.goto("/")
    game = guess_position(page, live_server)
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-id", game)
    page.click('[data-action="hint"]')
    button = page.locator('[data-action="probabilities"]')
    expect(button).to_have_attribute("aria-pressed", "true")  # the guess hint turned the overlay on
    button.click()  # one click turns it off
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".cell[data-probability]")).to_have_count(0)


def test_after_a_loss_the_buttons_say_why_they_do_nothing(page: Page, live_server: LiveServer) -> None:
    game = live_server.game(new_board(page, "beginner", at=(4, 4)))
    assert game.layout is not None
    mine = next(i for i in range(81) if game.layout >> i & 1)
    cell(page, *divmod(mine, 9)).click()
    expect(board(page)).to_have_attribute("data-game-state", "lost")
    for action in ("hint", "probabilities", "bot-step"):
        # aria-disabled, not disabled: still focusable and clickable, so it can say why it does nothing
        page.click(f'[data-action="{action}"]', force=True)
        expect(explanation(page)).to_have_attribute("data-kind", "over")
    expect(page.locator('[data-role="summary"] [data-figure="time"]')).to_be_visible()


@pytest.mark.parametrize(
    ("seed", "end"),
    # the bot plays the same moves on a seeded board: seed 1 is won from E5, seed 34 is lost
    [(1, "won"), (34, "lost")],
)
def test_the_bot_says_its_win_or_its_loss_as_its_own(page: Page, seed: int, end: str) -> None:
    new_board(page, "beginner", seed=seed, at=(4, 4))
    page.select_option('select[name="bot-speed"]', "fast")
    page.click('[data-action="bot-play"]')
    expect(board(page)).to_have_attribute("data-game-state", end, timeout=30_000)
    status = page.locator('[data-role="status"]')
    if end == "won":
        expect(page.locator('[data-role="mines-left"]')).to_have_text("0")
        expect(status).to_have_text("The bot won! Every safe cell is open.")
    else:
        expect(status).to_have_text("The bot opened a mine. Undo its click, or show the whole board.")
        page.click('[data-action="accept"]')
        expect(status).to_have_text("The bot opened a mine. The whole board is shown.")


def test_the_legend_lists_only_the_roles_in_view(page: Page) -> None:
    # seed 1: the first hint after opening E5 is a deduction (a random board may need a guess, whose
    # hint shows the safest cells and the best guess instead)
    new_board(page, "beginner", seed=1, at=(4, 4))
    expect(page.locator('[data-role="legend"]')).to_be_hidden()
    page.click('[data-action="hint"]')
    shown = page.locator('[data-role="legend"] li:visible')
    expect(shown).to_have_count(1)
    expect(shown.first).to_have_attribute("data-legend", "clue")


#: an assisted beginner game (seed 1): after these moves, the last one leaves no logical step, so the game
#: opens A8... (found with the engine; the test checks the assist happens)
ASSIST_SEED = 1
ASSIST_MOVES = [(4, 4), (1, 7), (7, 4), (7, 5), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6)]


def test_the_assisted_cell_has_its_own_mark_and_legend_entry(page: Page) -> None:
    page.goto("/")
    # the page starts its own game first: wait for it, so that it cannot replace the API's game as the current one
    expect(board(page)).to_have_attribute("data-game-id", re.compile(r".+"))
    game = api_game(page, preset="beginner", mode="assist", seed=ASSIST_SEED)["id"]
    for move in ASSIST_MOVES[:-1]:
        api_move(page, game, "open", move)
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-id", game)
    cell(page, *ASSIST_MOVES[-1]).click()
    assisted = page.locator('.cell[data-assisted="true"]')
    expect(assisted).to_have_count(1)
    # its own mark (a corner dot), not the "numbers used" ring, and its own legend entry
    assert assisted.evaluate("c => getComputedStyle(c, '::after').backgroundColor") != "rgba(0, 0, 0, 0)"
    assert "clue" not in (assisted.get_attribute("data-highlight") or "")
    expect(page.locator('[data-legend="assisted"]')).to_be_visible()
    expect(page.locator('[data-role="notices"] li[data-kind="assist"]')).to_be_visible()


def test_the_mode_menu_shows_the_depth_only_for_no_guess_and_names_the_mode(page: Page) -> None:
    page.goto("/")
    open_settings(page)
    depth = page.locator('[data-role="max-rule"]')
    expect(depth).to_be_hidden()
    page.check('input[name="mode"][value="no-guess"]')
    expect(depth).to_be_visible()
    expect(page.locator('[data-role="settings-summary"]')).to_have_text("Mode: No guessing")
    page.keyboard.press("Escape")
    expect(page.locator('[data-role="settings"]')).not_to_have_attribute("open", "")


def test_the_theme_toggle_and_the_favicon(page: Page) -> None:
    page.emulate_media(color_scheme="light")
    page.goto("/")
    toggle = page.locator('[data-action="theme"]')
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(243, 245, 249)"
    page.reload()  # remembered
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.locator('link[rel="icon"]').get_attribute("href").endswith("favicon.svg")


def test_korean_keeps_words_whole_and_arabic_mirrors_the_lesson_arrows(page: Page) -> None:
    page.goto("/learn/one-two?lang=ko")
    assert page.evaluate("getComputedStyle(document.querySelector('.lesson-text')).wordBreak") == "keep-all"
    page.goto("/learn/one-two?lang=ar")
    transform = page.evaluate("getComputedStyle(document.querySelector('.lesson-nav .arrow')).transform")
    assert transform.startswith("matrix(-1")


def test_the_language_menu_works_on_learn_pages(page: Page) -> None:
    page.goto("/learn/one-two?lang=en")
    page.select_option('select[name="lang"]', "de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator('[data-nav="learn"]')).to_have_text("Lernen")


def test_the_skip_link_lands_on_the_board_where_the_keys_work(page: Page) -> None:
    page.goto("/")
    page.keyboard.press("Tab")
    link = page.locator(".skip-link")
    expect(link).to_be_focused()
    expect(link).to_be_in_viewport()
    link.press("Enter")  # it lands on the board's cursor cell, where the keys work
    cursor = page.locator('.cell[data-cursor="true"]')
    expect(cursor).to_be_focused()
    before = (cursor.get_attribute("data-row"), cursor.get_attribute("data-col"))
    page.keyboard.press("ArrowDown")
    expect(page.locator('.cell[data-cursor="true"]')).to_be_focused()
    assert (cursor.get_attribute("data-row"), cursor.get_attribute("data-col")) != before
