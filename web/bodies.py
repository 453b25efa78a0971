"""The JSON bodies the API reads, declared once as pydantic models: a route parses its body with ``parse_body``
(one error path: a translated 400 that names the field and quotes what was sent), and the API's description
takes each body's schema from its model (``body_schemas``), so the two cannot drift apart.

Every model allows fields it does not read (a client may send more), reads strictly (a number is never text, a
flag never a number; ``11.0`` is 11, as JSON Schema's ``integer``, because ``body_json`` reads it so), and says in
its fields' descriptions what the server checks beyond the schema (a cell inside this game's board)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, TypeVar

from flask_babel import gettext as _
from flask_babel import ngettext
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.json_schema import models_json_schema
from pydantic_core import ErrorDetails

from explainer.engine.rules import DEPTHS
from explainer.core.board import MAX_SIDE
from explainer.play.game import BY, MIN_SIDE, MULTIPLIERS, PRESETS
from explainer.play.history import HELP, MOVES
from explainer.play.replay_file import FORMAT as REPLAY_FORMAT, VERSION as REPLAY_VERSION
from explainer.play.modes import Mode
from explainer.formats import MAX_BYTES, WITH_LAYOUT, FormatName
from explainer.learn.practice import PUZZLE_MAX_SIDE
from explainer.learn.runs import RunKind
from web.accounts import (
    MIN_PASSWORD_SCORE, PASSWORD_LENGTH, USERNAME_LENGTH, check_password, check_username, entered_password, entered_username,
)
from web.errors import BadRequestBody
from web.replies.settings import CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH, CUSTOM_MIN_SIDE, FIRST_CLICK_AREA, custom_max_mines
from web.json_types import CellJson
from web.request_data import body_json

__all__ = ["Answer", "Body", "Credentials", "Empty", "ExportBody", "FlagMove", "ImportBody", "Move", "GuessAnswer", "NewAccount", "NewGame", "NewRun",
           "Password", "PositionBody", "PositionGameBody", "ReplayFile", "ReplayMove", "Vision",
           "BODIES", "body_schemas", "parse_body"]


class Body(BaseModel):
    """A request body: a JSON object; fields a route does not read are allowed and ignored."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)


class Empty(Body):
    """No fields: send {} (any field is ignored; anything but an object is 400)."""


_ON_BOARD = "0-based; must be inside the game's board (else 400)."


class Move(Body):
    """A cell of the game's board."""

    row: Annotated[int, Field(ge=0, le=CUSTOM_MAX_HEIGHT - 1, description=_ON_BOARD)]
    col: Annotated[int, Field(ge=0, le=CUSTOM_MAX_WIDTH - 1, description=_ON_BOARD)]

    @property
    def cell(self) -> tuple[int, int]:
        return self.row, self.col


class FlagMove(Move):
    """A cell, and the state its flag should have."""

    flagged: Annotated[bool | None, Field(description="The state wanted: sending it again changes nothing.  Without it "
                                          "(or null) the flag toggles (older clients).")] = None


class Vision(Body):
    """Mine vision on or off."""

    on: bool = True


class GuessAnswer(Body):
    """A cell picked in a guessing-course puzzle: the puzzle's seed (as its reply gave it) and the cell."""

    seed: Annotated[int, Field(ge=0, le=2**31 - 1, description="The puzzle's seed, as POST .../puzzles gave it.")]
    cell: PuzzleCell


class NewRun(Body):
    """The kind of run: storm (three minutes, a wrong answer costs ten seconds) or streak (one wrong answer ends it)."""

    kind: Annotated[RunKind, Field(strict=False)]


class Autopilot(Body):
    """The level the autopilot plays up to: simple (one number at a time, and the mine counter) or pair (two numbers
    together too)."""

    level: Literal["simple", "pair"]


PuzzleCell = Annotated[
    list[Annotated[int, Field(ge=0, le=PUZZLE_MAX_SIDE - 1)]],
    Field(min_length=2, max_length=2, description="[row, col] on the puzzle's board."),
]


