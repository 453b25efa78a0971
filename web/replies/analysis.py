"""What the engine says about a player view, shaped for the page and the API.

The engine only ever gets ``Game.view()`` (never the layout).  Answers are
cached per worker, so asking again about an unchanged board (a hint level, a
language switch, the overlay) does not solve or render it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, cast

from pydantic import Field

from typing_extensions import TypedDict

from explainer.core.board import Board
from explainer.core.cells import Cell
from explainer.core.json_shapes import CellJson, Probability
from explainer.engine.hint import Hint, wrong_flag_hint
from explainer.engine.solve import Solution
from explainer.play.game import Game
from explainer.service import AdviceJson, LruCache, Solutions, advice_json, advice_on, advise, wrong_flags_now
from explainer.words.hints import hint_json
from explainer.words.lessons import ShapeJson
from explainer.words.render import Renderer
from web.extra import web_extra
from flask import current_app

__all__ = [
    "HintReply", "Analyses", "OverlayJson", "current_analyses", "hint_reply", "note_wrong_flags", "overlay_json", "warnings_on",
    "wrong_flag_json",
]  # fmt: skip


class Analyses:
    """The engine's answers for this worker: solutions by board text (``explainer.service.Solutions``), hint
    replies by (stored position, language).  Cached values are never mutated; an answer cut short by the
    request's budget is not kept."""

    def __init__(self, size: int) -> None:
        self.solutions = Solutions(size)
        self.hints: LruCache[tuple[str, str], HintReply] = LruCache(size)

    def solve(self, board: Board) -> Solution:
        return self.solutions.solve(board)

    def hint(self, revision: str, board: Callable[[], Board], language: str) -> HintReply:
        """The hint for a stored position; ``board`` is only called (the view built) on a miss."""
        exact = True

        def make() -> HintReply:
            nonlocal exact
            solution = self.solve(board())
            exact = solution.exact
            return hint_reply(solution, language)

        return self.hints.get((revision, language), make, lambda _reply: exact)


class SafestJson(TypedDict):
    probability: Probability | None
    percent: str | None
    cells: list[CellJson]


class OverlayJson(TypedDict):
    """Exact mine probabilities, row by row (null: not a covered cell)."""

    probabilities: list[list[Probability | None]]
    percent: list[list[str | None]]  # the same, as the language writes a percentage
    safest: SafestJson


class HintReply(AdviceJson, total=False):
    """A hint: what to look at and why, in words and highlighted cells (the service's advice and what the web adds)."""

    overlay: Annotated[OverlayJson, Field(description="Kind guess: the probability overlay.")]
    shape: Annotated[ShapeJson | None, Field(description="A practice answer's explanation: what the pattern's shape "
                                                         "decides.")]


def hint_reply(
    solution: Solution,
    language: str,
    hint: Hint | None = None,
    overlay: OverlayJson | None = None,
    guess_share: float | None = None,
) -> HintReply:
    """The hint (``explainer.service.advice_json``: with the bot's pick for a guess and, for a deduction,
    ``lesson``), with the probability overlay when it is a guess.

    ``hint`` and ``overlay``: the caller's, when it made them already (``make_hint(solution)``,
    ``overlay_json``).  ``guess_share``: the best guess of a guess hint is looked for with this
    share of the time left in the request's budget, and left out when it does not fit."""
    advice = advise(solution, guess_share=guess_share) if hint is None else advice_on(hint, guess_share)
    data = cast(HintReply, advice_json(advice, language))
    if advice.hint.kind == "guess":
        data["overlay"] = overlay_json(solution, language) if overlay is None else overlay
    return data


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


def wrong_flag_json(solution: Solution, cell: Cell, language: str) -> HintReply | None:
    """The explanation for a flag on ``cell`` when it is provably wrong, else None."""
    if cell not in solution.wrong_flags:
        return None
    return cast(HintReply, hint_json(wrong_flag_hint(solution, cell), language))


def current_analyses() -> Analyses:
    analyses: Analyses = current_app.extensions["analyses"]
    return analyses



def warnings_on(game: Game) -> bool:
    """Does this game show wrong flags (the player's choice before it starts; on by default)?"""
    return web_extra(game).get("warnings", True) is not False



def note_wrong_flags(game: Game) -> None:
    """After a move, before it is written: the flags the player's view proves wrong
    (``explainer.service.wrong_flags_now``), kept with the game (``extra["wrong_flags"]``) for every reply to show.
    A warning shown is help: the game is marked (``extra["warned"]``) and does not rank.  Off when the player
    switched the warnings off."""
    web_extra(game).pop("wrong_flags", None)
    if not warnings_on(game):
        return
    wrong = wrong_flags_now(game, current_analyses().solve)
    if wrong:
        web_extra(game)["wrong_flags"] = wrong.to_json()
        game.extra["warned"] = True
