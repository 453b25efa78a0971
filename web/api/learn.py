"""The Learn section's JSON API (under ``/api/learn``; ``?lang=`` for texts).

- ``GET /lessons`` -> ``{"lessons": [{id, number, rule, name, explanation, progress}]}``
- ``GET /lessons/<id>`` -> ``{"lesson": example with its hint, "progress"}``
- ``POST /lessons/<id>/puzzles`` -> 201 ``{"puzzle"}``: a new practice puzzle for the session
- ``GET /puzzles/<pid>`` -> ``{"puzzle"}``
- ``POST /puzzles/<pid>/answer`` ``{"opened": [[r, c], ...], "flagged": [[r, c], ...]}``
  -> ``{"result", "explanation" (the step, for a judged answer), "puzzle", "progress"}``
- ``GET /progress`` -> ``{"progress": {pattern: {solved, answered, first_try, accuracy}}}``

The expected step stays on the server: a puzzle as sent holds its board only.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, jsonify, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from explainer.engine.hint import make_hint
from explainer.learn.lessons import get_pattern, lesson_example
from explainer.words.lessons import example_json, lesson_text, lessons_json
from explainer.learn.practice import PracticeError, check_answer, make_puzzle
from explainer.words.hints import hint_json

from web.storage import puzzles as practice_store
from web.api.games import body_json, reply_language
from web.api.errors import ApiError, BadRequestBody
from web.identity import owner_id

__all__ = ["bp", "puzzle_json", "SEEDS_TRIED"]

bp = Blueprint("learn_api", __name__, url_prefix="/api/learn")

#: fresh seeds tried before a lesson's puzzle request gives up (the engine's own attempts are many more)
SEEDS_TRIED = 3


class PuzzleSolved(ApiError):
    status = 409

    def __init__(self, puzzle_id: str) -> None:
        # I18N: an answer sent for a practice puzzle already solved; %(puzzle)s is the puzzle's id, in quotes
        super().__init__(_("practice puzzle %(puzzle)s is already solved: ask for a new one", puzzle=repr(puzzle_id)))


class NoPuzzle(ApiError):
    status = 409


def puzzle_json(record: practice_store.PuzzleRecord, language: str) -> dict[str, Any]:
    """What a player may see of a puzzle: its board (rows in the text format), never the seed or the step."""
    board = record.board
    lines = str(board).splitlines()
    return {
        "id": record.id,
        "pattern": record.pattern,
        "name": lesson_text(record.pattern, language).name,
        "height": board.height,
        "width": board.width,
        "mines": board.mines,
        "board": lines[1:] if board.mines is not None else lines,
        "answers": record.answers,
        "solved": record.solved,
    }


@bp.get("/lessons")
def lessons() -> ResponseReturnValue:
    progress = practice_store.progress(owner_id())
    items = lessons_json(reply_language())
    for item in items:
        item["progress"] = progress[item["id"]].to_json()
        item["url"] = url_for("learn.lesson", pattern_id=item["id"])
    return jsonify({"lessons": items})


@bp.get("/lessons/<pattern_id>")
def lesson(pattern_id: str) -> ResponseReturnValue:
    example = example_json(lesson_example(pattern_id), reply_language())
    return jsonify({"lesson": example, "progress": practice_store.progress(owner_id())[pattern_id].to_json()})


@bp.post("/lessons/<pattern_id>/puzzles")
def new_puzzle(pattern_id: str) -> ResponseReturnValue:
    body_json()  # a JSON object, as every write (its fields are not used)
    pattern = get_pattern(pattern_id)
    errors = []
    for _attempt in range(SEEDS_TRIED):
        seed = secrets.randbelow(2**31)
        try:
            puzzle = make_puzzle(pattern.id, seed)
        except PracticeError as error:
            errors.append(str(error))
            continue
        record = practice_store.create_puzzle(owner_id(), pattern.id, seed, puzzle.board)
        response = jsonify({"puzzle": puzzle_json(record, reply_language())})
        response.headers["Location"] = url_for("learn_api.show_puzzle", puzzle_id=record.id)
        return response, 201
    # I18N: no practice puzzle could be generated for a lesson this time; %(lesson)s is the lesson's id, in quotes,
    # %(reason)s the engine's reason (in English)
    raise NoPuzzle(_("no practice puzzle for %(lesson)s could be made just now, try again: %(reason)s", lesson=repr(pattern.id), reason=errors[-1]))


@bp.get("/puzzles/<puzzle_id>")
def show_puzzle(puzzle_id: str) -> ResponseReturnValue:
    record = practice_store.load_puzzle(puzzle_id, owner_id())
    return jsonify({"puzzle": puzzle_json(record, reply_language())})


def _cells(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        # I18N: a practice answer whose cells are not a list; %(key)s is the field ('opened' or 'flagged'), %(value)s
        # the value sent; keep [row, col] as it is
        raise BadRequestBody(_("%(key)s must be a list of [row, col] cells, got %(value)s", key=repr(key), value=repr(value)))
    return value


@bp.post("/puzzles/<puzzle_id>/answer")
def answer(puzzle_id: str) -> ResponseReturnValue:
    language = reply_language()
    data = body_json()
    opened, flagged = _cells(data, "opened"), _cells(data, "flagged")
    owner = owner_id()
    record = practice_store.load_puzzle(puzzle_id, owner)
    if record.solved:
        raise PuzzleSolved(puzzle_id)
    hint = make_hint(record.board)
    if hint.kind != "deduction" or hint.deduction is None:  # pragma: no cover - stored puzzles are valid
        # I18N: a stored practice puzzle without a step to find (should not happen); %(puzzle)s is its id, in quotes
        raise NoPuzzle(_("practice puzzle %(puzzle)s has no step to find", puzzle=repr(puzzle_id)))
    result = check_answer(record.board, hint.deduction, opened, flagged)
    explanation = None
    if result.status != "incomplete":
        record = practice_store.record_answer(puzzle_id, owner, result.correct)
        explanation = hint_json(hint, language)
    return jsonify(
        {
            "result": result.to_json(),
            "explanation": explanation,
            "puzzle": puzzle_json(record, language),
            "progress": practice_store.progress(owner)[record.pattern].to_json(),
        }
    )


@bp.get("/progress")
def progress() -> ResponseReturnValue:
    return jsonify({"progress": {key: value.to_json() for key, value in practice_store.progress(owner_id()).items()}})
