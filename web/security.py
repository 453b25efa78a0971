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
* Bodies are limited by ``MAX_CONTENT_LENGTH`` (413) and JSON bodies by nesting
  depth (``json_depth``, 400 past ``MAX_JSON_DEPTH``).
* Replies carry a Content-Security-Policy (scripts, styles and frames from this
  site only; no framing by any site), ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy`` and ``X-Frame-Options``.  Cookies get ``Secure`` when
  ``SESSION_COOKIE_SECURE`` is set (``FLASK_SESSION_COOKIE_SECURE=true`` behind HTTPS).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request
from flask_babel import gettext as _

from explainer import inputs
from web.api.errors import ApiError, BadRequestBody, UnsupportedBody
from web.language import requested_language

__all__ = ["CrossSiteRequest", "MAX_JSON_DEPTH", "init_app", "json_depth", "SECURITY_HEADERS"]

#: no request this API understands nests deeper than 3; anything past this is refused unparsed
MAX_JSON_DEPTH = 16

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}


class CrossSiteRequest(ApiError):
    status = 403


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _trusted(origin: str) -> bool:
    if origin == _origin(request.host_url):
        return True
    return origin in {_origin(o) for o in current_app.config.get("TRUSTED_ORIGINS", ())}


def check_request() -> None:
    """Before every request: refuse cross-site writes, non-JSON API writes, bodies
    nested too deeply, and (on ``/api``) an unknown ``?lang=`` — in that order."""
    if request.routing_exception is not None:
        return  # unknown routes and methods: 404/405 come next
    api = request.path.startswith("/api/")
    if request.method not in SAFE_METHODS:
        _check_write(api)
    if api:
        requested_language()  # every /api route refuses an unknown ?lang= alike (400)


def _check_write(api: bool) -> None:
    origin = request.headers.get("Origin")
    if origin is not None:
        if origin == "null" or not _trusted(origin.strip()):
            # I18N: a request sent by a page of another site was refused; %(origin)s is that site
            raise CrossSiteRequest(_("requests from another site are refused (Origin %(origin)s)", origin=repr(origin)))
    elif request.headers.get("Sec-Fetch-Site") == "cross-site":
        raise CrossSiteRequest(_("requests from another site are refused (Origin %(origin)s)", origin="?"))
    if not api:
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


def json_depth(text: bytes | str, limit: int = MAX_JSON_DEPTH) -> int:
    """``explainer.inputs.json_depth``, stopping past this app's limit."""
    return inputs.json_depth(text, limit)


def add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if request.path.startswith("/api/"):
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def init_app(app: Flask) -> None:
    app.url_map.merge_slashes = False  # "/api//x" is a JSON 404, not an HTML redirect
    app.before_request(check_request)
    app.after_request(add_headers)
