"""Playing a layout from its first click the way a player reasons, with a
limit on how deep that reasoning may go.

The reasoning is the engine's: a number's constraint (``Constraint``), the
mine count (global), one number (simple), two numbers
(``rules.pair.pair_conclusion``) and exact enumeration
(``enumeration.analyze``).  It only ever reads the revealed numbers, the
mine count and what it proved itself: it never holds the layout.  As in
Tatham's mines.c, the solver is given a callback, ``open_cell(index) ->
number``, that plays the game's part; the generator (``play.generate``)
supplies it from its layout, changes the layout where the player gets stuck,
and tells the player which cells changed (``forget``).  The player opens the
neighbours of a 0 itself, as the game does, and knows it has won when it has
opened every cell but the mines.

It is built for generation, where a board is solved and then repaired many
times, so it is incremental:

* each round applies *everything* one tier proves, cheapest tier first;
* the numbers seen, the proved cells and the constraints, updated only around
  the cells a round decided, are the engine's incremental state
  (``engine.incremental.Incremental``, the bot's too), and the one-number
  tier is the engine's one propagation run for one round
  (``engine.propagate.one_round``); the one-number and two-number checks only
  look at numbers that changed;
* every round is recorded, so after the layout changes the solve resumes from
  the last round whose numbers did not change (``forget``).

``tests.oracles.verify`` checks the same thing the slow, obvious way (through
``Game.view()`` and the rule functions) for tests.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from explainer.engine import budget as _budget
from explainer.core.board import cells_within, reveal
from explainer.core.cells import iter_bits
from explainer.core.constraints import Constraint
from explainer.core.deduction import Rule
from explainer.engine.count import analyze
from explainer.engine.incremental import Incremental
from explainer.engine.propagate import one_round
from explainer.engine.rules import DEPTHS, RULES, parse_rule, tiers_up_to
from explainer.engine.rules.global_count import global_conclusion
from explainer.engine.rules.pair import pair_conclusion
from explainer.play.game import GameError

__all__ = ["DEPTHS", "IMPLEMENTED", "OpenCell", "Round", "PlayerSimulation", "tiers_up_to", "parse_rule", "check_tiers"]


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


#: the game's part: open the cell at an index (proved safe) and say its number
OpenCell = Callable[[int], int]


class PlayerSimulation(Incremental):
    """A player solving a hidden layout from ``first`` by deduction alone.

    It never holds the layout: ``open_cell(index)`` (the game's part, supplied by
    whoever holds the layout: the generator) reveals a cell's number, and the
    mine count says when the game is won.  Its numbers, proved cells and reduced
    constraints are the engine's incremental state (``engine.incremental.Incremental``,
    shared with the bot): safe cells are opened as soon as a round proves them, so
    ``safe`` stays empty."""

    def __init__(self, height: int, width: int, mine_count: int, first: int, open_cell: OpenCell) -> None:
        super().__init__(height, width, mine_count)
        self.mine_count = mine_count
        self.first = first
        self._open_cell = open_cell
        self._goal = self.size - mine_count  # cells to open
        self._rings = cells_within(height, width, 2)
        self.history: list[Round] = []
        #: rule -> this player's tier (each returns the (safe, mines) masks it proves)
        self._tiers: Mapping[Rule, Callable[[], tuple[int, int]]] = {
            rule: getattr(self, name) for rule, name in _TIER_METHODS.items()
        }
        #: cells decided (and rounds played) over the whole life of the simulation: its cost
        self.work = 0
        self._reset()

    # -- opening cells: through the game's callback --------------------------------------
    def _open(self, cells: int) -> tuple[int, dict[int, int]]:
        """Open ``cells`` (proved safe) and, as the game does, every neighbour of a 0,
        spreading on (``core.board.reveal``, with the numbers asked of the game);
        the newly revealed cells and their numbers."""
        return reveal(cells, self.neighbours, self._open_cell, self.revealed)

    def won(self) -> bool:
        """Every safe cell is open (the mine count says how many there are)."""
        return self.revealed.bit_count() == self._goal

    # -- state --------------------------------------------------------------------------
    def _reset(self) -> None:
        self.clear()
        self._dirty_pair = 0
        self.uses: dict[Rule, int] = {}  # rounds played by each rule
        self.history = []

    @property
    def known_mines(self) -> int:
        return self.mines

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

    def give(self, index: int) -> None:
        """The game opens the safe cell ``index`` for the player: a guess that the layout makes safe (grading a board
        that needs one, ``explainer.play.grade``)."""
        self._apply(None, 1 << index, 0)

    def _apply(self, rule: Rule | None, safe: int, mines: int) -> None:
        new, numbers = self._open(safe)
        mines &= ~self.mines
        self.history.append(Round(rule, self.revealed, self.mines, safe, mines, new | mines))
        self.work += (new | mines).bit_count() + 1
        if rule is not None:
            self.uses[rule] = self.uses.get(rule, 0) + 1
        self._dirty_pair |= self.reveal_all(new, numbers, mines)
        if self.broken:
            source = (self.broken & -self.broken).bit_length() - 1
            raise AssertionError(f"unsound reasoning: the number at {source} can no longer be satisfied")

    # -- the tiers: each returns (safe, mines) masks of unknown cells it proves ---------
    def _global(self) -> tuple[int, int]:
        found = global_conclusion(self.unknown, self.mines_left)
        return (0, 0) if found is None else found

    def _simple(self) -> tuple[int, int]:
        safe, mines, _still, _bad = one_round(self.cells, self.need, self.dirty & self.active)
        self.dirty = 0
        return safe, mines

    def _pair(self) -> tuple[int, int]:
        safe = mines = 0
        cells, need = self.cells, self.need
        active = self.active
        dirty = self._dirty_pair & active
        rings = self._rings
        for a in iter_bits(dirty):
            first = Constraint(cells[a], need[a], a)
            mine = first.cells
            # a pair of two changed numbers is checked once, from the lower one
            for b in iter_bits(rings[a] & active & ~(dirty & ((1 << a) - 1))):
                if mine & cells[b]:
                    found = pair_conclusion(first, Constraint(cells[b], need[b], b))
                    if found is not None:
                        safe |= found[0]
                        mines |= found[1]
        self._dirty_pair = 0
        return safe, mines

    def _enumeration(self) -> tuple[int, int]:
        cells, need = self.cells, self.need
        cited = [(cells[s], need[s]) for s in iter_bits(self.active)]
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
    def forget(self, changed: int) -> None:
        """The game changed what ``changed`` (a mask of cells) hold: rewind to the last
        round that the change cannot affect.

        A round's reasoning depends only on the numbers revealed before it, so
        the rounds before the first one that revealed a changed number (or
        revealed or proved a changed cell) stay valid.
        """
        if not changed or not self.history:
            return
        reach = self.around(changed) & (self.revealed | self.mines)
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
        undone = (self.revealed | self.mines) & ~(state.revealed | state.known_mines)
        numbers = self.numbers
        for index in iter_bits(undone & self.revealed):
            del numbers[index]
        self.history = kept
        self.revealed = state.revealed
        self.mines = state.known_mines
        self.safe = 0
        # every number still revealed is unchanged (see forget)
        self.rebuild()
        self._dirty_pair = self.dirty
