"""The CPU time of a whole game's review (``explainer.review.review``) on expert games played to the
end (every provable safe cell opened, a lucky safe guess when nothing is certain), for paired runs of two
versions of the code: give the checkout to import from.

    .venv/bin/python benchmarks/review_bench.py [CHECKOUT]     # default: this one
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from explainer.engine.hint import make_hint  # noqa: E402
from explainer.play.game import Game  # noqa: E402
from explainer.play.moves import open_cell  # noqa: E402
from explainer.review import review  # noqa: E402


SEEDS = tuple(range(3, 13))


def played(seed: int) -> Game:
    rng = random.Random(seed)
    game = Game.new(16, 30, 99, seed=seed)
    open_cell(game, 7, 14)
    while game.state == "playing":
        view = game.view()
        hint = make_hint(view)
        if hint.deduction is not None and hint.deduction.safe:
            open_cell(game, *next(iter(hint.deduction.safe)))
        else:
            layout = game.layout or 0
            safe = [i for i in range(game.size) if not layout >> i & 1 and view.cells[i] == -1]
            open_cell(game, *divmod(rng.choice(safe), game.width))
    return game


def main() -> None:
    times = []
    for seed in SEEDS:
        game = played(seed)
        start = time.process_time()
        review(game)
        times.append(time.process_time() - start)
    times.sort()
    print(
        f"{ROOT}: review CPU s per expert game, {len(times)} games (seeds {SEEDS[0]}-{SEEDS[-1]}): "
        f"median {statistics.median(times):.3f}, max {times[-1]:.3f}"
    )


if __name__ == "__main__":
    main()
