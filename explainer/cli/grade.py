"""``python -m explainer grade FILE|- [--json] [--first CELL]``: what solving a board from the first click needs
(``explainer.play.grade``): its grade, and how often each technique was the step.

FILE is a board file that holds the layout (``tiles``, ``mbf``, ``link``: see ``explainer.formats``) or a replay file
(its layout, and its first click unless ``--first`` says another)."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from explainer.cli.args import AddCommand, CliError, Subcommands, read_board_bytes
from explainer.core.cells import parse_cell_name
from explainer.formats import WITH_LAYOUT, FormatError, read
from explainer.play.game import GameError
from explainer.play.grade import grade_layout
from explainer.play.replay_file import FORMAT as REPLAY_FORMAT, from_replay
from explainer.words.grades import grade_json, grade_text

__all__ = ["cmd_grade", "register"]


def _board(data: bytes, where: str) -> tuple[int, int, int, int | None]:
    """(height, width, layout, first click or None) of a board file or a replay file."""
    if data.lstrip().startswith(b"{"):
        try:
            replay = json.loads(data)
        except (ValueError, UnicodeDecodeError) as error:
            raise CliError(f"{where}: not a board file nor a replay file: {error}") from None
        if not isinstance(replay, dict) or replay.get("format") != REPLAY_FORMAT:
            raise CliError(f"{where}: a JSON file that is not a replay file (its format must be {REPLAY_FORMAT!r})")
        try:
            game = from_replay(replay)
        except GameError as error:
            raise CliError(f"{where}: {error}") from None
        assert game.layout is not None  # a replay file always holds its layout
        return game.height, game.width, game.layout, game.first_click
    try:
        position = read(data)
    except FormatError as error:
        raise CliError(f"{where}: {error}") from None
    if position.layout is None:
        raise CliError(f"{where}: this file holds no layout (where every mine is), which grading needs; formats that "
                       f"hold it: {', '.join(WITH_LAYOUT)}, or a replay file")
    return position.view.height, position.view.width, position.layout, None


def cmd_grade(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    where = "standard input" if args.file == "-" else args.file
    height, width, layout, first = _board(read_board_bytes(args.file, stdin), where)
    if args.first is not None:
        try:
            cell = parse_cell_name(args.first)
        except ValueError as error:
            raise CliError(f"--first: {error}") from None
        if not (0 <= cell.row < height and 0 <= cell.col < width):
            raise CliError(f"--first: {args.first!r} is not on this {width}x{height} board")
        first = cell.row * width + cell.col
    if layout == (1 << height * width) - 1:
        raise CliError(f"{where}: every cell is a mine: there is nothing to solve")
    if first is not None and layout >> first & 1:
        raise CliError(f"--first: {args.first!r} is a mine: the first click must be a safe cell")
    grade = grade_layout(height, width, layout, first)
    if args.json:
        out.write(json.dumps(grade_json(grade)) + "\n")
    else:
        out.write(grade_text(grade, args.lang) + "\n")
    return 0


def register(commands: Subcommands, add: AddCommand) -> None:
    sub = add("grade", cmd_grade, "What solving a board from the first click needs: its grade and its techniques.")
    sub.add_argument("file", nargs="?", default="-", help="a board file that holds the layout (tiles, mbf, link) or a "
                     "replay file, or - for standard input (default)")
    sub.add_argument("--json", action="store_true", help="print JSON: the grade, the hardest technique and a count "
                     "per technique")
    sub.add_argument("--first", default=None, metavar="CELL", help="the first click, a cell name like A1 (default: "
                     "the replay's first click, else the first cell of the board's first opening)")
