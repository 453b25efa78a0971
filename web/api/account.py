"""Accounts over JSON: who is signed in, register, sign in, sign out, delete.

``GET /api/account`` answers ``{"user": {"username", "created_at"} | null}`` (and gives
a new client its session and CSRF token);
the writes answer the same after they are done.  Registering or signing in
hands this browser's games to the account and starts a new session (the CSRF
token changes: the new one is in the reply's ``X-CSRF-Token`` header).
"""

from __future__ import annotations

from flask import Blueprint, jsonify, url_for
from flask.typing import ResponseReturnValue

from web import accounts, identity
from web.bodies import Credentials, NewAccount, Password, parse_body

bp = Blueprint("account_api", __name__, url_prefix="/api")


@bp.get("/account")
def show() -> ResponseReturnValue:
    identity.session_id()  # a client's first call: its session, and the CSRF token in the reply's header
    return jsonify({"user": accounts.user_json(identity.current_user())})


@bp.post("/account/register")
def register() -> ResponseReturnValue:
    body = parse_body(NewAccount)
    user = accounts.register(body.username, body.password)
    response = jsonify({"user": accounts.user_json(user)})
    response.headers["Location"] = url_for("account_api.show")
    return response, 201


@bp.post("/account/sign-in")
def sign_in() -> ResponseReturnValue:
    body = parse_body(Credentials)
    user = accounts.sign_in(body.username, body.password)
    return jsonify({"user": accounts.user_json(user)})


@bp.post("/account/sign-out")
def sign_out() -> ResponseReturnValue:
    accounts.signed_in_user()
    identity.sign_out()
    return jsonify({"user": None})


@bp.post("/account/delete")
def delete() -> ResponseReturnValue:
    accounts.delete_account(parse_body(Password).password)
    return jsonify({"user": None, "deleted": True})
