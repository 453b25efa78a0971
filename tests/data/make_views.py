"""Make the player views the tests (and the words benchmark) read, with exact probabilities from an
independent solver.

A simulated hurried player plays real games and the views it sees along the way are kept:

* it opens some of the cells the numbers prove safe (not always all of them) and flags proved mines as its
  style goes: none (a no-flag player), some, or nearly all;
* now and then it flags a covered cell next to a number that is a mine in the true layout although the numbers
  cannot prove it (a right but unprovable flag), or one that is safe (a wrong flag: sometimes provably so,
  sometimes not); wrong flags stay, as they do on a hurried player's board;
* when nothing is certain it opens the safest covered cell, and the game ends when that is a mine.

Every decision and every stored probability comes from ``ms_toollib.cal_probability_onboard`` (Rust), run in
a child process (it aborts its process on bad input), so the data owes nothing to this project's engine. A
flag is given to it as a covered cell: a flag is the player's claim, never evidence.

Each row: ``board`` (the view in the text format), ``height``, ``width``, ``mines``, ``prob`` (a mine
probability per cell to 9 decimals, ``null`` for an open cell), ``truth_mines`` and ``flags`` (``[row, col]``
lists), ``category`` and ``phase`` (``opening``, ``mid`` or ``end``).

    .venv/bin/python -m tests.data.make_views --set tests          # tests/data/views.jsonl.gz (committed)
    .venv/bin/python -m tests.data.make_views --set players        # benchmarks/player_views.jsonl.gz

Deterministic from the set's seed: running it again writes the same file.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from explainer.play.game import Game, GameState

ROOT = Path(__file__).resolve().parents[2]

#: ms_toollib's code for a covered cell (its numbers are the numbers)
THEIR_COVERED = 10


@dataclass(frozen=True)
class Category:
    name: str
    height: int
    width: int
    mines: int
    wanted: int


@dataclass(frozen=True)
class ViewSet:
    seed: int
    path: Path
    categories: tuple[Category, ...]
    #: how many views one game may give (so that a set is many games, not a few long ones)
    per_game: int
    #: the hurried player's slips, per turn: a right flag the numbers cannot prove, a wrong flag
    unprovable_flag: float
    wrong_flag: float


SETS = {
    # the sizes of the 200 reference views the tests were first written against, and dense custom boards
    "tests": ViewSet(
        seed=20261201,
        path=ROOT / "tests" / "data" / "views.jsonl.gz",
        categories=(
            Category("beginner", 9, 9, 10, 20),
            Category("small dense", 8, 8, 16, 25),
            Category("intermediate", 16, 16, 40, 50),
            Category("custom 20x20", 20, 20, 80, 50),
            Category("expert", 16, 30, 99, 40),
            Category("dense expert", 16, 30, 130, 15),
        ),
        per_game=3,
        unprovable_flag=0.04,
        wrong_flag=0.03,
    ),
    # views like players' own, for benchmarks/words_bench.py: expert and dense custom boards, mid-game and endgame
    "players": ViewSet(
        seed=20261202,
        path=ROOT / "benchmarks" / "player_views.jsonl.gz",
        categories=(
            Category("intermediate", 16, 16, 40, 100),
            Category("expert", 16, 30, 99, 250),
            Category("dense expert", 16, 30, 130, 150),
            Category("custom 24x30", 24, 30, 180, 100),
        ),
        per_game=4,
        unprovable_flag=0.05,
        wrong_flag=0.04,
    ),
}


def oracle(rows: list[list[int]], mines: int) -> list[list[float]]:
    """ms_toollib's exact mine probability of every cell (run in the child process)."""
    import ms_toollib

    probabilities, _counts = ms_toollib.cal_probability_onboard(rows, float(mines))
    return [[float(p) for p in line] for line in probabilities]


