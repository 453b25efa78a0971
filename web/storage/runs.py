"""Storm and Streak runs as stored: the server's clock, the score, each answer (``explainer.learn.runs``).

Fair play, as the game rankings (``web.storage.ranking``): the server deals the puzzles from the run's secret seed,
keeps the clock (a storm's end moves nearer by ``WRONG_COSTS`` seconds a wrong answer) and judges every answer; a
player has one run at a time (starting one ends the one before, at its score); a run ranks only when it was started
signed in and no answer came faster than ``MIN_ANSWER_SECONDS`` after its puzzle was served (a script, not a
player).  A run's state is read from the clock without writing: a storm whose time is up is over, and its end is
written by the next write that touches it."""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection, RowMapping, delete, func, insert, select, update

from explainer.learn.runs import STORM_SECONDS, WRONG_COSTS, RunKind
from web.storage.database import connection, write
from web.storage.tables import ACCOUNT_PREFIX, training_runs, users

__all__ = [
    "MIN_ANSWER_SECONDS",
    "RunAnswer",
    "RunChanged",
    "RunNotFound",
    "RunRecord",
    "Standing",
    "adopt",
    "answer",
    "best",
    "leaderboard",
    "load",
    "prune",
    "start",
]

#: an answer faster than this after its puzzle was served is a script's: the run does not rank
MIN_ANSWER_SECONDS = 1.0


class RunNotFound(LookupError):
    def __init__(self, run_id: str) -> None:
        super().__init__(run_id)
        self.run_id = run_id


class RunChanged(Exception):
    """The run moved on while this answer was judged (another answer came first)."""


@dataclass(frozen=True)
class RunAnswer:
    """An answer given in a run: to which puzzle, whether it solved it, the cells, how long it took."""

    pattern: str
    seed: int
    rating: float
    solved: bool
    opened: list[list[int]]
    flagged: list[list[int]]
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"pattern": self.pattern, "seed": self.seed, "rating": self.rating, "solved": self.solved,
                "opened": self.opened, "flagged": self.flagged, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RunAnswer:
        return cls(str(data["pattern"]), int(data["seed"]), float(data["rating"]), bool(data["solved"]),
                   data["opened"], data["flagged"], float(data["seconds"]))


@dataclass(frozen=True)
class RunRecord:
    id: str
    owner: str
    kind: RunKind
    seed: int
    started_at: float
    ends_at: float | None
    finished_at: float | None
    score: int
    wrong: int
    ranked: bool
    served_at: float
    answers: tuple[RunAnswer, ...]

    @property
    def index(self) -> int:
        """The current puzzle's place in the run (0-based): every answer judged moves the run on."""
        return len(self.answers)

    def over(self, now: float) -> bool:
        return self.finished_at is not None or (self.ends_at is not None and now >= self.ends_at)

    def seconds_left(self, now: float) -> float | None:
        """A storm's time left (0 once over); None for a streak."""
        if self.ends_at is None:
            return None
        end = self.ends_at if self.finished_at is None else min(self.ends_at, self.finished_at)
        return max(0.0, end - (now if self.finished_at is None else self.finished_at))


@dataclass(frozen=True)
class Standing:
    """A player's best ranked run of a kind."""

    username: str
    score: int
    at: float


def _record(row: RowMapping) -> RunRecord:
    return RunRecord(
        row["id"], row["owner"], RunKind(row["kind"]), row["seed"], row["started_at"], row["ends_at"],
        row["finished_at"], row["score"], row["wrong"], bool(row["ranked"]), row["served_at"],
        tuple(RunAnswer.from_json(item) for item in json.loads(row["answers"])),
    )


def _finish_running(conn: Connection, owner: str, now: float) -> None:
    """End the owner's runs still on (at their score): one run at a time."""
    conn.execute(update(training_runs)
                 .where(training_runs.c.owner == owner, training_runs.c.finished_at.is_(None))
                 .values(finished_at=func.min(now, func.coalesce(training_runs.c.ends_at, now))
                         if conn.dialect.name == "sqlite" else
                         func.least(now, func.coalesce(training_runs.c.ends_at, now))))


