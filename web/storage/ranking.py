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
* **no help** — hints, probabilities, the bot, undo, mine vision and wrong-flag
  warnings (``warning``: a flag shown as provably wrong).  A player may switch
  the warnings off before a game starts (``warnings: false``).
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

from explainer.play.game import Game
from explainer.play.figures import bbbv

__all__ = ["MIN_3BV", "Origin", "RANKED_MODES", "Unranked", "unranked_reasons"]


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
    GUEST = "guest"
    NEW_ACCOUNT = "new-account"


#: the community's minimum 3BV for a board to count on each standard level
MIN_3BV: dict[str, int] = {"beginner": 2, "intermediate": 30, "expert": 100}
#: the modes whose games rank (each on its own tables)
RANKED_MODES: frozenset[str] = frozenset({"classic", "no-guess", "strict"})

_ORIGINS = {Origin.POSITION: Unranked.POSITION, Origin.IMPORTED: Unranked.IMPORTED, Origin.REPLAY: Unranked.REPLAY}


def unranked_reasons(game: Game, origin: str | None, kind: str, mode: str, assisted: Sequence[str]) -> list[Unranked]:
    """Why the finished ``game`` does not rank (empty: it ranks).  ``assisted`` is the help it had
    (``web.storage.results.assisted_reasons``); the daily board's account rule is checked by the caller."""
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
    return reasons
