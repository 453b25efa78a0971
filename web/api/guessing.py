"""The guessing course over JSON (``explainer.learn.guessing``): practice puzzles where the player picks one cell.

- ``POST /api/learn/guessing/<topic>/puzzles`` ``{}`` -> ``{"puzzle"}`` (a view where a guess is due)
- ``POST /api/learn/guessing/<topic>/answer`` ``{"seed", "cell"}`` -> ``{"verdict", "overlay"}``

A puzzle is made again from its topic and seed (the same seed, the same view), so nothing is stored: the verdict
and the view's exact probabilities come from the view alone, never from a layout.
"""

from __future__ import annotations

import secrets
from typing import Annotated

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from pydantic import Field
from typing_extensions import TypedDict

from explainer.core.cells import Cell
from explainer.core.json_shapes import CellJson
from explainer.engine.solve import solve
from explainer.errors import PracticeError
from explainer.learn.guessing import PRACTISED, GuessPuzzle, GuessTopic, get_topic, judge_pick, make_guess_puzzle
from explainer.words.guessing import pick_text, topic_text
from explainer.words.render import Renderer

from web.api.described import operation
from web.bodies import Empty, GuessAnswer, parse_body
from web.errors import BadRequestBody, NoPuzzle
from web.json_types import Count
from web.replies.analysis import OverlayJson, overlay_json
from web.replies.learn import board_rows
from web.request_data import reply_language

__all__ = ["GuessPuzzleReplyJson", "GuessVerdictReplyJson", "bp"]

bp = Blueprint("guessing_api", __name__, url_prefix="/api/learn")

#: fresh seeds tried before a request for a new puzzle gives up
SEEDS_TRIED = 3


class GuessPuzzleJson(TypedDict):
    """A guessing-course puzzle: a view where a guess is due."""

    topic: GuessTopic
    seed: Annotated[int, Field(ge=0, description="Send it back with the answer: it makes the same puzzle again.")]
    name: str
    height: Annotated[int, Field(ge=1)]
    width: Annotated[int, Field(ge=1)]
    mines: Count | None
    board: list[str]  # rows in the text format


class GuessPuzzleReplyJson(TypedDict):
    puzzle: GuessPuzzleJson


class GuessVerdictJson(TypedDict):
    """The verdict on the picked cell, with the figures it rests on."""

    right: bool
    cell: CellJson
    text: str
    answers: Annotated[list[CellJson], Field(description="The right cells (the safest ones).")]


class GuessVerdictReplyJson(TypedDict):
    """The verdict, and the view's exact mine probabilities to see why."""

    verdict: GuessVerdictJson
    overlay: OverlayJson


def _practised(topic_id: str) -> GuessTopic:
    topic = get_topic(topic_id)
    if topic not in PRACTISED:
        # I18N: practice puzzles asked for a guessing-course lesson that has none; %(topic)s is its id, in quotes
        raise NoPuzzle(_("the lesson %(topic)s has no practice puzzles", topic=repr(topic_id)))
    return topic


def _puzzle_json(puzzle: GuessPuzzle, language: str) -> GuessPuzzleJson:
    board = puzzle.board
    return {"topic": puzzle.topic, "seed": puzzle.seed, "name": topic_text(puzzle.topic, language).name,
            "height": board.height, "width": board.width, "mines": board.mines, "board": board_rows(board)}


@operation(bp, "POST", "/guessing/<topic>/puzzles", "newGuessPuzzle",
           "A new guessing-course puzzle: a view of a random game where a guess is due.", tag="learn",
           reply=GuessPuzzleReplyJson, reply_text="The puzzle (nothing is stored: its seed makes it again).", body=Empty,
           errors=(404, 409))
def new_guess_puzzle(topic: str) -> ResponseReturnValue:
    parse_body(Empty)
    practised = _practised(topic)
    reason = ""
    for _attempt in range(SEEDS_TRIED):
        try:
            puzzle = make_guess_puzzle(practised, secrets.randbelow(2**31))
        except PracticeError as error:
            reason = str(error)
            continue
        return jsonify(GuessPuzzleReplyJson(puzzle=_puzzle_json(puzzle, reply_language())))
    # I18N: no guessing-course puzzle could be made this time; %(reason)s is the engine's reason (in English)
    raise NoPuzzle(_("no puzzle could be made just now, try again: %(reason)s", reason=reason))


@operation(bp, "POST", "/guessing/<topic>/answer", "answerGuessPuzzle",
           "Judge a cell picked in a guessing-course puzzle, from the view's exact probabilities.", tag="learn",
           reply=GuessVerdictReplyJson, reply_text="The verdict and the probabilities.", body=GuessAnswer,
           errors=(404, 409))
def answer_guess_puzzle(topic: str) -> ResponseReturnValue:
    body = parse_body(GuessAnswer)
    practised = _practised(topic)
    language = reply_language()
    try:
        puzzle = make_guess_puzzle(practised, body.seed)
    except PracticeError:
        # I18N: a guessing-course answer sent with a seed that makes no puzzle; %(seed)s is the seed sent
        raise BadRequestBody(_("seed %(seed)s makes no puzzle: send the seed a new puzzle came with",
                               seed=body.seed)) from None
    verdict = judge_pick(puzzle, Cell(*body.cell))
    data: GuessVerdictJson = {"right": verdict.right, "cell": verdict.cell.to_json(),
                              "text": pick_text(verdict, Renderer(language)), "answers": verdict.answers.to_json()}
    return jsonify(GuessVerdictReplyJson(verdict=data, overlay=overlay_json(solve(puzzle.board), language)))
