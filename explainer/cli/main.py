"""Command line: ``python -m explainer solve|hint ...``.

A contract other tools rely on: keep the commands, flags and JSON stable.
Bad input prints ``error: ...`` quoting the problem and exits with status 2;
it never prints a traceback.

Limits: ``solve`` and ``hint`` run under a budget (``explainer.engine.budget``):
``--time-limit SECONDS`` of wall-clock time (default ``DEFAULT_SECONDS``)
and ``--work-limit N`` work units (default ``DEFAULT_WORK``), 0 meaning no
limit.  An exact count over budget gives the cheap rules' answer with
``"exact": false``; if even that does not fit, ``error: ...`` and status 2
(with ``--jsonl``, an ``{"error": ...}`` line, and the run goes on).  Every
command also takes ``--memory-limit MIB`` (default ``DEFAULT_MEMORY_MIB``,
0 for none): run as ``python -m explainer``, the process caps its address
space there (``RLIMIT_AS``), and running out of memory is reported as
``error: ...`` with status 2.

``generate``, ``bot`` and ``practice`` live in their own modules, imported
here to register them; what the commands share (``CliError``, the argument
types) is in ``explainer.cli.args``, so no command module imports this one.
Every ``EngineError`` a command lets through is reported as ``error: ...``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

from explainer.cli import bot as cli_bot
from explainer.cli import generate as cli_generate
from explainer.cli import play as cli_play
from explainer.cli import practice as cli_practice
from explainer.cli import review as cli_review
from explainer.cli import convert as cli_convert
from explainer.cli.args import AddCommand, CliError, Handler, Subcommands, language, limit_number, whole_number
from explainer.core.board import Board, BoardParseError
from explainer.engine import budget
from explainer.engine.solve import solve
from explainer.inputs import json_depth
from explainer.errors import BudgetExceeded, EngineError
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.solution_json import solution_to_json
from explainer.service import advise
from explainer.words.hints import hint_json, hint_text

__all__ = ["main", "CliError", "whole_number", "DEFAULT_MEMORY_MIB", "MAX_JSON_DEPTH"]

#: the address-space cap of a ``python -m explainer`` process, in MiB (``--memory-limit``)
DEFAULT_MEMORY_MIB = 2048

#: ``solve --jsonl``: a line nesting JSON deeper than this is refused (a request is 2 levels deep)
MAX_JSON_DEPTH = 32


@contextmanager
def _budget(args: argparse.Namespace) -> Iterator[None]:
    """The command's time and work limit around a piece of engine work."""
    with budget.limit(seconds=args.time_limit, work=args.work_limit):
        yield


def _guard_memory(mib: int | None) -> None:
    """Cap this process's address space (soft ``RLIMIT_AS``) at ``mib`` MiB, never raising it."""
    if not mib:
        return
    try:
        import resource
    except ImportError:  # not on this platform: the budgets still bound the work
        return
    wanted = mib * 1024 * 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft == resource.RLIM_INFINITY or wanted < soft:
        try:
            resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
        except (ValueError, OSError):
            pass


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m explainer",
        description="Explainable Minesweeper: the simplest logical step, explained.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, handler: Handler, help_text: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(handler=handler)
        sub.add_argument("--lang", type=language, default=DEFAULT_LANGUAGE, help="language of the explanations (default: en)")
        sub.add_argument(
            "--memory-limit",
            type=limit_number("--memory-limit", int),
            default=DEFAULT_MEMORY_MIB,
            metavar="MIB",
            help=f"cap the process's memory at MIB MiB, 0 for no cap (default: {DEFAULT_MEMORY_MIB})",
        )
        return sub

    def limits(sub: argparse.ArgumentParser) -> None:
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

    solve_parser = add("solve", cmd_solve, "Every certain cell, exact probabilities and the deductions, as JSON.")
    solve_parser.add_argument("file", nargs="?", default="-", help="board file, or - for standard input (default)")
    solve_parser.add_argument("--jsonl", action="store_true", help='read {"board": ...} lines, write one result per line')
    limits(solve_parser)

    hint_parser = add("hint", cmd_hint, "The simplest step available now, as a sentence.")
    hint_parser.add_argument("file", nargs="?", default="-", help="board file, or - for standard input (default)")
    hint_parser.add_argument("--json", action="store_true", help="print the hint as JSON")
    limits(hint_parser)

    for register in _MORE_COMMANDS:
        register(commands, add)
    return parser


#: the commands that live in their own modules, in the order ``--help`` lists them
_MORE_COMMANDS: tuple[Callable[[Subcommands, AddCommand], None], ...] = (
    cli_generate.register,
    cli_bot.register,
    cli_practice.register,
    cli_review.register,
    cli_convert.register,
    cli_play.register,
)


def main(
    argv: Sequence[str] | None = None,
    stdin: TextIO | None = None,
    out: TextIO | None = None,
    guard_memory: bool = False,
) -> int:
    """Run a command.  ``guard_memory`` (``python -m explainer`` sets it) applies
    ``--memory-limit`` to the whole process; a caller that embeds the CLI keeps its own limits."""
    stdin = stdin if stdin is not None else sys.stdin
    out = out if out is not None else sys.stdout
    args = build_parser().parse_args(argv)
    if guard_memory:
        _guard_memory(args.memory_limit)
    handler: Handler = args.handler
    try:
        return handler(args, stdin, out)
    except EngineError as error:  # CliError, BudgetExceeded, or any other refusal a command lets through
        sys.stderr.write(f"error: {error}\n")
        return 2
    except (MemoryError, SystemError) as error:  # CPython may report exhausted memory as a SystemError
        limit = f" of {args.memory_limit} MiB" if guard_memory and args.memory_limit else ""
        what = "out of memory" if isinstance(error, MemoryError) else f"out of memory or an internal failure ({error})"
        sys.stderr.write(f"error: {what}: this needs more memory than the limit{limit} allows (raise --memory-limit)\n")
        return 2
    except BrokenPipeError:
        return 0

