"""The strongest setting against the default, game by game: how often it plays a close call out, what that costs,
and how often it changes the pick.

    .venv/bin/python benchmarks/strongest_bench.py [--games 60] [--seed 83] [--jobs 2] [--rollout-seconds 10]

Plays ``--games`` expert games (only the first cell safe, first click in the corner), each twice on the same layout:
with the default policy and with the strongest setting (``explainer.bot.rollouts.strongest_guess`` after every
guess).  Prints each changed pick, then the guesses, the close calls played out, the CPU they took, the picks
changed and the games each setting won.  (``bot_bench.py --strongest`` plays the same comparison in bulk, without
these counts.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from collections import Counter
from contextlib import nullcontext
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explainer.bot.guess import DEFAULT_POLICY, Guess, GuessReason  # noqa: E402
from explainer.bot.interface import FirstClick, PlayerTable  # noqa: E402
from explainer.bot.moves import play_game  # noqa: E402
from explainer.bot.rollouts import Strongest, strongest_guess  # noqa: E402
from explainer.bot.runs import game_seed  # noqa: E402
from explainer.core.board import Board  # noqa: E402

EXPERT = (16, 30, 99)
#: a settle call that took more CPU than this played a close call out (the others return at once)
PLAYED = 0.02


def _game(task: tuple[int, int, float]) -> tuple[Counter[str], list[str]]:
    seed, number, seconds = task
    counts: Counter[str] = Counter()
    changed: list[str] = []
    settings = Strongest(seconds=seconds)

    def settle(view: Board, guess: Guess) -> Guess:
        counts["guesses"] += 1
        started = time.process_time()
        chosen = strongest_guess(view, guess, DEFAULT_POLICY, settings)
        spent = time.process_time() - started
        if spent > PLAYED:
            counts["played"] += 1
            counts["played_ms"] += round(spent * 1000)
        if chosen.reason is GuessReason.ROLLOUT and chosen.rollout is not None:
            rollout = chosen.rollout
            counts["changed"] += 1
            changed.append(f"  game {number}: {chosen.cell.name} for {rollout.other.name}, {rollout.wins} against "
                           f"{rollout.other_wins} wins on {rollout.layouts} layouts")
        return chosen

    height, width, mines = EXPERT
    started = time.process_time()
    counts["default_won"] += play_game(PlayerTable.new(height, width, mines, game_seed(seed, number), FirstClick.SAFE)).won
    counts["default_ms"] += round((time.process_time() - started) * 1000)
    started = time.process_time()
    table = PlayerTable.new(height, width, mines, game_seed(seed, number), FirstClick.SAFE)
    counts["strongest_won"] += play_game(table, DEFAULT_POLICY, settle=settle).won
    counts["strongest_ms"] += round((time.process_time() - started) * 1000)
    return counts, changed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=83)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rollout-seconds", type=float, default=Strongest().seconds)
    args = parser.parse_args()
    total: Counter[str] = Counter()
    tasks = [(args.seed, number, args.rollout_seconds) for number in range(args.games)]
    with multiprocessing.Pool(args.jobs) if args.jobs > 1 else nullcontext() as pool:
        games = pool.imap(_game, tasks) if pool is not None else map(_game, tasks)
        for counts, changed in games:
            total.update(counts)
            for line in changed:
                print(line, flush=True)
    games = args.games
    played = total["played"]
    print(f"{games} expert games (seed {args.seed}): {total['guesses']} guesses after the first click, "
          f"{played} close calls played out ({played / max(1, total['guesses']):.0%}, {played / games:.2f} per game), "
          f"{total['played_ms'] / 1000 / max(1, played):.1f} s of CPU each; {total['changed']} picks changed")
    print(f"CPU per game: default {total['default_ms'] / games / 1000:.3f} s, strongest "
          f"{total['strongest_ms'] / games / 1000:.2f} s; won: default {total['default_won']}, "
          f"strongest {total['strongest_won']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
