"""Adversarial player views (the audit's boards): built from a seeded random
layout, then revealed in a pattern that leaves a huge, tangled frontier.

    checkerboard(h, w, density, seed)   every safe cell with (row + col) even revealed
    stripes(h, w, density, seed)        every safe cell in an even row revealed
    even_grid(h, w, mines, seed)        every safe cell with even row and even column revealed

Used by ``benchmarks/budget_bench.py`` and ``tests/engine/test_budget.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from explainer.core.board import COVERED, Board, neighbour_masks

__all__ = ["checkerboard", "stripes", "even_grid", "ADVERSARIAL"]


def _layout(height: int, width: int, mines: int, seed: int) -> int:
    rng = random.Random(seed)
    layout = 0
    for index in rng.sample(range(height * width), mines):
        layout |= 1 << index
    return layout


def _view(height: int, width: int, layout: int, revealed: Callable[[int, int], bool], mines: bool = True) -> Board:
    nbrs = neighbour_masks(height, width)
    cells = []
    for index in range(height * width):
        row, col = divmod(index, width)
        if revealed(row, col) and not layout >> index & 1:
            cells.append((nbrs[index] & layout).bit_count())
        else:
            cells.append(COVERED)
    return Board(height, width, tuple(cells), layout.bit_count() if mines else None)


def checkerboard(height: int, width: int, density: float, seed: int = 0) -> Board:
    layout = _layout(height, width, round(height * width * density), seed)
    return _view(height, width, layout, lambda r, c: (r + c) % 2 == 0)


def stripes(height: int, width: int, density: float, seed: int = 0) -> Board:
    layout = _layout(height, width, round(height * width * density), seed)
    return _view(height, width, layout, lambda r, c: r % 2 == 0)


def even_grid(height: int, width: int, mines: int, seed: int = 0) -> Board:
    layout = _layout(height, width, mines, seed)
    return _view(height, width, layout, lambda r, c: r % 2 == 0 and c % 2 == 0)


#: (label, builder) for the benchmark and the tests
ADVERSARIAL = [
    ("checker 30x50 30%", lambda: checkerboard(30, 50, 0.30, seed=1)),
    ("checker 30x50 40%", lambda: checkerboard(30, 50, 0.40, seed=2)),
    ("stripes 30x50 30%", lambda: stripes(30, 50, 0.30, seed=3)),
    ("stripes 30x50 40%", lambda: stripes(30, 50, 0.40, seed=4)),
    ("even grid 30x50/600", lambda: even_grid(30, 50, 600, seed=5)),
    ("checker 200x200 35%", lambda: checkerboard(200, 200, 0.35, seed=6)),
]
