"""Accounts: users, signed-in browsers, and failed sign-ins.

A password is kept only as a hash (werkzeug's ``generate_password_hash``:
scrypt with a random salt).  A signed-in browser holds a random token in its
session cookie; the database keeps the token's SHA-256, so a copy of the
database signs nobody in.  Signing in hands the games, puzzles and results of
the browser's anonymous session to the account (``adopt``).

Sign-in attempts are counted in ``sign_in_failures`` (one row per attempt and
counter key, see ``web.accounts`` for the keys and limits).  ``reserve_attempt``
counts and records an attempt in one write transaction *before* the password is
checked, so concurrent guesses cannot all slip under a limit: SQLite's
``BEGIN IMMEDIATE`` serialises writers, and on PostgreSQL the transaction first
takes an advisory lock per counter key (in a fixed order, so two attempts never
deadlock).  A right password refunds the reservation (``refund_attempt``); a
wrong one leaves it counted as a failure.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, delete, func, insert, literal, select, text, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from web.storage.database import connection, write
from web.storage.retention import add_practice_totals
from web.storage import ratings, runs, training
from web.storage.tables import (
    ACCOUNT_PREFIX,
    games,
    logins,
    missed_steps,
    practice_rating_events,
    practice_ratings,
    practice_schedule,
    practice_totals,
    puzzles,
    results,
    sign_in_failures,
    training_runs,
    users,
)

__all__ = [
    "ACCOUNT_PREFIX",
    "AttemptRefused",
    "User",
    "UsernameTaken",
    "account_owner",
    "adopt",
    "create_user",
    "delete_user",
    "clear_failures",
    "end_login",
    "find_user",
    "fold",
    "login_user",
    "refund_attempt",
    "reserve_attempt",
    "start_login",
    "verify_password",
]


#: checked against when the username is unknown, so both failures take the same time
_DUMMY_HASH = generate_password_hash("not a password of anyone")


class UsernameTaken(ValueError):
    """Another account has this username (or one that folds to the same)."""


class AttemptRefused(Exception):
    """A sign-in counter is full: no attempt before ``retry_at`` (a Unix time)."""

    def __init__(self, retry_at: float) -> None:
        super().__init__(retry_at)
        self.retry_at = retry_at


@dataclass(frozen=True)
class User:
    id: str
    username: str
    created_at: float

    @property
    def owner(self) -> str:
        return account_owner(self.id)


def account_owner(user_id: str) -> str:
    return ACCOUNT_PREFIX + user_id


def fold(username: str) -> str:
    """The form two usernames are compared in: NFKC, case-folded."""
    return unicodedata.normalize("NFKC", username).casefold()


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def create_user(username: str, password: str) -> User:
    """A new account (``UsernameTaken`` when the folded name is in use)."""
    conn = connection()
    user = User(secrets.token_urlsafe(12), username, time.time())
    hashed = generate_password_hash(password)
    try:
        with write(conn):
            conn.execute(
                insert(users).values(
                    id=user.id, username=username, username_key=fold(username), password_hash=hashed,
                    created_at=user.created_at,
                )
            )
    except IntegrityError:
        raise UsernameTaken(username) from None
    return user


def find_user(username: str) -> tuple[User, str] | None:
    row = connection().execute(
        select(users.c.id, users.c.username, users.c.created_at, users.c.password_hash).where(
            users.c.username_key == fold(username)
        )
    ).first()
    if row is None:
        return None
    return User(row.id, row.username, row.created_at), row.password_hash


def verify_password(username: str, password: str) -> User | None:
    """The account if the password is right, else None (unknown user or wrong password, alike)."""
    found = find_user(username)
    if found is None:
        check_password_hash(_DUMMY_HASH, password)
        return None
    user, hashed = found
    return user if check_password_hash(hashed, password) else None


def start_login(user: User, lifetime: float, anonymous: str | None = None) -> str:
    """A new signed-in browser for ``user``: the token its session keeps.  What the
    browser's anonymous session ``anonymous`` owned becomes the account's, in the same transaction."""
    token = secrets.token_urlsafe(32)
    now = time.time()
    conn = connection()
    with write(conn):
        conn.execute(
            insert(logins).values(token_hash=_hash_token(token), user_id=user.id, created_at=now, expires_at=now + lifetime)
        )
        conn.execute(delete(logins).where(logins.c.expires_at < now))
        if anonymous:
            adopt(conn, anonymous, user.owner)
    return token


def login_user(token: str) -> User | None:
    """The account a session's token signs in, unless it expired or was ended."""
    row = connection().execute(
        select(users.c.id, users.c.username, users.c.created_at)
        .join(logins, logins.c.user_id == users.c.id)
        .where(logins.c.token_hash == _hash_token(token), logins.c.expires_at > time.time())
    ).first()
    return None if row is None else User(row.id, row.username, row.created_at)