class Answer(Body):
    """A practice answer: the cells to open and to flag."""

    opened: Annotated[list[PuzzleCell], Field(description="Cells the player opens: covered cells of the puzzle's "
                                              "board, none also flagged.")] = []
    flagged: Annotated[list[PuzzleCell], Field(description="Cells the player flags.")] = []
    numbers: Annotated[list[PuzzleCell], Field(description="Show your work: the revealed numbers the answer rests "
                                               "on; the reply says whether they alone prove it (work).")] = []


# The account fields are read first by the account rules the sign-in and register forms use (their messages:
# "Enter a password.", "A password is 8 to 128 characters long; this one has 5."); an ``ApiError`` raised in a
# validator passes through pydantic as it is.  Their schemas still state the limits.
_TYPED_PASSWORD = Annotated[str, BeforeValidator(entered_password), Field(min_length=1, max_length=PASSWORD_LENGTH[1])]


class Credentials(Body):
    """A username and password to sign in with."""

    username: Annotated[str, BeforeValidator(entered_username), Field(min_length=1)]
    password: Annotated[_TYPED_PASSWORD, Field(description=f"No account has a longer one than {PASSWORD_LENGTH[1]} "
                                               "characters.")]


class NewAccount(Body):
    """A username and password for a new account."""

    username: Annotated[str, BeforeValidator(check_username), Field(min_length=USERNAME_LENGTH[0], description=(
        f"{USERNAME_LENGTH[0]} to {USERNAME_LENGTH[1]} letters, digits, dots, dashes or underscores (any script; "
        "spaces around it are removed, then it is NFC-normalized)."))]
    password: Annotated[str, BeforeValidator(check_password), Field(
        min_length=PASSWORD_LENGTH[0], max_length=PASSWORD_LENGTH[1],
        description=f"Not containing the username, and not too easy to guess (zxcvbn score {MIN_PASSWORD_SCORE} of 4 "
        "or more).")]


class Password(Body):
    """The account's password again."""

    password: _TYPED_PASSWORD


Cell = Annotated[list[Annotated[int, Field(ge=0)]], Field(min_length=2, max_length=2,
                                                          description="[row, col], 0-based, row 0 at the top.")]
_BOARD = "The position in the text format (see README): rows of ? covered, F flag, . or 0-8 open, an optional first line 'mines N'."


class PositionBody(Body):
    """A position: its board as text, and its layout when known."""

    board: Annotated[str, Field(max_length=MAX_BYTES, description=_BOARD)]
    layout: Annotated[list[Cell] | None, Field(description="Every mine, when known (the player's own: it came with "
                                               "the request); the engine never sees it.  Each cell on the board.")] = None


class PositionGameBody(PositionBody):
    """A position with its layout, to play from."""

    board: Annotated[str, Field(max_length=MAX_BYTES, description=(
        f"The position in the text format, {MIN_SIDE} to {CUSTOM_MAX_HEIGHT} rows of {MIN_SIDE} to {CUSTOM_MAX_WIDTH} "
        "cells (a game's board)."))]
    layout: Annotated[list[Cell], Field(min_length=1, description="Every mine (a game needs the layout): at least "
                                        "one, and one safe cell.")]


class ExportBody(PositionBody):
    """A position and the format to write it in."""

    model_config = ConfigDict(json_schema_extra={  # what the server checks: these formats hold the layout
        "if": {"required": ["format"], "properties": {"format": {"enum": list(WITH_LAYOUT)}}},
        "then": {"required": ["layout"], "properties": {"layout": {"type": "array"}}},
    })

    format: Annotated[FormatName, Field(description=(
        f"{', '.join(WITH_LAYOUT)} hold the layout (so it is required); jsm needs the mine count (the board's "
        "'mines N' line, or the layout); a link is at most 99 x 99."))]


class ImportBody(Body):
    """A board file to read."""

    content: Annotated[str, Field(description=f"The file: text, or base64 when 'base64' is true (MBF is binary); at "
                                  f"most {MAX_BYTES} bytes once decoded.")]
    format: Annotated[FormatName | None, Field(description="Detected from the content when absent.")] = None
    base64: bool = False


