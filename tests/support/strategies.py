"""Hypothesis strategies the tests share."""

from __future__ import annotations

from hypothesis import strategies as st
from explainer.core.board import Board


@st.composite
def game_views(draw) -> Board:
    """A view of a real game, larger than brute force allows: a random layout on up to 12 x 12, the
    area around a safe start opened as a game opens it, some numbers beside it, some flags."""
    from explainer.core.board import reveal

    height, width = draw(st.integers(4, 12)), draw(st.integers(4, 12))
    size = height * width
    density = draw(st.sampled_from([0.12, 0.16, 0.2]))
    rng = draw(st.randoms(use_true_random=False))
    start = rng.randrange(size)
    layout = 0
    for index in rng.sample([i for i in range(size) if i != start], int(size * density)):
        layout |= 1 << index
    neighbours = Board(height, width, (-1,) * size).neighbours
    counts = [(neighbours[i] & layout).bit_count() for i in range(size)]
    revealed, _numbers = reveal(1 << start, neighbours, counts.__getitem__)
    for index in rng.sample(range(size), size // 6):  # a few more cells the player opened elsewhere
        if not layout >> index & 1:
            revealed |= reveal(1 << index, neighbours, counts.__getitem__)[0]
    flagged = 0
    for index in range(size):
        if not revealed >> index & 1 and rng.random() < 0.15:
            flagged |= 1 << index
    cells = tuple(counts[i] if revealed >> i & 1 else (-2 if flagged >> i & 1 else -1) for i in range(size))
    return Board(height, width, cells, layout.bit_count() if draw(st.booleans()) else None)
