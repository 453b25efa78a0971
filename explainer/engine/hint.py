"""The hint a stuck player gets: the most useful thing to say about a view.

In order: an impossible board; a wrong flag (with the step that proves the
cell safe); the simplest deduction; or, when nothing is certain, the safest
cells with their exact probability — or, when the exact count was over
budget (``Solution.exact`` is False), that exact probabilities are
unavailable for this board (kind ``"unavailable"``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction
from explainer.engine.highlight import highlights, highlights_to_json
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.engine.solve import Solution, solve
from explainer.words.render import Renderer

__all__ = ["Hint", "make_hint"]


@dataclass(frozen=True)
class Hint:
    kind: str  # "inconsistent" | "wrong_flag" | "deduction" | "guess" | "done" | "unavailable"
    solution: Solution
    deduction: Deduction | None = None
    cell: Cell | None = None  # the wrong flag, for kind "wrong_flag"
    probability: float | None = None  # for kind "guess"
    safest: CellSet | None = None  # for kind "guess"

    def text(self, language: str = DEFAULT_LANGUAGE) -> str:
        renderer = Renderer(language)
        if self.kind == "inconsistent":
            return renderer.inconsistent(self.solution.conflict, self.solution.conflict_uses_mine_count)
        if self.kind == "wrong_flag":
            assert self.cell is not None
            return renderer.wrong_flag(self.cell, self.deduction)
        if self.kind == "deduction":
            assert self.deduction is not None
            return renderer.deduction(self.deduction)
        if self.kind == "unavailable":
            return renderer.no_exact()
        board = self.solution.board
        safest = self.safest or CellSet(0, board.width)
        around_numbers = 0
        for index, _number in board.numbers():
            around_numbers |= board.neighbours[index]
        return renderer.no_step(self.probability or 0.0, safest, bool(safest.mask & around_numbers))

    def to_json(self, language: str = DEFAULT_LANGUAGE, levels: bool = True) -> dict[str, Any]:
        renderer = Renderer(language)
        wrong = CellSet.from_cells([self.cell], self.solution.board.width) if self.cell else None
        data: dict[str, Any] = {"kind": self.kind, "text": self.text(language)}
        if self.deduction is not None:
            data["deduction"] = self.deduction.to_json()
            if self.deduction.proof:
                data["proof"] = [
                    {"depth": depth, "text": text} for depth, text in renderer.proof_lines(self.deduction.proof)
                ]
            if levels:
                hint_levels = renderer.levels(self.deduction)
                data["levels"] = {"where": hint_levels.where, "pattern": hint_levels.pattern, "full": data["text"]}
        if self.kind == "inconsistent":
            data["conflict"] = [cell.to_json() for cell in self.solution.conflict]
        if self.kind == "wrong_flag" and self.cell is not None:
            data["cell"] = self.cell.to_json()
        if self.kind == "guess" and self.safest is not None:
            data["probability"] = self.probability
            data["safest"] = self.safest.to_json()
        data["highlights"] = highlights_to_json(highlights(self.deduction, wrong, self.safest))
        return data


def make_hint(board: Board | Solution) -> Hint:
    solution = board if isinstance(board, Solution) else solve(board, hint_only=True)
    if not solution.consistent:
        return Hint("inconsistent", solution)
    for cell in solution.wrong_flags:
        return Hint("wrong_flag", solution, solution.deduction_for(*cell), cell=cell)
    if solution.deductions:
        return Hint("deduction", solution, solution.deductions[0])
    if not solution.exact:  # nothing certain that the cheap rules find, and no probabilities to rank guesses
        return Hint("unavailable", solution)
    probability, safest = solution.safest()
    if not safest:
        return Hint("done", solution)
    return Hint("guess", solution, probability=probability, safest=safest)
