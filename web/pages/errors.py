"""The HTML error pages: every error answered to a page (any path outside ``/api/``) is the site's page
``error.html``, with its header, navigation and language menu, a short title and message for the status in the
page's language, and a link back to the game.  ``web.error_replies`` decides, for each error, between this page and
the API's JSON error object; the status is always the error's own."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from flask import Response, render_template
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException
from werkzeug.http import HTTP_STATUS_CODES

__all__ = ["error_page", "http_error_page", "status_texts"]

log = logging.getLogger(__name__)


def status_texts(status: int) -> tuple[str, str]:
    """The title and the message an error page shows for ``status``, in the page's language."""
    if status == 400:
        # I18N: error page title (HTTP 400: a request the server cannot read)
        return _("Bad request"), _(
            # I18N: error page message (HTTP 400)
            "The server could not understand this request. Check the address, or go back and try again."
        )
    if status == 403:
        # I18N: error page title (HTTP 403: a request the server refuses)
        return _("Request refused"), _(
            # I18N: error page message (HTTP 403)
            "The server refused this request. Reload the page you came from and try again."
        )
    if status == 404:
        # I18N: error page title (HTTP 404: no page at this address)
        return _("Page not found"), _(
            # I18N: error page message (HTTP 404)
            "There is no page at this address. The link may be mistyped, or the page may have gone."
        )
    if status == 405:
        # I18N: error page title (HTTP 405: an address asked with the wrong method, e.g. a form sent to a page that only shows)
        return _("Not available this way"), _(
            # I18N: error page message (HTTP 405)
            "This address exists, but not for this kind of request. Open it from the site's links."
        )
    if status == 409:
        # I18N: error page title (HTTP 409: the request clashes with the current state, e.g. a game that changed)
        return _("Out of date"), _(
            # I18N: error page message (HTTP 409)
            "Something changed while this request was on its way. Reload the page and try again."
        )
    if status == 413:
        # I18N: error page title (HTTP 413: a form or file larger than the server accepts)
        return _("Too large"), _(
            # I18N: error page message (HTTP 413)
            "What was sent is larger than the server accepts."
        )
    if status == 414:
        # I18N: error page title (HTTP 414: an address longer than the server accepts)
        return _("Address too long"), _(
            # I18N: error page message (HTTP 414)
            "The address of this page is longer than the server accepts."
        )
    if status == 429:
        # I18N: error page title (HTTP 429: too many requests in a short time)
        return _("Too many requests"), _(
            # I18N: error page message (HTTP 429)
            "Too many requests in a short time. Wait a moment and try again."
        )
    if status == 503:
        # I18N: error page title (HTTP 503: the server cannot answer just now, e.g. a board that needs too much computing)
        return _("Not available just now"), _(
            # I18N: error page message (HTTP 503)
            "The server cannot answer this request just now. Try again in a moment."
        )
    if status >= 500:
        # I18N: error page title (HTTP 500 and other server failures)
        return _("Something went wrong"), _(
            # I18N: error page message (HTTP 500): the error was written to the server's log
            "The server failed to show this page. The error has been logged; try again in a moment."
        )
    # I18N: error page title (any other refused request)
    return _("Request refused"), _(
        # I18N: error page message (any other refused request)
        "The server could not answer this request."
    )


def error_page(status: int, message: str | None = None, headers: Iterable[tuple[str, str]] = ()) -> Response:
    """The error page for ``status``: its title, then ``message`` (what exactly went wrong, already in the page's
    language) or, without one, the status's own message.  Should the page itself fail (say, the database is gone
    and the header cannot name the player), a plain text page with the status's title, never a traceback."""
    title, generic = status_texts(status)
    try:
        response = Response(render_template("error.html", status=status, title=title, message=message or generic), status)
    except Exception:  # the last resort: logged, and a page that needs nothing
        log.exception("the error page for status %s failed", status)
        response = Response(f"{status} {HTTP_STATUS_CODES.get(status, title)}\n", status, mimetype="text/plain")
    for name, value in headers:
        response.headers[name] = value
    return response


def http_error_page(error: HTTPException, message: str | None = None) -> Response:
    """The error page for a routing or protocol error (404, 405, 413...), keeping its headers (``Allow``,
    ``Retry-After``) and a description written for it (Werkzeug's default descriptions are English and generic,
    so the status's own message stands in for them)."""
    status = error.code or 500
    if message is None and error.description and error.description != type(error).description:
        message = error.description
    kept = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
    return error_page(status, message, kept)
