"""The API's request bodies come from their pydantic models (``web.bodies``): each refusal is one translated 400
naming the field and quoting what was sent, and the description's body schemas are the models' own; the replies
declared with their types have the schemas pydantic makes of those types."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web.api.openapi import openapi_spec, reply_schemas, reply_types
from web.bodies import BODIES, body_schemas
from tests.support.web_client import new_puzzle, started

SECRET = "p" * 200


def _route(client: FlaskClient, name: str) -> str:
    if name in {"open", "flag", "vision", "undo"}:
        return f"/api/games/{started(client)}/{name}"
    if name == "answer":
        return f"/api/learn/puzzles/{new_puzzle(client)['id']}/answer"
    return f"/api/account/{name}"


@pytest.mark.parametrize(
    ("route", "body", "message"),
    [
        ("open", {"col": 1}, "row is missing"),
        ("open", {"row": "a", "col": 0}, "row must be a whole number, got 'a'"),
        ("open", {"row": 1, "col": 1.5}, "col must be a whole number, got 1.5"),
        ("open", {"row": 99, "col": 0}, "row must be 29 or less, got 99"),
        ("open", {"row": 0, "col": -2}, "col must be 0 or more, got -2"),
        ("flag", {"row": 1, "col": 1, "flagged": "yes"}, "flagged must be true or false, got 'yes'"),
        ("vision", {"on": 1}, "on must be true or false, got 1"),
        ("answer", {"opened": "A1"}, "opened must be a list, got 'A1'"),
        ("answer", {"flagged": [[1]]}, "flagged[0] must have 2 items, got [1]"),
        ("answer", {"opened": [[1, 9]]}, "opened[0][1] must be 7 or less, got 9"),
        ("sign-in", {"username": "ada", "password": SECRET}, "password must have at most 128 characters"),
        ("sign-in", {"username": 5, "password": "x"}, "username must be text"),
        ("sign-in", {"username": "", "password": "x"}, "Enter a username."),  # the form's own words
        ("register", {"username": "ada", "password": "short"}, "A password is 8 to 128 characters long; this one has 5."),
    ],
)
def test_a_bad_field_is_one_400_naming_it(client: FlaskClient, route: str, body: dict[str, Any], message: str) -> None:
    response = client.post(_route(client, route), json=body)
    assert response.status_code == 400, response.json
    assert response.json == {"error": message, "status": 400}
    assert SECRET not in response.get_data(as_text=True)


def test_a_game_s_empty_body_takes_any_object_and_nothing_else(client: FlaskClient) -> None:
    game_id = started(client)
    assert client.post(f"/api/games/{game_id}/undo", json={"anything": [1, 2]}).status_code == 200
    response = client.post(f"/api/games/{game_id}/undo", json=[])
    assert response.status_code == 400 and "[]" in response.json["error"]


def test_the_description_s_bodies_are_the_models(app: Flask) -> None:
    """Each model's schema is in the description under its name, as pydantic makes it, and every route that
    reads a model's body names that schema."""
    with app.test_request_context():
        spec = openapi_spec()
    schemas = spec["components"]["schemas"]
    made = body_schemas("#/components/schemas/{model}")
    assert {model.__name__ for model in BODIES} <= set(made)  # and the named types they use (Mode)
    for name, schema in made.items():
        assert schemas[name] == schema
    used = {
        operation["requestBody"]["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]
        for path in spec["paths"].values() for operation in path.values()
        if isinstance(operation, dict) and "requestBody" in operation
    }
    assert {model.__name__ for model in BODIES} <= used


def test_the_description_s_replies_are_their_types() -> None:
    """Each reply type's schema (and each type it is made of) is in the description under its name less "Json",
    as pydantic makes it of the ``TypedDict``: a count at least 0, a ratio in [0, 1], a mode one of the game's."""
    schemas = openapi_spec()["components"]["schemas"]
    made = reply_schemas(reply_types(), "#/components/schemas/{model}")
    assert {"User", "BoardStats", "GuessCounts", "Community", "TimeRow", "RatioRow", "Leaderboards", "DailyBoard", "Position",
            "ExportedFile", "Progress", "PracticeItem", "LastMiss", "Puzzle"} <= set(made)
    for name, schema in made.items():
        assert schemas[name] == schema, name
    stats = schemas["BoardStats"]["properties"]
    assert stats["played"] == {"type": "integer", "minimum": 0}
    assert stats["win_ratio"]["anyOf"][0] == {"type": "number", "minimum": 0, "maximum": 1}
    assert stats["mode"]["enum"] == ["classic", "no-guess", "assist", "forgiving", "strict"]
    assert "bot" in stats["unranked_reasons"]["propertyNames"]["enum"] and "title" not in str(schemas["TimeRow"])
    # the engine's shapes: plain TypedDicts whose limits (annotated_types) and descriptions (Doc) reach the description
    move = schemas["ReviewedMove"]["properties"]
    assert move["history"] == {"type": "integer", "minimum": 0,
                               "description": "The move's record in the game's history (0-based)."}
    assert schemas["Guess"]["properties"]["probability"] == {"type": "number", "minimum": 0, "maximum": 1}
    assert schemas["Highlight"]["properties"]["roles"]["minItems"] == 1
    assert schemas["Deduction"]["properties"]["lead"]["description"].startswith("The sentences before")
