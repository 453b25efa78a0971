"""No-guess boards: layouts the engine solves from the first click to the end
by deduction alone, within a chosen reasoning depth.

First the generator draws layouts: mines at random (never in the first click's area, so the first click is a
zero), each kept only when a player (``PlayerSimulation``) solves it from the first click within the rules (at most
``DRAWS`` draws, fewer when the first draws show the board too dense to draw: ``TOO_DENSE``).  A layout kept this way is an unbiased draw: every no-guess layout is as likely as any other, so the
mines are where a uniform layout puts them, the corners included (``benchmarks/corner_bench.py``).  When no draw
is solved (dense boards), the generator stops throwing boards away: where the
player gets stuck on the last draw it *repairs* the layout around one stuck number (repairs tend to fill stuck
corners with mines: a small bias, only on boards too dense to draw).  As in
Tatham's mines.c, the player never sees the layout: the generator's
``Dealer`` holds it and answers the player's "open this cell" callback with
the cell's number; a repair changes the dealer's layout and tells the player
which cells changed.  A repair moves mines between that number's covered
neighbours and the unseen area (or elsewhere when nothing is unseen any
more), keeping the mine count and the first-click area.  The player then resumes from the last round the change
cannot have affected.  A required rule (``require_rule``) is met the same
way: until the player has needed it, getting stuck with the cheaper rules
counts as stuck.

Everything is drawn from one ``random.Random``: the same seed gives the same
board.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from explainer.engine import budget as _budget
from explainer.core.board import neighbour_masks
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import Rule
from explainer.engine.rules import DEPTHS, RULES, parse_rule, tiers_up_to
from explainer.play.simulated_player import PlayerSimulation, Round, check_tiers
from explainer.play.game import Game, GameError, check_size
from explainer.errors import GenerationError

__all__ = [
    "DRAWS",
    "TOO_DENSE",
    "Dealer",
    "GenerationError",
    "GeneratedBoard",
    "generate",
    "first_area",
    "check_rules",
    "max_mines",
    "REQUIRABLE",
    "DEFAULT_MAX_RULE",
]

#: the effort budget: cells the player may decide, over all repairs, per cell of the
#: board (the hardest settings measured need under 150; giving up costs seconds at most)
WORK_PER_CELL = 1000

#: rules a board can be required to need at least once
REQUIRABLE: tuple[Rule, ...] = (Rule.PAIR, Rule.ENUMERATION)
DEFAULT_MAX_RULE = Rule.ENUMERATION


def first_area(height: int, width: int, first: int) -> int:
    """The first click and its neighbours: kept free of mines so the first click is a zero."""
    return neighbour_masks(height, width)[first] | 1 << first


def max_mines(height: int, width: int, first: int) -> int:
    """The most mines a no-guess board with this first click can hold."""
    return height * width - first_area(height, width, first).bit_count()


@dataclass(frozen=True)
class GeneratedBoard:
    height: int
    width: int
    layout: int  # mask of the mines
    first: Cell
    max_rule: Rule
    require_rule: Rule | None
    rules: tuple[Rule, ...]  # the rules the solution used, cheapest first
    cells_by_rule: dict[str, int] = field(compare=False)  # cells each rule decided
    repairs: int = field(default=0, compare=False)

    @property
    def mine_count(self) -> int:
        return self.layout.bit_count()

    def mines(self) -> CellSet:
        return CellSet(self.layout, self.width)

    def game(self, seed: int = 0) -> Game:
        """A new game on this layout (the first click is still to be made)."""
        return Game.from_layout(self.height, self.width, self.layout, seed)

    def to_json(self) -> dict[str, Any]:
        return {
            "width": self.width,
            "height": self.height,
            "mine_count": self.mine_count,
            "mines": self.mines().to_json(),
            "first": self.first.to_json(),
            "max_rule": str(self.max_rule),
            "require_rule": None if self.require_rule is None else str(self.require_rule),
            "rules": [str(rule) for rule in self.rules],
            "cells_by_rule": self.cells_by_rule,
            "repairs": self.repairs,
        }

    def text(self) -> str:
        """The solved board: ``*`` mines, ``.`` zeros, numbers; the first click is ``@``."""
        neighbours = neighbour_masks(self.height, self.width)
        first = self.first.row * self.width + self.first.col
        lines = []
        for row in range(self.height):
            chars = []
            for col in range(self.width):
                index = row * self.width + col
                if self.layout >> index & 1:
                    chars.append("*")
                elif index == first:
                    chars.append("@")
                else:
                    number = (neighbours[index] & self.layout).bit_count()
                    chars.append(str(number) if number else ".")
            lines.append("".join(chars))
        return "\n".join(lines) + "\n"


def _as_rule(value: Rule | str, allowed: Sequence[Rule], what: str) -> Rule:
    try:
        return parse_rule(value, allowed, what)
    except ValueError as error:
        raise GenerationError(str(error)) from None


def check_rules(max_rule: Rule | str, require_rule: Rule | str | None) -> tuple[Rule, Rule | None]:
    """The depth limit and required rule as ``Rule``s; ``GenerationError`` quoting a bad
    one, or a registered tier the depth-limited player does not implement."""
    deepest = _as_rule(max_rule, DEPTHS, "depth limit")
    required = None if require_rule is None else _as_rule(require_rule, REQUIRABLE, "required rule")
    if required is not None and RULES.index(required) > RULES.index(deepest):
        raise GenerationError(f"a board limited to {deepest} cannot require {required}")
    try:
        check_tiers(tiers_up_to(deepest))
    except GameError as error:
        raise GenerationError(str(error)) from None
    return deepest, required


class Dealer:
    """The game's part for the depth-limited player: it holds the layout, answers the
    player's ``open_cell`` with a cell's number, and changes the layout (the player
    then forgets what the change can affect).  The player never sees the layout."""

    __slots__ = ("layout", "player", "_neighbours")

    def __init__(self, height: int, width: int, layout: int, mine_count: int, first: int) -> None:
        self.layout = layout
        self._neighbours = neighbour_masks(height, width)
        self.player = PlayerSimulation(height, width, mine_count, first, self.open_cell)

    def open_cell(self, index: int) -> int:
        """The number at ``index``; an ``AssertionError`` if it holds a mine (the player
        opens only cells it proved safe)."""
        layout = self.layout
        if layout >> index & 1:
            raise AssertionError(f"unsound reasoning: cell {index} was proved safe but holds a mine")
        return (self._neighbours[index] & layout).bit_count()

    def change_layout(self, layout: int) -> None:
        """Replace the layout; the player rewinds to the last round the change cannot affect."""
        changed = layout ^ self.layout
        self.layout = layout
        self.player.forget(changed)


#: layouts drawn at random before the generator repairs the last one (an expert board needs about 9 two numbers
#: deep, 6 with every rule: docs/generation.md)
DRAWS = 200
#: drawing stops after ``TOO_DENSE[0]`` draws when the draws so far got stuck, on average, before opening this share of
#: the safe cells: the board is too dense (or the rule too shallow) for a draw to succeed (an expert board at one
#: number deep: 0.39; at two numbers: 0.66)
TOO_DENSE = (10, 0.5)


class _Generator:
    def __init__(
        self,
        height: int,
        width: int,
        mines: int,
        first: int,
        rng: random.Random,
        max_rule: Rule,
        require_rule: Rule | None,
    ) -> None:
        self.height = height
        self.width = width
        self.mines = mines
        self.first = first
        self.rng = rng
        self.allowed = tiers_up_to(max_rule)
        self.require = require_rule
        self.before_required = tiers_up_to(require_rule) if require_rule else self.allowed
        self.protected = first_area(height, width, first)
        self.full = (1 << height * width) - 1
        self.neighbours = neighbour_masks(height, width)
        self.repairs = 0

    # -- the player's tiers ---------------------------------------------------------
    def policy(self, history: Sequence[Round]) -> Sequence[Rule]:
        if self.require is None or self.sim.uses.get(self.require):
            return self.allowed
        return self.before_required

    # -- layout changes -------------------------------------------------------------
    def random_layout(self) -> int:
        free = [i for i in range(self.height * self.width) if not self.protected >> i & 1]
        mask = 0
        for index in self.rng.sample(free, self.mines):
            mask |= 1 << index
        return mask

    def _pick(self, mask: int, count: int) -> list[int]:
        cells = list(iter_bits(mask))
        return self.rng.sample(cells, count) if count < len(cells) else cells

    def _take(self, pools: Sequence[int], count: int) -> list[int] | None:
        """``count`` cells drawn from the first pools that have them, or None."""
        chosen: list[int] = []
        taken = 0
        for pool in pools:
            if len(chosen) == count:
                break
            picked = self._pick(pool & ~taken, count - len(chosen))
            chosen += picked
            for index in picked:
                taken |= 1 << index
        return chosen if len(chosen) == count else None

    def _stuck_groups(self) -> list[tuple[int, int]]:
        """(cells, near) for each place the player is stuck, in random order: the
        covered cells of each number that still needs something, or, when no
        number does, the unknown cells left (walled in by proved mines) and
        each mine of that wall."""
        sim = self.sim
        groups = []
        for source in iter_bits(sim.active):
            groups.append((sim.cells[source], self.neighbours[source]))
        if not groups:
            unknown = sim.unknown
            near = 0
            for index in iter_bits(unknown):
                near |= self.neighbours[index]
            groups.append((unknown, near | unknown))
            # or open a gap in the wall: one proved mine next to them
            for index in iter_bits(near & sim.known_mines):
                groups.append((1 << index, self.neighbours[index]))
        self.rng.shuffle(groups)
        return groups

    def repair(self) -> bool:
        """Settle one stuck group of cells: move its mines away (clear) or fill
        it with mines from elsewhere, whichever moves fewer mines.  Partners
        come from the unseen area first.  False if nothing can move."""
        sim = self.sim
        layout = self.dealer.layout
        unknown = sim.unknown
        frontier = sim.frontier
        interior = unknown & ~frontier
        for cells, near in self._stuck_groups():
            elsewhere = self.full & ~cells & ~self.protected
            far = elsewhere & ~near
            pools_order = (interior & elsewhere, frontier & far, unknown & far, far, elsewhere)
            here = (cells & layout).bit_count()
            options = [
                (here, True, [pool & ~layout for pool in pools_order]),
                (cells.bit_count() - here, False, [pool & layout for pool in pools_order]),
            ]
            options.sort(key=lambda option: (option[0], self.rng.random()))
            for moves, clear, pools in options:
                if moves == 0:
                    continue  # already settled: the player is stuck for another reason
                partners = self._take(pools, moves)
                if partners is None:
                    continue
                new = layout & ~cells if clear else layout | cells
                for index in partners:
                    new ^= 1 << index
                assert new.bit_count() == self.mines and not new & self.protected
                self.dealer.change_layout(new)
                self.repairs += 1
                return True
        return False

    def solved(self, sim: PlayerSimulation) -> bool:
        """The player solves the dealt layout within the rules (and needs the required rule)."""
        return sim.run(self.policy) and (self.require is None or bool(sim.uses.get(self.require)))

    def run(self, max_repairs: int, max_work: int) -> PlayerSimulation:
        goal = self.height * self.width - self.mines
        progress = 0.0  # the safe cells the failed draws opened, as shares of all of them
        for draw in range(1, DRAWS + 1):
            self.dealer = Dealer(self.height, self.width, self.random_layout(), self.mines, self.first)
            self.sim = sim = self.dealer.player
            if self.solved(sim):
                return sim
            progress += sim.revealed.bit_count() / goal
            if draw >= TOO_DENSE[0] and progress / draw < TOO_DENSE[1]:
                break
        while True:
            _budget.spend(64)  # a repair round (the replay's enumerations count their own work)
            solved = sim.run(self.policy)
            if solved and (self.require is None or sim.uses.get(self.require)):
                return sim
            if self.repairs >= max_repairs or sim.work >= max_work:
                raise GenerationError(self._give_up())
            if solved:
                self.harden()
            elif not self.repair():
                raise GenerationError(self._give_up(stuck=True))

    def harden(self) -> None:
        """Solved without the required rule: swap a mine and a safe cell, both
        decided at or after a random round, so the player replays from there."""
        sim = self.sim
        layout = self.dealer.layout
        movable = self.full & ~self.protected
        history = sim.history
        start = history[self.rng.randrange(len(history))]
        late = self.full & ~(start.revealed | start.known_mines)  # decided at or after `start`, or never
        for pool in (late & movable, movable):
            mines = list(iter_bits(pool & layout))
            free = list(iter_bits(pool & ~layout))
            if mines and free:
                break
        else:
            raise GenerationError(self._give_up(stuck=True))
        self.dealer.change_layout(layout ^ (1 << self.rng.choice(mines)) ^ (1 << self.rng.choice(free)))
        self.repairs += 1

    def _give_up(self, stuck: bool = False) -> str:
        """Why generation stopped: ``stuck`` when no mine could move at all."""
        size = self.height * self.width
        depth = f"with rules up to {self.allowed[-1]}"
        if self.require is not None:
            depth += f" that needs {self.require} at least once"
        mines = f"{self.mines} mine" if self.mines == 1 else f"{self.mines} mines"
        why = (
            "the player gets stuck and no mine can move outside the first click's area to fix it"
            if stuck
            else f"after {self.repairs} repairs"
        )
        advice = (
            "try another mine count (few mines let the first click open everything), a larger board or no required rule"
            if self.require is not None
            else "try fewer mines, a larger board or a deeper rule limit"
        )
        return (
            f"could not make a no-guess {self.width} x {self.height} board with {mines} "
            f"({self.mines / size:.0%} of the cells) {depth}: {why}; {advice}"
        )


def generate(
    height: int,
    width: int,
    mines: int,
    first: tuple[int, int],
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    max_rule: Rule | str = DEFAULT_MAX_RULE,
    require_rule: Rule | str | None = None,
    max_repairs: int | None = None,
) -> GeneratedBoard:
    """A layout the engine solves from ``first`` (row, col) by deduction alone.

    ``max_rule`` limits the reasoning (``simple``, ``pair`` or
    ``enumeration``); ``require_rule`` (``pair`` or ``enumeration``) makes the
    solution need that rule at least once.  Deterministic for a given ``seed``
    (or ``rng``).  Raises ``GenerationError`` for impossible settings, and when
    ``max_repairs`` repairs (default ``200 + 10 * cells``) or the effort budget
    (``WORK_PER_CELL * cells`` cells decided) run out.
    """
    try:
        check_size(height, width, mines)
    except GameError as error:
        raise GenerationError(str(error)) from None
    row, col = first
    if not (isinstance(row, int) and isinstance(col, int)) or not (0 <= row < height and 0 <= col < width):
        raise GenerationError(f"the first click {[row, col]!r} is outside the {width} x {height} board")
    deepest, required = check_rules(max_rule, require_rule)
    index = row * width + col
    most = max_mines(height, width, index)
    if mines > most:
        raise GenerationError(
            f"{mines} mines do not fit: the first click at {Cell(row, col).name} must open an area, "
            f"which leaves room for at most {most} mines on a {width} x {height} board"
        )
    if rng is None:
        rng = random.Random(seed)
    if max_repairs is None:
        max_repairs = 200 + 10 * height * width
    generator = _Generator(height, width, mines, index, rng, deepest, required)
    sim = generator.run(max_repairs, WORK_PER_CELL * height * width)
    return GeneratedBoard(
        height=height,
        width=width,
        layout=generator.dealer.layout,
        first=Cell(row, col),
        max_rule=deepest,
        require_rule=required,
        rules=sim.rules_used(),
        cells_by_rule=sim.cells_by_rule(),
        repairs=generator.repairs,
    )
