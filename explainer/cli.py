"""Command line: ``python -m explainer solve|hint ...``.

A contract other tools rely on: keep the commands, flags and JSON stable.
Bad input prints ``error: ...`` quoting the problem and exits with status 2;
it never prints a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from .board import Board, BoardParseError
from .hint import make_hint
from .i18n import DEFAULT_LANGUAGE, LANGUAGES, normalize_language
from .pipeline import solve
from .solution_json import solution_to_json

__all__ = ["main", "CliError", "whole_number"]


class CliError(Exception):
    """A problem with the command line's input, reported as ``error: ...``."""


def whole_number(name: str, minimum: int = 0) -> Callable[[str], int]:
    """An argparse type: a whole number >= ``minimum``, with an error that quotes the value."""

    def parse(value: str) -> int:
        try:
            number = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number, got {value!r}") from None
        if number < minimum:
            raise argparse.ArgumentTypeError(f"{name} must be at least {minimum}, got {number}")
        return number

    return parse


def _language(value: str) -> str:
    language = normalize_language(value)
    if language is None:
        raise argparse.ArgumentTypeError(
            f"unknown language {value!r}; choose one of: {', '.join(sorted(LANGUAGES))}"
        )
    return language


def _read_text(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise CliError(f"no such board file: {path!r}") from None
    except IsADirectoryError:
        raise CliError(f"{path!r} is a folder, not a board file") from None
    except UnicodeDecodeError as error:
        raise CliError(f"{path!r} is not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise CliError(f"cannot read {path!r}: {error.strerror}") from None


def _read_board(path: str, stdin: TextIO) -> Board:
    text = _read_text(path, stdin)
    try:
        return Board.parse(text)
    except BoardParseError as error:
        where = "standard input" if path == "-" else path
        raise CliError(f"{where}: {error}") from None


def _dump(data: object, out: TextIO) -> None:
    out.write(json.dumps(data, ensure_ascii=False) + "\n")


def cmd_solve(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    if not args.jsonl:
        _dump(solution_to_json(solve(_read_board(args.file, stdin)), args.lang), out)
        return 0
    source = stdin if args.file == "-" else _read_text(args.file, stdin).splitlines()
    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            _dump({"error": f"line {number}: not JSON ({error.msg} at column {error.colno})"}, out)
            continue
        text = request.get("board") if isinstance(request, dict) else None
        if not isinstance(text, str):
            _dump({"error": f'line {number}: expected an object {{"board": "<board text>"}}, got {line.strip()[:80]!r}'}, out)
            continue
        try:
            board = Board.parse(text)
        except BoardParseError as error:
            _dump({"error": f"line {number}: {error}"}, out)
            continue
        _dump(solution_to_json(solve(board), args.lang), out)
        out.flush()
    return 0


def cmd_hint(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    hint = make_hint(_read_board(args.file, stdin))
    if args.json:
        _dump(hint.to_json(args.lang), out)
    else:
        out.write(hint.text(args.lang) + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m explainer",
        description="Explainable Minesweeper: the simplest logical step, explained.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, handler: Callable, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(handler=handler)
        sub.add_argument("--lang", type=_language, default=DEFAULT_LANGUAGE, help="language of the explanations (default: en)")
        return sub

    solve_parser = add("solve", cmd_solve, "Every certain cell, exact probabilities and the deductions, as JSON.")
    solve_parser.add_argument("file", nargs="?", default="-", help="board file, or - for standard input (default)")
    solve_parser.add_argument("--jsonl", action="store_true", help='read {"board": ...} lines, write one result per line')

    hint_parser = add("hint", cmd_hint, "The simplest step available now, as a sentence.")
    hint_parser.add_argument("file", nargs="?", default="-", help="board file, or - for standard input (default)")
    hint_parser.add_argument("--json", action="store_true", help="print the hint as JSON")

    for register in _EXTRA_COMMANDS:
        register(commands, add)
    return parser


#: later commands (generate, bot, practice) register themselves here
_EXTRA_COMMANDS: list[Callable] = []


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    stdin = stdin if stdin is not None else sys.stdin
    out = out if out is not None else sys.stdout
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args, stdin, out)
    except CliError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    except BrokenPipeError:
        return 0


def _register_commands() -> None:
    """The commands that live in their own modules: generate, bot, practice."""
    from . import cli_bot, cli_generate, cli_practice

    for register in (cli_generate.register, cli_bot.register, cli_practice.register):
        if register not in _EXTRA_COMMANDS:
            _EXTRA_COMMANDS.append(register)


_register_commands()
