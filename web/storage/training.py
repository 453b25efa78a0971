"""Practice from the player's own games: the steps their finished games show they missed, and when
each pattern is due again.

Missed steps (``missed_steps``) are written with a game's result, in the same transaction, and go with
it (an undo that takes the finish back, retention of an anonymous browser's results).

The schedule (``practice_schedule``), per player and pattern, is a simple spaced repetition:

* a step of pattern P missed in a finished game makes P due at once and resets its streak to 0;
* the first judged answer to a puzzle of P (any puzzle: a lesson's or "Your practice"), right, adds 1
  to the streak and makes P due again after ``INTERVALS[streak]`` (10 minutes, 1 hour, 1 day,
  3 days); wrong, it resets the streak to 0 and makes P due at once;
* at ``MASTERED`` (5) first-try rights in a row P is mastered: it leaves the queue until a game shows
  it missed again.

"Your practice" (``queue``) holds the patterns the player's games show missed and not mastered: the ones
due first, the most missed first, then the others by when they are due.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, TypedDict

from sqlalchemy import Connection, case, delete, func, select, update

from explainer.learn.lessons import PATTERN_IDS
from explainer.learn.training import MissedStep
from web.storage.database import connection, upsert, write
from web.storage.tables import missed_steps, practice_schedule

__all__ = [
    "INTERVALS",
    "MASTERED",
    "WEEKS",
    "LastMiss",
    "QueueItem",
    "adopt",
    "missed_by_week",
    "queue",
    "record_practice",
    "save_missed",
]

#: first-try rights in a row that master a pattern
MASTERED = 5
#: seconds until a pattern is due again after a streak of 1, 2, 3, 4 first-try rights
INTERVALS: dict[int, float] = {1: 600.0, 2: 3600.0, 3: 86400.0, 4: 3 * 86400.0}
#: the weeks the progress page shows missed steps for
WEEKS = 8
_WEEK = 7 * 86400.0


def _least(a: Any, b: Any) -> Any:
    """The smaller of two SQL values (SQLite's two-argument ``min`` is PostgreSQL's ``least``)."""
    return case((a < b, a), else_=b)


def save_missed(conn: Connection, game_id: str, owner: str, finished_at: float, missed: tuple[MissedStep, ...]) -> None:
    """Keep the steps the finished game missed (inside the caller's write transaction), in place of the
    ones kept before, and make their patterns due; with none, the game's missed steps are dropped."""
    conn.execute(delete(missed_steps).where(missed_steps.c.game_id == game_id))
    if not missed:
        return
    conn.execute(
        missed_steps.insert(),
        [
            {
                "game_id": game_id,
                "move": step.move,
                "owner": owner,
                "pattern": step.pattern,
                "safe": json.dumps(step.safe.to_json()),
                "mines": json.dumps(step.mines.to_json()),
                "finished_at": finished_at,
            }
            for step in missed
        ],
    )
    for pattern in sorted({step.pattern for step in missed}):
        statement = upsert(conn, practice_schedule).values(owner=owner, pattern=pattern, streak=0, due_at=finished_at)
        conn.execute(
            statement.on_conflict_do_update(
                index_elements=["owner", "pattern"],
                set_={"streak": 0, "due_at": _least(practice_schedule.c.due_at, statement.excluded.due_at)},
            )
        )


def record_practice(owner: str, pattern: str, right: bool, now: float | None = None) -> None:
    """The first judged answer to a puzzle of ``pattern``: move its streak and when it is due."""
    now = time.time() if now is None else now
    conn = connection()
    with write(conn):
        row = conn.execute(
            select(practice_schedule.c.streak).where(practice_schedule.c.owner == owner, practice_schedule.c.pattern == pattern)
        ).first()
        streak = (row.streak + 1 if row is not None else 1) if right else 0
        due = now + INTERVALS.get(streak, INTERVALS[max(INTERVALS)]) if right else now
        if row is None:
            conn.execute(practice_schedule.insert().values(owner=owner, pattern=pattern, streak=streak, due_at=due))
        else:
            conn.execute(
                update(practice_schedule)
                .where(practice_schedule.c.owner == owner, practice_schedule.c.pattern == pattern)
                .values(streak=streak, due_at=due)
            )


class LastMiss(TypedDict):
    game_id: str
    move: int
    finished_at: float
    safe: list[list[int]]
    mines: list[list[int]]


@dataclass(frozen=True)
class QueueItem:
    pattern: str
    misses: int  # steps of this pattern the player's games show missed
    streak: int
    due_at: float
    due: bool
    last: LastMiss  # the latest game move where it was missed

    @property
    def mastered(self) -> bool:
        return self.streak >= MASTERED


def queue(owner: str, now: float | None = None, mastered: bool = False) -> list[QueueItem]:
    """The patterns the player's games show missed, in the order to practise them (mastered ones only
    with ``mastered``, at the end)."""
    now = time.time() if now is None else now
    conn = connection()
    counts: dict[str, int] = {
        str(pattern): int(count)
        for pattern, count in conn.execute(
            select(missed_steps.c.pattern, func.count()).where(missed_steps.c.owner == owner).group_by(missed_steps.c.pattern)
        )
    }
    if not counts:
        return []
    schedule = {
        row.pattern: (row.streak, row.due_at)
        for row in conn.execute(select(practice_schedule).where(practice_schedule.c.owner == owner))
    }
    items = []
    for pattern, misses in counts.items():
        if pattern not in PATTERN_IDS:
            continue
        last = conn.execute(
            select(missed_steps)
            .where(missed_steps.c.owner == owner, missed_steps.c.pattern == pattern)
            .order_by(missed_steps.c.finished_at.desc(), missed_steps.c.move.desc())
            .limit(1)
        ).one()
        streak, due_at = schedule.get(pattern, (0, now))
        item = QueueItem(
            pattern,
            misses,
            int(streak),
            float(due_at),
            float(due_at) <= now,
            {
                "game_id": last.game_id,
                "move": int(last.move),
                "finished_at": float(last.finished_at),
                "safe": json.loads(last.safe),
                "mines": json.loads(last.mines),
            },
        )
        if mastered or not item.mastered:
            items.append(item)
    items.sort(key=lambda item: (item.mastered, not item.due, -item.misses if item.due else item.due_at, PATTERN_IDS.index(item.pattern)))
    return items


def missed_by_week(owner: str, now: float | None = None) -> dict[str, list[int]]:
    """Per pattern, the steps missed in each of the last ``WEEKS`` weeks, oldest first (patterns never
    missed have all zeros)."""
    now = time.time() if now is None else now
    start = now - WEEKS * _WEEK
    weeks: dict[str, list[int]] = {pattern: [0] * WEEKS for pattern in PATTERN_IDS}
    rows = connection().execute(
        select(missed_steps.c.pattern, missed_steps.c.finished_at).where(
            missed_steps.c.owner == owner, missed_steps.c.finished_at > start
        )
    )
    for pattern, finished_at in rows:
        if pattern in weeks:
            weeks[pattern][min(WEEKS - 1, int((finished_at - start) // _WEEK))] += 1
    return weeks


def adopt(conn: Connection, anonymous: str, owner: str) -> None:
    """Give an anonymous browser's missed steps and schedule to ``owner`` at sign-in (inside the caller's
    write transaction); where both have a pattern's schedule, the one due sooner with the shorter streak."""
    conn.execute(update(missed_steps).where(missed_steps.c.owner == anonymous).values(owner=owner))
    rows: list[Any] = list(conn.execute(select(practice_schedule).where(practice_schedule.c.owner == anonymous)))
    for row in rows:
        statement = upsert(conn, practice_schedule).values(owner=owner, pattern=row.pattern, streak=row.streak, due_at=row.due_at)
        conn.execute(
            statement.on_conflict_do_update(
                index_elements=["owner", "pattern"],
                set_={
                    "streak": _least(practice_schedule.c.streak, statement.excluded.streak),
                    "due_at": _least(practice_schedule.c.due_at, statement.excluded.due_at),
                },
            )
        )
    conn.execute(delete(practice_schedule).where(practice_schedule.c.owner == anonymous))