_RULES = [str(rule) for rule in DEPTHS]
#: what a new game's fields must be together, beyond each field: a preset, or a custom board's size in its limits
#: (the mine count's limit for the board's size is in words); ``max_rule`` only with the no-guess mode
_NEW_GAME_RULES: dict[str, Any] = {
    "description": (
        f"A preset ({', '.join(PRESETS)}) or a custom board: height {CUSTOM_MIN_SIDE}-{CUSTOM_MAX_HEIGHT}, width "
        f"{CUSTOM_MIN_SIDE}-{CUSTOM_MAX_WIDTH}, mines 1 to height x width - {FIRST_CLICK_AREA} (the first click and its "
        "neighbours are kept free). height, width and mines are ignored when a preset is given. max_rule and "
        "require_rule only with the no-guess mode; require_rule no deeper than max_rule (simple < pair < enumeration)."
    ),
    "anyOf": [
        {"required": ["preset"], "properties": {"preset": {"enum": list(PRESETS)}, "multiplier": {"enum": list(MULTIPLIERS)}}},
        {
            "required": ["height", "width", "mines"],
            "properties": {
                "preset": {"enum": ["custom", None]},
                "height": {"type": "integer", "minimum": CUSTOM_MIN_SIDE, "maximum": CUSTOM_MAX_HEIGHT},
                "width": {"type": "integer", "minimum": CUSTOM_MIN_SIDE, "maximum": CUSTOM_MAX_WIDTH},
                "mines": {"type": "integer", "minimum": 1, "maximum": custom_max_mines(CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH)},
            },
        },
    ],
    "allOf": [
        {"if": {"required": [field], "properties": {field: {"type": "string"}}},
         "then": {"required": ["mode"], "properties": {"mode": {"const": str(Mode.NO_GUESS)}}}}
        for field in ("max_rule", "require_rule")
    ],
}


def _no_default(schema: dict[str, Any]) -> None:
    """A field whose absence means something no value can say: its schema states no default."""
    schema.pop("default", None)


class NewGame(Body):
    # Which fields count depends on the others (a preset's height is ignored, a custom board needs all three
    # sizes): ``web.replies.settings.settings_from_json`` reads them together, with its own messages.
    model_config = ConfigDict(json_schema_extra=_NEW_GAME_RULES)

    preset: Annotated[Any, Field(json_schema_extra={"enum": [*PRESETS, "custom", None]})] = None
    height: Annotated[Any, Field(description=f"Custom boards: rows, {CUSTOM_MIN_SIDE} to {CUSTOM_MAX_HEIGHT} (ignored "
                                 "with a preset).")] = None
    width: Annotated[Any, Field(description=f"Custom boards: columns, {CUSTOM_MIN_SIDE} to {CUSTOM_MAX_WIDTH} (ignored "
                                "with a preset).")] = None
    mines: Annotated[Any, Field(description=f"Custom boards: 1 to height x width - {FIRST_CLICK_AREA} (ignored with a "
                                "preset).")] = None
    mode: Annotated[Mode, Field(strict=False)] = Mode.CLASSIC
    multiplier: Annotated[Any, Field(description=f"Presets: their mines times this "
                                     f"({', '.join(f'{m:g}' for m in MULTIPLIERS)}; rounded half up). Ignored on a "
                                     "custom board.")] = 1.0
    max_rule: Annotated[Any, Field(json_schema_extra={"enum": [*_RULES, None]}, description=(
        "The deepest reasoning a no-guess board may need (no-guess mode only)."))] = None
    require_rule: Annotated[Any, Field(json_schema_extra={"enum": [*_RULES[1:], None]}, description=(
        "A rule a no-guess board must need at least once (no-guess mode only), never deeper than max_rule (else "
        "400): with max_rule the same, a board of that grade (pair: medium, enumeration: hard)."))] = None
    warnings: Annotated[bool, Field(description="Show provably wrong flags.  A warning shown is help: the game does "
                                    "not rank.  Off: no flag is ever judged (the player's choice before the game "
                                    "starts).")] = True
    # absent, None (a random board); sent, a whole number >= 0 (so null is refused), hence the default of another type
    seed: Annotated[int, Field(ge=0, json_schema_extra=_no_default, description="Only when the server allows seeds (ALLOW_SEEDS; tests and benchmarks); "
                               "otherwise 400.  Absent: a random board; null is refused (400) like any other bad "
                               "seed.")] = None  # type: ignore[assignment]

    def settings_data(self) -> dict[str, Any]:
        """The fields sent, as ``settings_from_json`` reads them."""
        return self.model_dump(mode="json", exclude_unset=True, include={"preset", "height", "width", "mines", "mode",
                                                                         "multiplier", "max_rule", "require_rule"})


