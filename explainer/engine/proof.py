"""Written proofs for enumeration steps: proof by contradiction.

To prove that cell T is safe (or a mine), suppose the opposite and follow the
cited numbers one at a time ("then the 1 at E6 has its mine, so E7 is
safe") until some number can no longer be satisfied.  When one-number steps
get stuck, the proof splits on one cell ("either D8 is a mine or it is
safe") and shows that both cases fail.  The mine count, when the step needs
it, takes part as one more constraint over every unknown cell.

When forward steps alone reach the cell (typically the mine count against
numbers whose cells do not overlap: "only 2 mines are left and the 2 at A4
needs both, so every other cell is safe"), the proof is that direct chain.

A proof is a flat tuple of ``ProofStep`` data; ``check_proof`` replays it and
verifies every step against the numbers it names, by brute force.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from explainer.engine import budget as _budget
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import ProofStep

__all__ = ["ProofConstraint", "build_proof", "check_proof", "ProofError"]

#: how many unknown cells a split may try, and how many branches a search may explore
_MAX_SPLIT_CANDIDATES = 10
_BRANCH_BUDGET = 3000


class ProofError(AssertionError):
    """A proof step that does not follow from what it names."""


@dataclass(frozen=True, slots=True)
class ProofConstraint:
    """``count`` mines among ``cells``; ``source`` is a number's index, or -1 for the mine count."""

    cells: int
    count: int
    source: int


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

    def _params(self, constraint: ProofConstraint, **extra: object) -> dict[str, object]:
        params: dict[str, object] = dict(extra)
        if constraint.source >= 0:
            params["number"] = self.board.cells[constraint.source]
            params["clue"] = self.board.cell(constraint.source)
        else:
            params["mines_left"] = constraint.count
        return params

    def contradiction(self, branch: _Branch) -> ProofStep | None:
        for constraint in self.constraints:
            need, free = _status(constraint, branch)
            kind = "number" if constraint.source >= 0 else "count"
            if need < 0:
                return ProofStep(
                    f"proof.{kind}.too_many",
                    self._params(constraint, placed=(constraint.cells & branch.mines).bit_count()),
                    self._clue(constraint),
                )
            if need > free.bit_count():
                return ProofStep(
                    f"proof.{kind}.too_few",
                    self._params(constraint, need=need, free=free.bit_count()),
                    self._clue(constraint),
                )
        return None

    def forced_step(self, branch: _Branch) -> ProofStep | None:
        for constraint in self.constraints:
            need, free = _status(constraint, branch)
            if not free:
                continue
            kind = "number" if constraint.source >= 0 else "count"
            if need == 0:
                branch.safe |= free
                return ProofStep(
                    f"proof.{kind}.rest_safe",
                    self._params(constraint, cells=self.cells(free), count=free.bit_count()),
                    self._clue(constraint),
                    safe=self.cells(free),
                )
            if need == free.bit_count():
                branch.mines |= free
                return ProofStep(
                    f"proof.{kind}.rest_mines",
                    self._params(constraint, cells=self.cells(free), count=free.bit_count()),
                    self._clue(constraint),
                    mines=self.cells(free),
                )
        return self.pair_step(branch)

    def count_split(self, branch: _Branch) -> ProofStep | None:
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
            step = ProofStep(
                "proof.count.split",
                {
                    "numbers": tuple(self.board.cell(c.source) for c in chosen),
                    "held": held,
                    "left": left,
                    "cells": self.cells(rest),
                    "count": rest.bit_count(),
                    "outcome": outcome,
                },
                tuple(self.board.cell(c.source) for c in chosen),
                safe=self.cells(rest) if outcome == "safe" else None,
                mines=self.cells(rest) if outcome == "mines" else None,
            )
            if outcome == "safe":
                branch.safe |= rest
            elif outcome == "mines":
                branch.mines |= rest
            return step
        return None

    def pair_step(self, branch: _Branch) -> ProofStep | None:
        """Two numbers together (common and unique areas) force some cells."""
        from explainer.core.constraints import Constraint
        from explainer.engine.rules.pair import pair_conclusion

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
                safe, mines, _low, _high = found
                branch.safe |= safe
                branch.mines |= mines
                board = self.board
                return ProofStep(
                    "proof.pair",
                    {
                        "a": board.cells[a.source],
                        "a_clue": board.cell(a.source),
                        "b": board.cells[b.source],
                        "b_clue": board.cell(b.source),
                        "safe": self.cells(safe),
                        "mines": self.cells(mines),
                    },
                    (board.cell(a.source), board.cell(b.source)),
                    safe=self.cells(safe) if safe else None,
                    mines=self.cells(mines) if mines else None,
                )
        return None

    def direct(self, target: int, limit: int = 12) -> tuple[ProofStep, ...] | None:
        """Forward steps from what is known that reach ``target``, if short."""
        branch = _Branch(0, 0)
        steps: list[ProofStep] = []
        bit = 1 << target
        while len(steps) < limit and not (branch.mines | branch.safe) & bit:
            step = self.forced_step(branch) or self.count_split(branch)
            if step is None or step.params.get("outcome") in ("too_many", "too_few"):
                return None
            steps.append(step)
        return tuple(steps) if (branch.mines | branch.safe) & bit else None

    def refute(self, branch: _Branch, depth: int) -> list[ProofStep] | None:
        """Steps that lead from ``branch`` to a contradiction, or None."""
        self.budget -= 1
        if self.budget < 0:
            return None
        _budget.spend(len(self.constraints) + 1)  # a branch: its steps scan every constraint
        steps: list[ProofStep] = []
        while True:
            stop = self.contradiction(branch)
            if stop is not None:
                steps.append(stop)
                return steps
            step = self.forced_step(branch) or self.count_split(branch)
            if step is None:
                break
            steps.append(step)
            if step.params.get("outcome") in ("too_many", "too_few"):
                return steps
        if depth == 0:
            return None
        for cell in self._split_candidates(branch):
            bit = 1 << cell
            cases: list[ProofStep] = []
            for as_mine in (True, False):
                sub = _Branch(branch.mines | (bit if as_mine else 0), branch.safe | (0 if as_mine else bit))
                sub_steps = self.refute(sub, depth - 1)
                if sub_steps is None:
                    break
                name = "proof.case_mine" if as_mine else "proof.case_safe"
                cases.append(ProofStep(name, {"cell": self.board.cell(cell)}, (), *self._case_marks(bit, as_mine)))
                cases.extend(sub_steps)
                cases.append(ProofStep("proof.case_end", {}))
            else:
                return steps + cases
        return None

    def _case_marks(self, bit: int, as_mine: bool) -> tuple[CellSet | None, CellSet | None]:
        return (None, self.cells(bit)) if as_mine else (self.cells(bit), None)

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
    """A proof by contradiction that ``target`` is a mine (or safe), or None
    if one-number steps with at most ``max_depth`` nested splits do not reach one."""
    builder = _Builder(board, constraints, mines_left)
    bit = 1 << target
    direct = builder.direct(target)
    if direct is not None:
        return direct
    branch = _Branch(0 if target_is_mine else bit, bit if target_is_mine else 0)
    assume = ProofStep(
        "proof.suppose_safe" if target_is_mine else "proof.suppose_mine",
        {"cell": board.cell(target)},
        (),
        *builder._case_marks(bit, not target_is_mine),
    )
    for depth in range(max_depth + 1):
        trial = _Branch(branch.mines, branch.safe)
        steps = builder.refute(trial, depth)
        if steps is not None:
            conclusion = ProofStep(
                "proof.therefore_mine" if target_is_mine else "proof.therefore_safe",
                {"cell": board.cell(target)},
                (),
            )
            return (assume, *steps, conclusion)
    return None


