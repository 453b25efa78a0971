"""The Learn section's JSON API (under ``/api/learn``; ``?lang=`` for texts).

- ``GET /lessons`` -> ``{"lessons": [{id, number, rule, name, explanation, progress}]}``
- ``GET /lessons/<id>`` -> ``{"lesson": example with its hint, "progress"}``
- ``POST /lessons/<id>/puzzles`` -> 201 ``{"puzzle"}``: a new practice puzzle for the session
- ``GET /puzzles/<pid>`` -> ``{"puzzle"}``
- ``POST /puzzles/<pid>/answer`` ``{"opened": [[r, c], ...], "flagged": [[r, c], ...]}``
  -> ``{"result": each cell's verdict and reason, how many are left; "explanation" (the step and what
  its shape decides, for a wrong answer), "puzzle", "progress", "rating" (a first attempt at a rated puzzle: the
  player's rating in the technique and overall, before and after; else null), "work" (with ``"numbers"``: whether the
  marked numbers alone prove a right or partial answer; else null)}``
- ``GET /progress`` -> ``{"progress": {pattern: {solved, answered, first_try, accuracy}}, "missed": {pattern:
  [steps missed per week, oldest first]}, "next": the pattern to practise next, or null}``
- ``GET /practice`` -> ``{"queue": [...]}``: "Your practice", the patterns the player's finished games
  show missed, in the order to practise them (``web.storage.training``), each with where it was last missed
- ``POST /practice/puzzles`` -> 201 ``{"puzzle", "source"}``: a puzzle of the pattern due first, and
  the game move where it was missed; 409 when the games show nothing missed

The expected step stays on the server: a puzzle as sent holds its board and its difficulty rating only.  A new puzzle
is the pool's nearest the player's rating in its technique (``web.storage.ratings``), or a new one.
"""

from __future__ import annotations

from typing import Annotated, cast

from pydantic import Field
from typing_extensions import TypedDict

from flask import Blueprint, jsonify, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _


from explainer.engine.hint import make_hint
from explainer.learn.lessons import get_pattern, lesson_example, shape_result
from explainer.learn.practice import Status, check_answer, check_work
from explainer.words.hints import hint_json
from explainer.words.lessons import LessonExampleJson, LessonJson, example_json, lesson_text, lessons_json, shape_json
from explainer.words.practice import AnswerJson, WorkJson, answer_json, work_json
from explainer.words.render import Renderer

from web.json_types import Count
from web.storage import puzzles as practice_store
from web.storage import ratings, training
from web.replies.learn import PracticeItemJson, board_rows, queue_json
from web.storage.training import WEEKS
from web.replies.analysis import HintReply
from web.request_data import reply_language
from web.bodies import Answer, Empty, parse_body
from web.errors import NoPuzzle, NothingMissed, PuzzleSolved
from web.identity import owner_id
from web.puzzle_pool import next_puzzle
from web.api.described import operation

__all__ = ["LearnProgressJson", "LessonPageJson", "LessonSummaryJson", "LessonsJson", "OnePuzzleJson", "PersonalPuzzleJson",
           "PuzzleReplyJson", "QueueJson", "RatingChangeJson", "AnswerVerdictJson", "bp", "puzzle_json"]


class PuzzleReplyJson(TypedDict):
    """What a player may see of a practice puzzle: never the seed or the step."""

    id: str
    pattern: str
    name: str
    height: Annotated[int, Field(ge=1)]
    width: Annotated[int, Field(ge=1)]
    mines: Count | None
    board: list[str]  # rows in the text format
    answers: Count
    solved: bool
    rating: Annotated[int | None, Field(description="Its difficulty, on the players' rating scale (null: a puzzle "
                                                    "made before puzzles were rated).")]


class RatingChangeJson(TypedDict):
    """A first attempt at a rated puzzle: the player's rating in its technique and overall, before and after."""

    technique: str
    before: int
    after: int
    overall_before: int
    overall_after: int


class LessonSummaryJson(LessonJson):
    """A lesson in the list, with the player's progress on it and its page."""

    progress: practice_store.ProgressJson
    url: str


class LessonsJson(TypedDict):
    """One lesson per deduction pattern, easiest first, with progress."""

    lessons: list[LessonSummaryJson]


class LessonPageJson(TypedDict):
    """A lesson: its example board with the hint, and progress."""

    lesson: LessonExampleJson
    progress: practice_store.ProgressJson


class OnePuzzleJson(TypedDict):
    """A practice puzzle (its board only)."""

    puzzle: PuzzleReplyJson


