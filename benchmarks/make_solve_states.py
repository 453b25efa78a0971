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

from explainer.core.constraints import build_constraints
from explainer.engine.count import analyze
from explainer.play.game import Game

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


def pathological(rng: random.Random) -> list[tuple[str, str]]:
    """Odd, large frontiers: checkerboard and striped reveals, many random clicks on big boards."""
    out = []
    for side, mines in ((30, 150), (60, 700)):
        game = Game.new(side, side, mines, seed=rng.randrange(2**32))
        game.open(0, 0)
        assert game.layout is not None  # laid by the first click
        game.revealed |= sum(1 << i for i in range(side * side) if sum(divmod(i, side)) % 2 == 0) & ~game.layout
        out.append((f"checker {side}x{side}/{mines}", str(game.view())))
    game = Game.new(40, 40, 300, seed=rng.randrange(2**32))
    game.open(0, 0)
    assert game.layout is not None  # laid by the first click
    game.revealed |= sum(1 << i for i in range(1600) if i % 40 % 3 == 0) & ~game.layout
    out.append(("stripes 40x40/300", str(game.view())))
    for side, density in ((50, 0.2), (100, 0.2), (200, 0.15)):
        game = Game.new(side, side, int(side * side * density), seed=rng.randrange(2**32))
        game.open(side // 2, side // 2)
        assert game.layout is not None  # laid by the first click
        for _ in range(side * side // 4):
            index = rng.randrange(side * side)
            if not game.layout >> index & 1 and game.state == "playing":
                game.open(*divmod(index, side))
        out.append((f"random clicks {side}x{side}", str(game.view())))
    return out


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
    for label, state in pathological(rng):
        print(json.dumps({"category": "pathological", "label": label, "board": state}))


if __name__ == "__main__":
    main()
