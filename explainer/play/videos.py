"""Replay videos of the community's programs — Minesweeper Arbiter ``.avf``, Viennasweeper ``.rmv``,
Metasweeper ``.evf``, Minesweeper Clone ``.mvf`` — read with ``ms_toollib`` and turned into games whose
every move the review judges and explains.

Reading: the file's size is checked first (``MAX_VIDEO_BYTES``); then ``ms_toollib`` parses it in a
short-lived child process (``explainer.play.video_child``), in a temporary directory, with a time limit
and a memory limit: the library aborts its whole process on some malformed files (a Rust panic), so a
corrupt file costs a child, never the server or the command, and the ``crash.log`` it writes goes with
the temporary directory.

Turning it into a game: the video's board is the layout; each mouse event that changed the game board
is a move at the mouse's cell — a flag placed or taken off, an open (the cell was covered), or a chord
(the cell was an open number) — with its time.  The moves then go through the replay file's checks
(``explainer.play.replay_file``), so a move the layout could not have had is refused naming it.  The
statistics the video's program computes (3BV, ZiNi, IOE, RQP, STNB, throughput, clicks by kind ...)
are kept with the game (``Game.extra["video"]``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import PurePath
from typing import Any

from explainer.errors import EngineError
from explainer.play.game import Game
from explainer.play.replay_file import FORMAT, VERSION, from_replay

__all__ = ["CHILD_MEMORY", "CHILD_SECONDS", "MAX_VIDEO_BYTES", "VIDEO_KINDS", "VideoError", "from_video", "read_video", "video_kind"]

#: the replay videos read, by file extension
VIDEO_KINDS = ("avf", "rmv", "evf", "mvf")
#: the largest video read (an expert game's is a few tens of kilobytes)
MAX_VIDEO_BYTES = 512 * 1024
#: the child reading a video: seconds of CPU and wall time, and bytes of address space
CHILD_SECONDS = 10
CHILD_MEMORY = 1 << 30


class VideoError(EngineError):
    """A replay video that cannot be read (its template is translated; see ``EngineError``)."""


def video_kind(name: str) -> str:
    """The kind of a video from its file name (``game.avf`` -> ``avf``); ``VideoError`` for another name."""
    kind = PurePath(name).suffix.lower().lstrip(".")
    if kind not in VIDEO_KINDS:
        raise VideoError("%(name)s is not a replay video this program reads: use .avf, .rmv, .evf or .mvf", name=repr(name))
    return kind


def read_video(data: bytes, kind: str) -> dict[str, Any]:
    """The video as ``explainer.play.video_child`` reads it; ``VideoError`` when it cannot be read."""
    if kind not in VIDEO_KINDS:
        raise VideoError("%(name)s is not a replay video this program reads: use .avf, .rmv, .evf or .mvf", name=repr(kind))
    if len(data) > MAX_VIDEO_BYTES:
        raise VideoError("a replay video is at most %(limit)s bytes; this one has %(size)s", limit=MAX_VIDEO_BYTES, size=len(data))
    if not data:
        raise VideoError("the %(kind)s replay video is empty", kind=kind)
    with tempfile.TemporaryDirectory(prefix="video-") as folder:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "explainer.play.video_child", kind, str(CHILD_SECONDS), str(CHILD_MEMORY)],
                input=data,
                capture_output=True,
                cwd=folder,
                timeout=CHILD_SECONDS,
                env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise VideoError("reading this %(kind)s replay video took too long", kind=kind) from None
    if done.returncode != 0:
        raise VideoError("this file could not be read as a %(kind)s replay video", kind=kind)
    try:
        parsed = json.loads(done.stdout)
    except ValueError:
        raise VideoError("this file could not be read as a %(kind)s replay video", kind=kind) from None
    if not isinstance(parsed, dict):
        raise VideoError("this file could not be read as a %(kind)s replay video", kind=kind)
    return parsed


def _replay(parsed: dict[str, Any]) -> dict[str, Any]:
    """The video as a replay file (``explainer.play.replay_file``): its layout and its moves."""
    height, width, board = parsed["height"], parsed["width"], parsed["board"]
    if not (isinstance(board, list) and len(board) == height and all(isinstance(row, list) and len(row) == width for row in board)):
        raise VideoError("the video's board is not %(width)s x %(height)s cells", width=width, height=height)
    layout = ["".join("*" if cell == -1 else "." for cell in row) for row in board]
    revealed: set[tuple[int, int]] = set()
    moves: list[dict[str, Any]] = []
    start = None
    for change in parsed["changes"]:
        t = float(change["t"])
        start = t if start is None else start
        at = {"t": round(max(0.0, t - start), 3)}
        row, col = change["cell"]
        for cell in change["flagged"]:
            moves.append({"action": "flag", "cell": cell, **at})
        for cell in change["unflagged"]:
            moves.append({"action": "unflag", "cell": cell, **at})
        opened = {tuple(cell) for cell in change["opened"]}
        if opened:
            clicked = (row, col)
            if clicked in opened or clicked not in revealed:
                target = clicked if clicked in opened else min(opened)
                moves.append({"action": "open", "cell": list(target), **at})
            else:
                moves.append({"action": "chord", "cell": [row, col], **at})
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


def from_video(data: bytes, kind: str) -> Game:
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