class Oracle:
    """ms_toollib in one long-lived child process."""

    def __init__(self) -> None:
        self.pool = ProcessPoolExecutor(max_workers=1)

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.pool.shutdown()

    def probabilities(self, game: Game) -> list[float | None]:
        """Per cell index: the chance of a mine, ``None`` for an open cell (flags read as covered cells)."""
        assert game.layout is not None
        cells: list[int] = []
        rows = []
        for row in range(game.height):
            line = []
            for col in range(game.width):
                index = row * game.width + col
                line.append(game.count_at(index) if game.revealed >> index & 1 else THEIR_COVERED)
            rows.append(line)
        theirs = self.pool.submit(oracle, rows, game.mine_count).result()
        for index in range(game.size):
            cells.append(None if game.revealed >> index & 1 else theirs[index // game.width][index % game.width])
        return cells


def next_to_numbers(game: Game, index: int) -> bool:
    row, col = divmod(index, game.width)
    for r in range(max(row - 1, 0), min(row + 2, game.height)):
        for c in range(max(col - 1, 0), min(col + 2, game.width)):
            if game.revealed >> (r * game.width + c) & 1:
                return True
    return False


def row_of(game: Game, probabilities: list[float | None], category: str, phase: str) -> dict[str, object]:
    assert game.layout is not None
    width = game.width
    prob = [
        [None if p is None else round(p, 9) for p in probabilities[row * width : (row + 1) * width]]
        for row in range(game.height)
    ]
    return {
        "board": str(game.view()),
        "height": game.height,
        "width": width,
        "mines": game.mine_count,
        "prob": prob,
        "truth_mines": [list(divmod(i, width)) for i in range(game.size) if game.layout >> i & 1],
        "flags": [list(divmod(i, width)) for i in range(game.size) if game.flagged >> i & 1],
        "category": category,
        "phase": phase,
    }


def play(game: Game, oracle: Oracle, rng: random.Random, views: ViewSet, category: str) -> Iterator[dict[str, object]]:
    """Every view the hurried player sees in one game, in order."""
    game.open(rng.randrange(game.height), rng.randrange(game.width))
    flagging = rng.choice((0.0, 0.3, 0.9))  # the player's style: no flags, some, nearly all
    safe_cells = game.size - game.mine_count
    opened_at_start = game.revealed.bit_count()
    for _turn in range(10_000):
        if game.state is not GameState.PLAYING:
            return
        assert game.layout is not None
        probabilities = oracle.probabilities(game)
        left = safe_cells - game.revealed.bit_count()
        phase = "opening" if game.revealed.bit_count() == opened_at_start else "end" if left <= safe_cells // 6 else "mid"
        yield row_of(game, probabilities, category, phase)
        covered = [i for i, p in enumerate(probabilities) if p is not None and not game.flagged >> i & 1]
        safe = [i for i in covered if probabilities[i] == 0.0]
        mines = [i for i in covered if probabilities[i] == 1.0]
        undecided = [i for i in covered if 0.0 < (probabilities[i] or 0.0) < 1.0 and next_to_numbers(game, i)]
        for index in mines:
            if rng.random() < flagging:
                game.toggle_flag(*divmod(index, game.width))
        if undecided and rng.random() < views.unprovable_flag:
            right = [i for i in undecided if game.layout >> i & 1]
            if right:
                game.toggle_flag(*divmod(rng.choice(right), game.width))
        if rng.random() < views.wrong_flag:
            wrong = [i for i in covered if not game.layout >> i & 1 and next_to_numbers(game, i)]
            if wrong:
                game.toggle_flag(*divmod(rng.choice(wrong), game.width))
        if safe:
            # a hurried player opens some of what is safe, not always all of it
            rng.shuffle(safe)
            for index in safe[: max(1, round(len(safe) * rng.uniform(0.3, 1.0)))]:
                if game.state is GameState.PLAYING and not game.flagged >> index & 1:
                    game.open(*divmod(index, game.width))
            continue
        choices = [i for i in covered if probabilities[i] != 1.0]
        if not choices:
            return
        best = min(probabilities[i] or 0.0 for i in choices)
        game.open(*divmod(rng.choice([i for i in choices if (probabilities[i] or 0.0) <= best + 1e-12]), game.width))


def make(views: ViewSet) -> Iterator[dict[str, object]]:
    rng = random.Random(views.seed)
    with Oracle() as solver:
        for category in views.categories:
            got = 0
            while got < category.wanted:
                game = Game.new(category.height, category.width, category.mines, seed=rng.randrange(2**63))
                seen = list(play(game, solver, rng, views, category.name))
                # a few views of each game, spread over it: the first, and others drawn from the rest
                picked = [seen[0]] if rng.random() < 0.25 else []
                rest = seen[1:]
                picked += rng.sample(rest, min(len(rest), views.per_game - len(picked)))
                for row in picked[: category.wanted - got]:
                    yield row
                    got += 1
            print(f"{category.name}: {got}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=sorted(SETS), default="tests")
    parser.add_argument("--out", type=Path, help="where to write (default: the set's own file)")
    args = parser.parse_args(argv)
    views = SETS[args.set]
    out = args.out or views.path
    rows = list(make(views))
    # mtime=0: the same views make the same bytes
    with open(out, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as handle:
        for row in rows:
            handle.write((json.dumps(row, separators=(",", ":")) + "\n").encode())
    print(f"{len(rows)} views -> {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
