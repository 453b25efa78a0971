"""Real replies, made on purpose in the states the fuzzer reaches only by luck, match the OpenAPI
description (``web.api.openapi``), whose enums come from the engine's named types: a hint and a bot move
cut short by the engine's budget, a loss the player may still undo (the API names it ``lost``, with
``end.pending``), the same loss accepted, a won game with its review, and the 503 of the probabilities
over budget (the error object)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from explainer.play.game import Game, GameState
from explainer.play.history import ACTIONS, ASSISTED, BY
from explainer.review import Verdict
from web.api.openapi import openapi_spec

from tests.support.web_client import create, move
from tests.support.replies import check_reply
from tests.support.web_client import adversarial_game, stored

__all__: list[str] = []


def _checked(response: TestResponse, path: str, method: str = "get") -> Any:
    """``check_reply``'s contract; a 503 (the engine over its budget) is one the operation declares, with
    the error object."""
    if response.status_code == 503:
        assert "503" in openapi_spec()["paths"][path][method]["responses"], path
        data = response.get_json()
        assert set(data) == {"error", "status"} and data["status"] == 503 and data["error"]
        return data
    return check_reply(response, f"{method.upper()} {path}", path, method)


def test_the_description_names_the_engine_types() -> None:
    schemas = openapi_spec()["components"]["schemas"]
    move_schema = schemas["ReviewedMove"]["properties"]
    verdicts = schemas[move_schema["verdict"]["$ref"].rsplit("/", 1)[1]]  # a named type: Verdict
    assert verdicts["enum"] == [str(verdict) for verdict in Verdict]
    assert set(move_schema["action"]["enum"]) <= set(ACTIONS) and move_schema["by"]["enum"] == list(BY)
    game = schemas["Game"]["properties"]
    assert game["state"]["enum"] == ["lost", "playing", "ready", "won"]  # a pending loss is lost, with end.pending
    assert schemas["GameSummary"]["properties"]["assisted"]["items"]["enum"] == list(ASSISTED)
    assert game["summary"] == {"$ref": "#/components/schemas/GameSummary"}


def test_replies_cut_short_by_the_budget_match_the_description(tight_app: Flask) -> None:
    client = tight_app.test_client()
    game_id = stored(tight_app, client, adversarial_game(2))
    hint = _checked(client.get(f"/api/games/{game_id}/hint"), "/api/games/{game_id}/hint")
    assert hint["hint"]["kind"] in ("deduction", "unavailable") and hint["hint"]["text"]
    over = client.get(f"/api/games/{game_id}/probabilities")
    assert over.status_code == 503
    _checked(over, "/api/games/{game_id}/probabilities")
    bot = client.post(f"/api/games/{game_id}/bot", json={})
    assert bot.status_code in (200, 503)
    _checked(bot, "/api/games/{game_id}/bot", "post")


def test_a_pending_loss_its_acceptance_and_a_win_match_the_description(
    client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game]
) -> None:
    game_id = create(client, preset="beginner", seed=3)["id"]
    assert move(client, game_id, "open", 4, 4).status_code == 200
    game = stored_game(client, game_id)
    assert game.layout is not None
    mine = next(i for i in range(game.size) if game.layout >> i & 1 and not game.revealed >> i & 1)
    lost = move(client, game_id, "open", *divmod(mine, game.width))
    reply = _checked(lost, "/api/games/{game_id}/open", "post")
    assert reply["game"]["state"] == "lost" and reply["game"]["end"]["pending"] is True
    assert stored_game(client, game_id).state is GameState.LOSS_PENDING
    accepted = _checked(client.post(f"/api/games/{game_id}/accept", json={}), "/api/games/{game_id}/accept", "post")
    assert accepted["game"]["end"]["pending"] is False and stored_game(client, game_id).state is GameState.LOST
    review = _checked(client.get(f"/api/games/{game_id}/review"), "/api/games/{game_id}/review")
    assert {item["verdict"] for item in review["review"]["moves"]} <= {str(v) for v in Verdict}

    won_id = create(client, preset="beginner", seed=4)["id"]
    move(client, won_id, "open", 4, 4)
    won = stored_game(client, won_id)
    assert won.layout is not None
    for index in range(won.size):
        if not won.layout >> index & 1 and not stored_game(client, won_id).revealed >> index & 1:
            last = move(client, won_id, "open", *divmod(index, won.width))
    assert _checked(last, "/api/games/{game_id}/open", "post")["game"]["state"] == "won"
    _checked(client.get(f"/api/games/{won_id}/review"), "/api/games/{game_id}/review")


def _schema_object(schema: dict[str, Any]) -> dict[str, Any]:
    """The object schema behind a ``$ref`` or a nullable ``anyOf``."""
    schemas = openapi_spec()["components"]["schemas"]
    while True:
        if "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[1]]
        elif "properties" not in schema and "anyOf" in schema:
            schema = next(part for part in schema["anyOf"] if part.get("type") != "null")
        elif schema.get("type") == "array":
            schema = schema["items"]
        else:
            return schema


def _shapes() -> list[tuple[Any, str]]:
    """The JSON shapes described by a model apart from their type (the replay file: the engine's ``TypedDict`` writes
    it, the body model ``web.bodies.ReplayFile`` describes what the reader takes), with that part: a schema's name,
    then the properties on the way to it."""
    from explainer.play.replay_file import ReplayFile, ReplayMove

    return [(ReplayFile, "ReplayFile"), (ReplayMove, "ReplayFile.moves")]


def test_every_reply_type_and_its_description_name_the_same_fields() -> None:
    """Each ``TypedDict`` a reply is made of names the fields its part of the OpenAPI description names,
    and every field the description requires is one the type always has."""
    schemas = openapi_spec()["components"]["schemas"]
    apart: dict[str, tuple[set[str], set[str]]] = {}
    for typed, where in _shapes():
        name, *path = where.split(".")
        schema = schemas[name]
        for key in path:
            schema = _schema_object(schema["properties"][key])
        schema = _schema_object(schema)
        fields = set(typed.__required_keys__) | set(typed.__optional_keys__)
        described = set(schema["properties"])
        if fields != described:
            apart[where] = (fields - described, described - fields)  # (undescribed, never sent)
        loose = set(schema.get("required", [])) - set(typed.__required_keys__)
        if loose:
            apart[f"{where} (required)"] = (loose, set())
    assert not apart, apart


def test_the_description_takes_its_enums_from_the_types() -> None:
    from explainer.core.json_shapes import ROLES
    from explainer.play.losses import LOSS_KINDS

    schemas = openapi_spec()["components"]["schemas"]
    assert schemas["Highlight"]["properties"]["roles"]["items"]["enum"] == list(ROLES)
    assert schemas["LossReport"]["properties"]["kind"]["enum"] == list(LOSS_KINDS)
