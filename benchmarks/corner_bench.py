"""Benchmark the mines in the corners of no-guess boards: are they where a uniform layout puts them?

    .venv/bin/python benchmarks/corner_bench.py [--boards N] [--seed S]

For expert boards (30 x 16, 99 mines) made by the no-guess generator (``explainer.play.generate``) with each rule
limit (``pair``, ``enumeration``) and first click (the centre, a random cell), counts how often each of the four
corner cells holds a mine, against the uniform rate (99 mines over the cells outside the first click's area) and, as
the unbiased reference, boards drawn by rejection: uniform random layouts kept only when the same simulated player
solves them from the same first click without a guess (every no-guess layout equally likely).  Prints the rate, its
distance from the uniform rate in standard errors (z) and the CPU time per board.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from explainer.play.generate import first_area, generate
from explainer.engine.rules import parse_rule, tiers_up_to
from explainer.play.grade import grade_layout

HEIGHT, WIDTH, MINES = 16, 30, 99
CORNERS = (0, WIDTH - 1, (HEIGHT - 1) * WIDTH, HEIGHT * WIDTH - 1)


def _first(rng: random.Random, where: str) -> int:
    if where == "centre":
        return (HEIGHT // 2) * WIDTH + WIDTH // 2
    while True:  # a random first click whose area leaves the corners free to hold a mine
        index = rng.randrange(HEIGHT * WIDTH)
        if not first_area(HEIGHT, WIDTH, index) & sum(1 << corner for corner in CORNERS):
            return index


def _rejection(rng: random.Random, first: int, max_rule: str) -> int:
    free = [i for i in range(HEIGHT * WIDTH) if not first_area(HEIGHT, WIDTH, first) >> i & 1]
    allowed = set(tiers_up_to(parse_rule(max_rule)))
    while True:
        layout = sum(1 << i for i in rng.sample(free, MINES))
        grade = grade_layout(HEIGHT, WIDTH, layout, first)
        if grade.guesses == 0 and set(grade.rounds) <= allowed:
            return layout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=300, help="boards per setting (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"expert ({WIDTH} x {HEIGHT}, {MINES} mines), {args.boards} boards per row, 4 corners each")
    print(f"{'sampler':<10} {'rule':<12} {'first':<7} {'corner rate':>11} {'uniform':>8} {'z':>6} {'ms/board':>9}")
    for max_rule in ("pair", "enumeration"):
        for where in ("centre", "random"):
            for sampler in ("generator", "rejection"):
                rng = random.Random(args.seed)
                hits = 0
                expected = 0.0
                started = time.process_time()
                for _ in range(args.boards):
                    first = _first(rng, where)
                    free = HEIGHT * WIDTH - first_area(HEIGHT, WIDTH, first).bit_count()
                    expected += MINES / free
                    if sampler == "generator":
                        row, col = divmod(first, WIDTH)
                        layout = generate(HEIGHT, WIDTH, MINES, (row, col), rng=rng, max_rule=max_rule).layout
                    else:
                        layout = _rejection(rng, first, max_rule)
                    hits += sum(layout >> corner & 1 for corner in CORNERS)
                cpu = (time.process_time() - started) / args.boards * 1000
                n = 4 * args.boards
                uniform = expected / args.boards
                rate = hits / n
                z = (rate - uniform) / math.sqrt(uniform * (1 - uniform) / n)
                print(f"{sampler:<10} {max_rule:<12} {where:<7} {rate:>11.1%} {uniform:>8.1%} {z:>+6.1f} {cpu:>9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