def start(owner: str, kind: RunKind, now: float | None = None) -> RunRecord:
    """A new run for ``owner``; the one they had on ends."""
    now = time.time() if now is None else now
    record = RunRecord(secrets.token_urlsafe(12), owner, kind, secrets.randbelow(2**31), now,
                       now + STORM_SECONDS if kind is RunKind.STORM else None, None, 0, 0,
                       owner.startswith(ACCOUNT_PREFIX), now, ())
    conn = connection()
    with write(conn):
        _finish_running(conn, owner, now)
        conn.execute(insert(training_runs).values(
            id=record.id, owner=owner, kind=str(kind), seed=record.seed, started_at=now, ends_at=record.ends_at,
            finished_at=None, score=0, wrong=0, ranked=record.ranked, served_at=now, answers="[]",
        ))
    return record


def load(run_id: str, owner: str) -> RunRecord:
    row = connection().execute(
        select(training_runs).where(training_runs.c.id == run_id, training_runs.c.owner == owner)
    ).mappings().first()
    if row is None:
        raise RunNotFound(run_id)
    return _record(row)


def answer(record: RunRecord, given: RunAnswer, now: float) -> RunRecord:
    """The run after ``given``, judged, is counted: a solved puzzle scores, a wrong one costs a storm time and ends a
    streak.  ``RunChanged`` when another answer moved the run on first."""
    solved = given.solved
    ends_at = record.ends_at
    if not solved and ends_at is not None:
        ends_at -= WRONG_COSTS
    finished = now if not solved and record.kind is RunKind.STREAK else None
    if ends_at is not None and now >= ends_at:
        finished = ends_at
    changed = replace(
        record, answers=(*record.answers, given), score=record.score + solved, wrong=record.wrong + (not solved),
        ends_at=ends_at, finished_at=finished, served_at=now,
        ranked=record.ranked and given.seconds >= MIN_ANSWER_SECONDS,
    )
    conn = connection()
    with write(conn):
        done = conn.execute(
            update(training_runs)
            .where(training_runs.c.id == record.id, training_runs.c.served_at == record.served_at,
                   training_runs.c.finished_at.is_(None))
            .values(answers=json.dumps([item.to_json() for item in changed.answers]), score=changed.score,
                    wrong=changed.wrong, ends_at=changed.ends_at, finished_at=changed.finished_at,
                    served_at=now, ranked=changed.ranked)
        ).rowcount
    if not done:
        raise RunChanged(record.id)
    return changed


def best(owner: str, kind: RunKind) -> int | None:
    """The owner's best score of a kind (any run, ranked or not), None before the first."""
    value = connection().execute(
        select(func.max(training_runs.c.score)).where(training_runs.c.owner == owner, training_runs.c.kind == str(kind))
    ).scalar()
    return None if value is None else int(value)


def leaderboard(kind: RunKind, limit: int = 10) -> list[Standing]:
    """The best ranked run of each account, best first (the earlier of two equal scores first)."""
    runs = (
        select(training_runs.c.owner, func.max(training_runs.c.score).label("score"))
        .where(training_runs.c.kind == str(kind), training_runs.c.ranked.is_(True), training_runs.c.score > 0,
               training_runs.c.owner.like(ACCOUNT_PREFIX + "%"))
        .group_by(training_runs.c.owner)
        .subquery()
    )
    first = (
        select(training_runs.c.owner, func.min(training_runs.c.started_at).label("at"))
        .join(runs, (runs.c.owner == training_runs.c.owner) & (runs.c.score == training_runs.c.score))
        .where(training_runs.c.kind == str(kind), training_runs.c.ranked.is_(True))
        .group_by(training_runs.c.owner)
        .subquery()
    )
    rows = connection().execute(
        select(users.c.username, runs.c.score, first.c.at)
        .join(first, first.c.owner == runs.c.owner)
        .join(users, users.c.id == func.substr(runs.c.owner, len(ACCOUNT_PREFIX) + 1))
        .order_by(runs.c.score.desc(), first.c.at, users.c.username)
        .limit(limit)
    )
    return [Standing(row.username, int(row.score), float(row.at)) for row in rows]


def adopt(conn: Connection, anonymous: str, owner: str) -> None:
    """Give an anonymous browser's runs to the account it signs in to (inside the caller's transaction); they keep
    their ranking (none: a run ranks only when started signed in)."""
    conn.execute(update(training_runs).where(training_runs.c.owner == anonymous).values(owner=owner))


def prune(conn: Connection, cutoff: float) -> None:
    """An anonymous browser's runs idle since before ``cutoff`` go; an account's stay (its bests)."""
    conn.execute(delete(training_runs).where(training_runs.c.served_at < cutoff,
                                             training_runs.c.owner.not_like(ACCOUNT_PREFIX + "%")))
