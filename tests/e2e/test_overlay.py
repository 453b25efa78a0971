"""The probability overlay on the game page: the safest cells marked on the board and named in the note
("Safest cells (0% chance of a mine): A1, C3, D4, F9, and 3 more"), every covered cell named with the
percentage it shows, and the percentage chips never touching their cell's edge: where they would (expert on
a laptop) the cells show their colour alone, with the percentage as tooltip."""

from __future__ import annotations

from typing import Any

import pytest
from babel.lists import format_list
from playwright.sync_api import Page, expect

from explainer.core.cells import cell_name
from explainer.engine.solve import solve
from explainer.words.render import Renderer

from .conftest import LiveServer
from .helpers import api_game, api_move, board, load

pytestmark = pytest.mark.e2e

PRESETS = {"beginner": (81, (4, 4)), "expert": (480, (8, 15))}


def overlay_on(page: Page, live_server: LiveServer, preset: str, seed: int) -> Any:
    """A game of ``preset`` (``seed``) after its first click, loaded with the overlay on; its solution."""
    cells, first = PRESETS[preset]
    game = api_game(page, preset=preset, seed=seed)["id"]
    api_move(page, game, "open", first)
    load(page, cells)
    button = page.locator('[data-action="probabilities"]')
    if not button.is_visible():  # a phone: the rarer controls fold behind "More"
        page.click('[data-action="more"]')
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    solution = solve(live_server.game(game).view())
    covered = sum(p is not None for row in solution.probability_grid() for p in row)
    expect(page.locator(".cell[data-probability]")).to_have_count(covered)
    return solution


def percent(p: float) -> str:
    return Renderer("en").percent(p)


def expected_note(p: float, cells: list[tuple[int, int]]) -> str:
    names = [cell_name(row, col) for row, col in cells]
    if len(names) > 5:
        names = names[:4] + [f"{len(names) - 4} more"]
    noun = "cell" if len(cells) == 1 else "cells"
    return f"Safest {noun} ({percent(p)} chance of a mine): {format_list(names, locale='en')}"


def marked(page: Page) -> set[tuple[int, int]]:
    found = page.eval_on_selector_all(
        '.cell[data-safest="true"]', "cells => cells.map(c => [Number(c.dataset.row), Number(c.dataset.col)])"
    )
    return {(row, col) for row, col in found}


@pytest.mark.parametrize(
    ("preset", "seed", "count"),
    [("beginner", 5, 5), ("beginner", 1, 7), ("expert", 9, 1)],
    ids=["five-named", "four-and-3-more", "one-cell"],
)
def test_the_safest_cells_are_marked_and_named(
    page: Page, live_server: LiveServer, preset: str, seed: int, count: int
) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    solution = overlay_on(page, live_server, preset, seed)
    p, safest = solution.safest()
    cells = [(cell.row, cell.col) for cell in safest]
    assert len(cells) == count, "the seed no longer gives the case this test is for"
    assert marked(page) == set(cells)
    note = page.locator('[data-role="overlay-note"]')
    expect(note).to_have_text(expected_note(p, cells))
    # the mark is drawn (a disc in the cell's corner), and only on the marked cells
    first = page.locator('.cell[data-safest="true"]').first
    assert first.evaluate("c => getComputedStyle(c, '::after').content") == '""'
    other = page.locator(".cell[data-probability]:not([data-safest])")
    if other.count():
        assert other.first.evaluate("c => getComputedStyle(c, '::after').content") == "none"
    page.click('[data-action="probabilities"]')
    expect(page.locator(".cell[data-safest]")).to_have_count(0)
    expect(note).to_be_hidden()


def test_each_covered_cell_is_named_with_the_percentage_it_shows(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 860})
    solution = overlay_on(page, live_server, "beginner", 9)
    _p, safest = solution.safest()
    found = page.eval_on_selector_all(
        ".cell[data-probability]",
        "cells => cells.map(c => [Number(c.dataset.row), Number(c.dataset.col), c.getAttribute('aria-label'),"
        " c.title, c.querySelector('.prob').textContent])",
    )
    grid = solution.probability_grid()
    for row, col, label, title, shown in found:
        p = grid[row][col]
        assert p is not None
        text = percent(p)
        end = ", safest" if (row, col) in {(c.row, c.col) for c in safest} else ""
        assert (label, title, shown) == (f"{cell_name(row, col)}, covered, mine chance {text}{end}", text, text)
    page.click('[data-action="probabilities"]')
    expect(page.locator(".cell[data-probability]")).to_have_count(0)
    row, col = found[0][:2]
    covered = page.locator(f'.cell[data-row="{row}"][data-col="{col}"]')
    expect(covered).to_have_attribute("aria-label", f"{cell_name(row, col)}, covered")
    assert covered.get_attribute("title") is None


CLEARANCE = """() => [...document.querySelectorAll('.cell[data-probability]')].map(cell => {
  const chip = cell.querySelector('.prob').getBoundingClientRect();
  const box = cell.getBoundingClientRect();
  return Math.min(chip.left - box.left, box.right - chip.right, chip.top - box.top, box.bottom - chip.bottom);
})"""


def test_the_chips_clear_the_cell_edge_on_a_phone(phone: Page, live_server: LiveServer) -> None:
    overlay_on(phone, live_server, "beginner", 1)
    expect(board(phone)).to_have_attribute("data-chips", "shown")
    expect(phone.locator(".cell .prob").first).to_be_visible()
    assert min(phone.evaluate(CLEARANCE)) >= 2


def test_small_cells_show_colours_and_tooltips_until_the_board_grows(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    solution = overlay_on(page, live_server, "expert", 3)
    expect(board(page)).to_have_attribute("data-chips", "hidden")  # 21.5% would touch a 28 px cell's edge
    expect(page.locator(".cell .prob").first).to_be_hidden()
    grid = solution.probability_grid()
    titles = page.eval_on_selector_all(
        ".cell[data-probability]", "cells => cells.map(c => [Number(c.dataset.row), Number(c.dataset.col), c.title])"
    )
    assert all(title == percent(grid[row][col] or 0.0) for row, col, title in titles)
    # a larger window, larger cells: the chips come back, clear of the edge
    page.set_viewport_size({"width": 1920, "height": 1200})
    expect(board(page)).to_have_attribute("data-chips", "shown")
    expect(page.locator(".cell .prob").first).to_be_visible()
    assert min(page.evaluate(CLEARANCE)) >= 2
