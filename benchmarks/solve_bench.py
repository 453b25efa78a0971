"""Benchmark ``solve`` (exact analysis + every deduction, simplest first) on the
fixed mid-game states in ``solve_states.jsonl``.

    .venv/bin/python benchmarks/solve_bench.py [--repeat N] [--text]

Prints states/second, mean, p50, p99 and max latency per category and overall.
Latency is this process's CPU time (``time.process_time``), so that other work
on the machine does not inflate it; on an idle machine it equals wall time.
``--text`` also renders every deduction's English sentence (the CLI's output).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from explainer import Board, solve
from explainer.words.solution_json import solution_to_json

from stats import percentile

STATES = Path(__file__).with_name("solve_states.jsonl")




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per state; the best is kept (default 3)")
    parser.add_argument("--text", action="store_true", help="include rendering the English text")
    args = parser.parse_args()
    rows = [json.loads(line) for line in STATES.read_text().splitlines()]
    by_category: dict[str, list[float]] = {}
    odd: list[tuple[str, float]] = []
    for row in rows:
        board = Board.parse(row["board"])
        best = float("inf")
        for _ in range(args.repeat):
            start = time.process_time()
            solution = solve(board)
            if args.text:
                solution_to_json(solution)
            best = min(best, time.process_time() - start)
        if row["category"] == "pathological":
            odd.append((row["label"], best * 1000))
        else:
            by_category.setdefault(row["category"], []).append(best * 1000)
    everything = [t for times in by_category.values() for t in times]
    print(f"{'category':<13}{'states':>7}{'states/s':>10}{'mean ms':>9}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}")
    for name, times in [*by_category.items(), ("all", everything)]:
        mean = statistics.fmean(times)
        print(
            f"{name:<13}{len(times):>7}{1000 / mean:>10.0f}{mean:>9.2f}{percentile(times, 0.5):>8.2f}"
            f"{percentile(times, 0.99):>8.2f}{max(times):>8.2f}"
        )
    if odd:
        print("\npathological states (not in the figures above):")
        for label, ms in odd:
            print(f"  {label:<24}{ms:>10.1f} ms")


if __name__ == "__main__":
    main()

