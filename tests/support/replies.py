"""The contract every ``/api`` reply keeps, checked against the served OpenAPI description: a status the operation
declares, the error object for an error, a success that matches its schema, a ``Location`` for a 201 (the fuzzer
and the replies made on purpose both hold replies to it)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import event
from hypothesis.control import currently_in_test_context
from jsonschema import Draft202012Validator
from werkzeug.test import TestResponse

from web.api.openapi import openapi_spec

__all__ = ["COMPONENTS", "SPEC", "check_reply", "resolve", "validator"]

SPEC = openapi_spec()
COMPONENTS = SPEC["components"]


def resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        target: Any = {"components": COMPONENTS}
        for part in schema["$ref"][2:].split("/"):
            target = target[part]
        schema = {**target, **{k: v for k, v in schema.items() if k != "$ref"}}
    return schema


def validator(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**schema, "components": COMPONENTS})


@cache
def _response_validator(path: str, method: str, status: str) -> Draft202012Validator:
    reply = SPEC["paths"][path][method]["responses"][status]
    reply = resolve(reply) if "$ref" in reply else reply
    return validator(reply["content"]["application/json"]["schema"])


def check_reply(response: TestResponse, request: str, path: str | None = None, method: str | None = None) -> Any:
    """The contract every /api reply keeps; ``path``/``method``: the described operation, if any."""
    code = response.status_code
    if currently_in_test_context():  # (the fuzzer's statistics)
        event(f"status {code}")  # shown by pytest --hypothesis-show-statistics
    assert code < 500, f"{code} for {request}: {response.data[:500]!r}"
    if code == 200 and path is not None and path.endswith(".evf"):  # a game's video: binary, by design
        assert response.mimetype == "application/octet-stream" and response.data[:1] == b"\x04", f"{request}"
        return None
    assert response.is_json, f"{code} {response.mimetype} (not JSON) for {request}: {response.data[:300]!r}"
    data = json.loads(response.get_data(as_text=True))
    if code >= 400:
        assert isinstance(data, dict) and set(data) >= {"error", "status"}, f"{code} for {request}: {data!r}"
        assert isinstance(data["error"], str) and data["error"], f"{code} for {request}: {data!r}"
        assert isinstance(data["status"], int) and not isinstance(data["status"], bool), f"{request}: {data!r}"
        assert data["status"] == code, f"status {data['status']} in a {code} reply for {request}"
    if path is not None and method is not None:
        declared = SPEC["paths"][path][method]["responses"]
        assert str(code) in declared, f"{code} is not declared for {method.upper()} {path}: {request} -> {data!r}"
        if 200 <= code < 300:
            errors = sorted(_response_validator(path, method, str(code)).iter_errors(data), key=str)
            assert not errors, f"{code} reply does not match the spec for {request}: {errors[0].message} in {data!r}"
            if code == 201:
                assert response.headers.get("Location", "").startswith("/api/"), f"no Location for {request}"
    return data
