"""The daily board: one no-guess board per day (UTC) and preset, the same for
every player.

Its seed is an HMAC of the day and preset under ``SECRET_KEY`` (every server
sharing the key deals the same board; nobody without it can work the layout
out), and its first cell, the centre, is opened by the game, so every player
starts from the same position; the clock starts at the player's first move.

**One attempt a day per preset**, kept by the database: ``daily_attempts`` has
one row per board and player, its primary key the guard, written in the same
transaction as the game (twelve requests at once make one game).  The player is
a keyed hash (HMAC under ``SECRET_KEY``) of a signed-in account's folded name
and the day, so signing out, deleting the account and registering the name again
give no second attempt; an anonymous browser is its session id.  A daily game
an anonymous browser brings to an account at sign-in becomes the account's
attempt when it has none (it never ranks: it was not played signed in).  No
flag is judged on the daily board (its wrong-flag warnings are off).

**The layout stays hidden until the day ends** (UTC): a lost daily game shows
the mine that went off and only the flags the player's view proves wrong (the
engine's proof, never the layout), and its review, replay,
replay file and exported layout open the next day (``layout_hidden``).  The
ranking rules are ``web.storage.ranking``'s; the daily board also needs an
account created before the day began.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from datetime import UTC, datetime
from functools import lru_cache

from flask import current_app
from flask_babel import format_datetime
from flask_babel import gettext as _
from sqlalchemy import Connection, insert, select
from sqlalchemy.exc import IntegrityError

from explainer.play import modes, moves
from explainer.play.game import PRESETS, Game
from explainer.errors import BudgetExceeded
from explainer.play.grade import Grade, grade_layout
from explainer.play.modes import Mode
from web.errors import DailyHidden, DailyPlayed
from web.storage import accounts as stored_accounts
from web.storage import games as db
from web.storage.database import connection, upsert, write
from web.storage.games import GameRecord
from web.storage.ranking import Origin
from web.storage.results import day_start
from web.storage.tables import daily_attempts, games
from web.extra import web_extra

__all__ = [
    "DAILY_PRESETS",
    "claim_adopted",
    "daily_game",
    "daily_key",
    "find_today",
    "grade",
    "hidden_until",
    "layout_hidden",
    "player_key",
    "today",
]

#: the presets that have a daily board
DAILY_PRESETS: tuple[str, ...] = ("beginner", "intermediate", "expert")
DAY = 86400.0


def today(now: float | None = None) -> str:
    return datetime.fromtimestamp(time.time() if now is None else now, UTC).strftime("%Y-%m-%d")


def daily_key(day: str, preset: str) -> str:
    return f"{day}/{preset}"


def layout_hidden(record: GameRecord, now: float | None = None) -> bool:
    """A daily game whose day has not ended yet: its layout is shown to nobody."""
    if record.daily is None:
        return False
    return (time.time() if now is None else now) < day_start(record.daily) + DAY


def hidden_until(daily: str) -> DailyHidden:
    """The refusal of what would show the layout of the daily board of ``daily`` (a day) before that day ends."""
    return DailyHidden(format_datetime(datetime.fromtimestamp(day_start(daily) + DAY, UTC), "short"))


def _secret() -> bytes:
    return str(current_app.config["SECRET_KEY"]).encode()


def _seed(day: str, preset: str) -> int:
    digest = hmac.new(_secret(), f"daily:{day}:{preset}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def player_key(daily: str, user: stored_accounts.User | None, owner: str) -> str:
    """Who plays ``daily``: a keyed hash of a signed-in account's folded name (it outlives the
    account), or the anonymous browser's session."""
    if user is None:
        return "s:" + owner
    name = stored_accounts.fold(user.username)
    return "a:" + hmac.new(_secret(), f"daily-player:{daily}:{name}".encode(), hashlib.sha256).hexdigest()


