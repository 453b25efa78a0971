"""The OpenAPI description (``web.api.openapi``) stays in step with the app's routes and is valid OpenAPI 3.1."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from explainer.play.simulated_player import DEPTHS
from explainer.play.game import PRESETS
from explainer.words.i18n import LANGUAGES
from explainer.learn.lessons import PATTERNS
from explainer.play.game import Game
from explainer.play.moves import open_cell
from explainer.play.replay_file import to_replay
from web.accounts import PASSWORD_LENGTH
from web.replies.settings import CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH, CUSTOM_MIN_SIDE, MODES
from web.api.openapi import ERROR_STATUSES, openapi_spec
from web.security import MAX_URL_BYTES
from web.storage.results import MULTIPLIERS

HTTP_METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
#: methods every Flask rule gets for free; the description leaves them out
IMPLICIT = {"HEAD", "OPTIONS"}


def openapi_path(rule: str) -> str:
    """Flask ``/api/games/<game_id>`` (or ``<string:game_id>``) -> OpenAPI ``/api/games/{game_id}``."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def app_operations(app: Flask) -> set[tuple[str, str]]:
    found = set()
    for rule in app.url_map.iter_rules():
        if rule.rule == "/api" or rule.rule.startswith("/api/"):
            for method in (rule.methods or set()) - IMPLICIT:
                found.add((openapi_path(rule.rule), method.lower()))
    return found


def spec_operations(spec: dict[str, Any]) -> set[tuple[str, str]]:
    return {(path, method) for path, item in spec["paths"].items() for method in item if method in HTTP_METHODS}


@pytest.fixture
def spec() -> dict[str, Any]:
    return openapi_spec()


def test_openapi_path_conversion() -> None:
    assert openapi_path("/api/games/<game_id>/open") == "/api/games/{game_id}/open"
    assert openapi_path("/api/learn/puzzles/<string:puzzle_id>") == "/api/learn/puzzles/{puzzle_id}"
    assert openapi_path("/api/games") == "/api/games"


def test_every_api_route_is_described(app: Flask, spec: dict[str, Any]) -> None:
    missing = app_operations(app) - spec_operations(spec)
    assert not missing, f"routes under /api missing from web/openapi.py: {sorted(missing)}"


def test_every_described_operation_is_a_route(app: Flask, spec: dict[str, Any]) -> None:
    extra = spec_operations(spec) - app_operations(app)
    assert not extra, f"operations in web/openapi.py that are no route: {sorted(extra)}"


def test_the_description_lists_the_expected_routes(spec: dict[str, Any]) -> None:
    expected = {
        ("/api/games", "post"),
        ("/api/games/{game_id}", "get"),
        *((f"/api/games/{{game_id}}/{action}", "post") for action in ("open", "chord", "flag", "replay", "bot")),
        ("/api/games/{game_id}/hint", "get"),
        ("/api/games/{game_id}/probabilities", "get"),
        ("/api/learn/lessons", "get"),
        ("/api/learn/lessons/{pattern_id}", "get"),
        ("/api/learn/lessons/{pattern_id}/puzzles", "post"),
        ("/api/learn/puzzles/{puzzle_id}", "get"),
        ("/api/learn/puzzles/{puzzle_id}/answer", "post"),
        ("/api/learn/progress", "get"),
        ("/api/openapi.json", "get"),
    }
    assert expected <= spec_operations(spec)


def test_the_description_is_valid_openapi(spec: dict[str, Any]) -> None:
    assert spec["openapi"].startswith("3.1")
    validate(spec)  # openapi-spec-validator: raises on any structural error


