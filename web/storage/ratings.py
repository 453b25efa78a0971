"""Practice ratings in the database: the pool of rated puzzles all players share, and each player's rating per
technique (a lesson's pattern) and overall (``explainer.learn.ratings`` says how a first attempt moves them).

A puzzle of the pool is its pattern and seed (the seed makes its board again; the board is kept so that serving it
costs one query).  The next puzzle of a technique is the pool's puzzle nearest the player's rating there that they
have not had yet, when one lies within ``NEAR`` or the technique's pool is full (``POOL_SIZE``); else a new one is
made and joins the pool.  A first attempt moves
the player's rating in the technique, their overall rating and the puzzle's, in one write transaction (rows locked on
PostgreSQL, the whole database on SQLite), so two attempts at once never lose one another.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from sqlalchemy import Connection, delete, func, insert, select, update

from explainer.core.board import Board
from explainer.learn.ratings import PLAYER_START, Rating, after_attempt
from web.storage.database import connection, upsert, write
from web.storage.tables import practice_rating_events, practice_ratings, puzzle_pool, puzzles

__all__ = ["NEAR", "OVERALL", "POOL_SIZE", "Attempt", "PoolPuzzle", "add_to_pool", "adopt", "nearest", "pool_rating",
           "player_ratings", "pool_size", "progress", "rate_first_attempt", "RatingProgress"]

#: the technique name of a player's rating over every technique
OVERALL = "overall"
#: the pool's nearest puzzle is served when its difficulty is this close to the player's rating (else a new one)
NEAR = 150.0
#: puzzles a technique's pool grows to (new ones are made while it is smaller and none is near)
POOL_SIZE = 200


@dataclass(frozen=True)
class PoolPuzzle:
    pattern: str
    seed: int
    board: Board
    rating: Rating


@dataclass(frozen=True)
class Attempt:
    """What a rated first attempt moved: the player's rating in the technique and overall, before and after."""

    technique: str
    before: Rating
    after: Rating
    overall_before: Rating
    overall_after: Rating


def player_ratings(owner: str, conn: Connection | None = None) -> dict[str, Rating]:
    """The player's ratings by technique (and ``OVERALL``); a technique never rated is absent (``PLAYER_START``)."""
    conn = conn or connection()
    rows = conn.execute(
        select(practice_ratings.c.technique, practice_ratings.c.mu, practice_ratings.c.sigma).where(
            practice_ratings.c.owner == owner
        )
    )
    return {row.technique: Rating(row.mu, row.sigma) for row in rows}


def pool_rating(pattern: str, seed: int) -> Rating | None:
    """The difficulty of the pool's puzzle ``(pattern, seed)``; None for a puzzle not in the pool."""
    row = connection().execute(
        select(puzzle_pool.c.mu, puzzle_pool.c.sigma).where(puzzle_pool.c.pattern == pattern, puzzle_pool.c.seed == seed)
    ).first()
    return None if row is None else Rating(row.mu, row.sigma)


def nearest(owner: str, pattern: str, rating: Rating) -> PoolPuzzle | None:
    """The pool's puzzle of ``pattern`` nearest ``rating`` that ``owner`` has not had, if it lies within ``NEAR`` or the
    pool is full; None: a new puzzle is to be made."""
    conn = connection()
    had = select(puzzles.c.seed).where(puzzles.c.owner == owner, puzzles.c.pattern == pattern)
    row = conn.execute(
        select(puzzle_pool.c.seed, puzzle_pool.c.board, puzzle_pool.c.mu, puzzle_pool.c.sigma)
        .where(puzzle_pool.c.pattern == pattern, puzzle_pool.c.seed.not_in(had))
        .order_by(func.abs(puzzle_pool.c.mu - rating.mu))
        .limit(1)
    ).first()
    if row is None:
        return None
    if abs(row.mu - rating.mu) > NEAR and pool_size(pattern, conn) < POOL_SIZE:
        return None
    return PoolPuzzle(pattern, row.seed, Board.parse(row.board), Rating(row.mu, row.sigma))


def pool_size(pattern: str, conn: Connection | None = None) -> int:
    """How many puzzles the pool holds for ``pattern``."""
    conn = conn or connection()
    return int(conn.execute(select(func.count()).select_from(puzzle_pool).where(puzzle_pool.c.pattern == pattern)).scalar()
               or 0)


def add_to_pool(pattern: str, seed: int, board: Board, rating: Rating) -> Rating:
    """Put a new puzzle in the pool at ``rating`` (its seed rating); the pool's rating (an earlier one kept)."""
    conn = connection()
    with write(conn):
        statement = upsert(conn, puzzle_pool).values(
            pattern=pattern, seed=seed, board=str(board), mu=rating.mu, sigma=rating.sigma
        )
        conn.execute(statement.on_conflict_do_nothing(index_elements=["pattern", "seed"]))
    found = pool_rating(pattern, seed)
    return rating if found is None else found


def _locked(conn: Connection, owner: str, techniques: tuple[str, ...]) -> dict[str, Rating]:
    query = select(practice_ratings.c.technique, practice_ratings.c.mu, practice_ratings.c.sigma).where(
        practice_ratings.c.owner == owner, practice_ratings.c.technique.in_(techniques)
    )
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()
    return {row.technique: Rating(row.mu, row.sigma) for row in conn.execute(query)}


