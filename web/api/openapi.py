"""The OpenAPI 3.1 description of the JSON API, served at ``GET /api/openapi.json``.

The request bodies' schemas are generated from their pydantic models (``web.bodies``: one declaration, read by
``parse_body``).  The rest is Python data (``openapi_spec()``) built from the same constants the server checks
against: modes (``web.replies.settings.MODES``), the no-guess depth limits, board limits, languages
(``explainer.words.i18n.LANGUAGES``), lessons (``explainer.learn.lessons.PATTERNS``) and highlight roles
(``explainer.engine.highlight.ROLES``).  ``tests/web/test_openapi.py`` keeps its paths and methods in step with the
app's routes, and ``tests/web/test_web_fuzz.py`` sends requests generated from it.

Schemas are JSON Schema 2020-12 (OpenAPI 3.1), limited to keywords that draft 7 shares (``type``, ``enum``,
``const``, ``properties``, ``required``, ``items``, ``minItems``/``maxItems``, ``minimum``/``maximum``, ``anyOf``,
``if``/``then``, ``minLength``/``maxLength``, ``pattern``, ``additionalProperties``), so that test tools for either
draft can read them.

Request bodies are exactly as strict as the server where JSON Schema can say it (``tests/web/test_web_fuzz.py`` checks
both ways: a body a schema refuses is refused, a body it accepts is refused only for a reason its description
states): the fields a route ignores are allowed (``additionalProperties: true``), the fields a route ignores in one
case are free in that case (a preset's height, a custom board's multiplier), and the rest is in words (a custom
board's mine count for its size, a cell on this game's board, a replay's moves).
"""

from __future__ import annotations

import json
from copy import deepcopy
from functools import cache
from typing import Any, get_args, get_origin, get_type_hints

from flask import Blueprint, jsonify
from flask.typing import ResponseReturnValue
from pydantic import TypeAdapter
from typing_extensions import Doc, NotRequired, Required, is_typeddict

from explainer.learn.practice import Mark, Reason, Status
from explainer.play.simulated_player import DEPTHS
from explainer.play.game import MIN_SIDE, GameState
from explainer.play.history import ASSISTED, HELP, MOVES
from explainer.play.replay_file import FORMAT as REPLAY_FORMAT, VERSION as REPLAY_VERSION
from explainer.core.board import MAX_SIDE
from explainer.engine.hint import HINT_KINDS
from explainer.formats import FORMATS
from explainer.words.i18n import LANGUAGES
from explainer.learn.lessons import PATTERNS, SHAPE_IDS

from web.accounts import UserJson
from web.bodies import body_schemas
from web.replies.learn import PracticeItemJson
from web.replies.positions import ExportedFileJson, PositionJson
from web.storage.puzzles import ProgressJson
from web.api.learn import PuzzleReplyJson
from explainer.words.bot import BotMoveJson
from explainer.words.review import ReviewJson
from explainer.words.modes import OutcomeJson
from web.replies.analysis import OverlayJson
from web.replies.stats import DailyBoardJson, LeaderboardsJson
from web.storage.stats import BoardStatsJson
from web.replies.settings import MODES
from web.replies.stats import KIND
from web.security import MAX_URL_BYTES
from web.daily import DAILY_PRESETS
from web.storage.ranking import Origin, Unranked
from web.storage.training import WEEKS

__all__ = ["bp", "openapi_spec", "ERROR_STATUSES"]

bp = Blueprint("openapi", __name__, url_prefix="/api")

#: every error status the API documents, with what it means
ERROR_STATUSES: dict[int, str] = {
    400: "A bad value (cell outside the board, not a whole number, unknown preset, mode or language, "
    "size out of limits, a body that is not a JSON object or is nested too deeply, a NUL character anywhere in the "
    "request, a review page that is not a whole number >= 1).",
    401: "Not signed in, a sign-in that expired, or a wrong username or password (the same message for both).",
    403: "A state-changing request from a foreign Origin, or from a session without its CSRF token "
    "(X-CSRF-Token header; every /api reply of a session carries it).",
    404: "No such game, puzzle or lesson for this session, or no such route.",
    405: "The method is not allowed for this path; the Allow header lists the methods that are.",
    409: "The game is over, has not started or cannot be replayed; the puzzle is solved; no puzzle or bot move "
    "could be made; the username is taken; mine vision on a daily board; the game has reached its limit of moves "
    "(4 per cell of its board, and 200).",
    413: "The request body is too large, or a replay (file or video) is of a board larger than this server deals "
    "(1,500 cells, 50 on a side) or has more moves than such a game may hold.",
    414: f"The URL (path and query) is longer than {MAX_URL_BYTES} bytes.",
    415: "The body is not JSON (Content-Type must be application/json).",
    429: "Too many failed sign-ins (or password checks to delete an account) for this username from this address (or "
    "this browser), for this username from all addresses, or from this address; or too many replay imports from this "
    "address in a minute. The Retry-After header says how many seconds to wait.",
    503: "The engine's time or memory budget for one request was exceeded, the reply would be larger than the "
    "server sends (8 MiB by default), or the server is reading other replay videos; try again or ask for less.",
}

_REF = "#/components/schemas/"
_RESPONSES = "#/components/responses/"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": _REF + name}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _array(items: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "array", "items": items, **extra}


