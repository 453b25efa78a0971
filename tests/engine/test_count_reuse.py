"""``explainer.engine.count.reuse``: a review counts each part of the frontier once, and nothing it
returns changes — the analyses, the work charged to a budget, a budget that runs out, and the review."""

from __future__ import annotations

import random

import pytest

from explainer.core.board import Board
from explainer.engine import budget
from explainer.engine.count import analyze, reuse
from explainer.engine.solve import _analysis
from explainer.errors import BudgetExceeded
from explainer.engine.hint import make_hint
from explainer.play.game import Game
from explainer.play.moves import open_cell
from explainer.review import _review, review


def _played(seed: int, height: int = 16, width: int = 30, mines: int = 99) -> Game:
    """A game played to its end by a player who opens the hint's cell, else a random safe one, and
    flags a third of the mines the hint proves."""
    rng = random.Random(seed)
    game = Game.new(height, width, mines, seed=seed)
    open_cell(game, height // 2, width // 2)
    while game.state == "playing":
        view = game.view()
        step = make_hint(view).deduction
        if step is not None and step.mines and rng.random() < 0.3:
            cell = next(iter(step.mines))
            if view.cells[cell.row * width + cell.col] != -2:
                game.toggle_flag(*cell)
                continue
        if step is not None and step.safe:
            open_cell(game, *next(iter(step.safe)))
        else:
            layout = game.layout or 0
            safe = [i for i in range(game.size) if not layout >> i & 1 and view.cells[i] == -1]
            open_cell(game, *divmod(rng.choice(safe), width))
    return game


def _views(game: Game) -> list[Board]:
    replay = Game.from_layout(game.height, game.width, game.layout or 0, game.seed)
    views = []
    for entry in game.history:
        if replay.state == "playing":
            views.append(replay.view())
        if entry["action"] == "open":
            open_cell(replay, *entry["cell"])
        elif entry["action"] == "flag" or entry["action"] == "unflag":
            replay.toggle_flag(*entry["cell"])
    return views


def _pairs(board: Board) -> tuple[list[tuple[int, int]], int, int | None]:
    from explainer.core.constraints import build_constraints

    return [(c.cells, c.count) for c in build_constraints(board)], board.covered_mask, board.mines


@pytest.mark.parametrize("seed", [1, 2])
def test_reused_parts_give_the_same_analyses_and_charge_the_same_work(seed: int) -> None:
    views = _views(_played(seed))
    assert len(views) > 50
    fresh, spent_fresh = [], []
    for view in views:
        with budget.limit(work=10**12) as b:
            fresh.append(analyze(*_pairs(view)))
        spent_fresh.append(b.spent)
    again, spent_again = [], []
    with reuse():
        for view in views:
            with budget.limit(work=10**12) as b:
                again.append(analyze(*_pairs(view)))
            spent_again.append(b.spent)
    assert again == fresh
    assert spent_again == spent_fresh


def test_a_budget_runs_out_where_a_fresh_count_would() -> None:
    views = _views(_played(3))
    heavy = max(views, key=lambda view: len(_analysis(view)[1]))
    with budget.limit(work=10**12) as b:
        analyze(*_pairs(heavy))
    needed = b.spent
    with reuse():
        analyze(*_pairs(heavy))  # kept
        with pytest.raises(BudgetExceeded), budget.limit(work=needed // 2):
            analyze(*_pairs(heavy))
        with budget.limit(work=needed) as enough:
            analyze(*_pairs(heavy))
        assert enough.spent == needed


@pytest.mark.parametrize("seed", [4, 5])
def test_a_review_is_the_same_with_and_without_reused_parts(seed: int) -> None:
    game = _played(seed)
    assert review(game) == _review(game)
