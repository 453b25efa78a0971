"""Boards in the community's formats: read, write, detect.

A ``Position`` is what a file can hold: the player's view (numbers, covered and flagged cells, the
mine count when known), the whole layout when the format carries it, and the cells a format shows as
mines (JSMinesweeper's ``M`` after a loss).  Each format module has ``read(data) -> Position`` and
``write(position) -> str | bytes``; ``read`` raises ``FormatError`` naming the line and column (text)
or the byte offset (binary) and what was expected; ``write`` raises it when the format cannot hold the
position (MBF without a layout, say).  Reading after writing gives the same position back, for what
the format can hold.

=========  ====================================================================  ======================
name       format                                                                holds
=========  ====================================================================  ======================
``text``   this project's text format (``?`` covered, ``F`` flag, ``.``/1-8)     the view
``tiles``  the seed solver's board files: rows of comma-separated tiles, a       the view and layout
           digit 0-8 or ``M``, then ``H`` hidden / ``V`` visible / ``F`` flag
``jsm``    JSMinesweeper's ``.mine``: a ``WxHxM`` line, then rows of 0-8, ``H``,  the view, shown mines
           ``F`` and ``?``/``M`` (a mine shown)
``mbf``    Minesweeper X / Arbiter board files (binary): width, height, the      the layout
           mine count (big-endian 16 bits), one (x, y) byte pair per mine
``link``   the analysers' layout link: ``b=`` size (1, 2, 3 or ``WWHH``) and     the layout
           ``m=`` the mines, 5 cells per base-32 character (``0-9a-v``)
=========  ====================================================================  ======================
"""

from __future__ import annotations

from typing import Literal, get_args

from explainer.formats import jsm, link, mbf, text, tiles
from explainer.formats.position import MAX_BYTES, FormatError, Position, view_of_layout

__all__ = ["FORMATS", "FormatName", "WITH_LAYOUT", "MAX_BYTES", "FormatError", "Position", "detect", "read", "write", "view_of_layout"]

#: a board file's format, by name
FormatName = Literal["text", "tiles", "jsm", "mbf", "link"]
FORMATS: tuple[FormatName, ...] = get_args(FormatName)
#: the formats that hold the layout (every mine), so a position needs it to be written in them
WITH_LAYOUT: tuple[FormatName, ...] = ("tiles", "mbf", "link")


def detect(data: bytes) -> FormatName:
    """The format of a file's bytes: binary is MBF; then a link, a ``WxHxM`` header, comma tiles, text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "mbf"
    if any(ord(char) < 9 or 13 < ord(char) < 32 for char in text):
        return "mbf"
    stripped = text.strip()
    first = stripped.splitlines()[0].strip() if stripped else ""
    if link.looks_like(first):
        return "link"
    if _jsm_header(first):
        return "jsm"
    if "," in first:
        return "tiles"
    return "text"


def unknown_format(name: str) -> FormatError:
    return FormatError("unknown format %(name)s; choose one of: %(formats)s", name=repr(name), formats=", ".join(FORMATS))


def _jsm_header(line: str) -> bool:
    parts = line.lower().split("x")
    return len(parts) == 3 and all(part.strip().isdigit() for part in parts)


def read(data: bytes, name: str | None = None) -> Position:
    """A position from a file's bytes, in format ``name`` (detected when None)."""
    if len(data) > MAX_BYTES:
        raise FormatError("the file has %(size)s bytes; the limit is %(limit)s", size=len(data), limit=MAX_BYTES)
    chosen = name or detect(data)
    if chosen not in FORMATS:
        raise unknown_format(chosen)
    if chosen == "mbf":
        return mbf.read(data)
    try:
        decoded = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise FormatError("byte %(byte)s: not UTF-8 text (the %(format)s format is text)", byte=error.start, format=chosen) from None
    reader = {"text": text.read, "tiles": tiles.read, "jsm": jsm.read, "link": link.read}[chosen]
    return reader(decoded)


def write(position: Position, name: str) -> bytes:
    """The position in format ``name``, as bytes."""
    if name not in FORMATS:
        raise unknown_format(name)
    if name == "mbf":
        return mbf.write(position)
    writer = {"text": text.write, "tiles": tiles.write, "jsm": jsm.write, "link": link.write}[name]
    return writer(position).encode("utf-8")
