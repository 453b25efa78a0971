"""Replay videos and games: a video read (``explainer.formats.videos``) turned into a game whose every move the
review judges and explains, and a finished game turned into the events of an ``.evf`` video.

Turning it into a game: the video's board is the layout; each mouse event that changed the game board
is a move at the mouse's cell — a flag placed or taken off, an open (the cell was covered), or a chord
(the cell was an open number) — with its time.  The moves then go through the replay file's checks
(``explainer.play.replay_file``), so a move the layout could not have had is refused naming it.  The
statistics the video's program computes (3BV, ZiNi, IOE, RQP, STNB, throughput, clicks by kind ...)
are kept with the game (``Game.extra["video"]``).
"""

from __future__ import annotations

from typing import Any

from explainer.errors import EngineError, VideoError
from explainer.formats.videos import EVF_CELL_PIXELS, Mouse, VideoEvent, VideoHeader, VideoKind, read_video, write_evf
from explainer.play import history
from explainer.play.game import Game, GameState
from explainer.play.replay_file import FORMAT, VERSION, ReplayFile, ReplayMove, from_replay
from explainer.play.figures import bbbv

__all__ = ["community_figures", "from_video", "to_evf"]

def _replay(parsed: dict[str, Any]) -> ReplayFile:
    """The video as a replay file (``explainer.play.replay_file``): its layout and its moves."""
    height, width, board = parsed["height"], parsed["width"], parsed["board"]
    if not (isinstance(board, list) and len(board) == height and all(isinstance(row, list) and len(row) == width for row in board)):
        raise VideoError("the video's board is not %(width)s x %(height)s cells", width=width, height=height)
    layout = ["".join("*" if cell == -1 else "." for cell in row) for row in board]
    revealed: set[tuple[int, int]] = set()
    moves: list[ReplayMove] = []
    start = None
    for change in parsed["changes"]:
        t = float(change["t"])
        start = t if start is None else start
        at = round(max(0.0, t - start), 3)
        row, col = change["cell"]
        for cell in change["flagged"]:
            moves.append({"action": "flag", "cell": cell, "by": "player", "t": at})
        for cell in change["unflagged"]:
            moves.append({"action": "unflag", "cell": cell, "by": "player", "t": at})
        opened = {tuple(cell) for cell in change["opened"]}
        if opened:
            clicked = (row, col)
            if clicked in opened or clicked not in revealed:
                target = clicked if clicked in opened else min(opened)
                moves.append({"action": "open", "cell": list(target), "by": "player", "t": at})
            else:
                moves.append({"action": "chord", "cell": [row, col], "by": "player", "t": at})
            revealed |= opened
    return {
        "format": FORMAT,
        "version": VERSION,
        "height": height,
        "width": width,
        "mines": sum(row.count(-1) for row in board),
        "mode": "classic",
        "layout": layout,
        "moves": moves,
    }


def from_video(data: bytes, kind: VideoKind) -> Game:
    """The game a replay video recorded, finished and ready to review, with the video's statistics in
    ``game.extra["video"]``; ``VideoError`` or ``ReplayError`` name what is wrong."""
    parsed = read_video(data, kind)
    try:
        replay = _replay(parsed)
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, EngineError):
            raise
        raise VideoError("this file could not be read as a %(kind)s replay video", kind=kind) from None
    game = from_replay(replay)
    game.extra["video"] = {
        "kind": kind,
        "software": parsed.get("software", ""),
        "player": parsed.get("player", ""),
        "statistics": parsed.get("statistics", {}),
    }
    return game


#: the buttons each of our moves is, pressed and released in this order (a chord: both buttons)
_PRESSES: dict[str, tuple[Mouse, ...]] = {
    "open": ("lc", "lr"),
    "assist": ("lc", "lr"),
    "flag": ("rc", "rr"),
    "unflag": ("rc", "rr"),
    "chord": ("lc", "rc", "lr", "rr"),
}


def to_evf(game: Game) -> bytes:
    """The finished game as a Metasweeper ``.evf`` video (``explainer.formats.videos.write_evf``), its moves that
    stand (an undo has no place in a video) at their times, each a press and a release at the cell's centre."""
    if not game.over or game.layout is None:
        raise VideoError("only a finished game can be written as a video")
    moves = history.live_moves(game)
    stamps = [entry.get("t") for entry in moves]
    start = next((t for t in stamps if t is not None), 0.0)
    events: list[VideoEvent] = []
    last_ms = 0
    for entry, t in zip(moves, stamps):
        ms = max(last_ms, round(((t if t is not None else start) - start) * 1000))
        last_ms = ms
        assert entry["cell"] is not None  # (a move has its cell)
        row, col = entry["cell"]
        x, y = col * EVF_CELL_PIXELS + EVF_CELL_PIXELS // 2, row * EVF_CELL_PIXELS + EVF_CELL_PIXELS // 2
        for mouse in _PRESSES[entry["action"]]:
            events.append(VideoEvent(mouse, ms, x, y))
    if not events:
        raise VideoError("only a finished game can be written as a video")
    won = game.state is GameState.WON
    header = VideoHeader(game.height, game.width, game.mine_count, game.layout, bbbv(game.height, game.width, game.layout), won, start)
    return write_evf(header, events)


def community_figures(game: Game) -> dict[str, float]:
    """The community's figures of a finished game — 3BV, ZiNi, HZiNi, IOE, RQP, STNB, throughput, clicks
    by kind — as ``ms_toollib`` computes them: an imported video's from the video, any other game's from
    its own ``.evf`` (``to_evf``, its real times) read by ``ms_toollib`` in the child process."""
    video = game.extra.get("video")
    if isinstance(video, dict) and isinstance(video.get("statistics"), dict):
        return dict(video["statistics"])
    statistics = read_video(to_evf(game), "evf").get("statistics", {})
    return dict(statistics) if isinstance(statistics, dict) else {}
