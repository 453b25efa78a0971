"""Replay videos of the community's programs as files — Minesweeper Arbiter ``.avf``, Viennasweeper ``.rmv``,
Metasweeper ``.evf``, Minesweeper Clone ``.mvf``: read with ``ms_toollib``, and written as ``.evf``.
(``explainer.play.videos`` turns what is read into a game, and a game into what is written.)

Reading: the file's size is checked first (``MAX_VIDEO_BYTES``); then ``ms_toollib`` parses it in a
short-lived child process (``explainer.formats.video_child``), in a temporary directory, with a time limit
and a memory limit: the library aborts its whole process on some malformed files (a Rust panic), so a
corrupt file costs a child, never the server or the command, and the ``crash.log`` it writes goes with
the temporary directory.  The child dies with the process that started it (a worker killed mid-import
leaves no child behind), and the next reading removes a directory such a death left (``STALE_SECONDS``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Literal, get_args

from explainer.errors import VideoError

__all__ = [
    "CHILD_MEMORY",
    "CHILD_SECONDS",
    "EVF_CELL_PIXELS",
    "MAX_VIDEO_BYTES",
    "Mouse",
    "VIDEO_KINDS",
    "VideoKind",
    "VideoError",
    "VideoEvent",
    "VideoHeader",
    "read_video",
    "PROGRAMS",
    "video_kind",
    "write_evf",
]

#: a replay video's kind: its file extension
VideoKind = Literal["avf", "rmv", "evf", "mvf"]
#: the replay videos read, by file extension
VIDEO_KINDS: tuple[VideoKind, ...] = get_args(VideoKind)
#: the program that writes each kind, to name it in messages ("a Metasweeper (.evf) replay video")
PROGRAMS: dict[VideoKind, str] = {"avf": "Minesweeper Arbiter", "rmv": "Viennasweeper", "evf": "Metasweeper",
                                  "mvf": "Minesweeper Clone"}
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


def video_kind(name: str) -> VideoKind:
    """The kind of a video from its file name (``game.avf`` -> ``avf``); ``VideoError`` for another name."""
    kind = PurePath(name).suffix.lower().lstrip(".")
    if kind not in VIDEO_KINDS:
        raise VideoError("%(name)s is not a replay video this program reads: use .avf, .rmv, .evf or .mvf", name=repr(name))
    return kind


def read_video(data: bytes, kind: str) -> dict[str, Any]:
    """The video as ``explainer.formats.video_child`` reads it; ``VideoError`` when it cannot be read."""
    if kind not in VIDEO_KINDS:
        raise VideoError("%(name)s is not a replay video this program reads: use .avf, .rmv, .evf or .mvf", name=repr(kind))
    if len(data) > MAX_VIDEO_BYTES:
        raise VideoError("a replay video is at most %(limit)s bytes; this one has %(size)s", limit=MAX_VIDEO_BYTES, size=len(data))
    named = f"{PROGRAMS[kind]} (.{kind})"  # (a kind alone reads "a evf")
    if not data:
        raise VideoError("the %(kind)s replay video is empty", kind=named)
    _sweep_stale_folders()
    with tempfile.TemporaryDirectory(prefix=FOLDER_PREFIX) as folder:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "explainer.formats.video_child", kind, str(CHILD_SECONDS), str(CHILD_MEMORY), str(os.getpid())],
                input=data,
                capture_output=True,
                cwd=folder,
                timeout=CHILD_SECONDS,
                env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)},
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise VideoError("reading this %(kind)s replay video took too long", kind=named) from None
    if done.returncode != 0:
        raise VideoError("this file could not be read as a %(kind)s replay video", kind=named)
    try:
        parsed = json.loads(done.stdout)
    except ValueError:
        raise VideoError("this file could not be read as a %(kind)s replay video", kind=named) from None
    if not isinstance(parsed, dict):
        raise VideoError("this file could not be read as a %(kind)s replay video", kind=named)
    return parsed


# -- writing: Metasweeper's .evf -----------------------------------------------------------------------

#: the pixels of a cell in the written video, and the mouse events' codes (evf version 4)
EVF_CELL_PIXELS = 16
_EVF_MOUSE = {"lc": 2, "lr": 3, "rc": 4, "rr": 5}


Mouse = Literal["lc", "lr", "rc", "rr"]


@dataclass(frozen=True)
class VideoEvent:
    """A mouse event of a written video: the button's press or release, at ``ms`` from the start, at pixel (x, y)."""

    mouse: Mouse
    ms: int
    x: int
    y: int