def test_every_schema_is_valid_json_schema_and_every_ref_resolves(spec: dict[str, Any]) -> None:
    for name, schema in spec["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema)
    refs: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("$ref"), str):
                refs.append(node["$ref"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(spec)
    assert refs
    for ref in refs:
        assert ref.startswith("#/"), ref
        target: Any = spec
        for part in ref[2:].split("/"):
            assert isinstance(target, dict) and part in target, f"{ref} does not resolve"
            target = target[part]


def test_operations_are_complete(spec: dict[str, Any]) -> None:
    ids = []
    for path, item in spec["paths"].items():
        names = set(re.findall(r"{([^}]+)}", path))
        for method, operation in item.items():
            ids.append(operation["operationId"])
            assert operation["summary"] and operation["responses"], (path, method)
            successes = [code for code in operation["responses"] if code.startswith("2")]
            assert len(successes) == 1, (path, method, successes)
            reply = operation["responses"][successes[0]]
            # every reply is JSON, but a game's video (a binary file, by design)
            assert "application/json" in reply["content"] or path.endswith(".evf"), (path, method)
            params = [resolve(spec, p) for p in operation.get("parameters", [])]
            assert {p["name"] for p in params if p["in"] == "path"} == names, (path, method)
            if path != "/api/openapi.json":
                assert "lang" in {p["name"] for p in params if p["in"] == "query"}, (path, method)
            if method == "post":
                assert operation["requestBody"]["required"] is True, (path, method)
                assert "application/json" in operation["requestBody"]["content"], (path, method)
                assert {"400", "403", "413", "415"} <= set(operation["responses"]), (path, method)
            if names:
                assert "404" in operation["responses"], (path, method)
            for code in operation["responses"]:
                assert code.startswith("2") or int(code) in ERROR_STATUSES, (path, method, code)
    assert len(ids) == len(set(ids)), "operationIds must be unique"


def resolve(spec: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        target: Any = spec
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = target
    return node


def test_error_responses_are_the_error_object(spec: dict[str, Any]) -> None:
    responses = spec["components"]["responses"]
    for status in (400, 403, 404, 405, 409, 413, 415, 503):
        schema = responses[f"E{status}"]["content"]["application/json"]["schema"]
        assert resolve(spec, schema) is spec["components"]["schemas"]["Error"]
    error = spec["components"]["schemas"]["Error"]
    assert error["required"] == ["error", "status"]
    assert error["properties"]["error"]["type"] == "string" and error["properties"]["status"]["type"] == "integer"
    assert "Allow" in responses["E405"]["headers"]


def test_limits_and_enums_match_the_server(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    make_game = schemas["NewGame"]["properties"]
    assert set(PRESETS) <= set(make_game["preset"]["enum"])
    assert schemas[make_game["mode"]["$ref"].rsplit("/", 1)[1]]["enum"] == list(MODES)
    assert [rule for rule in make_game["max_rule"]["enum"] if rule] == [str(rule) for rule in DEPTHS]
    preset, custom = (branch["properties"] for branch in schemas["NewGame"]["anyOf"])  # each size checked where it is read
    assert preset["preset"]["enum"] == list(PRESETS) and preset["multiplier"]["enum"] == list(MULTIPLIERS)
    assert (custom["height"]["minimum"], custom["height"]["maximum"]) == (CUSTOM_MIN_SIDE, CUSTOM_MAX_HEIGHT)
    assert (custom["width"]["minimum"], custom["width"]["maximum"]) == (CUSTOM_MIN_SIDE, CUSTOM_MAX_WIDTH)
    assert custom["mines"]["minimum"] == 1
    assert make_game["seed"]["type"] == "integer"  # not nullable: a seed sent as null is refused
    move = schemas["Move"]
    assert move["required"] == ["row", "col"]
    assert move["properties"]["row"]["type"] == move["properties"]["col"]["type"] == "integer"
    parameters = spec["components"]["parameters"]
    assert all(re.search(parameters["lang"]["schema"]["pattern"], language) for language in LANGUAGES) and len(LANGUAGES) == 12
    assert parameters["pattern_id"]["schema"]["enum"] == [pattern.id for pattern in PATTERNS]


def test_request_examples_validate_against_the_body_schemas(spec: dict[str, Any]) -> None:
    def valid(name: str, body: Any) -> bool:
        return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": spec["components"]}).is_valid(body)

    assert valid("NewGame", {"preset": "expert"})
    assert valid("NewGame", {"height": 9, "width": 12, "mines": 20, "mode": "assist"})
    assert valid("NewGame", {"preset": "beginner", "mode": "no-guess", "max_rule": "pair"})
    assert not valid("NewGame", {"preset": "giant"})
    assert valid("NewGame", {"preset": "huge", "multiplier": 1.3})
    assert not valid("NewGame", {"preset": "expert", "multiplier": 2})
    assert not valid("NewGame", {"height": 9, "width": 12})
    assert not valid("NewGame", {"preset": "beginner", "max_rule": "pair"})  # no-guess only
    assert not valid("NewGame", {"height": 4, "width": 12, "mines": 20})
    assert valid("Move", {"row": 0, "col": 3}) and not valid("Move", {"row": "0", "col": 3})
    assert valid("Answer", {"opened": [[1, 2]], "flagged": []}) and not valid("Answer", {"opened": [[1]]})
    assert valid("Empty", {})


def test_request_bodies_are_as_strict_as_the_server(spec: dict[str, Any]) -> None:
    """What each route refuses or ignores (tests/web/test_web_fuzz.py sends them; these are the rules)."""

    def valid(name: str, body: Any) -> bool:
        return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": spec["components"]}).is_valid(body)

    assert not valid("NewGame", {"preset": "beginner", "seed": None})  # null is no seed
    assert valid("NewGame", {"preset": "beginner", "height": "ignored", "mines": -1})  # a preset ignores the size
    assert valid("NewGame", {"height": 9, "width": 9, "mines": 10, "multiplier": "ignored"})  # custom: no multiplier
    assert not valid("NewGame", {"preset": "beginner", "multiplier": 1.5})
    assert valid("NewGame", {"preset": "beginner", "warnings": False, "anything": 1})  # other fields are ignored
    for name in ("Empty", "Move", "Vision", "Answer", "PositionBody", "ImportBody", "Credentials", "ReplayFile"):
        assert not valid(name, []) and not valid(name, "x"), name  # a body is a JSON object
    assert not valid("Answer", {"opened": [[0, 8]]})  # a puzzle is at most 8 x 8
    assert not valid("Credentials", {"username": "", "password": "x"})
    assert not valid("Password", {"password": "x" * (PASSWORD_LENGTH[1] + 1)})
    assert not valid("NewAccount", {"username": "ab", "password": "a" * 12})
    assert not valid("NewAccount", {"username": "ada", "password": "short"})
    assert valid("FlagMove", {"row": 0, "col": 0, "flagged": None})  # null toggles, as no field
    assert not valid("PositionGameBody", {"board": "??\n??\n"})  # a game needs the layout
    assert not valid("PositionGameBody", {"board": "??\n??\n", "layout": []})
    assert not valid("ImportBody", {"content": "?", "base64": "yes"})
    game = Game.new(9, 9, 10, seed=3)
    open_cell(game, 4, 4)
    while not game.over:
        open_cell(game, *divmod(next(i for i in range(81) if not (game.revealed | game.layout) >> i & 1), 9))
    replay = to_replay(game)
    assert valid("ReplayFile", replay)
    assert not valid("ReplayFile", {**replay, "version": 2})
    assert not valid("ReplayFile", {**replay, "moves": [{"action": "open"}]})  # a move needs its cell
    assert valid("ReplayFile", {**replay, "moves": [*replay["moves"], {"action": "hint", "by": "player", "t": None}]})
    assert "414" in spec["paths"]["/api/games"]["post"]["responses"] and str(MAX_URL_BYTES) in ERROR_STATUSES[414]


def test_served_at_api_openapi_json(client: FlaskClient, spec: dict[str, Any]) -> None:
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response.is_json
    assert response.json == spec
    again = client.get("/api/openapi.json?lang=de")
    assert again.status_code == 200 and again.json == spec


def test_the_description_is_as_strict_as_the_server(client: FlaskClient, spec: dict[str, Any]) -> None:
    """The drift an audit's schema fuzz found: a value the description allows is never refused for its form, and a
    value it refuses is never accepted: ``lang`` in any case or with a region (and nothing around it), a
    leaderboard's ``kind`` only as the server reads it, and an integer written ``11.0`` (JSON Schema's integer)."""
    lang = spec["components"]["parameters"]["lang"]["schema"]["pattern"]
    for value, understood in (("JA", True), ("de-DE", True), ("zh_Hans", True), ("pt-br", True), ("xx", False),
                              (" de", False), ("de ", False), ("d", False)):
        assert bool(re.search(lang, value)) is understood, value
        status = client.get("/api/learn/lessons", query_string={"lang": value}).status_code
        assert (status == 200) is understood, (value, status)
    [leaderboards] = [operation for path, item in spec["paths"].items() for operation in item.values()
                      if isinstance(operation, dict) and operation.get("operationId") == "leaderboards"]
    kind = next(parameter for parameter in leaderboards["parameters"] if parameter.get("name") == "kind")["schema"]["pattern"]
    for value, good in (("expert", True), ("expert*1.2", True), ("20x12/50", True), ("global.all_found", False), ("Expert", False)):
        assert bool(re.search(kind, value)) is good, value
        status = client.get("/api/leaderboards", query_string={"kind": value}).status_code
        assert (status == 400) is not good, (value, status)
    whole = client.post("/api/games", json={"preset": "beginner", "seed": 11.0})
    plain = client.post("/api/games", json={"preset": "beginner", "seed": 11})
    assert whole.status_code == plain.status_code == 201
    game = whole.get_json()["game"]["id"]
    moved = client.post(f"/api/games/{game}/open", json={"row": 4.0, "col": 4.0})
    assert moved.status_code == 200, moved.get_json()
    assert client.post("/api/games", json={"preset": "beginner", "seed": 11.5}).status_code == 400
