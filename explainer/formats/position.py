"""What a board file holds: the view, the layout when known, the cells shown as mines; and the error
for a file that cannot be read."""

from __future__ import annotations

from dataclasses import dataclass

from explainer.core.board import COVERED, Board, neighbour_masks
from explainer.errors import FormatError

__all__ = ["FormatError", "MAX_BYTES", "Position", "view_of_layout"]

#: files larger than this are refused before parsing
MAX_BYTES = 256 * 1024


@dataclass(frozen=True)
class Position:
    view: Board
    layout: int | None = None  # every mine, when the format knows them
    shown: int = 0  # cells the format shows as mines (covered in the view)

    def __post_init__(self) -> None:
        if self.layout is not None:
            neighbours = neighbour_masks(self.view.height, self.view.width)
            for index, number in self.view.numbers():
                if self.layout >> index & 1:
                    raise FormatError("cell %(cell)s is open but the layout has a mine there", cell=self.view.name(index))
                if (neighbours[index] & self.layout).bit_count() != number:
                    raise FormatError("the %(number)s at %(cell)s does not match the layout", number=number, cell=self.view.name(index))


def view_of_layout(height: int, width: int, layout: int) -> Board:
    """A layout with every cell covered, and its mine count."""
    return Board(height, width, (COVERED,) * (height * width), layout.bit_count())
