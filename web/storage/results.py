"""Results: what a finished game leaves for statistics and leaderboards, one
row per game, written in the same transaction as the move that finished it
(``web.game_flow.update_game``, through the game store) and removed if an undo takes the finish back.

A result keeps the board kind (``board_kind``), mode, won or lost, seconds
played, why the game counts as assisted (hints, probabilities, the bot, undo,
mine vision: such games stay off the ranked tables), hints asked, forgiving
saves, and the guesses the review counted (forced and avoidable; left empty
when the review did not fit in the request's engine budget), with the steps the
avoidable ones missed (``missed_steps``, for practice from the player's games).  Retention
deletes old games, never the results of accounts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, delete, or_, select

from explainer.engine import budget
from explainer.errors import BudgetExceeded
from explainer.play import history
from explainer.play.game import MULTIPLIERS, PRESETS, Game, GameState, multiplied_mines
from explainer.learn.training import MissedStep, missed_steps
from explainer.review import Review, review
from web.storage import training
from web.storage.database import connection, upsert
from web.storage.records import GameRecord
from web.storage.ranking import Unranked, unranked_reasons
from web.storage.tables import ACCOUNT_PREFIX, results, users
from web.extra import web_extra


__all__ = [
    "MULTIPLIERS",
    "ABANDON_SECONDS",
    "REVIEW_SHARE",
    "Result",
    "assisted_reasons",
    "board_kind",
    "counted",
    "day_start",
    "multiplied_mines",
    "provisional_result",
    "result_of",
    "save_result",
    "unranked_of",
]

#: the share of a request's engine budget the review of a finished game may take
REVIEW_SHARE = 0.5
#: a game left unfinished this long after its first click counts as a loss (``provisional_result``)
ABANDON_SECONDS = 3600.0


def counted(now: float) -> Any:
    """The results statistics and leaderboards count at ``now``: every finished game's, and a game's left in play
    for ``ABANDON_SECONDS`` (a loss: finishing only the games that need no guess must not win a win ratio)."""
    return or_(results.c.open.is_(False), results.c.finished_at <= now)


def board_kind(height: int, width: int, mines: int) -> str:
    """A preset's name (``expert``), with its multiplier when it has one
    (``expert*1.2``), or the size (``20x12/50``: width x height / mines)."""
    for name, (rows, columns, base) in PRESETS.items():
        if (rows, columns) == (height, width):
            for multiplier in sorted(MULTIPLIERS, key=lambda m: abs(m - 1.0)):  # the plain preset first
                if multiplied_mines(base, multiplier) == mines:
                    return name if multiplier == 1.0 else f"{name}*{multiplier:.1f}"
    return f"{width}x{height}/{mines}"


def assisted_reasons(game: Game) -> list[history.Assisted]:
    """Why the game is assisted: the history's reasons (hints, probabilities, the bot, undo), mine
    vision, and a wrong-flag warning shown."""
    reasons = history.assisted_reasons(game)
    if web_extra(game).get("vision_used"):
        reasons.append("vision")
    if game.extra.get("warned"):
        reasons.append("warning")
    if game.extra.get("analysed"):
        reasons.append("analysis")
    return reasons


def day_start(daily: str) -> float:
    """When the day of the daily board ``daily`` ("2026-11-23/expert") began (UTC), in Unix seconds."""
    day = daily.partition("/")[0]
    return datetime.strptime(day, "%Y-%m-%d").replace(tzinfo=UTC).timestamp()


def _new_account(owner: str, daily: str | None) -> bool:
    """A daily board played by an account created after its day began (it does not rank on it)."""
    if daily is None or not owner.startswith(ACCOUNT_PREFIX):
        return False
    created = connection().execute(select(users.c.created_at).where(users.c.id == owner[len(ACCOUNT_PREFIX):])).scalar()
    return created is None or float(created) >= day_start(daily)


@dataclass(frozen=True)
class Result:
    game_id: str
    owner: str
    kind: str
    mode: str
    won: bool
    seconds: float
    finished_at: float
    assisted: tuple[str, ...]
    hints: int
    saves: int
    guesses_forced: int | None
    guesses_avoidable: int | None
    daily: str | None
    unranked: tuple[str, ...] = ()  # why it does not rank (``web.storage.ranking``); empty: it ranks
    missed: tuple[MissedStep, ...] = ()  # the steps its avoidable guesses missed (kept for practice)
    review_pending: bool = False  # the review has not filled in the guesses and missed steps yet
    open: bool = False  # a game in play: a provisional loss, counted from ``finished_at`` on (``counted``)

    def row(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "owner": self.owner,
            "kind": self.kind,
            "mode": self.mode,
            "won": self.won,
            "seconds": self.seconds,
            "finished_at": self.finished_at,
            "assisted": ",".join(self.assisted),
            "hints": self.hints,
            "saves": self.saves,
            "guesses_forced": self.guesses_forced,
            "guesses_avoidable": self.guesses_avoidable,
            "daily": self.daily,
            "unranked": ",".join(self.unranked),
            "review_pending": self.review_pending,
            "open": self.open,
        }


def reviewed(game: Game, make: Callable[[], Review] | None = None) -> tuple[int, int, tuple[MissedStep, ...]] | None:
    """The forced and avoidable guesses the review counts, and the steps the avoidable ones missed;
    None when the review does not fit in its share of the budget in force.  ``make``: how to get the
    review (``review(game)`` when not given)."""
    try:
        with budget.attempt(REVIEW_SHARE):
            judged = make() if make is not None else review(game)
    except BudgetExceeded:
        return None
    if judged.unjudged_from is not None:  # cut short by the budget: a later read (or the review page) tries again
        return None
    summary = judged.summary
    return summary.forced_guesses, summary.avoidable_guesses, missed_steps(judged)


def unranked_of(record: GameRecord, seconds: float | None = None) -> list[Unranked]:
    """Why the finished game of ``record`` does not rank (``web.storage.ranking``), the player's rules
    included: played signed in from the start, and on the daily board by an account older than its day.
    ``seconds``: its time (the record's own when not given)."""
    game = record.game
    kind = board_kind(game.height, game.width, game.mine_count)
    seconds = record.elapsed() if seconds is None else seconds
    unranked = unranked_reasons(game, record.origin, kind, record.mode, assisted_reasons(game), seconds)
    if not record.owner.startswith(ACCOUNT_PREFIX) or record.adopted:
        unranked.append(Unranked.GUEST)
    if _new_account(record.owner, record.daily):
        unranked.append(Unranked.NEW_ACCOUNT)
    return unranked


def result_of(record: GameRecord, owner: str, seconds: float, finished_at: float) -> Result:
    """The result of a finished game, with why it does not rank.  Its review (the guesses, the steps
    missed) is not made here, on the finishing click's path: the row is written ``review_pending``, and
    ``web.storage.reviews`` fills it in after the reply (or, at the latest, before anything reads it)."""
    game = record.game
    kind = board_kind(game.height, game.width, game.mine_count)
    assisted = assisted_reasons(game)
    unranked = unranked_of(record, seconds)
    return Result(
        game_id=record.id,
        owner=owner,
        kind=kind,
        mode=record.mode,
        won=game.state is GameState.WON,
        seconds=seconds,
        finished_at=finished_at,
        assisted=tuple(assisted),
        hints=sum(1 for entry in game.history if entry["action"] == "hint"),
        saves=int(game.extra.get("saves", 0)),
        guesses_forced=None,
        guesses_avoidable=None,
        daily=record.daily,
        unranked=tuple(str(reason) for reason in unranked),
        review_pending=True,
    )


def provisional_result(record: GameRecord, owner: str, started: float) -> Result:
    """The result a game gets at its first click: a loss that counts from ``ABANDON_SECONDS`` later on, unless the
    game is finished before (its real result is then written over it)."""
    finished = result_of(record, owner, 0.0, started + ABANDON_SECONDS)
    return replace(finished, won=False, review_pending=False, open=True)


def save_result(conn: Connection, game_id: str, result: Result | None) -> None:
    """Keep ``result`` for the game (inside the caller's write transaction), or drop the game's result when None."""
    if result is None:
        conn.execute(delete(results).where(results.c.game_id == game_id))
        training.save_missed(conn, game_id, "", 0.0, ())
        return
    row = result.row()
    statement = upsert(conn, results).values(**row)
    conn.execute(statement.on_conflict_do_update(index_elements=["game_id"], set_={k: v for k, v in row.items() if k != "game_id"}))
    training.save_missed(conn, game_id, result.owner, result.finished_at, result.missed)
