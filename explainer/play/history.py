"""A game's move history, and undo.

Every move is kept in ``Game.history``, in order, as a plain record (JSON as it is stored):

* ``{"action": "open" | "chord" | "flag" | "unflag", "cell": [r, c], "by": "player" | "bot", "t": seconds}``
  — a move; an open or chord that a forgiving game saved carries ``"saved": true`` and the layout the
  mines were moved to (``"layout"``); the first open carries the layout it was played on;
* ``{"action": "assist", "cell": [r, c], "by": "game", "t": ...}`` — a cell an assisted game opened
  after the move before it;
* ``{"action": "undo", "cell": [r, c], "by": "player", "t": ...}`` — the last move taken back (and its
  assists); the moves it took back stay in the history with ``"undone": true``; an undo of the click that
  lost carries ``"lost": true``;
* ``{"action": "hint" | "probabilities", "by": "player", "t": ...}`` — help asked for (no move).

``t`` is the wall-clock time of the move (Unix seconds), or None where no clock was given; ``play_time``
reads the game's one time from them.  The
history holds the layout: like the game itself it stays on the server, and what a player is shown of
it (a review, a replay file) waits for the end of the game.

The history is bounded: ``record`` refuses a record past ``history_limit(game)`` (``HistoryFull``, a
``GameError``), so a game's stored size, and the work each move does on it, stay bounded.

Undo rebuilds the position from the history: the moves still standing, replayed on the layout the
game started with (and the layouts its saves moved the mines to).  After a losing click the game is
``GameState.LOSS_PENDING``: the player sees the mine that went off and may undo it; accepting the
loss (``accept_loss``) ends the game for good, and only then is the whole layout shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from explainer.play.game import ACTIONS, BY, Action, By, Game, GameError, GameState, Record, layout_value
from explainer.errors import HistoryFull

__all__ = [
    "Record",
    "ACTIONS",
    "ASSIST",
    "ASSISTED",
    "Action",
    "Assisted",
    "BY",
    "By",
    "Clicks",
    "clicks",
    "EXTRA_RECORDS",
    "HELP",
    "HistoryFull",
    "MOVES",
    "RECORDS_PER_CELL",
    "accept_loss",
    "apply_entry",
    "assisted_reasons",
    "can_undo",
    "history_limit",
    "initial_layout",
    "live_moves",
    "note_help",
    "play_time",
    "rebuild",
    "record",
    "undo",
]

#: why a game counts as assisted (``assisted_reasons`` here; mine vision and a wrong-flag warning shown are
#: added by the web app, which offers them)
Assisted = Literal["hint", "probabilities", "bot", "undo", "vision", "warning", "analysis"]
ASSISTED: tuple[Assisted, ...] = get_args(Assisted)

#: the actions that are moves of the player (or the bot on the player's behalf)
MOVES: tuple[Action, ...] = ("open", "chord", "flag", "unflag")
#: a cell an assisted game opened
ASSIST: Action = "assist"


@dataclass(frozen=True)
class Clicks:
    """A game's clicks as the community counts them (efficiency is 3BV divided by them): the player's
    left clicks (opens), right clicks (flags and flags taken off) and chords, each move of the history
    once, those undone since included (they were clicked); and the bot's moves, which are not the
    player's clicks.  The one move count of the end-of-game summary and the review."""

    left: int
    right: int
    chords: int
    bot: int

    @property
    def total(self) -> int:
        """The player's clicks."""
        return self.left + self.right + self.chords

    @property
    def moves(self) -> int:
        """Every move, the player's clicks and the bot's moves."""
        return self.total + self.bot


def clicks(game: Game) -> Clicks:
    """The game's clicks (``Clicks``)."""
    left = right = chords = bot = 0
    for entry in game.history:
        action = entry["action"]
        if action not in MOVES:
            continue
        if entry.get("by") == "bot":
            bot += 1
        elif action == "open":
            left += 1
        elif action == "chord":
            chords += 1
        else:
            right += 1
    return Clicks(left, right, chords, bot)
#: help asked for, without a move
HELP: tuple[Action, ...] = ("hint", "probabilities")

#: the records a game's history may hold per cell of its board (``history_limit``) ...
RECORDS_PER_CELL = 4
#: ... and besides
EXTRA_RECORDS = 200


def history_limit(game: Game) -> int:
    """The most records ``game``'s history may hold: 4 per cell, and 200 more.

    Every cell is opened at most once (by an open, a chord or an assist: one record), so a game that
    opens every cell, flags and unflags each covered one once and takes some back stays under 4 per
    cell; the 200 more are for hints, probabilities and undos.  A real game needs far less (an expert
    game: about 400 cells to open, some flags; its limit is 2,120 records, a beginner's 524, the largest
    custom board's, 50 x 30, 6,200, about 420 KB stored: some 70 bytes a record)."""
    return RECORDS_PER_CELL * game.height * game.width + EXTRA_RECORDS


def record(
    game: Game,
    action: Action,
    cell: tuple[int, int] | None,
    by: By = "player",
    at: float | None = None,
    *,
    strict: bool = False,
    saved: bool = False,
    first_layout: str | None = None,
    layout: str | None = None,
) -> None:
    """Append one record to the game's history (``Record``: what each field means); ``HistoryFull`` when
    it holds ``history_limit(game)``."""
    limit = history_limit(game)
    if len(game.history) >= limit:
        raise HistoryFull(limit)
    entry: Record = {"action": action, "cell": None if cell is None else [int(cell[0]), int(cell[1])], "by": by, "t": at}
    if strict:
        entry["strict"] = True
    if saved:
        entry["saved"] = True
    if first_layout is not None:
        entry["first_layout"] = first_layout
    if layout is not None:
        entry["layout"] = layout
    game.history.append(entry)


