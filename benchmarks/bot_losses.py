"""Where the bot loses: the fatal guess of each lost game, by kind.

    .venv/bin/python benchmarks/bot_losses.py [--preset expert] [--games 1500] [--seed 61] [--first-click safe]

Plays ``--games`` games (the same layouts as ``bot_bench.py`` with the same seed) with the default policy and
sorts every guess after the first click, and the last guess of each lost game, into one kind: looking for an
opening (a cell next to no number, outside the endgame and the steps below), an endgame guess at a risk of 45-55%
or at another risk, a region cut off from the rest, a true 50/50, or a cell next to a number.  Prints, per kind,
the lost games it ended (count and share of the losses) and how many such guesses the games made.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from explainer.bot.certainty import PlayerKnowledge  # noqa: E402
from explainer.bot.guess import DEFAULT_POLICY, Guess, GuessReason  # noqa: E402
from explainer.bot.interface import FirstClick, PlayerTable  # noqa: E402
from explainer.bot.moves import play_game  # noqa: E402
from explainer.bot.runs import game_seed  # noqa: E402
from explainer.play.game import PRESETS  # noqa: E402

KINDS = ("looking for an opening", "endgame, risk 45-55%", "endgame, other risks", "a region cut off", "true 50/50",
         "next to a number")


def kind(guess: Guess, near_numbers: bool) -> str:
    if guess.reason is GuessReason.ENDGAME:
        return KINDS[1] if 0.45 <= guess.probability < 0.55 else KINDS[2]
    if guess.reason is GuessReason.ISOLATED:
        return KINDS[3]
    if guess.reason is GuessReason.FIFTY_FIFTY:
        return KINDS[4]
    return KINDS[5] if near_numbers else KINDS[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", choices=sorted(PRESETS), default="expert")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=61)
    parser.add_argument("--first-click", choices=[rule.value for rule in FirstClick], default=FirstClick.SAFE.value)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, got {args.games}")
    height, width, mines = PRESETS[args.preset]
    fatal: Counter[str] = Counter()
    made: Counter[str] = Counter()
    wins = 0
    for number in range(args.games):
        table = PlayerTable.new(height, width, mines, game_seed(args.seed, number), FirstClick(args.first_click))
        frontiers: list[int] = []

        def seen(_table: PlayerTable, knowledge: PlayerKnowledge) -> None:
            frontiers.append(knowledge.frontier)

        result = play_game(table, DEFAULT_POLICY, keep_log=True, before_guess=seen)
        wins += result.won
        guesses = result.guess_log[1:]  # the first click is not a guess here
        for position, (guess, frontier) in enumerate(zip(guesses, frontiers)):
            name = kind(guess, bool(frontier >> (guess.cell.row * width + guess.cell.col) & 1))
            made[name] += 1
            if not result.won and position == len(guesses) - 1:
                fatal[name] += 1
    lost = args.games - wins
    print(f"{args.preset}, first click {args.first_click}, seed {args.seed}: {args.games} games, {wins} won "
          f"({wins / args.games:.2%}), {lost} lost")
    print(f"{'the fatal guess':<26}{'lost':>6}{'share':>8}{'guesses':>9}")
    for name in KINDS:
        share = fatal[name] / lost if lost else 0.0
        print(f"{name:<26}{fatal[name]:>6}{share:>8.1%}{made[name]:>9}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