@dataclass(frozen=True)
class VideoHeader:
    """What a written video says of its game: the board, its mines (one bit per cell, in reading order, as the
    game's layout), its 3BV, whether it was won, and when it started (seconds since the epoch)."""

    height: int
    width: int
    mines: int
    layout: int
    bbbv: int
    won: bool
    start: float


def write_evf(header: VideoHeader, events: list[VideoEvent]) -> bytes:
    """A Metasweeper ``.evf`` video (format version 4) of ``events`` (at least one, in order).

    Written from the format as ``ms_toollib`` reads and writes it (``base/src/videos/evf_video.rs`` and
    ``base_video_generate_evf.rs`` in its repository): big-endian fields, a header (flags, size, mines,
    cell size, mode, 3BV, the time in ms, country, start and end in microseconds, software, player and
    race names, a device id), the mines as one bit per cell in reading order, then the mouse events as
    (code, ms since the last event, dx, dy), a pause event (255, ms) before a longer gap, and 0.  Not with
    ``ms_toollib``'s own ``BaseVideo``: it stamps each event with the wall clock as it is stepped, so a
    game's times could not be kept."""
    height, width, start = header.height, header.width, header.start
    if height > 255 or width > 255 or header.mines > 65535:
        raise VideoError("a video holds boards of at most 255 x 255 cells")
    data = bytearray([4, 0b1010_0000 if header.won else 0b0010_0000, 0])  # version; completed and fair; no question marks
    data += bytes([height, width]) + header.mines.to_bytes(2, "big") + bytes([EVF_CELL_PIXELS])
    data += (0).to_bytes(2, "big")  # mode: standard
    data += min(header.bbbv, 65535).to_bytes(2, "big")
    data += events[-1].ms.to_bytes(4, "big")  # the time, in ms
    data += b"XX"  # country unknown
    data += round(start * 1_000_000).to_bytes(8, "big") + round((start + events[-1].ms / 1000) * 1_000_000).to_bytes(8, "big")
    data += b"Explainable Minesweeper\0" + b"\0" + b"\0" + b"\0"  # software; player, race, unique ids empty
    data += (0).to_bytes(2, "big")  # no device id
    bits = 0
    for index in range(height * width):
        bits = bits << 1 | (header.layout >> index & 1)
    padding = -(height * width) % 8
    data += (bits << padding).to_bytes((height * width + padding) // 8, "big")
    data += (0).to_bytes(2, "big")  # no custom figures
    first = events[0]
    data += bytes([_EVF_MOUSE[first.mouse], min(first.ms, 255)]) + first.x.to_bytes(2, "big") + first.y.to_bytes(2, "big")
    previous_ms, previous_x, previous_y = min(first.ms, 255), first.x, first.y
    for event in events[1:]:
        gap = event.ms - previous_ms
        while gap > 255:
            pause = min(gap, 65535)
            data += bytes([255]) + pause.to_bytes(2, "big")
            gap -= pause
        data += bytes([_EVF_MOUSE[event.mouse], gap])
        data += (event.x - previous_x).to_bytes(2, "big", signed=True) + (event.y - previous_y).to_bytes(2, "big", signed=True)
        previous_ms, previous_x, previous_y = event.ms, event.x, event.y
    data += bytes([0]) + (0).to_bytes(2, "big")  # the end; no checksum
    return bytes(data)
