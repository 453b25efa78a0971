"""An independent checker of the proofs in ``solve`` JSON: it replays every step from the board alone.

It reads only the board (the player's view) and the JSON the engine writes — never the engine's own
types or helpers — and fails on the first step that does not follow, names a figure that is not what
the board and the step's facts give, or leaves a claimed cell unproved.

For each deduction its facts are exactly ``known_mines`` and ``known_safe``: a step may use those, the
suppositions in its ``assume`` and the conclusions of earlier steps made under the same suppositions
(or fewer of them) — nothing else, so a fact a step relies on but the deduction does not list fails the
check.  Over a whole chain, every listed fact must have been proved by an earlier deduction (or be a
flag on a cell the solution calls a certain mine: a flag is the player's claim, proved elsewhere).

What "follows" means: a step concluding cells is checked by search over the placements of mines on
the covered cells next to the numbers it names (and, with the mine count, the count of mines left for
every other covered cell); a clash by recounting the mines and the room of the number (or the board).
A conclusion with no supposition (``therefore``) needs its opposite supposition refuted: every case
under it ended in a clash.  Every figure a step carries is recomputed; a figure this checker does not
know is an error, so nothing a sentence states escapes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from explainer.core.board import FLAGGED, Board

Assume = tuple[tuple[int, bool], ...]


@dataclass(frozen=True)
class _One:
    """A figure that is one cell (``[r, c]`` in JSON), by index."""

    index: int


class ProofCheckError(AssertionError):
    """A proof step that does not follow, or states a wrong figure."""


@dataclass
class Stats:
    deductions: int = 0
    steps: int = 0
    clashes: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


class _Checker:
    def __init__(self, board: Board) -> None:
        self.board = board
        self.width = board.width
        self.covered = {i for i in range(board.size) if board.cells[i] < 0}
        self.flags = {i for i in range(board.size) if board.cells[i] == FLAGGED}
        self.neighbours = [
            {j for j in range(board.size) if j != i and max(abs(j // self.width - i // self.width), abs(j % self.width - i % self.width)) == 1}
            for i in range(board.size)
        ]

    # -- reading JSON ------------------------------------------------------------------------------
    def index(self, cell: Sequence[int]) -> int:
        row, col = cell
        if not (0 <= row < self.board.height and 0 <= col < self.width):
            raise ProofCheckError(f"cell {cell} is off the board")
        return row * self.width + col

    def indices(self, cells: Iterable[Sequence[int]]) -> set[int]:
        return {self.index(cell) for cell in cells}

    def number(self, cell: Sequence[int]) -> int:
        index = self.index(cell)
        value = self.board.cells[index]
        if value < 0:
            raise ProofCheckError(f"{cell} is not a revealed number")
        return value

    def name(self, index: int) -> str:
        return self.board.name(index)

    # -- the search --------------------------------------------------------------------------------
    def fits(self, numbers: Sequence[int], use_count: bool, mines: set[int], safe: set[int]) -> bool:
        """Is there a placement of mines on the covered cells, with ``mines``/``safe`` fixed, that
        gives every number in ``numbers`` its value (and the board its mine count, with ``use_count``)?"""
        if mines & safe:
            return False
        local: list[int] = sorted({c for n in numbers for c in self.neighbours[n] & self.covered} - mines - safe)
        rest = len(self.covered - mines - safe - set(local))
        left = None
        if use_count:
            if self.board.mines is None:
                raise ProofCheckError("a step uses the mine count of a board that has none")
            left = self.board.mines - len(mines)
        need = {n: self.board.cells[n] - len(self.neighbours[n] & mines) for n in numbers}
        open_cells = {n: len(self.neighbours[n] & set(local)) for n in numbers}
        touching = {c: [n for n in numbers if c in self.neighbours[n]] for c in local}

        def search(position: int, placed: int) -> bool:
            if any(need[n] < 0 or need[n] > open_cells[n] for n in numbers):
                return False
            if left is not None and (placed > left or placed + (len(local) - position) + rest < left):
                return False
            if position == len(local):
                return left is None or 0 <= left - placed <= rest
            cell = local[position]
            for n in touching[cell]:
                open_cells[n] -= 1
            for as_mine in (True, False):
                if as_mine:
                    for n in touching[cell]:
                        need[n] -= 1
                found = search(position + 1, placed + as_mine)
                if as_mine:
                    for n in touching[cell]:
                        need[n] += 1
                if found:
                    break
            for n in touching[cell]:
                open_cells[n] += 1
            return found

        return search(0, 0)

    def forced(self, numbers: Sequence[int], use_count: bool, mines: set[int], safe: set[int], cells: set[int], as_mine: bool) -> None:
        for cell in sorted(cells):
            opposite = (mines, safe | {cell}) if as_mine else (mines | {cell}, safe)
            if self.fits(numbers, use_count, *opposite):
                what = "a mine" if as_mine else "safe"
                raise ProofCheckError(f"{self.name(cell)} is not forced {what} by the numbers and facts the step names")

    # -- one deduction ---------------------------------------------------------------------------
    def deduction(self, item: dict[str, Any], stats: Stats) -> tuple[set[int], set[int]]:
        known_mines = self.indices(item["known_mines"])
        known_safe = self.indices(item["known_safe"])
        for cell in known_mines | known_safe:
            if cell not in self.covered:
                raise ProofCheckError(f"the fact about {self.name(cell)} is about a cell that is not covered")
        if known_mines & known_safe:
            raise ProofCheckError("a cell is listed as both a known mine and known safe")
        cited = self.indices(item["clues"])
        proof = item.get("proof") or []
        if not proof:
            raise ProofCheckError(f"the {item['rule']} deduction has no proof")
        conclusions: dict[Assume, tuple[set[int], set[int]]] = {(): (set(), set())}
        refuted: set[Assume] = set()
        opened: set[Assume] = {()}
        for step in proof:
            stats.steps += 1
            stats.kinds[step["kind"]] = stats.kinds.get(step["kind"], 0) + 1
            assume: Assume = tuple((self.index(cell), kind == "mine") for cell, kind in step["assume"])
            if step["kind"] in ("suppose", "case"):
                if assume[:-1] not in opened:
                    raise ProofCheckError(f"a {step['kind']} inside suppositions no step made")
                opened.add(assume)
            elif assume not in opened:
                raise ProofCheckError(f"step {step['kind']} assumes {assume}, which no step supposed")
            mines, safe = set(known_mines), set(known_safe)
            for depth in range(len(assume) + 1):
                if depth:
                    cell, is_mine = assume[depth - 1]
                    (mines if is_mine else safe).add(cell)
                found = conclusions.get(assume[:depth])
                if found is not None:
                    mines |= found[0]
                    safe |= found[1]
            if mines & safe:
                raise ProofCheckError(f"the facts of step {step['kind']} contradict each other")
            numbers = [self.index(cell) for cell in step["numbers"]]
            if not set(numbers) <= cited:
                raise ProofCheckError(f"step {step['kind']} uses a number the deduction does not cite")
            new_mines, new_safe = self.indices(step["mines"]), self.indices(step["safe"])
            for cell in new_mines | new_safe:
                if cell not in self.covered or cell in mines or cell in safe:
                    raise ProofCheckError(f"step {step['kind']} concludes {self.name(cell)}, which is not an open question")
            self.step(step, assume, numbers, mines, safe, new_mines, new_safe, refuted)
            if "clash" in step:
                stats.clashes += 1
                self.refute(assume, refuted)
            if new_mines or new_safe:
                conclusions.setdefault(assume, (set(), set()))
                conclusions[assume][0].update(new_mines)
                conclusions[assume][1].update(new_safe)
        proved_mines, proved_safe = conclusions[()]
        claimed_mines, claimed_safe = self.indices(item["mines"]), self.indices(item["safe"])
        if (claimed_mines, claimed_safe) != (proved_mines, proved_safe):
            raise ProofCheckError(
                f"the deduction claims mines {sorted(map(self.name, claimed_mines))} and safe {sorted(map(self.name, claimed_safe))}, "
                f"its proof concludes mines {sorted(map(self.name, proved_mines))} and safe {sorted(map(self.name, proved_safe))}"
            )
        stats.deductions += 1
        return claimed_mines, claimed_safe

    def refute(self, assume: Assume, refuted: set[Assume]) -> None:
        if not assume:
            raise ProofCheckError("a clash with no supposition: the facts themselves contradict each other")
        refuted.add(assume)
        while len(assume) > 1:
            parent = assume[:-1]
            cell, is_mine = assume[-1]
            if parent + ((cell, not is_mine),) not in refuted:
                return
            refuted.add(parent)
            assume = parent

    # -- one step ----------------------------------------------------------------------------------
    def step(
        self,
        step: dict[str, Any],
        assume: Assume,
        numbers: list[int],
        mines: set[int],
        safe: set[int],
        new_mines: set[int],
        new_safe: set[int],
        refuted: set[Assume],
    ) -> None:
        kind = step["kind"]
        figures = step["figures"]
        use_count = step["mine_count"]
        free = self.covered - mines - safe
        total = self.board.mines

        def expect(**values: Any) -> None:
            if set(figures) != set(values):
                raise ProofCheckError(f"step {kind} states figures {sorted(figures)}, the checker knows {sorted(values)}")
            for key, value in values.items():
                got = figures[key]
                if isinstance(value, _One):
                    value, got = value.index, self.index(got)
                elif isinstance(value, set):
                    got = self.indices(got)
                elif isinstance(value, list):
                    got = [self.index(cell) for cell in got]
                elif isinstance(value, tuple):  # plain figures, in order (what each number shows)
                    got = tuple(got)
                if got != value:
                    raise ProofCheckError(f"step {kind}: {key} is {figures[key]!r}, the board gives {value!r}")

        def around(number: int) -> tuple[set[int], set[int]]:
            """(fact mines next to it, free covered cells next to it)."""
            return self.neighbours[number] & mines, self.neighbours[number] & free

        if kind in ("suppose", "case"):
            if new_mines or new_safe or numbers or "clash" in step:
                raise ProofCheckError(f"a {kind} step concludes nothing and uses no number")
            if (kind == "suppose") != (len(assume) == 1) or not assume:
                raise ProofCheckError(f"a {kind} step at the wrong depth")
            expect(cell=_One(assume[-1][0]))
            return
        if kind == "therefore":
            if assume or numbers or len(new_mines | new_safe) != 1:
                raise ProofCheckError("a conclusion decides one cell with no supposition and no number")
            cell = next(iter(new_mines | new_safe))
            supposed = ((cell, cell in new_safe),)
            if supposed not in refuted:
                raise ProofCheckError(f"{self.name(cell)} is concluded before its opposite was refuted in every case")
            # the cases refuted right under the supposition ("Both cases are impossible"), or none (one clash)
            cases = sum(1 for case in refuted if len(case) == 2 and case[:1] == supposed)
            expect(cell=_One(cell), cases=cases)
            return
        if "clash" in step:
            clash = step["clash"]
            if clash["number"] is None:
                if not use_count:
                    raise ProofCheckError("a clash of the mine count that does not say it uses the count")
                held = 0
                union: set[int] = set()
                for number in numbers:
                    fact_mines, open_cells = around(number)
                    if open_cells & union:
                        raise ProofCheckError(f"the numbers of step {kind} share covered cells")
                    union |= open_cells
                    held += self.board.cells[number] - len(fact_mines)
                value, count_mines, room = total, len(mines & self.covered) + held, len(free - union)
                if kind == "count.split":
                    values = tuple(self.board.cells[n] for n in numbers)
                    expect(
                        numbers=numbers, values=values, held=held, left=(total or 0) - len(mines), count=room,
                        unproved=self.flags & free,
                    )
                elif kind == "clash":
                    if numbers:
                        raise ProofCheckError("a clash of the mine count names numbers")
                    expect()
                else:
                    raise ProofCheckError(f"a {kind} step cannot clash")
            else:
                if kind != "clash" or numbers != [self.index(clash["number"])]:
                    raise ProofCheckError("a number's clash must name that number alone")
                fact_mines, open_cells = around(numbers[0])
                value, count_mines, room = self.board.cells[numbers[0]], len(fact_mines), len(open_cells)
                expect()
            if (clash["value"], clash["mines"], clash["room"]) != (value, count_mines, room):
                raise ProofCheckError(
                    f"the clash states value {clash['value']}, {clash['mines']} mines and room {clash['room']}; "
                    f"the board gives {value}, {count_mines} and {room}"
                )
            if not (count_mines > value or count_mines + room < value):
                raise ProofCheckError(f"the clash at {clash['number']} is no clash: {count_mines} mines, room {room}, value {value}")
            if new_mines or new_safe:
                raise ProofCheckError("a clash concludes nothing")
            return
        if not (new_mines or new_safe):
            raise ProofCheckError(f"step {kind} concludes nothing")
        decided = new_mines | new_safe
        if kind == "count.split":
            # numbers with no shared free cell each hold exactly the mines they still need, so together
            # exactly ``held``; the other covered cells hold the rest of the count: all safe when nothing is
            # left, all mines when exactly they are left.  (Exact without a search over the placements.)
            held = 0
            union = set()
            for number in numbers:
                fact_mines, open_cells = around(number)
                if open_cells & union:
                    raise ProofCheckError("the numbers of a counting step share covered cells")
                need = self.board.cells[number] - len(fact_mines)
                if not 0 <= need <= len(open_cells):
                    raise ProofCheckError(f"the number at {self.name(number)} cannot hold its mines: a clash, not a count")
                union |= open_cells
                held += need
            rest = free - union
            left = (total or 0) - len(mines)
            if not use_count or decided != rest:
                raise ProofCheckError("a counting step decides every covered cell outside its numbers, with the count")
            if not ((new_safe == rest and left == held) or (new_mines == rest and left - held == len(rest))):
                raise ProofCheckError(f"a counting step with {left} mines left and {held} held cannot decide {len(rest)} cells")
            # the flags among the undecided cells are named: the counter counts them, this step does not
            expect(
                numbers=numbers, values=tuple(self.board.cells[n] for n in numbers), held=held, left=left, count=len(rest),
                unproved=self.flags & free,
            )
            return
        if kind == "sum.split":
            # numbers that share no covered cell touch exactly what they show together; numbers whose covered cells
            # all lie among theirs, sharing none either, that show as much leave the other cells safe.  Every number
            # has only undecided covered neighbours (its value is the mines among them, as the board shows).
            if assume or use_count or new_mines:
                raise ProofCheckError("a sum step holds outright, without the count, and decides safe cells")
            outer = [self.index(cell) for cell in figures["outer"]]
            inner = [self.index(cell) for cell in figures["inner"]]
            if sorted(outer + inner) != sorted(numbers) or len(set(numbers)) != len(numbers):
                raise ProofCheckError("a sum step cites its numbers, each once")
            unions = []
            for group in (outer, inner):
                union = set()
                for number in group:
                    fact_mines, open_cells = around(number)
                    if fact_mines or open_cells != self.neighbours[number] & self.covered:
                        raise ProofCheckError(f"the number at {self.name(number)} has decided covered neighbours")
                    if open_cells & union:
                        raise ProofCheckError("the numbers of a sum step share covered cells")
                    union |= open_cells
                unions.append(union)
            held = sum(self.board.cells[n] for n in outer)
            if not unions[1] <= unions[0] or sum(self.board.cells[n] for n in inner) != held:
                raise ProofCheckError("the inner numbers of a sum step lie outside the outer ones or show another total")
            if new_safe != unions[0] - unions[1]:
                raise ProofCheckError("a sum step decides exactly the outer cells the inner numbers leave")
            expect(
                outer=outer, outer_values=tuple(self.board.cells[n] for n in outer), inner=inner,
                inner_values=tuple(self.board.cells[n] for n in inner), held=held, count=len(new_safe),
            )
            return
        # the conclusion must follow from the named numbers (and count) and the step's facts
        self.forced(numbers, use_count, mines, safe, new_mines, True)
        self.forced(numbers, use_count, mines, safe, new_safe, False)
        if kind in ("simple.all_safe", "simple.all_mines"):
            if len(numbers) != 1 or use_count:
                raise ProofCheckError(f"{kind} uses one number")
            number = numbers[0]
            fact_mines, open_cells = around(number)
            value = self.board.cells[number]
            all_safe = kind == "simple.all_safe"
            # outright, every free cell of the number; under a supposition, the ones a later step reads may be all
            # it says (each still forced by the number)
            whole = decided == open_cells or (bool(step["assume"]) and decided <= open_cells)
            if not whole or (new_safe if all_safe else new_mines) != decided:
                raise ProofCheckError(f"{kind} must decide every free cell of its number, all one way")
            expect(
                number=value,
                clue=_One(number),
                count=len(decided),
                found=len(fact_mines),
                found_at=fact_mines,
                missing=value - len(fact_mines),
                aside=self.neighbours[number] & self.covered & safe,
            )
            return
        if kind in ("pair.safe", "pair.mines", "pair.safe_and_mines"):
            if len(numbers) != 2 or use_count:
                raise ProofCheckError(f"{kind} uses two numbers")
            a, b = numbers
            mines_a, free_a = around(a)
            mines_b, free_b = around(b)
            common = free_a & free_b
            a_missing = self.board.cells[a] - len(mines_a)
            b_missing = self.board.cells[b] - len(mines_b)
            unique_a, unique_b = free_a - common, free_b - common
            expected_kind = "pair.safe_and_mines" if new_safe and new_mines else "pair.safe" if new_safe else "pair.mines"
            if kind != expected_kind:
                raise ProofCheckError(f"{kind} concludes safe {sorted(new_safe)} and mines {sorted(new_mines)}")
            expect(
                a=self.board.cells[a],
                b=self.board.cells[b],
                a_clue=_One(a),
                b_clue=_One(b),
                a_missing=a_missing,
                b_missing=b_missing,
                common_min=max(0, a_missing - len(unique_a), b_missing - len(unique_b)),
                common_max=min(len(common), a_missing, b_missing),
                common=common,
                unique_a=unique_a,
                unique_b=unique_b,
                a_found_at=mines_a,
                a_aside=self.neighbours[a] & self.covered & safe,
                b_found_at=mines_b,
                b_aside=self.neighbours[b] & self.covered & safe,
            )
            return
        if kind in ("global.all_found", "global.all_mines", "count.rest_safe", "count.rest_mines"):
            if numbers or not use_count:
                raise ProofCheckError(f"{kind} uses the mine count alone")
            if decided != free:
                raise ProofCheckError(f"{kind} must decide every covered cell not yet decided")
            if kind.startswith("global"):
                expect(total=total, found=len(mines), count=len(free), aside=self.covered & safe)
            else:
                expect(left=(total or 0) - len(mines), count=len(free))
            return
        if kind == "cases":
            expect(numbers=len(numbers))
            return
        raise ProofCheckError(f"unknown step kind {kind!r}")


def check_chain(board: Board, deductions: Sequence[dict[str, Any]], certain_mines: Iterable[Sequence[int]] = ()) -> Stats:
    """Check every deduction of a chain (``solve`` JSON's ``deductions``, in order) against ``board``.

    Each fact a deduction lists must be proved by an earlier one, or be a flag on a cell among
    ``certain_mines`` (the solution's certain mines).  Returns what was checked."""
    checker = _Checker(board)
    flagged = {i for i in range(board.size) if board.cells[i] == FLAGGED}
    allowed_flags = flagged & checker.indices(certain_mines)
    proved_mines: set[int] = set()
    proved_safe: set[int] = set()
    stats = Stats()
    for item in deductions:
        missing_mines = checker.indices(item["known_mines"]) - proved_mines - allowed_flags
        missing_safe = checker.indices(item["known_safe"]) - proved_safe
        if missing_mines or missing_safe:
            names = sorted(map(checker.name, missing_mines | missing_safe))
            raise ProofCheckError(f"a {item['rule']} deduction relies on {names}, which no earlier step proved")
        mines, safe = checker.deduction(item, stats)
        if (mines | safe) & (proved_mines | proved_safe):
            raise ProofCheckError("a deduction claims a cell an earlier one already decided")
        proved_mines |= mines
        proved_safe |= safe
    return stats


def check_solution(board: Board, data: dict[str, Any]) -> Stats:
    """Check a whole ``solve`` JSON object; its chain must decide exactly its certain cells."""
    stats = check_chain(board, data["deductions"], data["mines"])
    checker = _Checker(board)
    decided_mines = set().union(*[checker.indices(d["mines"]) for d in data["deductions"]]) if data["deductions"] else set()
    decided_safe = set().union(*[checker.indices(d["safe"]) for d in data["deductions"]]) if data["deductions"] else set()
    flagged = {i for i in range(board.size) if board.cells[i] == FLAGGED}
    if decided_mines | (flagged & checker.indices(data["mines"])) != checker.indices(data["mines"]):
        raise ProofCheckError("the chain does not decide every certain mine")
    if decided_safe != checker.indices(data["safe"]):
        raise ProofCheckError("the chain does not decide every certain safe cell")
    return stats
