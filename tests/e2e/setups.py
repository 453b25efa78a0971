"""Positions several browser tests set up: a practice board, a loss by an avoidable guess, a guess position, a
Storm or Streak puzzle answered right or wrong."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.engine.hint import make_hint
from explainer.engine.solve import solve
from explainer.learn.lessons import lesson_cells
from tests.e2e.conftest import LiveServer
from tests.e2e.helpers import api_game, api_move


def answer_cells(board: Board) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The right answer: every cell the pattern decides, safe ones and mines."""
    hint = make_hint(board)
    assert hint.deduction is not None
    lesson = lesson_cells(board, hint.deduction)
    return [tuple(c) for c in lesson if c in hint.solution.safe], [tuple(c) for c in lesson if c in hint.solution.mines]


def practice_board(page: Page) -> tuple[str, Board]:
    """The puzzle on the page, read back through the API in the page's session."""
    element = page.locator('[data-role="practice-board"]')
    page.wait_for_function("() => document.querySelector('[data-role=\"practice-board\"]').dataset.puzzleId")
    puzzle_id = element.get_attribute("data-puzzle-id") or ""
    puzzle = page.request.get(f"/api/learn/puzzles/{puzzle_id}").json()["puzzle"]
    lines = ([f"mines {puzzle['mines']}"] if puzzle["mines"] is not None else []) + puzzle["board"]
    return puzzle_id, Board.parse("\n".join(lines) + "\n")


def practice_cell(page: Page, row: int, col: int):
    return page.locator(f'[data-role="practice-board"] .cell[data-row="{row}"][data-col="{col}"]')


def lose_by_an_avoidable_guess(page: Page, live_server: LiveServer) -> tuple[str, int]:
    """A beginner game (through the API, in the page's session) whose second move opens a provable mine
    while a cell is provably safe; its id and the number of that move in the review."""
    page.goto("/learn/")
    for seed in range(1, 40):
        game = api_game(page, preset="beginner", seed=seed)["id"]
        api_move(page, game, "open", (4, 4))
        played = live_server.game(game)
        view = played.view()
        solution = solve(view)
        mines = solution.mines.mask & view.covered_mask
        if played.state == "playing" and mines and solution.safe.mask & view.covered_mask:
            target = divmod(mines.bit_length() - 1, played.width)
            assert api_move(page, game, "open", target)["game"]["state"] == "lost"
            live_server.wait_for_review(game)  # what the Learn pages show of it
            return game, 2
    raise AssertionError("no seed gives a provable mine after the first click")  # pragma: no cover


def guess_position(page: Page, live_server: LiveServer) -> str:
    """Play (through the API) until nothing is certain: every safe cell open, every mine flagged."""
    for seed in range(60):
        game = api_game(page, preset="beginner", seed=seed)["id"]
        api_move(page, game, "open", (4, 4))
        while True:
            stored = live_server.game(game)
            if stored.state != "playing":
                break
            solution = solve(stored.view())
            if solution.safe:
                for target in solution.safe:
                    api_move(page, game, "open", target)
                continue
            to_flag = [m for m in solution.mines if not stored.flagged >> (m.row * stored.width + m.col) & 1]
            if to_flag:
                for target in to_flag:
                    api_move(page, game, "flag", target)
                continue
            return game
    pytest.fail("no guess position found")


def run_board(page: Page) -> Board:
    """The run's puzzle now, read back through the API in the page's session."""
    run_id = page.evaluate("window.run.run.id")
    puzzle = page.request.get(f"/api/learn/runs/{run_id}").json()["run"]["puzzle"]
    lines = ([f"mines {puzzle['mines']}"] if puzzle["mines"] is not None else []) + puzzle["board"]
    return Board.parse("\n".join(lines) + "\n")


def run_cell(page: Page, row: int, col: int):
    return page.locator(f'[data-role="run-board"] .cell[data-row="{row}"][data-col="{col}"]')


def answer_right(page: Page, board: Board) -> None:
    safe, mines = answer_cells(board)
    for cell in safe:
        run_cell(page, *cell).click()
    for cell in mines:
        run_cell(page, *cell).click(button="right")
    page.click('[data-action="check"]')


def answer_wrong(page: Page, board: Board) -> tuple[int, int]:
    """Open a cell the view does not prove safe (or, when every covered cell is safe, flag one)."""
    solution = make_hint(board).solution
    unproved = board.covered_mask & ~board.flagged_mask & ~solution.safe.mask
    if unproved:
        cell = divmod(next(iter_bits(unproved)), board.width)
        run_cell(page, *cell).click()
    else:
        cell = divmod(next(iter_bits(solution.safe.mask)), board.width)
        run_cell(page, *cell).click(button="right")
    page.click('[data-action="check"]')
    return cell
