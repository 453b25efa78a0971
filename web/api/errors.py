"""Errors as JSON: every problem with an API request is a 4xx with a message
that quotes the bad input, never a traceback.  The same errors on a page (outside
``/api/``) are the site's error page (``web.pages.errors``)."""

from __future__ import annotations

import logging

from flask import Flask, Response, current_app, jsonify, request
from flask_babel import gettext as _
from flask_babel import ngettext
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from explainer.errors import BudgetExceeded, EngineError
from explainer.play.history import HistoryFull
from explainer.words.i18n import LANGUAGES
from explainer.words.render import Renderer

from web.storage.games import GameBusy, GameNotFound, StoredGameError
from web.api.settings import SettingsError
from web.language import UnknownLanguage, select_language
from web.pages.errors import error_page, http_error_page
from web.storage.puzzles import PuzzleNotFound

__all__ = [
    "API_PREFIX",
    "ApiError",
    "BadRequestBody",
    "BotCannotMove",
    "GameOver",
    "LayoutHidden",
    "MoveLimitReached",
    "NotFinished",
    "ProbabilitiesUnavailable",
    "NotReplayable",
    "NothingToUndo",
    "NotLost",
    "NotStarted",
    "ReplyTooLarge",
    "BadPage",
    "ImportTooLarge",
    "TooManyRequests",
    "IMPORTS_REFUSED",
    "UrlTooLong",
    "UnsupportedBody",
    "VisionUnavailable",
    "register_error_handlers",
]

API_PREFIX = "/api/"
log = logging.getLogger(__name__)


class ApiError(Exception):
    """A request the API refuses, with its HTTP status; its message is already in the
    request's language (raised while answering a request, it is built with ``gettext``)."""

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
        # I18N: a move or hint asked of a finished game; %(game)s is the game's id, in quotes
        super().__init__(_("game %(game)s is over: start a new game or replay this one", game=repr(game_id)))


