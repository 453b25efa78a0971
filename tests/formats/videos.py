"""Replay videos for the tests, written by ``ms_toollib`` itself (``BaseVideo``, then its ``.evf``
bytes) from a layout and a click sequence the test chooses: the files Metasweeper writes."""

from __future__ import annotations

import math
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


def avf(height: int, width: int, mines: set[tuple[int, int]], moves: Sequence[tuple[str, tuple[int, int]]], step_ms: int = 250) -> bytes:
    """A Minesweeper Arbiter ``.avf`` of these moves (a custom board), built from the format as ``ms_toollib``'s
    reader describes it (``base/src/videos/avf_video.rs`` in its repository): a version byte, four random
    bytes, the level (6: custom, then width - 1, height - 1, mines), each mine as (row + 1, column + 1), a
    check string the reader skips (as many characters as the decimal digits of a sum over the board, plus 4),
    the country, the question-mark setting before ``[3|``, ``W..H..M..|``, the start and end times, ``B<3BV>T<time>]``,
    then 8-byte mouse events (kind, x high, seconds + 1 low, x low, hundredths, y high, seconds + 1 high, y low;
    16 pixels per cell), eight zero bytes, and the skin line before the player's name."""
    grid = numbers(height, width, mines)
    total = 0
    for x in range(width):
        for y in range(height):
            total += (10 if grid[y][x] == -1 else grid[y][x] + 1) * (x + x * y)
    data = bytearray([34, 1, 2, 3, 4, 6, width - 1, height - 1]) + len(mines).to_bytes(2, "big")
    for row, col in sorted(mines):
        data += bytes([row + 1, col + 1])
    data += b"0" * (len(str(total)) + 4)  # the check string (skipped by the reader)
    data += bytes([8])  # country
    data += b"\x7f\x00[3|"  # question marks off, then the header's opening
    data += f"W{width}H{height}M{len(mines)}|".encode()
    data += b"26.11.2026.10:00:00:0000|26.10:00:10:0000|"
    data += b"B0T10.00]"
    time = 0
    for action, (row, col) in moves:
        kinds = (3, 5) if action == "open" else (9, 17)
        for kind in kinds:
            seconds, hundredths = divmod(time // 10, 100)
            x, y = col * 16 + 8, row * 16 + 8
            data += bytes([kind, x >> 8, (seconds + 1) & 0xFF, x & 0xFF, hundredths, y >> 8, (seconds + 1) >> 8, y & 0xFF])
            time += step_ms // 2
    data += bytes(8)
    data += b"Skin:classic\rplayer\r"
    return bytes(data)


def _mvf_positions(leading: int) -> list[int]:
    """Where each of a Minesweeper Clone 0.97 event's 40 bits is stored, in the order the reader takes them: the
    bit positions sorted by the digit a scrambling string (from ``leading``) has there, as ``mvf_video.rs`` builds it."""

    def digits(value: float) -> str:
        return f"{math.floor(abs(value) * 100_000_000 + 0.5):08d}"[:8]

    num1 = math.sqrt(leading)
    num2 = math.sqrt(leading + 1000.0)
    num3 = math.sqrt(num1 + 1000.0)
    code = (
        digits(math.cos(num3 + 1000.0)) + digits(math.sin(math.sqrt(num2))) + digits(math.cos(num3))
        + digits(math.sin(math.sqrt(num1) + 1000.0)) + digits(math.cos(math.sqrt(num2 + 1000.0)))
    )
    return [j for digit in "0123456789" for j in range(40) if code[j] == digit]


def mvf(height: int, width: int, mines: set[tuple[int, int]], moves: Sequence[tuple[str, tuple[int, int]]], step_ms: int = 250) -> bytes:
    """A Minesweeper Clone 0.97 ``.mvf`` of these moves, built from the format as ``ms_toollib``'s reader describes
    it (``base/src/videos/mvf_video.rs``): a header (0x11 0x4D, 25 bytes, ``5``, 46 bytes), the date, level and
    mode, the score, 3BV, the question-mark setting, the board (width, height, mines, each as column + 1, row + 1),
    the player's name, a 16-bit number the 40-bit events are scrambled from, their count, then each event as 5
    bytes: the buttons (right, middle, left), y and x in pixels (9 bits each, 16 per cell), hundredths (7 bits, in
    tens of ms) and seconds (10 bits), each bit stored where the scrambling puts it."""
    leading = 4242
    positions = _mvf_positions(leading)
    states: list[tuple[int, int, int, int, int]] = []  # (right, left, x, y, ms)
    time = 0
    for action, (row, col) in moves:
        x, y = col * 16 + 8, row * 16 + 8
        for pressed in (1, 0):
            states.append((pressed if action == "flag" else 0, pressed if action == "open" else 0, x, y, time))
            time += step_ms // 2
    records = b""
    for right, left, x, y, ms in states:
        seconds, rest = divmod(ms, 1000)
        fields = [(right, 1), (0, 1), (left, 1), (y, 9), (x, 9), (rest // 10, 7), (seconds, 10)]
        logical = []
        for value, width_bits in fields:
            logical += [value >> bit & 1 for bit in range(width_bits)]
        stored = bytearray(5)
        for index, value in enumerate(logical):
            if value:
                place = positions[index]
                stored[place // 8] |= 1 << (place % 8)
        records += bytes(stored)
    data = bytearray([0x11, 0x4D]) + bytes(25) + b"5" + bytes(46)
    data += bytes([11, 26]) + (2026).to_bytes(2, "big") + bytes([10, 0, 0])  # month, day, year, time of day
    data += bytes([4, 1])  # level (custom), mode (classic)
    data += (1).to_bytes(2, "big") + bytes([0])  # the score (not read)
    data += (0).to_bytes(2, "big") + (0).to_bytes(2, "big") + bytes(6)  # 3BV, 3BV solved, clicks (not read)
    data += bytes([0])  # no question marks
    data += bytes([width, height]) + len(mines).to_bytes(2, "big")
    for row, col in sorted(mines):
        data += bytes([col + 1, row + 1])
    data += bytes([6]) + b"player"
    data += leading.to_bytes(2, "big") + len(states).to_bytes(3, "big")
    return bytes(data + records)
