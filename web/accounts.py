"""Accounts for the web: checking what a player types, registering, signing in
(rate-limited), signing out and deleting an account — shared by the JSON API
(``web.api.account``) and the account page (``web.pages.account``).

Every refusal is an ``ApiError`` with a translated message and its status:
a field that breaks a rule 400, a wrong name or password 401 (the same
message for both), a taken name 409, too many failed sign-ins 429.  The
password never appears in a message or a log.
"""

from __future__ import annotations

import math
import time
import unicodedata
from typing import Any

from flask import current_app, request
from flask_babel import gettext as _

from web import identity
from web.api.errors import ApiError
from web.storage import accounts
from web.storage.accounts import User, UsernameTaken

__all__ = [
    "BadCredentials",
    "BadField",
    "NameTaken",
    "NotSignedIn",
    "PASSWORD_LENGTH",
    "TooManyAttempts",
    "USERNAME_LENGTH",
    "check_password",
    "check_username",
    "delete_account",
    "register",
    "sign_in",
    "user_json",
]

USERNAME_LENGTH = (3, 32)
PASSWORD_LENGTH = (8, 128)
#: besides letters and digits (any script), a username may hold these
USERNAME_MARKS = "._-"


class BadField(ApiError):
    status = 400


class BadCredentials(ApiError):
    status = 401


class NotSignedIn(ApiError):
    status = 401


class NameTaken(ApiError):
    status = 409


class TooManyAttempts(ApiError):
    status = 429

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def user_json(user: User | None) -> dict[str, Any] | None:
    return None if user is None else {"username": user.username, "created_at": user.created_at}


def _text(value: Any, field: str) -> str:
    if value is None or value == "":
        if field == "username":
            # I18N: the username field of the sign-in or register form was left empty
            raise BadField(_("Enter a username."))
        # I18N: the password field of a form was left empty
        raise BadField(_("Enter a password."))
    if not isinstance(value, str):
        # I18N: an API request sent something else than text for a field; %(field)s is the field's name (username, password)
        raise BadField(_("%(field)s must be text", field=field))
    return value


def check_username(value: Any) -> str:
    """The username as it will be kept (NFC, spaces around it removed), or ``BadField``."""
    name = unicodedata.normalize("NFC", _text(value, "username").strip())
    low, high = USERNAME_LENGTH
    if not low <= len(name) <= high or not all(ch.isalnum() or ch in USERNAME_MARKS for ch in name):
        shown = name if len(name) <= 40 else name[:40] + "…"
        raise BadField(
            # I18N: the rule for usernames; %(low)s and %(high)s are the shortest and longest lengths, %(value)s the name typed, in quotes
            _(
                "A username is %(low)s to %(high)s letters, digits, dots, dashes or underscores; got %(value)s.",
                low=low,
                high=high,
                value=repr(shown),
            )
        )
    return name


def check_password(value: Any) -> str:
    password = _text(value, "password")
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        # I18N: the rule for passwords; %(low)s and %(high)s are the shortest and longest lengths, %(count)s the length typed
        raise BadField(
            _("A password is %(low)s to %(high)s characters long; this one has %(count)s.", low=low, high=high, count=len(password))
        )
    return password


def register(username: Any, password: Any) -> User:
    """A new account, signed in on this browser (which hands it this browser's games)."""
    name = check_username(username)
    secret = check_password(password)
    try:
        user = accounts.create_user(name, secret)
    except UsernameTaken:
        # I18N: registering with a username another account has; %(value)s is the name, in quotes
        raise NameTaken(_("The username %(value)s is taken: choose another.", value=repr(name))) from None
    identity.sign_in(user)
    return user


def _address() -> str:
    return request.remote_addr or "unknown"


def _check_rate(keys: list[tuple[str, int]]) -> None:
    window = float(current_app.config["SIGN_IN_WINDOW"])
    now = time.time()
    for key, limit in keys:
        count, oldest = accounts.failures_since(key, now - window)
        if count >= limit and oldest is not None:
            wait = max(1, math.ceil((oldest + window - now) / 60))
            # I18N: sign-in refused after too many failures; %(minutes)s is how many minutes to wait
            raise TooManyAttempts(_("Too many failed sign-ins: try again in %(minutes)s minutes.", minutes=wait), wait * 60)


def sign_in(username: Any, password: Any) -> User:
    """Sign in: the same refusal for an unknown name and a wrong password; too many
    failures for one name, or from one address, wait out ``SIGN_IN_WINDOW`` seconds."""
    name = _text(username, "username").strip()
    secret = _text(password, "password")
    user_key = "user:" + accounts.fold(name)
    address_key = "address:" + _address()
    _check_rate(
        [
            (user_key, int(current_app.config["SIGN_IN_FAILURES_PER_NAME"])),
            (address_key, int(current_app.config["SIGN_IN_FAILURES_PER_ADDRESS"])),
        ]
    )
    user = accounts.verify_password(name, secret) if len(secret) <= PASSWORD_LENGTH[1] else None
    if user is None:
        accounts.record_failure([user_key, address_key])
        # I18N: sign-in failed; the same message whether the username exists or the password is wrong
        raise BadCredentials(_("Wrong username or password."))
    accounts.clear_failures(user_key)
    identity.sign_in(user)
    return user


def signed_in_user() -> User:
    user = identity.current_user()
    if user is None:
        if identity.login_expired():
            # I18N: the account's sign-in on this browser expired or was ended (signed out or deleted elsewhere)
            raise NotSignedIn(_("Your sign-in has expired or was ended elsewhere: sign in again."))
        # I18N: an action that needs an account, asked without being signed in
        raise NotSignedIn(_("Sign in first."))
    return user


def delete_account(password: Any) -> None:
    """Delete the signed-in account and all it owns, after checking its password again."""
    user = signed_in_user()
    secret = _text(password, "password")
    if accounts.verify_password(user.username, secret) is None:
        # I18N: deleting the account: the password typed to confirm is wrong
        raise BadCredentials(_("Wrong password: the account was not deleted."))
    accounts.delete_user(user)
    identity.sign_out()
