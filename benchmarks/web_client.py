"""A tiny JSON client with one session cookie, for the web benchmarks' setup phase.

It keeps the session's CSRF token as a browser page does: every ``/api`` reply carries the
current one in its ``X-CSRF-Token`` header (it changes when the session id does, e.g. at
sign-in), and a state-changing request sends it back in an ``X-CSRF-Token`` header.  A client
that has no cookie yet needs no token; ``GET /api/account`` gives a new client both.
"""

from __future__ import annotations

import http.client
import json
from http.cookies import SimpleCookie
from typing import Any

CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


class RequestFailed(RuntimeError):
    pass


class Session:
    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.cookies: dict[str, str] = {}
        self.csrf_token: str | None = None  # the latest X-CSRF-Token a reply carried

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def headers(self, method: str) -> dict[str, str]:
        """The session's headers for a request: its cookie and, on a state-changing
        request, its CSRF token (also for clients that send requests of their own)."""
        headers: dict[str, str] = {}
        if self.cookies:
            headers["Cookie"] = self.cookie_header()
        if method.upper() not in SAFE_METHODS and self.csrf_token:
            headers[CSRF_HEADER] = self.csrf_token
        return headers

    def remember(self, response: http.client.HTTPResponse) -> None:
        """Keep the cookies and the CSRF token a reply carries (error replies included)."""
        for header in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        token = response.headers.get(CSRF_HEADER)
        if token:
            self.csrf_token = token

    def request(self, method: str, path: str, body: Any = None) -> Any:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = {"Accept": "application/json", **self.headers(method)}
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers["Content-Type"] = "application/json"
        try:
            connection.request(method, path, body=payload, headers=headers)
            response = connection.getresponse()
            data = response.read()
            self.remember(response)
        finally:
            connection.close()
        if response.status >= 400:
            raise RequestFailed(f"{method} {path} -> {response.status}: {data[:200]!r}")
        return json.loads(data)

    def get(self, path: str) -> Any:
        return self.request("GET", path)

    def post(self, path: str, body: Any) -> Any:
        return self.request("POST", path, body)
