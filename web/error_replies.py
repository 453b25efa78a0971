"""Errors as replies: every problem with an API request is a 4xx with a message that quotes the bad input, never a
traceback; the same errors on a page (outside ``/api/``) are the site's error page (``web.pages.errors``).  The error
types are ``web.errors``; this module registers how each becomes a reply."""

from __future__ import annotations

import logging

from flask import Flask, Response, current_app, request
from flask_babel import gettext as _
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from explainer.errors import BudgetExceeded, EngineError
from explainer.play.history import HistoryFull
from explainer.words.i18n import LANGUAGES
from explainer.words.render import Renderer

from web.errors import API_PREFIX, ApiError, MoveLimitReached, error_json
from web.storage.games import GameBusy, GameNotFound, StoredGameError
from web.replies.settings import SettingsError
from web.language import UnknownLanguage, select_language
from web.pages.errors import error_page, http_error_page
from web.storage.puzzles import PuzzleNotFound
from web.storage.runs import RunNotFound

__all__ = ["error_response", "register_error_handlers"]

log = logging.getLogger(__name__)


def error_response(message: str, status: int) -> tuple[Response, int]:
    """The API's error object; on a page (outside ``/api/``), the site's error page with the same message."""
    if not request.path.startswith(API_PREFIX):
        return error_page(status, message), status
    return error_json(message, status), status


def _http_message(error: HTTPException, allow: str | None) -> str:
    """The reply's message for a routing or protocol error, quoting what was asked."""
    if error.code == 404:
        # I18N: an API address that does not exist; %(path)s is the address asked for
        return _("no API route %(path)s", path=repr(request.path))
    if error.code == 405 and allow:
        # I18N: an API route asked with the wrong HTTP method; %(allowed)s lists the methods it takes
        return _(
            "%(method)s is not allowed on %(path)s; use %(allowed)s",
            method=request.method,
            path=repr(request.path),
            allowed=allow,
        )
    if error.code == 413:
        # I18N: a request body over the size limit; %(limit)s is the limit in bytes
        return _("the request body is larger than the %(limit)s bytes allowed", limit=current_app.config["MAX_CONTENT_LENGTH"])
    return error.description or error.name


def register_error_handlers(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> ResponseReturnValue:
        response, status = error_response(str(error), error.status)
        retry_after = getattr(error, "retry_after", None)
        if isinstance(retry_after, int):
            response.headers["Retry-After"] = str(retry_after)
        return response, status

    @app.errorhandler(GameNotFound)
    def game_not_found(error: GameNotFound) -> ResponseReturnValue:
        # I18N: a game id that is not one of this browser session's games; %(game)s is the id asked for, in quotes
        return error_response(_("no game %(game)s in this session", game=repr(error.game_id)), 404)

    @app.errorhandler(PuzzleNotFound)
    def puzzle_not_found(error: PuzzleNotFound) -> ResponseReturnValue:
        # I18N: a practice puzzle id that is not one of this browser session's puzzles; %(puzzle)s is the id asked for, in quotes
        return error_response(_("no practice puzzle %(puzzle)s in this session", puzzle=repr(error.puzzle_id)), 404)

    @app.errorhandler(RunNotFound)
    def run_not_found(error: RunNotFound) -> ResponseReturnValue:
        # I18N: a Storm or Streak run id that is not one of this player's runs; %(run)s is the id asked for, in quotes
        return error_response(_("no run %(run)s for this player", run=repr(error.run_id)), 404)

    @app.errorhandler(SettingsError)
    def bad_settings(error: SettingsError) -> ResponseReturnValue:
        return error_response(str(error), 400)  # a lazy message: translated here, in the request's language

    @app.errorhandler(UnknownLanguage)
    def unknown_language(error: UnknownLanguage) -> ResponseReturnValue:
        # I18N: a ?lang= value that is not one of the site's languages; %(value)s is the value sent, in quotes,
        # %(languages)s the language codes (en, de, ...), which stay as they are
        message = _("unknown language %(value)s; choose one of: %(languages)s", value=repr(error.value), languages=", ".join(LANGUAGES))
        return error_response(message, 400)

    @app.errorhandler(EngineError)
    def engine_error(error: EngineError) -> ResponseReturnValue:
        """Everything the engine refuses, in one place: over budget 503, not found
        (an ``EngineError`` that is a ``LookupError``) 404, anything else 400."""
        if isinstance(error, BudgetExceeded):
            log.warning("over the engine budget on %s %s: %s", request.method, request.path, error)
            # I18N: a request whose analysis needed more time or memory than the server gives one request
            message = _("This board needs more computing than the server allows for one request, so nothing was done.")
            return error_response(message, 503)
        message = Renderer(select_language()).error(error)  # in the request's language where a catalog has it
        if isinstance(error, LookupError):
            return error_response(message, 404)  # on a page, an HTML 404 (an unknown lesson page)
        return error_response(message, 400)

    @app.errorhandler(GameBusy)
    def busy(error: GameBusy) -> ResponseReturnValue:
        # I18N: other requests kept changing the game while this move was computed; %(game)s is the game's id, in quotes
        return error_response(_("game %(game)s changed while this move was being computed: try again", game=repr(error.game_id)), 409)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        if not request.path.startswith(API_PREFIX):
            return http_error_page(error)
        headers = dict(error.get_headers())
        response, status = error_response(_http_message(error, headers.get("Allow")), error.code or 500)
        if "Allow" in headers:  # 405 lists the methods the route takes
            response.headers["Allow"] = headers["Allow"]
        return response, status

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> ResponseReturnValue:
        if isinstance(error, HTTPException):  # pragma: no cover - handled above
            return http_error(error)
        log.exception("unexpected error on %s %s", request.method, request.path)
        if not request.path.startswith(API_PREFIX):
            return error_page(500)
        # I18N: an unexpected server failure (a bug); the error was written to the server's log
        return error_response(_("the server failed to answer this request; it has been logged"), 500)

    @app.errorhandler(StoredGameError)
    def broken_row(error: StoredGameError) -> ResponseReturnValue:
        log.error("%s", error)
        # I18N: a saved game that the server cannot read back
        return error_response(_("this game's stored data is damaged and cannot be loaded"), 500)

    @app.errorhandler(HistoryFull)
    def history_full(error: HistoryFull) -> ResponseReturnValue:
        """The engine's refusal of a move past the game's history limit, in the request's language (409)."""
        return api_error(MoveLimitReached(error.limit))
