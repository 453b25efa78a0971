"""Screenshots of the main screens, from the real app in Chromium.

They go to ``$SCREENSHOT_DIR`` when it is set (``SCREENSHOT_DIR=docs/screenshots``
refreshes the committed ones), else to a temporary folder; either way the test checks
that each screen shows what it should before taking its picture.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from explainer.core.cells import Cell, iter_bits
from explainer.engine.hint import Hint, make_hint

from .conftest import LiveServer
from .helpers import api_game, api_move, board, explanation, load, start_new_game
from .setups import lose_by_an_avoidable_guess, practice_board
from .setups import guess_position

pytestmark = pytest.mark.e2e

VIEWPORT = {"width": 1280, "height": 860}


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def play_until(page: Page, server: LiveServer, preset: str, wanted: Callable[[Hint], bool]) -> str:
    """A game (through the API) at the first position whose hint is ``wanted``, by following hints: each
    seeded game is followed on a copy of the stored game, and only the one that reaches such a position is
    played through the API."""
    for seed in range(1, 80):
        game = api_game(page, preset=preset, seed=seed)["id"]
        api_move(page, game, "open", (7, 7))
        copy = server.game(game)
        moves: list[tuple[str, Cell]] = []
        for _ in range(200):
            if copy.state != "playing":
                break
            hint = make_hint(copy.view())
            if wanted(hint):
                for action, target in moves:
                    api_move(page, game, action, target)
                assert server.game(game).view() == copy.view()
                return game
            if hint.deduction is None:
                break
            for target in hint.deduction.safe:
                copy.open(*target)
                moves.append(("open", target))
            for target in hint.deduction.mines:
                copy.toggle_flag(*target)
                moves.append(("flag", target))
    pytest.fail("no position with the wanted hint")


def snap(page: Page, folder: Path, name: str) -> Path:
    path = folder / name
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    return path


def test_screenshot_pair_hint_with_highlights(page: Page, live_server: LiveServer, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    play_until(page, live_server, "intermediate", lambda h: h.deduction is not None and h.deduction.rule == "pair")
    load(page, 256)
    page.keyboard.press("h")
    page.click('[data-level="full"]')
    expect(page.locator('.cell[data-highlight~="common"], .cell[data-highlight~="unique-a"]').first).to_be_visible()
    expect(page.locator('.cell[data-highlight~="clue"]')).to_have_count(2)
    snap(page, shots, "hint-pair.png")


def test_screenshot_probability_overlay(page: Page, live_server: LiveServer, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    guess_position(page, live_server)
    load(page, 81)
    page.keyboard.press("h")
    expect(explanation(page)).to_have_attribute("data-kind", "guess")
    expect(page.locator(".cell .prob").first).to_be_visible()
    snap(page, shots, "probability-overlay.png")


def test_screenshot_arabic_wrong_flag(page: Page, live_server: LiveServer, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    game = play_until(page, live_server, "intermediate", lambda h: h.deduction is not None and len(h.deduction.safe) > 0)
    safe = next(iter(make_hint(live_server.game(game).view()).deduction.safe))
    load(page, 256, "/?lang=ar")
    page.locator(f'.cell[data-row="{safe.row}"][data-col="{safe.col}"]').click(button="right")
    expect(page.locator('[data-role="warning"]')).to_be_visible()
    page.click('[data-action="why"]')
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    snap(page, shots, "wrong-flag-arabic.png")


def test_screenshot_learn_lesson_with_example(page: Page, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    page.goto("/learn/one-two-one")
    expect(page.locator('[data-role="example-board"] .cell[data-highlight~="mine"]').first).to_be_visible()
    page.wait_for_function("() => document.querySelector('[data-role=\"practice-board\"]').dataset.puzzleId")
    snap(page, shots, "learn-lesson.png")


def test_screenshot_practice_after_a_wrong_answer(page: Page, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    page.goto("/learn/one-two")
    _puzzle, board = practice_board(page)
    unproved = board.covered_mask & ~board.flagged_mask & ~make_hint(board).solution.safe.mask
    # a plausible mistake: a covered cell next to a number that the view does not prove safe
    near = 0
    for index, _number in board.numbers():
        near |= board.neighbours[index]
    row, col = divmod(next(iter_bits(unproved & near or unproved)), board.width)
    page.locator(f'[data-role="practice-board"] .cell[data-row="{row}"][data-col="{col}"]').click()
    page.click('[data-action="check"]')
    expect(page.locator('[data-role="practice-result"]')).to_have_attribute("data-status", "wrong")
    expect(page.locator('[data-role="practice-explanation"]')).to_be_visible()
    snap(page, shots, "practice-wrong.png")


def test_screenshot_watch_the_bot(page: Page, live_server: LiveServer, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    game = api_game(page, preset="intermediate", mode="assist", seed=4)["id"]
    api_move(page, game, "open", (7, 7))
    load(page, 256)
    for _ in range(12):
        page.click('[data-action="bot-step"]')
        expect(explanation(page)).to_have_attribute("data-kind", "bot")
    snap(page, shots, "watch-the-bot.png")


def test_screenshot_expert_at_1366x768(page: Page, shots: Path) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-state", "ready")  # the page's own game is there: its script runs
    page.select_option("#preset", "expert")
    start_new_game(page)  # (waits for the new game's id on the board)
    expect(page.locator('.cell[data-state="covered"]')).to_have_count(480)
    page.locator('.cell[data-row="8"][data-col="15"]').click()
    page.keyboard.press("h")
    expect(explanation(page)).not_to_have_attribute("data-kind", "empty")
    path = shots / "expert-1366x768.png"
    page.screenshot(path=str(path))  # the viewport: the whole board is in it
    assert path.stat().st_size > 10_000


def test_screenshot_proof_steps(page: Page, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    page.goto("/")
    game = api_game(page, preset="beginner", seed=69)["id"]
    api_move(page, game, "open", (4, 4))
    load(page, 81)
    for _ in range(3):
        page.keyboard.press("h")
    steps = page.locator('[data-role="steps"] li')
    expect(steps.first).to_be_visible()
    steps.nth(4).hover()
    snap(page, shots, "proof-steps.png")


def test_screenshot_loss_chain_dark(page: Page, live_server: LiveServer, shots: Path) -> None:
    from explainer.play.losses import loss_report

    page.set_viewport_size(VIEWPORT)
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    for seed in range(1, 40):
        game = api_game(page, preset="intermediate", seed=seed)["id"]
        api_move(page, game, "open", (8, 8))
        view = live_server.game(game).view()
        target = next(
            (divmod(i, 16) for i in iter_bits(view.covered_mask) if len(loss_report(view, divmod(i, 16)).chain) >= 3),
            None,
        )
        if target is not None:
            break
    assert target is not None
    load(page, 256)
    page.locator(f'.cell[data-row="{target[0]}"][data-col="{target[1]}"]').click()
    expect(page.locator('[data-role="loss-chain"] li').nth(2)).to_be_visible()
    page.locator('[data-role="loss-chain"] li').first.hover()
    snap(page, shots, "loss-chain-dark.png")


def test_screenshot_phone_hint(browser, base_url: str, shots: Path) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, base_url=base_url)
    page = context.new_page()
    page.goto("/")
    page.select_option("#preset", "beginner")
    page.click('[data-action="new-game"]')
    expect(page.locator('.cell[data-state="covered"]')).to_have_count(81)
    page.locator('.cell[data-row="4"][data-col="4"]').tap()
    page.locator('[data-action="hint"]').tap()
    page.locator('[data-action="hint"]').tap()
    expect(explanation(page)).to_be_in_viewport()
    path = shots / "phone-hint.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    context.close()


def test_screenshot_analysis_board(page: Page, shots: Path) -> None:
    """The analysis board at 1366x768 with a pasted tiles file: its layout known, a deduction pointed at."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto("/analysis")
    expect(page.locator('[data-role="board-wrap"][data-analysed]')).to_have_count(1)
    deductions = page.locator('[data-role="deductions"] li')
    expect(deductions.nth(2)).to_be_visible()
    deductions.nth(2).hover()  # the third deduction: a 1 whose mine is known, so its other cell is safe
    expect(page.locator('.cell[data-highlight~="known-mine"]').first).to_be_visible()
    path = shots / "analysis-board.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 10_000


