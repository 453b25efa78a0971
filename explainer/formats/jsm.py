"""JSMinesweeper's ``.mine`` text: a ``WxHxM`` header line, then rows of ``0``-``8`` (revealed), ``H``
(hidden), ``F`` (flagged), ``?`` or ``M`` (a mine shown, e.g. after a loss)."""

from __future__ import annotations

from explainer.core.board import COVERED, FLAGGED, MAX_SIDE, Board, BoardParseError
from explainer.formats.position import FormatError, Position

__all__ = ["read", "write"]


def read(data: str) -> Position:
    lines = [(number, raw.strip()) for number, raw in enumerate(data.splitlines(), start=1) if raw.strip()]
    if not lines:
        raise FormatError("line 1: expected a header like 30x16x99 (width x height x mines), got nothing")
    number, header = lines[0]
    parts = header.lower().split("x")
    if len(parts) != 3 or not all(part.strip().isascii() and part.strip().isdigit() for part in parts):
        raise FormatError(f"line {number}: expected a header like 30x16x99 (width x height x mines), got {header[:40]!r}")
    width, height, mines = (int(part) for part in parts)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise FormatError(f"line {number}: a board is 1 to {MAX_SIDE} cells on each side, got {width} x {height}")
    rows = lines[1:]
    if len(rows) != height:
        raise FormatError(f"line {number}: the header says {height} rows, the file has {len(rows)}")
    states: list[int] = []
    shown = 0
    for row, (number, line) in enumerate(rows):
        if len(line) != width:
            raise FormatError(f"line {number}: {len(line)} cells, the header says {width}")
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
                raise FormatError(f"line {number}, column {col + 1}: expected 0-8, H, F, ? or M, got {char!r}")
    try:
        view = Board(height, width, tuple(states), mines)
    except BoardParseError as error:
        raise FormatError(f"line {lines[0][0]}: {error}") from None
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
