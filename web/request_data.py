"""Reading a request, for every blueprint: its JSON body (an object, or a precise translated error) and
the language its reply is written in."""

from __future__ import annotations

from typing import Any

from flask import request
from flask_babel import gettext as _

from web.errors import BadRequestBody, UnsupportedBody
from web.language import requested_language, select_language

__all__ = ["body_json", "reply_language"]


def reply_language() -> str:
    return requested_language() or select_language()



def body_json() -> dict[str, Any]:
    if not request.is_json:  # web.security refuses it first, with the same message
        # I18N: an API request without a JSON body; %(found)s is the content type it had
        message = _("send a JSON object with Content-Type: application/json, got %(found)s", found=repr(request.mimetype or "no content type"))
        raise UnsupportedBody(message)
    data = request.get_json(silent=True)
    if not isinstance(data, dict):
        # I18N: a request body that is not a JSON object; %(body)s is the start of the body sent, in quotes
        raise BadRequestBody(_("the body must be a JSON object, got %(body)s", body=repr(request.get_data(as_text=True)[:80])))
    whole: dict[str, Any] = _whole_numbers(data)
    return whole


#: an integral number this large or larger stays a float (a float beyond it is not exact)
_EXACT = 2**53


def _whole_numbers(value: Any) -> Any:
    """``value`` with every integral number written with a fraction (``11.0``) as the integer it is: JSON Schema's
    ``integer`` is a number without a fractional part, so the description accepts ``11.0`` where it says integer,
    and the server reads it as 11."""
    if type(value) is float:
        return int(value) if value.is_integer() and abs(value) < _EXACT else value
    if type(value) is dict:
        return {key: _whole_numbers(item) for key, item in value.items()}
    if type(value) is list:
        return [_whole_numbers(item) for item in value]
    return value
