"""The guessing course in the browser: a pick on a practice puzzle brings its verdict and the board's exact
probabilities, the right cells marked, and a new puzzle on demand."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.engine.solve import solve

pytestmark = pytest.mark.e2e


def guess_board(page: Page) -> tuple[str, Board]:
    board = page.locator('[data-role="guess-board"]')
    expect(board).to_have_attribute("data-seed", re.compile(r"^\d+$"))
    puzzle = page.evaluate("window.guessing.puzzle")
    return str(puzzle["seed"]), Board.parse("\n".join([f"mines {puzzle['mines']}", *puzzle["board"]]) + "\n")


def test_a_pick_is_judged_with_the_probabilities_shown(page: Page) -> None:
    page.goto("/learn/guessing/safest")
    expect(page.locator('[data-role="example-board"] .cell[data-highlight~="best-guess"]')).to_have_count(1)
    seed, board = guess_board(page)
    solution = solve(board)
    riskiest = max(iter_bits(board.covered_mask & ~board.flagged_mask), key=lambda index: solution.probabilities[index])
    row, col = divmod(riskiest, board.width)
    page.locator(f'[data-role="guess-board"] .cell[data-row="{row}"][data-col="{col}"]').click()
    result = page.locator('[data-role="guess-result"]')
    expect(result).to_have_attribute("data-status", "wrong")
    expect(result).to_contain_text("chance of a mine")
    _lowest, safest = solution.safest()
    expect(page.locator('[data-role="guess-board"] .cell[data-highlight~="safest"]')).to_have_count(len(safest))
    expect(page.locator('[data-role="guess-board"] .cell[data-wrong-answer]')).to_have_count(1)
    expect(page.locator('[data-role="guess-board"] .cell[data-probability]').first).to_be_visible()

    page.click('[data-action="next-puzzle"]')
    expect(page.locator('[data-role="guess-board"]')).not_to_have_attribute("data-seed", seed)
    _seed, board = guess_board(page)
    cell = next(iter(solve(board).safest()[1]))
    page.locator(f'[data-role="guess-board"] .cell[data-row="{cell.row}"][data-col="{cell.col}"]').click()
    expect(result).to_have_attribute("data-status", "right")
