"""Written proofs for enumeration steps, as data.

To prove that cell T is safe (or a mine), suppose the opposite and follow the
cited numbers one at a time ("then the 1 at E6 has all its mines, so E7 is
safe") until some number can no longer be satisfied: its *clash*, with the
mines it would touch and the room it would have left.  When one-number steps
get stuck, the proof splits on one cell ("either D8 is a mine or it is
safe") and shows that both cases fail.  The mine count, when the step needs
it, takes part as one more constraint over every unknown cell.

When forward steps alone reach the cell (typically the mine count against
numbers whose cells do not overlap: "only 2 mines are left and the 2 at A4
needs both, so every other cell is safe"), the proof is that direct chain.

A proof is a flat tuple of ``ProofStep`` data.  Each step carries the
suppositions in force (``assume``), the numbers it uses and every figure its
sentence states, so that a checker (``tests/oracles/proofs.py``) replays it
from the board alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from explainer.engine import budget as _budget
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import Areas, Clash, ProofStep

__all__ = ["ProofConstraint", "build_proof"]

#: how many unknown cells a split may try, and how many branches a search may explore
_MAX_SPLIT_CANDIDATES = 10
_BRANCH_BUDGET = 3000

#: suppositions in force: (cell, is_mine), outermost first
Assume = tuple[tuple[Cell, bool], ...]


@dataclass(frozen=True, slots=True)
class ProofConstraint:
    """``count`` mines among the unknown ``cells``, said by the number at ``source`` (-1: the mine
    count); ``known`` are the proved mines it touches, already taken out of ``count``."""

    cells: int
    count: int
    source: int
    known: int = 0


def _split_outcome(rest_mines: int, rest_cells: int) -> str | None:
    if rest_mines < 0:
        return "too_many"
    if rest_mines > rest_cells:
        return "too_few"
    if rest_cells and rest_mines == 0:
        return "safe"
    if rest_cells and rest_mines == rest_cells:
        return "mines"
    return None


@dataclass
class _Branch:
    mines: int
    safe: int


def _status(constraint: ProofConstraint, branch: _Branch) -> tuple[int, int]:
    """(mines still needed, unknown cells left) for one constraint in a branch."""
    placed = (constraint.cells & branch.mines).bit_count()
    free = constraint.cells & ~(branch.mines | branch.safe)
    return constraint.count - placed, free


class _Builder:
    def __init__(self, board: Board, constraints: Sequence[ProofConstraint], mines_left: int | None) -> None:
        self.board = board
        self.constraints = list(constraints)
        self.mines_left = mines_left
        self.budget = _BRANCH_BUDGET

    def cells(self, mask: int) -> CellSet:
        return CellSet(mask, self.board.width)

    def _clue(self, constraint: ProofConstraint) -> tuple[Cell, ...]:
        return () if constraint.source < 0 else (self.board.cell(constraint.source),)

    def _value(self, constraint: ProofConstraint) -> int:
        """What the number shows (or the board's mine total)."""
        return constraint.count + constraint.known.bit_count()

    def _found(self, constraint: ProofConstraint, branch: _Branch) -> int:
        """The mines it touches in ``branch``: proved, concluded and supposed."""
        return constraint.known | (constraint.cells & branch.mines)

    def _clash(self, constraint: ProofConstraint, branch: _Branch, assume: Assume) -> ProofStep | None:
        need, free = _status(constraint, branch)
        if 0 <= need <= free.bit_count():
            return None
        number = None if constraint.source < 0 else self.board.cell(constraint.source)
        clash = Clash(number, self._value(constraint), self._found(constraint, branch).bit_count(), free.bit_count())
        return ProofStep(
            "clash", {}, self._clue(constraint), assume=assume, clash=clash, uses_mine_count=constraint.source < 0
        )

    def contradiction(self, branch: _Branch, assume: Assume) -> ProofStep | None:
        for constraint in self.constraints:
            step = self._clash(constraint, branch, assume)
            if step is not None:
                return step
        return None

    def forced_step(self, branch: _Branch, assume: Assume) -> ProofStep | None:
        for constraint in self.constraints:
            need, free = _status(constraint, branch)
            if not free:
                continue
            size = free.bit_count()
            if need == 0:
                branch.safe |= free
                return self._rest(constraint, branch, assume, free, safe=True, need=need)
            if need == size:
                branch.mines |= free
                return self._rest(constraint, branch, assume, free, safe=False, need=need)
        return self.pair_step(branch, assume)

    def _rest(
        self, constraint: ProofConstraint, branch: _Branch, assume: Assume, free: int, safe: bool, need: int
    ) -> ProofStep:
        """One number (or the count) decides its unknown cells: all safe or all mines."""
        cells = self.cells(free)
        if constraint.source < 0:
            params: dict[str, object] = {"left": need, "count": free.bit_count()}
            message = "count.rest_safe" if safe else "count.rest_mines"
        else:
            found = self._found(constraint, branch) & ~free  # the mines it had before this step
            params = {
                "number": self._value(constraint),
                "clue": self.board.cell(constraint.source),
                "count": free.bit_count(),
                "found": found.bit_count(),
                "found_at": self.cells(found),
                "missing": need,
            }
            message = "simple.all_safe" if safe else "simple.all_mines"
        return ProofStep(
            message,
            params,
            self._clue(constraint),
            cells if safe else None,
            None if safe else cells,
            assume,
            uses_mine_count=constraint.source < 0,
        )

    def count_split(self, branch: _Branch, assume: Assume) -> ProofStep | None:
        """The mine count against numbers whose covered cells do not overlap:
        together they hold exactly the mines they still need, so the other
        covered cells hold the rest (all safe, all mines, or impossible)."""
        count = next((c for c in self.constraints if c.source < 0), None)
        if count is None:
            return None
        left, everything = _status(count, branch)
        statuses = [(c, *_status(c, branch)) for c in self.constraints if c.source >= 0]
        statuses = [(c, need, free) for c, need, free in statuses if free]
        orders = (
            sorted(statuses, key=lambda item: (-item[2].bit_count(), item[0].source)),
            sorted(statuses, key=lambda item: (-item[1], item[0].source)),
        )
        for order in orders:
            chosen, union, held = [], 0, 0
            for constraint, need, free in order:
                if free & union:
                    continue
                chosen.append(constraint)
                union |= free
                held += need
            rest = everything & ~union
            outcome = _split_outcome(left - held, rest.bit_count())
            if outcome is None:
                continue
            chosen.sort(key=lambda c: c.source)
            numbers = tuple(self.board.cell(c.source) for c in chosen)
            params: dict[str, object] = {"numbers": numbers, "held": held, "left": left, "count": rest.bit_count()}
            clash = None
            if outcome in ("too_many", "too_few"):
                # the board would hold the mines placed so far and the ones these numbers need, with the
                # cells outside them as the only room for the rest
                placed = self._found(count, branch).bit_count()
                clash = Clash(None, self._value(count), placed + held, rest.bit_count())
            step = ProofStep(
                "count.split",
                params,
                numbers,
                safe=self.cells(rest) if outcome == "safe" else None,
                mines=self.cells(rest) if outcome == "mines" else None,
                assume=assume,
                clash=clash,
                uses_mine_count=True,
            )
            if outcome == "safe":
                branch.safe |= rest
            elif outcome == "mines":
                branch.mines |= rest
            return step
        return None

    def pair_step(self, branch: _Branch, assume: Assume) -> ProofStep | None:
        """Two numbers together (common and unique areas) force some cells."""
        from explainer.core.constraints import Constraint
        from explainer.engine.rules.pair import pair_conclusion, pair_figures

        reduced = []
        for constraint in self.constraints:
            need, free = _status(constraint, branch)
            if free and constraint.source >= 0:
                reduced.append(Constraint(free, need, constraint.source))
        for i, a in enumerate(reduced):
            for b in reduced[i + 1 :]:
                found = pair_conclusion(a, b)
                if found is None:
                    continue
                safe, mines, low, high = found
                branch.safe |= safe
                branch.mines |= mines
                board = self.board
                common = a.cells & b.cells
                areas = Areas(self.cells(common), self.cells(a.cells & ~common), self.cells(b.cells & ~common))
                clues = (board.cell(a.source), board.cell(b.source))
                params = pair_figures(board.cells[a.source], board.cells[b.source], clues, a.count, b.count, low, high, areas)
                message = "pair.safe_and_mines" if safe and mines else "pair.safe" if safe else "pair.mines"
                return ProofStep(
                    message,
                    params,
                    clues,
                    safe=self.cells(safe) if safe else None,
                    mines=self.cells(mines) if mines else None,
                    assume=assume,
                )
        return None

    def direct(self, target: int, limit: int = 12) -> tuple[ProofStep, ...] | None:
        """Forward steps from what is known that reach ``target``, if short."""
        branch = _Branch(0, 0)
        steps: list[ProofStep] = []
        bit = 1 << target
        while len(steps) < limit and not (branch.mines | branch.safe) & bit:
            step = self.forced_step(branch, ()) or self.count_split(branch, ())
            if step is None or step.clash is not None:
                return None
            steps.append(step)
        return tuple(steps) if (branch.mines | branch.safe) & bit else None

    def refute(self, branch: _Branch, depth: int, assume: Assume) -> list[ProofStep] | None:
        """Steps that lead from ``branch`` (``assume`` in force) to a clash in every case, or None."""
        self.budget -= 1
        if self.budget < 0:
            return None
        _budget.spend(len(self.constraints) + 1)  # a branch: its steps scan every constraint
        steps: list[ProofStep] = []
        while True:
            stop = self.contradiction(branch, assume)
            if stop is not None:
                steps.append(stop)
                return steps
            step = self.forced_step(branch, assume) or self.count_split(branch, assume)
            if step is None:
                break
            steps.append(step)
            if step.clash is not None:
                return steps
        if depth == 0:
            return None
        for cell in self._split_candidates(branch):
            bit = 1 << cell
            cases: list[ProofStep] = []
            for as_mine in (True, False):
                case = (*assume, (self.board.cell(cell), as_mine))
                sub = _Branch(branch.mines | (bit if as_mine else 0), branch.safe | (0 if as_mine else bit))
                sub_steps = self.refute(sub, depth - 1, case)
                if sub_steps is None:
                    break
                cases.append(ProofStep("case", {"cell": self.board.cell(cell)}, (), assume=case))
                cases.extend(sub_steps)
            else:
                return steps + cases
        return None

    def _split_candidates(self, branch: _Branch) -> list[int]:
        """Unknown cells of the tightest numbers first (they propagate most)."""
        scored: dict[int, int] = {}
        for constraint in self.constraints:
            if constraint.source < 0:
                continue
            need, free = _status(constraint, branch)
            if not free:
                continue
            for cell in iter_bits(free):
                score = free.bit_count()
                scored[cell] = min(scored.get(cell, score), score)
        return sorted(scored, key=lambda cell: (scored[cell], cell))[:_MAX_SPLIT_CANDIDATES]


def build_proof(
    board: Board,
    constraints: Sequence[ProofConstraint],
    target: int,
    target_is_mine: bool,
    mines_left: int | None,
    max_depth: int = 3,
) -> tuple[ProofStep, ...] | None:
    """A proof that ``target`` is a mine (or safe): forward steps that reach it, or a proof by
    contradiction with at most ``max_depth`` nested splits; None if neither is found."""
    builder = _Builder(board, constraints, mines_left)
    bit = 1 << target
    direct = builder.direct(target)
    if direct is not None:
        return direct
    cell = board.cell(target)
    supposed: Assume = ((cell, not target_is_mine),)
    branch = _Branch(0 if target_is_mine else bit, bit if target_is_mine else 0)
    suppose = ProofStep("suppose", {"cell": cell}, (), assume=supposed)
    for depth in range(max_depth + 1):
        trial = _Branch(branch.mines, branch.safe)
        steps = builder.refute(trial, depth, supposed)
        if steps is not None:
            conclusion = ProofStep(
                "therefore",
                {"cell": cell},
                (),
                safe=None if target_is_mine else builder.cells(bit),
                mines=builder.cells(bit) if target_is_mine else None,
            )
            return (suppose, *steps, conclusion)
    return None
