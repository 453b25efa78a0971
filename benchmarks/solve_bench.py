"""Benchmark ``solve`` (exact analysis + every deduction, simplest first) on the
fixed mid-game states in ``solve_states.jsonl``.

    .venv/bin/python benchmarks/solve_bench.py [--repeat N] [--text] [--peer] [--states PATH]

Prints states/second, mean, p50, p99 and max latency per category and overall.
``--peer`` also times, on the same states in the same run, what a hint needs here
(``make_hint``: the exact probabilities and the first step) and ``ms_toollib``'s
exact probabilities (``cal_probability_onboard``, its Rust core), and prints the
mean CPU time of each per category and their ratio (pathological states left out).
Latency is this process's CPU time (``time.process_time``), so that other work
on the machine does not inflate it; on an idle machine it equals wall time.
``--text`` also renders every deduction's English sentence (the CLI's output).
``--states PATH`` reads another file of views (JSON lines with a ``board``, plain or
gzipped, e.g. the 200 reference views ``../shared/reference/states.jsonl.gz``),
each in the category of its board's size.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from pathlib import Path

from collections.abc import Callable

from explainer import Board, solve
from explainer.core.board import COVERED, FLAGGED
from explainer.engine.hint import make_hint
from explainer.words.solution_json import solution_to_json

from stats import percentile

STATES = Path(__file__).with_name("solve_states.jsonl")




def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per state; the best is kept (default 3)")
    parser.add_argument("--text", action="store_true", help="include rendering the English text")
    parser.add_argument("--peer", action="store_true", help="also time make_hint and ms_toollib on the same states")
    parser.add_argument("--states", type=Path, default=STATES, help=f"states file (default {STATES.name})")
    args = parser.parse_args()
    rows = read_states(args.states)
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
    if args.peer:
        peer([row for row in rows if row["category"] != "pathological"], args.repeat)


def _best(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best * 1000


def _their_board(board: Board) -> list[list[int]]:
    """ms_toollib's game board: 10 covered, 11 flagged, else the number (it reads 11 as 10)."""
    return [
        [11 if v == FLAGGED else 10 if v == COVERED else v for v in board.cells[r * board.width:(r + 1) * board.width]]
        for r in range(board.height)
    ]


#: a board's size and mines -> its category, for states files without one
SIZES: dict[tuple[int, int, int | None], str] = {(9, 9, 10): "beginner", (16, 16, 40): "intermediate", (16, 30, 99): "expert"}


def read_states(path: Path) -> list[dict[str, str]]:
    """The states of a JSON-lines file (plain or gzipped), each with a ``category`` (its own, or its
    board's size)."""
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        rows = [json.loads(line) for line in handle if line.strip()]
    for row in rows:
        if "category" not in row:
            board = Board.parse(row["board"])
            size = (board.height, board.width, board.mines)
            row["category"] = SIZES.get(size, f"{board.width}x{board.height}/{board.mines}")
    return rows


#: the flags a view is timed with (``--peer``): none, as the game was played, every certain mine, those and
#: two flags the numbers cannot decide, those and a flag on a certain safe cell (a wrong flag)
FLAG_KINDS = ("none", "as played", "right", "right+unprovable", "right+wrong")


def flag_variants(board: Board) -> dict[str, Board]:
    """The view with each kind of flags of ``FLAG_KINDS`` (a kind is left out when the view has no such cell)."""
    plain = board.without_flags()
    solution = solve(plain, hint_only=True)
    found = {"none": plain}
    if board.flagged_mask:
        found["as played"] = board
    if not solution.consistent or not solution.exact:
        return found
    right = {index: FLAGGED for index in solution.mines.indices()}
    if not right:
        return found
    found["right"] = plain.with_cells(right)
    open_cells = sorted(
        (index for index, p in solution.probabilities.items() if 0.0 < p < 1.0 and plain.cells[index] == COVERED),
        key=lambda index: (-solution.probabilities[index], index),
    )
    if open_cells:
        found["right+unprovable"] = plain.with_cells({**right, **{index: FLAGGED for index in open_cells[:2]}})
    safe = [index for index in solution.safe.indices() if plain.cells[index] == COVERED]
    if safe:
        found["right+wrong"] = plain.with_cells({**right, safe[0]: FLAGGED})
    return found


def peer(rows: list[dict[str, str]], repeat: int) -> None:
    """Our hint against ms_toollib's probabilities on each view, by size and by the flags it carries (ms_toollib
    reads a flag as a covered cell, so its work is the same with or without them; ours checks every flag)."""
    import ms_toollib

    ours: dict[tuple[str, str], list[float]] = {}
    theirs: dict[tuple[str, str], list[float]] = {}
    for row in rows:
        for kind, board in flag_variants(Board.parse(row["board"])).items():
            their = _their_board(board)
            mines = float(board.mines or 0)
            key = (row["category"], kind)
            ours.setdefault(key, []).append(_best(lambda: make_hint(board), repeat))
            theirs.setdefault(key, []).append(_best(lambda: ms_toollib.cal_probability_onboard(their, mines), repeat))
    print("\nthe peer: make_hint (exact probabilities + first step) vs ms_toollib.cal_probability_onboard, mean CPU ms")
    print(f"{'category':<13}{'flags':<18}{'views':>6}{'ours ms':>9}{'theirs ms':>11}{'ours/theirs':>13}")
    categories = list(dict.fromkeys(category for category, _kind in ours))
    for category in [*categories, "all"]:
        for kind in FLAG_KINDS:
            keys = [key for key in ours if key[1] == kind and category in (key[0], "all")]
            a = [t for key in keys for t in ours[key]]
            b = [t for key in keys for t in theirs[key]]
            if a:
                ratio = statistics.fmean(a) / statistics.fmean(b)
                print(f"{category:<13}{kind:<18}{len(a):>6}{statistics.fmean(a):>9.2f}{statistics.fmean(b):>11.2f}{ratio:>13.2f}")


if __name__ == "__main__":
    main()

