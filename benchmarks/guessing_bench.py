"""Benchmark the guessing course's practice puzzles: time to make one (the API makes it again for each answer).

    cd benchmarks && ../.venv/bin/python guessing_bench.py [--seeds N]

For each practised topic it makes puzzles for seeds 0..N-1 (default 200) and prints the median, p95 and maximum
wall time per puzzle and the failures (``PracticeError``).  Targets, since the web app makes puzzles on demand:
median < 100 ms and p95 < 500 ms, and no failure.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from explainer.errors import PracticeError
from explainer.learn.guessing import PRACTISED, make_guess_puzzle

from stats import percentile

MEDIAN_TARGET_MS = 100.0
P95_TARGET_MS = 500.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="puzzles per topic (default 200)")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, seeds 0..{args.seeds - 1}")
    met = True
    for topic in PRACTISED:
        times: list[float] = []
        failures = 0
        for seed in range(args.seeds):
            start = time.perf_counter()
            try:
                make_guess_puzzle(topic, seed)
            except PracticeError:
                failures += 1
            times.append((time.perf_counter() - start) * 1000)
        median, p95 = statistics.median(times), percentile(times, 0.95)
        ok = median < MEDIAN_TARGET_MS and p95 < P95_TARGET_MS and not failures
        met = met and ok
        print(f"{topic}: median {median:.1f} ms, p95 {p95:.1f} ms, max {max(times):.1f} ms, {failures} failures: "
              f"{'met' if ok else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