class NotReplayable(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        # I18N: a replay asked of a game that never had its first click; %(game)s is the game's id, in quotes
        super().__init__(
            _("game %(game)s has no board yet (it is placed at the first click), so it cannot be replayed", game=repr(game_id))
        )


class ProbabilitiesUnavailable(ApiError):
    """Exact probabilities could not be counted within the request's budget."""

    status = 503

    def __init__(self) -> None:
        # I18N: the probability overlay could not be computed for a very large or complex board
        super().__init__(_("Exact probabilities are unavailable for this board: counting them needs more than the server allows for one request. Hints still work."))


class LayoutHidden(ApiError):
    """An export that needs the layout of a game still in play."""

    status = 409

    def __init__(self, game_id: str, format_name: str) -> None:
        # I18N: a game exported, while still in play, to a file format that holds the mines; %(game)s is the
        # game's id, in quotes, %(format)s the format's name (tiles, mbf, link), which stays as it is
        super().__init__(
            _("game %(game)s is still being played: the %(format)s format holds its mines, which stay hidden until the game is over", game=repr(game_id), format=format_name)
        )


class VisionUnavailable(ApiError):
    """Mine vision asked on a daily board (the same board for every player) or before the mines are placed."""

    status = 409

    def __init__(self, daily: bool) -> None:
        if daily:
            # I18N: mine vision asked on the daily board
            super().__init__(_("Mine vision is off on the daily board: it is the same board for every player."))
        else:
            # I18N: mine vision asked before the first click (the mines are placed at the first click)
            super().__init__(_("The mines are placed at the first click: open a cell first."))


class NotFinished(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        # I18N: a replay asked of a game still in play; %(game)s is the game's id, in quotes
        super().__init__(
            _("game %(game)s is still being played: a board can be replayed once its game is over", game=repr(game_id))
        )


class NothingToUndo(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        # I18N: undo asked of a game with no move to take back; %(game)s is the game's id, in quotes
        super().__init__(_("game %(game)s has no move to undo", game=repr(game_id)))


class NotLost(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        # I18N: accepting a loss asked of a game that is not lost; %(game)s is the game's id, in quotes
        super().__init__(_("game %(game)s is not lost: there is no loss to accept", game=repr(game_id)))


class NotStarted(ApiError):
    status = 409

    def __init__(self, game_id: str) -> None:
        # I18N: mine probabilities asked before the first click; %(game)s is the game's id, in quotes
        super().__init__(_("game %(game)s has no open cell yet: the first click is always safe", game=repr(game_id)))


def error_response(message: str, status: int) -> tuple[Response, int]:
    """The API's error object; on a page (outside ``/api/``), the site's error page with the same message."""
    if not request.path.startswith(API_PREFIX):
        return error_page(status, message), status
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


class BotCannotMove(ApiError):
    """The bot has no move on this game's view (the message says why)."""

    status = 409

    def __init__(self, game_id: str, reason: str) -> None:
        # I18N: the bot has no move to make; %(game)s is the game's id, in quotes, %(reason)s the engine's
        # reason (in English, e.g. "nothing is left to open")
        super().__init__(_("the bot cannot move in game %(game)s: %(reason)s", game=repr(game_id), reason=reason))


class MoveLimitReached(ApiError):
    """A move (or help) asked of a game whose history is full (``explainer.play.history.history_limit``)."""

    status = 409

    def __init__(self, limit: int) -> None:
        # I18N: a move refused because the game's history is full; %(limit)s is the most moves (and hints) a game
        # of this size keeps, a number in the thousands that no real game reaches
        super().__init__(_("This game has reached its limit of %(limit)s moves.", limit=limit))


class ReplyTooLarge(ApiError):
    """A reply over ``MAX_REPLY_BYTES`` (``web.limits``): the hard cap behind each route's own limits."""

    status = 503

    def __init__(self, limit: int) -> None:
        # I18N: an API reply that would be larger than the server sends; %(limit)s is the limit in bytes
        super().__init__(_("The answer to this request would be larger than the %(limit)s bytes the server sends in one reply.", limit=limit))


class ImportTooLarge(ApiError):
    """A replay (file or video) larger than this server reviews: refused at the door."""

    status = 413


def N_(message: str) -> str:
    """Marks a message for translation where it is defined (it is translated where it is used)."""
    return message


# I18N: a replay import refused because this address sent too many in the last minute; %(seconds)s is how many
# seconds to wait
IMPORTS_REFUSED = N_("Too many imports from your address: try again in %(seconds)s seconds.")


class TooManyRequests(ApiError):
    """More requests of a kind than a client (or the server) takes: 429 (or 503 when the server is busy), with
    ``Retry-After``."""

    status = 429

    def __init__(self, message: str, retry_after: int, status: int | None = None) -> None:
        super().__init__(message, status)
        self.retry_after = retry_after


class BadPage(ApiError):
    """A page of a paged reply (a long game's review) that is no whole number, or past the last page."""

    def __init__(self, value: str, pages: int | None = None) -> None:
        if pages is None:
            # I18N: a page number (?page= of a long review) that is not a whole number >= 1; %(value)s is what was sent
            super().__init__(_("page must be a whole number >= 1, got %(value)s", value=value))
        else:
            # I18N: a page of a long review past its last page; %(value)s is the page asked for, %(num)s how many
            # pages the review has
            message = ngettext("page %(value)s does not exist: this review has %(num)s page", "page %(value)s does not exist: this review has %(num)s pages", pages, value=value)
            super().__init__(message, 404)


class UrlTooLong(ApiError):
    """A request whose URL (path and query) is longer than ``web.security.MAX_URL_BYTES``."""

    status = 414

    def __init__(self, length: int, limit: int) -> None:
        # I18N: a request whose address (path and query) is too long; %(length)s is its length in bytes,
        # %(limit)s the longest address accepted
        super().__init__(_("The address of this request is %(length)s bytes long; the limit is %(limit)s bytes.", length=length, limit=limit))
