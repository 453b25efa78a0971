"""Accounts for the web: checking what a player types, registering, signing in
(rate-limited), signing out and deleting an account — shared by the JSON API
(``web.api.account``) and the account page (``web.pages.account``).

Every refusal is an ``ApiError`` with a translated message and its status:
a field that breaks a rule 400, a wrong name or password 401 (the same
message for both), a taken name 409, too many failed sign-ins 429.  The
password never appears in a message or a log.

**Sign-in limits.**  Guessing must be slow, yet an outsider must not be able to
lock the owner out of an account.  Every attempt counts against three counters
over the last ``SIGN_IN_WINDOW`` seconds (15 minutes); once one of them is full,
the attempt is refused with 429 and ``Retry-After`` (even with the right
password) and is not counted:

* the name *from this address* (``SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS``, 5): the
  strict limit per name.  Another address's guesses never fill the owner's own
  counter, so five wrong guesses from anywhere else do not lock the owner out;
* the name *from all addresses together* (``SIGN_IN_FAILURES_PER_NAME``, 50): slows
  a guesser spread over many addresses;
* the *address*, whatever the names (``SIGN_IN_FAILURES_PER_ADDRESS``, 50): one
  address trying a password over many names.

An address is counted as ``web.clients.client_address`` gives it: an IPv6 address
by its /64 network (one subscriber holds a whole /64).  **A browser the account
signed in on before** (``web.identity.known_device``: a value in the signed
session that only a right password sets, kept across sign-outs) counts against
one counter only, the name *from this browser* (5): guesses from any number of
addresses never lock the owner out of a browser they have used.  The 50 per name
then only slows guessers on browsers the account never used.

The attempt is reserved — counted and recorded in one write transaction — before
the password is checked (``web.storage.accounts.reserve_attempt``), so attempts
arriving together cannot slip past a limit: at most 5 passwords are checked for
one name from one address, however many requests arrive at once.  A right
password refunds the reservation and clears the failures of the name from this
address; a wrong one leaves it counted.  Deleting the account checks its password
under the same counters.

**Password strength.**  Registering refuses a password shorter than 8
characters, one that contains the username (compared case-folded), and one that
zxcvbn scores below ``MIN_PASSWORD_SCORE`` (3 of 0–4, with the username and this
site's words, ``SITE_WORDS``, as easy guesses): a password found within about a
hundred million guesses — common passwords (``password``, ``Summer2026``),
a word with digits or a year (``minesweeper2026``, ``December2026``), keyboard
walks (``qwertyuiop``), sequences, repeats, dates.  zxcvbn reads the first
``SCORED_LENGTH`` (64) characters, and one password at a time (it keeps the
username in a module-level dictionary).  Signing in never checks strength:
accounts made before the rule keep working.
"""

from __future__ import annotations

import math
import threading
import time
import unicodedata
from typing import Any

from flask import current_app
from flask_babel import gettext as _
from typing_extensions import TypedDict
from zxcvbn import zxcvbn  # type: ignore[import-untyped]

from web import identity
from web.clients import client_address
from web.errors import BadCredentials, BadField, NameTaken, NotSignedIn, TooManyAttempts
from web.storage import accounts
from web.storage.accounts import AttemptRefused, User, UsernameTaken

__all__ = [
    "UserJson",
    "MIN_PASSWORD_SCORE",
    "PASSWORD_LENGTH",
    "SCORED_LENGTH",
    "USERNAME_LENGTH",
    "check_new_password",
    "check_password",
    "check_username",
    "delete_account",
    "password_score",
    "register",
    "sign_in",
    "user_json",
]

USERNAME_LENGTH = (3, 32)
PASSWORD_LENGTH = (8, 128)
#: besides letters and digits (any script), a username may hold these
USERNAME_MARKS = "._-"
#: the zxcvbn score (0 to 4) a new password needs; 2: about a million guesses or more
MIN_PASSWORD_SCORE = 3
#: words zxcvbn counts as easy on this site (with the username): "minesweeper2026" is a first guess here
SITE_WORDS = ("minesweeper", "mines", "mine", "sweeper", "explainable", "minesweeper online")
#: zxcvbn reads this many characters of a password at most (its work grows faster than the length)
SCORED_LENGTH = 64
#: zxcvbn keeps the words of the user (the username) in a module-level dictionary: one scoring at a time
_SCORING = threading.Lock()



class UserJson(TypedDict):
    """An account."""

    username: str
    created_at: float  # seconds since the epoch


def user_json(user: User | None) -> UserJson | None:
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


