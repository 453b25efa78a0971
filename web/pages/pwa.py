"""Installable on a phone: the web app manifest (``/manifest.webmanifest``), the service worker (``/sw.js``,
served from the root so that its scope is the whole site) and the page it shows when the server cannot be
reached (``/offline``).

The worker (``web/templates/sw.js``) keeps the static files and the offline page in a cache named after
``static_version``: a hash of the static files, of the offline page's template and of the catalogs that
translate it.  A deploy that changes any of them changes ``/sw.js``, so the browser installs the new worker,
which replaces the old cache.  Pages and ``/api`` replies are never cached.  Every HTML reply says the version
its page expects (``X-Static-Version``): a worker of another version lets that page load its static files from
the network rather than serve it the old ones."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from explainer.words.i18n import locale_dirs
from web.language import direction, select_language

__all__ = ["BACKGROUND_COLOUR", "STATIC_VERSION_HEADER", "THEME_COLOUR", "bp", "compute_version", "precached_files", "static_version"]

bp = Blueprint("pwa", __name__)

#: the header bar (``--panel`` in web/static/css/app.css, light theme)
THEME_COLOUR = "#ffffff"
#: the page behind everything (``--bg``, light theme): the splash screen of the installed app
BACKGROUND_COLOUR = "#f3f5f9"

STATIC_VERSION_HEADER = "X-Static-Version"

OFFLINE_TEMPLATE = "offline.html"
WORKER_TEMPLATE = "sw.js"

_EXTENSION = "pwa"


def precached_files(app: Flask) -> list[str]:
    """Every file under the static folder, as paths relative to it, sorted."""
    folder = Path(str(app.static_folder))
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_file())


def compute_version(app: Flask) -> str:
    """A hash of what the worker and the page it keeps are made of: the static files, the offline page's and
    the worker's templates, the catalogs."""
    digest = hashlib.sha256()
    folder = Path(str(app.static_folder))
    templates = Path(app.root_path) / str(app.template_folder)
    # named relative to their folders: servers installed in different places agree on the version
    inputs = [(f"static/{name}", folder / name) for name in precached_files(app)]
    inputs += [(f"templates/{name}", templates / name) for name in (OFFLINE_TEMPLATE, WORKER_TEMPLATE)]
    for directory in locale_dirs():  # the sources when there are (the .mo files are built from them), else the .mo
        catalogs = sorted(directory.glob("*/LC_MESSAGES/*.po")) or sorted(directory.glob("*/LC_MESSAGES/*.mo"))
        inputs += [(f"locales/{path.relative_to(directory).as_posix()}", path) for path in catalogs]
    for name, path in inputs:
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def static_version(app: Flask) -> str:
    """The hash that names the worker's cache: computed once, when the app registers this blueprint."""
    return str(app.extensions[_EXTENSION]["version"])


@bp.record_once
def _compute_version(state: Any) -> None:
    state.app.extensions[_EXTENSION] = {"version": compute_version(state.app), "files": precached_files(state.app)}


@bp.after_app_request
def _say_static_version(response: Response) -> Response:
    if response.mimetype == "text/html":
        response.headers[STATIC_VERSION_HEADER] = static_version(current_app)
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest, its names in the page's language (the page links it with its ``?lang=``: browsers
    fetch a manifest without the session cookie)."""
    language = select_language()
    icon = {"src": url_for("static", filename="img/favicon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
    icons: list[dict[str, str]] = [icon]
    for size in (192, 512):
        icons.append({"src": url_for("static", filename=f"img/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"})
    for size in (192, 512):
        icons.append(
            {"src": url_for("static", filename=f"img/icon-maskable-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png", "purpose": "maskable"}
        )
    body = {
        "id": "/",
        # I18N: the installed app's name (web app manifest), as under its icon when there is room
        "name": _("Explainable Minesweeper"),
        # I18N: the installed app's short name, under its icon on a phone's home screen: keep it short (about 12 characters)
        "short_name": _("Minesweeper"),
        # I18N: the installed app's description (web app manifest, shown by app stores and install dialogs)
        "description": _("Minesweeper that explains every deduction, with hints, lessons and a bot to watch."),
        "lang": language.replace("_", "-"),
        "dir": direction(language),
        "start_url": url_for("pages.index"),
        "scope": url_for("pages.index"),
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games", "education"],
        "icons": icons,
    }
    return Response(json.dumps(body, ensure_ascii=False, indent=1), mimetype="application/manifest+json")


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The service worker, with its version and the files it keeps.  Browsers check it for updates on every
    visit (at most once a day whatever the cache headers say): ``no-cache`` makes the check reach the app."""
    config = {
        "version": static_version(current_app),
        "precache": [url_for("static", filename=name) for name in current_app.extensions[_EXTENSION]["files"]],
        "offline": url_for("pwa.offline"),
        "versionHeader": STATIC_VERSION_HEADER,
    }
    response = Response(render_template(WORKER_TEMPLATE, config=config), mimetype="text/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    """What the worker shows instead of a page when the server cannot be reached: in the language of the request
    (``?lang=``, the session, Accept-Language), without anything of the player's (it is kept in a cache).  Its
    ``Content-Language`` tells the worker which language the copy it keeps is in."""
    language = select_language()
    response = Response(render_template(OFFLINE_TEMPLATE), mimetype="text/html")
    response.headers["Content-Language"] = language.replace("_", "-")
    response.headers["Cache-Control"] = "no-cache"
    return response
