"""What every request and reply goes through: requests from other sites refused,
bodies bounded, security headers on every reply.

* A state-changing request (any method but GET, HEAD, OPTIONS) whose ``Origin``
  is not this site (or, without ``Origin``, whose ``Sec-Fetch-Site`` says
  ``cross-site``) gets 403.  Clients that are not browsers send neither header
  and are not affected.  ``TRUSTED_ORIGINS`` adds origins (e.g. the public
  ``https://`` address when a proxy rewrites the host).
* A state-changing ``/api`` request must carry ``Content-Type: application/json``
  (415 otherwise): a plain HTML form on another site cannot send that without
  the browser asking first, so the Origin check has a second line behind it.
* A state-changing request that carries the session cookie must carry the
  session's CSRF token too (``X-CSRF-Token`` header, or a ``csrf_token`` form
  field), else 403 "the page is out of date".  Pages hold it in a
  ``<meta name="csrf-token">`` and their forms; every reply to a session repeats
  it in the ``X-CSRF-Token`` header.  The token is an HMAC of the session id under
  ``SECRET_KEY`` (so every server sharing the key accepts it) and changes when
  the session id does: signing in or out makes older pages' tokens stale.
  A request without the cookie rides no session, so it needs none.
* Bodies are limited by ``MAX_CONTENT_LENGTH`` (413) and JSON bodies by nesting
  depth (``json_depth``, 400 past ``MAX_JSON_DEPTH``); a state-changing ``/api``
  request's body must be a JSON object (400), whether the route reads it or not.
* URLs are limited to ``MAX_URL_BYTES`` (path and query as sent): a longer one
  gets ``414``, JSON on ``/api`` and a plain page elsewhere.  gunicorn's own
  request-line limit is set above it (``gunicorn.conf.py``) so that the app is
  the one that answers.
* Replies carry a Content-Security-Policy (scripts, styles and frames from this
  site only; no framing by any site), ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy`` and ``X-Frame-Options``.  Cookies get ``Secure`` when
  ``SESSION_COOKIE_SECURE`` is set (``FLASK_SESSION_COOKIE_SECURE=true`` behind HTTPS).
"""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request, session
from flask_babel import gettext as _

from explainer.formats.videos import MAX_VIDEO_BYTES
from explainer import inputs
from web.errors import BadRequestBody, CrossSiteRequest, StalePage, UnsupportedBody, UrlTooLong
from web.language import requested_language

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "CrossSiteRequest",
    "MAX_JSON_DEPTH",
    "MAX_URL_BYTES",
    "SECURITY_HEADERS",
    "StalePage",
    "csrf_token",
    "init_app",
    "json_depth",
    "token_for",
    "url_bytes",
]

CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf_token"

#: no request this API understands nests deeper than 3; anything past this is refused unparsed
MAX_JSON_DEPTH = 16

#: the longest URL (path and query, in bytes as sent) a request may have: the app's addresses are short
#: (a game id and ``?lang=``); a share link of the largest board a game can have (50 x 30) is at most about
#: 1,900 with its layout (1,560 without)
MAX_URL_BYTES = 2048

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}



def token_for(secret: str, sid: str) -> str:
    """The CSRF token of session ``sid`` under the signing key ``secret``."""
    return hmac.new(secret.encode(), f"csrf:{sid}".encode(), hashlib.sha256).hexdigest()


def csrf_token() -> str:
    """This session's CSRF token; a page asked with GET starts a session when there is none.  A
    refused write (say, a form posted from another site, which arrives without the cookie) starts
    none: its reply must not set a cookie that would replace the player's session."""
    from web.identity import session_id

    if not isinstance(session.get("sid"), str) and request.method not in SAFE_METHODS:
        return ""
    return token_for(str(current_app.config["SECRET_KEY"]), session_id())


def _check_token() -> None:
    if current_app.config["SESSION_COOKIE_NAME"] not in request.cookies:
        return
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        sent = request.form.get(CSRF_FIELD)
    sid = session.get("sid")
    if not sent or not isinstance(sid, str) or not hmac.compare_digest(sent, token_for(str(current_app.config["SECRET_KEY"]), sid)):
        # I18N: a form or move sent from a page that belongs to an older session (e.g. before signing in or out elsewhere)
        raise StalePage(_("This page is out of date (you may have signed in or out in another tab): reload it and try again."))


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _trusted(origin: str) -> bool:
    if origin == _origin(request.host_url):
        return True
    return origin in {_origin(o) for o in current_app.config.get("TRUSTED_ORIGINS", ())}


