"""Accounts: register, sign in and out, delete; the games of the browser follow the
account; passwords hashed; sign-ins rate-limited; CSRF tokens on every write from a session.
Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select, update

from explainer.words.i18n import translations
from web import create_app

from web.storage import accounts as storage_accounts
from web.storage.database import connection
from web.storage.tables import games, logins, results, sign_in_failures, users
from tests.support.web_client import session_owner

pytestmark = pytest.mark.databases

PASSWORD = "correct horse battery"


def register(client: FlaskClient, name: str = "ada", password: str = PASSWORD) -> Any:
    return client.post("/api/account/register", json={"username": name, "password": password})


def sign_in(client: FlaskClient, name: str = "ada", password: str = PASSWORD) -> Any:
    return client.post("/api/account/sign-in", json={"username": name, "password": password})


def new_game(client: FlaskClient) -> str:
    reply = client.post("/api/games", json={"preset": "beginner", "seed": 1})
    assert reply.status_code == 201, reply.json
    return str(reply.json["game"]["id"])


def rows(app: Flask, statement: Any) -> list[Any]:
    with app.app_context():
        return list(connection().execute(statement).all())


def test_anonymous_play_is_unchanged_and_registering_adopts_the_games(client: FlaskClient) -> None:
    game_id = new_game(client)
    assert client.get("/api/account").json == {"user": None}
    before = session_owner(client)
    reply = register(client)
    assert reply.status_code == 201 and reply.json["user"]["username"] == "ada"
    assert session_owner(client) != before  # a new session id at sign-in
    assert client.get(f"/api/games/{game_id}").status_code == 200
    assert client.get("/api/account").json["user"]["username"] == "ada"


def test_signing_out_leaves_the_games_with_the_account_and_signing_in_brings_them_back(client: FlaskClient) -> None:
    register(client)
    game_id = new_game(client)
    assert client.post("/api/account/sign-out", json={}).json == {"user": None}
    assert client.get(f"/api/games/{game_id}").status_code == 404
    assert sign_in(client, "ADA").status_code == 200  # names compare folded
    assert client.get(f"/api/games/{game_id}").status_code == 200


def test_a_cookie_copied_before_sign_in_cannot_reach_the_account(app: Flask, client: FlaskClient) -> None:
    client.get("/account")
    stolen = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert stolen is not None
    register(client)
    game_id = new_game(client)
    thief = app.test_client()
    thief.set_cookie(app.config["SESSION_COOKIE_NAME"], stolen.value)
    assert thief.get("/api/account").json == {"user": None}
    assert thief.get(f"/api/games/{game_id}").status_code == 404


def test_passwords_are_hashed_and_never_logged(app: Flask, client: FlaskClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    register(client)
    sign_in(client, password="a wrong password")
    (row,) = rows(app, select(users.c.password_hash, users.c.username_key))
    assert PASSWORD not in row.password_hash and row.password_hash.startswith(("scrypt:", "pbkdf2:"))
    assert PASSWORD not in caplog.text and "a wrong password" not in caplog.text
    assert all(len(token) == 64 for (token,) in rows(app, select(logins.c.token_hash)))  # only hashes of tokens


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"username": "", "password": PASSWORD}, 400, "Enter a username."),
        ({"username": "ada"}, 400, "password is missing"),
        ({"username": "ab", "password": PASSWORD}, 400, "A username is 3 to 32 letters, digits, dots, dashes or underscores; got 'ab'."),
        ({"username": "x" * 33, "password": PASSWORD}, 400, "got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'"),
        ({"username": "bob smith", "password": PASSWORD}, 400, "got 'bob smith'"),
        ({"username": ["ada"], "password": PASSWORD}, 400, "username must be text"),
        ({"username": "ada", "password": "short"}, 400, "A password is 8 to 128 characters long; this one has 5."),
        ({"username": "ada", "password": "p" * 129}, 400, "this one has 129"),
    ],
)
def test_bad_registrations_are_400_and_quote_the_problem(client: FlaskClient, body: dict[str, Any], status: int, message: str) -> None:
    reply = client.post("/api/account/register", json=body)
    assert reply.status_code == status and message in reply.json["error"]
    assert "p" * 20 not in reply.json["error"]  # a password is never quoted


def test_a_taken_name_is_409_even_when_it_only_looks_alike(client: FlaskClient, app: Flask) -> None:
    assert register(client, "Zoë").status_code == 201
    other = app.test_client()
    reply = register(other, "ZOË")
    assert reply.status_code == 409 and reply.json["error"] == "The username 'ZOË' is taken: choose another."
    assert register(other, "ｚｏë").status_code == 409  # full-width letters fold to the same name


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(client: FlaskClient, app: Flask) -> None:
    register(client)
    client.post("/api/account/sign-out", json={})
    unknown = sign_in(client, "nobody")
    wrong = sign_in(client, "ada", "not the password")
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json == wrong.json == {"error": "Wrong username or password.", "status": 401}


def test_failed_sign_ins_are_rate_limited_per_name_from_one_address(client: FlaskClient, app: Flask) -> None:
    register(client)
    client.post("/api/account/sign-out", json={})
    limit = app.config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"]
    for _ in range(limit):
        assert sign_in(client, "ada", "guess guess").status_code == 401
    blocked = sign_in(client, "ada")  # even the right password waits
    assert blocked.status_code == 429 and "try again in 15 minutes" in blocked.json["error"]
    assert int(blocked.headers["Retry-After"]) == 900
    assert sign_in(client, "other-name", "guess guess").status_code == 401  # another name is not blocked


def test_a_right_sign_in_clears_the_failures(client: FlaskClient, app: Flask) -> None:
    register(client)
    client.post("/api/account/sign-out", json={})
    for _ in range(app.config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"] - 1):
        sign_in(client, "ada", "guess guess")
    assert sign_in(client).status_code == 200
    client.post("/api/account/sign-out", json={})
    assert sign_in(client, "ada", "guess guess").status_code == 401  # counting starts again


def test_writes_from_a_session_need_its_csrf_token(app: Flask) -> None:
    plain = FlaskClient(app, app.response_class, use_cookies=True)
    assert plain.post("/api/games", json={"preset": "beginner"}).status_code == 201  # no cookie yet: no session to ride
    reply = plain.post("/api/games", json={"preset": "beginner"})
    assert reply.status_code == 403 and "reload it and try again" in reply.json["error"]
    token = plain.get("/api/account").headers["X-CSRF-Token"]
    assert plain.post("/api/games", json={"preset": "beginner"}, headers={"X-CSRF-Token": token}).status_code == 201
    assert plain.post("/api/games", json={"preset": "beginner"}, headers={"X-CSRF-Token": "0" * 64}).status_code == 403
    page = plain.post("/language", data={"lang": "de", "next": "/"})
    assert page.status_code == 403 and b"reload it and try again" in page.data


def test_a_token_from_before_sign_in_is_stale(app: Flask) -> None:
    plain = FlaskClient(app, app.response_class, use_cookies=True)
    token = plain.get("/api/account").headers["X-CSRF-Token"]
    reply = plain.post("/api/account/register", json={"username": "ada", "password": PASSWORD}, headers={"X-CSRF-Token": token})
    assert reply.status_code == 201
    fresh = reply.headers["X-CSRF-Token"]
    assert fresh != token
    stale = plain.post("/api/games", json={"preset": "beginner"}, headers={"X-CSRF-Token": token})
    assert stale.status_code == 403
    assert plain.post("/api/games", json={"preset": "beginner"}, headers={"X-CSRF-Token": fresh}).status_code == 201


def test_an_expired_sign_in_says_so_once_then_plays_anonymously(client: FlaskClient, app: Flask) -> None:
    register(client)
    with app.app_context():
        conn = connection()
        conn.execute(update(logins).values(expires_at=time.time() - 1))
    reply = client.post("/api/account/sign-out", json={})
    assert reply.status_code == 401 and reply.json["error"] == "Your sign-in has expired or was ended elsewhere: sign in again."
    assert client.get("/api/account").json == {"user": None}
    assert client.post("/api/games", json={"preset": "beginner"}).status_code == 201


def test_signing_out_elsewhere_ends_this_browser_too(client: FlaskClient, app: Flask) -> None:
    register(client)
    other = app.test_client()
    sign_in(other)
    other.post("/api/account/delete", json={"password": PASSWORD})
    page = client.get("/account")
    assert b"Your sign-in has expired or was ended elsewhere" in page.data


def test_deleting_the_account_deletes_its_data(client: FlaskClient, app: Flask) -> None:
    register(client)
    new_game(client)
    wrong = client.post("/api/account/delete", json={"password": "not the password"})
    assert wrong.status_code == 401 and wrong.json["error"] == "Wrong password: the account was not deleted."
    assert client.post("/api/account/delete", json={"password": PASSWORD}).json == {"user": None, "deleted": True}
    assert rows(app, select(users.c.id)) == [] and rows(app, select(logins.c.user_id)) == []
    assert [owner for (owner,) in rows(app, select(games.c.owner)) if owner.startswith("u:")] == []
    assert rows(app, select(results.c.owner)) == []
    assert sign_in(client).status_code == 401
    assert client.post("/api/account/delete", json={"password": PASSWORD}).json["error"] == "Sign in first."


def test_the_account_page_forms(client: FlaskClient) -> None:
    page = client.get("/account")
    assert b'data-role="register-form"' in page.data and b'name="csrf_token"' in page.data
    done = client.post("/account/register", data={"username": "ada", "password": PASSWORD})
    assert done.status_code == 303 and done.headers["Location"].endswith("/account")
    page = client.get("/account")
    assert b"Signed in as ada." in page.data and b'data-nav="account"' in page.data
    client.post("/account/sign-out", data={})
    again = client.post("/account/register", data={"username": "ada", "password": PASSWORD})
    assert again.status_code == 409 and b"is taken: choose another." in again.data
    assert b'value="ada"' in again.data  # the name typed stays in the form
    bad = client.post("/account/sign-in", data={"username": "ada", "password": "nope nope"})
    assert bad.status_code == 401 and b"Wrong username or password." in bad.data


def test_refusals_are_translated(client: FlaskClient) -> None:
    reply = client.post("/api/account/sign-in?lang=de", json={"username": "ada", "password": "nope nope"})
    assert reply.status_code == 401 and reply.json["error"] != "Wrong username or password."


def test_a_refused_write_from_another_site_sets_no_cookie(app: Flask) -> None:
    """A form posted from another site arrives without the cookie (SameSite=Lax): its 403 must not
    start a session whose cookie would replace the player's."""
    plain = FlaskClient(app, app.response_class, use_cookies=False)
    for path in ("/language", "/account/sign-in", "/api/games"):
        reply = plain.post(path, data={"lang": "de"}, headers={"Origin": "https://evil.example"})
        assert reply.status_code == 403 and "Set-Cookie" not in reply.headers, path


