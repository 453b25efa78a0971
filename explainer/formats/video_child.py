"""The child process that reads one replay video with ``ms_toollib``: the file's bytes on stdin, its
kind (avf, rmv, evf, mvf), its CPU seconds and its bytes of memory as the arguments, a JSON object on
stdout.

It runs apart from the server or the command line because ``ms_toollib`` (Rust) aborts the whole
process on some malformed files (a panic: SIGABRT, and a ``crash.log`` in the working directory);
``explainer.formats.videos`` starts it in a temporary directory with time and memory limits.

The object: the board (``height``, ``width``, ``mines``, ``board``: -1 a mine, else the number), the
cell size in pixels, the moves as the game board changed (``changes``: time in seconds, the mouse's
cell, the cells opened and the flags placed and taken off by that event), and the community's
statistics as ``ms_toollib`` computes them.
"""

from __future__ import annotations

import json
import sys
from typing import Any

CLASSES = {"avf": "AvfVideo", "rmv": "RmvVideo", "evf": "EvfVideo", "mvf": "MvfVideo"}
COVERED, FLAG = 10, 11
#: the statistics read from the video, by our name -> ms_toollib's attribute
STATISTICS = {
    "bbbv": "bbbv",
    "bbbv_solved": "bbbv_solved",
    "bbbv_per_second": "bbbv_s",
    "zini": "zini",
    "hzini": "hzini",
    "ioe": "ioe",
    "rqp": "rqp",
    "stnb": "stnb",
    "throughput": "thrp",
    "correctness": "corr",
    "left": "left",
    "right": "right",
    "double": "double",
    "clicks": "cl",
    "effective_clicks": "ce",
    "openings": "op",
    "islands": "isl",
    "time": "rtime",
}


def read(kind: str, data: bytes) -> dict[str, Any]:
    import ms_toollib  # noqa: PLC0415 - only in the child

    video = getattr(ms_toollib, CLASSES[kind])(raw_data=list(data))
    video.parse()
    video.analyse()
    try:
        video.current_time = 1e9  # the figures are those at a moment of the video: its end
    except (AttributeError, TypeError, ValueError):
        pass
    board = [list(row) for row in video.board]
    pix = int(getattr(video, "pix_size", 16) or 16)
    changes = []
    for event in video.events:
        before, after = event.prior_game_board.game_board, event.next_game_board.game_board
        if before == after or not event.event.is_mouse():
            continue
        mouse = event.event.unwrap_mouse()
        opened, flagged, unflagged = [], [], []
        for row, (was, now) in enumerate(zip(before, after)):
            for col, (a, b) in enumerate(zip(was, now)):
                if a == b:
                    continue
                if b == FLAG:
                    flagged.append([row, col])
                elif a == FLAG and b == COVERED:
                    unflagged.append([row, col])
                elif a in (COVERED, FLAG):
                    opened.append([row, col])
        changes.append(
            {
                "t": float(event.time),
                "cell": [int(mouse.y) // pix, int(mouse.x) // pix],
                "mouse": str(mouse.mouse),
                "opened": opened,
                "flagged": flagged,
                "unflagged": unflagged,
            }
        )
    statistics = {}
    for ours, theirs in STATISTICS.items():
        value = getattr(video, theirs, None)
        if isinstance(value, (int, float)) and value == value and value not in (float("inf"), float("-inf")):
            statistics[ours] = value
    return {
        "height": int(video.row),
        "width": int(video.column),
        "mines": int(video.mine_num),
        "board": board,
        "pix": pix,
        "software": str(getattr(video, "software", "")),
        "player": str(getattr(video, "player_identifier", "")),
        "completed": bool(getattr(video, "is_completed", False)),
        "changes": changes,
        "statistics": statistics,
    }


def _limits(seconds: int, memory: int) -> None:
    """This process's own limits, set before the library is loaded: CPU time, address space, no core file."""
    import resource  # noqa: PLC0415

    resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _die_with(parent: int) -> None:
    """Be killed when ``parent`` (the server's worker or the command) dies, and stop now if it already has: a
    worker killed mid-import leaves no child reading on (Linux's parent-death signal; elsewhere the time limit)."""
    import ctypes  # noqa: PLC0415
    import os  # noqa: PLC0415
    import signal  # noqa: PLC0415

    try:
        libc = ctypes.CDLL(None)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if parent and os.getppid() != parent:
        sys.exit(3)


def main() -> None:
    kind, seconds, memory = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    _die_with(int(sys.argv[4]) if len(sys.argv) > 4 else 0)
    _limits(seconds, memory)
    data = sys.stdin.buffer.read()
    json.dump(read(kind, data), sys.stdout)


if __name__ == "__main__":
    main()
