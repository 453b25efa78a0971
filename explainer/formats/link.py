"""The layout link form shared by several analysers: ``b`` the board size — ``1``, ``2``, ``3`` for
beginner (9 x 9), intermediate (16 x 16), expert (30 x 16), or four digits ``WWHH`` — and ``m`` the mine
bitmap, row by row, 5 cells per base-32 character (``0``-``9``, ``a``-``v``; the first cell of the five
is the highest bit; the last character is padded with empty cells).  A full link (``https://...?b=3&m=...``)
or just its query is read."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from explainer.core.board import MAX_SIDE
from explainer.formats.position import FormatError, Position, view_of_layout

__all__ = ["bitmap", "looks_like", "read", "read_bitmap", "write"]

ALPHABET = "0123456789abcdefghijklmnopqrstuv"
SIZES = {"1": (9, 9), "2": (16, 16), "3": (30, 16)}


def _query(text: str) -> str:
    line = text.strip()
    if "?" in line:
        return urlsplit(line).query
    return line.lstrip("?")


def looks_like(line: str) -> bool:
    fields = parse_qs(_query(line))
    return "b" in fields and "m" in fields


def read(data: str) -> Position:
    line = data.strip().splitlines()[0] if data.strip() else ""
    fields = parse_qs(_query(line), keep_blank_values=True)
    for key in ("b", "m"):
        if key not in fields:
            raise FormatError("column 1: expected a link with b= (the board size) and m= (the mines), missing %(key)s=", key=key)
    size = fields["b"][0]
    if size in SIZES:
        width, height = SIZES[size]
    elif len(size) == 4 and size.isascii() and size.isdigit():
        width, height = int(size[:2]), int(size[2:])
    else:
        raise FormatError("b=%(size)s: expected 1, 2, 3 or four digits WWHH (width and height)", size=repr(size[:20]))
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise FormatError("b=%(size)s: a board is 1 to %(limit)s cells on each side, got %(width)s x %(height)s", size=repr(size), limit=MAX_SIDE, width=width, height=height)
    layout = read_bitmap(fields["m"][0], height, width)
    return Position(view_of_layout(height, width, layout), layout)


def write(position: Position) -> str:
    if position.layout is None:
        raise FormatError("a link holds a layout (every mine): this position has none")
    view = position.view
    sizes = {value: key for key, value in SIZES.items()}
    size = sizes.get((view.width, view.height))
    if size is None:
        if view.width > 99 or view.height > 99:
            raise FormatError("a link's size is two digits each: up to %(limit)s x %(limit)s", limit=99)
        size = f"{view.width:02d}{view.height:02d}"
    return f"b={size}&m={bitmap(position.layout, view.size)}\n"


def bitmap(layout: int, size: int) -> str:
    """The ``m=`` value of a layout of ``size`` cells: 5 cells per base-32 character, padded."""
    chars = []
    for start in range(0, size, 5):
        value = 0
        for offset in range(5):
            index = start + offset
            value = value << 1 | (index < size and layout >> index & 1)
        chars.append(ALPHABET[value])
    return "".join(chars)


def read_bitmap(text: str, height: int, width: int) -> int:
    """The layout an ``m=`` value gives on a ``width`` x ``height`` board."""
    bits = text.lower()
    cells = width * height
    needed = -(-cells // 5)
    if len(bits) != needed:
        raise FormatError(
            "m=: a %(width)s x %(height)s board needs %(needed)s characters (5 cells each), got %(got)s",
            width=width, height=height, needed=needed, got=len(bits),
        )
    layout = 0
    for position, char in enumerate(bits):
        value = ALPHABET.find(char)
        if value < 0:
            raise FormatError("m=, character %(position)s: expected 0-9 or a-v, got %(got)s", position=position + 1, got=repr(char))
        for offset in range(5):
            index = position * 5 + offset
            if value >> (4 - offset) & 1:
                if index >= cells:
                    raise FormatError("m=, character %(position)s: a mine past the last cell (the padding must be empty)", position=position + 1)
                layout |= 1 << index
    return layout
