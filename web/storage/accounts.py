"""Accounts: users, signed-in browsers, and failed sign-ins.

A password is kept only as a hash (werkzeug's ``generate_password_hash``:
scrypt with a random salt).  A signed-in browser holds a random token in its
session cookie; the database keeps the token's SHA-256, so a copy of the
database signs nobody in.  Signing in hands the games, puzzles and results of
the browser's anonymous session to the account (``adopt``).
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from dataclasses import dataclass

from sqlalchemy import Connection, delete, func, insert, literal, select, update
from sqlalchemy.exc import IntegrityError
from werkzeug.security import check_password_hash, generate_password_hash

from web.storage.database import connection, write
from web.storage.retention import add_practice_totals
from web.storage.tables import ACCOUNT_PREFIX, games, logins, practice_totals, puzzles, results, sign_in_failures, users

__all__ = [
    "ACCOUNT_PREFIX",
    "User",
    "UsernameTaken",
    "account_owner",
    "adopt",
    "create_user",
    "delete_user",
    "end_login",
    "failures_since",
    "find_user",
    "fold",
    "login_user",
    "record_failure",
    "clear_failures",
    "start_login",
    "verify_password",
]


#: checked against when the username is unknown, so both failures take the same time
_DUMMY_HASH = generate_password_hash("not a password of anyone")


class UsernameTaken(ValueError):
    """Another account has this username (or one that folds to the same)."""


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
    """Give the games, puzzles, practice totals and results of ``anonymous`` to ``owner``
    (inside the caller's write transaction); the number of games moved."""
    moved = conn.execute(update(games).where(games.c.owner == anonymous).values(owner=owner)).rowcount
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
    return int(moved)


def delete_user(user: User) -> None:
    """The account and everything it owns: games, puzzles, practice totals, results, signed-in browsers."""
    conn = connection()
    with write(conn):
        for table in (games, puzzles, practice_totals, results):
            conn.execute(delete(table).where(table.c.owner == user.owner))
        conn.execute(delete(logins).where(logins.c.user_id == user.id))
        conn.execute(delete(users).where(users.c.id == user.id))


def record_failure(keys: list[str]) -> None:
    now = time.time()
    conn = connection()
    with write(conn):
        conn.execute(insert(sign_in_failures), [{"key": key, "at": now} for key in keys])
        conn.execute(delete(sign_in_failures).where(sign_in_failures.c.at < now - 86400))


def failures_since(key: str, since: float) -> tuple[int, float | None]:
    """How many failures ``key`` had since ``since``, and the oldest of them."""
    row = connection().execute(
        select(func.count(), func.min(sign_in_failures.c.at)).where(
            sign_in_failures.c.key == key, sign_in_failures.c.at >= since
        )
    ).one()
    return int(row[0]), row[1]


def clear_failures(key: str) -> None:
    conn = connection()
    with write(conn):
        conn.execute(delete(sign_in_failures).where(sign_in_failures.c.key == key))
