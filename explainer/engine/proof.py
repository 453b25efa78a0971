"""Written proofs for enumeration steps, as data.

To prove that cell T is safe (or a mine), suppose the opposite and follow the
cited numbers ("then the 1 at E6 has all its mines, so E7 is safe") in rounds,
breadth first (every number that decides its cells as the round starts, then
the next round), until some number can no longer be satisfied: its *clash*,
with the mines it would touch and the room it would have left.  Of the clashes
a round reaches, the proof takes the one that rests on the fewest steps.  When one-number steps
get stuck, the proof splits on one cell ("either D8 is a mine or it is
safe") and shows that both cases fail.  The mine count, when the step needs
it, takes part as one more constraint over every unknown cell.

When forward steps alone reach the cell (typically the mine count against
numbers whose cells do not overlap: "only 2 mines are left and the 2 at A4
needs both, so every other cell is safe"), the proof is that direct chain.

A proof keeps only the steps its conclusion rests on: walking back from the
clash (or from the step that decides the cell), a step stays when a later
kept step reads a cell it decided (a step reads every covered cell next to its
numbers, and every cell when it uses the mine count).  A case that never reads
its supposed cell holds without it: the split goes and that case's steps take
its place.  Of the cells whose both cases fail, the split takes the one whose
cases are shortest (weighed with a fresh allowance of branches once a first
proof stands, so that weighing never costs a proof).

A proof is a flat tuple of ``ProofStep`` data.  Each step carries the
suppositions in force (``assume``), the numbers it uses and every figure its
sentence states, so that a checker (``tests/oracles/proofs.py``) replays it
from the board alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from explainer.engine import budget as _budget
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import (
    Areas, Clash, ProofStep, RestFigures, SimpleFigures, SplitFigures, StepKind, SumFigures,
)

__all__ = ["ProofConstraint", "build_proof"]

#: how many unknown cells a split may try, and how many branches a search may explore
_MAX_SPLIT_CANDIDATES = 10
_BRANCH_BUDGET = 3000
#: how many families of numbers a sum step may weigh
_SUM_BUDGET = 2000

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
        #: weigh every split candidate whose cases both fail and keep the shortest (else take the first)
        self.weigh = False
        #: the unknown cells each number covers (by source), and every unknown cell (what the count covers)
        self.cells_of: dict[int, int] = {}
        everything = 0
        for constraint in self.constraints:
            everything |= constraint.cells
            if constraint.source >= 0:
                self.cells_of[constraint.source] = constraint.cells
        self.everything = everything

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
            StepKind.CLASH, {}, self._clue(constraint), assume=assume, clash=clash, uses_mine_count=constraint.source < 0
        )

    def contradictions(self, branch: _Branch, assume: Assume) -> list[ProofStep]:
        """Every number (and the count) that ``branch`` cannot satisfy."""
        found = (self._clash(constraint, branch, assume) for constraint in self.constraints)
        return [step for step in found if step is not None]

    def wave(self, branch: _Branch, assume: Assume) -> list[ProofStep]:
        """One round of steps, breadth first: every number that decides its unknown cells in ``branch`` as it
        stands, applied in turn (a number an earlier step of the round already settled or broke is left to the
        next round or the next clash check); when none does, one two-number step or one use of the mine count.
        Rounds keep each cell's reason as near the supposition as it can be, so the clash a proof ends in rests
        on few steps."""
        ready = []
        for constraint in self.constraints:
            need, free = _status(constraint, branch)
            if free and need in (0, free.bit_count()):
                ready.append(constraint)
        steps = []
        for constraint in ready:
            need, free = _status(constraint, branch)
            if not free or need not in (0, free.bit_count()):
                continue
            safe = need == 0
            if safe:
                branch.safe |= free
            else:
                branch.mines |= free
            steps.append(self._rest(constraint, branch, assume, free, safe=safe, need=need))
        if steps:
            return steps
        step = self.pair_step(branch, assume) or self.count_split(branch, assume)
        if step is None and not assume and not branch.mines | branch.safe:
            step = self.sum_split(branch)
        return [] if step is None else [step]

    def sum_split(self, branch: _Branch) -> ProofStep | None:
        """Numbers against numbers, from the view itself: numbers that share no covered cell hold exactly the
        sum of what they show; when other numbers, whose covered cells all lie among theirs and share none
        either, show as much, the rest of those cells is safe (a ring of 1s around a small opening).  Only
        numbers whose covered neighbours are all undecided take part, so that every count is the board's."""
        board = self.board
        plain = [
            c for c in self.constraints
            if c.source >= 0 and not c.known and c.cells == board.neighbours[c.source] & board.covered_mask
        ]
        if len(plain) < 3:
            return None
        plain.sort(key=lambda c: c.source)
        allowance = [_SUM_BUDGET]

        def inner(options: list[ProofConstraint], start: int, union: int, held: int, chosen: list[ProofConstraint]) -> list[ProofConstraint] | None:
            """Numbers among ``options`` sharing no cell that together show exactly ``held``, leaving cells over."""
            allowance[0] -= 1
            if held == 0:
                return list(chosen) if chosen else None
            for i in range(start, len(options)):
                if allowance[0] < 0:
                    return None
                option = options[i]
                if option.cells & union or option.count > held:
                    continue
                chosen.append(option)
                found = inner(options, i + 1, union | option.cells, held - option.count, chosen)
                chosen.pop()
                if found is not None:
                    return found
            return None

        def outer(start: int, union: int, chosen: list[ProofConstraint]) -> ProofStep | None:
            allowance[0] -= 1
            if allowance[0] < 0:
                return None
            extended = False
            for i in range(start, len(plain)):
                if plain[i].cells & union:
                    continue
                extended = True
                chosen.append(plain[i])
                step = outer(i + 1, union | plain[i].cells, chosen)
                chosen.pop()
                if step is not None:
                    return step
            if extended or len(chosen) < 2 or any(not c.cells & union for c in plain[:start] if c not in chosen):
                return None  # (only families no number can join: the others are weighed inside them)
            held = sum(c.count for c in chosen)
            options = [c for c in plain if c not in chosen and not c.cells & ~union]
            found = inner(options, 0, 0, held, [])
            if found is None:
                return None
            rest = union
            for c in found:
                rest &= ~c.cells
            if not rest:
                return None
            branch.safe |= rest
            params: SumFigures = {
                "outer": tuple(board.cell(c.source) for c in chosen),
                "outer_values": tuple(c.count for c in chosen),
                "inner": tuple(board.cell(c.source) for c in found),
                "inner_values": tuple(c.count for c in found),
                "held": held,
                "count": rest.bit_count(),
            }
            clues = tuple(sorted((*params["outer"], *params["inner"])))
            return ProofStep(StepKind.SUM_SPLIT, params, clues, safe=self.cells(rest))

        _budget.spend(len(plain))
        return outer(0, 0, [])

    def _rest(
        self, constraint: ProofConstraint, branch: _Branch, assume: Assume, free: int, safe: bool, need: int
    ) -> ProofStep:
        """One number (or the count) decides its unknown cells: all safe or all mines."""
        cells = self.cells(free)
        params: RestFigures | SimpleFigures
        if constraint.source < 0:
            params = {"left": need, "count": free.bit_count()}
            message = StepKind.COUNT_REST_SAFE if safe else StepKind.COUNT_REST_MINES
        else:
            found = self._found(constraint, branch) & ~free  # the mines it had before this step
            around = self.board.neighbours[constraint.source] & self.board.covered_mask
            params = {
                # its covered neighbours safe already (proved, concluded or supposed): named when cells are counted
                "aside": self.cells(around & ~free & ~found),
                "number": self._value(constraint),
                "clue": self.board.cell(constraint.source),
                "count": free.bit_count(),
                "found": found.bit_count(),
                "found_at": self.cells(found),
                "missing": need,
            }
            message = StepKind.SIMPLE_ALL_SAFE if safe else StepKind.SIMPLE_ALL_MINES
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
            values = tuple(self.board.cells[c.source] for c in chosen)  # what each number shows: its sentence says it
            # flags the numbers do not prove are undecided cells here: the words name them, as the counter counts them
            unproved = self.cells(everything & self.board.flagged_mask)
            params: SplitFigures = {
                "numbers": numbers, "values": values, "held": held, "left": left, "count": rest.bit_count(), "unproved": unproved,
            }
            clash = None
            if outcome in ("too_many", "too_few"):
                # the board would hold the mines placed so far and the ones these numbers need, with the
                # cells outside them as the only room for the rest
                placed = self._found(count, branch).bit_count()
                clash = Clash(None, self._value(count), placed + held, rest.bit_count())
            step = ProofStep(
                StepKind.COUNT_SPLIT,
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
        placed: dict[int, int] = {}  # each number's mines so far: proved, concluded and supposed
        for constraint in self.constraints:
            need, free = _status(constraint, branch)
            if free and constraint.source >= 0:
                reduced.append(Constraint(free, need, constraint.source))
                placed[constraint.source] = self._found(constraint, branch)
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
                known = []
                for one in (a, b):
                    around = board.neighbours[one.source] & board.covered_mask & ~one.cells
                    known.append((self.cells(around & placed[one.source]), self.cells(around & ~placed[one.source])))
                params = pair_figures(
                    board.cells[a.source], board.cells[b.source], clues, a.count, b.count, low, high, areas, known[0], known[1]
                )
                message = StepKind.PAIR_SAFE_AND_MINES if safe and mines else StepKind.PAIR_SAFE if safe else StepKind.PAIR_MINES
                return ProofStep(
                    message,
                    params,
                    clues,
                    safe=self.cells(safe) if safe else None,
                    mines=self.cells(mines) if mines else None,
                    assume=assume,
                )
        return None

    def direct(self, target: int, limit: int = 12) -> list[_Item] | None:
        """Forward steps from what is known that reach ``target``, if short; only the steps the one that
        decides it rests on are kept."""
        branch = _Branch(0, 0)
        items: list[_Item] = []
        bit = 1 << target
        for _round in range(limit):
            if (branch.mines | branch.safe) & bit:
                break
            steps = self.wave(branch, ())
            if not steps or any(step.clash is not None for step in steps):
                return None
            items.extend(self._item(step) for step in steps)
        if not (branch.mines | branch.safe) & bit:
            return None
        kept, _need = _prune_run(items, bit)
        return kept if len(kept) <= limit else None

    def _item(self, step: ProofStep) -> _Item:
        """A step with the cells it reads (every cell its numbers or the count cover) and decides."""
        decides = (step.safe.mask if step.safe else 0) | (step.mines.mask if step.mines else 0)
        if step.uses_mine_count:
            uses = self.everything
        else:
            uses = 0
            for clue in step.clues:
                uses |= self.cells_of[clue[0] * self.board.width + clue[1]]
        return _Item(step, uses, decides)

    def refute(self, branch: _Branch, depth: int, assume: Assume) -> _Node | None:
        """A refutation of ``branch`` (``assume`` in force): steps that lead to a clash in every case,
        keeping only the steps the clash rests on, or None.  Where the steps get stuck it splits on a cell;
        of the cells whose both cases fail it takes the one with the shortest cases, and a case that does
        not use its supposition replaces the split (it holds without it)."""
        self.budget -= 1
        if self.budget < 0:
            return None
        _budget.spend(len(self.constraints) + 1)  # a branch: its steps scan every constraint
        items: list[_Item] = []
        while True:
            ends = [_finish_clash([*items, self._item(stop)]) for stop in self.contradictions(branch, assume)]
            if ends:
                return min(ends, key=lambda node: node.size)  # the clash that rests on the fewest steps
            steps = self.wave(branch, assume)
            if not steps:
                break
            for step in steps:
                items.append(self._item(step))
                if step.clash is not None:
                    return _finish_clash(items)
        if depth == 0:
            return None
        best: _Node | None = None
        for cell in self._split_candidates(branch):
            bit = 1 << cell
            cases: list[_Node] = []
            for as_mine in (True, False):
                case = (*assume, (self.board.cell(cell), as_mine))
                sub = _Branch(branch.mines | (bit if as_mine else 0), branch.safe | (0 if as_mine else bit))
                found = self.refute(sub, depth - 1, case)
                if found is None:
                    break
                cases.append(found)
            else:
                option = _split_node(items, cell, cases[0], cases[1])
                if best is None or option.size < best.size:
                    best = option
                if not self.weigh:
                    break  # the first split whose cases both fail
            if self.budget < 0:
                break  # out of branches: the best found so far (if any) stands
        return best

    def flatten(self, node: _Node, assume: Assume) -> list[ProofStep]:
        """The proof's steps in order, each with the suppositions in force at its place."""
        steps = [_with_assume(item.step, assume) for item in node.items]
        if node.split is not None:
            assert node.cases is not None
            cell = self.board.cell(node.split)
            for as_mine, case in zip((True, False), node.cases):
                inner = (*assume, (cell, as_mine))
                steps.append(ProofStep(StepKind.CASE, {"cell": cell}, (), assume=inner))
                steps.extend(self.flatten(case, inner))
        return steps

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


@dataclass(slots=True)
class _Item:
    """A step of a proof being built: the cells whose values it reads and the cells it decides."""

    step: ProofStep
    uses: int
    decides: int


@dataclass(slots=True)
class _Node:
    """A refutation: forward steps (``items``), ending in a clash or, when ``split`` is a cell, in the
    two cases on it (as a mine, as safe), each a refutation.  ``need``: the cells whose values it reads
    from before it (facts, earlier conclusions, suppositions); ``size``: its steps when written."""

    items: list[_Item]
    need: int
    size: int
    split: int | None = None
    cases: tuple[_Node, _Node] | None = None


def _prune_run(items: list[_Item], need: int) -> tuple[list[_Item], int]:
    """The forward steps that something in ``need`` rests on (walking back), and what they need in turn.  A
    two-number step that decides both sides, of which nothing after it reads one, keeps the side read: the
    proof never says "so the 2 at Q4 needs a mine at R3" when no later step looks at R3."""
    kept: list[_Item] = []
    for item in reversed(items):
        if item.decides & need:
            message = item.step.message
            if message is StepKind.PAIR_SAFE_AND_MINES:
                kept.append(_one_side(item, need))
            elif message in _NARROWED and item.step.assume and item.decides & ~need:
                kept.append(_only_read(item, need))
            else:
                kept.append(item)
            need |= item.uses
    kept.reverse()
    return kept, need


#: steps that decide cells all one way, which a proof under a supposition may cut to the cells a later step reads
_NARROWED = (StepKind.SIMPLE_ALL_SAFE, StepKind.SIMPLE_ALL_MINES, StepKind.PAIR_SAFE, StepKind.PAIR_MINES)


def _only_read(item: _Item, need: int) -> _Item:
    """``item`` (one number, or two compared, deciding cells all one way, under a supposition) saying only the cells
    a later step reads: "Then the 3 at F10 has all its mines: G9 is safe." where E9 and F9 would go unused."""
    step = item.step
    safe = step.safe is not None and bool(step.safe.mask)
    decided = step.safe if safe else step.mines
    assert decided is not None
    decides = item.decides & need
    cells = CellSet(decides, decided.width)
    if step.message in (StepKind.SIMPLE_ALL_SAFE, StepKind.SIMPLE_ALL_MINES):
        step = replace(step, params={**step.params, "count": decides.bit_count()})
    narrowed = replace(step, safe=cells) if safe else replace(step, mines=cells)
    return _Item(narrowed, item.uses, decides)


def _one_side(item: _Item, need: int) -> _Item:
    """``item`` (a two-number step deciding safe cells and mines) with only the side ``need`` reads, if only one."""
    step = item.step
    assert step.safe is not None and step.mines is not None
    if not step.safe.mask & need:
        narrowed = replace(step, message=StepKind.PAIR_MINES, safe=None)
    elif not step.mines.mask & need:
        narrowed = replace(step, message=StepKind.PAIR_SAFE, mines=None)
    else:
        return item
    decides = (narrowed.safe.mask if narrowed.safe else 0) | (narrowed.mines.mask if narrowed.mines else 0)
    return _Item(narrowed, item.uses, decides)


def _finish_clash(items: list[_Item]) -> _Node:
    clash = items[-1]
    kept, need = _prune_run(items[:-1], clash.uses)
    kept.append(clash)
    return _Node(kept, need, len(kept))


def _split_node(items: list[_Item], cell: int, as_mine: _Node, as_safe: _Node) -> _Node:
    """The forward steps ``items`` followed by a split on ``cell``; a case that never reads the cell holds
    without the supposition, so it replaces the split (the shorter one when both do)."""
    bit = 1 << cell
    idle = [case for case in (as_mine, as_safe) if not case.need & bit]
    if idle:
        case = min(idle, key=lambda node: node.size)
        kept, need = _prune_run(items, case.need)
        return _Node(kept + case.items, need, len(kept) + case.size, case.split, case.cases)
    kept, need = _prune_run(items, (as_mine.need | as_safe.need) & ~bit)
    return _Node(kept, need, len(kept) + 2 + as_mine.size + as_safe.size, cell, (as_mine, as_safe))


def _with_assume(step: ProofStep, assume: Assume) -> ProofStep:
    if step.assume == assume:
        return step
    return ProofStep(
        step.message, step.params, step.clues, step.safe, step.mines, assume, step.clash, step.uses_mine_count
    )


def build_proof(
    board: Board,
    constraints: Sequence[ProofConstraint],
    target: int,
    target_is_mine: bool,
    mines_left: int | None,
    max_depth: int = 3,
) -> tuple[ProofStep, ...] | None:
    """A proof that ``target`` is a mine (or safe): forward steps that reach it, or a proof by
    contradiction with at most ``max_depth`` nested splits; None if neither is found.  Either way it
    holds only the steps its conclusion rests on."""
    builder = _Builder(board, constraints, mines_left)
    bit = 1 << target
    direct = builder.direct(target)
    if direct is not None:
        return tuple(item.step for item in direct)
    cell = board.cell(target)
    supposed: Assume = ((cell, not target_is_mine),)
    branch = _Branch(0 if target_is_mine else bit, bit if target_is_mine else 0)
    suppose = ProofStep(StepKind.SUPPOSE, {"cell": cell}, (), assume=supposed)
    for depth in range(max_depth + 1):
        trial = _Branch(branch.mines, branch.safe)
        node = builder.refute(trial, depth, supposed)
        if node is not None and node.split is not None:
            # a proof with cases stands; then, with a fresh allowance of branches, every split candidate is
            # weighed for the one whose cases are shortest (over the allowance, the first proof stands)
            builder.budget = _BRANCH_BUDGET
            builder.weigh = True
            shorter = builder.refute(_Branch(branch.mines, branch.safe), depth, supposed)
            if shorter is not None and shorter.size < node.size:
                node = shorter
        if node is not None:
            conclusion = ProofStep(
                StepKind.THEREFORE,
                {"cell": cell, "cases": 2 if node.split is not None else 0},
                (),
                safe=None if target_is_mine else builder.cells(bit),
                mines=builder.cells(bit) if target_is_mine else None,
            )
            return (suppose, *builder.flatten(node, supposed), conclusion)
    return None
