"""The figures the Minesweeper community gives a finished board: its 3BV.

3BV ("Bechtel's Board Benchmark Value", as the community defines it): the number of openings (connected
areas of cells with no mine around them, with their borders) plus the number of safe cells with a number
that touch no such area — the fewest left clicks that clear the board.  3BV/s and efficiency (3BV divided
by the player's clicks: left, right and chords) are worked out from it by the review and the end of game.
"""

from __future__ import annotations

from explainer.core.board import neighbour_masks
from explainer.core.cells import iter_bits

__all__ = ["bbbv"]


def bbbv(height: int, width: int, layout: int) -> int:
    """The board's 3BV: its openings plus the numbered safe cells that touch no opening."""
    neighbours = neighbour_masks(height, width)
    size = height * width
    safe = ((1 << size) - 1) & ~layout
    zeros = 0
    for index in iter_bits(safe):
        if not neighbours[index] & layout:
            zeros |= 1 << index
    seen = 0
    openings = 0
    for start in iter_bits(zeros):
        if seen >> start & 1:
            continue
        openings += 1
        stack = 1 << start
        while stack:
            low = stack & -stack
            stack ^= low
            if seen & low:
                continue
            seen |= low
            index = low.bit_length() - 1
            stack |= neighbours[index] & zeros & ~seen
    bordered = 0
    for index in iter_bits(zeros):
        bordered |= neighbours[index]
    lone = safe & ~zeros & ~bordered
    return openings + lone.bit_count()