def url_bytes() -> int:
    """The length in bytes of the request's URL as the client sent it (path and query)."""
    environ = request.environ
    raw = environ.get("RAW_URI") or environ.get("REQUEST_URI")  # gunicorn, werkzeug's server and test client
    if isinstance(raw, str):
        return len(raw.encode("latin-1", "replace"))  # WSGI strings hold the bytes as latin-1
    query = environ.get("QUERY_STRING", "")
    return len((environ.get("SCRIPT_NAME", "") + environ.get("PATH_INFO", "")).encode("latin-1", "replace")) + (
        len(query) + 1 if query else 0
    )


#: the body ``POST /api/replays`` may have: a replay video at its largest, base64-encoded, and its name
VIDEO_BODY_BYTES = MAX_VIDEO_BYTES * 4 // 3 + 4096


def check_request() -> None:
    """Before every request: refuse a URL that is too long, cross-site writes, non-JSON API writes,
    bodies nested too deeply or that are no JSON object, and (on ``/api``) an unknown ``?lang=`` — in
    that order."""
    length = url_bytes()
    if length > MAX_URL_BYTES:
        raise UrlTooLong(length, MAX_URL_BYTES)
    if request.routing_exception is not None:
        return  # unknown routes and methods: 404/405 come next
    api = request.path.startswith("/api/")
    if request.endpoint == "api.import_replay":
        # a replay video comes base64-encoded in its JSON body: this one route takes a larger body
        request.max_content_length = VIDEO_BODY_BYTES
    if request.method not in SAFE_METHODS:
        _check_write(api)
    _refuse_nul()  # (after the checks of a write: a request from another site is refused as such first)
    if api:
        requested_language()  # every /api route refuses an unknown ?lang= alike (400)


def _refuse_nul() -> None:
    """A NUL character anywhere in the address, the query, a form or a JSON body (``\\u0000``) is refused with
    400: no field takes one, and PostgreSQL refuses it in text (a 500 there before)."""
    carried = "\x00" in request.path or any("\x00" in key or "\x00" in value for key, value in request.args.items(multi=True))
    if not carried and request.method not in SAFE_METHODS:
        if request.is_json:
            body = request.get_data(cache=True)
            carried = b"\x00" in body or b"\\u0000" in body
        else:
            carried = any("\x00" in key or "\x00" in value for key, value in request.form.items(multi=True))
    if carried:
        # I18N: a request that carried a NUL character (an invisible control character no field accepts)
        raise BadRequestBody(_("a request may not carry a NUL character (\\0)"))


def _check_write(api: bool) -> None:
    origin = request.headers.get("Origin")
    if origin is not None:
        if origin == "null" or not _trusted(origin.strip()):
            # I18N: a request sent by a page of another site was refused; %(origin)s is that site
            raise CrossSiteRequest(_("requests from another site are refused (Origin %(origin)s)", origin=repr(origin)))
    elif request.headers.get("Sec-Fetch-Site") == "cross-site":
        raise CrossSiteRequest(_("requests from another site are refused (Origin %(origin)s)", origin="?"))
    if not api:
        _check_token()
        return
    if not request.is_json:
        raise UnsupportedBody(
            # I18N: an API request without a JSON body; %(found)s is the content type it had
            _(
                "send a JSON object with Content-Type: application/json, got %(found)s",
                found=repr(request.mimetype or "no content type"),
            )
        )
    if json_depth(request.get_data(cache=True)) > MAX_JSON_DEPTH:
        # I18N: a request body nested too deeply; %(limit)s is the largest depth accepted
        raise BadRequestBody(_("the body nests JSON deeper than %(limit)s levels; no request needs that", limit=MAX_JSON_DEPTH))
    if not isinstance(request.get_json(silent=True), dict):  # parsed once: the route's get_json reads the cache
        # I18N: a request body that is not a JSON object; %(body)s is the start of the body sent, in quotes
        raise BadRequestBody(_("the body must be a JSON object, got %(body)s", body=repr(request.get_data(as_text=True)[:80])))
    _check_token()


def json_depth(text: bytes | str, limit: int = MAX_JSON_DEPTH) -> int:
    """``explainer.inputs.json_depth``, stopping past this app's limit."""
    return inputs.json_depth(text, limit)


def add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.path.startswith("/api/"):
        response.headers.setdefault("Cache-Control", "no-store")
    sid = session.get("sid")
    if isinstance(sid, str):
        response.headers[CSRF_HEADER] = token_for(str(current_app.config["SECRET_KEY"]), sid)
    return response


def init_app(app: Flask) -> None:
    app.url_map.merge_slashes = False  # "/api//x" is a JSON 404, not an HTML redirect
    app.before_request(check_request)
    app.after_request(add_headers)
