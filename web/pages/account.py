"""The account page: sign in or register when anonymous; the account, sign out
and delete when signed in.  Plain HTML forms (they work without JavaScript),
each with the session's CSRF token; a refused form comes back with the reason
and the status the API would give (400, 401, 409, 429)."""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from web import accounts, identity
from web.errors import ApiError, TooManyAttempts

bp = Blueprint("account", __name__, url_prefix="/account")


def _page(status: int = 200, error: ApiError | None = None, form: str | None = None) -> ResponseReturnValue:
    page = render_template(
        "pages/account.html",
        user=identity.current_user(),
        expired=identity.login_expired(),
        error=None if error is None else str(error),
        failed_form=form,
        username=request.form.get("username", "") if request.method == "POST" else "",
        limits={"username": accounts.USERNAME_LENGTH, "password": accounts.PASSWORD_LENGTH},
    )
    if isinstance(error, TooManyAttempts):
        return page, status, {"Retry-After": str(error.retry_after)}
    return page, status


@bp.get("")
def page() -> ResponseReturnValue:
    return _page()


def _attempt(form: str, action: Callable[[], object]) -> ResponseReturnValue:
    try:
        action()
    except ApiError as error:
        return _page(error.status, error, form)
    return redirect(url_for("account.page", lang=request.args.get("lang")), 303)


@bp.post("/sign-in")
def sign_in() -> ResponseReturnValue:
    return _attempt("sign-in", lambda: accounts.sign_in(request.form.get("username"), request.form.get("password")))


@bp.post("/register")
def register() -> ResponseReturnValue:
    return _attempt("register", lambda: accounts.register(request.form.get("username"), request.form.get("password")))


@bp.post("/sign-out")
def sign_out() -> ResponseReturnValue:
    identity.sign_out()
    return redirect(url_for("account.page", lang=request.args.get("lang")), 303)


@bp.post("/delete")
def delete() -> ResponseReturnValue:
    return _attempt("delete", lambda: accounts.delete_account(request.form.get("password")))
