"""JSMinesweeper's ``.mine`` text: a ``WxHxM`` header line, then rows of ``0``-``8`` (revealed), ``H``
(hidden), ``F`` (flagged), ``?`` or ``M`` (a mine shown, e.g. after a loss)."""

from __future__ import annotations

from explainer.core.board import COVERED, FLAGGED, MAX_SIDE, Board, BoardParseError
from explainer.formats.position import FormatError, Position

__all__ = ["read", "write"]


def read(data: str) -> Position:
    lines = [(number, raw.strip()) for number, raw in enumerate(data.splitlines(), start=1) if raw.strip()]
    if not lines:
        raise FormatError("expected a header like 30x16x99 (width x height x mines), got nothing", 1)
    number, header = lines[0]
    parts = header.lower().split("x")
    if len(parts) != 3 or not all(part.strip().isascii() and part.strip().isdigit() for part in parts):
        raise FormatError("expected a header like 30x16x99 (width x height x mines), got %(text)s", number, text=repr(header[:40]))
    width, height, mines = (int(part) for part in parts)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise FormatError("a board is 1 to %(limit)s cells on each side, got %(width)s x %(height)s", number, limit=MAX_SIDE, width=width, height=height)
    rows = lines[1:]
    if len(rows) != height:
        raise FormatError("the header says %(height)s rows, the file has %(rows)s", number, height=height, rows=len(rows))
    states: list[int] = []
    shown = 0
    for row, (number, line) in enumerate(rows):
        if len(line) != width:
            raise FormatError("%(cells)s cells, the header says %(width)s", number, cells=len(line), width=width)
        for col, char in enumerate(line):
            if char in "012345678":
                states.append(int(char))
            elif char in "Hh":
                states.append(COVERED)
            elif char in "Ff":
                states.append(FLAGGED)
            elif char in "?Mm":
                states.append(COVERED)
                shown |= 1 << (row * width + col)
            else:
                raise FormatError("line %(file_line)s, column %(column)s: expected 0-8, H, F, ? or M, got %(got)s", file_line=number, column=col + 1, got=repr(char))
    try:
        view = Board(height, width, tuple(states), mines)
    except BoardParseError as error:
        raise FormatError.of(error, lines[0][0]) from None
    return Position(view, None, shown)


def write(position: Position) -> str:
    view = position.view
    if view.mines is None:
        raise FormatError("the jsm format needs the mine count (its header is width x height x mines)")
    lines = [f"{view.width}x{view.height}x{view.mines}"]
    for row in range(view.height):
        chars = []
        for col in range(view.width):
            index = row * view.width + col
            state = view.cells[index]
            if position.shown >> index & 1:
                chars.append("M")
            elif state == COVERED:
                chars.append("H")
            elif state == FLAGGED:
                chars.append("F")
            else:
                chars.append(str(state))
        lines.append("".join(chars))
    return "\n".join(lines) + "\n"
