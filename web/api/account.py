"""Accounts over JSON: who is signed in, register, sign in, sign out, delete.

``GET /api/account`` answers ``{"user": {"username", "created_at"} | null}`` (and gives
a new client its session and CSRF token);
the writes answer the same after they are done.  Registering or signing in
hands this browser's games to the account and starts a new session (the CSRF
token changes: the new one is in the reply's ``X-CSRF-Token`` header).
"""

from __future__ import annotations

from typing import Literal

from flask import Blueprint, jsonify, url_for
from flask.typing import ResponseReturnValue
from typing_extensions import TypedDict

from web import accounts, identity
from web.bodies import Credentials, Empty, NewAccount, Password, parse_body
from web.accounts import UserJson
from web.api.described import operation

__all__ = ["AccountJson", "DeletedJson", "bp"]

bp = Blueprint("account_api", __name__, url_prefix="/api")


class AccountJson(TypedDict):
    """Who is signed in: the account, or null."""

    user: UserJson | None


class DeletedJson(TypedDict):
    """An account deleted: nobody is signed in."""

    user: None
    deleted: Literal[True]


@operation(bp, "GET", "/account", "showAccount",
           "Who is signed in on this browser (and a new client's session and CSRF token).", tag="accounts",
           reply=AccountJson, reply_text="The account, or null.")
def show() -> ResponseReturnValue:
    identity.session_id()  # a client's first call: its session, and the CSRF token in the reply's header
    return jsonify(AccountJson(user=accounts.user_json(identity.current_user())))


@operation(bp, "POST", "/account/register", "register",
           "Make an account and sign in; this browser's games become the account's. A password that contains the username or is too common or easy to guess (zxcvbn score below 2) is refused (400).",
           tag="accounts", reply=AccountJson, reply_text="The new account.", body=NewAccount,
           body_text="The username and password.", created=True, errors=(409,))
def register() -> ResponseReturnValue:
    body = parse_body(NewAccount)
    user = accounts.register(body.username, body.password)
    response = jsonify(AccountJson(user=accounts.user_json(user)))
    response.headers["Location"] = url_for("account_api.show")
    return response, 201


@operation(bp, "POST", "/account/sign-in", "signIn",
           "Sign in; this browser's games become the account's, and the session starts anew.", tag="accounts",
           reply=AccountJson, reply_text="The account.", body=Credentials, body_text="The username and password.",
           errors=(401, 429))
def sign_in() -> ResponseReturnValue:
    body = parse_body(Credentials)
    user = accounts.sign_in(body.username, body.password)
    return jsonify(AccountJson(user=accounts.user_json(user)))


@operation(bp, "POST", "/account/sign-out", "signOut",
           "Sign out on this browser.", tag="accounts", reply=AccountJson, reply_text="No account.", body=Empty,
           errors=(401,))
def sign_out() -> ResponseReturnValue:
    accounts.signed_in_user()
    identity.sign_out()
    return jsonify(AccountJson(user=None))


@operation(bp, "POST", "/account/delete", "deleteAccount",
           "Delete the account and all its data (its games, results, progress).", tag="accounts", reply=DeletedJson,
           reply_text="Deleted.", body=Password, body_text="The account's password again.", errors=(401, 429))
def delete() -> ResponseReturnValue:
    accounts.delete_account(parse_body(Password).password)
    return jsonify(DeletedJson(user=None, deleted=True))
