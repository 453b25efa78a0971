"""A tiny JSON client with one session cookie, for the web benchmark's setup phase."""

from __future__ import annotations

import http.client
import json
from http.cookies import SimpleCookie
from typing import Any


class RequestFailed(RuntimeError):
    pass


class Session:
    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.cookies: dict[str, str] = {}

    def cookie_header(self) -> str:
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def request(self, method: str, path: str, body: Any = None) -> Any:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = {"Accept": "application/json"}
        if self.cookies:
            headers["Cookie"] = self.cookie_header()
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers["Content-Type"] = "application/json"
        try:
            connection.request(method, path, body=payload, headers=headers)
            response = connection.getresponse()
            data = response.read()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
        finally:
            connection.close()
        if response.status >= 400:
            raise RequestFailed(f"{method} {path} -> {response.status}: {data[:200]!r}")
        return json.loads(data)

    def get(self, path: str) -> Any:
        return self.request("GET", path)

    def post(self, path: str, body: Any) -> Any:
        return self.request("POST", path, body)
