"""Replay videos of the community's programs — Minesweeper Arbiter ``.avf``, Viennasweeper ``.rmv``,
Metasweeper ``.evf``, Minesweeper Clone ``.mvf`` — read with ``ms_toollib`` and turned into games whose
every move the review judges and explains.

Reading: the file's size is checked first (``MAX_VIDEO_BYTES``); then ``ms_toollib`` parses it in a
short-lived child process (``explainer.play.video_child``), in a temporary directory, with a time limit
and a memory limit: the library aborts its whole process on some malformed files (a Rust panic), so a
corrupt file costs a child, never the server or the command, and the ``crash.log`` it writes goes with
the temporary directory.  The child dies with the process that started it (a worker killed mid-import
leaves no child behind), and the next reading removes a directory such a death left (``STALE_SECONDS``).

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
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import PurePath
from typing import Any

from explainer.errors import EngineError, VideoError
from explainer.play import history
from explainer.play.game import Game, GameState
from explainer.play.replay_file import FORMAT, VERSION, ReplayFile, ReplayMove, from_replay
from explainer.play.figures import bbbv

__all__ = [
    "CHILD_MEMORY",
    "CHILD_SECONDS",
    "MAX_VIDEO_BYTES",
    "VIDEO_KINDS",
    "VideoError",
    "from_video",
    "read_video",
    "community_figures",
    "to_evf",
    "video_kind",
]

#: the replay videos read, by file extension
VIDEO_KINDS = ("avf", "rmv", "evf", "mvf")
#: the largest video read (an expert game's is a few tens of kilobytes)
MAX_VIDEO_BYTES = 512 * 1024
#: the child reading a video: seconds of CPU and wall time, and bytes of address space (an expert video is read
#: in milliseconds)
CHILD_SECONDS = 5
CHILD_MEMORY = 1 << 30
#: the prefix of the child's temporary directory; one older than ``STALE_SECONDS`` was left by a process that
#: died (a child lives ``CHILD_SECONDS`` at most) and is removed by the next reading
FOLDER_PREFIX = "video-"
STALE_SECONDS = 6 * CHILD_SECONDS


def _sweep_stale_folders() -> None:
    """Remove the temporary directories of readings whose process died before it could (killed mid-import)."""
    root = tempfile.gettempdir()
    now = time.time()
    try:
        names = [name for name in os.listdir(root) if name.startswith(FOLDER_PREFIX)]
    except OSError:
        return
    for name in names:
        path = os.path.join(root, name)
        try:
            if now - os.stat(path).st_mtime > STALE_SECONDS and os.stat(path).st_uid == os.getuid():
                shutil.rmtree(path, ignore_errors=True)
        except OSError:
            continue


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
    _sweep_stale_folders()
    with tempfile.TemporaryDirectory(prefix=FOLDER_PREFIX) as folder:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "explainer.play.video_child", kind, str(CHILD_SECONDS), str(CHILD_MEMORY), str(os.getpid())],
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


# -- writing: Metasweeper's .evf -----------------------------------------------------------------------

#: the pixels of a cell in the written video, and the mouse events' codes (evf version 4)
EVF_CELL_PIXELS = 16
_EVF_MOUSE = {"lc": 2, "lr": 3, "rc": 4, "rr": 5}
#: the buttons each of our moves is, pressed and released in this order (a chord: both buttons)
_PRESSES = {
    "open": ("lc", "lr"),
    "assist": ("lc", "lr"),
    "flag": ("rc", "rr"),
    "unflag": ("rc", "rr"),
    "chord": ("lc", "rc", "lr", "rr"),
}


def to_evf(game: Game) -> bytes:
    """The finished game as a Metasweeper ``.evf`` video (format version 4), its moves that stand (an undo
    has no place in a video) at their times, each a press and a release at the cell's centre.

    Written from the format as ``ms_toollib`` reads and writes it (``base/src/videos/evf_video.rs`` and
    ``base_video_generate_evf.rs`` in its repository): big-endian fields, a header (flags, size, mines,
    cell size, mode, 3BV, the time in ms, country, start and end in microseconds, software, player and
    race names, a device id), the mines as one bit per cell in reading order, then the mouse events as
    (code, ms since the last event, dx, dy), a pause event (255, ms) before a longer gap, and 0.  Not with
    ``ms_toollib``'s own ``BaseVideo``: it stamps each event with the wall clock as it is stepped, so a
    game's times could not be kept."""
    if not game.over or game.layout is None:
        raise VideoError("only a finished game can be written as a video")
    height, width = game.height, game.width
    if height > 255 or width > 255 or game.mine_count > 65535:
        raise VideoError("a video holds boards of at most 255 x 255 cells")
    moves = history.live_moves(game)
    stamps = [entry.get("t") for entry in moves]
    start = next((t for t in stamps if t is not None), 0.0)
    events: list[tuple[str, int, int, int]] = []  # (mouse, ms from the start, x, y)
    last_ms = 0
    for entry, t in zip(moves, stamps):
        ms = max(last_ms, round(((t if t is not None else start) - start) * 1000))
        last_ms = ms
        assert entry["cell"] is not None  # (a move has its cell)
        row, col = entry["cell"]
        x, y = col * EVF_CELL_PIXELS + EVF_CELL_PIXELS // 2, row * EVF_CELL_PIXELS + EVF_CELL_PIXELS // 2
        for mouse in _PRESSES[entry["action"]]:
            events.append((mouse, ms, x, y))
    if not events:
        raise VideoError("only a finished game can be written as a video")
    won = game.state is GameState.WON
    data = bytearray([4, 0b1010_0000 if won else 0b0010_0000, 0])  # version; completed and fair; no question marks
    data += bytes([height, width]) + game.mine_count.to_bytes(2, "big") + bytes([EVF_CELL_PIXELS])
    data += (0).to_bytes(2, "big")  # mode: standard
    data += min(bbbv(height, width, game.layout), 65535).to_bytes(2, "big")
    data += events[-1][1].to_bytes(4, "big")  # the time, in ms
    data += b"XX"  # country unknown
    data += round(start * 1_000_000).to_bytes(8, "big") + round((start + events[-1][1] / 1000) * 1_000_000).to_bytes(8, "big")
    data += b"Explainable Minesweeper\0" + b"\0" + b"\0" + b"\0"  # software; player, race, unique ids empty
    data += (0).to_bytes(2, "big")  # no device id
    bits = 0
    for index in range(height * width):
        bits = bits << 1 | (game.layout >> index & 1)
    padding = -(height * width) % 8
    data += (bits << padding).to_bytes((height * width + padding) // 8, "big")
    data += (0).to_bytes(2, "big")  # no custom figures
    first, first_ms, first_x, first_y = events[0]
    data += bytes([_EVF_MOUSE[first], min(first_ms, 255)]) + first_x.to_bytes(2, "big") + first_y.to_bytes(2, "big")
    previous_ms, previous_x, previous_y = min(first_ms, 255), first_x, first_y
    for mouse, ms, x, y in events[1:]:
        gap = ms - previous_ms
        while gap > 255:
            pause = min(gap, 65535)
            data += bytes([255]) + pause.to_bytes(2, "big")
            gap -= pause
        data += bytes([_EVF_MOUSE[mouse], gap])
        data += (x - previous_x).to_bytes(2, "big", signed=True) + (y - previous_y).to_bytes(2, "big", signed=True)
        previous_ms, previous_x, previous_y = ms, x, y
    data += bytes([0]) + (0).to_bytes(2, "big")  # the end; no checksum
    return bytes(data)


def community_figures(game: Game) -> dict[str, float]:
    """The community's figures of a finished game — 3BV, ZiNi, HZiNi, IOE, RQP, STNB, throughput, clicks
    by kind — as ``ms_toollib`` computes them: an imported video's from the video, any other game's from
    its own ``.evf`` (``to_evf``, its real times) read by ``ms_toollib`` in the child process."""
    video = game.extra.get("video")
    if isinstance(video, dict) and isinstance(video.get("statistics"), dict):
        return dict(video["statistics"])
    statistics = read_video(to_evf(game), "evf").get("statistics", {})
    return dict(statistics) if isinstance(statistics, dict) else {}
