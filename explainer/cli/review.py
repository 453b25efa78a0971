"""``python -m explainer review FILE``: the review of a replay file (every move judged, the summary):
this program's JSON replay file, or a replay video of Minesweeper Arbiter (``.avf``), Viennasweeper
(``.rmv``), Metasweeper (``.evf``) or Minesweeper Clone (``.mvf``), read by ``explainer.formats.videos``.

Registered by ``explainer.cli.main`` (``register``).  Prints one line per move — its number, its
verdict and its words — then the summary; ``--json`` prints the review as the web API gives it.  A
file that cannot be read is refused with the field (and move) at fault.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import PurePath
from typing import TextIO

from explainer.cli.args import AddCommand, CliError, Subcommands
from explainer.inputs import json_depth
from explainer.play.game import Game
from explainer.play.replay_file import ReplayError, from_replay
from explainer.formats.videos import MAX_VIDEO_BYTES, VIDEO_KINDS, VideoError
from explainer.play.videos import from_video
from explainer.review import review
from explainer.words.review import review_json

__all__ = ["register", "cmd_review"]

#: the deepest JSON nesting a replay file needs is 4 (a move's cell); refuse anything far deeper
MAX_DEPTH = 32


def _video(path: str) -> Game | None:
    """The game of a replay video (``.avf``, ``.rmv``, ``.evf``, ``.mvf``), or None for another file."""
    kind = PurePath(path).suffix.lower().lstrip(".")
    if kind not in VIDEO_KINDS:
        return None
    try:
        if os.path.getsize(path) > MAX_VIDEO_BYTES:
            raise CliError(f"{path}: a replay video is at most {MAX_VIDEO_BYTES} bytes; this one has {os.path.getsize(path)}")
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise CliError(f"{path}: {error.strerror or error}") from None
    try:
        return from_video(data, kind)
    except (VideoError, ReplayError) as error:
        raise CliError(f"{path}: {error}") from None


def cmd_review(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    video = None if args.file == "-" else _video(args.file)
    if video is not None:
        return _print(video, args, out)
    if args.file == "-":
        text = stdin.read()
    else:
        try:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise CliError(f"{args.file}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise CliError(f"{args.file}: not UTF-8 text (a replay file is JSON)") from None
    where = "standard input" if args.file == "-" else args.file
    if json_depth(text) > MAX_DEPTH:
        raise CliError(f"{where}: JSON nested deeper than {MAX_DEPTH} levels")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CliError(f"{where}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    try:
        game = from_replay(data)
    except ReplayError as error:
        raise CliError(f"{where}: {error}") from None
    return _print(game, args, out)


def _print(game: Game, args: argparse.Namespace, out: TextIO) -> int:
    result = review_json(review(game), args.lang)
    if args.json:
        out.write(json.dumps(result, ensure_ascii=False) + "\n")
        return 0
    for move in result["moves"]:
        out.write(f"{move['index']:>3}. [{move['verdict']}] {move['text']}\n")
        if move["missed"] is not None:
            out.write(f"     {move['missed']['text']}\n")
    summary = result["summary"]
    figures = {key: value for key, value in summary.items() if value is not None}
    out.write(json.dumps(figures, ensure_ascii=False) + "\n")
    return 0


def register(commands: Subcommands, add: AddCommand) -> None:
    sub = add("review", cmd_review, "The review of a replay file: every move judged, and the summary.")
    sub.add_argument(
        "file", nargs="?", default="-",
        help="replay file (JSON) or video (.avf, .rmv, .evf, .mvf), or - for standard input (JSON; default)",
    )
    sub.add_argument("--json", action="store_true", help="print the review as JSON")
