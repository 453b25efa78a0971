"""Who is asking: a random id kept in the signed session cookie.

Games belong to the id of the session that created them.
"""

from __future__ import annotations

import secrets

from flask import session

__all__ = ["session_id", "current_game_id", "set_current_game"]

_ID_KEY = "sid"
_GAME_KEY = "game"


def session_id() -> str:
    """This browser's id, created (and the cookie made permanent) on first use."""
    value = session.get(_ID_KEY)
    if not isinstance(value, str) or not value:
        value = secrets.token_urlsafe(18)
        session[_ID_KEY] = value
        session.permanent = True
    return value


def current_game_id() -> str | None:
    value = session.get(_GAME_KEY)
    return value if isinstance(value, str) else None


def set_current_game(game_id: str) -> None:
    session[_GAME_KEY] = game_id
