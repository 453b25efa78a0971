"""How many words a hint takes: the distribution of the first hint's whole text, by kind.

    .venv/bin/python benchmarks/words_bench.py [--states PATH] [--lang en]

For every player view in the states file (default ``tests/data/views.jsonl.gz``, the tests'
player views), the hint a stuck player gets (``make_hint``, with the bot's pick when a guess is needed) is
rendered in ``--lang`` and its words are counted (whitespace-separated).  Printed by kind: the hint's kind
and, for a deduction, its rule (``simple``, ``pair``, ``enumeration``, ``global``), with count, median,
p90 and max; then all first hints together.  Most first hints are one-number
steps, so a second table counts every deduction of each view's full chain by rule: what a player reads
at each step of the game (lessons, loss reports and wrong-flag chains use the same sentences).  Deep hints
are measured on the views the states reach when played forward on their true layout
(``tests/oracles/deep_views.py``): every view whose first hint needs the enumeration.

The targets (issue "A teacher's words", English), on views like players' own (``benchmarks/player_views.jsonl.gz``,
made by ``python -m tests.data.make_views --set players``: mid-game and endgame views of intermediate, expert, dense
expert and 24 x 30 boards with right, unprovable and wrong flags): two-number first hints median <= 35 words, all
first hints p90 <= 55, deep (enumeration) first hints p90 <= 80, at most 8 proof steps; why a cell was a mine after a
loss and why a flag is wrong median <= 45; the program prints each with ok/over.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # stats.py
sys.path.insert(1, str(Path(__file__).resolve().parents[1]))  # the repository, when not installed

from explainer.bot.moves import advised_guess  # noqa: E402
from explainer.core.board import Board  # noqa: E402
from explainer.engine import budget  # noqa: E402
from explainer.engine.hint import make_hint, wrong_flag_hint  # noqa: E402
from explainer.play.losses import loss_report  # noqa: E402
from explainer.words.modes import loss_report_json  # noqa: E402
from explainer.engine.solve import solve  # noqa: E402
from explainer.words.hints import hint_text  # noqa: E402
from explainer.words.render import Renderer  # noqa: E402

from stats import percentile  # noqa: E402
from tests.oracles.deep_views import played_forward  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_STATES = ROOT / "benchmarks" / "player_views.jsonl.gz"
#: (kind, statistic, limit): the targets ("A teacher's words"), English: the first hint's whole text, its proof's
#: steps, and why a cell was a mine after a loss or why a flag is wrong
TARGETS = (
    ("deduction:pair", "median", 35.0), ("all", "p90", 55.0), ("deduction:enumeration", "p90", 80.0),
    ("proof steps", "max", 8.0), ("loss", "median", 45.0), ("wrong flag", "median", 45.0),
)


def load_boards(path: Path) -> list[Board]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as handle:
        return [Board.parse(json.loads(line)["board"]) for line in handle if line.strip()]


def words(text: str) -> int:
    return len(text.split())


def first_hints(boards: list[Board], language: str) -> dict[str, list[int]]:
    """Words of each view's first hint, by kind (``deduction:<rule>`` for a deduction)."""
    found: dict[str, list[int]] = defaultdict(list)
    for board in boards:
        with budget.limit(seconds=budget.DEFAULT_SECONDS, work=budget.DEFAULT_WORK):
            hint = make_hint(board)
            guess = advised_guess(board) if hint.kind == "guess" else None
        kind = hint.kind if hint.deduction is None or hint.kind != "deduction" else f"deduction:{hint.deduction.rule}"
        found[kind].append(words(hint_text(hint, language, guess)))
    return found


def reasons(boards: list[Board], language: str) -> dict[str, list[int]]:
    """Words of why a cell was a mine after a loss (the first provable mine not flagged, opened) and why a flag is
    wrong (each provably wrong flag, at most three a view); and the proof steps of each first hint."""
    found: dict[str, list[int]] = defaultdict(list)
    for board in boards:
        with budget.limit(seconds=budget.DEFAULT_SECONDS, work=budget.DEFAULT_WORK):
            solution = solve(board)
            hint = make_hint(solution)
            if hint.deduction is not None:
                found["proof steps"].append(len(hint.deduction.proof))
            mines = [cell for cell in solution.mines if not board.flagged_mask >> board.index(*cell) & 1]
            if mines:
                found["loss"].append(words(loss_report_json(loss_report(board, mines[0]), language)["text"]))
            for cell in list(solution.wrong_flags)[:3]:
                found["wrong flag"].append(words(hint_text(wrong_flag_hint(solution, cell), language)))
    return found


def chain_steps(boards: list[Board], language: str) -> dict[str, list[int]]:
    """Words of every deduction of each view's full chain, by rule."""
    renderer = Renderer(language)
    found: dict[str, list[int]] = defaultdict(list)
    for board in boards:
        with budget.limit(seconds=budget.DEFAULT_SECONDS, work=budget.DEFAULT_WORK):
            solution = solve(board)
        for deduction in solution.deductions:
            found[str(deduction.rule)].append(words(renderer.deduction(deduction)))
    return found


def summary(values: list[int]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "n": float(len(ordered)),
        "median": float(statistics.median(ordered)),
        "p90": float(percentile([float(v) for v in ordered], 0.9)),
        "max": float(ordered[-1]),
    }


def table(title: str, groups: dict[str, list[int]]) -> dict[str, dict[str, float]]:
    print(title)
    print(f"  {'kind':<24} {'n':>5} {'median':>7} {'p90':>6} {'max':>5}")
    rows = {kind: summary(values) for kind, values in sorted(groups.items())}
    for kind, row in rows.items():
        print(f"  {kind:<24} {row['n']:>5.0f} {row['median']:>7.1f} {row['p90']:>6.1f} {row['max']:>5.0f}")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=Path, default=DEFAULT_STATES)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    boards = load_boards(args.states)
    hints = first_hints(boards, args.lang)
    hints_all = {**hints, "all": [w for values in hints.values() for w in values]}
    rows = table(f"First hint, whole text ({len(boards)} views, {args.lang}), words:", hints_all)
    deep = played_forward(args.states)
    deep_hints = first_hints(list(deep), args.lang)
    deep_rows = table(f"First hint of the views the states reach that need the enumeration ({len(deep)} views):", deep_hints)
    rows["deduction:enumeration"] = deep_rows.get("deduction:enumeration", rows.get("deduction:enumeration", {}))
    rows.update(table("Why a cell was a mine after a loss, why a flag is wrong (words); the first hint's proof steps:", reasons(boards, args.lang)))
    chains = chain_steps(boards, args.lang)
    table("Every deduction of the full chain, by rule, words:", chains)
    print("Targets (first hint):")
    for kind, statistic, limit in TARGETS:
        row = rows[kind]
        source = "the played-forward views" if kind == "deduction:enumeration" else "the views"
        value = row[statistic]
        print(f"  {kind:<24} {statistic} {value:5.1f} <= {limit:g}: {'ok' if value <= limit else 'over'} ({source})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