def test_behind_a_proxy_the_limit_per_address_counts_each_client(app: Flask) -> None:
    app.config["SIGN_IN_FAILURES_PER_ADDRESS"] = 2
    proxied = create_app({**app.config, "PROXY_COUNT": 1, "TESTING": True})
    client = proxied.test_client()
    for name in ("aaa", "bbb"):
        reply = client.post("/api/account/sign-in", json={"username": name, "password": "guess guess"},
                            headers={"X-Forwarded-For": "203.0.113.7"})
        assert reply.status_code == 401
    blocked = client.post("/api/account/sign-in", json={"username": "ccc", "password": "guess guess"},
                          headers={"X-Forwarded-For": "203.0.113.7"})
    assert blocked.status_code == 429
    other = client.post("/api/account/sign-in", json={"username": "ccc", "password": "guess guess"},
                        headers={"X-Forwarded-For": "198.51.100.9"})
    assert other.status_code == 401  # another client behind the same proxy is not blocked


# -- sign-in limits that hold under concurrency and do not lock the owner out -------------

OUTSIDER = "203.0.113.7"
TOO_EASY = "This password is too common or too easy to guess: choose another."
HAS_NAME = "This password contains the username: choose another."


def sign_in_from(client: FlaskClient, address: str, name: str = "ada", password: str = "guess guess") -> Any:
    return client.post("/api/account/sign-in", json={"username": name, "password": password},
                       environ_base={"REMOTE_ADDR": address})


