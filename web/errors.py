"""Every error the web refuses a request with, in one module at the bottom of ``web/`` (it imports no other module
of the web): ``ApiError`` and its kinds, each with its HTTP status and a message already in the request's language.
How each becomes a reply — the JSON error object under ``/api/``, the site's error page elsewhere — is
``web.error_replies``."""

from __future__ import annotations

from typing import Annotated

from flask import Response, jsonify
from flask_babel import gettext as _
from flask_babel import ngettext
from pydantic import Field
from typing_extensions import TypedDict

API_PREFIX = "/api/"


class ErrorJson(TypedDict):
    """The API's error object."""

    error: Annotated[str, Field(description="What was wrong, quoting the bad input.")]
    status: Annotated[int, Field(ge=400, le=599, description="The HTTP status code of the response.")]


def error_json(message: str, status: int) -> Response:
    """The API's error object: ``{"error": message, "status": status}``."""
    reply: ErrorJson = {"error": message, "status": status}
    return jsonify(reply)


__all__ = [
    "API_PREFIX",
    "ApiError",
    "error_json",
    "ErrorJson",
    "BadCredentials",
    "BadField",
    "BadPage",
    "BadRequestBody",
    "BotCannotMove",
    "CrossSiteRequest",
    "DailyHidden",
    "DailyPlayed",
    "GameOver",
    "IMPORTS_REFUSED",
    "ImportTooLarge",
    "LayoutHidden",
    "MoveLimitReached",
    "N_",
    "NameTaken",
    "NoPuzzle",
    "NotFinished",
    "NotLost",
    "NotReplayable",
    "NotSignedIn",
    "NotStarted",
    "NothingMissed",
    "NothingToUndo",
    "ProbabilitiesUnavailable",
    "PuzzleSolved",
    "RunMovedOn",
    "RunOver",
    "ReplyTooLarge",
    "StalePage",
    "TooManyAttempts",
    "TooManyRequests",
    "UnknownPreset",
    "UnsupportedBody",
    "UrlTooLong",
    "VisionUnavailable",
]


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


class BadField(ApiError):
    status = 400


class BadCredentials(ApiError):
    status = 401


class NotSignedIn(ApiError):
    status = 401


class NameTaken(ApiError):
    status = 409


class TooManyAttempts(ApiError):
    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class UnknownPreset(ApiError):
    status = 404


class PuzzleSolved(ApiError):
    status = 409

    def __init__(self, puzzle_id: str) -> None:
        # I18N: an answer sent for a practice puzzle already solved; %(puzzle)s is the puzzle's id, in quotes
        super().__init__(_("practice puzzle %(puzzle)s is already solved: ask for a new one", puzzle=repr(puzzle_id)))


class RunOver(ApiError):
    status = 409

    def __init__(self, run_id: str) -> None:
        # I18N: an answer sent to a Storm or Streak run that has ended; %(run)s is the run's id, in quotes
        super().__init__(_("run %(run)s is over: start a new one", run=repr(run_id)))


class RunMovedOn(ApiError):
    status = 409

    def __init__(self, run_id: str) -> None:
        # I18N: two answers sent to the same puzzle of a Storm or Streak run at once; %(run)s is the run's id, in quotes
        super().__init__(_("another answer to run %(run)s came first: this one was not counted", run=repr(run_id)))


class NoPuzzle(ApiError):
    status = 409


class NothingMissed(ApiError):
    status = 409

    def __init__(self) -> None:
        # I18N: "Your practice" asked for a puzzle while the player's finished games show no step missed
        super().__init__(_("your finished games show no step missed yet: play a game, or practise a lesson"))


class DailyPlayed(ApiError):
    """This player's attempt at today's board is gone (the account that made it was deleted)."""

    status = 409


class DailyHidden(ApiError):
    """What would show a daily board's layout, asked before its day ended (``opens``: when its day ends, as the
    reader writes a date and time)."""

    status = 409

    def __init__(self, opens: str) -> None:
        # I18N: the review, replay or replay file of a daily board asked on its own day; %(time)s is when the next
        # day begins (UTC), in the reader's date format
        super().__init__(_("The daily board's mines stay hidden until the day ends: this opens on %(time)s (UTC).", time=opens))


class CrossSiteRequest(ApiError):
    status = 403


class StalePage(ApiError):
    """A state-changing request from a page whose CSRF token is missing or belongs to another session."""

    status = 403
