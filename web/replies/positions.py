"""Positions as the analysis board and the API show them: a position from a share link or a stored game, its JSON
(the formats that can hold it, the link that opens it again) and its file in one format."""

from __future__ import annotations

import base64
from typing import Annotated
from urllib.parse import urlencode

from flask import url_for
from pydantic import Field
from typing_extensions import NotRequired, TypedDict

from explainer.core.board import Board
from explainer.core.cells import CellSet
from explainer.formats import FORMATS, FormatError, FormatName, Position, link, view_of_layout, write
from web.daily import layout_hidden
from web.json_types import CellJson, Count
from web.storage import games as db

__all__ = [
    "EXTENSIONS", "ExportedFileJson", "PositionJson", "exported", "game_position", "position_from_query", "position_json",
    "share_query", "with_layout",
]  # fmt: skip


#: the file name extension of each format's files
EXTENSIONS = {"text": "txt", "tiles": "mine", "jsm": "mine", "mbf": "mbf", "link": "txt"}


def with_layout(view: Board, layout: int | None) -> Position:
    """The position of ``view`` and its layout; a board that gives no mine count takes the layout's."""
    if layout is not None and view.mines is None:
        view = Board(view.height, view.width, view.cells, layout.bit_count())
    return Position(view, layout)


def share_query(position: Position) -> str:
    """The query of a link to the analysis page that opens ``position`` again: ``board`` (the rows of the
    text format, joined by ``/``), ``mines`` when known, ``m`` (the layout, as the analysers' links give
    it) when known."""
    view = position.view
    rows = str(Board(view.height, view.width, view.cells)).splitlines()
    fields = [("board", "/".join(rows))]
    if view.mines is not None:
        fields.append(("mines", str(view.mines)))
    if position.layout is not None:
        fields.append(("m", link.bitmap(position.layout, view.size)))
    return urlencode(fields, safe="/?.")


def position_from_query(args: dict[str, str]) -> Position | None:
    """The position a share link opens (``share_query``), or a layout link's (``b`` and ``m``); None
    when the query names none.  Raises ``FormatError`` / ``BoardParseError`` quoting the problem."""
    if "board" in args:
        text = "\n".join(args["board"].split("/"))
        mines = args.get("mines")
        view = Board.parse((f"mines {mines}\n" if mines is not None else "") + text)
        return with_layout(view, link.read_bitmap(args["m"], view.height, view.width) if "m" in args else None)
    if "b" in args and "m" in args:
        return link.read(urlencode({"b": args["b"], "m": args["m"]}))
    return None


def _in_format(position: Position, name: str) -> Position:
    """What format ``name`` is given of a position: MBF and links hold the layout alone, so they get it on
    a covered board (the open cells and flags are the player's, the mines the board's)."""
    if name in ("mbf", "link") and position.layout is not None:
        return Position(view_of_layout(position.view.height, position.view.width, position.layout), position.layout)
    return position


def _writable(position: Position) -> list[FormatName]:
    names: list[FormatName] = []
    for name in FORMATS:
        try:
            write(_in_format(position, name), name)
        except FormatError:
            continue
        names.append(name)
    return names


class PositionJson(TypedDict):
    """A position for the analysis board."""

    board: Annotated[str, Field(description="The text format.")]
    height: Count
    width: Count
    mines: Count | None
    layout: Annotated[list[CellJson] | None, Field(description="The mines, when the position knows them.")]
    formats: Annotated[list[FormatName], Field(description="The export formats that can hold it.")]
    share: Annotated[str, Field(description="A link (path and query) that opens it on the analysis board.")]


class ExportedFileJson(TypedDict):
    """A position's file in one format: text as content, MBF base64-encoded."""

    format: FormatName
    filename: str
    content: NotRequired[Annotated[str, Field(description="The file (text formats).")]]
    base64: NotRequired[Annotated[str, Field(description="The file, base64-encoded (MBF).")]]


def position_json(position: Position) -> PositionJson:
    view = position.view
    return {
        "board": str(view),
        "height": view.height,
        "width": view.width,
        "mines": view.mines,
        "layout": None if position.layout is None else CellSet(position.layout, view.width).to_json(),
        "formats": _writable(position),
        "share": url_for("analysis.page") + "?" + share_query(position),
    }


def exported(position: Position, name: FormatName, stem: str) -> ExportedFileJson:
    """The file of ``position`` in format ``name``: text as ``content``, MBF base64-encoded."""
    content = write(_in_format(position, name), name)
    reply: ExportedFileJson = {"format": name, "filename": f"{stem}-{name}.{EXTENSIONS[name]}"}
    if name == "mbf":
        reply["base64"] = base64.b64encode(content).decode("ascii")
    else:
        reply["content"] = content.decode("utf-8")
    return reply


def game_position(record: db.GameRecord) -> Position:
    """A game's position: the player's view, and its layout once the game is over (a loss accepted)."""
    game = record.game
    finished = game.finished and game.layout is not None and not layout_hidden(record)
    return Position(game.view(), game.layout if finished else None)
