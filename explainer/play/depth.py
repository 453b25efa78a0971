"""Playing a layout from its first click the way a player reasons, with a
limit on how deep that reasoning may go.

The reasoning is the engine's: a number's constraint (``Constraint``), the
mine count (global), one number (simple), two numbers
(``rules.pair.pair_conclusion``) and exact enumeration
(``enumeration.analyze``).  It only ever reads the revealed numbers, the
mine count and what it proved itself.  The layout is read only in the two
places that play the game's part: ``_open`` reports the number of each
opened cell and flood-fills zeros, as ``Game.open`` does, and ``won`` says
when every safe cell is open.

It is built for generation, where a board is solved and then repaired many
times, so it is incremental:

* each round applies *everything* one tier proves, cheapest tier first;
* constraints are updated only around the cells a round decided, and the
  one-number and two-number checks only look at numbers that changed;
* every round is recorded, so after the layout changes the solve resumes from
  the last round whose numbers did not change (``change_layout``).

``tests.oracles.verify`` checks the same thing the slow, obvious way (through
``Game.view()`` and the rule functions) for tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from explainer.engine import budget as _budget
from explainer.core.board import cells_within, flood_fill, neighbour_masks
from explainer.core.cells import iter_bits
from explainer.core.constraints import Constraint
from explainer.core.deduction import Rule
from explainer.engine.count import analyze
from explainer.engine.rules import DEPTHS, RULES, parse_rule, tiers_up_to
from explainer.engine.rules.global_count import global_conclusion
from explainer.engine.rules.pair import pair_conclusion
from explainer.play.game import GameError

__all__ = ["DEPTHS", "IMPLEMENTED", "Round", "PlayerSimulation", "tiers_up_to", "parse_rule", "check_tiers"]


@dataclass(frozen=True, slots=True)
class Round:
    """One round: ``rule`` proved ``safe``/``mines`` (masks) in the state
    ``revealed``/``known_mines`` it started from.  The first round is the first
    click (``rule`` None)."""

    rule: Rule | None
    revealed: int
    known_mines: int
    safe: int
    mines: int
    decided: int = 0  # every cell the round revealed (zeros flood) or proved a mine


#: chooses the tiers for the next round from the rounds so far
TierPolicy = Callable[[Sequence[Round]], Sequence[Rule]]

#: the registered tiers this player implements, and the method of each
_TIER_METHODS: dict[Rule, str] = {
    Rule.GLOBAL: "_global",
    Rule.SIMPLE: "_simple",
    Rule.PAIR: "_pair",
    Rule.ENUMERATION: "_enumeration",
}
IMPLEMENTED: frozenset[Rule] = frozenset(_TIER_METHODS)


def _unknown_tier(rule: object) -> str:
    known = ", ".join(str(r) for r in RULES if r in IMPLEMENTED)
    return f"the depth-limited player has no tier {str(rule)!r}; it implements: {known}"


def check_tiers(tiers: Sequence[Rule]) -> None:
    """``GameError`` quoting the first of ``tiers`` the player does not implement."""
    for rule in tiers:
        if rule not in IMPLEMENTED:
            raise GameError(_unknown_tier(rule))


class PlayerSimulation:
    """A player solving ``layout`` from ``first`` by deduction alone."""

    def __init__(self, height: int, width: int, layout: int, mine_count: int, first: int) -> None:
        self.height = height
        self.width = width
        self.size = height * width
        self.full = (1 << self.size) - 1
        self.mine_count = mine_count
        self.first = first
        self._layout = layout
        self._neighbours = neighbour_masks(height, width)
        self._rings = cells_within(height, width, 2)
        first_col = sum(1 << (row * width) for row in range(height))
        self._not_first_col = self.full & ~first_col
        self._not_last_col = self.full & ~(first_col << (width - 1))
        self.history: list[Round] = []
        #: rule -> this player's tier (each returns the (safe, mines) masks it proves)
        self._tiers: Mapping[Rule, Callable[[], tuple[int, int]]] = {
            rule: getattr(self, name) for rule, name in _TIER_METHODS.items()
        }
        #: cells decided (and rounds played) over the whole life of the simulation: its cost
        self.work = 0
        self._reset()

    # -- the game's part: the only code that reads the layout (with ``won``) -------------
    @property
    def layout(self) -> int:
        return self._layout

    def _open(self, cells: int) -> tuple[int, dict[int, int]]:
        """Open ``cells`` (proved safe) and flood zeros; the newly revealed
        cells and their numbers."""
        layout = self._layout
        wrong = cells & layout
        if wrong:
            index = (wrong & -wrong).bit_length() - 1
            raise AssertionError(f"unsound reasoning: cell {index} was proved safe but holds a mine")
        numbers: dict[int, int] = {}
        return flood_fill(cells, layout, self._neighbours, self.revealed, numbers), numbers

    def won(self) -> bool:
        return self.revealed | self._layout == self.full

    def _around(self, mask: int) -> int:
        """``mask`` and every neighbour of its cells (bit shifts, no loop over cells)."""
        spread = mask | (mask & self._not_last_col) << 1 | (mask & self._not_first_col) >> 1
        return (spread | spread << self.width | spread >> self.width) & self.full

    # -- state --------------------------------------------------------------------------
    def _reset(self) -> None:
        self.revealed = 0
        self.known_mines = 0
        self.constraints: list[Constraint | None] = [None] * self.size
        self.active = 0  # sources that have a constraint
        self._dirty_simple = 0
        self._dirty_pair = 0
        self._numbers = [-1] * self.size  # the numbers the game showed
        self.uses: dict[Rule, int] = {}  # rounds played by each rule
        self.history = []

    @property
    def unknown(self) -> int:
        return self.full & ~self.revealed & ~self.known_mines

    @property
    def mines_left(self) -> int:
        return self.mine_count - self.known_mines.bit_count()

    @property
    def frontier(self) -> int:
        """Unknown cells next to a revealed number."""
        mask = 0
        constraints = self.constraints
        for source in iter_bits(self.active):
            mask |= constraints[source].cells  # type: ignore[union-attr]  # an active number always has its constraint
        return mask

    def rules_used(self) -> tuple[Rule, ...]:
        return tuple(rule for rule in RULES if self.uses.get(rule))

    def cells_by_rule(self) -> dict[str, int]:
        """How many cells each rule decided, cheapest rule first."""
        counts = {str(rule): 0 for rule in self.rules_used()}
        for r in self.history:
            if r.rule is not None:
                counts[str(r.rule)] += (r.safe | r.mines).bit_count()
        return counts

    # -- rounds -------------------------------------------------------------------------
    def start(self) -> None:
        """Forget everything and make the first click."""
        self._reset()
        self._apply(None, 1 << self.first, 0)

    def _apply(self, rule: Rule | None, safe: int, mines: int) -> None:
        new, numbers = self._open(safe)
        mines &= ~self.known_mines
        self.history.append(Round(rule, self.revealed, self.known_mines, safe, mines, new | mines))
        self.work += (new | mines).bit_count() + 1
        if rule is not None:
            self.uses[rule] = self.uses.get(rule, 0) + 1
        for index, number in numbers.items():
            self._numbers[index] = number
        self.revealed |= new
        self.known_mines |= mines
        self._update_constraints(new | mines, mines, numbers)

    def _update_constraints(self, changed: int, mines: int, numbers: dict[int, int]) -> None:
        neighbours = self._neighbours
        constraints = self.constraints
        touched = self._around(changed) & self.active
        dirty = 0
        for source in iter_bits(touched):
            old = constraints[source]
            assert old is not None
            cells = old.cells & ~changed
            count = old.count - (old.cells & mines).bit_count()
            if cells:
                constraints[source] = Constraint(cells, count, source)
                dirty |= 1 << source
            else:
                if count:
                    raise AssertionError(f"unsound reasoning: the number at {source} can no longer be satisfied")
                constraints[source] = None
                self.active &= ~(1 << source)
        unknown = self.unknown
        known_mines = self.known_mines
        for index, number in numbers.items():
            around = neighbours[index]
            cells = around & unknown
            if cells:
                constraints[index] = Constraint(cells, number - (around & known_mines).bit_count(), index)
                self.active |= 1 << index
                dirty |= 1 << index
        self._dirty_simple |= dirty
        self._dirty_pair |= dirty

    # -- the tiers: each returns (safe, mines) masks of unknown cells it proves ---------
    def _global(self) -> tuple[int, int]:
        found = global_conclusion(self.unknown, self.mines_left)
        return (0, 0) if found is None else found

    def _simple(self) -> tuple[int, int]:
        safe = mines = 0
        constraints = self.constraints
        for source in iter_bits(self._dirty_simple & self.active):
            constraint = constraints[source]
            assert constraint is not None
            if constraint.count == 0:
                safe |= constraint.cells
            elif constraint.count == constraint.cells.bit_count():
                mines |= constraint.cells
        self._dirty_simple = 0
        return safe, mines

    def _pair(self) -> tuple[int, int]:
        safe = mines = 0
        constraints = self.constraints
        active = self.active
        dirty = self._dirty_pair & active
        rings = self._rings
        for a in iter_bits(dirty):
            first = constraints[a]
            assert first is not None
            # a pair of two changed numbers is checked once, from the lower one
            for b in iter_bits(rings[a] & active & ~(dirty & ((1 << a) - 1))):
                second = constraints[b]
                assert second is not None
                if first.cells & second.cells:
                    found = pair_conclusion(first, second)
                    if found is not None:
                        safe |= found[0]
                        mines |= found[1]
        self._dirty_pair = 0
        return safe, mines

    def _enumeration(self) -> tuple[int, int]:
        constraints = self.constraints
        # an active number always has its constraint
        cited = [(constraints[s].cells, constraints[s].count) for s in iter_bits(self.active)]  # type: ignore[union-attr]
        unknown = self.unknown
        analysis = analyze(cited, unknown, self.mines_left)
        if not analysis.consistent:
            raise AssertionError("unsound reasoning: the revealed numbers have no consistent placement")
        return analysis.safe & unknown, analysis.mines & unknown

    def step(self, tiers: Sequence[Rule]) -> Rule | None:
        """Play one round with the first of ``tiers`` that proves something; the rule
        used, or None when stuck.  ``GameError`` quoting a tier this player does not implement
        (it never runs one tier as another)."""
        for rule in tiers:
            finder = self._tiers.get(rule)
            if finder is None:
                raise GameError(_unknown_tier(rule))
            safe, mines = finder()
            if safe | mines:
                if safe & mines:
                    raise AssertionError(f"unsound reasoning: {rule} proved cells both safe and mined")
                self._apply(rule, safe, mines)
                return rule
        return None

    def run(self, policy: TierPolicy) -> bool:
        """Play rounds until the game is won (True) or no allowed tier proves anything (False)."""
        if not self.history:
            self.start()
        while not self.won():
            _budget.spend(64)  # a round: its steps are counted where they enumerate
            if self.step(policy(self.history)) is None:
                return False
        return True

    # -- repairs ------------------------------------------------------------------------
    def change_layout(self, layout: int) -> None:
        """Replace the layout and rewind to the last round that the change cannot affect.

        A round's reasoning depends only on the numbers revealed before it, so
        the rounds before the first one that revealed a changed number (or
        revealed or proved a changed cell) stay valid.
        """
        changed = layout ^ self._layout
        self._layout = layout
        if not changed or not self.history:
            return
        reach = self._around(changed) & (self.revealed | self.known_mines)
        if not reach:
            return
        earliest = next(number for number, played in enumerate(self.history) if played.decided & reach)
        self.rewind(earliest)

    def rewind(self, round_index: int) -> None:
        """Go back to the state just before round ``round_index`` (0 = before the first click)."""
        if round_index <= 0:
            self.start()
            return
        kept = self.history[:round_index]
        state = self.history[round_index]
        for dropped in self.history[round_index:]:
            if dropped.rule is not None:
                self.uses[dropped.rule] -= 1
        undone = (self.revealed | self.known_mines) & ~(state.revealed | state.known_mines)
        for index in iter_bits(undone):
            self._numbers[index] = -1
        self.history = kept
        self.revealed = state.revealed
        self.known_mines = state.known_mines
        self._rebuild_constraints()

    def _rebuild_constraints(self) -> None:
        neighbours = self._neighbours
        numbers = self._numbers
        unknown = self.unknown
        known_mines = self.known_mines
        self.constraints = [None] * self.size
        self.active = 0
        for index in iter_bits(self.revealed):
            around = neighbours[index]
            cells = around & unknown
            if cells:
                # every number still revealed is unchanged (see change_layout)
                count = numbers[index] - (around & known_mines).bit_count()
                self.constraints[index] = Constraint(cells, count, index)
                self.active |= 1 << index
        self._dirty_simple = self.active
        self._dirty_pair = self.active
