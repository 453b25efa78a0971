"""Every request's engine work under one budget (``explainer.engine.budget``).

``ENGINE_SECONDS`` (default 1.5, wall-clock) and ``ENGINE_WORK`` (default
10,000,000 work units, which bounds the engine's memory too: about 200 bytes a
unit at most, measured) hold for all the engine work of one request: solving
for a hint, wrong flags or the overlay, a forgiving save, an assist, a loss
report, a bot move, a no-guess board.  Over budget:

* a hint falls back to the cheap rules (``Solution.exact`` is False): it still
  names a step when the mine count, one number or two numbers prove one;
* the probability overlay answers 503: exact probabilities are unavailable
  for this board;
* a move's assist or loss report is left out (``assist_unavailable`` /
  ``loss_unavailable`` in the outcome) while the move stands;
* anything else (a forgiving save that cannot be checked, a bot move, a
  no-guess board) answers 503 and changes nothing.

So a request answers within about the time limit, a worker stays within a
bounded memory, and the write lock is never held while the engine works
(``web.storage.games.update_game``).

What a route does after the engine (the words, the JSON) counts against the
same wall-clock time: a route whose work grows with its input splits the time
left between its parts (``explainer.engine.budget.share``) and stops a list when ``time_left`` falls
under what its last part needs (``POST /api/positions/analysis`` cuts its chain
of deductions, ``"truncated": true``).  And replies are bounded in size:
``MAX_REPLY_BYTES`` (default 8 MiB, several times the largest analysis reply
measured) is a hard cap on an ``/api`` reply, answered ``503`` (translated)
when a reply would be larger; nothing of the engine's is lost by it, the
request can be asked again for less.

Memory comes back after a large board: the engine keeps per-board-size tables
(``explainer.core.board.cells_within`` and ``indices_within``, up to 64 sizes,
about 160 MB for one 200 x 200 size), and the C allocator keeps what Python
freed.  A request after which the worker's resident memory is more than
``RELEASE_GROWTH`` larger than before it drops those tables and asks the C
allocator to return its free memory (``malloc_trim``, where glibc has it):
measured with three 200 x 200 analyses, the worker went from 81 MB to 726 MB
before this and stays near 110 MB after each request with it (about 20 ms,
only after such a request).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging
import os
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager

from flask import Flask, Response, current_app, g, request

from explainer.core import board as _board
from explainer.engine import budget

from web.config import ConfigError
from web.errors import ReplyTooLarge, error_json

__all__ = [
    "REVIEW_BUDGETS",
    "check_reply_size",
    "for_review",
    "DEFAULT_MAX_REPLY_BYTES",
    "DEFAULT_SECONDS",
    "DEFAULT_WORK",
    "RELEASE_GROWTH",
    "init_app",
    "release_memory",
    "resident_bytes",
    "time_left",
]

DEFAULT_SECONDS = 1.5
DEFAULT_WORK = 10_000_000
#: the largest ``/api`` reply (bytes): the largest analysis reply measured is about 2 MB (a 200 x 200 board)
DEFAULT_MAX_REPLY_BYTES = 8 * 1024 * 1024

#: a request after which the worker's resident memory grew by more than this releases memory (``release_memory``)
RELEASE_GROWTH = 64 * 1024 * 1024

log = logging.getLogger(__name__)


def resident_bytes() -> int | None:
    """The worker's resident memory (Linux ``/proc/self/statm``), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def _find_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim  # glibc only
    except (OSError, AttributeError, TypeError):
        return None
    return trim


_malloc_trim = _find_trim()


def release_memory() -> None:
    """Drop the engine's per-board-size tables (made again, in milliseconds for a game's board, when
    next needed) and return the C allocator's free memory to the system where it can."""
    _board.cells_within.cache_clear()
    _board.indices_within.cache_clear()
    if _malloc_trim is not None:
        _malloc_trim(0)


def time_left() -> float | None:
    """Seconds left in the engine budget in force (this request's), or None without a time limit."""
    current = budget.current()
    return None if current is None else current.remaining_seconds()


