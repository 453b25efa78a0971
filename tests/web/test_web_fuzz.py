"""Schema-driven fuzzing of the JSON API through Flask's test client.

For every operation in the OpenAPI description (``web.api.openapi``) Hypothesis sends
(a) bodies generated from the operation's request schema (and, for moves and
answers, cells inside the board), and (b) arbitrary JSON values, objects with the
API's field names, malformed bytes and deeply nested JSON, with query strings
(``lang`` valid, an alias, unknown or malformed), path ids (this session's games
ready, playing, lost and won, its puzzles unsolved and solved, another session's,
random text) and sometimes an ``Origin`` header.  Every request is sent with
``Content-Type: application/json``.  Every reply must be:

* never a 5xx;
* JSON;
* an error ``{"error": str, "status": int}`` whose ``status`` is the HTTP code and
  which the operation declares, or a success the operation declares whose body
  matches its response schema (and, for 201, a ``Location`` header).

Request bodies are checked both ways against their schemas: a body the schema refuses
(a valid one broken: not an object, a field missing, of the wrong type, out of range, too
long, unknown where none may be added) must be refused (4xx), and a body the schema accepts
must not get a 400 unless for a reason the description states and JSON Schema cannot
(``EXPLAINED_400``: a mine count for the board's size, a cell outside this game's board, ...).

Then unknown paths under ``/api`` (404) and the methods a route does not allow
(405 with an ``Allow`` header) get the same checks.

Run alone: ``.venv/bin/python -m pytest tests/web/test_web_fuzz.py`` (about a minute);
``FUZZ_EXAMPLES=N`` changes the number of examples per operation.
"""

from __future__ import annotations

import json
import os
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from werkzeug.exceptions import MethodNotAllowed, NotFound
from werkzeug.routing import RequestRedirect
from werkzeug.test import TestResponse

from explainer.engine.rules import DEPTHS
from explainer.learn.guessing import GuessTopic
from explainer.core.board import COVERED, Board, BoardParseError, neighbour_masks
from explainer.core.cells import iter_bits
from explainer.play.game import MIN_SIDE
from explainer.engine.hint import make_hint
from explainer.words.i18n import LANGUAGES
from explainer.learn.lessons import PATTERNS
from web import accounts, create_app
from web.errors import BadField
from web.replies.settings import CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH
from web.storage import games as web_db
from web.storage import puzzles as practice_store

from tests.support.replies import COMPONENTS, SPEC, check_reply, resolve, validator

OPERATIONS = [
    (path, method, operation)
    for path, item in SPEC["paths"].items()
    for method, operation in item.items()
]
OPERATION_IDS = [f"{method.upper()} {path}" for path, method, _ in OPERATIONS]

#: examples per operation and kind of input; the whole file runs in about a minute on 2 cores
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "120"))
#: no shrinking: every failure message already quotes the whole request, and a failing run stays as short
PHASES = [Phase.explicit, Phase.reuse, Phase.generate, Phase.target]
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=PHASES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
SAME_ORIGIN = "http://localhost"
FOREIGN_ORIGIN = "https://evil.example"


# -- a small generator for the JSON Schema subset web/openapi.py uses ---------------------------


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """``base`` narrowed by ``extra`` (its property schemas win; required fields add up)."""
    merged = {**base, **{k: v for k, v in extra.items() if k not in ("properties", "required")}}
    merged["properties"] = {**base.get("properties", {}), **extra.get("properties", {})}
    merged["required"] = sorted({*base.get("required", ()), *extra.get("required", ())})
    return merged


json_scalars = (
    st.none() | st.booleans() | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=10)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)


