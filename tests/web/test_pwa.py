"""Installable: the web app manifest, the service worker and the offline page (``web/pages/pwa.py``)."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from explainer.words.i18n import translations
from web.pages.pwa import BACKGROUND_COLOUR, STATIC_VERSION_HEADER, THEME_COLOUR, compute_version, precached_files

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "web" / "static"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (which must come first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def manifest(client: FlaskClient, query: str = "") -> dict[str, Any]:
    reply = client.get(f"/manifest.webmanifest{query}")
    assert reply.status_code == 200
    assert reply.mimetype == "application/manifest+json"
    body = json.loads(reply.get_data(as_text=True))
    assert isinstance(body, dict)
    return body


def worker_config(source: str) -> dict[str, Any]:
    match = re.search(r"^const CONFIG = (.*);$", source, re.M)
    assert match, "sw.js declares no CONFIG"
    config = json.loads(match.group(1))
    assert isinstance(config, dict)
    return config


def test_manifest_describes_a_standalone_app_started_at_the_root(client: FlaskClient) -> None:
    body = manifest(client, "?lang=en")
    assert body["name"] == "Explainable Minesweeper"
    assert body["short_name"] == "Minesweeper" and len(body["short_name"]) <= 12
    assert body["description"]
    assert (body["id"], body["start_url"], body["scope"], body["display"]) == ("/", "/", "/", "standalone")
    assert (body["lang"], body["dir"]) == ("en", "ltr")
    css = (STATIC / "css" / "app.css").read_text()
    light = css[css.index(":root {") : css.index("}", css.index(":root {"))]
    assert f"--panel: {THEME_COLOUR};" in light and f"--bg: {BACKGROUND_COLOUR};" in light
    assert (body["theme_color"], body["background_color"]) == (THEME_COLOUR, BACKGROUND_COLOUR)


def test_manifest_icons_exist_with_the_sizes_they_claim(client: FlaskClient) -> None:
    icons = manifest(client)["icons"]
    claimed = set()
    for icon in icons:
        reply = client.get(icon["src"])
        assert reply.status_code == 200, icon["src"]
        assert reply.mimetype == icon["type"], icon["src"]
        if icon["type"] == "image/png":
            width, height = png_size(reply.data)
            assert icon["sizes"] == f"{width}x{height}", icon["src"]
        else:
            assert icon["sizes"] == "any" and reply.data.lstrip().startswith(b"<svg")
        claimed.add((icon["sizes"], icon["type"], icon["purpose"]))
        reply.close()
    assert {
        ("any", "image/svg+xml", "any"),
        ("192x192", "image/png", "any"),
        ("512x512", "image/png", "any"),
        ("512x512", "image/png", "maskable"),
    } <= claimed


def test_maskable_icons_are_full_bleed_and_the_plain_ones_have_round_corners() -> None:
    """A maskable icon is cut by the launcher: no transparent pixel (its corner is the background); the plain
    ones have the favicon's transparent rounded corners.  (Filter 0 rows: the first pixel is bytes 1-4.)"""
    import zlib

    for name, corner_alpha in (("icon-maskable-512.png", 255), ("icon-maskable-192.png", 255), ("icon-180.png", 255), ("icon-512.png", 0)):
        data = (STATIC / "img" / name).read_bytes()
        width, _height = png_size(data)
        assert data[24:26] == bytes((8, 6)), name  # 8 bits, RGBA
        idat = data.index(b"IDAT")
        (length,) = struct.unpack(">I", data[idat - 4 : idat])
        first_row = zlib.decompress(data[idat + 4 : idat + 4 + length])[: 1 + 4 * width]
        assert first_row[0] == 0 and first_row[4] == corner_alpha, name


def test_manifest_names_speak_the_language_asked(client: FlaskClient) -> None:
    german = translations("de")
    body = manifest(client, "?lang=de")
    assert (body["lang"], body["dir"]) == ("de", "ltr")
    assert body["name"] == german.gettext("Explainable Minesweeper") != "Explainable Minesweeper"
    assert body["short_name"] == german.gettext("Minesweeper")
    arabic = manifest(client, "?lang=ar")
    assert (arabic["lang"], arabic["dir"]) == ("ar", "rtl")
    assert manifest(client, "?lang=xx")["lang"] == "en"  # an unknown language is ignored, as on the pages


