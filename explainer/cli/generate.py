"""``python -m explainer generate``: a no-guess board from the command line.

Registered by ``explainer.cli.main`` (``register``).  Prints
the layout as JSON (``--json``: ``mines`` as ``[r, c]`` pairs, ``first``,
the rules the solution used, the seed) or as text: the solved board with
``*`` for mines and ``@`` for the first click, then the rules used.
"""

from __future__ import annotations

import argparse
import json
import random
from typing import TextIO

from explainer.core.cells import parse_cell_name
from explainer.cli.args import AddCommand, CliError, Subcommands, whole_number
from explainer.play.simulated_player import DEPTHS
from explainer.play.game import PRESETS
from explainer.play.generate import DEFAULT_MAX_RULE, REQUIRABLE, GenerationError, generate

__all__ = ["register", "cmd_generate", "parse_first"]


def parse_first(value: str) -> tuple[int, int]:
    """``'4,7'`` (0-based row, column) or a cell name like ``'H5'``."""
    text = value.strip()
    if "," in text:
        parts = [part.strip() for part in text.split(",")]
        if len(parts) == 2 and all(part.isdigit() for part in parts):
            return int(parts[0]), int(parts[1])
    else:
        try:
            row, col = parse_cell_name(text)
            return row, col
        except ValueError:
            pass
    raise argparse.ArgumentTypeError(f"expected the first click as ROW,COL (0-based) or a cell name like E5, got {value!r}")


def _cells(count: int) -> str:
    return f"{count} cell" if count == 1 else f"{count} cells"


def cmd_generate(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    preset: tuple[int | None, ...] = PRESETS[args.preset] if args.preset else (None, None, None)
    given = (args.height, args.width, args.mines)
    height, width, mines = (value if value is not None else default for value, default in zip(given, preset))
    missing = [name for name, value in (("--width", width), ("--height", height), ("--mines", mines)) if value is None]
    if height is None or width is None or mines is None:
        raise CliError(f"give {', '.join(missing)} (or --preset {'|'.join(PRESETS)})")
    first = args.first if args.first is not None else (height // 2, width // 2)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**63)
    try:
        board = generate(
            height, width, mines, first, seed=seed, max_rule=args.max_rule, require_rule=args.require_rule
        )
    except GenerationError as error:
        raise CliError(str(error)) from None
    if args.json:
        out.write(json.dumps({**board.to_json(), "seed": seed}) + "\n")
        return 0
    out.write(
        f"{width} x {height}, {mines} mines, first click {board.first.name} "
        f"(row {board.first.row}, column {board.first.col}), rules up to {board.max_rule}, seed {seed}\n"
    )
    out.write(board.text())
    used = ", ".join(f"{rule} ({_cells(board.cells_by_rule.get(str(rule), 0))})" for rule in board.rules)
    out.write(f"rules used: {used or 'none (the first click opens the whole board)'}\n")
    return 0


def register(commands: Subcommands, add: AddCommand) -> None:
    parser = add("generate", cmd_generate, "A no-guess board: solvable from the first click by deduction alone.")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="beginner, intermediate or expert size and mines")
    parser.add_argument("--width", type=whole_number("--width"), help="columns")
    parser.add_argument("--height", type=whole_number("--height"), help="rows")
    parser.add_argument("--mines", type=whole_number("--mines"), help="number of mines")
    parser.add_argument("--first", type=parse_first, help="the first click: ROW,COL (0-based) or a cell name (default: the centre)")
    parser.add_argument("--seed", type=whole_number("--seed"), help="seed for a reproducible board (default: random, printed)")
    parser.add_argument(
        "--max-rule",
        choices=[str(rule) for rule in DEPTHS],
        default=str(DEFAULT_MAX_RULE),
        help="the deepest reasoning the board may need (default: enumeration)",
    )
    parser.add_argument(
        "--require-rule",
        choices=[str(rule) for rule in REQUIRABLE],
        help="make the board need this rule at least once",
    )
    parser.add_argument("--json", action="store_true", help="print the board as JSON")
