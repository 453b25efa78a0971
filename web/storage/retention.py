"""Retention: games and practice puzzles idle for longer than ``RETENTION_DAYS``
(default 30; 0 or None keeps everything) are deleted.

A row's last activity is its ``updated_at``; a game played within the window is
never touched, and each game row holds all that its replay and its "why did I
lose" report need.  Before a puzzle goes, its answers are added to
``practice_totals`` (``prune_puzzles``, below) so Learn progress
survives.  Pruning runs on the first write after the app starts and then at
most once an hour per process (``prune_after_write``, which the stores call after their writes),
and on demand with ``flask --app web prune [--days N]``.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from typing import Any

from sqlalchemy import Connection, Select, case, delete, func, select
from sqlalchemy.exc import SQLAlchemyError

from web.config import retention_days
from web.storage import runs
from web.storage.database import connection, upsert, write
from web.storage.tables import (ACCOUNT_PREFIX, games, missed_steps, practice_rating_events, practice_ratings,
                                 practice_schedule, practice_totals, puzzles, results)

__all__ = ["PRUNE_INTERVAL", "add_practice_totals", "Pruned", "init_app", "prune", "prune_after_write", "prune_command", "prune_puzzles"]

log = logging.getLogger(__name__)

#: seconds between two automatic prunes in one process
PRUNE_INTERVAL = 3600.0


def init_app(app: Flask) -> None:
    """Prune after writes (at most hourly) and add the ``prune`` command."""
    app.extensions["db_prune"] = _PruneClock()
    app.cli.add_command(prune_command)  # flask --app web prune


@dataclass(frozen=True)
class Pruned:
    """What one prune deleted, and the cutoff it used (rows last active before it went)."""

    games: int
    puzzles: int
    cutoff: float


def prune(conn: Connection, days: float, now: float | None = None) -> Pruned:
    """Delete every game and practice puzzle whose last activity is more than
    ``days`` days before ``now``, in one write transaction.  Answers to the
    deleted puzzles are kept as Learn progress (``practice_totals``)."""
    if not days > 0:
        raise ValueError(f"the retention window must be a positive number of days, got {days!r}")
    cutoff = (time.time() if now is None else now) - days * 86400.0
    with write(conn):
        deleted_games = conn.execute(delete(games).where(games.c.updated_at < cutoff)).rowcount
        # an account's results stay (its statistics); an anonymous browser's go with its games
        conn.execute(delete(results).where(results.c.finished_at < cutoff, results.c.owner.not_like(ACCOUNT_PREFIX + "%")))
        conn.execute(
            delete(missed_steps).where(missed_steps.c.finished_at < cutoff, missed_steps.c.owner.not_like(ACCOUNT_PREFIX + "%"))
        )
        conn.execute(
            delete(practice_schedule).where(
                practice_schedule.c.due_at < cutoff, practice_schedule.c.owner.not_like(ACCOUNT_PREFIX + "%")
            )
        )
        conn.execute(
            delete(practice_ratings).where(
                practice_ratings.c.updated_at < cutoff, practice_ratings.c.owner.not_like(ACCOUNT_PREFIX + "%")
            )
        )
        conn.execute(
            delete(practice_rating_events).where(
                practice_rating_events.c.at < cutoff, practice_rating_events.c.owner.not_like(ACCOUNT_PREFIX + "%")
            )
        )
        runs.prune(conn, cutoff)
        deleted_puzzles = prune_puzzles(conn, cutoff)
    return Pruned(deleted_games, deleted_puzzles, cutoff)


class _PruneClock:
    """When this process last pruned (``time.monotonic``), so writes prune at most once per ``PRUNE_INTERVAL``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.last: float | None = None

    def due(self, now: float) -> bool:
        return self.last is None or now - self.last >= PRUNE_INTERVAL


def prune_puzzles(conn: Connection, cutoff: float) -> int:
    """Delete the puzzles last active before ``cutoff`` (inside the caller's write
    transaction), first adding their judged answers to ``practice_totals``; the count deleted."""
    answered = (
        select(
            puzzles.c.owner,
            puzzles.c.pattern,
            func.sum(case((puzzles.c.solved_at.is_not(None), 1), else_=0)),
            func.count(),
            func.coalesce(func.sum(puzzles.c.first_right), 0),
        )
        .where(puzzles.c.updated_at < cutoff, puzzles.c.first_right.is_not(None))
        .group_by(puzzles.c.owner, puzzles.c.pattern)
    )
    add_practice_totals(conn, answered)
    return conn.execute(delete(puzzles).where(puzzles.c.updated_at < cutoff)).rowcount


def add_practice_totals(conn: Connection, rows: Select[Any]) -> None:
    """Add ``rows`` (owner, pattern, solved, answered, first_try) to ``practice_totals``, summing
    into the rows already there (inside the caller's write transaction)."""
    insert = upsert(conn, practice_totals).from_select(["owner", "pattern", "solved", "answered", "first_try"], rows)
    conn.execute(
        insert.on_conflict_do_update(
            index_elements=["owner", "pattern"],
            set_={
                "solved": practice_totals.c.solved + insert.excluded.solved,
                "answered": practice_totals.c.answered + insert.excluded.answered,
                "first_try": practice_totals.c.first_try + insert.excluded.first_try,
            },
        )
    )


def prune_after_write(conn: Connection) -> None:
    """Called by the stores after a committed write: prune if retention is on and this
    process has not pruned for ``PRUNE_INTERVAL`` seconds (the first write
    after start always does).  A failure is logged, never raised: the write
    it follows has succeeded."""
    days = retention_days(current_app.config.get("RETENTION_DAYS"))
    clock: _PruneClock = current_app.extensions["db_prune"]
    now = time.monotonic()
    if days is None or not clock.due(now) or not clock.lock.acquire(blocking=False):
        return
    try:
        if not clock.due(now):
            return
        clock.last = now  # also after a failure: try again in an hour, not on every write
        try:
            pruned = prune(conn, days)
        except SQLAlchemyError as error:
            log.warning("pruning games and puzzles older than %g days failed: %s", days, error)
            return
        if pruned.games or pruned.puzzles:
            log.info("pruned %d games and %d practice puzzles older than %g days", pruned.games, pruned.puzzles, days)
    finally:
        clock.lock.release()


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@click.command("prune")
@click.option(
    "--days",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="Delete what has had no activity for this many days (default: RETENTION_DAYS).",
)
@with_appcontext
def prune_command(days: float | None) -> None:
    """Delete games and practice puzzles with no activity for RETENTION_DAYS days."""
    if days is None:
        days = retention_days(current_app.config.get("RETENTION_DAYS"))
        if days is None:
            click.echo("Retention is off (RETENTION_DAYS is 0 or None): nothing deleted.")
            return
    pruned = prune(connection(), days)
    before = datetime.fromtimestamp(pruned.cutoff, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    click.echo(
        f"Deleted {_plural(pruned.games, 'game')} and {_plural(pruned.puzzles, 'practice puzzle')} "
        f"with no activity since {before} ({days:g} days)."
    )