class PersonalPuzzleJson(TypedDict):
    """A puzzle of the pattern due first, with the game move where it was missed."""

    puzzle: PuzzleReplyJson
    source: PracticeItemJson


class AnswerVerdictJson(TypedDict):
    """An answer's verdict; a judged one comes with the explanation."""

    result: AnswerJson
    explanation: HintReply | None
    puzzle: PuzzleReplyJson
    progress: practice_store.ProgressJson
    rating: Annotated[RatingChangeJson | None, Field(description="A first attempt at a rated puzzle: how it moved the "
                                                                 "player's ratings (else null).")]
    work: Annotated[WorkJson | None, Field(description="Show your work: with numbers in the answer, whether they "
                                                       "alone prove a right or partial answer (else null).")]


class LearnProgressJson(TypedDict):
    """Solved puzzles and first-try accuracy per pattern, the steps missed in the player's games week by week, and
    what to practise next."""

    progress: dict[str, practice_store.ProgressJson]
    missed: Annotated[dict[str, Annotated[list[Count], Field(min_length=WEEKS, max_length=WEEKS)]], Field(
        description=f"Steps missed per week, the last {WEEKS} weeks, oldest first.")]
    next: Annotated[str | None, Field(description="The pattern \"Your practice\" gives next.")]
    ratings: Annotated[dict[str, int], Field(description="The player's rating by technique (a lesson's id) and "
                                                         "overall, once an attempt has moved it.")]


class QueueJson(TypedDict):
    """\"Your practice\": the patterns the player's finished games show missed, in the order to practise them."""

    queue: list[PracticeItemJson]

bp = Blueprint("learn_api", __name__, url_prefix="/api/learn")


def puzzle_json(record: practice_store.PuzzleRecord, language: str) -> PuzzleReplyJson:
    """What a player may see of a puzzle: its board (rows in the text format), never the seed or the step."""
    board = record.board
    return {
        "id": record.id,
        "pattern": record.pattern,
        "name": lesson_text(record.pattern, language).name,
        "height": board.height,
        "width": board.width,
        "mines": board.mines,
        "board": board_rows(board),
        "answers": record.answers,
        "solved": record.solved,
        "rating": None if (rating := ratings.pool_rating(record.pattern, record.seed)) is None else rating.shown,
    }


@operation(bp, "GET", "/lessons", "listLessons",
           "One lesson per deduction pattern, easiest first, with progress.", tag="learn", reply=LessonsJson,
           reply_text="The lessons.")
def lessons() -> ResponseReturnValue:
    progress = practice_store.progress(owner_id())
    items: list[LessonSummaryJson] = [
        {**item, "progress": progress[item["id"]].to_json(), "url": url_for("learn.lesson", pattern_id=item["id"])}
        for item in lessons_json(reply_language())
    ]
    return jsonify(LessonsJson(lessons=items))


@operation(bp, "GET", "/lessons/<pattern_id>", "showLesson",
           "A lesson: its example board with the hint, and progress.", tag="learn", reply=LessonPageJson,
           reply_text="The lesson.", errors=(404,))
def lesson(pattern_id: str) -> ResponseReturnValue:
    example = example_json(lesson_example(pattern_id), reply_language())
    return jsonify(LessonPageJson(lesson=example, progress=practice_store.progress(owner_id())[pattern_id].to_json()))


def _created(record: practice_store.PuzzleRecord, reply: OnePuzzleJson | PersonalPuzzleJson) -> ResponseReturnValue:
    response = jsonify(reply)
    response.headers["Location"] = url_for("learn_api.show_puzzle", puzzle_id=record.id)
    return response, 201


@operation(bp, "POST", "/lessons/<pattern_id>/puzzles", "newPuzzle",
           "A new practice puzzle whose simplest step is the lesson's pattern.", tag="learn", reply=OnePuzzleJson,
           reply_text="The puzzle (its board only).", body=Empty,
           created=True,
           errors=(404, 409))
def new_puzzle(pattern_id: str) -> ResponseReturnValue:
    parse_body(Empty)  # a JSON object, as every write (its fields are not used)
    pattern = get_pattern(pattern_id)
    record = next_puzzle(owner_id(), pattern.id)
    return _created(record, OnePuzzleJson(puzzle=puzzle_json(record, reply_language())))


@operation(bp, "GET", "/puzzles/<puzzle_id>", "showPuzzle",
           "A practice puzzle of this session.", tag="learn", reply=OnePuzzleJson, reply_text="The puzzle.",
           errors=(404,))
