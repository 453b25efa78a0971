"""The seed solver's board files: one line per row, comma-separated tiles of two characters — a digit
0-8 (no mine; that many mined neighbours) or ``M`` (a mine), then ``H`` hidden, ``V`` visible or ``F``
flagged.  They hold the whole layout; a digit that does not match its mined neighbours is refused with
its row, column, the count expected and the one found."""

from __future__ import annotations

from explainer.core.board import COVERED, FLAGGED, MAX_SIDE, Board, BoardParseError, neighbour_masks
from explainer.formats.position import FormatError, Position

__all__ = ["read", "write"]


def read(data: str) -> Position:
    rows: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(data.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        rows.append((number, [tile.strip() for tile in line.split(",")]))
    if not rows:
        raise FormatError("the file has no rows of tiles")
    width = len(rows[0][1])
    if len(rows) > MAX_SIDE or width > MAX_SIDE:
        raise FormatError(
            "the board is %(width)s wide and %(height)s high; the limit is %(limit)s x %(limit)s", width=width, height=len(rows), limit=MAX_SIDE
        )
    height = len(rows)
    layout = 0
    digits: list[int | None] = []
    states: list[int] = []
    for row, (number, tiles) in enumerate(rows):
        if len(tiles) != width:
            raise FormatError("%(tiles)s tiles, but the first row has %(width)s", number, tiles=len(tiles), width=width)
        for col, tile in enumerate(tiles):
            if len(tile) != 2 or tile[0] not in "012345678M" or tile[1] not in "HVF":
                raise FormatError(
                    "line %(file_line)s, column %(column)s: expected a tile like 1V, 0H, MF (0-8 or M, then H, V or F), got %(got)s",
                    file_line=number, column=col + 1, got=repr(tile),
                )
            mine = tile[0] == "M"
            if mine and tile[1] == "V":
                raise FormatError(
                    "line %(file_line)s, column %(column)s: a visible mine (%(got)s): a board file holds a position before any mine is opened",
                    file_line=number, column=col + 1, got=repr(tile),
                )
            if mine:
                layout |= 1 << (row * width + col)
            digits.append(None if mine else int(tile[0]))
            states.append({"H": COVERED, "F": FLAGGED}.get(tile[1], -3))
    neighbours = neighbour_masks(height, width)
    for index, digit in enumerate(digits):
        if digit is None:
            continue
        found = (neighbours[index] & layout).bit_count()
        if digit != found:
            row, col = divmod(index, width)
            raise FormatError(
                "line %(file_line)s, column %(column)s (row %(row)s, column %(column)s): expected %(expected)s (its mined neighbours), found %(found)s",
                file_line=rows[row][0], column=col + 1, row=row + 1, expected=found, found=digit,
            )
        if states[index] == -3:
            states[index] = digit
    try:
        view = Board(height, width, tuple(states), layout.bit_count())
    except BoardParseError as error:
        raise FormatError.of(error) from None
    return Position(view, layout)


def write(position: Position) -> str:
    if position.layout is None:
        raise FormatError("the tiles format holds the whole layout: this position has none (no mines known)")
    view = position.view
    neighbours = neighbour_masks(view.height, view.width)
    lines = []
    for row in range(view.height):
        tiles = []
        for col in range(view.width):
            index = row * view.width + col
            mine = position.layout >> index & 1
            first = "M" if mine else str((neighbours[index] & position.layout).bit_count())
            state = view.cells[index]
            tiles.append(first + ("F" if state == FLAGGED else "H" if state == COVERED else "V"))
        lines.append(",".join(tiles))
    return "\n".join(lines) + "\n"
