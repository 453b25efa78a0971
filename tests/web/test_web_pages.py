"""The HTML page, the language choice and the run command."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from markupsafe import escape

from explainer.words.i18n import LANGUAGES, translations
from explainer.words.modes import LOSS_REPORT_DESCRIPTION, MODE_DESCRIPTIONS
from web.__main__ import main as run_main
from web.config import ConfigError, database_path, database_url

ROOT = Path(__file__).resolve().parents[2]


def page_config(html: str) -> dict:
    match = re.search(r'<script id="app-config" type="application/json">(.*?)</script>', html, re.S)
    assert match, "the page has no config"
    return json.loads(match.group(1))


def test_page_has_the_stable_test_hooks(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    for hook in ('data-action="hint"', 'data-action="new-game"', 'data-role="explanation"', 'name="lang"'):
        assert hook in html
    for code, native in LANGUAGES.items():
        assert f'<option value="{code}"' in html and native in html
    for role in ("clue", "common", "unique-a", "unique-b", "safe", "mine", "wrong-flag", "known-mine", "safest"):
        assert f'data-highlight="{role}"' in html  # the legend


def test_page_knows_the_sessions_current_game(client: FlaskClient) -> None:
    assert page_config(client.get("/").get_data(as_text=True))["gameId"] is None
    game_id = client.post("/api/games", json={"preset": "beginner"}).json["game"]["id"]
    assert page_config(client.get("/").get_data(as_text=True))["gameId"] == game_id


def test_page_never_contains_the_layout(client: FlaskClient, stored_game) -> None:
    game_id = client.post("/api/games", json={"preset": "expert", "seed": 987654321987}).json["game"]["id"]
    client.post(f"/api/games/{game_id}/open", json={"row": 8, "col": 8})
    game = stored_game(client, game_id)
    html = client.get("/").get_data(as_text=True)
    assert str(game.layout) not in html and str(game.seed) not in html and hex(game.layout or 0)[2:] not in html
    assert set(page_config(html)) == {
        "gameId", "apiRoot", "lang", "langTag", "texts", "limits", "presets", "multipliers", "modeNames", "unrankedNames", "learnRoot",
        "reviewRoot",
    }


def test_new_game_form_offers_every_mode_with_its_description(client: FlaskClient) -> None:
    html = client.get("/?lang=en").get_data(as_text=True)
    for mode, description in MODE_DESCRIPTIONS.items():
        assert f'<input type="radio" name="mode" value="{mode}"' in html
        assert f'data-mode-description="{mode}">{escape(description)}</span>' in html
    assert escape(LOSS_REPORT_DESCRIPTION) in html
    assert set(page_config(html)["modeNames"]) == {str(mode) for mode in MODE_DESCRIPTIONS}


def test_mode_descriptions_go_through_the_catalog(client: FlaskClient) -> None:
    german = translations("de")
    html = client.get("/?lang=de").get_data(as_text=True)
    for mode, description in MODE_DESCRIPTIONS.items():
        assert f'data-mode-description="{mode}">{escape(german.gettext(description))}</span>' in html


@pytest.mark.parametrize(
    ("header", "lang", "direction"),
    [("de-DE,de;q=0.9", "de", "ltr"), ("ar", "ar", "rtl"), ("zh-CN", "zh-Hans", "ltr"), ("xx, pl;q=0.5", "pl", "ltr")],
)
def test_default_language_from_accept_language(client: FlaskClient, header: str, lang: str, direction: str) -> None:
    html = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{lang}" dir="{direction}">' in html


def test_no_accept_language_is_english(client: FlaskClient) -> None:
    assert '<html lang="en" dir="ltr">' in client.get("/").get_data(as_text=True)


def test_language_choice_is_remembered_in_the_session(client: FlaskClient) -> None:
    response = client.post("/language", data={"lang": "ar", "next": "/?x=1"})
    assert response.status_code == 303 and response.headers["Location"] == "/?x=1"
    html = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="ar" dir="rtl">' in html
    assert '<option value="ar" lang="ar" selected>' in html


def test_query_language_is_remembered_and_a_bad_one_ignored(client: FlaskClient) -> None:
    assert '<html lang="fr"' in client.get("/?lang=fr").get_data(as_text=True)
    assert '<html lang="fr"' in client.get("/").get_data(as_text=True)
    assert '<html lang="fr"' in client.get("/?lang=klingon").get_data(as_text=True)
    client.post("/language", data={"lang": "klingon"})
    assert '<html lang="fr"' in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", ""])
def test_language_redirect_stays_on_the_site(client: FlaskClient, target: str) -> None:
    response = client.post("/language", data={"lang": "de", "next": target})
    assert response.headers["Location"] == "/"


def test_german_page_shows_translated_ui_strings(client: FlaskClient) -> None:
    """Needs the German catalog to translate the web's msgids (filled by the translators)."""
    german = translations("de")
    html = client.get("/?lang=de").get_data(as_text=True)
    for msgid in ("New game", "Hint", "Explanation", "Language"):
        translated = german.gettext(msgid)
        assert translated != msgid, f"the German catalog does not translate {msgid!r} yet"
        assert translated in html
    assert "<kbd>Leertaste</kbd> <kbd>Eingabe</kbd>" in html  # the keys' names too


