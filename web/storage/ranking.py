"""Fair play: which finished games rank, and why the others do not.

A game ranks (leaderboards, the win ratio and best time they show, the daily
board) only when every one of these holds; otherwise its result keeps its
statistics and lists why it is unranked (``Result.unranked``):

* **dealt unseen** — the server placed its layout at the player's first click
  (``Origin.DEALT``) or dealt the day's board (``Origin.DAILY``).  A position
  played from the analysis board (``position``), an imported replay file
  (``imported``) and a replay of a finished game (``replay``) had a layout
  someone could know; results recorded before the origin was kept
  (``unverified``) cannot be checked.
* **a standard level** — beginner, intermediate or expert as the community
  plays them (``board``: other sizes, custom boards and mine multipliers never
  rank), with at least the community's minimum 3BV (``3bv``: ``MIN_3BV``).
* **a ranked mode** — classic, no-guess or strict (``mode``: assist and
  forgiving help the player).
* **no help** — hints, probabilities, the bot, undo, mine vision, wrong-flag
  warnings (``warning``: a flag shown as provably wrong) and the analysis board
  asked about a position of the game while it was played (``analysis``).  A
  player may switch the warnings off before a game starts (``warnings: false``).
* **humanly fast at most** — a win faster than the best human results on record
  for its level (``speed``: ``HUMAN_LIMITS``, a time under the record or a 3BV/s
  above it, with a margin) is kept as unverified, never ranked: a script that
  plays the engine's moves wins expert in two seconds.
* **played signed in** — by an account, from the first move (``guest``: an
  anonymous browser's game, also once sign-in hands it to an account; otherwise
  a player could keep only the browsers that won).
* **for the daily board**, an account created before the day began
  (``new-account``) and the account's one attempt (``web.daily``).

The clock is the server's: a game's seconds run from its first move to its
last, both stamped by the server.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from explainer.play.game import Game, GameState
from explainer.play.figures import bbbv

__all__ = ["HUMAN_LIMITS", "MIN_3BV", "Origin", "RANKED_MODES", "Unranked", "implausible", "unranked_reasons"]


class Origin(StrEnum):
    """Where a stored game's layout came from."""

    DEALT = "dealt"  # a new game: placed by the server at the first click
    DAILY = "daily"  # the day's board, dealt by the server
    POSITION = "position"  # a position from the analysis board, its layout chosen by the player
    IMPORTED = "imported"  # a replay file sent by the player
    REPLAY = "replay"  # a finished game's board played again


class Unranked(StrEnum):
    """Why a finished game does not rank, in the order they are listed."""

    POSITION = "position"
    IMPORTED = "imported"
    REPLAY = "replay"
    UNVERIFIED = "unverified"
    BOARD = "board"
    LOW_3BV = "3bv"
    MODE = "mode"
    HINT = "hint"
    PROBABILITIES = "probabilities"
    BOT = "bot"
    UNDO = "undo"
    VISION = "vision"
    WARNING = "warning"
    ANALYSIS = "analysis"
    SPEED = "speed"
    GUEST = "guest"
    NEW_ACCOUNT = "new-account"


#: the community's minimum 3BV for a board to count on each standard level
MIN_3BV: dict[str, int] = {"beginner": 2, "intermediate": 30, "expert": 100}
#: per standard level, the fastest win a human is credited with: (the least seconds, the most 3BV per second).
#: The records (docs/web.md has the sources): expert 26.59 s, intermediate about 7 s, beginner 0.09 s (a board of
#: 3BV 2, about 22 3BV/s); the limits leave a margin below each, so a record of tomorrow still ranks
HUMAN_LIMITS: dict[str, tuple[float, float]] = {"beginner": (0.0, 25.0), "intermediate": (6.0, 12.0), "expert": (24.0, 9.0)}

#: the modes whose games rank (each on its own tables)
RANKED_MODES: frozenset[str] = frozenset({"classic", "no-guess", "strict"})

_ORIGINS = {Origin.POSITION: Unranked.POSITION, Origin.IMPORTED: Unranked.IMPORTED, Origin.REPLAY: Unranked.REPLAY}


def implausible(kind: str, seconds: float, bbbv_value: int) -> bool:
    """A win on level ``kind`` in ``seconds`` of a board of 3BV ``bbbv_value`` faster than a human is credited with."""
    limits = HUMAN_LIMITS.get(kind)
    if limits is None:
        return False
    least, most = limits
    return seconds < least or seconds <= 0 or bbbv_value / seconds > most


def unranked_reasons(
    game: Game, origin: str | None, kind: str, mode: str, assisted: Sequence[str], seconds: float | None = None
) -> list[Unranked]:
    """Why the finished ``game`` does not rank (empty: it ranks).  ``assisted`` is the help it had
    (``web.storage.results.assisted_reasons``), ``seconds`` its time (a win faster than ``HUMAN_LIMITS`` does not
    rank); the daily board's account rule is checked by the caller."""
    reasons: list[Unranked] = []
    if origin in _ORIGINS:
        reasons.append(_ORIGINS[Origin(origin)])
    elif origin not in (Origin.DEALT, Origin.DAILY):
        reasons.append(Unranked.UNVERIFIED)
    if kind not in MIN_3BV:
        reasons.append(Unranked.BOARD)
    elif game.layout is None or bbbv(game.height, game.width, game.layout) < MIN_3BV[kind]:
        reasons.append(Unranked.LOW_3BV)
    if mode not in RANKED_MODES:
        reasons.append(Unranked.MODE)
    reasons += [Unranked(reason) for reason in assisted]
    if (
        seconds is not None and game.state is GameState.WON and game.layout is not None
        and implausible(kind, seconds, bbbv(game.height, game.width, game.layout))
    ):
        reasons.append(Unranked.SPEED)
    return reasons
