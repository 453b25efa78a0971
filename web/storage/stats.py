"""Statistics and leaderboards, read from ``results``.

Per player and board kind (with its mode): games played, won, lost, the win
ratio, the current and best winning streaks, the best and median time of the
wins, guesses (forced and avoidable, over the games the review judged), hints
asked and forgiving saves; and the series the stats page draws (the win ratio
after each game, the times of the wins).

Leaderboards rank accounts only, on games that rank (``results.unranked``
empty: ``web.storage.ranking`` says which): by win ratio (at least
``min_games`` games) and by best time.  Assisted wins are listed apart, never
ranked.  A daily board ranks each account's one attempt on it
(``daily_attempts``).
"""

from __future__ import annotations

import json
import statistics
import time
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from sqlalchemy import and_, case, func, select

from web.json_types import Count, ModeName, Ratio
from web.storage.database import connection
from web.storage.ranking import Unranked
from web.storage.results import counted
from web.storage.tables import ACCOUNT_PREFIX, daily_attempts, results, users

__all__ = ["BoardStats", "BoardStatsJson", "CommunityJson", "GuessCountsJson", "Leaderboards", "RatioRow", "TimeRow", "daily_board", "leaderboards", "player_stats"]


class GuessCountsJson(TypedDict):
    forced: Count
    avoidable: Count
    reviewed_games: Count  # the games whose guesses were counted (their review is done)


class CommunityJson(TypedDict):
    """The community's figures of the wins, as ms_toollib computes them (STNB: the standard levels only)."""

    best_bbbv_per_second: float | None
    median_ioe: float | None
    best_stnb: float | None  # the standard levels only


#: why a game did not rank (``web.storage.ranking.Unranked``)
UnrankedName = Annotated[str, Field(json_schema_extra={"enum": [str(reason) for reason in Unranked]})]


class BoardStatsJson(TypedDict):
    """A player's statistics on one board kind and mode."""

    kind: str
    mode: ModeName
    played: Count
    won: Count
    lost: Count
    win_ratio: Ratio | None
    current_streak: Count
    best_streak: Count
    best_time: float | None
    median_time: float | None
    guesses: GuessCountsJson
    hints: Count
    saves: Count
    assisted_games: Count
    unranked_games: Count
    imported_games: Annotated[Count, Field(description="Imported videos of this board kind: listed apart, never counted "
                                                       "as games played here (played, won and every figure leave them out).")]
    unranked_reasons: Annotated[dict[UnrankedName, Count], Field(description="Why games did not rank, with how many "
                                                                    "games each.")]
    win_ratio_series: list[Ratio]
    win_times: list[float]
    community: CommunityJson


@dataclass
class BoardStats:
    kind: str
    mode: str
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    median_time: float | None = None
    guesses_forced: int = 0
    guesses_avoidable: int = 0
    reviewed: int = 0  # games whose guesses the review counted
    hints: int = 0
    saves: int = 0
    assisted: int = 0
    unranked: int = 0  # games that do not rank (``web.storage.ranking``)
    unranked_reasons: dict[str, int] = field(default_factory=dict)  # why, with how many games each
    imported: int = 0  # imported videos: not the player's games here, so counted apart from everything above
    ratio_series: list[float] = field(default_factory=list)  # the win ratio after each game
    win_times: list[float] = field(default_factory=list)
    # the community's figures of the wins (ms_toollib's, kept with each result): 3BV/s, IOE, STNB
    win_bbbv_per_second: list[float] = field(default_factory=list)
    win_ioe: list[float] = field(default_factory=list)
    win_stnb: list[float] = field(default_factory=list)

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def ratio(self) -> float | None:
        return self.won / self.played if self.played else None

    def to_json(self) -> BoardStatsJson:
        return {
            "kind": self.kind,
            "mode": self.mode,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "win_ratio": self.ratio,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "best_time": self.best_time,
            "median_time": self.median_time,
            "guesses": {"forced": self.guesses_forced, "avoidable": self.guesses_avoidable, "reviewed_games": self.reviewed},
            "hints": self.hints,
            "saves": self.saves,
            "assisted_games": self.assisted,
            "unranked_games": self.unranked,
            "imported_games": self.imported,
            "unranked_reasons": self.unranked_reasons,
            "win_ratio_series": self.ratio_series,
            "win_times": self.win_times,
            "community": {
                "best_bbbv_per_second": max(self.win_bbbv_per_second, default=None),
                "median_ioe": float(statistics.median(self.win_ioe)) if self.win_ioe else None,
                "best_stnb": max(self.win_stnb, default=None),
            },
        }

    @property
    def community(self) -> CommunityJson:
        return self.to_json()["community"]


