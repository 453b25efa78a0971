"""The review of a finished game, kept off the finishing click's path.

A game's result is written when its last move is (``web.storage.results``), ``review_pending``; its
review — the forced and avoidable guesses for the statistics, the steps the avoidable ones missed for
"Your practice" — is made once, after the reply (``after_reply``: when the server has sent the
finishing move's answer).  A review a server did not live to write is made after the player's next write that
calls for it (their next finished game or new game: ``fill_pending``, a few games per request under its budget);
reads never write, and the statistics count the guesses of the reviewed games only (``reviewed_games``).  Whichever
comes first writes it: the row's ``review_pending`` is cleared in the same transaction, so a review is never
written twice.  The review made there is kept for a while in the process (``review_of``: the last
``KEPT`` reviews, by game and history), so the review page that a player opens next answers from it.
"""

from __future__ import annotations

import json
import logging
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from flask import Flask, Response, after_this_request, current_app, has_request_context
from sqlalchemy import select, update

from explainer.errors import BudgetExceeded, EngineError
from explainer.play.game import Game, GameState
from explainer.review import Review, review, summarize
from explainer.play.videos import community_figures
from web.storage import training
from web.storage.database import connection, write
from web.storage.results import reviewed
from web.storage.tables import games, results

__all__ = ["KEPT", "KEPT_CELLS", "PENDING_PER_REQUEST", "after_reply", "figures_of", "fill", "fill_pending", "review_of"]

#: a player's earlier finished games still waiting for their review that a request reviews at most after its reply
#: (the rest wait for the next)
PENDING_PER_REQUEST = 3
#: reviews kept in the process (a review holds the view before each move: an expert game's, about 1 MB) ...
KEPT = 16
#: ... and the cells of their views together at most (about 13 bytes a cell: some 130 MB), the newest always kept
KEPT_CELLS = 10_000_000

_kept: OrderedDict[tuple[str, int, str], tuple[bool, Review]] = OrderedDict()
_kept_lock = threading.Lock()


_figures: OrderedDict[tuple[str, int], dict[str, float]] = OrderedDict()


def figures_of(game_id: str, game: Game) -> dict[str, float] | None:
    """The community's figures of a finished game (``explainer.play.videos.community_figures``), made once
    for a given history and kept; None for a game in play, a loss not accepted, or a video that cannot be
    made (its statistics are then left out, not the review)."""
    if not game.finished:
        return None
    key = (game_id, len(game.history))
    with _kept_lock:
        found = _figures.get(key)
    if found is not None:
        return found
    try:
        made = community_figures(game)
    except EngineError:
        return None
    with _kept_lock:
        _figures[key] = made
        while len(_figures) > KEPT * 8:
            _figures.popitem(last=False)
    return made


def review_of(game_id: str, game: Game, keep_cut: bool = False) -> Review:
    """The review of the game as it is now (``explainer.review``), made once for a given history and
    kept for the next asker (the review page after the finishing move's reply).  A review its budget cut
    short is kept only when ``keep_cut`` says it was made under the review's own budget (its pages are then
    asked for one after the other); one made under a smaller one is not (the review page judges more)."""
    key = (game_id, len(game.history), game.state.public)  # (a loss accepted since: the same moves)
    pending = game.state is GameState.LOSS_PENDING
    with _kept_lock:
        found = _kept.get(key)
        if found is not None:
            _kept.move_to_end(key)
    if found is not None:
        was_pending, kept = found
        if was_pending == pending:
            return kept
        # the loss accepted since (it changes no move): the summary's end figures now show
        made = replace(kept, summary=summarize(game, kept.moves))
    else:
        made = review(game)
    if made.unjudged_from is not None and not keep_cut:
        return made  # cut short by the budget it was made under: not kept (a larger one may judge it all)
    with _kept_lock:
        _kept[key] = (pending, made)
        while len(_kept) > KEPT or (len(_kept) > 1 and sum(_size(review) for _, review in _kept.values()) > KEPT_CELLS):
            _kept.popitem(last=False)
    return made


def _size(made: Review) -> int:
    """What a review holds, in cells of the views it keeps (one view of the board per move)."""
    return len(made.moves) * (made.moves[0].view.size if made.moves else 0)

log = logging.getLogger(__name__)


def fill(game_id: str) -> bool:
    """Review the finished game ``game_id`` if its result still waits for it; whether it was written."""
    conn = connection()
    row = conn.execute(
        select(results.c.owner, results.c.finished_at, games.c.data)
        .select_from(results.join(games, games.c.id == results.c.game_id, isouter=True))
        .where(results.c.game_id == game_id, results.c.review_pending.is_(True))
    ).first()
    if row is None:
        return False
    judged: tuple[int, int, Any] | None = None
    figures: dict[str, float] | None = None
    if row.data is not None:  # (a game pruned since: its result keeps no review)
        game = Game.from_dict(json.loads(row.data))
        try:
            judged = reviewed(game, lambda: review_of(game_id, game))
        except BudgetExceeded:  # pragma: no cover - reviewed() catches its own
            judged = None
        if judged is None:
            return False  # over this request's budget: a later read tries again
        figures = figures_of(game_id, game)
    with write(conn):
        claimed = conn.execute(
            update(results)
            .where(results.c.game_id == game_id, results.c.review_pending.is_(True))
            .values(
                review_pending=False,
                guesses_forced=None if judged is None else judged[0],
                guesses_avoidable=None if judged is None else judged[1],
                figures=None if not figures else json.dumps(figures),
            )
        ).rowcount
        if claimed == 1 and judged is not None:
            training.save_missed(conn, game_id, row.owner, float(row.finished_at), judged[2])
    return claimed == 1


def fill_pending(owner: str, limit: int = PENDING_PER_REQUEST) -> int:
    """Review up to ``limit`` of the player's finished games still waiting for it; how many were written."""
    pending = connection().execute(
        select(results.c.game_id)
        .where(results.c.owner == owner, results.c.review_pending.is_(True))
        .order_by(results.c.finished_at)
        .limit(limit)
    ).scalars().all()
    return sum(1 for game_id in pending if fill(game_id))


def after_reply(owner: str, game_id: str | None = None) -> None:
    """Review the game ``game_id`` (if given), then the player's earlier finished games still waiting for it (a server
    stopped before it wrote them), once the current request's reply has gone out (in a request; else now)."""

    def fill_all() -> None:
        if game_id is not None:
            fill(game_id)
        fill_pending(owner)

    if not has_request_context():
        fill_all()
        return
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]

    @after_this_request
    def later(response: Response) -> Response:
        def run() -> None:
            try:
                with app.app_context():
                    fill_all()
            except Exception:  # pragma: no cover - the reply is out; the player's next write tries again
                log.exception("the reviews of %s after the reply failed (game %s)", owner, game_id)

        response.call_on_close(run)
        return response
