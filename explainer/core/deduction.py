"""Deductions are data: what a step proves, what it rests on, and which message
explains it.  Rendering a deduction to a sentence is ``render``'s job alone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypedDict

from explainer.core.cells import Cell, CellSet
from explainer.core.json_shapes import CellJson, ClashJson, DeductionJson, ProofStepJson

__all__ = [
    "Areas",
    "CasesFigures",
    "CellFigure",
    "ConclusionFigures",
    "Clash",
    "Deduction",
    "GlobalFigures",
    "PairFigures",
    "ProofStep",
    "RULE_ORDER",
    "RestFigures",
    "Rule",
    "SimpleFigures",
    "SplitFigures",
    "SumFigures",
    "StepKind",
]


class Rule(StrEnum):
    GLOBAL = "global"
    SIMPLE = "simple"
    PAIR = "pair"
    ENUMERATION = "enumeration"


#: cheapest first; the pipeline always takes the first rule that finds something
RULE_ORDER = (Rule.GLOBAL, Rule.SIMPLE, Rule.PAIR, Rule.ENUMERATION)


class StepKind(StrEnum):
    """What one proof step says: the words have one writer per kind (``explainer.words.steps``), the
    checker one replay (``tests/oracles/proofs.py``).  Its figures are the ``*Figures`` type named."""

    SIMPLE_ALL_SAFE = "simple.all_safe"  # SimpleFigures: a number has all its mines, its other cells are safe
    SIMPLE_ALL_MINES = "simple.all_mines"  # SimpleFigures: a number needs every covered cell it has left
    PAIR_SAFE = "pair.safe"  # PairFigures: two numbers through their shared cells
    PAIR_MINES = "pair.mines"
    PAIR_SAFE_AND_MINES = "pair.safe_and_mines"
    GLOBAL_ALL_FOUND = "global.all_found"  # GlobalFigures: every mine located, the rest safe
    GLOBAL_ALL_MINES = "global.all_mines"  # GlobalFigures: the mines left fill the cells left
    COUNT_REST_SAFE = "count.rest_safe"  # RestFigures: under suppositions, every mine placed
    COUNT_REST_MINES = "count.rest_mines"
    COUNT_SPLIT = "count.split"  # SplitFigures: the mine count against numbers that share no cell
    SUM_SPLIT = "sum.split"  # SumFigures: numbers that share no cell against numbers inside their cells
    CLASH = "clash"  # no figures: the ``Clash`` says it
    SUPPOSE = "suppose"  # CellFigure
    CASE = "case"  # CellFigure
    THEREFORE = "therefore"  # ConclusionFigures
    CASES = "cases"  # CasesFigures: every placement that fits the numbers


class SimpleFigures(TypedDict):
    """One number: what it shows, its cell, the cells it decides (``count``), the mines it has (``found``
    of them, at ``found_at``), the mines it still needs, and its covered neighbours known safe (``aside``,
    named where a sentence counts covered cells)."""

    number: int
    clue: Cell
    count: int
    found: int
    found_at: CellSet
    missing: int
    aside: CellSet


class PairFigures(TypedDict):
    """Two numbers A and B: what each shows and still needs, the bounds on the mines of their shared
    cells, the three areas, and each one's covered neighbours already decided (mines and safe)."""

    a: int
    b: int
    a_clue: Cell
    b_clue: Cell
    a_missing: int
    b_missing: int
    common_min: int
    common_max: int
    common: CellSet
    unique_a: CellSet
    unique_b: CellSet
    a_found_at: CellSet
    a_aside: CellSet
    b_found_at: CellSet
    b_aside: CellSet


class GlobalFigures(TypedDict):
    """The mine count alone: the board's mines, those located, the cells decided, the cells known safe."""

    total: int | None
    found: int
    count: int
    aside: CellSet


class RestFigures(TypedDict):
    """Under suppositions, the mine count decides the cells left: mines left and cells left."""

    left: int
    count: int


class SplitFigures(TypedDict):
    """The mine count against numbers that have no cell left to decide in common: the numbers and what they show, the
    mines they hold together, the mines left and the other cells."""

    numbers: tuple[Cell, ...]
    values: tuple[int, ...]
    held: int
    left: int
    count: int
    unproved: CellSet  # flagged cells the numbers do not prove (counted as undecided, the words say so)


class SumFigures(TypedDict):
    """Numbers that share no covered cell (``outer``, showing ``outer_values``: ``held`` mines together) against
    numbers whose covered cells all lie among theirs and share none either (``inner``, ``inner_values``), which
    need all ``held``: the ``count`` other cells are safe."""

    outer: tuple[Cell, ...]
    outer_values: tuple[int, ...]
    inner: tuple[Cell, ...]
    inner_values: tuple[int, ...]
    held: int
    count: int


class CellFigure(TypedDict):
    """A supposition, a case or a conclusion about one cell."""

    cell: Cell


