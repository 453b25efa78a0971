"""The API's error messages for bad input are in the request's language (``?lang=``, the
session, then Accept-Language, as for every other text) and still quote what was sent."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from explainer.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, translations
from web.replies.settings import CUSTOM_MAX_HEIGHT, CUSTOM_MIN_SIDE, SettingsError, custom_max_mines, settings_from_json

TRANSLATED = [code for code in LANGUAGES if code != DEFAULT_LANGUAGE]
MINES = "mines must be 1 to %(max)s on a %(width)s x %(height)s board, got %(value)s"
PRESET = "unknown preset %(preset)s; choose one of: %(presets)s"

#: bad new-game settings and the bit of the body each message must quote
BAD_SETTINGS: list[tuple[dict[str, Any], str]] = [
    ({"preset": "giant"}, "'giant'"),
    ({"preset": "beginner", "mode": "no guess"}, "'no guess'"),
    ({"preset": "beginner", "mode": "classic", "max_rule": "pair"}, "'pair'"),
    ({"preset": "beginner", "mode": "no-guess", "max_rule": "deep"}, "'deep'"),
    ({"preset": "beginner", "mode": "no-guess", "max_rule": 2}, "2"),
    ({"height": 9, "width": 9}, "'mines'"),
    ({"height": "9", "width": 9, "mines": 10}, "'9'"),
    ({"height": 9, "width": 9.5, "mines": 10}, "9.5"),
    ({"height": 9, "width": 9, "mines": None}, "None"),
    ({"height": CUSTOM_MIN_SIDE - 1, "width": 9, "mines": 3}, str(CUSTOM_MIN_SIDE - 1)),
    ({"height": 9, "width": 77, "mines": 3}, "77"),
    ({"height": 9, "width": 9, "mines": 999}, "999"),
    ({"preset": "beginner", "seed": -7}, "-7"),
]


def error(response: Any, status: int = 400) -> str:
    assert response.status_code == status, response.json
    assert response.json["status"] == status
    message = response.json["error"]
    assert isinstance(message, str) and message
    return message


def new_game(client: FlaskClient, body: dict[str, Any], **query: str) -> Any:
    return client.post("/api/games", json=body, query_string=query)


def started(client: FlaskClient) -> str:
    response = new_game(client, {"preset": "beginner", "seed": 3})
    game_id = response.json["game"]["id"]
    assert client.post(f"/api/games/{game_id}/open", json={"row": 4, "col": 4}).status_code == 200
    return game_id


# -- the custom board of the report: too many mines --------------------------------------


def test_too_many_mines_in_german_quotes_the_number_sent(client: FlaskClient) -> None:
    message = error(new_game(client, {"height": 30, "width": 50, "mines": 1500}, lang="de"))
    most = custom_max_mines(30, 50)
    params = {"max": most, "width": 50, "height": 30, "value": 1500}
    assert message == translations("de").gettext(MINES) % params
    assert "1500" in message and str(most) in message and "Minen" in message
    assert message != MINES % params and "must be" not in message


def test_too_many_mines_in_english_quotes_the_number_sent(client: FlaskClient) -> None:
    for query in ({}, {"lang": "en"}):
        message = error(new_game(client, {"height": 9, "width": 9, "mines": 999}, **query))
        assert message == "mines must be 1 to 72 on a 9 x 9 board, got 999"


def test_unknown_preset_in_french_quotes_the_preset(client: FlaskClient) -> None:
    message = error(new_game(client, {"preset": "énorme"}, lang="fr"))
    assert "'énorme'" in message and "mini, beginner, intermediate, expert, huge, custom" in message
    assert message.startswith("grille prédéfinie inconnue")


@pytest.mark.parametrize(("body", "quoted"), BAD_SETTINGS)
def test_english_messages_still_quote_the_value(client: FlaskClient, body: dict[str, Any], quoted: str) -> None:
    message = error(new_game(client, body))
    assert quoted in message
    assert message.isascii()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_settings_message_is_translated_and_quotes_the_value(client: FlaskClient, language: str) -> None:
    for body, quoted in BAD_SETTINGS:
        english = error(new_game(client, body, lang="en"))
        message = error(new_game(client, body, lang=language))
        assert quoted in message, (language, body, message)
        assert message != english, (language, body, message)


def test_the_language_comes_from_accept_language_and_the_session_too(client: FlaskClient) -> None:
    body = {"height": CUSTOM_MAX_HEIGHT + 1, "width": 9, "mines": 3}
    by_header = error(client.post("/api/games", json=body, headers={"Accept-Language": "es-MX,es;q=0.9"}))
    assert by_header.startswith("el alto") and str(CUSTOM_MAX_HEIGHT + 1) in by_header
    client.get("/?lang=it")  # the page remembers the language in the session
    by_session = error(client.post("/api/games", json=body))
    assert by_session.startswith("l’altezza") and str(CUSTOM_MAX_HEIGHT + 1) in by_session


# -- built outside a request: English, translated when turned into text ------------------


def test_settings_errors_outside_a_request_are_english_and_quote_the_value() -> None:
    with pytest.raises(SettingsError) as caught:
        settings_from_json({"height": 9, "width": 9, "mines": 0})
    assert str(caught.value) == "mines must be 1 to 72 on a 9 x 9 board, got 0"
    with pytest.raises(SettingsError, match="'giant'"):
        settings_from_json({"preset": "giant"})


def test_a_settings_error_is_translated_when_read_in_a_request(app: Flask) -> None:
    with pytest.raises(SettingsError) as caught:
        settings_from_json({"preset": "giant"})
    with app.test_request_context("/api/games?lang=ru"):
        assert str(caught.value).startswith("неизвестное готовое поле 'giant'")
    with app.test_request_context("/api/games?lang=ja"):
        assert str(caught.value).startswith("'giant' は不明なプリセットです")
    assert str(caught.value).startswith("unknown preset 'giant'")


# -- the other messages a player can cause -----------------------------------------------


def test_game_messages_are_translated(client: FlaskClient) -> None:
    game_id = started(client)
    message = error(client.post(f"/api/games/{game_id}/replay?lang=de", json={}), 409)  # still being played
    assert f"'{game_id}'" in message and message.startswith("Das Spiel")
    message = error(client.get("/api/games/nope?lang=ja"), 404)
    assert message == "このセッションにゲーム 'nope' はありません"
    message = error(client.post(f"/api/games/{game_id}/flag?lang=ru", json={"col": 1}))
    assert message == translations("ru").gettext("%(field)s is missing") % {"field": "row"} != "row is missing"
    ready = new_game(client, {"preset": "beginner"}).json["game"]["id"]
    message = error(client.get(f"/api/games/{ready}/probabilities?lang=es"), 409)
    assert f"'{ready}'" in message and "primer clic" in message


def test_request_body_messages_are_translated(client: FlaskClient) -> None:
    message = error(client.post("/api/games?lang=pl", data="[1, 2]", content_type="application/json"))
    assert "[1, 2]" in message and message.startswith("treść musi być")
    message = error(client.post("/api/games?lang=pt", data="x", content_type="text/plain"), 415)
    assert "'text/plain'" in message and "objeto JSON" in message
    message = error(new_game(client, {"preset": "beginner", "seed": "x"}, lang="ko"))
    assert "'x'" in message and "seed" in message and "받은 값" in message


def test_unknown_language_is_refused_in_the_language_of_the_browser(client: FlaskClient) -> None:
    game_id = started(client)
    response = client.get(f"/api/games/{game_id}/hint?lang=xx", headers={"Accept-Language": "fr"})
    message = error(response)
    assert "'xx'" in message and message.startswith("langue inconnue")


def test_practice_messages_are_translated(client: FlaskClient) -> None:
    message = error(client.get("/api/learn/puzzles/nope?lang=zh_Hans"), 404)
    assert message == "本次会话中没有练习题 'nope'"
    puzzle = client.post("/api/learn/lessons/simple/puzzles", json={}).json["puzzle"]
    response = client.post(f"/api/learn/puzzles/{puzzle['id']}/answer?lang=ar", json={"opened": "A1"})
    message = error(response)
    arabic = translations("ar").gettext("%(field)s must be a list, got %(value)s")
    assert message == arabic % {"field": "opened", "value": "'A1'"} and not message.startswith("opened must")
