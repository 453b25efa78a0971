"""The session-signing key: from the environment or config (``SECRET_KEY``), else a
file in the instance folder (``SECRET_KEY_FILE``, default ``<instance>/secret_key``)
made once with mode 0600.

The key signs the session cookie, and a session owns its games: whoever holds
the key can forge any session.  So it never lives in the games database (a copy
of that file must not be a master key); an older database that kept it there
hands it over to the key file once (``web.storage.migrations.migrate``), so sessions survive
the upgrade.  Several servers sharing one database must share ``SECRET_KEY``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from web.config import ConfigError

__all__ = ["KEY_FILE_NAME", "key_file", "read_or_create_key", "write_key"]

KEY_FILE_NAME = "secret_key"


def key_file(configured: str | None, instance_path: str) -> Path:
    return Path(configured) if configured else Path(instance_path) / KEY_FILE_NAME


def write_key(path: Path, key: str) -> bool:
    """Create ``path`` holding ``key`` (mode 0600) unless it exists; True if written.
    The file appears whole (written aside, then hard-linked into place), so two
    processes racing here agree: the loser reads the winner's key."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        return False
    aside = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
    fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(key)
        os.link(aside, path)
    except FileExistsError:
        return False
    finally:
        aside.unlink(missing_ok=True)
    return True


def read_or_create_key(path: Path) -> str:
    """The key kept in ``path``, made (64 hex digits) on first use."""
    write_key(path, secrets.token_hex(32))
    try:
        key = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read the session key file {str(path)!r}: {error}") from None
    if len(key) < 32:
        raise ConfigError(f"the session key file {str(path)!r} holds fewer than 32 characters: delete it or set SECRET_KEY")
    return key
