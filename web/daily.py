"""The daily board: one no-guess board per day (UTC) and preset, the same for
every player.

Its seed is an HMAC of the day and preset under ``SECRET_KEY`` (every server
sharing the key deals the same board; nobody without it can work the layout
out), and its first cell, the centre, is opened by the game, so every player
starts from the same position; the clock starts at the player's first move.
A player has one attempt a day per preset: asking again returns the same game.
Each account's first attempt ranks (``web.storage.stats.daily_board``).
"""

from __future__ import annotations

import hashlib
import hmac
import time
from datetime import UTC, datetime

from flask import current_app

from explainer.play import modes
from explainer.play.game import PRESETS, Game
from explainer.play.modes import Mode
from web.storage import games as db
from web.storage.games import GameRecord

__all__ = ["DAILY_PRESETS", "daily_game", "daily_key", "find_today", "today"]

#: the presets that have a daily board
DAILY_PRESETS: tuple[str, ...] = ("beginner", "intermediate", "expert")


def today(now: float | None = None) -> str:
    return datetime.fromtimestamp(time.time() if now is None else now, UTC).strftime("%Y-%m-%d")


def daily_key(day: str, preset: str) -> str:
    return f"{day}/{preset}"


def _seed(day: str, preset: str) -> int:
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(secret, f"daily:{day}:{preset}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def deal(day: str, preset: str) -> Game:
    """The day's board for ``preset``, its centre opened by the game."""
    height, width, mines = PRESETS[preset]
    game = modes.new_game(Mode.NO_GUESS, height, width, mines, _seed(day, preset))
    modes.open_cell(game, height // 2, width // 2, by="game", at=time.time())
    return game


def find_today(owner: str, preset: str) -> GameRecord | None:
    """This owner's game on today's board for ``preset``, if they started it."""
    return db.find_daily(owner, daily_key(today(), preset))


def daily_game(owner: str, preset: str) -> tuple[GameRecord, bool]:
    """This owner's game on today's board for ``preset`` (made on first ask); True if new."""
    key = daily_key(today(), preset)
    existing = db.find_daily(owner, key)
    if existing is not None:
        return existing, False
    return db.create_game(owner, deal(today(), preset), str(Mode.NO_GUESS), daily=key), True
