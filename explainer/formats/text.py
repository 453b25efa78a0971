"""This project's text format (``explainer.core.board``): the view only."""

from __future__ import annotations

from explainer.core.board import Board, BoardParseError
from explainer.formats.position import FormatError, Position

__all__ = ["read", "write"]


def read(data: str) -> Position:
    try:
        return Position(Board.parse(data))
    except BoardParseError as error:
        raise FormatError.of(error) from None


def write(position: Position) -> str:
    return str(position.view)
