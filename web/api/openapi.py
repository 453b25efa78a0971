"""The OpenAPI 3.1 description of the JSON API, served at ``GET /api/openapi.json``.

The request bodies' schemas are generated from their pydantic models (``web.bodies``: one declaration, read by
``parse_body``), the replies' from their ``TypedDict``s (``REPLY_TYPES``).  The paths and the replay file's schema
are Python data (``openapi_spec()``) built from the same constants the server checks
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
from typing_extensions import Doc, NotRequired, Required, TypedDict, is_typeddict

from explainer.play.game import MIN_SIDE
from explainer.play.history import HELP, MOVES
from explainer.play.replay_file import FORMAT as REPLAY_FORMAT, VERSION as REPLAY_VERSION
from explainer.core.board import MAX_SIDE
from explainer.formats import FORMATS
from explainer.words.i18n import LANGUAGES
from explainer.learn.lessons import PATTERNS

from web.accounts import UserJson
from web.bodies import body_schemas, untitled
from web.replies.learn import PracticeItemJson
from web.replies.positions import ExportedFileJson, PositionJson
from web.storage.puzzles import ProgressJson
from web.api.bot import AutopilotReplyJson
from web.api.learn import LessonSummaryJson, PuzzleReplyJson, RatingChangeJson
from web.api.positions import PositionAnalysisJson
from web.errors import ErrorJson
from web.replies.analysis import HintReply
from web.replies.game import GameJson, MoveReplyJson
from explainer.core.json_shapes import CellJson
from explainer.words.lessons import LessonExampleJson
from explainer.words.practice import AnswerJson, WorkJson
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

class OpenApiDocumentJson(TypedDict):
    """This description (OpenAPI 3.1)."""

    openapi: str
    info: dict[str, Any]
    paths: dict[str, Any]


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
    PracticeItemJson, PuzzleReplyJson, ReviewJson, BotMoveJson, OverlayJson, OutcomeJson, GameJson, MoveReplyJson,
    HintReply, LessonSummaryJson, LessonExampleJson, AnswerJson, PositionAnalysisJson, ErrorJson, OpenApiDocumentJson,
    RatingChangeJson, AutopilotReplyJson, WorkJson,
)
#: the types named otherwise in the description
_RENAMED = {"PuzzleReplyJson": "Puzzle", "HintReply": "Hint", "ShapeJson": "ShapeResult", "AnswerJson": "AnswerResult",
            "CellVerdictJson": "CellVerdict", "VisionJson": "MineVision"}


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
    return {name: untitled(schema) for name, schema in schemas.items()}


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


def _together(replies: dict[str, Any], bodies: dict[str, Any]) -> dict[str, Any]:
    """The replies' schemas and the request bodies': a name both use (an enum such as Mode) is one schema."""
    clashes = [name for name in replies.keys() & bodies.keys() if replies[name] != bodies[name]]
    if clashes:
        raise ValueError(f"a reply and a request body name different schemas alike: {sorted(clashes)}")
    return {**replies, **bodies}


def _schemas() -> dict[str, Any]:
    layout_rows = _array({"type": "string", "pattern": "^[.*]+$", "minLength": MIN_SIDE, "maxLength": MAX_SIDE},
                         minItems=MIN_SIDE, maxItems=MAX_SIDE,
                         description="One row each, * a mine: height rows of width characters.")
    replay_actions = [*MOVES, "assist", "undo", *HELP]
    return {
        **_together(reply_schemas(REPLY_TYPES, _REF + "{model}"), body_schemas(_REF + "{model}")),
        "Cell": {**TypeAdapter(CellJson).json_schema(), "description": "[row, col], 0-based, row 0 at the top."},
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
        "/api/games/{game_id}/autopilot": {
            "post": _operation(
                "autopilot", "Play every move that steps at or below a level decide, round after round, as the bot "
                "(the game is then assisted): the learner meets only the harder steps.", "games",
                {**_ok("The new state and the cells the autopilot opened and flagged.", _ref("AutopilotReply")),
                 **_errors(*_POST_ERRORS, 404, 409)},
                [_GAME_ID, _LANG], _body("Autopilot", "The level: simple or pair."),
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
                        "rating": {**_nullable(_ref("RatingChange")), "description": "A first attempt at a rated "
                                   "puzzle: how it moved the player's ratings (else null)."},
                        "work": {**_nullable(_ref("Work")), "description": "Show your work: with numbers in the "
                                 "answer, whether they alone prove a right or partial answer (else null)."},
                    },
                    ["result", "explanation", "puzzle", "progress", "rating", "work"],
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
                        "ratings": {"type": "object", "additionalProperties": _INTEGER, "description": "The player's "
                                    "rating by technique (a lesson's id) and overall, once an attempt has moved it."},
                    },
                    ["progress", "missed", "next", "ratings"],
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
