"""What every command of the command line shares: its error and the argument types.

The command modules (``main``, ``generate``, ``bot``, ``practice``) import
these from here; none of them imports ``explainer.cli.main`` back, which
imports the others at the top to register their commands.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO, TypeAlias

from explainer.errors import CliError
from explainer.formats import MAX_BYTES
from explainer.words.i18n import LANGUAGES, normalize_language

__all__ = ["CliError", "Handler", "AddCommand", "Subcommands", "whole_number", "seconds_number", "limit_number", "language", "read_board_bytes"]

#: a command: its parsed arguments, standard input and output -> the exit status
Handler: TypeAlias = Callable[[argparse.Namespace, TextIO, TextIO], int]
#: ``add(name, handler, help)``: a command's parser, with the options every command takes
AddCommand: TypeAlias = Callable[[str, Handler, str], argparse.ArgumentParser]
#: the parser's commands (argparse's class is generic to the type checker only, hence the string)
Subcommands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


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


def seconds_number(name: str, most: float = 3600.0) -> Callable[[str], float]:
    """An argparse type: seconds above 0 and at most ``most``, with an error that quotes the value."""

    def parse(value: str) -> float:
        try:
            number = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number of seconds, got {value!r}") from None
        if not 0 < number <= most:
            raise argparse.ArgumentTypeError(f"{name} must be above 0 and at most {most:g}, got {value!r}")
        return number

    return parse


def limit_number(name: str, kind: type) -> Callable[[str], float | int | None]:
    """An argparse type: a limit >= 0, where 0 means no limit (None)."""

    def parse(value: str) -> float | int | None:
        try:
            number = kind(value)
        except ValueError:
            what = "a number of seconds" if kind is float else "a whole number"
            raise argparse.ArgumentTypeError(f"{name} must be {what} (0 for no limit), got {value!r}") from None
        if not number >= 0 or number == float("inf"):
            raise argparse.ArgumentTypeError(f"{name} must be at least 0 (0 for no limit), got {value!r}")
        return number or None

    return parse


def language(value: str) -> str:
    """An argparse type: a catalog language (``--lang``), as ``normalize_language`` names it."""
    normalized = normalize_language(value)
    if normalized is None:
        raise argparse.ArgumentTypeError(
            f"unknown language {value!r}; choose one of: {', '.join(sorted(LANGUAGES))}"
        )
    return normalized


def read_board_bytes(path: str, stdin: TextIO | None = None) -> bytes:
    """A board file's bytes (``-``: standard input), at most ``MAX_BYTES``; ``CliError`` quoting the path."""
    if path == "-" and stdin is not None:
        buffer = getattr(stdin, "buffer", None)
        data = buffer.read(MAX_BYTES + 1) if buffer is not None else stdin.read(MAX_BYTES + 1).encode("utf-8")
    else:
        try:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
        except OSError as error:
            raise CliError(f"{path}: {error.strerror or error}") from None
    if len(data) > MAX_BYTES:
        raise CliError(f"{'standard input' if path == '-' else path}: larger than {MAX_BYTES} bytes, the limit for a board file")
    return data