class ConclusionFigures(TypedDict):
    """The end of a proof by contradiction: the cell, and how many cases were refuted (0: one clash, no split)."""

    cell: Cell
    cases: int


class CasesFigures(TypedDict):
    """Every placement that fits ``numbers`` numbers (an enumeration too tangled to write step by step)."""

    numbers: int


@dataclass(frozen=True)
class Areas:
    """The areas of a two-number (pair) argument.  A is ``clues[0]``, B ``clues[1]``."""

    common: CellSet
    unique_a: CellSet
    unique_b: CellSet


@dataclass(frozen=True)
class Clash:
    """Where a supposition breaks: under it, the number at ``number`` (None: the mine count of the
    whole board, ``value`` mines) would touch ``mines`` mines — proved mines, earlier conclusions
    and suppositions all counted — and keep ``room`` covered cells that are neither.  The clash is
    that ``mines`` exceeds ``value`` or ``mines + room`` falls short of it."""

    number: Cell | None
    value: int
    mines: int
    room: int

    @property
    def too_many(self) -> bool:
        return self.mines > self.value

    def to_json(self) -> ClashJson:
        return {
            "number": None if self.number is None else [self.number[0], self.number[1]],
            "value": self.value,
            "mines": self.mines,
            "room": self.room,
        }


@dataclass(frozen=True)
class ProofStep:
    """One step of a proof, as data a checker replays from the board alone.

    Under the suppositions ``assume`` (``(cell, is_mine)``, outermost first; empty for a step that
    holds outright) the revealed numbers at ``clues`` — and the mine count when ``uses_mine_count``
    — conclude ``safe`` and ``mines``, or break (``clash``).  ``message`` names the kind of step and
    ``params`` holds every figure its sentence states (numbers as ints, cells as ``Cell``/``CellSet``).
    """

    message: StepKind
    params: Mapping[str, Any]  # the kind's figures: ``StepKind`` names their ``TypedDict``
    clues: tuple[Cell, ...] = ()
    safe: CellSet | None = None
    mines: CellSet | None = None
    assume: tuple[tuple[Cell, bool], ...] = ()
    clash: Clash | None = None
    uses_mine_count: bool = False

    def __init__(
        self,
        message: StepKind,
        params: Mapping[str, Any],
        clues: tuple[Cell, ...] = (),
        safe: CellSet | None = None,
        mines: CellSet | None = None,
        assume: tuple[tuple[Cell, bool], ...] = (),
        clash: Clash | None = None,
        uses_mine_count: bool = False,
    ) -> None:
        # as ``Deduction``: a solve builds one per step, so the frozen instance gets its dict in one go
        object.__setattr__(
            self,
            "__dict__",
            {
                "message": message,
                "params": params,
                "clues": clues,
                "safe": safe,
                "mines": mines,
                "assume": assume,
                "clash": clash,
                "uses_mine_count": uses_mine_count,
            },
        )

    def to_json(self, known: Mapping[int, Any] | None = None) -> ProofStepJson:
        """The step without its sentence (the words add ``text``).  ``known``: JSON already made for
        some of its cell sets, by ``id`` (a deduction passes its own: a one-step proof shares them)."""
        memo = known or {}
        safe, mines = self.safe, self.mines
        figures: dict[str, Any] = {}
        for key, value in self.params.items():
            kind = type(value)
            if kind is int or kind is str or value is None:
                figures[key] = value
            elif kind is Cell:
                figures[key] = [value[0], value[1]]
            elif kind is CellSet:
                found = memo.get(id(value))
                figures[key] = value.to_json() if found is None else found.copy()
            else:
                figures[key] = _figure(value)
        clues = self.clues
        data: ProofStepJson = {
            "kind": self.message,
            "assume": [[[cell[0], cell[1]], "mine" if is_mine else "safe"] for cell, is_mine in self.assume]
            if self.assume
            else [],
            # (most steps cite one number: its pair without a loop)
            "numbers": [[clues[0][0], clues[0][1]]] if len(clues) == 1 else [[cell[0], cell[1]] for cell in clues],
            "mine_count": self.uses_mine_count,
            "safe": _json_of(safe, memo) if safe is not None and safe.mask else [],
            "mines": _json_of(mines, memo) if mines is not None and mines.mask else [],
            "figures": figures,
        }
        if self.clash is not None:
            data["clash"] = self.clash.to_json()
        return data


def _plain_simple(step: ProofStep, deduction: Deduction) -> bool:
    """Is ``step`` a one-number step as ``find_simple`` builds it for ``deduction`` (most steps of a solve):
    no supposition, the deduction's own cells and clue, its known mines and safe cells as the figures?"""
    params = step.params
    return (
        not step.assume
        and step.clash is None
        and not step.uses_mine_count
        and step.safe is deduction.safe
        and step.mines is deduction.mines
        and step.clues == deduction.clues
        and len(params) == 7
        and params.get("found_at") is deduction.known_mines
        and params.get("aside") is deduction.known_safe
    )