def test_every_page_links_the_manifest_and_the_icons_in_its_head(client: FlaskClient) -> None:
    for path, lang in (("/stats", "en"), ("/?lang=de", "de"), ("/learn/?lang=ar", "ar")):
        html = client.get(path).get_data(as_text=True)
        head = html[: html.index("</head>")]
        link = re.search(r'<link rel="manifest" href="([^"]+)" data-service-worker="([^"]+)">', head)
        assert link, path
        assert link.group(1) == f"/manifest.webmanifest?lang={lang}" and link.group(2) == "/sw.js"
        touch = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', head)
        assert touch, path
        assert png_size(client.get(touch.group(1)).data) == (180, 180)
        assert f'<meta name="theme-color" content="{THEME_COLOUR}" media="(prefers-color-scheme: light)">' in head


def test_the_worker_is_served_from_the_root_as_javascript(app: Flask, client: FlaskClient) -> None:
    reply = client.get("/sw.js")
    assert reply.status_code == 200
    assert reply.mimetype == "text/javascript"
    assert reply.headers["Service-Worker-Allowed"] == "/"
    assert reply.headers["Cache-Control"] == "no-cache"
    assert "worker-src 'self'" in reply.headers["Content-Security-Policy"]
    config = worker_config(reply.get_data(as_text=True))
    assert config["offline"] == "/offline" and config["versionHeader"] == STATIC_VERSION_HEADER
    assert re.fullmatch(r"[0-9a-f]{16}", config["version"])
    # every static file is kept, and nothing else (no page, no API reply)
    assert config["precache"] == [f"/static/{name}" for name in precached_files(app)]
    assert {"/static/css/app.css", "/static/js/page.js", "/static/js/main.js", "/static/img/icon-192.png"} <= set(config["precache"])
    for url in config["precache"]:
        answer = client.get(url)
        assert answer.status_code == 200, url
        answer.close()
    # the pages say the version of the static files they expect, the worker's own
    assert client.get("/").headers[STATIC_VERSION_HEADER] == config["version"]
    assert STATIC_VERSION_HEADER not in client.get("/api/account").headers


def test_the_version_follows_the_static_files_and_the_offline_page(app: Flask, tmp_path: Path) -> None:
    before = compute_version(app)
    assert compute_version(app) == before  # the same files, the same version
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    app.static_folder = str(copy)
    assert compute_version(app) == before  # named relative to the folder: the place does not count
    (copy / "css" / "app.css").write_text((copy / "css" / "app.css").read_text() + "\n/* deployed */\n")
    changed = compute_version(app)
    assert changed != before
    (copy / "js" / "new.js").write_text("export {};\n")
    assert compute_version(app) not in (before, changed)


@pytest.mark.parametrize(("lang", "direction"), [("de", "ltr"), ("ar", "rtl")])
def test_offline_page_in_the_language_asked(client: FlaskClient, lang: str, direction: str) -> None:
    catalog = translations(lang)
    reply = client.get(f"/offline?lang={lang}")
    assert reply.status_code == 200
    assert reply.headers["Content-Language"] == lang
    html = reply.get_data(as_text=True)
    assert f'<html lang="{lang}" dir="{direction}">' in html
    assert f"<h1 class=\"title\">{catalog.gettext('Explainable Minesweeper')}</h1>" in html
    assert f"<h2>{catalog.gettext('The server cannot be reached')}</h2>" in html
    assert f'<a class="button-link" href="" data-action="retry">{catalog.gettext("Try again")}</a>' in html
    assert catalog.gettext("Explainable Minesweeper") != "Explainable Minesweeper"


def test_offline_page_holds_nothing_of_the_player(client: FlaskClient) -> None:
    """It is kept in the browser's cache: no session token, no username, no cookie set, and (as every page)
    no inline script or style."""
    name = "offline_ada"
    assert client.post("/api/account/register", json={"username": name, "password": "correct horse battery"}).status_code in (200, 201)
    assert name in client.get("/").get_data(as_text=True)
    reply = client.get("/offline")
    html = reply.get_data(as_text=True)
    assert name not in html and "csrf" not in html
    assert "Set-Cookie" not in reply.headers
    assert not re.search(r"<script(?![^>]*\bsrc=)", html) and " style=" not in html and "<style" not in html
    fresh = Flask.test_client(client.application)
    assert "Set-Cookie" not in fresh.get("/offline").headers  # starts no session either


def test_the_policy_allows_the_manifest_and_the_worker_from_this_site_only(client: FlaskClient) -> None:
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split(";")}
    assert directives["manifest-src"] == ["'self'"] and directives["worker-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]  # unchanged: the worker is a file of this site too