def player_stats(owner: str) -> list[BoardStats]:
    """Every board kind and mode ``owner`` has finished a game on, most played first."""
    rows = connection().execute(
        select(
            results.c.kind, results.c.mode, results.c.won, results.c.seconds, results.c.assisted, results.c.hints,
            results.c.saves, results.c.guesses_forced, results.c.guesses_avoidable, results.c.unranked,
            results.c.figures,
        )
        .where(results.c.owner == owner, counted(time.time()))
        .order_by(results.c.finished_at)
    ).all()
    found: dict[tuple[str, str], BoardStats] = {}
    for row in rows:
        board = found.setdefault((row.kind, row.mode), BoardStats(row.kind, row.mode))
        if Unranked.IMPORTED in (row.unranked or "").split(","):
            board.imported += 1  # a video someone played elsewhere: never one of this player's games or wins
            continue
        board.played += 1
        if row.won:
            board.won += 1
            board.current_streak += 1
            board.best_streak = max(board.best_streak, board.current_streak)
            board.win_times.append(round(float(row.seconds), 3))
            figures = json.loads(row.figures) if row.figures else {}
            for key, values in (("bbbv_per_second", board.win_bbbv_per_second), ("ioe", board.win_ioe), ("stnb", board.win_stnb)):
                value = figures.get(key)
                if isinstance(value, (int, float)) and value > 0:
                    values.append(float(value))
        else:
            board.current_streak = 0
        board.ratio_series.append(board.won / board.played)
        board.hints += row.hints
        board.saves += row.saves
        board.assisted += 1 if row.assisted else 0
        if row.unranked:
            board.unranked += 1
            for reason in row.unranked.split(","):
                board.unranked_reasons[reason] = board.unranked_reasons.get(reason, 0) + 1
        if row.guesses_forced is not None:
            board.reviewed += 1
            board.guesses_forced += row.guesses_forced
            board.guesses_avoidable += row.guesses_avoidable or 0
    for board in found.values():
        if board.win_times:
            board.best_time = min(board.win_times)
            board.median_time = float(statistics.median(board.win_times))
    return sorted(found.values(), key=lambda board: (-board.played, -board.imported, board.kind, board.mode))


@dataclass(frozen=True)
class RatioRow:
    username: str
    played: int
    won: int

    @property
    def ratio(self) -> float:
        return self.won / self.played


@dataclass(frozen=True)
class TimeRow:
    username: str
    seconds: float
    finished_at: float
    assisted: tuple[str, ...] = ()


@dataclass(frozen=True)
class Leaderboards:
    kind: str
    mode: str
    min_games: int
    by_ratio: list[RatioRow]
    by_time: list[TimeRow]
    assisted: list[TimeRow]


def _user_of_owner() -> Any:
    return users.c.id == func.substr(results.c.owner, len(ACCOUNT_PREFIX) + 1)


def _accounts_only() -> Any:
    return results.c.owner.like(ACCOUNT_PREFIX + "%")


def leaderboards(kind: str, mode: str, min_games: int, limit: int = 20) -> Leaderboards:
    conn = connection()
    ranked = and_(
        results.c.kind == kind, results.c.mode == mode, results.c.unranked == "", results.c.daily.is_(None), _accounts_only(),
        counted(time.time()),
    )
    won = func.sum(case((results.c.won, 1), else_=0))
    by_ratio = conn.execute(
        select(users.c.username, func.count().label("played"), won.label("won"))
        .join(users, _user_of_owner())
        .where(ranked)
        .group_by(users.c.username)
        .having(func.count() >= min_games)
        .order_by((won * 1.0 / func.count()).desc(), func.count().desc(), users.c.username)
        .limit(limit)
    ).all()
    # each account's best win (the earlier one on a tie), with when that win was
    place = func.row_number().over(partition_by=results.c.owner, order_by=(results.c.seconds, results.c.finished_at))
    wins = select(results.c.owner, results.c.seconds, results.c.finished_at, place.label("place")).where(ranked, results.c.won).subquery()
    by_time = conn.execute(
        select(users.c.username, wins.c.seconds, wins.c.finished_at)
        .join(users, users.c.id == func.substr(wins.c.owner, len(ACCOUNT_PREFIX) + 1))
        .where(wins.c.place == 1)
        .order_by(wins.c.seconds, users.c.username)
        .limit(limit)
    ).all()
    assisted = conn.execute(
        select(users.c.username, results.c.seconds, results.c.finished_at, results.c.assisted)
        .join(users, _user_of_owner())
        .where(results.c.kind == kind, results.c.mode == mode, results.c.assisted != "", results.c.won, _accounts_only())
        .order_by(results.c.seconds, results.c.finished_at)
        .limit(limit)
    ).all()
    return Leaderboards(
        kind,
        mode,
        min_games,
        [RatioRow(row.username, int(row.played), int(row.won)) for row in by_ratio],
        [TimeRow(row.username, float(row.seconds), float(row.finished_at)) for row in by_time],
        [TimeRow(row.username, float(row.seconds), float(row.finished_at), tuple(row.assisted.split(","))) for row in assisted],
    )


def daily_board(daily: str, limit: int = 50) -> tuple[list[TimeRow], list[TimeRow], int]:
    """The daily board's ranked wins (each account's one attempt, unhelped, by an account made before
    the day began: ``results.unranked`` empty), its helped wins, and how many accounts played it."""
    conn = connection()
    attempts = select(daily_attempts.c.game_id).where(daily_attempts.c.daily == daily, daily_attempts.c.account)
    rows = conn.execute(
        select(users.c.username, results.c.seconds, results.c.finished_at, results.c.assisted, results.c.unranked)
        .join(users, _user_of_owner())
        .where(results.c.daily == daily, results.c.won, results.c.game_id.in_(attempts))
        .order_by(results.c.seconds, results.c.finished_at)
    ).all()
    players = conn.execute(
        select(func.count()).select_from(daily_attempts).where(daily_attempts.c.daily == daily, daily_attempts.c.account)
    ).scalar_one()
    ranked = [TimeRow(row.username, float(row.seconds), float(row.finished_at)) for row in rows if not row.unranked]
    helped = [TimeRow(row.username, float(row.seconds), float(row.finished_at), tuple(row.assisted.split(","))) for row in rows if row.assisted]
    return ranked[:limit], helped[:limit], int(players)
