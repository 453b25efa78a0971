"""Views whose hint needs the enumeration: the player views of ``tests/data`` played forward on their true layout.

A view's first hint is most often a one-number or two-number step; the deep hints players meet come
later in the same games.  ``played_forward`` takes each state's chain of steps up to its first enumeration
step (opening the safe cells, flagging the mines), removes wrong flags, and when nothing is certain opens the
safest cell that is safe in the true layout; a view whose first step is an enumeration is kept, and then
played on as well.  Used by ``tests/engine/test_shortest.py`` and ``benchmarks/words_bench.py``.
"""

from __future__ import annotations

import gzip
import json
from functools import lru_cache
from pathlib import Path

from explainer.core.board import Board
from explainer.core.deduction import Rule
from explainer.engine.solve import solve
from explainer.play.game import Game

__all__ = ["played_forward", "views_with_layouts"]


@lru_cache(maxsize=2)
def views_with_layouts(path: Path) -> tuple[tuple[Board, int], ...]:
    """Each view of a views file and its true layout (a bitmask)."""
    rows = []
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            view = Board.parse(row["board"])
            layout = 0
            for r, c in row["truth_mines"]:
                layout |= 1 << (r * view.width + c)
            rows.append((view, layout))
    return tuple(rows)


@lru_cache(maxsize=2)
def played_forward(path: Path) -> tuple[Board, ...]:
    """Every view, along each view played forward, whose hint needs the enumeration."""
    found = []
    for view, layout in views_with_layouts(path):
        game = Game.from_layout(view.height, view.width, layout)
        game.revealed = ((1 << view.size) - 1) & ~view.covered_mask
        game.flagged = view.flagged_mask
        game.state = "playing"
        for _ in range(100):
            view = game.view()
            solution = solve(view)
            if not solution.deductions:
                covered = [i for i in range(view.size) if view.cells[i] == -1 and not layout >> i & 1]
                if not covered or not solution.probabilities:
                    break
                game.open(*divmod(min(covered, key=lambda i: (solution.probabilities[i], i)), view.width))
                if game.state != "playing":
                    break
                continue
            game.flagged &= ~solution.wrong_flags.mask
            if solution.deductions[0].rule is Rule.ENUMERATION:
                found.append(game.view())
            for position, deduction in enumerate(solution.deductions):
                if deduction.rule is Rule.ENUMERATION and position:
                    break
                for cell in deduction.safe:
                    if game.state == "playing":
                        game.open(*cell)
                game.flagged |= deduction.mines.mask
            if game.state != "playing":
                break
    return tuple(found)
