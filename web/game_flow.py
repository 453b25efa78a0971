"""What happens when a move is written, above the plain game store (``web.storage.games``): the clock (it starts
at the first move the player makes, stops when the game ends, runs again from where it stopped when a loss is
undone, and is cleared when the first click is), the result (provisional at the first click — a loss that counts
if the game is left —, final when the game ends, dropped when an undo takes the end back) written in the same
transaction as the move, and the review of a finished game started once the reply is out.  Every route that
changes a stored game goes through ``update_game`` here."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection

from explainer.play.game import Game
from explainer.play.history import play_time
from web.storage import games
from web.storage.records import GameRecord
from web.storage.results import Result, provisional_result, result_of, save_result
from web.storage.reviews import after_reply

__all__ = ["game_created", "update_game", "written"]

T = TypeVar("T")


def _clock(record: GameRecord, now: float) -> tuple[float | None, float | None]:
    """The game's clock after this move: when it started and when it ended (None: not yet)."""
    game = record.game
    started, finished = record.started_at, record.finished_at
    if started is None and games.played(game):
        started = now
    if finished is None and game.over:
        finished = now
    if finished is not None and not game.over:
        # an undone loss: the clock runs again from where it stopped (reading the loss report is not play)
        if started is not None:
            started += max(0.0, now - finished)
        finished = None
    if not games.played(game):
        started = None  # the first click was undone
    return started, finished


def written(record: GameRecord, was_over: bool, now: float) -> games.Write:
    """What a move writes beside the game: the clock, the result, and the review of a game it ends."""
    game, owner = record.game, record.owner
    started, finished = _clock(record, now)
    ends = game.over and not was_over
    saves: list[Result | None] = []  # in this order, in the move's transaction
    if ends:  # the game ends with this move: its result, the review included
        seconds = play_time(game)  # the game's one time, as every page shows it
        if seconds is None:
            seconds = 0.0 if started is None or finished is None else max(0.0, finished - started)
        saves.append(result_of(record, owner, seconds, now))
    elif was_over and not game.over:  # an undo took the end back: the result goes
        saves.append(None)
    if not game.over and started != record.started_at:
        # the first click (a provisional loss, counted if the game is left), its undo (none), or a loss undone (the
        # clock moved on)
        saves.append(None if started is None else provisional_result(record, owner, started))

    def inside(conn: Connection) -> None:
        for result in saves:
            save_result(conn, record.id, result)

    def after() -> None:
        after_reply(owner, record.id)  # its review (and any the player still waits for), once the reply is out

    return games.Write(started, finished, inside if saves else None, after if ends else None)


def game_created(owner: str) -> None:
    """A player started a game: once the reply is out, the reviews of their finished games a server stopped before
    writing (reads never write them)."""
    after_reply(owner)


def update_game(game_id: str, owner: str, change: Callable[[Game], T]) -> tuple[GameRecord, T]:
    """``change`` applied to the stored game and written with its clock and result (``web.storage.games``)."""
    return games.update_game(game_id, owner, change, written)
