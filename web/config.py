"""Settings: defaults, the environment, and where the database lives.

``DATABASE_URL`` (environment or config) names the database: a PostgreSQL
server (``postgresql://user:password@host/name``, several app servers may
share it), or a SQLite file, either as a URL (``sqlite:///relative.db``,
``sqlite:////absolute/path.db``) or as a plain path.  Without it, games go to
``<instance folder>/minesweeper.sqlite3``.

``RETENTION_DAYS`` (``FLASK_RETENTION_DAYS`` in the environment) is how long
games and practice puzzles are kept after their last activity; ``0`` or
``None`` keeps everything (see ``web.storage.retention.prune``).
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

__all__ = ["ConfigError", "DEFAULTS", "database_path", "database_url", "environment_settings", "retention_days"]

DEFAULT_DATABASE_NAME = "minesweeper.sqlite3"

DEFAULTS: dict[str, Any] = {
    # Flask-Babel: one domain shared with the engine
    "BABEL_DEFAULT_LOCALE": "en",
    "BABEL_DOMAIN": "messages",
    # only tests and scripts may choose a game's seed (a chosen seed lets a client know the layout)
    "ALLOW_SEEDS": False,
    # solved boards kept per worker (0 turns the cache off)
    "SOLUTION_CACHE_SIZE": 512,
    # games and practice puzzles with no activity for this many days are deleted (0 or None: keep everything)
    "RETENTION_DAYS": 30,
    "SESSION_COOKIE_SAMESITE": "Lax",
    # set true behind HTTPS (FLASK_SESSION_COOKIE_SECURE=true): the cookie is then never sent in clear
    "SESSION_COOKIE_SECURE": False,
    # the largest request body accepted (413 past it); the biggest real request is a Learn answer of a few KB
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # origins besides the request's own host allowed to send state-changing requests (web.security)
    "TRUSTED_ORIGINS": (),
    "SESSION_COOKIE_HTTPONLY": True,
    "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 365,
    # the cookie lasts a year from when it was set; re-signing it on every response buys nothing
    "SESSION_REFRESH_EACH_REQUEST": False,
    # a sign-in lasts this many seconds on a browser (then the player signs in again)
    "LOGIN_LIFETIME": 60 * 60 * 24 * 30,
    # failed sign-ins allowed within SIGN_IN_WINDOW seconds, then 429 (web.accounts explains the design): for one
    # username from one address (strict: an outsider's guesses never fill the owner's own), for one username from
    # all addresses together (slows a guesser spread over many addresses), and from one address whatever the names
    "SIGN_IN_FAILURES_PER_NAME_AND_ADDRESS": 5,
    "SIGN_IN_FAILURES_PER_NAME": 50,
    "SIGN_IN_FAILURES_PER_ADDRESS": 50,
    "SIGN_IN_WINDOW": 15 * 60,
    # reverse proxies in front that set X-Forwarded-For (0: none); the sign-in limit per address needs the client's
    # address, not the proxy's (werkzeug's ProxyFix believes this many hops)
    "PROXY_COUNT": 0,
    # replay imports (files and videos) one client may send a minute (an IPv6 client counted by its /64)
    "IMPORTS_PER_MINUTE": 10,
    # the fewest ranked games a player needs to appear on a win-ratio leaderboard
    "LEADERBOARD_MIN_GAMES": 10,
}


class ConfigError(ValueError):
    """A setting that cannot be used; the message quotes it."""


def environment_settings() -> dict[str, Any]:
    """Settings read from the environment without a prefix (the documented ones)."""
    found: dict[str, Any] = {}
    for key in ("DATABASE_URL", "SECRET_KEY", "SECRET_KEY_FILE"):
        value = os.environ.get(key)
        if value:
            found[key] = value
    return found


POSTGRES_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")


def database_url(url: str | None, instance_path: str) -> str:
    """The SQLAlchemy URL of the database named by ``url``: a PostgreSQL URL
    (driven by psycopg 3), or a SQLite file (a sqlite URL, a path, or the default one)."""
    if url and "://" in url:
        scheme, _, rest = url.partition("://")
        if scheme in POSTGRES_SCHEMES:
            if not rest or rest.startswith("?"):
                raise ConfigError(f"a postgresql URL names a server and a database, got {url!r}")
            return f"postgresql+psycopg://{rest}"
    return f"sqlite:///{database_path(url, instance_path).absolute()}"


def is_postgres(url: str) -> bool:
    return url.partition("://")[0] in POSTGRES_SCHEMES


def database_path(url: str | None, instance_path: str) -> Path:
    """The SQLite file named by ``url`` (a sqlite URL or a path), or the default one."""
    if not url:
        return Path(instance_path) / DEFAULT_DATABASE_NAME
    if "://" in url:
        scheme, _, rest = url.partition("://")
        if scheme != "sqlite":
            raise ConfigError(f"DATABASE_URL must be a postgresql URL, a sqlite URL or a file path, got {url!r}")
        if not rest.startswith("/"):
            raise ConfigError(f"a sqlite URL is sqlite:///relative/path or sqlite:////absolute/path, got {url!r}")
        rest = rest[1:]
        if not rest or rest == ":memory:":
            raise ConfigError(f"DATABASE_URL must name a file (games must survive a restart), got {url!r}")
        return Path(rest)
    return Path(url)


def retention_days(value: Any) -> float | None:
    """The retention window in days from a ``RETENTION_DAYS`` setting, or None when pruning is off.

    ``0``, ``None`` and an empty string turn pruning off; a number (or a string
    holding one, as the environment gives) must be positive and finite.
    """
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        raise ConfigError(f"RETENTION_DAYS must be a number of days (0 or None: keep everything), got {value!r}")
    if isinstance(value, str):
        try:
            value = float(value.strip())
        except ValueError:
            raise ConfigError(
                f"RETENTION_DAYS must be a number of days (0 or None: keep everything), got {value!r}"
            ) from None
    if not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ConfigError(f"RETENTION_DAYS must be a number of days (0 or None: keep everything), got {value!r}")
    return float(value) if value > 0 else None
