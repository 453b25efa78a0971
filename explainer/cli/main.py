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

Each command lives in its own module (``solve`` and ``hint``: ``explainer.cli.solve``; ``generate``, ``bot``,
``practice``, ``review``, ``convert``, ``grade``, ``play``), imported here to register it; what the commands share (``CliError``, the argument
types) is in ``explainer.cli.args``, so no command module imports this one.
Every ``EngineError`` a command lets through is reported as ``error: ...``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from explainer.cli import bot as cli_bot
from explainer.cli import generate as cli_generate
from explainer.cli import play as cli_play
from explainer.cli import practice as cli_practice
from explainer.cli import review as cli_review
from explainer.cli import solve as cli_solve
from explainer.cli import convert as cli_convert
from explainer.cli import grade as cli_grade
from explainer.cli.args import AddCommand, CliError, Handler, Subcommands, language, limit_number, whole_number
from explainer.cli.solve import MAX_JSON_DEPTH
from explainer.errors import EngineError
from explainer.words.i18n import DEFAULT_LANGUAGE

__all__ = ["main", "CliError", "whole_number", "DEFAULT_MEMORY_MIB", "MAX_JSON_DEPTH"]

#: the address-space cap of a ``python -m explainer`` process, in MiB (``--memory-limit``)
DEFAULT_MEMORY_MIB = 2048


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

    for register in _MORE_COMMANDS:
        register(commands, add)
    return parser


#: the commands, each in its own module, in the order ``--help`` lists them
_MORE_COMMANDS: tuple[Callable[[Subcommands, AddCommand], None], ...] = (
    cli_solve.register,
    cli_generate.register,
    cli_bot.register,
    cli_practice.register,
    cli_review.register,
    cli_convert.register,
    cli_grade.register,
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

