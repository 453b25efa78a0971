"""``python -m explainer practice``: a practice board for one lesson's pattern.

Registered by ``explainer.cli.main`` (``register``).  Prints
the board in the project's text format, after a ``#`` comment line naming the
pattern and the seed (comments are part of the format, so the output parses
as a board); ``--answer`` adds the step, explained, as more comment lines.
``--json`` prints ``Puzzle.to_json`` (with ``answer`` and ``hint`` when
``--answer`` is given).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import TextIO

from explainer.cli.args import AddCommand, CliError, Subcommands, whole_number
from explainer.engine.hint import make_hint
from explainer.learn.lessons import PATTERN_IDS, get_pattern
from explainer.words.lessons import lesson_text, puzzle_json
from explainer.learn.practice import PracticeError, make_puzzle
from explainer.words.hints import hint_text

__all__ = ["register", "cmd_practice"]


def _pattern_id(value: str) -> str:
    text = value.strip().lower()
    if text not in PATTERN_IDS:
        raise argparse.ArgumentTypeError(f"unknown pattern {value!r}; choose one of: {', '.join(PATTERN_IDS)}")
    return text


def cmd_practice(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    if args.list:
        for pattern_id in PATTERN_IDS:
            out.write(f"{pattern_id}\t{lesson_text(pattern_id, args.lang).name}\n")
        return 0
    if args.pattern is None:
        raise CliError(f"give --pattern ID (one of: {', '.join(PATTERN_IDS)}), or --list")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    try:
        puzzle = make_puzzle(args.pattern, seed)
    except PracticeError as error:
        raise CliError(str(error)) from None
    if args.json:
        out.write(json.dumps(puzzle_json(puzzle, args.lang, answer=args.answer), ensure_ascii=False) + "\n")
        return 0
    name = lesson_text(get_pattern(puzzle.pattern), args.lang).name
    out.write(f"# practice {puzzle.pattern} ({name}), seed {seed}\n")
    out.write(str(puzzle.board))
    if args.answer:
        for line in hint_text(make_hint(puzzle.board), args.lang).splitlines():
            out.write(f"# {line}\n")
    return 0


def register(commands: Subcommands, add: AddCommand) -> None:
    parser = add("practice", cmd_practice, "A practice board whose simplest step is one lesson's pattern.")
    parser.add_argument("--pattern", type=_pattern_id, help=f"the pattern: {', '.join(PATTERN_IDS)}")
    parser.add_argument("--seed", type=whole_number("--seed"), help="seed for a reproducible board (default: random, printed)")
    parser.add_argument("--json", action="store_true", help="print the puzzle as JSON")
    parser.add_argument("--answer", action="store_true", help="also print the step it teaches, explained")
    parser.add_argument("--list", action="store_true", help="list the pattern ids and lesson names, easiest first")
