"""The bot's strength and speed against published solver results.

    .venv/bin/python benchmarks/bot_bench.py [--games 20000] [--jobs 2] [--first-click opening safe]
        [--presets beginner intermediate expert] [--seed 1] [--no-lookahead] [--out results.jsonl]
    .venv/bin/python benchmarks/bot_bench.py --ablation --presets expert --games 3000 --first-click safe
    .venv/bin/python benchmarks/bot_bench.py --variant floor=false --presets expert --games 20000 --first-click safe
    .venv/bin/python benchmarks/bot_bench.py --strongest --presets expert --games 400 --first-click safe

For every preset and first-click rule, plays ``--games`` games (game ``i``
has the layout seed ``seed * 2**32 + i``: any ``--jobs`` gives the same
games and results) and prints the win rate with its 95% Wilson interval, the
speed (games per second, and per job) and the guesses per game, next to the
targets.  Exit status 1 when a target is missed.

``--ablation`` plays the same games with each guessing variant (lowest risk
only; plus the endgame search; plus the lookahead) and prints the paired
differences: the games one variant won and the other lost.  ``--variant name=value ...`` plays the default
policy and the default with those fields changed (``benchmarks/variants.py``) on the same games, and prints the
same paired difference.  ``--strongest`` plays the default and the strongest setting (close calls played out,
``explainer.bot.rollouts.Strongest``, ``--rollout-seconds`` each at most) on the same games.

Rules.  ``opening``: the game's rule (``explainer.play.game.random_layout``): the
first cell and, when there is room, its 8 neighbours are mine-free, so the
first click opens an area.  ``safe``: only the first cell is mine-free, the
rule of the published results below.  The bot's first click is C3 (row 3,
column 3) under ``opening`` and the top-left corner A1 under ``safe``.

Published win rates, first click safe: 91.7% beginner (9x9/10), 78.1%
intermediate (16x16/40), 39.6% expert (30x16/99) for the best
probability-based solvers, 41.132% (+-0.03) on expert for the strongest known
solver (JSMinesweeper's Java solver, safe corner start).  Targets: 92%, 79%,
and more than 41.13% on expert; speed: 20 expert games per second per core.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explainer.bot.rollouts import Strongest  # noqa: E402
from explainer.bot.runs import RunConfig, RunSummary, run_games  # noqa: E402
from explainer.play.game import PRESETS  # noqa: E402
from explainer.bot.guess import GuessPolicy  # noqa: E402
from explainer.bot.interface import FirstClick  # noqa: E402
from variants import variant  # noqa: E402

TARGET_WIN_RATE = {"beginner": 0.92, "intermediate": 0.79, "expert": 0.4113}
PUBLISHED = {"beginner": 0.917, "intermediate": 0.781, "expert": 0.396}
TARGET_EXPERT_GAMES_PER_SECOND_PER_CORE = 20.0

#: each variant adds one part to the one before it (the paired differences are printed)
ABLATION = {
    "lowest risk": GuessPolicy(endgame_limit=0, lookahead=False, fifty_fifty=False, avoid_dead=False, whole=False),
    "+ endgame (300 placements)": GuessPolicy(endgame_limit=300, lookahead=False, fifty_fifty=False, avoid_dead=False, whole=False),
    "+ lookahead (linked numbers)": GuessPolicy(blend=0.0, endgame_limit=300, fifty_fifty=False, avoid_dead=False, whole=False),
    "+ 50/50 first": GuessPolicy(blend=0.0, endgame_limit=300, avoid_dead=False, whole=False),
    "+ dead cells last": GuessPolicy(blend=0.0, endgame_limit=300, whole=False),
    "+ whole-board lookahead": GuessPolicy(blend=0.0, endgame_limit=300),
    "+ endgame up to 1,000 placements": GuessPolicy(blend=0.0),
    "+ blended next safety (default)": GuessPolicy(),
    "+ 50/50 influence": GuessPolicy(influence=0.9),
}


def _line(preset: str, summary: RunSummary) -> str:
    low, high = summary.interval
    target = TARGET_WIN_RATE[preset]
    verdict = "meets" if summary.win_rate >= target and (preset != "expert" or summary.win_rate > target) else f"misses by {(target - summary.win_rate) * 100:.2f} points"
    return (
        f"{preset:12} {summary.config.first_click.value:7} {summary.games:6} games  "
        f"win {summary.win_rate:7.2%} (95% CI {low:.2%}-{high:.2%})  target {target:.1%}: {verdict}; "
        f"published {PUBLISHED[preset]:.1%}  |  {summary.games_per_second:6.1f} games/s "
        f"({summary.games_per_second / summary.jobs:.1f} per job)  {summary.guesses_per_game:.2f} guesses/game"
    )


def _progress(label: str) -> Callable[[int, int], None]:
    def report(done: int, wins: int) -> None:
        if done % 1000 == 0:
            print(f"  {label}: {done} games, {wins / done:.2%} won", file=sys.stderr, flush=True)

    return report


def benchmark(args: argparse.Namespace) -> int:
    policy = GuessPolicy(lookahead=not args.no_lookahead)
    missed = False
    out = open(args.out, "a", encoding="utf-8") if args.out else None
    try:
        for rule in args.first_click:
            for preset in args.presets:
                config = RunConfig(*PRESETS[preset], FirstClick(rule), policy)
                summary = run_games(config, args.games, args.seed, args.jobs, _progress(f"{preset}/{rule}"))
                print(_line(preset, summary), flush=True)
                if out:
                    out.write(json.dumps({"preset": preset, **summary.to_json()}) + "\n")
                    out.flush()
                if summary.win_rate < TARGET_WIN_RATE[preset] or (preset == "expert" and summary.win_rate <= TARGET_WIN_RATE[preset]):
                    missed = True
                if preset == "expert":
                    per_job = summary.games_per_second / summary.jobs
                    if per_job < TARGET_EXPERT_GAMES_PER_SECOND_PER_CORE:
                        print(f"  speed target missed: {per_job:.1f} < 20 expert games/s per job", flush=True)
                        missed = True
    finally:
        if out:
            out.close()
    return 1 if missed else 0


def ablation(args: argparse.Namespace) -> int:
    chain = {"default": GuessPolicy(), " ".join(args.variant): variant(args.variant)} if args.variant else ABLATION
    if args.strongest:
        chain = {"default": GuessPolicy(), "strongest": GuessPolicy()}
    for rule in args.first_click:
        for preset in args.presets:
            base = RunConfig(*PRESETS[preset], FirstClick(rule))
            results: dict[str, RunSummary] = {}
            for name, policy in chain.items():
                strongest = Strongest(seconds=args.rollout_seconds) if name == "strongest" else None
                summary = run_games(replace(base, policy=policy, strongest=strongest), args.games, args.seed, args.jobs)
                results[name] = summary
                print(_line(preset, summary) + f"  [{name}]", flush=True)
            names = list(results)
            for before, after in zip(names, names[1:]):
                a, b = results[before].outcomes, results[after].outcomes
                gained = sum(1 for x, y in zip(a, b) if y and not x)
                lost = sum(1 for x, y in zip(a, b) if x and not y)
                z = (gained - lost) / math.sqrt(gained + lost) if gained + lost else 0.0
                print(
                    f"  {after!r} vs {before!r}: {(gained - lost) / args.games * 100:+.2f} points "
                    f"({gained} games won only with it, {lost} only without; sign test z = {z:.2f})",
                    flush=True,
                )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", nargs="+", choices=sorted(PRESETS), default=["beginner", "intermediate", "expert"])
    parser.add_argument("--first-click", nargs="+", choices=[rule.value for rule in FirstClick], default=["opening", "safe"])
    parser.add_argument("--no-lookahead", action="store_true", help="guess the safest cell, without the lookahead")
    parser.add_argument("--ablation", action="store_true", help="compare the guessing variants on the same games")
    parser.add_argument("--variant", nargs="+", default=[], metavar="NAME=VALUE",
                        help="compare the default policy with these fields changed on the same games")
    parser.add_argument("--strongest", action="store_true",
                        help="compare the default with the strongest setting (close calls played out) on the same games")
    parser.add_argument("--rollout-seconds", type=float, default=Strongest().seconds,
                        help="with --strongest: CPU seconds a close call may take at most")
    parser.add_argument("--out", help="append one JSON line per run to this file")
    args = parser.parse_args()
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1")
    try:
        variant(args.variant)
    except ValueError as error:
        parser.error(str(error))
    return ablation(args) if args.ablation or args.variant or args.strongest else benchmark(args)


if __name__ == "__main__":
    raise SystemExit(main())
