"""The explainable Minesweeper web app (Flask application factory).

The engine (``explainer``) does all reasoning on the server; the browser only
ever sees what a player may see.
"""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_babel import Babel
from werkzeug.middleware.proxy_fix import ProxyFix

from explainer.words.i18n import LANGUAGES, locale_dirs
from web import limits, puzzle_pool, security, storage
from web.api import register as register_api
from web.error_replies import register_error_handlers
from web.replies.analysis import Analyses
from web.errors import IMPORTS_REFUSED
from web.clients import DoorRefusals, Refusals
from web.config import DEFAULTS, database_url, environment_settings, retention_days
from web.language import SharedCatalogs, direction, select_language
from web.identity import current_user
from web.pages import register as register_pages
from web.storage.keys import key_file, read_or_create_key, write_key

__all__ = ["create_app"]


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__, instance_relative_config=True)
    app.config.from_mapping(DEFAULTS)
    app.config.update(environment_settings())
    app.config.from_prefixed_env()
    if test_config:
        app.config.update(test_config)

    retention_days(app.config.get("RETENTION_DAYS"))  # a bad value stops the start (ConfigError)
    url = database_url(app.config.get("DATABASE_URL"), app.instance_path)
    if app.config.get("SECRET_KEY"):
        storage.init_app(app, url)
    else:
        key_path = key_file(app.config.get("SECRET_KEY_FILE"), app.instance_path)
        storage.init_app(app, url, on_old_key=lambda key: write_key(key_path, key))
        app.config["SECRET_KEY"] = read_or_create_key(key_path)

    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(str(folder) for folder in locale_dirs())
    babel = Babel(app, locale_selector=select_language)
    # replaces Flask-Babel's own .mo loader (whose Domain.__init__ has no annotations)
    babel.domain_instance = SharedCatalogs()  # type: ignore[no-untyped-call]
    app.extensions["analyses"] = Analyses(int(app.config["SOLUTION_CACHE_SIZE"]))
    # typed as the JSONProvider base, which has no sort_keys; the app's is Flask's DefaultJSONProvider, which does
    app.json.sort_keys = False  # type: ignore[attr-defined]

    # an import refused to a client: its next tries are answered before the app (web.api.games._count_import)
    app.extensions["import_refusals"] = refusals = Refusals()
    app.wsgi_app = DoorRefusals(app.wsgi_app, "/api/replays", refusals, IMPORTS_REFUSED)  # type: ignore[method-assign]
    proxies = int(app.config["PROXY_COUNT"])
    if proxies > 0:  # the client's address from X-Forwarded-For, as set by this many proxies
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies)  # type: ignore[method-assign]

    register_pages(app)
    register_api(app)  # the blueprints under /api
    register_error_handlers(app)  # every error as a reply: JSON under /api/, the error page elsewhere
    security.init_app(app)
    limits.init_app(app)
    puzzle_pool.init_app(app)  # flask --app web puzzles fill

    @app.context_processor
    def page_language() -> dict[str, Any]:
        language = select_language()
        return {
            "lang": language,
            "lang_tag": language.replace("_", "-"),
            "dir": direction(language),
            "languages": list(LANGUAGES.items()),
            "csrf_token": security.csrf_token,
            "current_user": current_user,
        }

    return app