def test_screenshot_analysis_board_arabic_dark(page: Page, shots: Path) -> None:
    page.set_viewport_size(VIEWPORT)
    page.emulate_media(color_scheme="dark")
    page.goto("/analysis?lang=ar")
    expect(page.locator('[data-role="board-wrap"][data-analysed]')).to_have_count(1)
    page.click('[data-role="io"] > summary')
    page.click('[data-action="probabilities"]')
    expect(page.locator(".cell .prob").first).to_be_visible()
    snap(page, shots, "analysis-arabic-dark.png")


def _policy_pick_is_explained(hint: Hint) -> bool:
    """A guess hint where the policy's pick is named (not the endgame's own sentence)."""
    if hint.kind != "guess":
        return False
    from explainer.bot.moves import policy_guess

    return policy_guess(hint.solution.board).reason.value not in ("endgame", "first")


@pytest.mark.parametrize("viewport, name", [(VIEWPORT, "hint-best-guess.png"), ({"width": 390, "height": 844}, "phone-best-guess.png")])
def test_screenshot_best_guess_hint(page: Page, live_server: LiveServer, shots: Path, viewport: dict[str, int], name: str) -> None:
    page.set_viewport_size(viewport)
    play_until(page, live_server, "intermediate", _policy_pick_is_explained)
    load(page, 256)
    page.keyboard.press("h")
    expect(explanation(page)).to_have_attribute("data-kind", "guess")
    expect(explanation(page)).to_contain_text("safest cell")  # then the pick: "Of them, guess C4: ..." or "Guess C4: ..."
    expect(page.locator('.cell[data-highlight~="best-guess"]')).to_have_count(1)
    expect(page.locator('[data-legend="best-guess"]')).to_be_visible()
    snap(page, shots, name)


