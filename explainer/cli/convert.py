"""``python -m explainer convert FILE|- --to FORMAT [--from FORMAT] [-o OUT]``: a board from one format
to another (``text``, ``tiles``, ``jsm``, ``mbf``, ``link``; see ``explainer.formats``).

The input format is detected from the content when ``--from`` is absent (both the seed solver and
JSMinesweeper name their files ``.mine``).  The output goes to standard output, or to ``-o OUT``;
binary MBF only to ``-o``.  A file that cannot be read, or a position the target format cannot hold,
is refused with the reason (line and column, or byte offset)."""

from __future__ import annotations

import argparse
from typing import TextIO

from explainer.cli.args import AddCommand, CliError, Subcommands, read_board_bytes
from explainer.formats import FORMATS, FormatError, read, write

__all__ = ["register", "cmd_convert"]


def _format(value: str) -> str:
    name = value.strip().lower()
    if name not in FORMATS:
        raise argparse.ArgumentTypeError(f"unknown format {value!r}; choose one of: {', '.join(FORMATS)}")
    return name


def cmd_convert(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    where = "standard input" if args.file == "-" else args.file
    data = read_board_bytes(args.file, stdin)
    try:
        position = read(data, args.source)
        result = write(position, args.to)
    except FormatError as error:
        raise CliError(f"{where}: {error}") from None
    if args.output:
        try:
            with open(args.output, "wb") as handle:
                handle.write(result)
        except OSError as error:
            raise CliError(f"{args.output}: {error.strerror or error}") from None
        return 0
    if args.to == "mbf":
        raise CliError("MBF is binary: give -o FILE to write it")
    out.write(result.decode("utf-8"))
    return 0


def register(commands: Subcommands, add: AddCommand) -> None:
    sub = add("convert", cmd_convert, "A board from one format to another (text, tiles, jsm, mbf, link).")
    sub.add_argument("file", nargs="?", default="-", help="board file, or - for standard input (default)")
    sub.add_argument("--to", required=True, type=_format, help=f"the output format: {', '.join(FORMATS)}")
    sub.add_argument("--from", dest="source", type=_format, default=None, help="the input format (default: detected)")
    sub.add_argument("-o", "--output", default=None, help="write to this file instead of standard output")
