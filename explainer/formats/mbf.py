"""MBF, the board files of Minesweeper X and Arbiter (binary): a width byte, a height byte, the mine
count as a big-endian 16-bit integer, then one (x, y) byte pair per mine.  The layout only."""

from __future__ import annotations

from explainer.core.board import COVERED, MAX_SIDE
from explainer.formats.position import FormatError, Position, view_of_layout

__all__ = ["read", "write"]


def read(data: bytes) -> Position:
    if len(data) < 4:
        raise FormatError("byte %(byte)s: the file ends inside its 4-byte header (width, height, mine count)", byte=len(data))
    width, height = data[0], data[1]
    mines = int.from_bytes(data[2:4], "big")
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise FormatError("byte %(byte)s: a board is 1 to %(limit)s cells on each side, got %(width)s x %(height)s", byte=0, limit=MAX_SIDE, width=width, height=height)
    if mines > width * height:
        raise FormatError("byte %(byte)s: %(mines)s mines do not fit on a %(width)s x %(height)s board", byte=2, mines=mines, width=width, height=height)
    expected = 4 + 2 * mines
    if len(data) != expected:
        raise FormatError(
            "byte %(byte)s: %(mines)s mines need %(expected)s bytes in all, the file has %(size)s",
            byte=min(len(data), expected), mines=mines, expected=expected, size=len(data),
        )
    layout = 0
    for number in range(mines):
        offset = 4 + 2 * number
        x, y = data[offset], data[offset + 1]
        if not (x < width and y < height):
            raise FormatError(
                "byte %(byte)s: mine %(number)s at (%(x)s, %(y)s) is outside the %(width)s x %(height)s board",
                byte=offset, number=number + 1, x=x, y=y, width=width, height=height,
            )
        bit = 1 << (y * width + x)
        if layout & bit:
            raise FormatError(
                "byte %(byte)s: mine %(number)s at (%(x)s, %(y)s) is a second mine on the same cell", byte=offset, number=number + 1, x=x, y=y
            )
        layout |= bit
    return Position(view_of_layout(height, width, layout), layout)


def write(position: Position) -> bytes:
    if position.layout is None:
        raise FormatError("MBF holds a layout (every mine): this position has none, so it cannot become MBF")
    view = position.view
    if view.width > 255 or view.height > 255:
        raise FormatError("MBF holds boards up to %(limit)s cells on each side", limit=255)
    if any(state != COVERED for state in view.cells):
        raise FormatError("MBF holds only the layout: the open cells and flags of this position would be lost; export the layout from a fresh board")
    out = bytearray([view.width, view.height]) + position.layout.bit_count().to_bytes(2, "big")
    for index in range(view.size):
        if position.layout >> index & 1:
            y, x = divmod(index, view.width)
            out += bytes([x, y])
    return bytes(out)
