"""Errors on pages: the site's styled page (header, navigation, language menu), a title and message for the status in
the page's language, a link back to the game, the right status and no traceback; the API keeps its JSON errors."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape

from explainer.errors import BudgetExceeded
from explainer.words.i18n import translations
from web.security import CSRF_HEADER
from web.storage.games import GameNotFound


def main_of(html: str) -> str:
    match = re.search(r"<main\b.*?</main>", html, re.S)
    assert match, "the page has no <main>"
    return match.group(0)


def heading(html: str) -> str:
    match = re.search(r"<h2>(.*?)</h2>", main_of(html), re.S)
    assert match, "the error page has no title"
    return match.group(1)


def message(html: str) -> str:
    match = re.search(r'data-role="page-error">(.*?)</p>', html, re.S)
    assert match, "the error page has no message"
    return match.group(1)


def assert_error_page(response: Any, status: int, title: str, language: str = "en") -> str:
    """The site's error page for ``status``, in ``language``; its HTML."""
    html = response.get_data(as_text=True)
    assert response.status_code == status and response.mimetype == "text/html"
    assert f'<html lang="{language}"' in html
    assert 'data-nav="game"' in html and 'data-nav="leaderboards"' in html  # the site's header and navigation
    assert 'name="lang"' in html  # the language menu
    assert f'data-status="{status}"' in html and heading(html) == escape(translations(language).gettext(title))
    assert 'href="/" data-role="back-to-game"' in html
    assert f"<title>{escape(translations(language).gettext(title))} · " in html
    assert "Traceback" not in html and "werkzeug" not in html.lower()
    return html


def test_an_unknown_page_is_the_styled_404(client: FlaskClient) -> None:
    html = assert_error_page(client.get("/no-such-page"), 404, "Page not found")
    assert message(html) == "There is no page at this address. The link may be mistyped, or the page may have gone."
    assert "<!doctype html>" in html and "Not Found" not in html  # not Werkzeug's page


def test_the_error_page_speaks_the_page_s_language(client: FlaskClient) -> None:
    german = translations("de")
    html = assert_error_page(client.get("/no-such-page?lang=de"), 404, "Page not found", "de")
    assert german.gettext("Back to the game") != "Back to the game" and german.gettext("Back to the game") in html
    assert f'data-nav="game">{german.gettext("Game")}</a>' in html  # the header in German too
    assert message(html) == escape(german.gettext("There is no page at this address. The link may be mistyped, or the page may have gone."))
    # the language menu works as on any page: back to this address in the chosen language
    assert 'name="next" value="/no-such-page?lang=de"' in html
    chosen = client.post("/language", data={"lang": "fr", "next": "/no-such-page?lang=de"})
    assert chosen.status_code == 303 and chosen.headers["Location"] == "/no-such-page"
    assert_error_page(client.get("/no-such-page"), 404, "Page not found", "fr")


def test_a_page_asked_with_the_wrong_method_is_a_styled_405_that_says_allow(client: FlaskClient) -> None:
    response = client.get("/daily/beginner")  # the daily board is played with a form (POST)
    assert_error_page(response, 405, "Not available this way")
    assert "POST" in response.headers["Allow"]
    assert_error_page(client.post("/stats"), 405, "Not available this way")


@pytest.mark.parametrize("path", ["/games/no-such-game/review", "/games/no-such-game/analysis", "/learn/no-such-lesson"])
def test_unknown_games_and_lessons_are_styled_404s(client: FlaskClient, path: str) -> None:
    assert_error_page(client.get(path), 404, "Page not found")


def test_a_bad_leaderboard_choice_quotes_it_on_the_error_page(client: FlaskClient) -> None:
    for query, quoted in (("kind=zzz", "'zzz'"), ("kind=expert&mode=speedy", "'speedy'"), ("kind=", "''")):
        html = assert_error_page(client.get(f"/leaderboards?{query}"), 400, "Bad request")
        assert str(escape(quoted)) in message(html)


def test_a_form_from_an_old_session_is_a_styled_403(client: FlaskClient) -> None:
    client.get("/")  # a session, so its forms need its token
    response = client.post("/language", data={"lang": "de", "next": "/"}, headers={CSRF_HEADER: "not the token"})
    html = assert_error_page(response, 403, "Request refused")
    assert "reload it" in message(html)  # the refusal's own message, not the generic one


@pytest.mark.parametrize(
    ("error", "status", "title"),
    [
        (RuntimeError("boom: a bug"), 500, "Something went wrong"),
        (BudgetExceeded("time", 1.0, 2.0), 503, "Not available just now"),
        (GameNotFound("g-gone"), 404, "Page not found"),
    ],
)
def test_errors_raised_while_making_a_page_are_styled_pages(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, error: Exception, status: int, title: str
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> None:
        raise error

    monkeypatch.setattr("web.pages.stats.stats.player_stats", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    html = assert_error_page(client.get("/stats"), status, title)
    assert "boom" not in html


def test_the_error_page_falls_back_to_plain_text_when_it_cannot_be_drawn(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> str:
        raise RuntimeError("the templates are gone")

    monkeypatch.setattr("web.pages.errors.render_template", broken)
    response = client.get("/no-such-page")
    assert response.status_code == 404 and response.mimetype == "text/plain"
    assert response.get_data(as_text=True) == "404 Not Found\n"
    assert "the error page for status 404 failed" in caplog.text


def test_api_routes_keep_their_json_errors(client: FlaskClient) -> None:
    missing = client.get("/api/no-such-route")
    assert missing.status_code == 404 and missing.json == {"error": "no API route '/api/no-such-route'", "status": 404}
    wrong = client.delete("/api/games")
    assert wrong.status_code == 405 and wrong.is_json and "POST" in wrong.headers["Allow"]
    game = client.get("/api/games/no-such-game")
    assert game.status_code == 404 and game.json["error"] == "no game 'no-such-game' in this session"
    board = client.get("/api/leaderboards", query_string={"kind": "!"})
    assert board.status_code == 400 and board.is_json
