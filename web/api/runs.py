"""Storm and Streak over JSON (``explainer.learn.runs``; stored by ``web.storage.runs``, which says why a run ranks).

- ``POST /api/learn/runs`` ``{"kind": "storm"}`` -> 201 ``{"run"}`` (the player's run before it ends)
- ``GET /api/learn/runs/<id>`` -> ``{"run"}``: its puzzle while it is on; once over, each miss explained
- ``POST /api/learn/runs/<id>/answer`` ``{"opened", "flagged"}`` -> ``{"run", "result", "explanation"}``
- ``GET /api/learn/runs/standings`` -> the player's bests and each kind's leaderboard
"""

from __future__ import annotations

import time
from functools import lru_cache
from typing import Annotated, cast

from flask import Blueprint, jsonify, url_for
from flask.typing import ResponseReturnValue
from pydantic import Field
from typing_extensions import TypedDict

from explainer.core.board import Board
from explainer.engine.hint import make_hint
from explainer.learn.practice import Status, check_answer
from explainer.learn.runs import SOLVED, RunKind, RunPuzzle, draw_puzzle
from explainer.words.hints import hint_json
from explainer.words.lessons import lesson_text
from explainer.words.practice import AnswerJson, answer_json
from explainer.words.render import Renderer
from explainer.words.runs import run_summary

from web.api.described import operation
from web.bodies import Answer, NewRun, parse_body
from web.errors import RunMovedOn, RunOver
from web.identity import owner_id
from web.json_types import Count, Seconds
from web.replies.analysis import HintReply
from web.replies.learn import board_rows
from web.request_data import reply_language
from web.storage import runs as store

__all__ = ["RunAnswerReplyJson", "RunJson", "RunReplyJson", "RunStandingsJson", "bp"]

bp = Blueprint("runs_api", __name__, url_prefix="/api/learn")


class RunPuzzleJson(TypedDict):
    """The run's puzzle now: its board, never the step."""

    number: Annotated[int, Field(ge=1, description="Its place in the run, from 1.")]
    name: Annotated[str, Field(description="The lesson whose step it asks for.")]
    height: Annotated[int, Field(ge=1)]
    width: Annotated[int, Field(ge=1)]
    mines: Count | None
    board: list[str]  # rows in the text format
    rating: Annotated[int, Field(description="Its difficulty, on the players' rating scale.")]


class RunMissJson(TypedDict):
    """A puzzle the run missed, explained: the board, the answer given and why it was wrong, and the step there was."""

    number: Annotated[int, Field(ge=1)]
    name: str
    height: Annotated[int, Field(ge=1)]
    width: Annotated[int, Field(ge=1)]
    mines: Count | None
    board: list[str]
    result: AnswerJson
    explanation: HintReply


class RunJson(TypedDict):
    """A Storm or Streak run as the player sees it."""

    id: str
    kind: Annotated[RunKind, Field(strict=False)]
    over: bool
    score: Annotated[Count, Field(description="Puzzles solved.")]
    wrong: Count
    seconds_left: Annotated[Seconds | None, Field(description="Storm: the time left on the server's clock (wrong "
                                                              "answers took ten seconds each); null for a streak.")]
    ranked: Annotated[bool, Field(description="Whether the run can enter the leaderboard: started signed in, no "
                                              "answer faster than a person gives one.")]
    best: Annotated[Count | None, Field(description="The player's best score of this kind, this run included.")]
    puzzle: Annotated[RunPuzzleJson | None, Field(description="The puzzle to answer; null once the run is over.")]
    misses: Annotated[list[RunMissJson], Field(description="Once over: each puzzle answered wrong, explained, in "
                                                           "order (empty while the run is on).")]
    summary: Annotated[str | None, Field(description="Once over: how the run ended, in words (null while it is on).")]
    url: str


class RunReplyJson(TypedDict):
    """A run."""

    run: RunJson


class RunAnswerReplyJson(TypedDict):
    """An answer's verdict and the run after it."""

    run: RunJson
    result: AnswerJson
    explanation: Annotated[HintReply | None, Field(description="A wrong answer: the step there was.")]
    counted: Annotated[bool, Field(description="Whether the answer was judged (an answer with no wrong cell that "
                                               "finds none of the step's cells is not: the same puzzle stays).")]


class StandingJson(TypedDict):
    username: str
    score: Count


class KindStandingsJson(TypedDict):
    best: Annotated[Count | None, Field(description="The player's best score.")]
    leaderboard: list[StandingJson]


class RunStandingsJson(TypedDict):
    """The player's bests and each kind's leaderboard (ranked runs of accounts, the best of each)."""

    storm: KindStandingsJson
    streak: KindStandingsJson


@lru_cache(maxsize=512)
def _puzzle(kind: RunKind, seed: int, index: int) -> RunPuzzle:
    return draw_puzzle(kind, seed, index)


