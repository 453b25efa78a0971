"""Replay files: a finished game as documented JSON that another instance (or the CLI) reads back and
reviews.

    {"format": "explainable-minesweeper-replay", "version": 1,
     "height": 9, "width": 9, "mines": 10, "mode": "classic",
     "layout": ["..*......", ...],            # one row each, * a mine: the layout the game was dealt
     "moves": [{"action": "open", "cell": [4, 4], "by": "player", "t": 0.0},
               {"action": "flag", "cell": [2, 3], "by": "player", "t": 3.25},
               {"action": "open", "cell": [0, 0], "by": "player", "t": 7.5, "layout": [...]},  # a forgiving save
               {"action": "undo", "cell": [0, 0], "by": "player", "t": 9.0},
               {"action": "hint", "by": "player", "t": 11.0}, ...]}

``t`` is in seconds from the first move.  A move that moved the mines (a forgiving save, an assist)
carries the layout it was played on; a move later taken back carries ``"undone": true``; a strict
game's losing move ``"strict": true``.  Reading checks everything and names the move and the field at
fault (``ReplayError``): a malformed file, a move the game could not have had, a file from a newer
version of the format.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from explainer.errors import ReplayError
from explainer.play import history
from explainer.play.game import BY, Action, By, Game, GameError, Position, Record, check_size, layout_text, layout_value
from explainer.play.modes import MODES, game_mode

__all__ = ["FORMAT", "VERSION", "ReplayError", "ReplayFile", "ReplayMove", "from_replay", "to_replay"]

FORMAT = "explainable-minesweeper-replay"
VERSION = 1

_ACTIONS = (*history.MOVES, history.ASSIST, "undo", *history.HELP)
_BY = BY


class ReplayMove(TypedDict):
    """One move of a replay file."""

    action: Action
    cell: NotRequired[list[int]]  # [row, col]; absent for help asked for
    by: By
    t: float | None  # seconds from the first move
    layout: NotRequired[list[str]]  # the layout the move was played on, when the mines had moved
    saved: NotRequired[bool]  # forgiving: the mines moved away from the cells it opened
    undone: NotRequired[bool]  # taken back by a later undo
    strict: NotRequired[bool]  # strict: the move lost at once
    lost: NotRequired[bool]  # an undo of the click that lost


class ReplayFile(TypedDict):
    """A replay file, as ``to_replay`` writes it (``from_replay`` reads any JSON and checks it)."""

    format: str  # ``FORMAT``
    version: int
    height: int
    width: int
    mines: int
    mode: str  # ``explainer.play.modes.Mode``
    layout: list[str]  # one row each, * a mine: the layout the game was dealt
    moves: list[ReplayMove]


def _rows(layout: int, height: int, width: int) -> list[str]:
    return ["".join("*" if layout >> (row * width + col) & 1 else "." for col in range(width)) for row in range(height)]


def to_replay(game: Game) -> ReplayFile:
    """The replay file of a game that is over (a loss accepted)."""
    if not game.finished:
        raise GameError("only a finished game (its loss accepted) has a replay file: its layout is in it")
    first = history.initial_layout(game)
    first_layout = first if first is not None else game.layout or 0
    times = [entry["t"] for entry in game.history if entry["t"] is not None]
    start = min(times) if times else None
    moves: list[ReplayMove] = []
    for entry in game.history:
        t = entry["t"]
        move: ReplayMove = {"action": entry["action"], "by": entry.get("by", "player"), "t": None if t is None or start is None else round(t - start, 3)}
        if entry["cell"] is not None:
            move["cell"] = list(entry["cell"])
        if "layout" in entry:
            move["layout"] = _rows(layout_value(entry["layout"]), game.height, game.width)
        elif "first_layout" in entry and layout_value(entry["first_layout"]) != first_layout:
            # a first click again after the first was undone: the layout it placed
            move["layout"] = _rows(layout_value(entry["first_layout"]), game.height, game.width)
        for flag in ("saved", "undone", "strict", "lost"):
            if entry.get(flag):
                move[flag] = True
        moves.append(move)
    return {
        "format": FORMAT,
        "version": VERSION,
        "height": game.height,
        "width": game.width,
        "mines": game.mine_count,
        "mode": str(game_mode(game)),
        "layout": _rows(first_layout, game.height, game.width),
        "moves": moves,
    }


def _field(data: dict[str, Any], key: str, where: str = "") -> Any:
    if key not in data:
        raise ReplayError(f"{where}missing field {key!r}")
    return data[key]


def _whole(value: Any, name: str, where: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ReplayError(f"{where}field {name!r} must be a whole number, got {value!r}")
    return value


def _layout(rows: Any, height: int, width: int, where: str) -> int:
    if not isinstance(rows, list) or len(rows) != height:
        raise ReplayError(f"{where}field 'layout' must be a list of {height} rows, got {rows!r:.80}")
    mask = 0
    for row, line in enumerate(rows):
        if not isinstance(line, str) or len(line) != width:
            raise ReplayError(f"{where}field 'layout': row {row + 1} must be {width} characters of '.' and '*', got {line!r:.80}")
        for col, char in enumerate(line):
            if char == "*":
                mask |= 1 << (row * width + col)
            elif char != ".":
                raise ReplayError(f"{where}field 'layout': row {row + 1} has {char!r} at column {col + 1}; use '.' or '*'")
    return mask


def from_replay(data: Any) -> Game:
    """A game rebuilt from a replay file, its history replayed; ``ReplayError`` names what is wrong."""
    if not isinstance(data, dict):
        raise ReplayError(f"a replay file is a JSON object, got {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise ReplayError(f"field 'format' must be {FORMAT!r}, got {data.get('format')!r}")
    version = _whole(_field(data, "version"), "version")
    if version > VERSION:
        raise ReplayError(f"field 'version': {version} is a newer format than this program reads (version {VERSION}); update it")
    if version < 1:
        raise ReplayError(f"field 'version' must be 1 or more, got {version}")
    height = _whole(_field(data, "height"), "height")
    width = _whole(_field(data, "width"), "width")
    mines = _whole(_field(data, "mines"), "mines")
    try:
        check_size(height, width, mines)
    except GameError as error:
        raise ReplayError(f"the board's size: {error}") from None
    mode = data.get("mode", "classic")
    if mode not in [str(m) for m in MODES]:
        raise ReplayError(f"field 'mode' must be one of {', '.join(map(str, MODES))}, got {mode!r}")
    layout = _layout(_field(data, "layout"), height, width, "")
    if layout.bit_count() != mines:
        raise ReplayError(f"field 'layout' has {layout.bit_count()} mines, but field 'mines' says {mines}")
    moves = _field(data, "moves")
    if not isinstance(moves, list):
        raise ReplayError(f"field 'moves' must be a list, got {type(moves).__name__}")
    game = Game.new(height, width, mines, seed=0)
    game.extra["mode"] = mode
    entries: list[Record] = []
    for number, move in enumerate(moves, 1):
        where = f"move {number}: "
        if not isinstance(move, dict):
            raise ReplayError(f"{where}a move is a JSON object, got {move!r:.80}")
        action = _field(move, "action", where)
        if action not in _ACTIONS:
            raise ReplayError(f"{where}field 'action' must be one of {', '.join(_ACTIONS)}, got {action!r}")
        by = move.get("by", "player")
        if by not in _BY:
            raise ReplayError(f"{where}field 'by' must be one of {', '.join(_BY)}, got {by!r}")
        t = move.get("t")
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float)) or t < 0):
            raise ReplayError(f"{where}field 't' must be a number of seconds >= 0, got {t!r}")
        entry: Record = {"action": action, "cell": None, "by": by, "t": None if t is None else float(t)}
        if action not in history.HELP:
            cell = _field(move, "cell", where)
            if not (isinstance(cell, list) and len(cell) == 2):
                raise ReplayError(f"{where}field 'cell' must be [row, col], got {cell!r:.80}")
            row, col = (_whole(value, "cell", where) for value in cell)
            if not (0 <= row < height and 0 <= col < width):
                raise ReplayError(f"{where}field 'cell': [{row}, {col}] is outside the {width} x {height} board")
            entry["cell"] = [row, col]
        if "layout" in move:
            moved = _layout(move["layout"], height, width, where)
            if moved.bit_count() != mines:
                raise ReplayError(f"{where}field 'layout' has {moved.bit_count()} mines, expected {mines}")
            entry["layout"] = layout_text(moved)
        for flag in ("saved", "undone", "strict", "lost"):
            if flag in move and not isinstance(move[flag], bool):
                raise ReplayError(f"{where}field {flag!r} must be true or false, got {move[flag]!r}")
        if move.get("saved"):
            entry["saved"] = True
        if move.get("undone"):
            entry["undone"] = True
        if move.get("strict"):
            entry["strict"] = True
        if move.get("lost") and action == "undo":
            entry["lost"] = True
        entries.append(entry)
    if not any(e["action"] in ("open", "chord") for e in entries):
        raise ReplayError("field 'moves' has no open: a replay starts with the first click")
    first = next(e for e in entries if e["action"] in ("open", "chord"))
    assert first["cell"] is not None  # (checked when read: a move has its cell)
    if first["action"] != "open" or layout >> (first["cell"][0] * width + first["cell"][1]) & 1:
        raise ReplayError("the first click must open a cell without a mine: the layout is placed away from it")
    first["first_layout"] = layout_text(layout)
    _check_timeline(entries, layout, height, width)
    game.history = entries
    history.rebuild(game)  # (a loss it ends with is accepted: a replay file is of a finished game)
    return game


def _check_timeline(entries: list[Record], layout: int, height: int, width: int) -> None:
    """Play the moves as they happened (undos included) and name the first one the game could not have;
    the moves marked ``undone`` must be exactly those an undo took back."""
    game = Game.from_layout(height, width, layout)
    stack: list[tuple[int, Position]] = []
    taken_back: set[int] = set()
    for number, entry in enumerate(entries, 1):
        where = f"move {number}: "
        action = entry["action"]
        if action in history.HELP:
            continue
        if action == "undo":
            if not any(entries[i]["action"] in history.MOVES for i, _ in stack):
                raise ReplayError(f"{where}an undo with no move before it to take back")
            while stack:
                position, before = stack.pop()
                game.restore(before)
                taken_back.add(position)
                if entries[position]["action"] in history.MOVES:
                    break
            continue
        if game.over:
            raise ReplayError(f"{where}{action!r} after the game was already {game.state}")
        stack.append((number - 1, game.position()))
        assert entry["cell"] is not None  # (checked when read: a move has its cell)
        row, col = entry["cell"]
        bit = 1 << (row * width + col)
        try:
            if action == "flag" and game.flagged & bit:
                raise ReplayError(f"{where}'flag' on [{row}, {col}], which is already flagged")
            if action == "unflag" and not game.flagged & bit:
                raise ReplayError(f"{where}'unflag' on [{row}, {col}], which has no flag")
            history.apply_entry(game, entry)
        except GameError as error:
            raise ReplayError(f"{where}{error}") from None
    for position, entry in enumerate(entries):
        if bool(entry.get("undone")) != (position in taken_back):
            said = "is marked undone, but no undo took it back" if entry.get("undone") else "was taken back by an undo, but is not marked undone"
            raise ReplayError(f"move {position + 1}: field 'undone': the move {said}")
