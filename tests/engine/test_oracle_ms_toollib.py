"""``ms_toollib`` as a second exact solver: its mine probabilities (``cal_probability_onboard``) and ours
agree to 1e-9 on the 200 player views of ``tests/data`` and on property-generated views of random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.core.board import Board
from explainer.engine.solve import solve

from tests.oracles.brute import view_from_layout
from tests.oracles.toollib import theirs
from tests.data import view_rows

STATES = view_rows()

def assert_agree(board: Board) -> int:
    solution = solve(board)
    assert solution.consistent
    other = theirs(board)
    compared = 0
    for row in range(board.height):
        for col in range(board.width):
            ours = solution.probability(row, col)
            if ours is None:
                continue
            assert abs(ours - other[row][col]) < 1e-9, (row, col, ours, other[row][col], str(board))
            compared += 1
    return compared


@pytest.mark.parametrize("number", range(len(STATES)))
def test_the_player_views_agree_with_ms_toollib(number: int) -> None:
    assert assert_agree(Board.parse(STATES[number]["board"])) > 0


@settings(max_examples=60, deadline=None)
@given(st.integers(5, 12), st.integers(5, 12), st.floats(0.1, 0.25), st.integers(0, 2**32 - 1))
def test_random_game_views_agree_with_ms_toollib(height: int, width: int, density: float, seed: int) -> None:
    rng = random.Random(seed)
    size = height * width
    mines = rng.sample(range(size), max(1, int(size * density)))
    layout = sum(1 << i for i in mines)
    safe = [i for i in range(size) if not layout >> i & 1]
    revealed = sum(1 << i for i in rng.sample(safe, max(1, len(safe) // 3)))
    board = view_from_layout(height, width, layout, revealed)
    assert_agree(board)