def test_html_pages_404_as_html(client: FlaskClient) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404 and not response.is_json


# -- configuration -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (None, "/inst/minesweeper.sqlite3"),
        ("sqlite:////abs/games.db", "/abs/games.db"),
        ("sqlite:///rel/games.db", "rel/games.db"),
        ("/plain/path.db", "/plain/path.db"),
    ],
)
def test_database_path(url: str | None, expected: str) -> None:
    assert database_path(url, "/inst") == Path(expected)


@pytest.mark.parametrize(
    "url", ["mysql://x/y", "sqlite://relative", "sqlite:///:memory:", "sqlite:///", "postgresql://", "postgres://?host=/x"]
)
def test_bad_database_url(url: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(repr(url))):
        database_url(url, "/inst")


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://u:p@db.example/games", "postgresql+psycopg://u:p@db.example/games"),
        ("postgres://u@/games?host=/run/pg", "postgresql+psycopg://u@/games?host=/run/pg"),
        ("sqlite:////abs/games.db", "sqlite:////abs/games.db"),
    ],
)
def test_database_url(url: str, expected: str) -> None:
    assert database_url(url, "/inst") == expected


# -- the run command -------------------------------------------------------------------------


def test_run_command_rejects_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run_main(["--port", "http"])
    assert stop.value.code == 2 and "'http'" in capsys.readouterr().err


def test_run_command_reports_a_bad_database_url(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("DATABASE_URL", "mysql://db/games")
    assert run_main(["--port", "0"]) == 2
    assert "mysql://db/games" in capsys.readouterr().err


def test_run_command_reports_an_unreachable_server_without_its_password(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://player:hunter2@db.invalid/games")
    assert run_main(["--port", "0"]) == 2
    error = capsys.readouterr().err
    assert "cannot open the games database 'postgresql://player:***@db.invalid/games'" in error
    assert "hunter2" not in error and "Traceback" not in error


def test_run_command_reports_an_unusable_database(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where a folder should be")
    monkeypatch.setenv("DATABASE_URL", str(blocker / "games.sqlite3"))
    assert run_main(["--port", "0"]) == 2
    assert "cannot open the games database" in capsys.readouterr().err


def test_run_command_serves_on_loopback_and_prints_the_address(tmp_path: Path) -> None:
    env = {**os.environ, "DATABASE_URL": str(tmp_path / "run.sqlite3"), "PORT": "0"}
    process = subprocess.Popen(
        [sys.executable, "-m", "web"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        import urllib.request

        deadline = time.monotonic() + 10
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{match.group(1)}/", timeout=5) as response:
                    assert response.status == 200
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        assert (tmp_path / "run.sqlite3").is_file()
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_page_and_engine_share_one_catalog(app) -> None:
    """Flask-Babel's gettext goes through the engine's loader: same catalog, same answers."""
    import flask_babel

    msgid = "Look at the mine counter and the covered cells that are left."
    for language in ("de", "ar", "zh_Hans", "en"):
        with app.test_request_context(f"/?lang={language}"):
            assert flask_babel.get_translations() is translations(language)
            assert flask_babel.gettext(msgid) == translations(language).gettext(msgid)