_LAYOUT_ROWS = Field(min_length=MIN_SIDE, max_length=MAX_SIDE,
                     description="One row each, * a mine: height rows of width characters.")
#: a layout's row: ``.`` a safe cell, ``*`` a mine
_Row = Annotated[str, Field(pattern="^[.*]+$", min_length=MIN_SIDE, max_length=MAX_SIDE)]


def _on_the_board(schema: dict[str, Any]) -> None:
    """A move names its cell, but help asked for."""
    schema["anyOf"] = [{"properties": {"action": {"enum": list(HELP)}}},
                       {"required": ["cell"], "properties": {"cell": TypeAdapter(CellJson).json_schema()}}]


class ReplayMove(Body):
    """One move of a replay file: every move but help asked for (hint, probabilities) names its cell."""

    model_config = ConfigDict(json_schema_extra=_on_the_board)

    action: Literal[*MOVES, "assist", "undo", *HELP]  # type: ignore[valid-type]
    cell: Annotated[Any, Field(json_schema_extra=_no_default, description="[row, col] on the board; ignored for hint "
                               "and probabilities.")] = None
    by: Literal[*BY] = "player"  # type: ignore[valid-type]
    t: Annotated[float, Field(ge=0)] | None = None
    layout: Annotated[list[_Row], _LAYOUT_ROWS, Field(json_schema_extra=_no_default)] = []
    saved: bool = False
    undone: bool = False
    strict: bool = False
    lost: bool = False


class ReplayFile(Body):
    """A replay file, as GET /api/games/{game_id}/replay-file gives it (see README)."""

    # read by ``explainer.play.replay_file.from_replay`` (which the CLI shares), with its own messages

    format: Literal[REPLAY_FORMAT]  # type: ignore[valid-type]
    version: Annotated[int, Field(ge=1, le=REPLAY_VERSION)]
    height: Annotated[int, Field(ge=MIN_SIDE, le=MAX_SIDE)]
    width: Annotated[int, Field(ge=MIN_SIDE, le=MAX_SIDE)]
    mines: Annotated[int, Field(ge=1, description="At most height x width - 1; the layout's.")]
    mode: Mode = Mode.CLASSIC
    layout: Annotated[list[_Row], _LAYOUT_ROWS]
    moves: Annotated[list[ReplayMove], Field(min_length=1, description="In order; the first open places the layout "
                                             "away from its cell, and every move must be one the game could have had "
                                             "(undo, undone, the end of the game).")]


#: every body model, by the name its schema has in the description
BODIES: tuple[type[Body], ...] = (NewGame, Empty, Move, FlagMove, Vision, Autopilot, Answer, Credentials, NewAccount, Password,
                                  PositionBody, PositionGameBody, ExportBody, ImportBody, ReplayFile, NewRun, GuessAnswer)

B = TypeVar("B", bound=Body)


def parse_body(model: type[B]) -> B:
    """This request's JSON body as ``model``, or ``BadRequestBody`` naming the first field that is wrong."""
    data = body_json()
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise BadRequestBody(_problem(error.errors()[0])) from None


def _field(location: tuple[int | str, ...]) -> str:
    """``("opened", 0, 1)`` -> ``opened[0][1]``."""
    name = str(location[0]) if location else ""
    return name + "".join(f"[{part}]" for part in location[1:])


