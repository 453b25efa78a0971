"""Benchmark practice puzzle generation: time per puzzle for every lesson.

    .venv/bin/python benchmarks/practice_bench.py [--seeds N] [--pattern ID ...] [--no-check]

For each pattern it makes puzzles for seeds 0..N-1 (default 200) and prints
the median, p95 and maximum wall time per puzzle, the mean board size and
flags, and failures (``PracticeError``).  Unless ``--no-check``, every puzzle
is checked again from its text (not timed): the simplest step is the pattern.
Targets, since the web app makes puzzles on demand: median < 100 ms and
p95 < 500 ms for every pattern, and no failure.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time

from explainer.core.board import Board
from explainer.learn.lessons import PATTERN_IDS
from explainer.learn.practice import PracticeError, make_puzzle, puzzle_pattern

from stats import percentile

MEDIAN_TARGET_MS = 100.0
P95_TARGET_MS = 500.0




def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="puzzles per pattern (default 200)")
    parser.add_argument("--pattern", action="append", choices=PATTERN_IDS, help="only this pattern (repeatable)")
    parser.add_argument("--no-check", action="store_true", help="do not re-check the puzzles")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, seeds 0..{args.seeds - 1}")
    print(f"{'pattern':<16} {'median ms':>9} {'p95 ms':>8} {'max ms':>8} {'cells':>6} {'flags':>6} {'fail':>5} {'bad':>4}")
    missed = []
    for pattern_id in args.pattern or PATTERN_IDS:
        times: list[float] = []
        cells: list[int] = []
        flags: list[int] = []
        failures = bad = 0
        for seed in range(args.seeds):
            start = time.perf_counter()
            try:
                puzzle = make_puzzle(pattern_id, seed)
            except PracticeError:
                failures += 1
                continue
            finally:
                times.append((time.perf_counter() - start) * 1000)
            cells.append(puzzle.board.size)
            flags.append(puzzle.board.flagged_mask.bit_count())
            if not args.no_check and puzzle_pattern(Board.parse(str(puzzle.board))) != pattern_id:
                bad += 1
        median, p95 = statistics.median(times), percentile(times, 0.95)
        print(
            f"{pattern_id:<16} {median:9.1f} {p95:8.1f} {max(times):8.1f} "
            f"{statistics.mean(cells) if cells else 0:6.1f} {statistics.mean(flags) if flags else 0:6.1f} "
            f"{failures:5d} {bad:4d}"
        )
        if median >= MEDIAN_TARGET_MS or p95 >= P95_TARGET_MS or failures or bad:
            missed.append(pattern_id)
    print(f"targets (median < {MEDIAN_TARGET_MS:g} ms, p95 < {P95_TARGET_MS:g} ms, no failure):", end=" ")
    print("met" if not missed else f"missed by {', '.join(missed)}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
