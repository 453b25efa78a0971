"""Errors as JSON: every problem with an API request is a 4xx with a message
that quotes the bad input, never a traceback."""

from __future__ import annotations

import logging

from flask import Flask, Response, current_app, jsonify, request
from flask_babel import gettext as _
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException, InternalServerError, NotFound, ServiceUnavailable

from explainer.errors import BudgetExceeded, EngineError

from web.storage.games import GameBusy, GameNotFound, StoredGameError
from web.api.settings import SettingsError
from web.language import UnknownLanguage
from web.storage.puzzles import PuzzleNotFound

__all__ = [
    "API_PREFIX",
    "ApiError",
    "BadRequestBody",
    "BotCannotMove",
    "GameOver",
    "NotFinished",
    "ProbabilitiesUnavailable",
    "NotReplayable",
    "NotStarted",
    "UnsupportedBody",
    "register_error_handlers",
]

API_PREFIX = "/api/"
log = logging.getLogger(__name__)


class ApiError(Exception):
    """A request the API refuses, with its HTTP status."""

    status = 400

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        if status is not None:
            self.status = status


class BadRequestBody(ApiError):
    """The body is not the JSON object the route expects."""


class UnsupportedBody(ApiError):
    status = 415


class GameOver(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} is over: start a new game or replay this one")


class NotReplayable(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} has no board yet (it is placed at the first click), so it cannot be replayed")


class ProbabilitiesUnavailable(ApiError):
    """Exact probabilities could not be counted within the request's budget."""

    status = 503

    def __init__(self) -> None:
        # I18N: the probability overlay could not be computed for a very large or complex board
        super().__init__(_("Exact probabilities are unavailable for this board: counting them needs more than the server allows for one request. Hints still work."))


class NotFinished(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} is still being played: a board can be replayed once its game is over")


class NotStarted(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        super().__init__(f"game {game_id!r} has no open cell yet: the first click is always safe")


def error_response(message: str, status: int) -> tuple[Response, int]:
    return jsonify({"error": message, "status": status}), status


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
        return error_response(str(error), error.status)

    @app.errorhandler(GameNotFound)
    @app.errorhandler(PuzzleNotFound)
    def not_found(error: LookupError) -> ResponseReturnValue:
        return error_response(str(error), 404)

    @app.errorhandler(SettingsError)
    @app.errorhandler(UnknownLanguage)
    def bad_value(error: ValueError) -> ResponseReturnValue:
        return error_response(str(error), 400)

    @app.errorhandler(EngineError)
    def engine_error(error: EngineError) -> ResponseReturnValue:
        """Everything the engine refuses, in one place: over budget 503, not found
        (an ``EngineError`` that is a ``LookupError``) 404, anything else 400."""
        if isinstance(error, BudgetExceeded):
            log.warning("over the engine budget on %s %s: %s", request.method, request.path, error)
            # I18N: a request whose analysis needed more time or memory than the server gives one request
            message = _("This board needs more computing than the server allows for one request, so nothing was done.")
            if not request.path.startswith(API_PREFIX):
                return ServiceUnavailable(message)
            return error_response(message, 503)
        if isinstance(error, LookupError):
            if not request.path.startswith(API_PREFIX):
                return NotFound(str(error))  # an HTML 404 (an unknown lesson page)
            return error_response(str(error), 404)
        return error_response(str(error), 400)

    @app.errorhandler(GameBusy)
    def busy(error: GameBusy) -> ResponseReturnValue:
        return error_response(str(error), 409)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> ResponseReturnValue:
        if not request.path.startswith(API_PREFIX):
            return error
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
            return InternalServerError()
        return error_response("the server failed to answer this request; it has been logged", 500)

    @app.errorhandler(StoredGameError)
    def broken_row(error: StoredGameError) -> ResponseReturnValue:
        log.error("%s", error)
        return error_response("this game's stored data is damaged and cannot be loaded", 500)


class BotCannotMove(ApiError):
    """The bot has no move on this game's view (the message says why)."""

    status = 409

    def __init__(self, game_id: str, reason: str) -> None:
        super().__init__(f"the bot cannot move in game {game_id!r}: {reason}")