def _save(conn: Connection, owner: str, technique: str, rating: Rating, now: float) -> None:
    statement = upsert(conn, practice_ratings).values(
        owner=owner, technique=technique, mu=rating.mu, sigma=rating.sigma, attempts=1, updated_at=now
    )
    conn.execute(
        statement.on_conflict_do_update(
            index_elements=["owner", "technique"],
            set_={"mu": rating.mu, "sigma": rating.sigma, "attempts": practice_ratings.c.attempts + 1,
                  "updated_at": now},
        )
    )


def rate_first_attempt(owner: str, pattern: str, seed: int, solved: bool) -> Attempt | None:
    """Move the player's ratings (the technique's and overall) and the puzzle's by a first attempt at the pool's
    puzzle ``(pattern, seed)``; None for a puzzle not in the pool (nothing moves)."""
    conn = connection()
    now = time.time()
    with write(conn):
        pool_query = select(puzzle_pool.c.mu, puzzle_pool.c.sigma).where(
            puzzle_pool.c.pattern == pattern, puzzle_pool.c.seed == seed
        )
        if conn.dialect.name == "postgresql":
            pool_query = pool_query.with_for_update()
        row = conn.execute(pool_query).first()
        if row is None:
            return None
        puzzle = Rating(row.mu, row.sigma)
        mine = _locked(conn, owner, (pattern, OVERALL))
        before, overall_before = mine.get(pattern, PLAYER_START), mine.get(OVERALL, PLAYER_START)
        after, puzzle_after = after_attempt(before, puzzle, solved)
        overall_after, _ = after_attempt(overall_before, puzzle, solved)
        _save(conn, owner, pattern, after, now)
        _save(conn, owner, OVERALL, overall_after, now)
        conn.execute(insert(practice_rating_events), [
            {"owner": owner, "technique": pattern, "at": now, "mu": after.mu},
            {"owner": owner, "technique": OVERALL, "at": now, "mu": overall_after.mu},
        ])
        conn.execute(
            update(puzzle_pool)
            .where(puzzle_pool.c.pattern == pattern, puzzle_pool.c.seed == seed)
            .values(mu=puzzle_after.mu, sigma=puzzle_after.sigma, attempts=puzzle_pool.c.attempts + 1)
        )
    return Attempt(pattern, before, after, overall_before, overall_after)


def adopt(conn: Connection, anonymous: str, owner: str) -> None:
    """Give an anonymous browser's ratings to ``owner`` at sign-in (inside the caller's write transaction): for each
    technique, the rating moved by more attempts (the account's on a tie)."""
    theirs = conn.execute(select(practice_ratings).where(practice_ratings.c.owner == anonymous)).all()
    for row in theirs:
        kept = conn.execute(
            select(practice_ratings.c.attempts).where(
                practice_ratings.c.owner == owner, practice_ratings.c.technique == row.technique
            )
        ).scalar()
        if kept is not None and kept >= row.attempts:
            continue
        conn.execute(delete(practice_ratings).where(practice_ratings.c.owner == owner,
                                                    practice_ratings.c.technique == row.technique))
        conn.execute(insert(practice_ratings).values(
            owner=owner, technique=row.technique, mu=row.mu, sigma=row.sigma, attempts=row.attempts,
            updated_at=row.updated_at))
    conn.execute(delete(practice_ratings).where(practice_ratings.c.owner == anonymous))
    conn.execute(update(practice_rating_events).where(practice_rating_events.c.owner == anonymous).values(owner=owner))


@dataclass(frozen=True)
class RatingProgress:
    """A player's rating in one technique as the Learn page shows it: now, its change over the last ``TREND_DAYS``
    days (None: no rating that long ago nor since), and the last ``CHART_POINTS`` ratings, oldest first."""

    rating: int
    trend: int | None
    recent: tuple[int, ...]


#: the days a rating's trend looks back, and the ratings its chart shows
TREND_DAYS = 7
CHART_POINTS = 12


def progress(owner: str, now: float | None = None) -> dict[str, RatingProgress]:
    """Each technique's rating with its trend and its recent ratings (``OVERALL`` among them)."""
    now = time.time() if now is None else now
    since = now - TREND_DAYS * 86400.0
    conn = connection()
    events: dict[str, list[tuple[float, float]]] = {}
    for row in conn.execute(
        select(practice_rating_events.c.technique, practice_rating_events.c.at, practice_rating_events.c.mu)
        .where(practice_rating_events.c.owner == owner)
        .order_by(practice_rating_events.c.at, practice_rating_events.c.id)
    ):
        events.setdefault(row.technique, []).append((row.at, row.mu))
    found: dict[str, RatingProgress] = {}
    for technique, rating in player_ratings(owner, conn).items():
        history = events.get(technique, [])
        before = [mu for at, mu in history if at < since]
        # the rating a week ago: the last one before then, else where the player started (1500) if they started since
        start = before[-1] if before else (PLAYER_START.mu if history else None)
        trend = None if start is None else round(rating.mu) - round(start)
        found[technique] = RatingProgress(rating.shown, trend, tuple(round(mu) for _at, mu in history[-CHART_POINTS:]))
    return found
