"""Make the fixed set of realistic mid-game states used by ``solve_bench.py``.

A simulated player plays real games: every certain cell is opened or flagged
(from the engine's exact analysis of the player view), and when nothing is
certain the player opens the safest cell (lowest exact probability), losing if
it is a mine.  Views are sampled along the way.  Deterministic from the seed.

    .venv/bin/python benchmarks/make_solve_states.py > benchmarks/solve_states.jsonl
"""

from __future__ import annotations

import json
import random
import sys

from explainer.constraints import build_constraints
from explainer.enumeration import analyze
from explainer.game import Game

CATEGORIES = {
    # name: (height, width, mines, states wanted)
    "beginner": (9, 9, 10, 100),
    "intermediate": (16, 16, 40, 100),
    "expert": (16, 30, 99, 150),
    "dense": (16, 30, 130, 100),
}


def play(game: Game, rng: random.Random, sample_rate: float) -> list[str]:
    game.open(rng.randrange(game.height), rng.randrange(game.width))
    states = []
    while game.state == "playing":
        view = game.view()
        if rng.random() < sample_rate:
            states.append(str(view))
        constraints = build_constraints(view)
        analysis = analyze([(c.cells, c.count) for c in constraints], view.covered_mask, view.mines)
        safe = analysis.safe & ~game.revealed
        mines = analysis.mines & ~game.flagged
        for index in range(game.size):
            if mines >> index & 1:
                game.toggle_flag(*divmod(index, game.width))
        if safe:
            for index in range(game.size):
                if safe >> index & 1 and game.state == "playing":
                    game.open(*divmod(index, game.width))
            continue
        probabilities = analysis.probabilities()
        candidates = [i for i in probabilities if not (game.flagged >> i & 1)]
        best = min(probabilities[i] for i in candidates)
        choice = rng.choice([i for i in candidates if probabilities[i] <= best + 1e-12])
        game.open(*divmod(choice, game.width))
    return states


def main() -> None:
    rng = random.Random(20261122)
    for name, (height, width, mines, wanted) in CATEGORIES.items():
        got = 0
        while got < wanted:
            game = Game.new(height, width, mines, seed=rng.randrange(2**32))
            for state in play(game, rng, sample_rate=0.2):
                if got < wanted:
                    print(json.dumps({"category": name, "board": state}))
                    got += 1
        print(f"{name}: {got}", file=sys.stderr)


if __name__ == "__main__":
    main()