def _shown(board: Board) -> tuple[int, int, int | None, list[str]]:
    return board.height, board.width, board.mines, board_rows(board)


def _misses(record: store.RunRecord, language: str) -> list[RunMissJson]:
    renderer = Renderer(language)
    misses: list[RunMissJson] = []
    for number, given in enumerate(record.answers, start=1):
        if given.solved:
            continue
        puzzle = _puzzle(record.kind, record.seed, number - 1)  # the run's n-th puzzle again (cached)
        height, width, mines, rows = _shown(puzzle.board)
        result = check_answer(puzzle.board, puzzle.deduction, given.opened, given.flagged)
        misses.append({"number": number, "name": lesson_text(given.pattern, language).name, "height": height,
                       "width": width, "mines": mines, "board": rows, "result": answer_json(result, renderer),
                       "explanation": cast(HintReply, hint_json(make_hint(puzzle.board), language))})
    return misses


def run_json(record: store.RunRecord, language: str, now: float) -> RunJson:
    over = record.over(now)
    puzzle: RunPuzzleJson | None = None
    if not over:
        drawn = _puzzle(record.kind, record.seed, record.index)
        height, width, mines, rows = _shown(drawn.board)
        puzzle = {"number": record.index + 1, "name": lesson_text(drawn.pattern, language).name, "height": height,
                  "width": width, "mines": mines, "board": rows, "rating": round(drawn.rating)}
    return {
        "id": record.id, "kind": record.kind, "over": over, "score": record.score, "wrong": record.wrong,
        "seconds_left": record.seconds_left(now), "ranked": record.ranked,
        "best": store.best(record.owner, record.kind), "puzzle": puzzle,
        "misses": _misses(record, language) if over else [],
        "summary": run_summary(record.kind, record.score, Renderer(language)) if over else None,
        "url": url_for("runs_api.show_run", run_id=record.id),
    }


@operation(bp, "POST", "/runs", "startRun",
           "Start a Storm or a Streak (the player's run before it ends at its score).", tag="learn",
           reply=RunReplyJson, reply_text="The run and its first puzzle.", body=NewRun, created=True)
def start_run() -> ResponseReturnValue:
    kind = parse_body(NewRun).kind
    record = store.start(owner_id(), kind)
    response = jsonify(RunReplyJson(run=run_json(record, reply_language(), record.started_at)))
    response.headers["Location"] = url_for("runs_api.show_run", run_id=record.id)
    return response, 201


@operation(bp, "GET", "/runs/standings", "runStandings", "The player's bests and each kind's leaderboard.",
           tag="learn", reply=RunStandingsJson, reply_text="The bests and leaderboards.")
def standings() -> ResponseReturnValue:
    owner = owner_id()

    def of(kind: RunKind) -> KindStandingsJson:
        return {"best": store.best(owner, kind),
                "leaderboard": [{"username": row.username, "score": row.score} for row in store.leaderboard(kind)]}

    return jsonify(RunStandingsJson(storm=of(RunKind.STORM), streak=of(RunKind.STREAK)))


@operation(bp, "GET", "/runs/<run_id>", "showRun", "A run: its puzzle while it is on; once over, each miss explained.",
           tag="learn", reply=RunReplyJson, reply_text="The run.", errors=(404,))
def show_run(run_id: str) -> ResponseReturnValue:
    record = store.load(run_id, owner_id())
    return jsonify(RunReplyJson(run=run_json(record, reply_language(), time.time())))


@operation(bp, "POST", "/runs/<run_id>/answer", "answerRun",
           "Answer the run's puzzle: solved scores; wrong costs a storm ten seconds and ends a streak.", tag="learn",
           reply=RunAnswerReplyJson, reply_text="The verdict and the run after it.", body=Answer,
           body_text="The cells to open and to flag (numbers are ignored).", errors=(404, 409))
def answer_run(run_id: str) -> ResponseReturnValue:
    body = parse_body(Answer)
    language = reply_language()
    owner = owner_id()
    record = store.load(run_id, owner)
    now = time.time()
    if record.over(now):
        raise RunOver(run_id)
    drawn = _puzzle(record.kind, record.seed, record.index)
    result = check_answer(drawn.board, drawn.deduction, body.opened, body.flagged)
    counted = result.status is not Status.INCOMPLETE
    explanation: HintReply | None = None
    if counted:
        given = store.RunAnswer(drawn.pattern, drawn.seed, drawn.rating, result.status in SOLVED,
                                [list(cell) for cell in body.opened], [list(cell) for cell in body.flagged],
                                now - record.served_at)
        try:
            record = store.answer(record, given, now)
        except store.RunChanged:
            raise RunMovedOn(run_id) from None
        if not given.solved:
            explanation = cast(HintReply, hint_json(make_hint(drawn.board), language))
    return jsonify(RunAnswerReplyJson(run=run_json(record, language, now), result=answer_json(result, Renderer(language)),
                                      explanation=explanation, counted=counted))

