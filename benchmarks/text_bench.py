"""Benchmark a full ``solve`` with its sentences, as ``python -m explainer solve --jsonl`` does for each line.

    .venv/bin/python benchmarks/text_bench.py [--states PATH] [--lang xx] [--repeat N] [--profile]

For every player view in the states file (default ``tests/data/views.jsonl.gz``, the tests' player views:
one JSON object a line with a ``board`` field in the text format; plain or gzipped), it times
the path of ``solve --jsonl``: ``solve(board)`` under the command's default budget, then
``solution_to_json(solution, language)`` (every deduction's sentence).  Reading and parsing the board and
writing the JSON line are left out.  Latency is this process's CPU time (``time.process_time``), the best
of ``--repeat`` runs per state, so other work on the machine does not inflate it.  Prints states, mean,
p50, p99 and max for the solve alone, the text alone and both together.  ``--profile`` then profiles one
more pass over every state and prints the top entries by own time.
"""

from __future__ import annotations

import argparse
import cProfile
import gzip
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # stats.py
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # the repository, when not installed

from explainer.core.board import Board  # noqa: E402
from explainer.engine import budget  # noqa: E402
from explainer.engine.solve import solve  # noqa: E402
from explainer.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, normalize_language  # noqa: E402
from explainer.words.solution_json import solution_to_json  # noqa: E402

from stats import percentile  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_STATES = ROOT / "tests" / "data" / "views.jsonl.gz"


def load_boards(path: Path) -> list[Board]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [Board.parse(json.loads(line)["board"]) for line in handle if line.strip()]


def run_one(board: Board, language: str) -> tuple[float, float]:
    """One pass of the ``solve --jsonl`` path: (solve seconds, text seconds) of CPU time."""
    start = time.process_time()
    with budget.limit(seconds=budget.DEFAULT_SECONDS, work=budget.DEFAULT_WORK):
        solution = solve(board)
    middle = time.process_time()
    solution_to_json(solution, language)
    return middle - start, time.process_time() - middle


def measure(boards: list[Board], language: str, repeat: int) -> dict[str, list[float]]:
    """Per state, in ms: the best solve, the best text and the best whole run (of ``repeat``)."""
    times: dict[str, list[float]] = {"solve": [], "text": [], "solve + text": []}
    for board in boards:
        runs = [run_one(board, language) for _ in range(repeat)]
        times["solve"].append(min(s for s, _ in runs) * 1000)
        times["text"].append(min(t for _, t in runs) * 1000)
        times["solve + text"].append(min(s + t for s, t in runs) * 1000)
    return times


def table(times: dict[str, list[float]]) -> str:
    lines = [f"{'part':<14}{'states':>7}{'mean ms':>9}{'p50 ms':>8}{'p99 ms':>8}{'max ms':>8}"]
    for name, values in times.items():
        lines.append(
            f"{name:<14}{len(values):>7}{statistics.fmean(values):>9.3f}{percentile(values, 0.5):>8.3f}"
            f"{percentile(values, 0.99):>8.3f}{max(values):>8.3f}"
        )
    return "\n".join(lines)


def _language(value: str) -> str:
    language = normalize_language(value)
    if language is None:
        raise argparse.ArgumentTypeError(f"unknown language {value!r}; choose one of: {', '.join(sorted(LANGUAGES))}")
    return language


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=Path, default=DEFAULT_STATES, help=f"states file (default {DEFAULT_STATES})")
    parser.add_argument("--lang", type=_language, default=DEFAULT_LANGUAGE, help="language of the text (default en)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per state; the best is kept (default 3)")
    parser.add_argument("--profile", action="store_true", help="also profile one pass and print the top entries")
    parser.add_argument("--top", type=int, default=25, help="entries the profile prints (default 25)")
    args = parser.parse_args(argv)
    boards = load_boards(args.states)
    # warm up: imports, catalogs and any per-language caches are built once per process, as in a long run
    run_one(boards[0], args.lang)
    print(f"{len(boards)} states from {args.states}, language {args.lang}, best of {args.repeat} runs, CPU ms")
    print(table(measure(boards, args.lang, args.repeat)))
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for board in boards:
            run_one(board, args.lang)
        profiler.disable()
        print()
        pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
