"""MBF, the board files of Minesweeper X and Arbiter (binary): a width byte, a height byte, the mine
count as a big-endian 16-bit integer, then one (x, y) byte pair per mine.  The layout only."""

from __future__ import annotations

from explainer.core.board import COVERED, MAX_SIDE
from explainer.formats.position import FormatError, Position, view_of_layout

__all__ = ["read", "write"]


def read(data: bytes) -> Position:
    if len(data) < 4:
        raise FormatError(f"byte {len(data)}: the file ends inside its 4-byte header (width, height, mine count)")
    width, height = data[0], data[1]
    mines = int.from_bytes(data[2:4], "big")
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise FormatError(f"byte 0: a board is 1 to {MAX_SIDE} cells on each side, got {width} x {height}")
    if mines > width * height:
        raise FormatError(f"byte 2: {mines} mines do not fit on a {width} x {height} board")
    expected = 4 + 2 * mines
    if len(data) != expected:
        raise FormatError(
            f"byte {min(len(data), expected)}: {mines} mines need {expected} bytes in all, the file has {len(data)}"
        )
    layout = 0
    for number in range(mines):
        offset = 4 + 2 * number
        x, y = data[offset], data[offset + 1]
        if not (x < width and y < height):
            raise FormatError(f"byte {offset}: mine {number + 1} at ({x}, {y}) is outside the {width} x {height} board")
        bit = 1 << (y * width + x)
        if layout & bit:
            raise FormatError(f"byte {offset}: mine {number + 1} at ({x}, {y}) is a second mine on the same cell")
        layout |= bit
    return Position(view_of_layout(height, width, layout), layout)


def write(position: Position) -> bytes:
    if position.layout is None:
        raise FormatError("MBF holds a layout (every mine): this position has none, so it cannot become MBF")
    view = position.view
    if view.width > 255 or view.height > 255:
        raise FormatError("MBF holds boards up to 255 cells on each side")
    if any(state != COVERED for state in view.cells):
        raise FormatError("MBF holds only the layout: the open cells and flags of this position would be lost; export the layout from a fresh board")
    out = bytearray([view.width, view.height]) + position.layout.bit_count().to_bytes(2, "big")
    for index in range(view.size):
        if position.layout >> index & 1:
            y, x = divmod(index, view.width)
            out += bytes([x, y])
    return bytes(out)
