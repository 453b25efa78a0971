"""The practice queue's items as the API and the Learn page show them: a pattern the player's finished games show
missed, with its streak, when it is due again, and the last missed step (a link to it in the game's review and the
sentence that says it)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from flask import url_for
from flask_babel import format_date

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.words.lessons import lesson_text
from explainer.words.practice import missed_text
from explainer.words.render import Renderer
from web.json_types import CellJson, Count, PatternName
from web.storage import training

__all__ = ["LastMissJson", "PracticeItemJson", "board_rows", "queue_json"]


class LastMissJson(TypedDict):
    game_id: str
    move: Annotated[int, Field(ge=1)]
    finished_at: float
    safe: list[CellJson]
    mines: list[CellJson]
    url: Annotated[str, Field(description="The move in the game's review.")]
    text: str


class PracticeItemJson(TypedDict):
    """One pattern of "Your practice"."""

    pattern: PatternName
    name: str
    misses: Annotated[Count, Field(description="Steps of this pattern the player's finished games show missed.")]
    streak: Annotated[Count, Field(description=f"First-try rights in a row since the last miss ({training.MASTERED}: "
                                   "mastered).")]
    mastered: bool
    due: bool
    due_at: Annotated[float, Field(description="When it is due again (Unix seconds).")]
    last: LastMissJson


def queue_json(item: training.QueueItem, language: str) -> PracticeItemJson:
    """One pattern of "Your practice": its name, misses, schedule, and where it was last missed (with a
    link to that move of the game's review and the sentence that says what the step would have told)."""
    last = item.last
    name = lesson_text(item.pattern, language).name
    renderer = Renderer(language)
    cells = [*last["safe"], *last["mines"]]
    width = max((col for _row, col in cells), default=0) + 1
    safe = CellSet.from_cells([Cell(*cell) for cell in last["safe"]], width)
    mines = CellSet.from_cells([Cell(*cell) for cell in last["mines"]], width)
    date = format_date(datetime.fromtimestamp(last["finished_at"], UTC), "medium")
    return {
        "pattern": item.pattern,
        "name": name,
        "misses": item.misses,
        "streak": item.streak,
        "mastered": item.mastered,
        "due": item.due,
        "due_at": item.due_at,
        "last": {
            "game_id": last["game_id"],
            "move": last["move"],
            "finished_at": last["finished_at"],
            "safe": last["safe"],
            "mines": last["mines"],
            "url": url_for("pages.review_page", game_id=last["game_id"]) + f"#move-{last['move']}",
            "text": missed_text(renderer, date, last["move"], name, safe, mines),
        },
    }


def board_rows(board: Board) -> list[str]:
    """A puzzle's board as the player sees it: its rows in the text format (the mine count apart)."""
    lines = str(board).splitlines()
    return lines[1:] if board.mines is not None else lines