def _blended_pick(hint: Hint) -> bool:
    """A guess hint whose pick leaves a safer second choice than the cell that survives two moves more often."""
    if hint.kind != "guess":
        return False
    from explainer.bot.moves import policy_guess

    return policy_guess(hint.solution.board).better is not None


def test_screenshot_a_pick_with_a_safer_second_choice(page: Page, live_server: LiveServer, shots: Path) -> None:
    play_until(page, live_server, "expert", _blended_pick)
    for viewport, name in ((VIEWPORT, "hint-second-choice.png"), ({"width": 390, "height": 844}, "phone-second-choice.png")):
        page.set_viewport_size(viewport)
        load(page, 480)
        page.keyboard.press("h")
        expect(explanation(page)).to_have_attribute("data-kind", "guess")
        expect(explanation(page)).to_contain_text("leaves a safer second choice for the next move")
        expect(page.locator('.cell[data-highlight~="best-guess"]')).to_have_count(1)
        expect(page.locator('.cell[data-highlight~="compared"]')).to_have_count(1)
        expect(page.locator('[data-legend="compared"]')).to_be_visible()
        snap(page, shots, name)


PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize(("size", "suffix"), [(VIEWPORT, ""), (PHONE, "-phone")])
def test_screenshot_your_practice(page: Page, live_server: LiveServer, shots: Path, size: dict[str, int], suffix: str) -> None:
    page.set_viewport_size(size)
    lose_by_an_avoidable_guess(page, live_server)
    page.goto("/learn/")
    expect(page.locator('[data-role="next"]')).to_be_visible()
    snap(page, shots, f"learn-index{suffix}.png")
    page.goto("/learn/yours")
    expect(page.locator('[data-role="practice-source"]')).to_be_visible()
    snap(page, shots, f"your-practice{suffix}.png")


def test_screenshot_practice_wrong_on_a_phone(page: Page, shots: Path) -> None:
    page.set_viewport_size(PHONE)
    page.goto("/learn/one-two-one")
    _puzzle, board = practice_board(page)
    mines = make_hint(board).solution.mines.mask & board.covered_mask & ~board.flagged_mask
    row, col = divmod(next(iter_bits(mines)), board.width)
    page.locator(f'[data-role="practice-board"] .cell[data-row="{row}"][data-col="{col}"]').click()
    page.click('[data-action="check"]')
    expect(page.locator('[data-role="practice-verdicts"] li').first).to_be_visible()
    snap(page, shots, "practice-wrong-phone.png")


def test_screenshot_review_of_a_forced_guess_with_its_winning_chances(page: Page, live_server: LiveServer, shots: Path) -> None:
    # beginner seed 47, played by the hints to its first forced guess (tests/bot/test_win_chances.py), then E9:
    # the guess that wins least often
    page.goto("/")
    game = api_game(page, preset="beginner", seed=47)["id"]
    api_move(page, game, "open", (4, 4))
    while (hint := make_hint(live_server.game(game).view())).deduction is not None:
        for target in hint.deduction.safe:
            api_move(page, game, "open", target)
        for target in hint.deduction.mines:
            if not live_server.game(game).flagged >> (target.row * 9 + target.col) & 1:
                api_move(page, game, "flag", target)
    api_move(page, game, "open", (8, 4))
    for size, name in (({"width": 1280, "height": 860}, "review-win-chances.png"), ({"width": 390, "height": 844}, "review-win-chances-phone.png")):
        page.set_viewport_size(size)
        page.goto(f"/games/{game}/review")
        moves = page.locator('[data-role="review-moves"] button')
        expect(moves.first).to_be_visible()
        moves.last.click()
        expect(page.locator('[data-role="review-verdict"]')).to_have_attribute("data-verdict", "forced-guess")
        expect(page.locator('[data-role="review-text"]')).to_contain_text(
            "wins the game most often (67% of the time). This guess left a 44% chance to win."
        )
        snap(page, shots, name)