def deal(day: str, preset: str) -> Game:
    """The day's board for ``preset``, its centre opened by the game."""
    height, width, mines = PRESETS[preset]
    game = modes.new_game(Mode.NO_GUESS, height, width, mines, _seed(day, preset))
    web_extra(game)["warnings"] = False  # the same board for everyone, with no help: no flag is judged
    moves.open_cell(game, height // 2, width // 2, by="game", at=time.time())
    return game


def grade(day: str, preset: str) -> Grade | None:
    """What the day's board for ``preset`` needs from its opened centre (``explainer.play.grade``): the same for every
    player, shown before they play, like a puzzle's difficulty; None when working it out would go over the request's
    engine budget (a later request tries again)."""
    try:
        return _grade(_secret(), day, preset)
    except BudgetExceeded:
        return None


@lru_cache(maxsize=16)
def _grade(secret: bytes, day: str, preset: str) -> Grade:
    """(``secret``: the server's, part of the key so that two apps in one process never share a board's grade.)"""
    game = deal(day, preset)
    assert game.layout is not None and game.first_click is not None  # dealt: its centre is open
    return grade_layout(game.height, game.width, game.layout, game.first_click)


def _attempt(daily: str, player: str) -> str | None:
    """The game of ``player``'s attempt at ``daily``, if they made one."""
    found = connection().execute(
        select(daily_attempts.c.game_id).where(daily_attempts.c.daily == daily, daily_attempts.c.player == player)
    ).scalar()
    return None if found is None else str(found)


def _existing(daily: str, preset: str, player: str, owner: str) -> GameRecord | None:
    """The game of the attempt already made, None when there is none; ``DailyPlayed`` when it is
    gone or belongs to someone else (an account deleted, then registered again)."""
    game_id = _attempt(daily, player)
    if game_id is None:
        return None
    record = db.find_game(game_id)
    if record is None or record.owner != owner:
        # I18N: a second attempt at the daily board asked after the first one's account was deleted; %(preset)s
        # is the board's preset name (beginner, intermediate, expert), which stays as it is
        raise DailyPlayed(_("You have already played today's %(preset)s board: one attempt a day.", preset=preset))
    return record


def find_today(owner: str, user: stored_accounts.User | None, preset: str) -> GameRecord | None:
    """This player's game on today's board for ``preset``, if they started it."""
    key = daily_key(today(), preset)
    try:
        return _existing(key, preset, player_key(key, user, owner), owner)
    except DailyPlayed:
        return None


def daily_game(owner: str, user: stored_accounts.User | None, preset: str) -> tuple[GameRecord, bool]:
    """This player's game on today's board for ``preset`` (made on first ask); True if new.

    The attempt and the game are written in one transaction; when another request made the
    attempt first, its game is answered."""
    key = daily_key(today(), preset)
    player = player_key(key, user, owner)
    existing = _existing(key, preset, player, owner)
    if existing is not None:
        return existing, False

    def attempt(conn: Connection, game_id: str) -> None:
        conn.execute(
            insert(daily_attempts).values(daily=key, player=player, game_id=game_id, account=user is not None, created_at=time.time())
        )

    try:
        record = db.create_game(owner, deal(today(), preset), str(Mode.NO_GUESS), Origin.DAILY, daily=key, attempt=attempt)
    except IntegrityError:  # another request made the attempt meanwhile
        found = _existing(key, preset, player, owner)
        if found is None:
            raise
        return found, False
    return record, True


def claim_adopted(user: stored_accounts.User) -> None:
    """At sign-in: a daily game the browser brought to the account becomes the account's attempt
    at that board when it has none (unranked: it was not played signed in)."""
    conn = connection()
    rows = conn.execute(
        select(games.c.id, games.c.daily)
        .where(games.c.owner == user.owner, games.c.daily.is_not(None), games.c.adopted)
        .order_by(games.c.created_at)
    ).all()
    with write(conn):
        for game_id, daily in rows:
            statement = upsert(conn, daily_attempts).values(
                daily=daily, player=player_key(daily, user, user.owner), game_id=game_id, account=False, created_at=time.time()
            )
            conn.execute(statement.on_conflict_do_nothing(index_elements=["daily", "player"]))
