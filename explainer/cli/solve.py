"""``solve`` and ``hint``: a board's every certain cell, probabilities and deductions as JSON, and the simplest step
available now as a sentence (through ``explainer.service``).  Both run under the command's budget
(``--time-limit``, ``--work-limit``); ``solve --jsonl`` answers one line per board line, an ``{"error": ...}`` line
for a bad one, and goes on."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from explainer.cli.args import AddCommand, CliError, Subcommands, limit_number
from explainer.core.board import Board, BoardParseError
from explainer.engine import budget
from explainer.engine.solve import solve
from explainer.errors import BudgetExceeded
from explainer.inputs import json_depth
from explainer.service import advise
from explainer.words.hints import hint_json, hint_text
from explainer.words.solution_json import solution_to_json

__all__ = ["MAX_JSON_DEPTH", "cmd_hint", "cmd_solve", "register"]


#: ``solve --jsonl``: a line nesting JSON deeper than this is refused (a request is 2 levels deep)
MAX_JSON_DEPTH = 32


@contextmanager
def _budget(args: argparse.Namespace) -> Iterator[None]:
    """The command's time and work limit around a piece of engine work."""
    with budget.limit(seconds=args.time_limit, work=args.work_limit):
        yield


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
        board = _read_board(args.file, stdin)
        with _budget(args):
            solution = solve(board)
        _dump(solution_to_json(solution, args.lang), out)
        return 0
    source = stdin if args.file == "-" else _read_text(args.file, stdin).splitlines()
    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        depth = json_depth(line)
        if depth > MAX_JSON_DEPTH:
            _dump({"error": f"line {number}: JSON nested {depth} levels deep; the limit is {MAX_JSON_DEPTH}"}, out)
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            _dump({"error": f"line {number}: not JSON ({error.msg} at column {error.colno})"}, out)
            continue
        except RecursionError:  # deeper than the scan saw (it cannot be, but never a traceback)
            _dump({"error": f"line {number}: JSON nested too deeply"}, out)
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
        try:
            with _budget(args):
                solution = solve(board)
        except BudgetExceeded as error:
            _dump({"error": f"line {number}: {error}"}, out)
            continue
        except (MemoryError, SystemError):  # (CPython may report exhausted memory as a SystemError)
            _dump({"error": f"line {number}: {_OUT_OF_MEMORY}"}, out)
            continue
        _dump(solution_to_json(solution, args.lang), out)
        out.flush()
    return 0


_OUT_OF_MEMORY = "out of memory: this board needs more memory than the limit allows (raise --memory-limit)"


def cmd_hint(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    board = _read_board(args.file, stdin)
    with _budget(args):
        advice = advise(solve(board, hint_only=True))
    if args.json:
        _dump(hint_json(advice.hint, args.lang, guess=advice.guess), out)
    else:
        out.write(hint_text(advice.hint, args.lang, advice.guess) + "\n")
    return 0


def _limits(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--time-limit",
        type=limit_number("--time-limit", float),
        default=budget.DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"wall-clock seconds for the analysis, 0 for no limit (default: {budget.DEFAULT_SECONDS:g})",
    )
    sub.add_argument(
        "--work-limit",
        type=limit_number("--work-limit", int),
        default=budget.DEFAULT_WORK,
        metavar="N",
        help=f"work units for the analysis (bounds time and memory), 0 for no limit (default: {budget.DEFAULT_WORK})",
    )


def register(commands: Subcommands, add: AddCommand) -> None:
    solve_parser = add("solve", cmd_solve, "Every certain cell, exact probabilities and the deductions, as JSON.")
    solve_parser.add_argument("file", nargs="?", default="-", help="board file, or - for standard input (default)")
    solve_parser.add_argument("--jsonl", action="store_true", help='read {"board": ...} lines, write one result per line')
    _limits(solve_parser)

    hint_parser = add("hint", cmd_hint, "The simplest step available now, as a sentence.")
    hint_parser.add_argument("file", nargs="?", default="-", help="board file, or - for standard input (default)")
    hint_parser.add_argument("--json", action="store_true", help="print the hint as JSON")
    _limits(hint_parser)