#: a game's review gets this many times the request's limits, whatever its length (a fixed ceiling)
REVIEW_BUDGETS = 4


@contextmanager
def for_review() -> Iterator[budget.Budget]:
    """The engine budget of a game's review: ``REVIEW_BUDGETS`` times the request's limits, apart from the
    request's own budget, the same for every game (it never grows with the game's length or its board).  A
    review that reaches it stops judging there and says so (``Review.unjudged_from``): the moves before are
    judged, the rest listed unjudged.  Measured: a 50 x 30 game at its 6,200-record cap reviews in about
    4.6 s of CPU; an expert game in 0.2 s (``benchmarks/review_bench.py``)."""
    seconds = float(current_app.config["ENGINE_SECONDS"]) * REVIEW_BUDGETS
    with budget.separate(seconds, int(current_app.config["ENGINE_WORK"]) * REVIEW_BUDGETS) as part:
        yield part


def _enter() -> None:
    stack = ExitStack()
    stack.enter_context(
        budget.limit(seconds=float(current_app.config["ENGINE_SECONDS"]), work=int(current_app.config["ENGINE_WORK"]))
    )
    g._engine_budget = stack
    g._resident_before = resident_bytes()


def _leave(_error: BaseException | None = None) -> None:
    stack = g.pop("_engine_budget", None)
    if stack is not None:
        stack.close()
    before = g.pop("_resident_before", None)
    after = resident_bytes() if before is not None else None
    if before is not None and after is not None and after - before > RELEASE_GROWTH:
        release_memory()
        log.info("memory released after %s %s: %d MB -> %s MB", request.method, request.path, after >> 20,
                 (resident_bytes() or 0) >> 20)


def check_reply_size(size: int) -> None:
    """Refuse (``ReplyTooLarge``, 503) a reply of ``size`` bytes over ``MAX_REPLY_BYTES`` before it is sent: a
    route that would change something with its answer checks first, so that a refusal changes nothing."""
    limit = int(current_app.config["MAX_REPLY_BYTES"])
    if size > limit:
        raise ReplyTooLarge(limit)


def _bound_reply(response: Response) -> Response:
    """An ``/api`` reply over ``MAX_REPLY_BYTES`` becomes a translated ``503`` (the hard cap behind the
    routes' own limits, which keep their replies well under it)."""
    limit = int(current_app.config["MAX_REPLY_BYTES"])
    size = response.content_length
    if size is None or size <= limit or not request.path.startswith("/api/") or response.direct_passthrough:
        return response
    log.warning("reply of %s bytes over MAX_REPLY_BYTES (%s) on %s %s", size, limit, request.method, request.path)
    error = ReplyTooLarge(limit)
    reply = error_json(str(error), error.status)
    reply.status_code = error.status
    return reply


def init_app(app: Flask) -> None:
    """Check the settings (a bad one stops the start, quoted), budget every request and bound every reply."""
    seconds = app.config.setdefault("ENGINE_SECONDS", DEFAULT_SECONDS)
    work = app.config.setdefault("ENGINE_WORK", DEFAULT_WORK)
    try:
        if isinstance(seconds, bool) or isinstance(work, bool):
            raise TypeError("not a number")
        app.config["ENGINE_SECONDS"], app.config["ENGINE_WORK"] = float(seconds), int(work)
        budget.Budget(app.config["ENGINE_SECONDS"], app.config["ENGINE_WORK"])
    except (TypeError, ValueError) as error:
        raise ConfigError(
            f"ENGINE_SECONDS must be a positive number of seconds and ENGINE_WORK a whole number >= 1, "
            f"got {seconds!r} and {work!r} ({error})"
        ) from None
    reply_bytes = app.config.setdefault("MAX_REPLY_BYTES", DEFAULT_MAX_REPLY_BYTES)
    if isinstance(reply_bytes, bool) or not isinstance(reply_bytes, int) or reply_bytes < 1:
        raise ConfigError(f"MAX_REPLY_BYTES must be a whole number of bytes >= 1, got {reply_bytes!r}")
    app.before_request(_enter)
    app.teardown_request(_leave)
    app.after_request(_bound_reply)
