"""The one flood fill (``explainer.core.board.flood_fill``) against the obvious search."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.core.board import flood_fill, neighbour_masks
from explainer.core.cells import iter_bits


def _slow_flood(height: int, width: int, layout: int, start: int, blocked: int) -> set[int]:
    neighbours = neighbour_masks(height, width)
    opened: set[int] = set()
    todo = [i for i in iter_bits(start) if not blocked >> i & 1]
    while todo:
        index = todo.pop()
        if index in opened:
            continue
        opened.add(index)
        if not neighbours[index] & layout:
            todo += [i for i in iter_bits(neighbours[index]) if not blocked >> i & 1]
    return opened


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 9), st.integers(2, 9), st.integers(0, 2**32), st.booleans())
def test_flood_fill_matches_the_obvious_search(height: int, width: int, seed: int, with_blocked: bool) -> None:
    rng = random.Random(seed)
    size = height * width
    layout = sum(1 << i for i in rng.sample(range(size), rng.randint(0, size // 3)))
    safe = [i for i in range(size) if not layout >> i & 1]
    if not safe:
        return
    blocked = sum(1 << i for i in rng.sample(range(size), rng.randint(0, size // 4))) if with_blocked else 0
    start = sum(1 << i for i in rng.sample(safe, rng.randint(1, min(3, len(safe)))))
    numbers: dict[int, int] = {}
    opened = flood_fill(start, layout, neighbour_masks(height, width), blocked, numbers)
    assert set(iter_bits(opened)) == _slow_flood(height, width, layout, start, blocked)
    assert not opened & layout and not opened & blocked
    neighbours = neighbour_masks(height, width)
    assert numbers == {i: (neighbours[i] & layout).bit_count() for i in iter_bits(opened)}