def note_help(game: Game, kind: Action, at: float | None = None) -> None:
    """The player asked for a hint or the probabilities: the game counts as assisted."""
    if kind not in HELP:
        raise ValueError(f"unknown help {kind!r}")
    record(game, kind, None, "player", at)


def play_time(game: Game) -> float | None:
    """The game's time, the one the game page, its review, the statistics and the terminal show: from the player's
    (or the bot's) first click to the last move (the one that ended a game that is over), less the time a lost game
    waited before its loss was undone (reading the loss report is not play); the cells the game itself played (a
    position's, a daily board's first opening) start no clock.  None for a history without times or without a click.

    An imported replay's times are its own (a video's seconds from its start), so its time is the video's."""
    start: float | None = None
    end = 0.0
    waited = 0.0
    for entry in game.history:
        t = entry["t"]
        if t is None or entry["by"] == "game":  # cells the game played (a position's, a daily board's start, an assist)
            continue
        if entry["action"] in MOVES and start is None and entry["action"] in ("open", "chord"):
            start = t
        if start is None or not (entry["action"] in MOVES or entry["action"] == "undo"):
            continue
        if entry.get("lost"):  # the clock stood from the losing click to this undo
            waited += max(0.0, t - end)
        end = max(end, t)
    return None if start is None else max(0.0, end - start - waited)


def live_moves(game: Game) -> list[Record]:
    """The moves (and assists) that still stand, in order."""
    return [entry for entry in game.history if entry["action"] in (*MOVES, ASSIST) and not entry.get("undone")]


def initial_layout(game: Game) -> int | None:
    """The layout the game was dealt (before a forgiving save or an assist moved its mines): the one
    its first open was played on."""
    for entry in game.history:
        if "first_layout" in entry:
            return layout_value(entry["first_layout"])
    return None


def assisted_reasons(game: Game) -> list[Assisted]:
    """Why the game counts as assisted: ``hint``, ``probabilities``, ``bot``, ``undo`` (in that order)."""
    found: set[Assisted] = set()
    for entry in game.history:
        if entry["action"] == "hint" or entry["action"] == "probabilities":
            found.add(entry["action"])
        elif entry["action"] == "undo":
            found.add("undo")
        elif entry["by"] == "bot":
            found.add("bot")
    return [reason for reason in ("hint", "probabilities", "bot", "undo") if reason in found]


def can_undo(game: Game) -> bool:
    """A game in play with a move to take back, or a loss not yet accepted."""
    if game.finished:
        return False
    return any(entry["action"] in MOVES for entry in live_moves(game))


def undo(game: Game, at: float | None = None) -> Record:
    """Take back the last move that stands (with the cells an assist opened after it); returns its record."""
    if game.state is GameState.WON:
        raise GameError("the game is won: there is nothing to undo")
    if game.state is GameState.LOST:
        raise GameError("the loss was accepted: the game is over for good")
    history = game.history
    position = next(
        (i for i in range(len(history) - 1, -1, -1) if history[i]["action"] in MOVES and not history[i].get("undone")),
        None,
    )
    if position is None:
        raise GameError("there is no move to undo")
    taken = history[position]
    lost = game.state is GameState.LOSS_PENDING
    for entry in history[position:]:
        if entry["action"] in (*MOVES, ASSIST):
            entry["undone"] = True
    assert taken["cell"] is not None  # (a move has its cell)
    row, col = taken["cell"]
    record(game, "undo", (row, col), "player", at)
    if lost:
        game.history[-1]["lost"] = True
    rebuild(game)
    return taken


def accept_loss(game: Game) -> None:
    """The player accepts the loss: no more undo, and the whole layout may be shown."""
    game.accept_loss()


def rebuild(game: Game) -> None:
    """The position the standing moves give, replayed from the start: the first open that stands
    places the layout it was played on (none stands: the next first click places one, always safe)."""
    moves = live_moves(game)
    game.restart()
    game.extra.pop("loss", None)
    for entry in moves:
        apply_entry(game, entry)
    _recount(game, moves)


def apply_entry(game: Game, entry: Record) -> None:
    """Play one record of the history on ``game`` as it happened: a strict loss, the layout a save or an
    assist moved the mines to, then the move itself (an assist opens its cell, unflagging it first)."""
    if entry["cell"] is None:
        raise GameError(f"a {entry['action']!r} record has no cell: it is not a move")
    row, col = entry["cell"]
    if entry.get("strict"):  # strict mode: a move that lost at once, whatever the cell held
        game.lose_by_rule()
        return
    if "first_layout" in entry:  # a first click: the layout it placed
        game.layout = layout_value(entry["first_layout"])
    if "layout" in entry:  # a forgiving save or an assist moved the mines just before
        game.layout = layout_value(entry["layout"])
    action = entry["action"]
    if action == ASSIST:
        if game.flagged >> game.index(row, col) & 1:
            game.toggle_flag(row, col)
        game.open(row, col)
    elif action == "open":
        game.open(row, col)
    elif action == "chord":
        game.chord(row, col)
    else:
        game.toggle_flag(row, col)


def _recount(game: Game, moves: list[Record]) -> None:
    """The mode's counters from the moves that stand."""
    if "saves" in game.extra:
        game.extra["saves"] = sum(1 for entry in moves if entry.get("saved"))
    if "assists" in game.extra:
        game.extra["assists"] = sum(1 for entry in moves if entry["action"] == ASSIST)
