"""Decisions measured one by one: at the bot's guesses, its pick against a rival, played out on the same layouts.

    cd benchmarks && ../.venv/bin/python decision_bench.py [--games 30] [--layouts 300] [--seed 1] [--rival second]
    cd benchmarks && ../.venv/bin/python decision_bench.py --variant floor=false [--jobs 2]

Plays ``--games`` expert games (30 x 16, 99 mines, only the first cell safe, first click in the corner: the
published rule) with the default policy; at every guess after the first click (while the game has more than 1,000
placements left: the endgame search is exact already) it draws ``--layouts`` mine layouts that fit the view, each
as likely as the view makes it (``explainer.bot.rollouts.sample_layouts``), and plays the policy's pick and a rival
on each (``compare``), then goes on with the game.  The rival: ``second``, the next cell in the pick's
alternatives (the next safest); ``corner``, the safest corner or edge cell away from the numbers; with
``--variant name=value ...``, the pick of the default policy with those fields changed (``benchmarks/variants.py``),
at the decisions where it differs (the play-outs after it use the default policy either way: the decision alone is
measured).  ``--jobs`` plays the games in that many processes (game ``i`` is the same with any number of jobs).

Prints each decision (the pick, the rival, their win rates on the same layouts and the difference's 95% interval),
then over all decisions the mean difference with its 95% interval (each decision weighs the same), how many
decisions favour either side beyond their interval, and the play-outs per CPU second.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import platform
import random
import statistics
import sys
import time
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explainer.bot.certainty import PlayerKnowledge  # noqa: E402
from explainer.bot.guess import DEFAULT_POLICY, Guess  # noqa: E402
from explainer.bot.interface import FirstClick, PlayerTable  # noqa: E402
from explainer.bot.moves import play_game, policy_guess  # noqa: E402
from explainer.bot.rollouts import Z95, Comparison, compare, sample_layouts  # noqa: E402
from explainer.bot.runs import game_seed  # noqa: E402
from explainer.core.board import Board  # noqa: E402
from explainer.core.cells import Cell  # noqa: E402
from explainer.engine.count import analyze  # noqa: E402
from variants import variant  # noqa: E402

EXPERT = (16, 30, 99)
#: a view with at most this many placements is the endgame search's: exact, nothing to measure
ENDGAME = 1000


def _rival(view: Board, pick: Guess, kind: str) -> Cell | None:
    if kind == "second":
        return next((cell for cell, _risk in pick.alternatives if cell != pick.cell), None)
    knowledge = PlayerKnowledge.from_board(view)
    knowledge.propagate()
    frontier = 0
    for cells, _count in knowledge.constraints():
        frontier |= cells
    far = knowledge.unknown & ~frontier
    corners = [Cell(r, c) for r in (0, view.height - 1) for c in (0, view.width - 1)
               if far >> (r * view.width + c) & 1]
    return corners[0] if corners and corners[0] != pick.cell else None


def _game(task: tuple[int, int, int, str, list[str]]) -> tuple[list[tuple[str, Comparison]], int, float]:
    """One game's decisions measured (each game draws its layouts from its own seed: any ``--jobs`` gives the
    same figures), the guesses it made outside the endgame search, and the CPU seconds it took."""
    seed, number, layouts, kind, settings = task
    started = time.process_time()
    height, width, mines = EXPERT
    rng = random.Random(game_seed(seed, number))
    rival_policy = variant(settings) if settings else None
    found: list[tuple[str, Comparison]] = []
    guesses = 0

    def measure(table: PlayerTable, knowledge: PlayerKnowledge) -> None:
        nonlocal guesses
        view = table.view()
        analysis = analyze(knowledge.constraints(), knowledge.unknown, knowledge.mines_left)
        if analysis.total <= ENDGAME:
            return
        guesses += 1
        pick = policy_guess(view, DEFAULT_POLICY)
        if rival_policy is not None:
            other = policy_guess(view, rival_policy)
            rival: Cell | None = other.cell if other.cell != pick.cell else None
        else:
            rival = _rival(view, pick, kind)
        if rival is None:
            return
        result = compare(view, pick.cell, rival, sample_layouts(view, layouts, rng))
        low, high = result.interval
        found.append((
            f"  {pick.cell.name:>4} ({pick.reason}) {result.first_wins / result.layouts:6.1%}  vs {rival.name:>4} "
            f"{result.second_wins / result.layouts:6.1%}  difference {result.difference:+.3f} [{low:+.3f}, {high:+.3f}]",
            result,
        ))

    table = PlayerTable.new(height, width, mines, game_seed(seed, number), FirstClick.SAFE)
    play_game(table, DEFAULT_POLICY, before_guess=measure)
    return found, guesses, time.process_time() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--layouts", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rival", choices=("second", "corner"), default="second")
    parser.add_argument("--variant", nargs="+", default=[], metavar="NAME=VALUE",
                        help="the rival is this policy's pick (the default policy with these fields changed)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    try:
        variant(args.variant)
    except ValueError as error:
        parser.error(str(error))
    rival = " ".join(args.variant) if args.variant else args.rival
    print(f"python {platform.python_version()} on {platform.machine()}: {args.games} expert games (seed {args.seed}), "
          f"{args.layouts} layouts a decision, rival {rival}")
    tasks = [(args.seed, number, args.layouts, args.rival, args.variant) for number in range(args.games)]
    results: list[Comparison] = []
    seconds = 0.0
    guesses = 0
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        games = pool.imap(_game, tasks) if pool is not None else map(_game, tasks)
        for found, made, cpu in games:
            seconds += cpu
            guesses += made
            for line, result in found:
                print(line, flush=True)
                results.append(result)
    print(f"{guesses} guesses outside the endgame search; {len(results)} of them measured")
    if not results:
        print("no decision measured")
        return 1
    playouts = 2 * sum(result.layouts for result in results)
    differences = [result.difference for result in results]
    mean = statistics.fmean(differences)
    half = Z95 * statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else float("nan")
    better = sum(result.interval[0] > 0 for result in results)
    worse = sum(result.interval[1] < 0 for result in results)
    print(f"{len(results)} decisions: pick less rival {mean:+.4f} on average (95% CI {mean - half:+.4f} to "
          f"{mean + half:+.4f}); the pick better beyond its interval in {better}, the rival in {worse}")
    print(f"{playouts} play-outs in {seconds:.0f} s of CPU (the games' own moves included): "
          f"{playouts / seconds:.1f} per second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
