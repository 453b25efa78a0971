"""Who is asking, as the limits count them: a client's address, an IPv6 address by its /64 network.

One IPv6 subscriber usually holds a whole /64 (18 billion billion addresses): counted one by one, a limit per
address would be no limit at all from IPv6.  The address is the one werkzeug's ``ProxyFix`` gives
(``PROXY_COUNT`` proxies believed)."""

from __future__ import annotations

import ipaddress
import json
import threading
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import request
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import parse_accept_header

from explainer.words.i18n import DEFAULT_LANGUAGE, normalize_language, translations

__all__ = ["DoorRefusals", "Refusals", "client_address", "client_of"]

#: the prefix an IPv6 client is counted by
IPV6_PREFIX = 64


def client_address() -> str:
    """This request's client, as limits count it: its IPv4 address, or its IPv6 /64 network."""
    return client_of(request.remote_addr or "unknown")


def client_of(address: str) -> str:
    """A client's address as limits count it (``client_address``)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/{IPV6_PREFIX}", strict=False))
    return str(parsed)


class Refusals:
    """Clients refused lately, and until when (in this process): their next requests of the same kind are answered
    at the door (``DoorRefusals``), before the app reads a byte of them."""

    def __init__(self, kept: int = 10_000) -> None:
        self.kept = kept
        self._until: dict[str, float] = {}
        self._lock = threading.Lock()

    def until(self, client: str) -> float:
        with self._lock:
            return self._until.get(client, 0.0)

    def refuse(self, client: str, until: float) -> None:
        now = time.time()
        with self._lock:
            if len(self._until) >= self.kept:
                for key in [key for key, value in self._until.items() if value <= now] or list(self._until)[:1]:
                    del self._until[key]
            self._until[client] = until


if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment


class DoorRefusals:
    """WSGI: a ``POST`` to ``path`` from a client ``refusals`` holds is answered 429 with ``Retry-After`` and the
    translated ``message`` (``%(seconds)s``) at once: a flood of refused requests costs almost nothing to the
    others.  Sits inside ``ProxyFix`` (it reads the client's address as the app does)."""

    def __init__(self, app: WSGIApplication, path: str, refusals: Refusals, message: str) -> None:
        self.app = app
        self.path = path
        self.refusals = refusals
        self.message = message

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "POST" and environ.get("PATH_INFO") == self.path:
            wait = self.refusals.until(client_of(str(environ.get("REMOTE_ADDR") or "unknown"))) - time.time()
            if wait > 0:
                seconds = max(1, int(wait + 0.999))
                text = translations(_language(environ)).gettext(self.message) % {"seconds": seconds}
                body = json.dumps({"error": text, "status": 429}).encode()
                start_response("429 TOO MANY REQUESTS", [
                    ("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                    ("Retry-After", str(seconds)), ("Cache-Control", "no-store"),
                ])
                return [body]
        return self.app(environ, start_response)


def _language(environ: WSGIEnvironment) -> str:
    """The reply's language at the door: ``?lang=``, else the browser's first catalog language."""
    for part in str(environ.get("QUERY_STRING", "")).split("&"):
        key, _, value = part.partition("=")
        if key == "lang" and normalize_language(value):
            return normalize_language(value) or DEFAULT_LANGUAGE
    accepted = parse_accept_header(str(environ.get("HTTP_ACCEPT_LANGUAGE", "")), LanguageAccept)
    for value, _quality in accepted:
        language = normalize_language(value)
        if language:
            return language
    return DEFAULT_LANGUAGE