def _simple_step_json(
    step: ProofStep, safe: list[CellJson], mines: list[CellJson], found_at: list[CellJson], aside: list[CellJson]
) -> ProofStepJson:
    """``step.to_json()`` for a ``_plain_simple`` step, from its deduction's JSON of the same cell sets
    (copied): the same dict, built in one go (``tests/engine/test_proofs.py`` holds it to the general way)."""
    params = step.params
    clue = step.clues[0]
    figure = params["clue"]
    return {
        "kind": step.message,
        "assume": [],
        "numbers": [[clue[0], clue[1]]],
        "mine_count": False,
        "safe": safe.copy(),
        "mines": mines.copy(),
        "figures": {
            "number": params["number"],
            "clue": [figure[0], figure[1]],
            "count": params["count"],
            "found": params["found"],
            "found_at": found_at.copy(),
            "missing": params["missing"],
            "aside": aside.copy(),
        },
    }


def _json_of(cells: CellSet, memo: Mapping[int, Any]) -> Any:
    found = memo.get(id(cells))
    return cells.to_json() if found is None else found.copy()


def _figure(value: Any) -> Any:
    """A step figure as JSON: a cell as ``[r, c]``, a set or tuple of cells as a list of them."""
    if isinstance(value, CellSet):
        return value.to_json()
    if isinstance(value, Cell):
        return [value[0], value[1]]
    if isinstance(value, tuple):
        return [_figure(item) for item in value]
    return value


@dataclass(frozen=True)
class Deduction:
    """One logical step.

    ``clues`` are the revealed numbers it cites (a minimal set for
    ``enumeration``); ``known_mines`` / ``known_safe`` are cells proved
    earlier (or correctly flagged mines) that the argument relies on.
    ``message`` and ``params`` say how to explain it.
    """

    rule: Rule
    safe: CellSet
    mines: CellSet
    clues: tuple[Cell, ...]
    known_mines: CellSet
    known_safe: CellSet
    uses_mine_count: bool
    message: str
    params: Mapping[str, Any] = field(default_factory=dict)
    areas: Areas | None = None
    proof: tuple[ProofStep, ...] = ()

    def __init__(
        self,
        rule: Rule,
        safe: CellSet,
        mines: CellSet,
        clues: tuple[Cell, ...],
        known_mines: CellSet,
        known_safe: CellSet,
        uses_mine_count: bool,
        message: str,
        params: Mapping[str, Any] | None = None,
        areas: Areas | None = None,
        proof: tuple[ProofStep, ...] = (),
    ) -> None:
        # the dataclass's own __init__ sets each field through object.__setattr__ (it is frozen), which
        # made building the ~34 deductions of a solve a visible cost; the instance gets its dict in one go
        object.__setattr__(
            self,
            "__dict__",
            {
                "rule": rule,
                "safe": safe,
                "mines": mines,
                "clues": clues,
                "known_mines": known_mines,
                "known_safe": known_safe,
                "uses_mine_count": uses_mine_count,
                "message": message,
                "params": {} if params is None else params,
                "areas": areas,
                "proof": proof,
            },
        )

    @property
    def cells(self) -> CellSet:
        """Every cell this step decides."""
        return self.safe | self.mines

    def to_json(self) -> DeductionJson:
        # an empty set's list is built here (most steps have two or three), a lone clue's pair without a loop
        safe, mines, known_mines, known_safe, clues = self.safe, self.mines, self.known_mines, self.known_safe, self.clues
        safe_json = safe.to_json() if safe.mask else []
        mines_json = mines.to_json() if mines.mask else []
        known_mines_json = known_mines.to_json() if known_mines.mask else []
        known_safe_json = known_safe.to_json() if known_safe.mask else []
        proof = self.proof
        step = proof[0] if len(proof) == 1 else None
        if step is not None and self.rule is Rule.SIMPLE and _plain_simple(step, self):
            proof_json = [_simple_step_json(step, safe_json, mines_json, known_mines_json, known_safe_json)]
        else:
            known = {id(safe): safe_json, id(mines): mines_json, id(known_mines): known_mines_json}
            proof_json = [step.to_json(known) for step in proof]
        data: DeductionJson = {
            "rule": str(self.rule),
            "safe": safe_json,
            "mines": mines_json,
            "clues": [[clues[0][0], clues[0][1]]] if len(clues) == 1 else [[row, col] for row, col in clues],
            "known_mines": known_mines_json,
            "known_safe": known_safe_json,
            "uses_mine_count": self.uses_mine_count,
            "message": self.message,
            # the steps' cell sets are often the deduction's own objects: their JSON is made once (copied, so
            # that a client changing one list does not change the other)
            "proof": proof_json,
        }
        if self.areas is not None:
            data["areas"] = {
                "common": self.areas.common.to_json(),
                "unique_a": self.areas.unique_a.to_json(),
                "unique_b": self.areas.unique_b.to_json(),
            }
        return data
