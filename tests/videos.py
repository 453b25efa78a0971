"""Replay videos for the tests, written by ``ms_toollib`` itself (``BaseVideo``, then its ``.evf``
bytes) from a layout and a click sequence the test chooses: the files Metasweeper writes."""

from __future__ import annotations

from collections.abc import Sequence

import ms_toollib

from explainer.core.board import neighbour_masks

#: a mouse action of ``ms_toollib``: left or right press and release
Click = tuple[str, tuple[int, int]]


def numbers(height: int, width: int, mines: set[tuple[int, int]]) -> list[list[int]]:
    """The board ``ms_toollib`` takes: -1 a mine, else how many mines touch the cell."""
    layout = sum(1 << (row * width + col) for row, col in mines)
    around = neighbour_masks(height, width)
    return [
        [-1 if (row, col) in mines else (around[row * width + col] & layout).bit_count() for col in range(width)]
        for row in range(height)
    ]


def evf(height: int, width: int, mines: set[tuple[int, int]], moves: Sequence[tuple[str, tuple[int, int]]]) -> bytes:
    """An ``.evf`` video of these moves: ("open" | "flag", (row, col)) each a press and a release."""
    video = ms_toollib.BaseVideo(numbers(height, width, mines), 16)
    for action, (row, col) in moves:
        button = "l" if action == "open" else "r"
        for event in (f"{button}c", f"{button}r"):
            video.step(event, (row * 16 + 8, col * 16 + 8))
    video.generate_evf_v4_raw_data()
    return bytes(video.raw_data)
