"""Benchmark no-guess generation: time per board by size and depth limit.

    .venv/bin/python benchmarks/generate_bench.py [--boards N] [--require pair|enumeration] [--verify]

For each size (9x9/10, 16x16/40, 30x16/99, 9x9/33, 30x16/170) and each
depth limit (simple, pair, enumeration) it generates ``--boards`` boards
(seeds 0..N-1, first click in the centre) and prints the median, p95 and
maximum time per board, the mean number of repairs, and failures.  Then it
checks the targets: 30x16/99 median < 50 ms and p95 < 200 ms, 9x9/33 median
< 100 ms, 30x16/170 median < 1 s (at every depth, without a required rule).

``--verify`` also replays every board with the engine's rule functions on
``Game.view()`` (``tests.oracles.verify``; not timed) and counts boards that fail.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

from explainer.play.generate import GenerationError, generate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the replay oracle lives under tests/
from tests.oracles.verify import replay  # noqa: E402

from stats import percentile

SIZES = [(9, 9, 10), (16, 16, 40), (16, 30, 99), (9, 9, 33), (16, 30, 170)]  # (height, width, mines)
DEPTHS = ["simple", "pair", "enumeration"]
#: (height, width, mines) -> (median ms, p95 ms) limits; None = no limit
TARGETS = {(16, 30, 99): (50.0, 200.0), (9, 9, 33): (100.0, None), (16, 30, 170): (1000.0, None)}




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=100, help="boards per size and depth (default 100)")
    parser.add_argument("--require", choices=["pair", "enumeration"], help="also require this rule")
    parser.add_argument("--verify", action="store_true", help="replay every board with the engine (not timed)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.boards} boards per row"
          + (f", require {args.require}" if args.require else ""))
    print(f"| board | depth | median ms | p95 ms | max ms | repairs (mean) | failed |{' replay failed |' if args.verify else ''}")
    print(f"|---|---|---:|---:|---:|---:|---:|{'---:|' if args.verify else ''}")
    missed = []
    for height, width, mines in SIZES:
        for depth in DEPTHS:
            if args.require == "enumeration" and depth != "enumeration":
                continue
            if args.require == "pair" and depth == "simple":
                continue
            times: list[float] = []
            repairs: list[int] = []
            failed = bad = 0
            first = (height // 2, width // 2)
            for seed in range(args.boards):
                start = time.perf_counter()
                try:
                    board = generate(height, width, mines, first, seed=seed, max_rule=depth, require_rule=args.require)
                except GenerationError:
                    failed += 1
                    times.append((time.perf_counter() - start) * 1000)
                    continue
                times.append((time.perf_counter() - start) * 1000)
                repairs.append(board.repairs)
                if args.verify and not replay(height, width, board.layout, first, board.max_rule).won:
                    bad += 1
            median, p95 = statistics.median(times), percentile(times, 0.95)
            row = (
                f"| {width}x{height}/{mines} | {depth} | {median:.1f} | {p95:.1f} | {max(times):.1f} "
                f"| {statistics.fmean(repairs) if repairs else 0:.1f} | {failed} |"
            )
            print(row + (f" {bad} |" if args.verify else ""), flush=True)
            limits = None if args.require else TARGETS.get((height, width, mines))
            if limits:
                if median >= limits[0]:
                    missed.append(f"{width}x{height}/{mines} {depth}: median {median:.1f} ms >= {limits[0]:.0f} ms")
                if limits[1] is not None and p95 >= limits[1]:
                    missed.append(f"{width}x{height}/{mines} {depth}: p95 {p95:.1f} ms >= {limits[1]:.0f} ms")
    if args.require:
        print("targets: set for boards without a required rule; not checked")
    else:
        print("targets: " + ("all met" if not missed else "MISSED: " + "; ".join(missed)))


if __name__ == "__main__":
    main()