# -- mechanical check ---------------------------------------------------------


def _satisfiable(constraints: Sequence[ProofConstraint], mines: int, safe: int) -> bool:
    """Brute force: can the named constraints all hold, given fixed cells?"""
    scope = 0
    for c in constraints:
        scope |= c.cells
    free = list(iter_bits(scope & ~(mines | safe)))
    if len(free) > 22:
        raise ProofError("a proof step names too many unknown cells to check")
    for size in range(len(free) + 1):
        for chosen in combinations(free, size):
            extra = 0
            for cell in chosen:
                extra |= 1 << cell
            placed = mines | extra
            if all((c.cells & placed).bit_count() == c.count for c in constraints):
                return True
    return False


def check_proof(
    board: Board,
    constraints: Sequence[ProofConstraint],
    steps: Sequence[ProofStep],
) -> tuple[int, int]:
    """Replay ``steps``; raise ``ProofError`` at the first that does not follow
    from the numbers (or mine count) it names and the assumptions in force.

    The mine-count constraint (``source == -1``) is checked by counting, not
    by brute force, since it spans every unknown cell.  Returns the (mines,
    safe) masks the proof establishes: the target of a proof by
    contradiction, or everything a direct proof decides.
    """
    by_clue = {board.cell(c.source): c for c in constraints if c.source >= 0}
    count = next((c for c in constraints if c.source < 0), None)
    stack: list[tuple[int, int]] = []
    mines = safe = 0
    closed = False
    # a split is "case X is a mine" then "case X is safe", both refuted
    last_case: dict[int, tuple[int, int]] = {}

    def named(step: ProofStep) -> list[ProofConstraint]:
        if step.clues:
            try:
                return [by_clue[clue] for clue in step.clues]
            except KeyError as error:
                raise ProofError(f"step {step.message} names a number that is not cited: {error}") from None
        if count is None:
            raise ProofError(f"step {step.message} uses the mine count, which is not cited")
        return [count]

    def follows(cited: list[ProofConstraint], cell_mask: int, as_mine: bool) -> bool:
        for cell in iter_bits(cell_mask):
            bit = 1 << cell
            opposite = (mines, safe | bit) if as_mine else (mines | bit, safe)
            if cited[0].source < 0:
                need, free = cited[0].count - (cited[0].cells & opposite[0]).bit_count(), cited[0].cells & ~(
                    opposite[0] | opposite[1]
                )
                if 0 <= need <= free.bit_count():
                    return False
            elif _satisfiable(cited, *opposite):
                return False
        return True

    supposed: tuple[tuple[int, int], str] | None = None
    for step in steps:
        kind = step.message
        if kind.startswith("proof.suppose"):
            supposed = (tuple(step.params["cell"]), kind)
        if kind in ("proof.suppose_mine", "proof.suppose_safe", "proof.case_mine", "proof.case_safe"):
            cell = step.params["cell"]
            bit = 1 << board.index(*cell)
            if kind.startswith("proof.case"):
                depth = len(stack)
                if kind == "proof.case_safe" and last_case.pop(depth, None) != (bit, 1):
                    raise ProofError("a 'safe' case must follow the refuted 'mine' case of the same cell")
                if kind == "proof.case_mine":
                    last_case[depth] = (bit, 0)
                stack.append((mines, safe))
                closed = False
            if kind.endswith("mine"):
                mines |= bit
            else:
                safe |= bit
        elif kind == "proof.case_end":
            if not closed:
                raise ProofError("a case ends without a contradiction")
            mines, safe = stack.pop()
            depth = len(stack)
            if depth in last_case and last_case[depth][1] == 0:
                last_case[depth] = (last_case[depth][0], 1)
                closed = False  # the 'mine' case is refuted; the 'safe' case must follow
        elif kind == "proof.count.split":
            if count is None:
                raise ProofError("a counting step without the mine count")
            cited = named(step)
            union = held = 0
            for constraint in cited:
                free = constraint.cells & ~(mines | safe)
                if free & union:
                    raise ProofError(f"the numbers at {step.clues} overlap")
                union |= free
                held += constraint.count - (constraint.cells & mines).bit_count()
            left = count.count - (count.cells & mines).bit_count()
            rest = count.cells & ~(mines | safe) & ~union
            outcome = _split_outcome(left - held, rest.bit_count())
            if outcome != step.params["outcome"] or (outcome in ("safe", "mines") and step.params["cells"].mask != rest):
                raise ProofError(f"the counting step at {step.clues} does not follow")
            if outcome == "safe":
                safe |= rest
            elif outcome == "mines":
                mines |= rest
            else:
                closed = True
        elif kind == "proof.pair":
            cited = named(step)
            for cells, as_mine in ((step.safe, False), (step.mines, True)):
                if cells and not follows(cited, cells.mask, as_mine):
                    raise ProofError(f"step {kind} at {step.clues} does not follow")
            mines |= step.mines.mask if step.mines else 0
            safe |= step.safe.mask if step.safe else 0
        elif kind.endswith(("rest_safe", "rest_mines")):
            cited = named(step)
            as_mine = kind.endswith("rest_mines")
            cells = (step.mines if as_mine else step.safe) or CellSet(0, board.width)
            if not cells or not follows(cited, cells.mask, as_mine):
                raise ProofError(f"step {kind} at {step.clues} does not follow")
            if as_mine:
                mines |= cells.mask
            else:
                safe |= cells.mask
        elif kind.endswith(("too_many", "too_few")):
            cited = named(step)
            if cited[0].source < 0:
                need = cited[0].count - (cited[0].cells & mines).bit_count()
                free = cited[0].cells & ~(mines | safe)
                if 0 <= need <= free.bit_count():
                    raise ProofError("the mine count is not contradicted")
            elif _satisfiable(cited, mines, safe):
                raise ProofError(f"step {kind} at {step.clues} is not a contradiction")
            closed = True
        elif kind in ("proof.therefore_mine", "proof.therefore_safe"):
            if not closed or stack or last_case:
                raise ProofError("the proof concludes before every case is refuted")
            opposite = "proof.suppose_safe" if kind == "proof.therefore_mine" else "proof.suppose_mine"
            if supposed != (tuple(step.params["cell"]), opposite):
                raise ProofError("the conclusion is not the opposite of what was supposed")
        else:
            raise ProofError(f"unknown proof step {kind}")
    if supposed is None:
        return mines, safe  # a direct proof: what the steps decided
    if not steps[-1].message.startswith("proof.therefore"):
        raise ProofError("a proof by contradiction must end with its conclusion")
    cell = board.index(*supposed[0])
    return (1 << cell, 0) if supposed[1] == "proof.suppose_safe" else (0, 1 << cell)
