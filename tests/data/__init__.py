"""Data the tests carry with them, and the scripts that make it.

``views.jsonl.gz``: 200 player views (beginner to dense expert; opening, mid-game and endgame; right, unprovable
and wrong flags) with exact mine probabilities from an independent solver, made by ``make_views.py``."""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from explainer.core.board import Board

__all__ = ["VIEWS", "view_boards", "view_rows"]

#: the player views with their exact probabilities (``python -m tests.data.make_views --set tests``)
VIEWS = Path(__file__).resolve().parent / "views.jsonl.gz"


@lru_cache(maxsize=4)
def view_rows(path: Path = VIEWS) -> tuple[dict[str, Any], ...]:
    """Every row of a views file (see ``make_views.py`` for the fields)."""
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        return tuple(json.loads(line) for line in handle if line.strip())


def view_boards(path: Path = VIEWS) -> list[Board]:
    """The player views of a views file, parsed."""
    return [Board.parse(row["board"]) for row in view_rows(path)]