@pytest.fixture
def password_checks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every password actually checked against a hash (slowed a little, so that
    simultaneous attempts overlap while they are checked)."""
    checked: list[str] = []
    lock = threading.Lock()
    real = storage_accounts.check_password_hash

    def counting(hashed: str, password: str) -> bool:
        with lock:
            checked.append(password)
        time.sleep(0.05)
        return real(hashed, password)

    monkeypatch.setattr(storage_accounts, "check_password_hash", counting)
    return checked


def simultaneous_sign_ins(app: Flask, addresses: list[str]) -> list[int]:
    """One wrong sign-in for "ada" from each address, all at once: their statuses."""
    start = threading.Barrier(len(addresses))

    def attempt(address: str) -> int:
        client = app.test_client()
        start.wait()
        return int(sign_in_from(client, address).status_code)

    with ThreadPoolExecutor(len(addresses)) as pool:
        return list(pool.map(attempt, addresses))


def test_simultaneous_wrong_sign_ins_check_no_more_passwords_than_the_limit(
    app: Flask, client: FlaskClient, password_checks: list[str]
) -> None:
    register(client)
    password_checks.clear()
    limit = app.config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"]
    assert limit == 5
    statuses = simultaneous_sign_ins(app, [OUTSIDER] * 20)
    assert len(password_checks) == limit  # was 13 to 16 when counting and recording were apart
    assert sorted(statuses) == [401] * limit + [429] * (20 - limit)


def test_simultaneous_sign_ins_from_many_addresses_hold_the_limit_per_name(
    app: Flask, client: FlaskClient, password_checks: list[str]
) -> None:
    register(client)
    password_checks.clear()
    app.config["SIGN_IN_FAILURES_PER_NAME"] = 5
    statuses = simultaneous_sign_ins(app, [f"198.51.100.{n}" for n in range(1, 21)])
    assert len(password_checks) == 5
    assert sorted(statuses) == [401] * 5 + [429] * 15


def test_an_outsiders_guesses_do_not_lock_the_owner_out(app: Flask, client: FlaskClient) -> None:
    register(client)
    client.post("/api/account/sign-out", json={})
    outsider = app.test_client()
    for _ in range(app.config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"]):
        assert sign_in_from(outsider, OUTSIDER).status_code == 401
    assert sign_in_from(outsider, OUTSIDER).status_code == 429
    assert sign_in_from(outsider, OUTSIDER, password=PASSWORD).status_code == 429  # the outsider waits, even when right
    assert sign_in(client, "ada", "a typo of mine").status_code == 401  # the owner's address has its own count
    assert sign_in(client).status_code == 200


def test_a_guesser_spread_over_many_addresses_is_slowed_per_name(app: Flask, client: FlaskClient) -> None:
    register(client)
    client.post("/api/account/sign-out", json={})
    app.config["SIGN_IN_FAILURES_PER_NAME"] = 4
    guesser = app.test_client()
    for n in range(4):
        assert sign_in_from(guesser, f"198.51.100.{n}").status_code == 401
    blocked = sign_in_from(guesser, "198.51.100.99")
    assert blocked.status_code == 429 and int(blocked.headers["Retry-After"]) == 900
    assert sign_in_from(guesser, "198.51.100.99", "bob").status_code == 401  # another name is not held back


def test_failed_sign_ins_are_rate_limited_per_address(app: Flask, client: FlaskClient) -> None:
    register(client)
    client.post("/api/account/sign-out", json={})
    app.config["SIGN_IN_FAILURES_PER_ADDRESS"] = 3
    guesser = app.test_client()
    for name in ("ada", "bob", "eve"):
        assert sign_in_from(guesser, OUTSIDER, name).status_code == 401
    assert sign_in_from(guesser, OUTSIDER, "zoe").status_code == 429  # a new name: still this address
    assert sign_in_from(guesser, OUTSIDER, "ada", PASSWORD).status_code == 429
    assert sign_in(client).status_code == 200  # from another address


def test_right_sign_ins_are_not_counted(app: Flask, client: FlaskClient) -> None:
    register(client)
    app.config.update(SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS=2, SIGN_IN_FAILURES_PER_NAME=2, SIGN_IN_FAILURES_PER_ADDRESS=2)
    for _ in range(4):
        assert sign_in(client).status_code == 200
    other = app.test_client()  # a browser the account never used: the three counters
    assert sign_in(other, "ada", "guess guess").status_code == 401
    assert sign_in(other).status_code == 200  # and a right one clears this address's failures for the name
    assert rows(app, select(sign_in_failures.c.key)) == [("user:ada",), ("address:127.0.0.1",)]


def test_a_browser_the_owner_used_is_never_locked_out_by_guesses_from_elsewhere(app: Flask, client: FlaskClient) -> None:
    """The audit: 60 wrong passwords from 60 addresses (behind a proxy), then the owner's right one: 429 for 15
    minutes.  A browser the account signed in on before counts its own attempts only."""
    register(client)
    client.post("/api/account/sign-out", json={})
    proxied = create_app({**app.config, "PROXY_COUNT": 1, "TESTING": True})
    guesser = proxied.test_client()
    for n in range(60):
        guesser.post("/api/account/sign-in", json={"username": "ada", "password": "guess guess"},
                     headers={"X-Forwarded-For": f"198.51.100.{n}"})
    stranger = proxied.test_client()
    assert stranger.post("/api/account/sign-in", json={"username": "ada", "password": PASSWORD},
                         headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 429  # a new browser waits
    owner = proxied.test_client()
    with client.session_transaction() as kept, owner.session_transaction() as session:
        session.update(kept)  # the owner's browser, signed out, with its cookie
    assert owner.post("/api/account/sign-in", json={"username": "ada", "password": PASSWORD},
                      headers={"X-Forwarded-For": "192.0.2.1"}).status_code == 200
    # the browser's own attempts are still limited
    owner.post("/api/account/sign-out", json={})
    for _ in range(app.config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"]):
        assert sign_in(owner, "ada", "a typo of mine").status_code == 401
    assert sign_in(owner).status_code == 429


def test_ipv6_addresses_are_counted_by_their_64_network(app: Flask, client: FlaskClient) -> None:
    register(client)
    client.post("/api/account/sign-out", json={})
    app.config["SIGN_IN_FAILURES_PER_ADDRESS"] = 3
    guesser = app.test_client()
    for n, name in enumerate(("ada", "bob", "eve"), 1):
        assert sign_in_from(guesser, f"2001:db8:1:2::{n:x}", name).status_code == 401
    assert sign_in_from(guesser, "2001:db8:1:2:ffff:1:2:3", "zoe").status_code == 429  # the same /64
    assert sign_in_from(guesser, "2001:db8:1:3::1", "zoe").status_code == 401  # another /64


def test_guessing_the_password_to_delete_the_account_is_limited_too(app: Flask, client: FlaskClient) -> None:
    register(client)
    for _ in range(app.config["SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS"]):
        assert client.post("/api/account/delete", json={"password": "guess guess"}).status_code == 401
    blocked = client.post("/api/account/delete", json={"password": PASSWORD})
    assert blocked.status_code == 429 and "Retry-After" in blocked.headers
    assert rows(app, select(users.c.username)) == [("ada",)]


# -- weak passwords are refused when registering --------------------------------------------


@pytest.mark.parametrize(
    ("name", "password", "message"),
    [
        ("ada", "password", TOO_EASY),
        ("ada", "12345678", TOO_EASY),
        ("ada", "qwertyuiop", TOO_EASY),
        ("ada", "iloveyou", TOO_EASY),
        ("ada", "11111111", TOO_EASY),
        ("ada", "abcdefgh", TOO_EASY),
        ("ada", "P@ssw0rd!", TOO_EASY),
        ("ada", "monkey2024", TOO_EASY),
        # the audit's: a season or month and a year, this site's name with a year or a digit, two common words
        ("ada", "Summer2026", TOO_EASY),
        ("ada", "Winter2026!", TOO_EASY),
        ("ada", "December2026", TOO_EASY),
        ("ada", "minesweeper2026", TOO_EASY),
        ("ada", "minesweeper1!", TOO_EASY),
        ("ada", "correcthorse", TOO_EASY),
        ("ada", "ada12345", HAS_NAME),
        ("grace_hopper", "my name is GRACE_HOPPER!", HAS_NAME),
    ],
)
def test_weak_passwords_are_refused_with_a_reason(client: FlaskClient, app: Flask, name: str, password: str, message: str) -> None:
    reply = register(client, name, password)
    assert reply.status_code == 400 and reply.json == {"error": message, "status": 400}  # the password is not quoted
    assert rows(app, select(users.c.id)) == []


@pytest.mark.parametrize("language", ["de", "ja", "ar"])
def test_the_weak_password_refusals_are_translated(client: FlaskClient, language: str) -> None:
    for password, message in (("password", TOO_EASY), ("ada-is-me-2024", HAS_NAME)):
        reply = client.post(f"/api/account/register?lang={language}", json={"username": "ada", "password": password})
        assert reply.status_code == 400 and reply.json["error"] == translations(language).gettext(message)


def test_the_account_page_says_why_a_password_is_refused(client: FlaskClient) -> None:
    page = client.post("/account/register", data={"username": "ada", "password": "12345678"})
    assert page.status_code == 400 and TOO_EASY.encode() in page.data and b"12345678" not in page.data
    assert b'value="ada"' in page.data


@pytest.mark.parametrize("password", ["violet tractor 17 dunes", "Tr0ub4dor&3-x", "correct horse battery"])
def test_strong_passwords_are_accepted(client: FlaskClient, password: str) -> None:
    assert register(client, "ada", password).status_code == 201


def test_an_old_account_with_a_weak_password_still_signs_in(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        storage_accounts.create_user("oldtimer", "password")  # made before passwords were checked
    assert sign_in(client, "oldtimer", "password").status_code == 200


def test_the_register_form_states_the_password_rule(client: FlaskClient) -> None:
    page = client.get("/account")
    assert b"At least 8 characters." in page.data
    assert b"Not a common password or a simple pattern, and not containing your username." in page.data


@pytest.mark.parametrize(
    "send",
    [
        lambda c: c.post("/api/account/sign-in", json={"username": "ada\x00", "password": PASSWORD}),
        lambda c: c.post("/api/account/register", json={"username": "a\x00da", "password": PASSWORD}),
        lambda c: c.post("/account/sign-in", data={"username": "ada\x00", "password": PASSWORD}),
        lambda c: c.get("/api/games/abc%00def"),
        lambda c: c.get("/api/leaderboards?kind=expert%00"),
    ],
)
def test_a_nul_character_is_refused_with_400_on_both_databases(app: Flask, client: FlaskClient, send: Any) -> None:
    register(client)
    reply = send(app.test_client())
    assert reply.status_code == 400
    if reply.is_json:
        assert "NUL" in reply.json["error"]
    assert rows(app, select(users.c.username)) == [("ada",)]
