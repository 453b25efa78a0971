"""Practice puzzles and progress, kept in the database per browser session.

A puzzle row holds the pattern, the seed it was made from and the board the
player sees; the expected step is never stored or sent: it is the board's
first deduction, worked out again on the server when an answer comes in.
Progress per pattern comes from the rows: puzzles solved, and first-try
accuracy (puzzles whose first judged answer was right, out of the puzzles
answered at least once; an "incomplete" answer is not judged).

A puzzle's last activity (``updated_at``) is when it was made or last judged;
retention (``web.storage.retention.prune``) deletes puzzles idle for longer than the window
and first adds their answers to ``practice_totals``, one row per session and
pattern, so progress counts both.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from typing_extensions import TypedDict

from sqlalchemy import Row, case, func, insert, literal, select, union_all, update

from explainer.core.board import Board
from explainer.learn.lessons import PATTERN_IDS
from web.json_types import Count, Ratio
from web.storage.database import connection, write
from web.storage.retention import prune_after_write
from web.storage.tables import practice_totals, puzzles

__all__ = [
    "PuzzleNotFound",
    "PuzzleRecord",
    "Progress",
    "ProgressJson",
    "create_puzzle",
    "load_puzzle",
    "record_answer",
    "progress",
]


class PuzzleNotFound(LookupError):
    """No puzzle with this id belongs to the asking session."""

    def __init__(self, puzzle_id: str) -> None:
        self.puzzle_id = puzzle_id
        super().__init__(f"no practice puzzle {puzzle_id!r} in this session")


@dataclass(frozen=True)
class PuzzleRecord:
    id: str
    owner: str
    pattern: str
    seed: int
    board: Board
    answers: int
    first_right: bool | None
    solved: bool



class ProgressJson(TypedDict):
    """A player's progress on one pattern."""

    pattern: str
    solved: Count
    answered: Count
    first_try: Count
    accuracy: Ratio | None  # first-try answers right, of those answered

@dataclass(frozen=True)
class Progress:
    pattern: str
    solved: int  # puzzles answered right
    answered: int  # puzzles with at least one judged answer
    first_try: int  # puzzles whose first judged answer was right

    @property
    def accuracy(self) -> float | None:
        return self.first_try / self.answered if self.answered else None

    def to_json(self) -> ProgressJson:
        return {
            "pattern": self.pattern,
            "solved": self.solved,
            "answered": self.answered,
            "first_try": self.first_try,
            "accuracy": self.accuracy,
        }


_COLUMNS = (
    puzzles.c.id,
    puzzles.c.owner,
    puzzles.c.pattern,
    puzzles.c.seed,
    puzzles.c.board,
    puzzles.c.answers,
    puzzles.c.first_right,
    puzzles.c.solved_at,
)


def _record(row: Row[Any, Any, Any, Any, Any, Any, Any, Any]) -> PuzzleRecord:
    puzzle_id, owner, pattern, seed, board, answers, first_right, solved_at = row
    return PuzzleRecord(
        puzzle_id,
        owner,
        pattern,
        seed,
        Board.parse(board),
        answers,
        None if first_right is None else bool(first_right),
        solved_at is not None,
    )


def create_puzzle(owner: str, pattern: str, seed: int, board: Board) -> PuzzleRecord:
    conn = connection()
    puzzle_id = secrets.token_urlsafe(12)
    now = time.time()
    with write(conn):
        conn.execute(
            insert(puzzles).values(
                id=puzzle_id, owner=owner, pattern=pattern, seed=seed, board=str(board), created_at=now, updated_at=now
            )
        )
    prune_after_write(conn)
    return PuzzleRecord(puzzle_id, owner, pattern, seed, board, 0, None, False)


def load_puzzle(puzzle_id: str, owner: str) -> PuzzleRecord:
    row = connection().execute(select(*_COLUMNS).where(puzzles.c.id == puzzle_id, puzzles.c.owner == owner)).first()
    if row is None:
        raise PuzzleNotFound(puzzle_id)
    return _record(row)


def record_answer(puzzle_id: str, owner: str, right: bool) -> PuzzleRecord:
    """Count a judged answer (right or wrong) for the puzzle; the first one sets its first-try result."""
    conn = connection()
    now = time.time()
    with write(conn):
        cursor = conn.execute(
            update(puzzles)
            .where(puzzles.c.id == puzzle_id, puzzles.c.owner == owner)
            .values(
                answers=puzzles.c.answers + 1,
                first_right=func.coalesce(puzzles.c.first_right, int(right)),
                solved_at=func.coalesce(puzzles.c.solved_at, now) if right else puzzles.c.solved_at,
                updated_at=now,
            )
        )
        if cursor.rowcount != 1:
            raise PuzzleNotFound(puzzle_id)
    prune_after_write(conn)
    return load_puzzle(puzzle_id, owner)


def progress(owner: str) -> dict[str, Progress]:
    """Every pattern's progress for ``owner``, in lesson order (zeros for patterns not practised):
    the stored puzzles plus the totals kept from puzzles that retention deleted."""
    stored = select(
        puzzles.c.pattern,
        func.sum(case((puzzles.c.solved_at.is_not(None), 1), else_=0)),
        func.sum(case((puzzles.c.first_right.is_not(None), 1), else_=0)),
        func.coalesce(func.sum(puzzles.c.first_right), literal(0)),
    ).where(puzzles.c.owner == owner).group_by(puzzles.c.pattern)
    kept = select(
        practice_totals.c.pattern, practice_totals.c.solved, practice_totals.c.answered, practice_totals.c.first_try
    ).where(practice_totals.c.owner == owner)
    rows = connection().execute(union_all(stored, kept)).all()
    counts: dict[str, list[int]] = {}
    for pattern, solved, answered, first_try in rows:
        total = counts.setdefault(pattern, [0, 0, 0])
        total[0] += int(solved)
        total[1] += int(answered)
        total[2] += int(first_try)
    return {pattern: Progress(pattern, *counts.get(pattern, (0, 0, 0))) for pattern in PATTERN_IDS}
