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
"""

from __future__ import annotations

from contextlib import ExitStack

from flask import Flask, current_app, g

from explainer.engine import budget

from web.config import ConfigError

__all__ = ["DEFAULT_SECONDS", "DEFAULT_WORK", "init_app"]

DEFAULT_SECONDS = 1.5
DEFAULT_WORK = 10_000_000


def _enter() -> None:
    stack = ExitStack()
    stack.enter_context(
        budget.limit(seconds=float(current_app.config["ENGINE_SECONDS"]), work=int(current_app.config["ENGINE_WORK"]))
    )
    g._engine_budget = stack


def _leave(_error: BaseException | None = None) -> None:
    stack = g.pop("_engine_budget", None)
    if stack is not None:
        stack.close()


def init_app(app: Flask) -> None:
    """Check the settings (a bad one stops the start, quoted) and budget every request."""
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
    app.before_request(_enter)
    app.teardown_request(_leave)
