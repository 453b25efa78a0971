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
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from explainer.core.board import Board
from explainer.learn.lessons import PATTERN_IDS

from web.storage.database import connection, write
from web.storage.retention import prune_after_write

__all__ = [
    "PuzzleNotFound",
    "PuzzleRecord",
    "Progress",
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


@dataclass(frozen=True)
class Progress:
    pattern: str
    solved: int  # puzzles answered right
    answered: int  # puzzles with at least one judged answer
    first_try: int  # puzzles whose first judged answer was right

    @property
    def accuracy(self) -> float | None:
        return self.first_try / self.answered if self.answered else None

    def to_json(self) -> dict[str, Any]:
        return {
            "pattern": self.pattern,
            "solved": self.solved,
            "answered": self.answered,
            "first_try": self.first_try,
            "accuracy": self.accuracy,
        }


_COLUMNS = "id, owner, pattern, seed, board, answers, first_right, solved_at"


def _record(row: tuple[Any, ...]) -> PuzzleRecord:
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
            "INSERT INTO puzzles (id, owner, pattern, seed, board, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (puzzle_id, owner, pattern, seed, str(board), now, now),
        )
    prune_after_write(conn)
    return PuzzleRecord(puzzle_id, owner, pattern, seed, board, 0, None, False)


def load_puzzle(puzzle_id: str, owner: str) -> PuzzleRecord:
    row = connection().execute(
        f"SELECT {_COLUMNS} FROM puzzles WHERE id = ? AND owner = ?", (puzzle_id, owner)
    ).fetchone()
    if row is None:
        raise PuzzleNotFound(puzzle_id)
    return _record(row)


def record_answer(puzzle_id: str, owner: str, right: bool) -> PuzzleRecord:
    """Count a judged answer (right or wrong) for the puzzle; the first one sets its first-try result."""
    conn = connection()
    now = time.time()
    with write(conn):
        cursor = conn.execute(
            "UPDATE puzzles SET answers = answers + 1, first_right = COALESCE(first_right, ?), "
            "solved_at = CASE WHEN ? THEN COALESCE(solved_at, ?) ELSE solved_at END, updated_at = ? "
            "WHERE id = ? AND owner = ?",
            (int(right), int(right), now, now, puzzle_id, owner),
        )
        if cursor.rowcount != 1:
            raise PuzzleNotFound(puzzle_id)
    prune_after_write(conn)
    return load_puzzle(puzzle_id, owner)


def progress(owner: str) -> dict[str, Progress]:
    """Every pattern's progress for ``owner``, in lesson order (zeros for patterns not practised):
    the stored puzzles plus the totals kept from puzzles that retention deleted."""
    conn = connection()
    rows = conn.execute(
        "SELECT pattern, SUM(solved_at IS NOT NULL), SUM(first_right IS NOT NULL), COALESCE(SUM(first_right), 0) "
        "FROM puzzles WHERE owner = ? GROUP BY pattern "
        "UNION ALL SELECT pattern, solved, answered, first_try FROM practice_totals WHERE owner = ?",
        (owner, owner),
    ).fetchall()
    counts: dict[str, list[int]] = {}
    for pattern, solved, answered, first_try in rows:
        total = counts.setdefault(pattern, [0, 0, 0])
        total[0] += solved
        total[1] += answered
        total[2] += first_try
    return {pattern: Progress(pattern, *counts.get(pattern, (0, 0, 0))) for pattern in PATTERN_IDS}
