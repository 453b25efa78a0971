"""A route of the JSON API declared once, with what its description says: ``@operation(bp, "POST", "/games", ...)``
registers the Flask route and records its operation (its id, summary, request body model, reply type, the errors it
may give beyond every route's, its query parameters' types).  ``web.api.openapi`` builds the description's paths from
these records and their types' generated schemas, so a route cannot be left out of it or described apart from it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from flask import Blueprint
from pydantic import TypeAdapter

from web.bodies import Body, untitled

__all__ = ["BINARY", "OPERATIONS", "Operation", "Parameter", "operation", "parameter"]

F = TypeVar("F", bound=Callable[..., Any])
Method = Literal["GET", "POST"]

#: a reply that is a file's bytes (a video), not JSON
BINARY = "binary"


@dataclass(frozen=True)
class Parameter:
    """A query or path parameter beyond the shared ones (``lang`` and the ids), its schema generated from its type."""

    name: str
    where: Literal["query", "path"]
    schema: dict[str, Any]
    description: str | None = None


def parameter(name: str, kind: Any, description: str | None = None, where: Literal["query", "path"] = "query",
              default: Any = None) -> Parameter:
    """A parameter whose values are those of the type ``kind`` (an ``Annotated`` or ``Literal`` type)."""
    schema = untitled(TypeAdapter(kind).json_schema())
    if default is not None:
        schema["default"] = default
    return Parameter(name, where, schema, description)


@dataclass(frozen=True)
class Operation:
    """What the description says of one route."""

    method: Method
    rule: str  # the Flask rule, with its blueprint's prefix: /api/games/<game_id>
    operation_id: str
    summary: str
    tag: str
    reply: Any  # a reply ``TypedDict``, a body model (a replay file), or ``BINARY``
    reply_text: str
    body: type[Body] | None
    body_text: str
    created: bool
    errors: tuple[int, ...]  # beyond the ones every route of its method may give
    only_errors: tuple[int, ...] | None  # instead of those
    parameters: tuple[Parameter, ...]


#: every route declared with ``operation``, in the order their modules declare them
OPERATIONS: list[Operation] = []


def operation(bp: Blueprint, method: Method, rule: str, operation_id: str, summary: str, *, tag: str, reply: Any,
              reply_text: str, body: type[Body] | None = None, body_text: str = "", created: bool = False,
              errors: tuple[int, ...] = (), only_errors: tuple[int, ...] | None = None,
              parameters: tuple[Parameter, ...] = (), endpoint: str | None = None) -> Callable[[F], F]:
    """The route ``method rule`` of ``bp``, described."""

    def register(view: F) -> F:
        OPERATIONS.append(Operation(method, (bp.url_prefix or "") + rule, operation_id, summary, tag, reply, reply_text,
                                    body, body_text, created, errors, only_errors, parameters))
        return bp.route(rule, methods=[method], endpoint=endpoint)(view)

    return register