def show_puzzle(puzzle_id: str) -> ResponseReturnValue:
    record = practice_store.load_puzzle(puzzle_id, owner_id())
    return jsonify(OnePuzzleJson(puzzle=puzzle_json(record, reply_language())))


@operation(bp, "POST", "/puzzles/<puzzle_id>/answer", "answerPuzzle",
           "Check an answer; a judged one comes with the explanation.", tag="learn", reply=AnswerVerdictJson,
           reply_text="The verdict.", body=Answer, body_text="The cells to open and to flag.", errors=(404, 409))
def answer(puzzle_id: str) -> ResponseReturnValue:
    language = reply_language()
    body = parse_body(Answer)
    opened, flagged = body.opened, body.flagged
    owner = owner_id()
    record = practice_store.load_puzzle(puzzle_id, owner)
    if record.solved:
        raise PuzzleSolved(puzzle_id)
    hint = make_hint(record.board)
    if hint.kind != "deduction" or hint.deduction is None:  # pragma: no cover - stored puzzles are valid
        # I18N: a stored practice puzzle without a step to find (should not happen); %(puzzle)s is its id, in quotes
        raise NoPuzzle(_("practice puzzle %(puzzle)s has no step to find", puzzle=repr(puzzle_id)))
    result = check_answer(record.board, hint.deduction, opened, flagged)
    # show your work: whether the numbers the player marked prove the answer (checked, quoted when bad, either way)
    work = check_work(record.board, body.numbers, opened, flagged) if body.numbers else None
    explanation = None
    change: RatingChangeJson | None = None
    if result.judged:
        record = practice_store.record_answer(puzzle_id, owner, result.correct)
        if record.answers == 1:  # the first judged answer moves the pattern's practice schedule and the ratings
            training.record_practice(owner, record.pattern, result.correct)
            attempt = ratings.rate_first_attempt(owner, record.pattern, record.seed, result.correct)
            if attempt is not None:
                change = {"technique": attempt.technique, "before": attempt.before.shown, "after": attempt.after.shown,
                          "overall_before": attempt.overall_before.shown, "overall_after": attempt.overall_after.shown}
    if result.status is Status.WRONG:
        explanation = cast(HintReply, hint_json(hint, language))
        shape = shape_result(record.board, hint.deduction)
        explanation["shape"] = None if shape is None else shape_json(shape, Renderer(language))
    shown = work is not None and result.status in (Status.RIGHT, Status.PARTIAL)
    return jsonify(AnswerVerdictJson(
        result=answer_json(result, Renderer(language)),
        explanation=explanation,
        puzzle=puzzle_json(record, language),
        progress=practice_store.progress(owner)[record.pattern].to_json(),
        rating=change,
        work=work_json(work, Renderer(language)) if work is not None and shown else None,
    ))


@operation(bp, "GET", "/progress", "learnProgress",
           "Solved puzzles and first-try accuracy per pattern, the steps missed in the player's games week by week, and what to practise next.",
           tag="learn", reply=LearnProgressJson, reply_text="The progress by pattern id.")
def progress() -> ResponseReturnValue:
    owner = owner_id()
    items = training.queue(owner)
    return jsonify(LearnProgressJson(
        progress={key: value.to_json() for key, value in practice_store.progress(owner).items()},
        missed=training.missed_by_week(owner),
        next=items[0].pattern if items else None,
        ratings={technique: rating.shown for technique, rating in ratings.player_ratings(owner).items()},
    ))


@operation(bp, "GET", "/practice", "practiceQueue",
           "\"Your practice\": the patterns the player's finished games show missed, in the order to practise them.",
           tag="learn", reply=QueueJson, reply_text="The queue.")
def practice_queue() -> ResponseReturnValue:
    language = reply_language()
    return jsonify(QueueJson(queue=[queue_json(item, language) for item in training.queue(owner_id())]))


@operation(bp, "POST", "/practice/puzzles", "personalPuzzle",
           "A puzzle of the pattern due first, with the game move where it was missed.", tag="learn",
           reply=PersonalPuzzleJson, reply_text="The puzzle and where its pattern was missed.", body=Empty,
           created=True,
           errors=(409,))
def personal_puzzle() -> ResponseReturnValue:
    parse_body(Empty)
    owner = owner_id()
    items = training.queue(owner)
    if not items:
        raise NothingMissed()
    item = items[0]
    record = next_puzzle(owner, item.pattern)
    language = reply_language()
    return _created(record, PersonalPuzzleJson(puzzle=puzzle_json(record, language), source=queue_json(item, language)))
