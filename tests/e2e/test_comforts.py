"""The classic comforts: a chord with the middle button or with both buttons, the neighbours looking
pressed while it is held (also when the chord opens nothing); question marks as an option; a zoom that
the browser remembers."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from explainer.play.game import Game

from .conftest import LiveServer
from .helpers import board, cell, started_beginner

pytestmark = pytest.mark.e2e


def chordable(game: Game) -> tuple[tuple[int, int], list[tuple[int, int]], list[tuple[int, int]]]:
    """An open number with covered neighbours: the number, its mines, its other covered neighbours."""
    assert game.layout is not None
    for index in range(game.size):
        if not game.revealed >> index & 1 or not game.count_at(index):
            continue
        row, col = divmod(index, game.width)
        around = [(r, c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                  if 0 <= r < game.height and 0 <= c < game.width and (r, c) != (row, col)]
        covered = [(r, c) for r, c in around if not game.revealed >> (r * game.width + c) & 1]
        mines = [(r, c) for r, c in covered if game.layout >> (r * game.width + c) & 1]
        safe = [(r, c) for r, c in covered if (r, c) not in mines]
        if mines and safe:
            return (row, col), mines, safe
    raise AssertionError("no number with safe covered neighbours")  # pragma: no cover


def centre(page: Page, row: int, col: int) -> tuple[float, float]:
    box = cell(page, row, col).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def press(page: Page, buttons: str) -> None:
    if buttons == "middle":
        page.mouse.down(button="middle")
    else:
        page.mouse.down(button="left")
        page.mouse.down(button="right")


def release(page: Page, buttons: str) -> None:
    if buttons == "middle":
        page.mouse.up(button="middle")
    else:
        page.mouse.up(button="left")
        page.mouse.up(button="right")


@pytest.mark.parametrize("buttons", ["middle", "both"])
def test_a_chord_with_the_middle_or_both_buttons(page: Page, live_server: LiveServer, buttons: str) -> None:
    game = live_server.game(started_beginner(page))
    number, mines, safe = chordable(game)
    x, y = centre(page, *number)
    # before the flags are placed the chord opens nothing, but the neighbours still look pressed while held
    page.mouse.move(x, y)
    press(page, buttons)
    expect(cell(page, *safe[0])).to_have_attribute("data-pressed", "true")
    release(page, buttons)
    expect(cell(page, *safe[0])).not_to_have_attribute("data-pressed", "true")
    expect(cell(page, *safe[0])).to_have_attribute("data-state", "covered")
    for mine in mines:
        cell(page, *mine).click(button="right")
        expect(cell(page, *mine)).to_have_attribute("data-state", "flagged")
    page.mouse.move(x, y)
    press(page, buttons)
    release(page, buttons)
    for target in safe:
        expect(cell(page, *target)).not_to_have_attribute("data-state", "covered")
    for mine in mines:  # the right button of the chord flagged or unflagged nothing
        expect(cell(page, *mine)).to_have_attribute("data-state", "flagged")


def test_question_marks_are_an_option(page: Page, live_server: LiveServer) -> None:
    game = live_server.game(started_beginner(page))
    _number, mines, _safe = chordable(game)
    target = cell(page, *mines[0])
    # off by default: a right click flags and unflags
    target.click(button="right")
    expect(target).to_have_attribute("data-state", "flagged")
    target.click(button="right")
    expect(target).to_have_attribute("data-state", "covered")
    expect(target).not_to_have_attribute("data-mark", "question")
    page.click('[data-role="settings-summary"]')
    page.check('input[name="question-marks"]')
    page.click('[data-role="settings-summary"]')
    target.click(button="right")
    expect(target).to_have_attribute("data-state", "flagged")
    target.click(button="right")
    expect(target).to_have_attribute("data-mark", "question")
    expect(target).to_have_attribute("aria-label", f"{'ABCDEFGHI'[mines[0][1]]}{mines[0][0] + 1}, covered, question mark")
    page.reload()  # the browser keeps the marks of the game
    expect(board(page)).to_have_attribute("data-game-state", "playing")
    expect(cell(page, *mines[0])).to_have_attribute("data-mark", "question")
    cell(page, *mines[0]).click(button="right")
    expect(cell(page, *mines[0])).not_to_have_attribute("data-mark", "question")
    expect(cell(page, *mines[0])).to_have_attribute("data-state", "covered")


def test_the_zoom_is_remembered(page: Page) -> None:
    started_beginner(page)
    before = cell(page, 0, 0).bounding_box()
    page.click('[data-action="zoom-in"]')
    expect(board(page)).to_have_attribute("data-zoom", "1.15")
    after = cell(page, 0, 0).bounding_box()
    assert before is not None and after is not None and after["width"] > before["width"]
    page.reload()
    expect(board(page)).to_have_attribute("data-zoom", "1.15")
    page.click('[data-action="zoom-out"]')
    expect(board(page)).to_have_attribute("data-zoom", "1")


def test_numbers_whose_mines_are_all_flagged_can_be_faded(page: Page, live_server: LiveServer) -> None:
    game = live_server.game(started_beginner(page))
    number, mines, _safe = chordable(game)
    shown = cell(page, *number)
    for mine in mines:
        cell(page, *mine).click(button="right")
        expect(cell(page, *mine)).to_have_attribute("data-state", "flagged")
    expect(shown).to_have_attribute("data-satisfied", "true")  # as many flags as it counts
    assert shown.evaluate("element => getComputedStyle(element).opacity") == "1"  # the option is off by default
    page.click('[data-role="settings-summary"]')
    page.check('input[name="dim-satisfied"]')
    page.click('[data-role="settings-summary"]')
    expect(board(page)).to_have_attribute("data-dim-satisfied", "true")
    assert float(shown.evaluate("element => getComputedStyle(element).opacity")) < 1
    cell(page, *mines[0]).click(button="right")  # a flag taken away: the number is at work again
    expect(shown).not_to_have_attribute("data-satisfied", "true")
    page.reload()  # the browser keeps the choice
    expect(board(page)).to_have_attribute("data-dim-satisfied", "true")


def test_the_autopilot_plays_the_easy_steps_after_the_player_s_move(page: Page, live_server: LiveServer) -> None:
    from explainer.bot.autopilot import autopilot_moves
    from explainer.core.deduction import Rule

    from .helpers import api_game

    page.goto("/")
    for seed in range(1, 30):  # a board whose first click leaves one-number steps
        trial = Game.new(9, 9, 10, seed)
        trial.open(4, 4)
        moves = autopilot_moves(trial.view(), Rule.SIMPLE)
        if trial.state == "playing" and moves.safe.mask:
            break
    game = api_game(page, preset="beginner", seed=seed)["id"]
    page.goto("/")
    expect(board(page)).to_have_attribute("data-game-id", game)
    page.click('[data-role="settings-summary"]')
    page.select_option('select[name="autopilot"]', "simple")
    page.click('[data-role="settings-summary"]')
    cell(page, 4, 4).click()
    target = next(iter(moves.safe))
    expect(cell(page, target.row, target.col)).to_have_attribute("data-state", "revealed")  # opened by the autopilot
    stored = live_server.game(game)
    assert {entry["by"] for entry in stored.history[1:]} == {"bot"} and stored.history[0]["by"] == "player"
    if stored.state == "playing":
        assert not autopilot_moves(stored.view(), Rule.SIMPLE)  # nothing left at its level
    page.reload()  # the browser keeps the choice
    expect(page.locator('select[name="autopilot"]')).to_have_value("simple")