def _problem(error: ErrorDetails) -> str:
    """One pydantic error in the request's language, naming the field and quoting the value sent (never a text
    that is too short or too long: it may be a password)."""
    field = _field(error["loc"])
    value = repr(error.get("input"))[:40]
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "missing":
        # I18N: a request body without a field it needs; %(field)s is the field's name, which stays as it is
        return _("%(field)s is missing", field=field)
    if kind in {"int_type", "int_parsing", "int_from_float"}:
        # I18N: a field of a request body that is not a whole number; %(field)s is its name (stays as it is), %(value)s the value sent
        return _("%(field)s must be a whole number, got %(value)s", field=field, value=value)
    if kind == "bool_type":
        # I18N: a field of a request body that is not true or false; %(field)s is its name (stays as it is), %(value)s the value sent
        return _("%(field)s must be true or false, got %(value)s", field=field, value=value)
    if kind == "string_type":
        # I18N: a field of a request body that is not text; %(field)s is its name (stays as it is), %(value)s the value sent
        return _("%(field)s must be text, got %(value)s", field=field, value=value)
    if kind == "list_type":
        # I18N: a field of a request body that is not a list; %(field)s is its name (stays as it is), %(value)s the value sent
        return _("%(field)s must be a list, got %(value)s", field=field, value=value)
    if kind in {"literal_error", "enum"}:
        choices = ", ".join(re.findall(r"'([^']*)'", str(ctx.get("expected", ""))))
        # I18N: a value that is not one of a list; %(key)s is the field's name, %(formats)s the values allowed (kept as they are), %(value)s what was sent
        return _("%(key)s must be one of %(formats)s, got %(value)s", key=field, formats=choices, value=value)
    if kind == "greater_than_equal":
        # I18N: a number in a request body below its smallest value; %(field)s is its name, %(limit)s the smallest value, %(value)s the value sent
        return _("%(field)s must be %(limit)s or more, got %(value)s", field=field, limit=ctx.get("ge"), value=value)
    if kind == "less_than_equal":
        # I18N: a number in a request body above its largest value; %(field)s is its name, %(limit)s the largest value, %(value)s the value sent
        return _("%(field)s must be %(limit)s or less, got %(value)s", field=field, limit=ctx.get("le"), value=value)
    if kind in {"string_too_short", "string_too_long", "too_short", "too_long"} and isinstance(error.get("input"), str):
        if kind.endswith("short"):
            count = int(ctx.get("min_length", 1))
            # I18N: a text field of a request body that is too short; %(field)s is its name, %(count)s the fewest characters allowed
            return ngettext("%(field)s must have at least %(count)s character", "%(field)s must have at least %(count)s characters",
                            count, field=field, count=count)
        count = int(ctx.get("max_length", 0))
        # I18N: a text field of a request body that is too long; %(field)s is its name, %(count)s the most characters allowed
        return ngettext("%(field)s must have at most %(count)s character", "%(field)s must have at most %(count)s characters",
                        count, field=field, count=count)
    if kind in {"too_short", "too_long"}:
        count = int(ctx.get("min_length" if kind == "too_short" else "max_length", 0))
        # I18N: a list in a request body with too few or too many items; %(field)s is its name, %(count)s how many it must have, %(value)s the value sent
        return ngettext("%(field)s must have %(count)s item, got %(value)s", "%(field)s must have %(count)s items, got %(value)s",
                        count, field=field, count=count, value=value)
    # I18N: a field of a request body with a value it cannot have; %(field)s is its name (stays as it is), %(value)s the value sent
    return _("%(field)s cannot be %(value)s", field=field, value=value)


def body_schemas(ref_template: str) -> dict[str, Any]:
    """The JSON Schema of every body model, by its model's name, its references written with ``ref_template``
    (``"#/components/schemas/{model}"``)."""
    _refs, defs = models_json_schema([(model, "validation") for model in BODIES], ref_template=ref_template)
    return {name: untitled(schema) for name, schema in defs.get("$defs", {}).items()}


def untitled(schema: Any) -> Any:
    """``schema`` without pydantic's ``title`` keywords (the names say it)."""
    if isinstance(schema, dict):
        return {key: untitled(value) for key, value in schema.items() if key != "title" or not isinstance(value, str)}
    if isinstance(schema, list):
        return [untitled(value) for value in schema]
    return schema
