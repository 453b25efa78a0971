"""What the engine says about a player view, shaped for the page and the API.

The engine only ever gets ``Game.view()`` (never the layout).  Solutions are
cached per worker by the view's text, so asking again about an unchanged
board (a hint level, a language switch, the overlay) does not solve it again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from explainer.board import Board
from explainer.cells import Cell
from explainer.hint import Hint, make_hint
from explainer.pipeline import Solution, solve
from explainer.render import Renderer

__all__ = ["SolutionCache", "hint_json", "overlay_json", "wrong_flag_json"]


class SolutionCache:
    """A thread-safe LRU of ``solve(board)`` keyed by the board's text."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[str, Solution] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def solve(self, board: Board) -> Solution:
        if self.size <= 0:
            self.misses += 1
            return solve(board)
        key = str(board)
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found
        solution = solve(board)
        with self._lock:
            self.misses += 1
            self._items[key] = solution
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return solution


def hint_json(solution: Solution, language: str) -> dict[str, Any]:
    """The hint (``Hint.to_json``), with the probability overlay when it is a guess."""
    hint = make_hint(solution)
    data = hint.to_json(language)
    if hint.kind == "guess":
        data["overlay"] = overlay_json(solution, language)
    return data


def overlay_json(solution: Solution, language: str) -> dict[str, Any]:
    """Exact mine probabilities of the covered cells (numbers and localized
    percentages) and the safest unflagged cells."""
    renderer = Renderer(language)
    texts: dict[float, str] = {}

    def text(p: float) -> str:
        if p not in texts:
            texts[p] = renderer.percent(p)
        return texts[p]

    grid = solution.probability_grid()
    probability, safest = solution.safest()
    return {
        "probabilities": grid,
        "percent": [[None if p is None else text(p) for p in row] for row in grid],
        "safest": {
            "probability": probability if safest else None,
            "percent": text(probability) if safest else None,
            "cells": safest.to_json(),
        },
    }


def wrong_flag_json(solution: Solution, cell: Cell, language: str) -> dict[str, Any] | None:
    """The explanation for a flag on ``cell`` when it is provably wrong, else None."""
    if cell not in solution.wrong_flags:
        return None
    hint = Hint("wrong_flag", solution, solution.deduction_for(*cell), cell=cell)
    return hint.to_json(language)
