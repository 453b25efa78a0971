"""What the engine says about a player view, shaped for the page and the API.

The engine only ever gets ``Game.view()`` (never the layout).  Answers are
cached per worker, so asking again about an unchanged board (a hint level, a
language switch, the overlay) does not solve or render it again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar, TypedDict, cast

from explainer.bot.guess import Guess
from explainer.bot.moves import advised_guess
from explainer.core.board import Board
from explainer.core.cells import Cell
from explainer.engine.hint import Hint, flag_hint, make_hint, wrong_flag_hint
from explainer.engine.solve import Solution, solve
from explainer.engine.why import chain_to
from explainer.errors import BudgetExceeded
from explainer.learn.lessons import classify
from explainer.core.shapes import CellJson
from explainer.words.hints import HintJson, hint_json
from explainer.words.lessons import ShapeJson
from explainer.words.render import Renderer
from explainer.play.game import Game, GameState
from flask import current_app

from web import limits

__all__ = [
    "HintReply", "LruCache", "Analyses", "OverlayJson", "current_analyses", "hint_reply", "note_wrong_flags", "overlay_json", "warnings_on",
    "wrong_flag_hints", "wrong_flag_json",
]  # fmt: skip

K = TypeVar("K")
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """A small thread-safe least-recently-used map; size 0 keeps nothing."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: K, make: Callable[[], V], keep: Callable[[V], bool] | None = None) -> V:
        """The value for ``key``, made on a miss; stored unless ``keep`` says no."""
        if self.size > 0:
            with self._lock:
                if key in self._items:
                    self._items.move_to_end(key)
                    self.hits += 1
                    return self._items[key]
        value = make()
        with self._lock:
            self.misses += 1
            if self.size > 0 and (keep is None or keep(value)):
                self._items[key] = value
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        return value


class Analyses:
    """The engine's answers for this worker: solutions by board text, hint
    replies by (stored position, language).  Cached values are never mutated.
    An answer cut short by the request's budget (``Solution.exact`` False) is
    not kept: the next request tries the exact count again."""

    def __init__(self, size: int) -> None:
        self.solutions: LruCache[str, Solution] = LruCache(size)
        self.hints: LruCache[tuple[str, str], HintReply] = LruCache(size)

    def solve(self, board: Board) -> Solution:
        """What the page needs: certain cells, probabilities, wrong flags and the
        first step of the chain (``hint_only``: the rest of the chain is never shown)."""
        if self.solutions.size <= 0:
            return solve(board, hint_only=True)  # no cache: skip building its key
        return self.solutions.get(str(board), lambda: solve(board, hint_only=True), _exact)

    def hint(self, revision: str, board: Callable[[], Board], language: str) -> HintReply:
        """The hint for a stored position; ``board`` is only called (the view built) on a miss."""
        exact = True

        def make() -> HintReply:
            nonlocal exact
            solution = self.solve(board())
            exact = solution.exact
            return hint_reply(solution, language)

        return self.hints.get((revision, language), make, lambda _reply: exact)


def _exact(solution: Solution) -> bool:
    return solution.exact


class SafestJson(TypedDict):
    probability: float | None
    percent: str | None
    cells: list[CellJson]


class OverlayJson(TypedDict):
    """Exact mine probabilities for a client (``overlay_json``)."""

    probabilities: list[list[float | None]]
    percent: list[list[str | None]]  # the same, as the language writes a percentage
    safest: SafestJson


class HintReply(HintJson, total=False):
    """The web's hint: the words' ``HintJson`` and what the web adds."""

    lesson: str | None  # a deduction: the id of the Learn lesson about its pattern
    overlay: OverlayJson  # a guess: the probability overlay
    shape: ShapeJson | None  # a practice answer's explanation: what the pattern's shape decides


