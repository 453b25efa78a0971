"""``python -m explainer bot``: the bot plays many games and reports its strength.

    python -m explainer bot --preset expert --games 1000 --seed 1 --jobs 2 [--json]

Prints the wins, the win rate with a 95% confidence interval (Wilson), the
speed in games per second and the average number of guesses per game (the
first click included).  A progress bar goes to standard error.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TextIO

from explainer.cli.args import AddCommand, CliError, Subcommands, seconds_number, whole_number
from explainer.play.game import PRESETS, GameError
from explainer.bot.guess import GuessPolicy
from explainer.bot.rollouts import Strongest
from explainer.bot.runs import RunConfig, RunSummary, run_games
from explainer.bot.interface import FirstClick

__all__ = ["register", "cmd_bot"]

_RULES = {
    FirstClick.OPENING: "the first cell and its neighbours are safe",
    FirstClick.SAFE: "only the first cell is safe",
}


def register(commands: Subcommands, add: AddCommand) -> None:
    parser = add("bot", cmd_bot, "The bot plays whole games; prints its win rate, speed and guesses per game.")
    parser.add_argument("--preset", choices=sorted(PRESETS), help="board size and mines (default: beginner)")
    parser.add_argument("--height", type=whole_number("--height", 1), help="rows (overrides the preset)")
    parser.add_argument("--width", type=whole_number("--width", 1), help="columns (overrides the preset)")
    parser.add_argument("--mines", type=whole_number("--mines", 1), help="mines (overrides the preset)")
    parser.add_argument("--games", type=whole_number("--games", 1), default=100, help="games to play (default: 100)")
    parser.add_argument("--seed", type=whole_number("--seed", 0), default=0, help="seed of the first game's layout (default: 0)")
    parser.add_argument("--jobs", type=whole_number("--jobs", 1), default=1, help="worker processes (default: 1)")
    parser.add_argument(
        "--first-click",
        choices=[rule.value for rule in FirstClick],
        default=FirstClick.OPENING.value,
        help="opening: the first cell and its neighbours are safe (the game's rule, default); safe: only the first cell",
    )
    parser.add_argument(
        "--endgame-limit",
        type=whole_number("--endgame-limit", 0),
        default=GuessPolicy().endgame_limit,
        help="play out every placement when at most this many are left (0: never; default: %(default)s)",
    )
    parser.add_argument(
        "--no-lookahead", action="store_true", help="guess the safest cell, without the one-step lookahead (weaker on expert)"
    )
    parser.add_argument(
        "--strongest", action="store_true",
        help="at close calls, play the candidates out on layouts that fit the view (far slower: seconds per game)",
    )
    parser.add_argument(
        "--rollout-seconds", type=seconds_number("--rollout-seconds"), default=Strongest().seconds,
        help="with --strongest: CPU seconds a close call may take at most (default: %(default)s)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def _config(args: argparse.Namespace) -> RunConfig:
    height, width, mines = PRESETS[args.preset or "beginner"]
    height = args.height if args.height is not None else height
    width = args.width if args.width is not None else width
    mines = args.mines if args.mines is not None else mines
    policy = GuessPolicy(endgame_limit=args.endgame_limit, lookahead=not args.no_lookahead)
    strongest = Strongest(seconds=args.rollout_seconds) if args.strongest else None
    try:
        return RunConfig(height, width, mines, FirstClick(args.first_click), policy, strongest)
    except GameError as error:
        raise CliError(str(error)) from None


class _ProgressBar:
    """A one-line progress bar on a terminal stream, redrawn at most ten times a second."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.started = time.perf_counter()
        self.drawn = 0.0
        self.terminal = stream.isatty()
        self.tenths = 0

    def __call__(self, done: int, wins: int) -> None:
        now = time.perf_counter()
        if self.terminal:
            if done < self.total and now - self.drawn < 0.1:
                return
        else:  # a log file: one line per tenth of the games
            tenths = 10 * done // self.total
            if tenths == self.tenths:
                return
            self.tenths = tenths
        self.drawn = now
        filled = self.WIDTH * done // self.total
        rate = done / (now - self.started) if now > self.started else 0.0
        start = "\r" if self.terminal else ""
        self.stream.write(
            f"{start}[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total} games, "
            f"{wins} won ({wins / done:.1%}), {rate:.1f} games/s"
        )
        if done == self.total or not self.terminal:
            self.stream.write("\n")
        self.stream.flush()


def _policy_line(policy: GuessPolicy, strongest: Strongest | None = None) -> str:
    endgame = f"endgame search up to {policy.endgame_limit} placements" if policy.endgame_limit else "no endgame search"
    lookahead = f"lookahead within {policy.margin:g} of the lowest risk" if policy.lookahead else "no lookahead"
    line = f"guessing: {endgame}, {lookahead}"
    if strongest is not None:
        line += (f"; close calls played out on up to {strongest.layouts} layouts "
                 f"(at most {strongest.seconds:g} s of CPU each)")
    return line


def format_summary(summary: RunSummary) -> str:
    config = summary.config
    low, high = summary.interval
    per_job = summary.games_per_second / summary.jobs
    lines = [
        f"board: {config.width} x {config.height}, {config.mines} mines; "
        f"first click: {config.first_click.value} ({_RULES[config.first_click]}); seed {summary.seed}",
        _policy_line(config.policy, config.strongest),
        f"games: {summary.games}  wins: {summary.wins}",
        f"win rate: {summary.win_rate:.2%} (95% confidence interval {low:.2%} to {high:.2%})",
        f"speed: {summary.games_per_second:.1f} games/s with {summary.jobs} job{'s' if summary.jobs > 1 else ''}"
        f" ({per_job:.1f} per job), {summary.seconds:.1f} s",
        f"guesses per game: {summary.guesses_per_game:.2f} (the first click included)",
    ]
    return "\n".join(lines) + "\n"


def cmd_bot(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    config = _config(args)
    jobs = min(args.jobs, os.cpu_count() or 1, args.games)
    progress = None if args.no_progress else _ProgressBar(args.games, sys.stderr)
    summary = run_games(config, args.games, args.seed, jobs, progress)
    if args.json:
        out.write(json.dumps(summary.to_json()) + "\n")
    else:
        out.write(format_summary(summary))
    return 0