def end_login(token: str) -> None:
    conn = connection()
    with write(conn):
        conn.execute(delete(logins).where(logins.c.token_hash == _hash_token(token)))


def adopt(conn: Connection, anonymous: str, owner: str) -> int:
    """Give the games, puzzles, practice totals, results, missed steps, practice schedule and ratings of ``anonymous`` to ``owner``
    (inside the caller's write transaction); the number of games moved."""
    moved = conn.execute(update(games).where(games.c.owner == anonymous).values(owner=owner, adopted=True)).rowcount
    conn.execute(update(puzzles).where(puzzles.c.owner == anonymous).values(owner=owner))
    conn.execute(update(results).where(results.c.owner == anonymous).values(owner=owner))
    kept = select(
        literal(owner).label("owner"),
        practice_totals.c.pattern,
        practice_totals.c.solved,
        practice_totals.c.answered,
        practice_totals.c.first_try,
    ).where(practice_totals.c.owner == anonymous)
    add_practice_totals(conn, kept)
    conn.execute(delete(practice_totals).where(practice_totals.c.owner == anonymous))
    training.adopt(conn, anonymous, owner)
    ratings.adopt(conn, anonymous, owner)
    runs.adopt(conn, anonymous, owner)
    return int(moved)


def delete_user(user: User) -> None:
    """The account and everything it owns: games, puzzles, practice totals, results, signed-in browsers."""
    conn = connection()
    with write(conn):
        for table in (games, puzzles, practice_totals, results, missed_steps, practice_schedule, practice_ratings,
                      practice_rating_events, training_runs):
            conn.execute(delete(table).where(table.c.owner == user.owner))
        conn.execute(delete(logins).where(logins.c.user_id == user.id))
        conn.execute(delete(users).where(users.c.id == user.id))


#: failed attempts are kept at least this long (seconds), whatever the window
FAILURES_KEPT = 86400


def _lock_id(key: str) -> int:
    """The PostgreSQL advisory lock (a signed 64-bit number) that guards the counter ``key``."""
    return int.from_bytes(hashlib.sha256(b"sign-in counter " + key.encode()).digest()[:8], "big", signed=True)


def reserve_attempt(limits: Sequence[tuple[str, int]], window: float) -> list[int]:
    """Count an attempt against each ``(key, limit)`` before the password is checked:
    the ids of the rows recorded (one per key), or ``AttemptRefused`` — recording
    nothing — when a key already has ``limit`` attempts in the last ``window`` seconds.

    Counting and recording happen in one write transaction that no other reservation
    for the same keys can interleave with, so ``limit`` attempts at most pass, however
    many arrive at once."""
    now = time.time()
    since = now - window
    conn = connection()
    with write(conn):
        if conn.dialect.name == "postgresql":
            for lock in sorted({_lock_id(key) for key, _ in limits}):
                conn.execute(text("SELECT pg_advisory_xact_lock(:lock)"), {"lock": lock})
        retry_at: float | None = None
        for key, limit in limits:
            allowed = max(1, int(limit))
            in_window = (sign_in_failures.c.key == key) & (sign_in_failures.c.at >= since)
            count = int(conn.execute(select(func.count()).where(in_window)).scalar_one())
            if count >= allowed:
                # a slot frees when the (count - allowed + 1)-th oldest attempt leaves the window
                freed: float = conn.execute(
                    select(sign_in_failures.c.at).where(in_window).order_by(sign_in_failures.c.at)
                    .offset(count - allowed).limit(1)
                ).scalar_one()
                retry_at = max(retry_at or 0.0, freed + window)
        if retry_at is not None:
            raise AttemptRefused(retry_at)
        ids = [
            int(conn.execute(insert(sign_in_failures).values(key=key, at=now).returning(sign_in_failures.c.id)).scalar_one())
            for key, _ in limits
        ]
    # old attempts go in a statement of their own: it holds no lock another reservation waits for
    conn.execute(delete(sign_in_failures).where(sign_in_failures.c.at < now - max(window, FAILURES_KEPT)))
    return ids


def refund_attempt(ids: Sequence[int], clear: Sequence[str] = ()) -> None:
    """A reserved attempt that succeeded: its rows no longer count; nor do any of the
    failures recorded for the keys in ``clear``."""
    conn = connection()
    with write(conn):
        if ids:
            conn.execute(delete(sign_in_failures).where(sign_in_failures.c.id.in_(list(ids))))
        if clear:
            conn.execute(delete(sign_in_failures).where(sign_in_failures.c.key.in_(list(clear))))


def clear_failures(key: str) -> None:
    conn = connection()
    with write(conn):
        conn.execute(delete(sign_in_failures).where(sign_in_failures.c.key == key))