def hint_reply(
    solution: Solution,
    language: str,
    hint: Hint | None = None,
    overlay: OverlayJson | None = None,
    guess_share: float | None = None,
) -> HintReply:
    """The hint (``Hint.to_json``), with the probability overlay when it is a guess
    and, for a deduction, ``lesson``: the id of the Learn lesson about its pattern.

    ``hint`` and ``overlay``: the caller's, when it made them already (``make_hint(solution)``,
    ``overlay_json``).  ``guess_share``: the best guess of a guess hint is looked for with this
    share of the time left in the request's budget, and left out when it does not fit (without
    it, over the budget raises ``BudgetExceeded`` as any engine work)."""
    hint = make_hint(solution) if hint is None else hint
    guess = _advised_guess(solution.board, guess_share) if hint.kind == "guess" else None
    data = cast(HintReply, hint_json(hint, language, guess=guess))
    if hint.kind == "deduction" and hint.deduction is not None:
        data["lesson"] = classify(solution.board, hint.deduction)
    if hint.kind == "guess":
        data["overlay"] = overlay_json(solution, language) if overlay is None else overlay
    return data


def _advised_guess(board: Board, share: float | None) -> Guess | None:
    if share is None:
        return advised_guess(board)
    try:
        with limits.share(share):
            return advised_guess(board)
    except BudgetExceeded:
        return None


def wrong_flag_hints(
    solution: Solution, cells: Sequence[Cell], share: float | None = None, max_chain: int | None = None
) -> list[Hint]:
    """The hints of wrong flags ``cells`` of ``solution``, as ``wrong_flag_hint`` makes them: each chain
    comes from ``solution``'s own (a full solve: the player's right flags are its facts, wrong ones are not
    evidence), so no further solve is needed when it is complete.

    ``share``: a solution cut short (``hint_only``) is solved again whole with this share of the time left
    in the request's budget; when that does not fit (or a chain is longer than ``max_chain`` steps) a hint
    names the step of ``solution`` that decides its cell, without the chain to it."""
    if not cells:
        return []
    board = solution.board
    whole: Solution | None = solution
    if not solution.complete:
        try:
            with limits.share(1.0 if share is None else share):
                whole = solve(board)
        except BudgetExceeded:
            whole = None
    hints = []
    for cell in cells:
        chain = () if whole is None else chain_to(whole.deductions, board.index(*cell))
        if max_chain is not None and len(chain) > max_chain:
            chain = ()
        hints.append(flag_hint(solution, cell, chain))
    return hints


def overlay_json(solution: Solution, language: str) -> OverlayJson:
    """Exact mine probabilities of the covered cells (numbers and localized
    percentages) and the safest unflagged cells."""
    renderer = Renderer(language)
    texts: dict[float, str] = {}

    def text(p: float) -> str:
        key = round(p, 3)  # the percentage shows three decimals of p at most: at most 1,001 texts to format
        found = texts.get(key)
        if found is None:
            found = texts[key] = renderer.percent(p)
        return found

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


def wrong_flag_json(solution: Solution, cell: Cell, language: str) -> HintJson | None:
    """The explanation for a flag on ``cell`` when it is provably wrong, else None."""
    if cell not in solution.wrong_flags:
        return None
    return hint_json(wrong_flag_hint(solution, cell), language)


def current_analyses() -> Analyses:
    analyses: Analyses = current_app.extensions["analyses"]
    return analyses



def warnings_on(game: Game) -> bool:
    """Does this game show wrong flags (the player's choice before it starts; on by default)?"""
    return game.extra.get("warnings", True) is not False



def note_wrong_flags(game: Game) -> None:
    """After a move, before it is written: the flags the player's view proves wrong, kept with the game
    (``extra["wrong_flags"]``) for every reply to show.  A warning shown is help: the game is marked
    (``extra["warned"]``) and does not rank.  Off when the player switched the warnings off."""
    game.extra.pop("wrong_flags", None)
    if game.state is not GameState.PLAYING or not game.flagged or not warnings_on(game):
        return
    try:
        wrong = current_analyses().solve(game.view()).wrong_flags
    except BudgetExceeded:  # over the request's budget: no warning this time (the move still stands)
        return
    if wrong:
        game.extra["wrong_flags"] = wrong.to_json()
        game.extra["warned"] = True
