"""Who is asking: an anonymous browser session, or an account signed in on it.

The signed session cookie keeps a random id (``sid``) and, once signed in, a
login token (``login``) whose hash the database keeps (``web.storage.accounts``).
Games, puzzles and results belong to an owner (``owner_id``): the account
(``u:<id>``) when signed in, else the browser session's id.  Signing in or out
starts a new session id (rotation: a cookie copied before cannot follow).
"""

from __future__ import annotations

import secrets

from flask import current_app, g, session

from web.storage import accounts
from web.storage.accounts import User

__all__ = [
    "current_game_id",
    "current_user",
    "known_device",
    "login_expired",
    "owner_id",
    "session_id",
    "set_current_game",
    "sign_in",
    "sign_out",
]

_ID_KEY = "sid"
_GAME_KEY = "game"
_LOGIN_KEY = "login"
#: the accounts that signed in on this browser before (their folded names) and the browser's own id: the sign-in
#: limit per account does not lock its owner out of a browser it knows (``web.accounts``)
_DEVICE_KEY = "device"
#: the accounts a browser remembers having signed in on it, at most
DEVICE_NAMES = 5
_KEEP = ("lang", "game", _DEVICE_KEY)  # what a rotation keeps of the old session: the language, the game on screen, the device


def session_id() -> str:
    """This browser's id, created (and the cookie made permanent) on first use."""
    value = session.get(_ID_KEY)
    if not isinstance(value, str) or not value:
        value = secrets.token_urlsafe(18)
        session[_ID_KEY] = value
        session.permanent = True
    return value


def current_user() -> User | None:
    """The account signed in on this browser, if any.  A login that expired or was
    ended (signed out elsewhere, account deleted) leaves a fresh anonymous session
    and is remembered for this request (``login_expired``)."""
    if "_user" in g:
        user: User | None = g._user
        return user
    token = session.get(_LOGIN_KEY)
    user = accounts.login_user(token) if isinstance(token, str) and token else None
    if token is not None and user is None:
        _rotate()
        g._login_expired = True
    g._user = user
    return user


def login_expired() -> bool:
    current_user()
    return bool(g.get("_login_expired"))


def owner_id() -> str:
    """Who owns what this request makes or reads: the account, else the browser session."""
    user = current_user()
    return user.owner if user is not None else session_id()


def _rotate() -> None:
    kept = {key: session[key] for key in _KEEP if key in session}
    session.clear()
    session.update(kept)
    session[_ID_KEY] = secrets.token_urlsafe(18)
    session.permanent = True


def known_device(folded_name: str) -> str | None:
    """This browser's id when the account ``folded_name`` signed in on it before (a signed session value that
    only a right password sets), else None."""
    device = session.get(_DEVICE_KEY)
    if isinstance(device, dict) and folded_name in device.get("names", []) and isinstance(device.get("id"), str):
        return str(device["id"])
    return None


def _remember_device(folded_name: str) -> None:
    device = session.get(_DEVICE_KEY)
    if not isinstance(device, dict) or not isinstance(device.get("id"), str):
        device = {"id": secrets.token_urlsafe(12), "names": []}
    names = [name for name in device.get("names", []) if isinstance(name, str) and name != folded_name]
    session[_DEVICE_KEY] = {"id": device["id"], "names": [folded_name, *names][:DEVICE_NAMES]}


def sign_in(user: User) -> None:
    """Sign ``user`` in on this browser: its anonymous games become the account's, and the session starts anew;
    the browser remembers the account (``known_device``)."""
    anonymous = None if current_user() is not None else session.get(_ID_KEY)
    token = accounts.start_login(user, float(current_app.config["LOGIN_LIFETIME"]), anonymous)
    if anonymous:
        from web.daily import claim_adopted  # the daily board's rules sit above this module

        claim_adopted(user)
    _rotate()
    session[_LOGIN_KEY] = token
    _remember_device(accounts.fold(user.username))
    g._user = user


def sign_out() -> None:
    token = session.get(_LOGIN_KEY)
    if isinstance(token, str) and token:
        accounts.end_login(token)
    _rotate()
    g._user = None


def current_game_id() -> str | None:
    value = session.get(_GAME_KEY)
    return value if isinstance(value, str) else None


def set_current_game(game_id: str) -> None:
    session[_GAME_KEY] = game_id