def from_schema(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values valid under ``schema`` (the keywords web/openapi.py uses; checked by jsonschema at the end)."""
    schema = resolve(schema)
    rest = {k: v for k, v in schema.items() if k not in ("anyOf", "if", "then", "description", "default")}
    if "anyOf" in schema:
        if set(rest) <= {"type"} and not rest:
            return st.one_of([from_schema(branch) for branch in schema["anyOf"]])
        branches = [_merge(rest, resolve(branch)) for branch in schema["anyOf"]]
        strategy = st.one_of([from_schema(branch) for branch in branches])
    elif "if" in schema:
        strategy = from_schema(_merge(rest, schema["then"])) | from_schema(rest)
    else:
        strategy = _plain(rest)
    valid = validator(schema).is_valid
    return strategy.filter(valid)


def _plain(schema: dict[str, Any]) -> st.SearchStrategy[Any]:
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([_plain({**schema, "type": one}) for one in kind])
    if kind == "integer":
        return st.integers(schema.get("minimum", -(2**40)), schema.get("maximum", 2**40))
    if kind == "number":
        return st.floats(schema.get("minimum"), schema.get("maximum"), allow_nan=False, allow_infinity=False)
    if kind == "string":
        low = schema.get("minLength", 0)
        high = schema.get("maxLength", low + 20)
        if "pattern" in schema:
            return st.from_regex(schema["pattern"], fullmatch=True).filter(lambda text: low <= len(text) <= high)
        return st.text(min_size=low, max_size=min(high, low + 20))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        low = schema.get("minItems", 0)
        return st.lists(from_schema(schema.get("items", {})), min_size=low,
                        max_size=min(schema.get("maxItems", low + 5), max(low, 5)))
    if kind == "object":
        return _object(schema)
    return json_values


def _object(schema: dict[str, Any]) -> st.SearchStrategy[dict[str, Any]]:
    properties = schema.get("properties", {})
    required = set(schema.get("required", ()))

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        data = {}
        for name, sub in properties.items():
            if name in required or draw(st.booleans()):
                data[name] = draw(from_schema(sub))
        if schema.get("additionalProperties", True) is not False and draw(st.integers(0, 4)) == 0:
            extra = draw(st.dictionaries(st.text(max_size=6), json_values, max_size=2))
            data.update({key: value for key, value in extra.items() if key not in properties})
        return data

    return build()


# -- the app, this client's games and puzzles in known states ---------------------------------


def owner(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        return session["sid"]


@dataclass
class World:
    """One app on a temporary database, this session's client and another session's."""

    app: Flask
    client: FlaskClient
    stranger: FlaskClient
    finished: dict[str, str] = field(default_factory=dict)
    puzzles: dict[str, str] = field(default_factory=dict)

    def post(self, client: FlaskClient, path: str, body: Any) -> Any:
        response = client.post(path, json=body)
        assert response.status_code in (200, 201), (path, body, response.status_code, response.data[:300])
        return response.json

    def make_game(self, client: FlaskClient | None = None, mode: str = "classic", **settings: Any) -> str:
        body = {"preset": "beginner", "mode": mode, **settings}
        return self.post(client or self.client, "/api/games", body)["game"]["id"]

    def open(self, game_id: str, row: int, col: int, client: FlaskClient | None = None) -> dict[str, Any]:
        return self.post(client or self.client, f"/api/games/{game_id}/open", {"row": row, "col": col})["game"]

    def stored(self, game_id: str) -> Any:
        with self.app.app_context():
            return web_db.load_game(game_id, owner(self.client)).game

    def playing(self, mode: str, seed: int) -> str:
        game_id = self.make_game(mode=mode, seed=seed)
        self.open(game_id, 4, 4)
        return game_id

    def lost(self) -> str:
        if "lost" not in self.finished:
            game_id = self.playing("classic", 11)
            game = self.stored(game_id)
            mine = next(iter_bits(game.layout & ~game.revealed))
            assert self.open(game_id, *divmod(mine, game.width))["state"] == "lost"
            self.finished["lost"] = game_id
        return self.finished["lost"]

    def won(self) -> str:
        if "won" not in self.finished:
            game_id = self.make_game(preset="custom", height=6, width=6, mines=3, seed=5)
            state = self.open(game_id, 2, 2)["state"]
            game = self.stored(game_id)
            for cell in iter_bits(~game.layout & ~game.revealed & ((1 << game.size) - 1)):
                if state == "won":
                    break
                state = self.open(game_id, *divmod(cell, game.width))["state"]
            assert state == "won"
            self.finished["won"] = game_id
        return self.finished["won"]

    def foreign_game(self) -> str:
        if "foreign" not in self.finished:
            self.finished["foreign"] = self.make_game(self.stranger)
        return self.finished["foreign"]

    def game(self, state: str, mode: str, seed: int) -> str:
        if state == "ready":
            return self.make_game(mode=mode, seed=seed)
        if state == "playing":
            return self.playing(mode, seed)
        return {"lost": self.lost, "won": self.won, "foreign": self.foreign_game}[state]()

    def new_puzzle(self, client: FlaskClient | None = None) -> str:
        return self.post(client or self.client, "/api/learn/lessons/simple/puzzles", {})["puzzle"]["id"]

    def puzzle(self, state: str) -> str:
        if state == "unsolved":
            return self.new_puzzle()
        if state not in self.puzzles:
            if state == "foreign":
                self.puzzles[state] = self.new_puzzle(self.stranger)
            else:
                puzzle_id = self.new_puzzle()
                with self.app.app_context():
                    board = practice_store.load_puzzle(puzzle_id, owner(self.client)).board
                deduction = make_hint(board).deduction
                assert deduction is not None
                answer = {"opened": deduction.safe.to_json(), "flagged": deduction.mines.to_json()}
                reply = self.post(self.client, f"/api/learn/puzzles/{puzzle_id}/answer", answer)
                assert reply["result"]["status"] == "right" and reply["puzzle"]["solved"]
                self.puzzles[state] = puzzle_id
        return self.puzzles[state]

    def run(self, state: str) -> str:
        """A Storm or Streak run: one on now (this session's), or another session's."""
        client = self.stranger if state == "foreign" else self.client
        return str(self.post(client, "/api/learn/runs", {"kind": "streak"})["run"]["id"])

    def puzzle_size(self, puzzle_id: str) -> tuple[int, int]:
        puzzle = self.client.get(f"/api/learn/puzzles/{quote(puzzle_id, safe='')}").json.get("puzzle") or {}
        return puzzle.get("height", 10), puzzle.get("width", 10)

    def size(self, game_id: str) -> tuple[int, int]:
        game = self.client.get(f"/api/games/{quote(game_id, safe='')}").json.get("game") or {}
        return game.get("height", 9), game.get("width", 9)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    app = create_app(
        {
            "TESTING": True,
            "PROPAGATE_EXCEPTIONS": False,  # a crash must come back as the reply a real client would get
            "DATABASE_URL": str(folder / "fuzz.sqlite3"),
            "SECRET_KEY": "fuzz",
            "ALLOW_SEEDS": True,
            "IMPORTS_PER_MINUTE": 1_000_000,  # (every request comes from one address: the limit has its own tests)
        }
    )
    yield World(app, app.test_client(), app.test_client())


# -- what every reply must be ------------------------------------------------------------------------


def describe(method: str, url: str, body: Any, headers: dict[str, str]) -> str:
    shown = body if not isinstance(body, bytes | str) or len(body) < 300 else f"{body[:300]!r}... ({len(body)} bytes)"
    return f"{method.upper()} {url} body={shown!r} headers={headers}"


# -- what the fuzzer sends ------------------------------------------------------------------------------

ALIASES = ["de-DE", "zh-CN", "pt_BR", "EN", "fr-ca", "zh"]
query_strings = st.one_of(
    st.just(""),
    st.sampled_from(list(LANGUAGES)).map(lambda lang: f"lang={lang}"),
    st.sampled_from(ALIASES).map(lambda lang: f"lang={quote(lang)}"),
    st.text(max_size=12).map(lambda text: f"lang={quote(text, safe='')}"),
    st.sampled_from(["lang=", "lang=%zz", "lang=%ff%fe", "lang=de&lang=xx", "lang", "lang=en%00", "x=1&lang=ar"]),
    st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3).map(
        lambda params: "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in params.items())
    ),
)
GAME_STATES = ["ready", "playing", "playing", "lost", "won", "foreign", "random"]
MODES = ["classic", "no-guess", "assist", "forgiving", "strict"]
PUZZLE_STATES = ["unsolved", "solved", "foreign", "random"]
#: ids of no resource; a "/" (even sent as %2F) would make the path another route, which the path fuzz covers
random_ids = st.text(min_size=1, max_size=24).filter(lambda text: "/" not in text and text not in (".", ".."))
origins = st.sampled_from([None, None, None, SAME_ORIGIN, FOREIGN_ORIGIN, "null"])


def nested(depth: int, kind: str) -> str:
    if kind == "list":
        return "[" * depth + "]" * depth
    if kind == "object":
        return '{"a":' * depth + "1" + "}" * depth
    return "[" * depth  # never closed


arbitrary_bodies = st.one_of(
    json_values,
    st.dictionaries(
        st.sampled_from(["row", "col", "preset", "height", "width", "mines", "mode", "seed", "max_rule",
                         "opened", "flagged"]),
        json_values,
    ),
    st.binary(max_size=64),
    st.builds(nested, st.integers(1, 5000), st.sampled_from(["list", "object", "open"])),
    st.sampled_from([60_000, 70_000, 300_000]).map(lambda size: '{"preset": "beginner", "pad": "' + "x" * size + '"}'),
    st.sampled_from([b"", b"{", b"{}}", b'{"row": 1,}', b"\xff\xfe{}", b"nul\x00l", b"NaN", b"1e999999",
                     b'{"row": 1e400, "col": -1e400}', b'{"row": NaN, "col": Infinity}',
                     b'"' + b"\\ud800" * 4 + b'"', b"[" * 20 + b"]" * 20]),
)


@dataclass
class Target:
    url: str
    size: tuple[int, int] | None = None  # the board of the game in the path


def draw_target(data: st.DataObject, world: World, path: str, own: bool = False) -> Target:
    """The operation's path with ids filled in: this session's resources in some state, or random text
    (``own``: this session's resources only, so that the route reads the body)."""
    url = path
    size = None
    if "{game_id}" in path:
        states = [state for state in GAME_STATES if not own or state not in ("foreign", "random")]
        state = data.draw(st.sampled_from(states), label="game state")
        if state == "random":
            game_id = data.draw(random_ids, label="game id")
        else:
            mode = data.draw(st.sampled_from(MODES), label="mode")
            game_id = world.game(state, mode, data.draw(st.integers(0, 10**6), label="seed"))
            size = world.size(game_id) if state != "foreign" else None
        url = url.replace("{game_id}", quote(game_id, safe=""))
    if "{puzzle_id}" in path:
        states = [state for state in PUZZLE_STATES if not own or state not in ("foreign", "random")]
        state = data.draw(st.sampled_from(states), label="puzzle state")
        puzzle_id = data.draw(random_ids, label="puzzle id") if state == "random" else world.puzzle(state)
        size = world.puzzle_size(puzzle_id) if state in ("unsolved", "solved") else None
        url = url.replace("{puzzle_id}", quote(puzzle_id, safe=""))
    if "{run_id}" in path:
        states = ["on"] if own else ["on", "foreign", "random"]
        state = data.draw(st.sampled_from(states), label="run state")
        run_id = data.draw(random_ids, label="run id") if state == "random" else world.run(state)
        url = url.replace("{run_id}", quote(run_id, safe=""))
    if "{topic}" in path:
        topics = st.sampled_from([str(topic) for topic in GuessTopic])
        url = url.replace("{topic}", quote(data.draw(topics if own else topics | random_ids, label="topic"), safe=""))
    if "{pattern_id}" in path:
        choices = st.sampled_from([pattern.id for pattern in PATTERNS if pattern.id != "enumeration"])
        pattern_id = data.draw(choices if own else choices | st.just("enumeration") | random_ids, label="pattern id")
        url = url.replace("{pattern_id}", quote(pattern_id, safe=""))
    return Target(url, size)


#: drawn the same way whatever the board (sizes depend on the app's random puzzles), then reduced to the board
coordinate = st.integers(0, 2**16)


def schema_enum(name: str, field: str) -> list[Any]:
    return list(COMPONENTS["schemas"][name]["properties"][field]["enum"])


def valid_body(data: st.DataObject, operation: dict[str, Any], target: Target) -> Any:
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    name = schema.get("$ref", "").rsplit("/", 1)[-1]
    if name == "Move" and target.size is not None and data.draw(st.booleans(), label="inside the board"):
        height, width = target.size
        return {"row": data.draw(coordinate) % height, "col": data.draw(coordinate) % width}
    if name in ("PositionBody", "ExportBody", "PositionGameBody") and data.draw(st.booleans(), label="a real position"):
        body = data.draw(position_bodies(game=name == "PositionGameBody"), label="position")
        if name == "ExportBody":
            body["format"] = data.draw(st.sampled_from(schema_enum("ExportBody", "format")), label="format")
        if validator(schema).is_valid(body):  # (tiles, mbf and link need the layout)
            return body
    if name == "Answer" and data.draw(st.booleans(), label="cells inside the board"):
        height, width = target.size or (10, 10)
        cell = st.tuples(coordinate, coordinate).map(lambda rc: [rc[0] % height, rc[1] % width])
        return {"opened": data.draw(st.lists(cell, max_size=4)), "flagged": data.draw(st.lists(cell, max_size=4))}
    return data.draw(from_schema(schema), label="body")


def send(world: World, method: str, url: str, body: Any, query: str, origin: str | None) -> tuple[TestResponse, str]:
    headers = {"Content-Type": "application/json"}
    if origin is not None:
        headers["Origin"] = origin
    raw = body if isinstance(body, bytes) else body.encode("utf-8", "surrogatepass") if isinstance(body, str) else (
        json.dumps(body).encode()
    )
    full = f"{url}?{query}" if query else url
    kwargs: dict[str, Any] = {"headers": headers, "query_string": query}
    if method != "get":
        kwargs["data"] = raw
    response = world.client.open(url, method=method.upper(), **kwargs)
    return response, describe(method, full, body if method != "get" else None, headers)


# -- the fuzz runs -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=OPERATION_IDS)
@FUZZ
@given(data=st.data())
def test_valid_requests_keep_the_contract(world: World, path: str, method: str, operation: dict, data: Any) -> None:
    target = draw_target(data, world, path)
    query = data.draw(st.sampled_from(["", *(f"lang={lang}" for lang in LANGUAGES)]), label="query")
    body = valid_body(data, operation, target) if "requestBody" in operation else None
    origin = data.draw(st.sampled_from([None, SAME_ORIGIN]), label="origin")
    response, request = send(world, method, target.url, body, query, origin)
    reply = check_reply(response, request, path, method)
    if response.status_code == 400:  # the server refuses what the schema accepts: only for a reason it cannot state
        explained = EXPLAINED_400.get(operation["operationId"])
        # (a NUL character anywhere is refused on every route: stated once for all, JSON Schema cannot say it of any key)
        assert carries_nul(body) or "%00" in target.url or (explained is not None and explained(body, target, world)), (
            f"a body the schema accepts was refused (the schema is looser than the server): {request} -> {reply!r}"
        )
    if path == "/api/openapi.json":
        assert reply == SPEC
    if path == "/api/games" and isinstance(body, dict) and body.get("preset") in ("beginner", "intermediate", "expert") and not carries_nul(body):
        if body.get("seed") is None or isinstance(body["seed"], int):
            assert response.status_code == 201, f"a valid preset was refused: {request} -> {reply!r}"


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=OPERATION_IDS)
@FUZZ
@given(data=st.data())
def test_arbitrary_requests_keep_the_contract(
    world: World, path: str, method: str, operation: dict, data: Any
) -> None:
    target = draw_target(data, world, path)
    query = data.draw(query_strings, label="query")
    body = data.draw(arbitrary_bodies, label="body") if method != "get" else None
    origin = data.draw(origins, label="origin")
    response, request = send(world, method, target.url, body, query, origin)
    check_reply(response, request, path, method)
    if method != "get" and origin in (FOREIGN_ORIGIN, "null"):
        assert response.status_code == 403, f"a state-changing request from another site was not refused: {request}"


# -- request bodies against their schemas, both ways --------------------------------------------------


def _outside(cell: Any, size: tuple[int, int] | None) -> bool:
    return size is None or not (isinstance(cell, list) and len(cell) == 2 and cell[0] < size[0] and cell[1] < size[1])


def _bad_position(body: Any, game: bool = False) -> bool:
    """What the schema cannot say of a position: its board is text in the board format (rows of one
    length, a mine count that fits...), its layout cells on that board with the mine count it gives;
    and for a game, a board of a game's size with at least one mine and one safe cell."""
    try:
        view = Board.parse(body["board"])
    except BoardParseError:
        return True
    layout = body.get("layout")
    if layout is None:
        return False  # (a game's body requires it: without it, its schema must refuse the body)
    cells = {tuple(cell) for cell in layout}
    if any(not (row < view.height and col < view.width) for row, col in cells):
        return True
    if view.mines is not None and view.mines != len(cells):
        return True
    return game and not (
        MIN_SIDE <= view.height <= CUSTOM_MAX_HEIGHT and MIN_SIDE <= view.width <= CUSTOM_MAX_WIDTH
        and 1 <= len(cells) < view.size
    )


def _unwritable(body: Any) -> bool:
    view = Board.parse(body["board"])
    if body["format"] == "jsm":
        return view.mines is None and body.get("layout") is None
    return body["format"] == "link" and max(view.height, view.width) > 99


def _bad_account(body: Any, world: World) -> bool:
    """A new account's name of letters, digits and ._- and a password not too easy to guess (zxcvbn)."""
    with world.app.test_request_context():
        try:
            name = accounts.check_username(body["username"])
            accounts.check_new_password(body["password"], name)
        except BadField:
            return True
    return False


def _deeper(body: Any) -> bool:
    """A no-guess board asked to need a rule deeper than the deepest it may need."""
    rules = [str(rule) for rule in DEPTHS]
    wanted, most = body.get("require_rule"), body.get("max_rule") or rules[-1]
    return wanted in rules and most in rules and rules.index(wanted) > rules.index(most)


#: why a body the schema accepts may still get a 400, by operation (``(body, target, world) -> bool``): what
#: the description states in words and JSON Schema cannot; any other 400 is a mismatch (the schema is looser)
def carries_nul(body: Any) -> bool:
    """A NUL character anywhere in a JSON body, keys included."""
    if isinstance(body, str):
        return "\x00" in body
    if isinstance(body, dict):
        return any(carries_nul(key) or carries_nul(value) for key, value in body.items())
    if isinstance(body, list):
        return any(carries_nul(item) for item in body)
    return False


EXPLAINED_400: dict[str, Any] = {
    # mines at most height x width - 9; require_rule never deeper than max_rule
    "createGame": lambda body, _target, _world: (body.get("preset") in (None, "custom")
                                                 and body.get("mines", 0) > body.get("height", 0) * body.get("width", 0) - 9)
    or _deeper(body),
    # a cell on this game's board, and a move the cell's state allows (a flag on an open cell, a chord...)
    "openCell": lambda _body, _target, _world: True,
    "chordCell": lambda _body, _target, _world: True,
    "toggleFlag": lambda _body, _target, _world: True,
    # covered cells of this puzzle's board, none both opened and flagged
    "answerPuzzle": lambda _body, _target, _world: True,
    "answerRun": lambda _body, _target, _world: True,
    # a covered cell of the puzzle the seed makes (a seed a puzzle came with)
    "answerGuessPuzzle": lambda _body, _target, _world: True,
    "analysePosition": lambda body, _target, _world: _bad_position(body),
    # and a format that can hold it: jsm needs the mine count, a link is at most 99 x 99
    "exportPosition": lambda body, _target, _world: _bad_position(body) or _unwritable(body),
    "playPosition": lambda body, _target, _world: _bad_position(body, game=True),
    # a file in its format (its content is any text, or base64)
    "importPosition": lambda _body, _target, _world: True,
    # a replay file's moves must be a game that could have been played
    "importReplay": lambda _body, _target, _world: True,
    "register": lambda body, _target, world: _bad_account(body, world),
}


@st.composite
def position_bodies(draw: st.DrawFn, game: bool = False) -> dict[str, Any]:
    """A real position (a view of a random layout on a small board) with its layout, sometimes none."""
    height, width = draw(st.integers(2, 9)), draw(st.integers(2, 9))
    size = height * width
    mines = draw(st.sets(st.integers(0, size - 1), min_size=1 if game else 0, max_size=size))
    layout = sum(1 << index for index in mines)
    revealed = draw(st.sets(st.integers(0, size - 1), max_size=size))
    around = neighbour_masks(height, width)
    cells = [
        (around[index] & layout).bit_count() if index in revealed and index not in mines else COVERED
        for index in range(size)
    ]
    text = str(Board(height, width, tuple(cells), len(mines) if draw(st.booleans()) else None))
    body: dict[str, Any] = {"board": text}
    if game or draw(st.booleans()):
        body["layout"] = [list(divmod(index, width)) for index in sorted(mines)]
    return body

#: values that break a field's schema in the usual ways: the wrong type, out of range, too long, not a cell
BREAKERS: list[Any] = [
    None, True, False, -1, 0, 1.5, 10**9, "", "x", "x" * 300, [], [[-1, 0]], [[0]], [["a", 0]], [0, 0], {}, {"a": 1},
]


def _property_names(schema: dict[str, Any]) -> set[str]:
    schema = resolve(schema)
    names = set(schema.get("properties", {})) | set(schema.get("required", ()))
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key, ()):
            names |= _property_names(branch)
    for key in ("if", "then"):
        if key in schema:
            names |= _property_names(schema[key])
    return names


def refused_bodies(schema: dict[str, Any], body: Any) -> list[Any]:
    """Bodies near the valid ``body`` that ``schema`` refuses: not an object, a field missing, a field
    broken (``BREAKERS``), an unknown field where none may be added."""
    valid = validator(schema).is_valid
    candidates: list[Any] = [[], [body], "x", 1, None, True]
    if isinstance(body, dict):
        for name in sorted(_property_names(schema) | set(body)):
            if name in body:
                candidates.append({key: value for key, value in body.items() if key != name})
            candidates.extend({**body, name: value} for value in BREAKERS)
        candidates.append({**body, "zz_unknown": 1})
    return [candidate for candidate in candidates if not valid(candidate)]


BODY_OPERATIONS = [(path, method, operation) for path, method, operation in OPERATIONS if "requestBody" in operation]


@pytest.mark.parametrize(("path", "method", "operation"), BODY_OPERATIONS,
                         ids=[f"{method.upper()} {path}" for path, method, _ in BODY_OPERATIONS])
@settings(FUZZ, max_examples=max(3, EXAMPLES // 10))
@given(data=st.data())
def test_bodies_the_schema_refuses_are_refused(world: World, path: str, method: str, operation: dict, data: Any) -> None:
    """The schema is never stricter than the server: every body it refuses near a valid one (each field
    missing or broken in each way, ``refused_bodies``) gets a 4xx, never a 2xx."""
    target = draw_target(data, world, path, own=True)
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    for body in refused_bodies(schema, valid_body(data, operation, target)):
        response, request = send(world, method, target.url, body, "", None)
        check_reply(response, request, path, method)
        assert 400 <= response.status_code < 500, (
            f"a body the schema refuses was accepted (the schema is stricter than the server): {request} -> "
            f"{response.status_code} {response.data[:300]!r}"
        )


def api_rules(app: Flask) -> list[tuple[str, frozenset[str]]]:
    return sorted((rule.rule, frozenset(rule.methods or ())) for rule in app.url_map.iter_rules()
                  if rule.rule.startswith("/api/"))


segments = st.text(alphabet=string.ascii_letters + string.digits + "-_.~%!$&'()*+,;=:@ é中", min_size=1, max_size=12)
METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"]


@settings(max_examples=2 * EXAMPLES, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@example(parts=["", "learn", "lessons"], method="GET", body=None, query="")  # a doubled slash
@example(parts=["learn", "", "progress"], method="GET", body=None, query="lang=de")
@example(parts=["nothing"], method="GET", body=None, query="lang=xx")  # an unknown path is 404 before its query
@given(
    parts=st.lists(segments | st.sampled_from(["", "games", "learn", "lessons", "puzzles", "simple"]),
                   min_size=1, max_size=5),
    method=st.sampled_from(METHODS),
    body=st.one_of(st.none(), json_values, st.binary(max_size=32)),
    query=query_strings,
)
def test_unknown_api_paths_are_json_404(world: World, parts: list[str], method: str, body: Any, query: str) -> None:
    path = "/api/" + "/".join(quote(part, safe="") for part in parts)
    try:
        world.app.url_map.bind("localhost").match(unquote(path), method=method)
        known = True
    except NotFound:
        known = False
    except (MethodNotAllowed, RequestRedirect):
        known = True
    response, request = send(world, method.lower(), path, body, query, None)
    check_reply(response, request)
    if not known:
        assert response.status_code == 404, f"{response.status_code} for an unknown path: {request}"


@settings(max_examples=2 * EXAMPLES, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_wrong_methods_are_json_405_with_allow(world: World, data: Any) -> None:
    rules = api_rules(world.app)
    rule, allowed = data.draw(st.sampled_from(rules), label="rule")
    method = data.draw(st.sampled_from([m for m in METHODS if m not in allowed]), label="method")
    ident = data.draw(st.one_of(random_ids, st.sampled_from(["lost", "won"]).map(lambda s: getattr(world, s)())),
                      label="id")
    url = re.sub(r"<[^>]+>", quote(ident, safe=""), rule)
    body = data.draw(st.one_of(st.none(), json_values), label="body")
    response, request = send(world, method.lower(), url, body, "", None)
    check_reply(response, request)
    assert response.status_code == 405, f"{response.status_code} for {request}"
    allow = {part.strip() for part in response.headers.get("Allow", "").split(",") if part.strip()}
    assert allow, f"405 without an Allow header for {request}"
    assert allow >= allowed - {"HEAD", "OPTIONS"}, f"Allow {allow} for {request}; the route takes {sorted(allowed)}"