def entered_username(value: Any) -> str:
    """A username as typed (text, not empty), or ``BadField``."""
    return _text(value, "username")


def entered_password(value: Any) -> str:
    """A password as typed (text, not empty), or ``BadField``."""
    return _text(value, "password")


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
    """The password if its length is allowed, else ``BadField`` (signing in and registering)."""
    password = _text(value, "password")
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        # I18N: the rule for passwords; %(low)s and %(high)s are the shortest and longest lengths, %(count)s the length typed
        raise BadField(
            _("A password is %(low)s to %(high)s characters long; this one has %(count)s.", low=low, high=high, count=len(password))
        )
    return password


def password_score(password: str, username: str = "") -> int:
    """zxcvbn's score of ``password``, 0 (guessed at once) to 4, knowing ``username``."""
    with _SCORING:
        words = [*SITE_WORDS, username] if username else list(SITE_WORDS)
        result = zxcvbn(password[:SCORED_LENGTH], user_inputs=words, max_length=SCORED_LENGTH)
    return int(result["score"])


def check_new_password(value: Any, username: str) -> str:
    """A password for a new account: ``check_password``, and not the username or easy to guess (``BadField``)."""
    password = check_password(value)
    if accounts.fold(username) in accounts.fold(password):
        # I18N: registering: the password contains the username (the password itself is never shown)
        raise BadField(_("This password contains the username: choose another."))
    if password_score(password, username) < MIN_PASSWORD_SCORE:
        # I18N: registering: the password is a common one or follows a simple pattern (a word and digits, a keyboard row, 12345678…); the password itself is never shown
        raise BadField(_("This password is too common or too easy to guess: choose another."))
    return password


def register(username: Any, password: Any) -> User:
    """A new account, signed in on this browser (which hands it this browser's games)."""
    name = check_username(username)
    secret = check_new_password(password, name)
    try:
        user = accounts.create_user(name, secret)
    except UsernameTaken:
        # I18N: registering with a username another account has; %(value)s is the name, in quotes
        raise NameTaken(_("The username %(value)s is taken: choose another.", value=repr(name))) from None
    identity.sign_in(user)
    return user


def _counters(name: str) -> list[tuple[str, int]]:
    """The sign-in counters an attempt at ``name`` from this request's address counts
    against, with their limits; the first is the name from this address (or this browser, when the account
    signed in on it before: then it is the only one, and guesses from elsewhere never lock the owner out)."""
    config = current_app.config
    folded = accounts.fold(name)
    device = identity.known_device(folded)
    if device is not None:
        return [(f"device:{device} {folded}", int(config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"]))]
    address = client_address()
    return [
        (f"pair:{address} {folded}", int(config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"])),
        ("user:" + folded, int(config["SIGN_IN_FAILURES_PER_NAME"])),
        ("address:" + address, int(config["SIGN_IN_FAILURES_PER_ADDRESS"])),
    ]


def _reserve(counters: list[tuple[str, int]]) -> list[int]:
    """Count an attempt before its password is checked, or ``TooManyAttempts``."""
    try:
        return accounts.reserve_attempt(counters, float(current_app.config["SIGN_IN_WINDOW"]))
    except AttemptRefused as refused:
        wait = max(1, math.ceil((refused.retry_at - time.time()) / 60))
        # I18N: sign-in refused after too many failures; %(minutes)s is how many minutes to wait
        raise TooManyAttempts(_("Too many failed sign-ins: try again in %(minutes)s minutes.", minutes=wait), wait * 60) from None


def sign_in(username: Any, password: Any) -> User:
    """Sign in: the same refusal for an unknown name and a wrong password; an attempt
    past a limit (see the module's description) waits out ``SIGN_IN_WINDOW`` seconds."""
    name = _text(username, "username").strip()
    secret = _text(password, "password")
    counters = _counters(name)
    reserved = _reserve(counters)
    user = accounts.verify_password(name, secret) if len(secret) <= PASSWORD_LENGTH[1] else None
    if user is None:
        # I18N: sign-in failed; the same message whether the username exists or the password is wrong
        raise BadCredentials(_("Wrong username or password."))
    accounts.refund_attempt(reserved, clear=[counters[0][0]])
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
    counters = _counters(user.username)
    reserved = _reserve(counters)
    if len(secret) > PASSWORD_LENGTH[1] or accounts.verify_password(user.username, secret) is None:
        # I18N: deleting the account: the password typed to confirm is wrong
        raise BadCredentials(_("Wrong password: the account was not deleted."))
    accounts.refund_attempt(reserved, clear=[counters[0][0]])
    accounts.delete_user(user)
    identity.sign_out()