def _object(properties: dict[str, Any], required: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        data["required"] = required
    data.update(extra)
    return data


_STRING = {"type": "string"}


def _language_pattern() -> str:
    """The ``lang`` values the server understands (``explainer.words.i18n.normalize_language``): a language's code in
    any case, alone or followed by ``-`` or ``_`` and a region or script ("de", "JA", "de-DE", "zh_Hans")."""
    bases = sorted({language.split("_")[0].lower() for language in LANGUAGES})
    either = "|".join("".join(f"[{c}{c.upper()}]" for c in base) for base in bases)
    return rf"^(?:{either})(?:[-_][\s\S]*)?$"
_INTEGER = {"type": "integer"}
_COUNT = {"type": "integer", "minimum": 0}
_BOOLEAN = {"type": "boolean"}
_PROBABILITY = {"type": "number", "minimum": 0, "maximum": 1}
_CELLS = _array(_ref("Cell"))


#: the replies whose schemas are generated from their types (``TypedDict``s), each under its name less "Json"
REPLY_TYPES: tuple[Any, ...] = (
    UserJson, BoardStatsJson, LeaderboardsJson, DailyBoardJson, PositionJson, ExportedFileJson, ProgressJson,
    PracticeItemJson, PuzzleReplyJson, ReviewJson, BotMoveJson, OverlayJson, OutcomeJson,
)
#: the types named otherwise in the description
_RENAMED = {"PuzzleReplyJson": "Puzzle"}


def reply_schemas(types: tuple[Any, ...], ref_template: str) -> dict[str, Any]:
    """The JSON Schema of each reply type and of the types it is made of (pydantic reads the ``TypedDict``s), each
    named for its type less its "Json" suffix (``BoardStatsJson`` -> ``BoardStats``), without pydantic's titles."""
    _keys, defs = TypeAdapter.json_schemas(
        [(typed.__name__, "serialization", TypeAdapter(typed)) for typed in types], ref_template=ref_template
    )
    named = {name: _RENAMED.get(name, name.removesuffix("Json")) for name in defs.get("$defs", {})}
    text = json.dumps(defs.get("$defs", {}))
    for name, short in named.items():
        text = text.replace(json.dumps(ref_template.format(model=name)), json.dumps(ref_template.format(model=short)))
    schemas = {named[name]: schema for name, schema in json.loads(text).items()}
    for typed in _typed_dicts(types):  # descriptions a field carries as ``Doc`` (the engine's shapes)
        for field, hint in get_type_hints(typed, include_extras=True).items():
            while get_origin(hint) in (NotRequired, Required):
                hint = get_args(hint)[0]
            doc = next((item.documentation for item in getattr(hint, "__metadata__", ()) if isinstance(item, Doc)), None)
            schema = schemas.get(named.get(typed.__name__, ""), {})
            if doc is not None and field in schema.get("properties", {}):
                schema["properties"][field]["description"] = doc
    return {name: _untitled(schema) for name, schema in schemas.items()}


def _typed_dicts(types: tuple[Any, ...]) -> list[Any]:
    """Every ``TypedDict`` ``types`` are made of, themselves included."""
    found: list[Any] = []
    pending = list(types)
    while pending:
        typed = pending.pop()
        if is_typeddict(typed):
            if typed in found:
                continue
            found.append(typed)
            pending.extend(get_type_hints(typed, include_extras=True).values())
        else:
            pending.extend(get_args(typed))
    return found


def _untitled(schema: Any) -> Any:
    """``schema`` without pydantic's ``title`` keywords (the names say it)."""
    if isinstance(schema, dict):
        return {key: _untitled(value) for key, value in schema.items() if key != "title" or not isinstance(value, str)}
    if isinstance(schema, list):
        return [_untitled(value) for value in schema]
    return schema


def _schemas() -> dict[str, Any]:
    game_states = sorted({state.public for state in GameState})  # a pending loss is lost, with end.pending
    layout_rows = _array({"type": "string", "pattern": "^[.*]+$", "minLength": MIN_SIDE, "maxLength": MAX_SIDE},
                         minItems=MIN_SIDE, maxItems=MAX_SIDE,
                         description="One row each, * a mine: height rows of width characters.")
    replay_actions = [*MOVES, "assist", "undo", *HELP]
    return {
        **body_schemas(_REF + "{model}"),  # the request bodies, from their models
        **reply_schemas(REPLY_TYPES, _REF + "{model}"),  # the replies declared with their types
        "Error": _object(
            {
                "error": {"type": "string", "description": "What was wrong, quoting the bad input."},
                "status": {"type": "integer", "minimum": 400, "maximum": 599,
                           "description": "The HTTP status code of the response."},
            },
            ["error", "status"],
        ),
        "Cell": {
            "type": "array",
            "description": "[row, col], 0-based, row 0 at the top.",
            "items": {"type": "integer", "minimum": 0},
            "minItems": 2,
            "maxItems": 2,
        },
        "Hint": _object(
            {
                "kind": {"enum": [*HINT_KINDS, "first-click"]},
                "text": _STRING,
                "levels": _object({"where": _STRING, "pattern": _STRING, "full": _STRING},
                                  ["where", "pattern", "full"]),
                "deduction": _ref("Deduction"),
                "lead": {**_STRING, "description": "For a wrong flag: the first sentence, before the chain."},
                "chain": {**_array(_ref("Deduction")),
                          "description": "For a wrong flag: the steps from the numbers to the cell, in order."},
                "highlights": _array(_ref("Highlight")),
                "lesson": _nullable(_STRING),
                "conflict": {**_CELLS, "description": "Kind inconsistent: the numbers that cannot all hold."},
                "cell": _ref("Cell"),
                "probability": _PROBABILITY,
                "safest": _CELLS,
                "guess": _ref("Guess"),
                "overlay": _ref("Overlay"),
                "shape": {**_nullable(_ref("ShapeResult")), "description": "A practice answer's explanation: what "
                          "the pattern's shape decides."},
            },
            ["kind", "text", "highlights"],
        ),
        "Game": _object(
            {
                "id": _STRING,
                "mode": {"enum": list(MODES)},
                "height": {"type": "integer", "minimum": 1},
                "width": {"type": "integer", "minimum": 1},
                "mines": _COUNT,
                "mines_left": _INTEGER,
                "state": {"enum": game_states},
                "moves": _COUNT,
                "board": _array(_STRING, description="One row each: ? covered, F flagged, . open zero, 1-8."),
                "elapsed": {"type": "number", "minimum": 0},
                "running": _BOOLEAN,
                "replayable": _BOOLEAN,
                "undoable": {**_BOOLEAN, "description": "A move can be taken back (also a loss not accepted yet)."},
                "wrong_flags": _CELLS,
                "summary": _object(
                    {"mode": {"enum": list(MODES)}, "state": {"enum": game_states}, "moves": _COUNT,
                     "assisted": _array({"enum": list(ASSISTED)},
                                        description="Why the game counts as assisted (empty: it does not)."),
                     "warnings": {**_BOOLEAN, "description": "Wrong flags are shown (the player's choice at the start)."},
                     "unranked": _nullable(_array({"enum": [str(reason) for reason in Unranked]},
                                                  description="Why the finished game does not rank (empty: it ranks); "
                                                  "null while it is played.")),
                     "clicks": {**_COUNT, "description": "The player's clicks: left, right and chords (the "
                                "review's count); moves adds the bot's."},
                     "bot_moves": _COUNT,
                     "bbbv": {**_nullable(_COUNT), "description": "The board's 3BV, once the game is over for good."},
                     "bbbv_per_second": _nullable({"type": "number", "minimum": 0}),
                     "efficiency": {**_nullable({"type": "number", "minimum": 0}), "description": "3BV per click."},
                     # each mode's own figures (``explainer.play.modes.ModeFigures``)
                     "saves": {**_COUNT, "description": "Forgiving: the times the mines moved away from a click."},
                     "assists": {**_COUNT, "description": "Assist: the cells the game opened for the player."},
                     "max_rule": {"enum": [str(rule) for rule in DEPTHS],
                                  "description": "No-guess: the deepest rule its board needs."},
                     "require_rule": {"enum": [*(str(rule) for rule in DEPTHS), None],
                                      "description": "No-guess: the rule its board must need, if any."},
                     },
                    ["mode", "state", "moves", "clicks", "bot_moves", "assisted", "warnings", "unranked", "bbbv",
                     "bbbv_per_second", "efficiency"],
                ),
                "end": _object(
                    {
                        "mines": {**_CELLS, "description": "Every mine; only the one that went off while the loss is pending."},
                        "exploded": _nullable(_ref("Cell")),
                        "wrong_flags": _CELLS,
                        "pending": {**_BOOLEAN, "description": "A loss not accepted yet: it can still be undone."},
                        "hidden": {**_BOOLEAN, "description": "A daily board before its day ends (UTC): only the mine "
                                   "that went off and the wrong flags are shown."},
                        "loss": _nullable(_ref("LossReport")),
                        "loss_unavailable": {**_BOOLEAN, "const": True, "description": "Present when explaining the "
                                             "loss needs more than the server allows for one request (loss is null)."},
                    },
                    ["mines", "exploded", "wrong_flags", "pending", "hidden", "loss"],
                    description="Only once the game is over.",
                ),
                "kind": {**_STRING, "description": "The board kind: a preset (expert), a preset with a mine "
                         "multiplier (expert*1.2) or a size (20x12/50: width x height / mines)."},
                "origin": {"enum": [*(str(o) for o in Origin), None], "description": "Where the layout came from: "
                           "dealt at the first click, the daily board, a position (its mines fixed), an imported "
                           "replay, a replay of a finished game; null for games kept before it was recorded."},
                "daily": _nullable({**_STRING, "description": "A daily board's day and preset (2026-11-23/expert)."}),
                "vision": _nullable(_object(
                    {
                        "mines": {**_CELLS, "description": "Every mine now."},
                        "moved": _array(_object({"cell": _ref("Cell"), "from": _CELLS, "to": _CELLS},
                                                ["cell", "from", "to"]),
                                        description="Each forgiving save: the open that was saved and the "
                                        "mines it moved away and where to."),
                    },
                    ["mines", "moved"],
                    description="Mine vision, only while the player has it on (the game is then assisted for good).",
                )),
            },
            ["id", "mode", "height", "width", "mines", "mines_left", "state", "moves", "board", "elapsed",
             "running", "replayable", "undoable", "wrong_flags", "summary"],
        ),
        "MoveReply": _object(
            {"game": _ref("Game"), "opened": _CELLS, "outcome": _ref("Outcome")},
            ["game", "opened", "outcome"],
        ),
        "LessonSummary": _object(
            {
                "id": _STRING,
                "number": {"type": "integer", "minimum": 1},
                "rule": _STRING,
                "name": _STRING,
                "explanation": _STRING,
                "progress": _ref("Progress"),
                "url": _STRING,
            },
            ["id", "number", "rule", "name", "explanation", "progress", "url"],
        ),
        "LessonExample": _object(
            {
                "id": _STRING,
                "rule": _STRING,
                "name": _STRING,
                "explanation": _STRING,
                "board": _STRING,
                "height": _INTEGER,
                "width": _INTEGER,
                "mines": _nullable(_COUNT),
                "hint": _ref("Hint"),
                "shape": {**_nullable(_ref("ShapeResult")), "description": "What a named shape decides."},
                "steps": {**_array(_ref("Deduction")), "description": "The steps that show the pattern's result."},
            },
            ["id", "rule", "name", "explanation", "board", "height", "width", "hint", "shape", "steps"],
        ),
        "ShapeResult": _object(
            {
                "pattern": {"enum": list(SHAPE_IDS)},
                "numbers": {**_CELLS, "description": "The shape's numbers in line order."},
                "counts": {**_array(_COUNT), "description": "Each number less the flags next to it."},
                "flags": {**_CELLS, "description": "The flags a reduction takes away (empty when none)."},
                "mines": _CELLS,
                "safe": _CELLS,
                "text": _STRING,
                "highlights": _array(_ref("Highlight")),
            },
            ["pattern", "numbers", "counts", "flags", "mines", "safe", "text", "highlights"],
        ),
        "CellVerdict": _object(
            {
                "cell": _ref("Cell"),
                "move": {"enum": ["open", "flag", None]},
                "verdict": {"enum": [str(v) for v in Mark]},
                "reason": {"enum": [*(str(r) for r in Reason), None]},
                "text": {**_STRING, "description": "Why a wrong cell is wrong; empty for a cell right or missed."},
                "placement": {**_nullable(_CELLS), "description": "For a cell the board does not decide: the mines "
                              "of a placement that fits every number around it, with the cell the other way."},
                "highlights": _array(_ref("Highlight")),
            },
            ["cell", "move", "verdict", "reason", "text", "placement", "highlights"],
        ),
        "AnswerResult": _object(
            {
                "status": {"enum": [str(s) for s in Status]},
                "correct": _BOOLEAN,
                "left": {**_nullable(_COUNT), "description": "Cells of the pattern not answered yet (null for an "
                         "answer with none of them: it reveals nothing)."},
                "text": {**_STRING, "description": "For a partial answer: how many cells are left."},
                "cells": {**_array(_ref("CellVerdict")), "description": "Each cell answered; for a wrong answer "
                          "also each cell of the pattern missed."},
                "wrong_opened": _CELLS,
                "wrong_flagged": _CELLS,
                "found": _CELLS,
                "missing": _nullable(_CELLS),
            },
            ["status", "correct", "left", "text", "cells", "wrong_opened", "wrong_flagged", "found", "missing"],
            description="missing (the cells of the pattern not answered) only for a wrong answer.",
        ),
        "ReplayFile": _object(
            {
                "format": {"const": REPLAY_FORMAT},
                "version": {"type": "integer", "minimum": 1, "maximum": REPLAY_VERSION},
                "height": {"type": "integer", "minimum": MIN_SIDE, "maximum": MAX_SIDE},
                "width": {"type": "integer", "minimum": MIN_SIDE, "maximum": MAX_SIDE},
                "mines": {"type": "integer", "minimum": 1, "description": "At most height x width - 1; the layout's."},
                "mode": {"enum": list(MODES), "default": "classic"},
                "layout": layout_rows,
                "moves": _array(
                    _object(
                        {
                            "action": {"enum": replay_actions},
                            "cell": {"description": "[row, col] on the board; ignored for hint and probabilities."},
                            "by": {"enum": ["player", "bot", "game"], "default": "player"},
                            "t": _nullable({"type": "number", "minimum": 0}),
                            "layout": layout_rows,
                            "saved": _BOOLEAN,
                            "undone": _BOOLEAN,
                            "strict": _BOOLEAN,
                        },
                        ["action"],
                        additionalProperties=True,
                        anyOf=[{"properties": {"action": {"enum": list(HELP)}}},
                               {"required": ["cell"], "properties": {"cell": _ref("Cell")}}],
                    ),
                    minItems=1,
                    description="In order; the first open places the layout away from its cell, and every move must be "
                    "one the game could have had (undo, undone, the end of the game).",
                ),
            },
            ["format", "version", "height", "width", "mines", "layout", "moves"],
            additionalProperties=True,
            description="A replay file, as GET /api/games/{game_id}/replay-file gives it (see README).",
        ),
        "PositionAnalysis": _object(
            {
                "lang": {"enum": list(LANGUAGES)},
                "position": _ref("Position"),
                "hint": _ref("Hint"),
                "solution": {"type": "object", "description": "The solve JSON (see README): consistent, safe, "
                             "mines, probabilities, wrong_flags, deductions (each with its proof, text and "
                             "highlights), and conflict with text when the numbers cannot all hold.  The deductions "
                             "are the chain's first steps: at most 1,000 and about 1 MiB, fewer when the request's "
                             "time runs short; then truncated is true and deductions_total the chain's length.",
                             "properties": {"truncated": {"const": True}, "deductions_total": _COUNT}},
                "overlay": _nullable(_ref("Overlay")),
                "wrong_flags": {**_array(_ref("Hint")), "description": "An explanation for each provably "
                                "wrong flag (at most the first ten, and fewer past about 512 KiB or when the request's "
                                "time runs short: compare with solution.wrong_flags)."},
            },
            ["lang", "position", "hint", "solution", "overlay", "wrong_flags"],
        ),
        "OpenApiDocument": _object({"openapi": _STRING, "info": {"type": "object"}, "paths": {"type": "object"}},
                                   ["openapi", "info", "paths"]),
    }


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _ok(description: str, schema: dict[str, Any], created: bool = False) -> dict[str, Any]:
    reply: dict[str, Any] = {"description": description, "content": _json(schema)}
    if created:
        reply["headers"] = {"Location": {"description": "The new resource's URL.", "schema": _STRING}}
    return {"201" if created else "200": reply}


def _errors(*statuses: int) -> dict[str, Any]:
    return {str(status): {"$ref": f"{_RESPONSES}E{status}"} for status in sorted(statuses)}


_LANG = {"$ref": "#/components/parameters/lang"}
_GAME_ID = {"$ref": "#/components/parameters/game_id"}
_PATTERN_ID = {"$ref": "#/components/parameters/pattern_id"}
_PUZZLE_ID = {"$ref": "#/components/parameters/puzzle_id"}

#: errors any state-changing request may get (Origin check, body size and type, engine budget)
_POST_ERRORS = (400, 403, 413, 414, 415, 503)
#: errors any read with ?lang= may get
_GET_ERRORS = (400, 414, 503)


def _body(schema_name: str, description: str) -> dict[str, Any]:
    return {"required": True, "description": description, "content": _json(_ref(schema_name))}


def _operation(
    operation_id: str,
    summary: str,
    tag: str,
    responses: dict[str, Any],
    parameters: list[dict[str, Any]],
    body: dict[str, Any] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {"operationId": operation_id, "summary": summary, "tags": [tag],
                            "parameters": parameters, "responses": responses}
    if body is not None:
        data["requestBody"] = body
    return data


def _paths() -> dict[str, Any]:
    game_reply = _object({"game": _ref("Game")}, ["game"])
    move_body = _body("Move", "The cell: {\"row\": R, \"col\": C}.")
    empty_body = _body("Empty", "{} (the route takes no fields, but a state-changing request sends JSON).")

    account_reply = _object({"user": _nullable(_ref("User"))}, ["user"])
    daily_reply = _object({"game": _ref("Game"), "new": _BOOLEAN}, ["game", "new"])

    def analysis(key: str, schema: str) -> dict[str, Any]:
        return _object(
            {"game_id": _STRING, "moves": _COUNT, "lang": {"enum": list(LANGUAGES)}, key: _ref(schema)},
            ["game_id", "moves", "lang", key],
        )

    return {
        "/api/games": {
            "post": _operation(
                "createGame", "Start a new game (its board is placed at the first click).", "games",
                {**_ok("The new game.", game_reply, created=True), **_errors(*_POST_ERRORS)},
                [_LANG], _body("NewGame", "A preset or a custom size, with an optional mode."),
            ),
        },
        "/api/games/{game_id}": {
            "get": _operation(
                "showGame", "The game as the player may see it.", "games",
                {**_ok("The game.", game_reply), **_errors(*_GET_ERRORS, 404)},
                [_GAME_ID, _LANG],
            ),
        },
        "/api/games/{game_id}/open": {
            "post": _operation(
                "openCell", "Open a cell, through the game's mode.", "games",
                {**_ok("The new state, the cells opened and what the mode did.", _ref("MoveReply")),
                 **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], move_body,
            ),
        },
        "/api/games/{game_id}/chord": {
            "post": _operation(
                "chordCell", "Open the other neighbours of an open number whose flags match it.", "games",
                {**_ok("The new state, the cells opened and what the mode did.", _ref("MoveReply")),
                 **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], move_body,
            ),
        },
        "/api/games/{game_id}/flag": {
            "post": _operation(
                "toggleFlag", "Flag or unflag a covered cell (idempotent with \"flagged\").", "games",
                {**_ok("The new state and, for a provably wrong flag, its explanation.", _object(
                    {"game": _ref("Game"), "flagged": _BOOLEAN, "warning": _nullable(_ref("Hint"))},
                    ["game", "flagged", "warning"],
                )), **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], _body("FlagMove", "The cell, and the state wanted (without it the flag toggles)."),
            ),
        },
        "/api/games/{game_id}/review": {
            "get": _operation(
                "reviewGame", "Every move judged from the player's view just before it (a game in play: its moves "
                "so far; a loss not accepted yet is accepted).",
                "games",
                {**_ok("The game and its review.", _object(
                    {
                        "game": _ref("Game"),
                        "review": {"allOf": [_ref("Review"), _object({"page": _object(
                            {"number": {"type": "integer", "minimum": 1}, "pages": {"type": "integer", "minimum": 1},
                             "moves": _COUNT},
                            ["number", "pages", "moves"],
                            description="This page of the review (at most 500 moves a page) and how many there are.",
                        )}, ["page"])]},
                        "video": {**_object(
                            {"kind": {"enum": ["avf", "rmv", "evf", "mvf"]}, "software": _STRING, "player": _STRING,
                             "statistics": {"type": "object", "additionalProperties": {"type": "number"}}},
                            ["kind", "software", "player", "statistics"],
                        ), "description": "An imported replay video: its program, player and figures."},
                        "figures": {**_nullable({"type": "object", "additionalProperties": {"type": "number"}}),
                                    "description": "A finished game's community figures (3BV, ZiNi, HZiNi, IOE, RQP, "
                                    "STNB, throughput, clicks by kind), as ms_toollib computes them; null while in play."},
                    },
                    ["game", "review"],
                )), **_errors(*_GET_ERRORS, 404, 409)},
                [_GAME_ID, _LANG, {"name": "page", "in": "query", "required": False, "description": "The page of a long "
                                   "review (500 moves a page; the summary is the whole game's).",
                                   "schema": {"type": "integer", "minimum": 1, "maximum": 999999, "default": 1}}],
            ),
        },
        "/api/games/{game_id}/replay-file": {
            "get": _operation(
                "replayFile", "A finished game as a replay file (JSON with its layout and every move; see README).",
                "games",
                {**_ok("The replay file (sent as an attachment).", {"type": "object"}), **_errors(*_GET_ERRORS, 404, 409)},
                [_GAME_ID, _LANG],
            ),
        },
        "/api/games/{game_id}/video.evf": {
            "get": _operation(
                "evfVideo", "A finished game as a Metasweeper .evf video (its layout, its moves that stand, their times).",
                "games",
                {"200": {"description": "The video (sent as an attachment).",
                         "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                 **_errors(*_GET_ERRORS, 404, 409)},
                [_GAME_ID, _LANG],
            ),
        },
        "/api/replays": {
            "post": _operation(
                "importReplay", "Import a replay file, or a replay video ({\"video\": base64, \"name\": \"game.avf\"}: "
                "Arbiter .avf, Viennasweeper .rmv, Metasweeper .evf, Minesweeper Clone .mvf): a finished game of this "
                "session, ready to review.", "games",
                {**_ok("The game and the address of its review page.", _object(
                    {"game": _ref("Game"), "review": _STRING}, ["game", "review"],
                ), created=True), **_errors(*_POST_ERRORS, 429)},
                [_LANG], _body("ReplayFile", "The replay file."),
            ),
        },
        "/api/games/{game_id}/undo": {
            "post": _operation(
                "undoMove", "Take back the last move (also the losing click, until the loss is accepted); the game "
                "then counts as assisted.",
                "games",
                {**_ok("The game as it was before the move.", game_reply), **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], empty_body,
            ),
        },
        "/api/games/{game_id}/accept": {
            "post": _operation(
                "acceptLoss", "Accept a loss: no more undo, and the whole board is shown.", "games",
                {**_ok("The finished game.", game_reply), **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], empty_body,
            ),
        },
        "/api/games/{game_id}/replay": {
            "post": _operation(
                "replayGame", "A new game with the same layout, opened at the same first click (finished games).",
                "games",
                {**_ok("The new game.", game_reply, created=True), **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], empty_body,
            ),
        },
        "/api/games/{game_id}/hint": {
            "get": _operation(
                "gameHint", "The simplest next step, explained.", "games",
                {**_ok("The hint.", analysis("hint", "Hint")), **_errors(*_GET_ERRORS, 404, 409)},
                [_GAME_ID, _LANG],
            ),
        },
        "/api/games/{game_id}/probabilities": {
            "get": _operation(
                "gameProbabilities", "Exact mine probabilities of the covered cells.", "games",
                {**_ok("The probability overlay.", analysis("overlay", "Overlay")),
                 **_errors(*_GET_ERRORS, 404, 409)},
                [_GAME_ID, _LANG],
            ),
        },
        "/api/games/{game_id}/bot": {
            "post": _operation(
                "botMove", "The bot's next move, applied and explained.", "games",
                {**_ok("The new state, the move and what the mode did.", _object(
                    {"game": _ref("Game"), "move": _ref("BotMove"), "outcome": _ref("Outcome")},
                    ["game", "move", "outcome"],
                )), **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], empty_body,
            ),
        },
        "/api/positions/import": {
            "post": _operation(
                "importPosition", "Read a board file in one of the community's formats (text, tiles, jsm, mbf, "
                "link), detected from its content unless named.", "positions",
                {**_ok("The position and the format it was read as.", _object(
                    {"format": {"enum": list(FORMATS)}, "position": _ref("Position")}, ["format", "position"],
                )), **_errors(*_POST_ERRORS)},
                [_LANG], _body("ImportBody", "The file's content."),
            ),
        },
        "/api/positions/analysis": {
            "post": _operation(
                "analysePosition", "What the engine says about a position: the hint with its levels and proof, "
                "every deduction, exact probabilities, wrong flags and inconsistencies.", "positions",
                {**_ok("The analysis.", _ref("PositionAnalysis")), **_errors(*_POST_ERRORS)},
                [_LANG], _body("PositionBody", "The position."),
            ),
        },
        "/api/positions/export": {
            "post": _operation(
                "exportPosition", "A position as a file in a format that can hold it (MBF and links need the "
                "layout).", "positions",
                {**_ok("The file.", _ref("ExportedFile")), **_errors(*_POST_ERRORS)},
                [_LANG], _body("ExportBody", "The position and the format."),
            ),
        },
        "/api/positions/game": {
            "post": _operation(
                "playPosition", "A game of this session on a position's layout, its open cells and flags played.",
                "positions",
                {**_ok("The new game and the page to play it on.", _object(
                    {"game": _ref("Game"), "page": _STRING}, ["game", "page"],
                ), created=True), **_errors(*_POST_ERRORS)},
                [_LANG], _body("PositionGameBody", "The position with its layout."),
            ),
        },
        "/api/games/{game_id}/position": {
            "get": _operation(
                "gamePosition", "A game's position (with its layout once the game is over).", "positions",
                {**_ok("The position.", _object({"game_id": _STRING, "position": _ref("Position")},
                                                ["game_id", "position"])), **_errors(*_GET_ERRORS, 404)},
                [_GAME_ID, _LANG],
            ),
        },
        "/api/games/{game_id}/export": {
            "get": _operation(
                "exportGame", "A game's position as a file; formats holding the layout only once the game is "
                "over (else 409).", "positions",
                {**_ok("The file.", _ref("ExportedFile")), **_errors(*_GET_ERRORS, 404, 409)},
                [_GAME_ID, _LANG, {"name": "format", "in": "query", "required": False,
                                   "schema": {"enum": list(FORMATS), "default": "text"}}],
            ),
        },
        "/api/learn/lessons": {
            "get": _operation(
                "listLessons", "One lesson per deduction pattern, easiest first, with progress.", "learn",
                {**_ok("The lessons.", _object({"lessons": _array(_ref("LessonSummary"))}, ["lessons"])),
                 **_errors(*_GET_ERRORS)},
                [_LANG],
            ),
        },
        "/api/learn/lessons/{pattern_id}": {
            "get": _operation(
                "showLesson", "A lesson: its example board with the hint, and progress.", "learn",
                {**_ok("The lesson.", _object({"lesson": _ref("LessonExample"), "progress": _ref("Progress")},
                                              ["lesson", "progress"])),
                 **_errors(*_GET_ERRORS, 404)},
                [_PATTERN_ID, _LANG],
            ),
        },
        "/api/learn/lessons/{pattern_id}/puzzles": {
            "post": _operation(
                "newPuzzle", "A new practice puzzle whose simplest step is the lesson's pattern.", "learn",
                {**_ok("The puzzle (its board only).", _object({"puzzle": _ref("Puzzle")}, ["puzzle"]),
                       created=True),
                 **_errors(*_POST_ERRORS, 404, 409)},
                [_PATTERN_ID, _LANG], empty_body,
            ),
        },
        "/api/learn/puzzles/{puzzle_id}": {
            "get": _operation(
                "showPuzzle", "A practice puzzle of this session.", "learn",
                {**_ok("The puzzle.", _object({"puzzle": _ref("Puzzle")}, ["puzzle"])),
                 **_errors(*_GET_ERRORS, 404)},
                [_PUZZLE_ID, _LANG],
            ),
        },
        "/api/learn/puzzles/{puzzle_id}/answer": {
            "post": _operation(
                "answerPuzzle", "Check an answer; a judged one comes with the explanation.", "learn",
                {**_ok("The verdict.", _object(
                    {
                        "result": _ref("AnswerResult"),
                        "explanation": _nullable(_ref("Hint")),
                        "puzzle": _ref("Puzzle"),
                        "progress": _ref("Progress"),
                    },
                    ["result", "explanation", "puzzle", "progress"],
                )), **_errors(*_POST_ERRORS, 404, 409)},
                [_PUZZLE_ID, _LANG], _body("Answer", "The cells to open and to flag."),
            ),
        },
        "/api/learn/progress": {
            "get": _operation(
                "learnProgress", "Solved puzzles and first-try accuracy per pattern, the steps missed in the player's "
                "games week by week, and what to practise next.", "learn",
                {**_ok("The progress by pattern id.", _object(
                    {
                        "progress": {"type": "object", "additionalProperties": _ref("Progress")},
                        "missed": {"type": "object", "additionalProperties": _array(_COUNT, minItems=WEEKS, maxItems=WEEKS),
                                   "description": f"Steps missed per week, the last {WEEKS} weeks, oldest first."},
                        "next": {**_nullable(_STRING), "description": "The pattern \"Your practice\" gives next."},
                    },
                    ["progress", "missed", "next"],
                )), **_errors(*_GET_ERRORS)},
                [_LANG],
            ),
        },
        "/api/learn/practice": {
            "get": _operation(
                "practiceQueue", "\"Your practice\": the patterns the player's finished games show missed, in the order "
                "to practise them.", "learn",
                {**_ok("The queue.", _object({"queue": _array(_ref("PracticeItem"))}, ["queue"])), **_errors(*_GET_ERRORS)},
                [_LANG],
            ),
        },
        "/api/learn/practice/puzzles": {
            "post": _operation(
                "personalPuzzle", "A puzzle of the pattern due first, with the game move where it was missed.", "learn",
                {**_ok("The puzzle and where its pattern was missed.", _object(
                    {"puzzle": _ref("Puzzle"), "source": _ref("PracticeItem")}, ["puzzle", "source"]), created=True),
                 **_errors(*_POST_ERRORS, 409)},
                [_LANG], empty_body,
            ),
        },
        "/api/games/{game_id}/vision": {
            "post": _operation(
                "mineVision", "Mine vision on or off: the game's replies show the mines (the game is assisted for good).",
                "games",
                {**_ok("The game, with its mines while vision is on.", game_reply), **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], _body("Vision", "{\"on\": true} or {\"on\": false}."),
            ),
        },
        "/api/account": {
            "get": _operation(
                "showAccount", "Who is signed in on this browser (and a new client's session and CSRF token).",
                "accounts", {**_ok("The account, or null.", account_reply), **_errors(*_GET_ERRORS)}, [_LANG],
            ),
        },
        "/api/account/register": {
            "post": _operation(
                "register", "Make an account and sign in; this browser's games become the account's. A password that "
                "contains the username or is too common or easy to guess (zxcvbn score below 2) is refused (400).",
                "accounts",
                {**_ok("The new account.", account_reply, created=True), **_errors(*_POST_ERRORS, 409)},
                [_LANG], _body("NewAccount", "The username and password."),
            ),
        },
        "/api/account/sign-in": {
            "post": _operation(
                "signIn", "Sign in; this browser's games become the account's, and the session starts anew.", "accounts",
                {**_ok("The account.", account_reply), **_errors(*_POST_ERRORS, 401, 429)},
                [_LANG], _body("Credentials", "The username and password."),
            ),
        },
        "/api/account/sign-out": {
            "post": _operation(
                "signOut", "Sign out on this browser.", "accounts",
                {**_ok("No account.", account_reply), **_errors(*_POST_ERRORS, 401)}, [_LANG], empty_body,
            ),
        },
        "/api/account/delete": {
            "post": _operation(
                "deleteAccount", "Delete the account and all its data (its games, results, progress).", "accounts",
                {**_ok("Deleted.", _object({"user": {"type": "null"}, "deleted": _BOOLEAN}, ["user", "deleted"])),
                 **_errors(*_POST_ERRORS, 401, 429)},
                [_LANG], _body("Password", "The account's password again."),
            ),
        },
        "/api/stats": {
            "get": _operation(
                "playerStats", "This player's figures per board kind and mode (the account's, else this browser's).",
                "stats", {**_ok("The figures.", _object({"user": _nullable(_ref("User")), "boards": _array(_ref("BoardStats"))},
                                                     ["user", "boards"])), **_errors(*_GET_ERRORS)}, [_LANG],
            ),
        },
        "/api/leaderboards": {
            "get": _operation(
                "leaderboards", "A board kind's ranked tables (games with no help) and its assisted wins.", "stats",
                {**_ok("The tables.", _ref("Leaderboards")), **_errors(*_GET_ERRORS)},
                [_LANG,
                 {"name": "kind", "in": "query", "required": False, "schema": {**_STRING, "default": "expert", "pattern": KIND.pattern},
                  "description": "A board kind: expert, expert*1.2 or 20x12/50 (else 400)."},
                 {"name": "mode", "in": "query", "required": False, "schema": {"enum": list(MODES), "default": "classic"}}],
            ),
        },
        "/api/daily": {
            "get": _operation(
                "dailyBoards", "Today's daily boards (UTC) and their leaderboards.", "stats",
                {**_ok("The boards.", _object({"day": _STRING, "boards": _array(_ref("DailyBoard"))}, ["day", "boards"])),
                 **_errors(*_GET_ERRORS)},
                [_LANG],
            ),
        },
        "/api/daily/{preset}": {
            "post": _operation(
                "playDaily", "This player's game on today's board (the same game when asked again: one attempt).",
                "stats",
                {**_ok("The attempt (new: made now).", daily_reply), **_errors(*_POST_ERRORS, 404)},
                [{"name": "preset", "in": "path", "required": True, "schema": {"enum": list(DAILY_PRESETS)},
                  "description": "A preset with a daily board (else 404)."}, _LANG],
                empty_body,
            ),
        },
        "/api/openapi.json": {
            "get": _operation(
                "openApi", "This description of the API.", "meta",
                {**_ok("The OpenAPI document.", _ref("OpenApiDocument")), **_errors(400, 414)},
                [_LANG],
            ),
        },
    }


@cache
def _spec() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Explainable Minesweeper API",
            "version": "1.0.0",
            "description": (
                "Every route is under /api. Clients keep the session cookie: a game or puzzle can only be read or "
                "changed by the session (or the account signed in on it) that created it (any other gets 404). "
                "State-changing requests send a JSON body with Content-Type: application/json ({} when the route "
                "takes no fields) and, once the client has the session cookie, the session's CSRF token in the "
                "X-CSRF-Token header (every /api reply carries the current one; it changes at sign-in and sign-out). "
                "Errors are JSON "
                "{\"error\": message, \"status\": code}; a path that is no route is 404 and a method a path does "
                "not allow is 405 with an Allow header (components/responses E404 and E405). "
                f"Every request is bounded: a URL (path and query) of at most {MAX_URL_BYTES} bytes (414), a body of at "
                "most 64 KiB (413), the engine's time and work budget (503), replies of at most 8 MiB (503), a game's "
                "history of 4 records per cell and 200 more (409). Whole numbers are written without a fraction (9, "
                "not 9.0: JSON Schema's integer allows both, the server only the first)."
            ),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "tags": [
            {"name": "games", "description": "Play: games, moves, hints, probabilities, the bot."},
            {"name": "learn", "description": "Lessons and practice puzzles."},
            {"name": "positions", "description": "Any position: import, analysis, export, share, play."},
            {"name": "accounts", "description": "Optional accounts: register, sign in and out, delete."},
            {"name": "stats", "description": "Statistics, leaderboards and the daily board."},
            {"name": "meta", "description": "This description."},
        ],
        "paths": _paths(),
        "components": {
            "schemas": _schemas(),
            "parameters": {
                "lang": {
                    "name": "lang",
                    "in": "query",
                    "required": False,
                    "description": "Language of the texts: " + ", ".join(LANGUAGES) + ". Forms like de-DE, JA or zh-CN "
                    "are understood too; without it the session's choice, then Accept-Language, then English. Unknown: 400.",
                    "schema": {**_STRING, "pattern": _language_pattern()},
                },
                "game_id": {"name": "game_id", "in": "path", "required": True, "schema": _STRING,
                            "description": "A game of this session (else 404)."},
                "pattern_id": {"name": "pattern_id", "in": "path", "required": True,
                               "schema": {"enum": [pattern.id for pattern in PATTERNS]},
                               "description": "A lesson id (else 404)."},
                "puzzle_id": {"name": "puzzle_id", "in": "path", "required": True, "schema": _STRING,
                              "description": "A practice puzzle of this session (else 404)."},
            },
            "responses": {
                f"E{status}": {
                    "description": meaning,
                    "content": _json(_ref("Error")),
                    **({"headers": {"Allow": {"description": "The methods this path allows.", "required": True,
                                              "schema": _STRING}}} if status == 405 else {}),
                }
                for status, meaning in ERROR_STATUSES.items()
            },
        },
    }


def openapi_spec() -> dict[str, Any]:
    """The OpenAPI document (a fresh copy: callers may change it)."""
    return deepcopy(_spec())


@bp.get("/openapi.json")
def openapi_json() -> ResponseReturnValue:
    return jsonify(_spec())
