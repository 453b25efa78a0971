"""The ``solve`` JSON object: a contract other tools rely on (keep it stable)."""

from __future__ import annotations

from typing import Any

from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.engine.solve import Solution
from explainer.words.render import Renderer

__all__ = ["solution_to_json"]


def solution_to_json(solution: Solution, language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    renderer = Renderer(language)
    deductions: list[dict[str, Any]] = []
    data: dict[str, Any] = {
        "consistent": solution.consistent,
        "safe": solution.safe.to_json(),
        "mines": solution.mines.to_json(),
        "probabilities": solution.probability_grid(),
        "wrong_flags": solution.wrong_flags.to_json(),
        "deductions": deductions,
    }
    for deduction in solution.deductions:
        item = deduction.to_json()  # a fresh dict: the text goes last, as it always has
        item["text"] = renderer.deduction(deduction)
        deductions.append(item)
    if not solution.exact:  # over budget: cheap rules only, no probabilities (the key is absent when exact)
        data["exact"] = False
    if not solution.consistent:
        data["conflict"] = [cell.to_json() for cell in solution.conflict]
        data["text"] = renderer.inconsistent(solution.conflict, solution.conflict_uses_mine_count)
    return data
