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


def rmv(height: int, width: int, mines: set[tuple[int, int]], moves: Sequence[tuple[str, tuple[int, int]]], step_ms: int = 250) -> bytes:
    """A Viennasweeper ``.rmv`` (format version 1) of these moves, built byte by byte from the format as
    ``ms_toollib``'s reader describes it (``base/src/videos/rmv_video.rs`` in its repository: big-endian
    integers; a header of section sizes, the board as its mine positions, four properties, then the mouse
    events: kind, time in ms shifted left by 8, x + 12 and y + 56 in pixels, 16 per cell; the file's first
    left press left out, as Viennasweeper leaves it out), one press and release per move, ``step_ms`` apart."""

    def u16(value: int) -> bytes:
        return value.to_bytes(2, "big")

    properties = bytes([0, 0, 0, 0 if (height, width) == (9, 9) else 2])  # question marks, no flags, mode, level
    board = bytes([width, height]) + u16(len(mines)) + b"".join(bytes([col, row]) for row, col in sorted(mines))
    events = b""
    time = 0
    first = True
    for action, (row, col) in moves:
        press, release = (2, 3) if action == "open" else (4, 5)
        for kind in (press, release):
            time += step_ms // 2
            if first and kind == 2:
                continue  # (the first left press is not in the file)
            first = False
            events += bytes([kind]) + (time << 8).to_bytes(4, "big") + u16(col * 16 + 8 + 12) + u16(row * 16 + 8 + 56)
    events += bytes([15])
    header = (
        b"*rmv" + u16(1) + (0).to_bytes(4, "big")  # format 1, file size
        + u16(3) + u16(0)  # result string size (3: none to read), version info size
        + bytes(4)  # player info size, board size (not read)
        + u16(0) + u16(len(properties))  # preflags size, properties size
        + bytes(6)  # video size, checksum size (not read)
        + bytes(3)  # the (empty) result string
    )
    player = u16(0) + bytes(4)  # no player information
    return header + player + board + properties + events
