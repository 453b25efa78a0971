"""Deductions are data: what a step proves, what it rests on, and which message
explains it.  Rendering a deduction to a sentence is ``render``'s job alone."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from explainer.core.cells import Cell, CellSet

__all__ = ["Rule", "Areas", "ProofStep", "Deduction", "RULE_ORDER"]


class Rule(StrEnum):
    GLOBAL = "global"
    SIMPLE = "simple"
    PAIR = "pair"
    ENUMERATION = "enumeration"


#: cheapest first; the pipeline always takes the first rule that finds something
RULE_ORDER = (Rule.GLOBAL, Rule.SIMPLE, Rule.PAIR, Rule.ENUMERATION)


@dataclass(frozen=True)
class Areas:
    """The areas of a two-number (pair) argument.  A is ``clues[0]``, B ``clues[1]``."""

    common: CellSet
    unique_a: CellSet
    unique_b: CellSet


@dataclass(frozen=True)
class ProofStep:
    """One step of a written proof: ``message`` with ``params``, resting on the
    numbers in ``clues``; it concludes ``safe``/``mines`` (possibly none)."""

    message: str
    params: Mapping[str, Any]
    clues: tuple[Cell, ...] = ()
    safe: CellSet | None = None
    mines: CellSet | None = None


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

    def to_json(self) -> dict[str, Any]:
        # an empty set's list is built here (most steps have two or three), a lone clue's pair without a loop
        safe, mines, known_mines, known_safe, clues = self.safe, self.mines, self.known_mines, self.known_safe, self.clues
        data: dict[str, Any] = {
            "rule": str(self.rule),
            "safe": safe.to_json() if safe.mask else [],
            "mines": mines.to_json() if mines.mask else [],
            "clues": [[clues[0][0], clues[0][1]]] if len(clues) == 1 else [[row, col] for row, col in clues],
            "known_mines": known_mines.to_json() if known_mines.mask else [],
            "known_safe": known_safe.to_json() if known_safe.mask else [],
            "uses_mine_count": self.uses_mine_count,
            "message": self.message,
        }
        if self.areas is not None:
            data["areas"] = {
                "common": self.areas.common.to_json(),
                "unique_a": self.areas.unique_a.to_json(),
                "unique_b": self.areas.unique_b.to_json(),
            }
        return data
