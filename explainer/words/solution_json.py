"""The ``solve`` JSON object: a contract other tools rely on (keep it stable)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from typing_extensions import Doc, NotRequired, TypedDict

from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.engine.solve import Solution
from explainer.core.deduction import Deduction
from explainer.core.json_shapes import CellJson, Count, DeductionJson, Probability
from explainer.words.render import Renderer, step_depth

__all__ = ["SolutionJson", "deduction_json", "solution_to_json"]


class SolutionJson(TypedDict):
    """A solve: what the numbers decide, with each step's proof (docs/cli.md)."""

    consistent: bool
    safe: list[CellJson]
    mines: list[CellJson]
    probabilities: Annotated[list[list[Probability | None]], Doc("Row by row; null on a cell that is not covered.")]
    wrong_flags: list[CellJson]
    deductions: list[DeductionJson]
    truncated: NotRequired[Annotated[Literal[True], Doc("The caller's limit ended deductions early.")]]
    deductions_total: NotRequired[Annotated[Count, Doc("Then: the whole chain's length.")]]
    exact: NotRequired[bool]  # False: over budget, cheap rules only, no probabilities
    conflict: NotRequired[list[CellJson]]  # the numbers that cannot all hold
    text: NotRequired[str]  # then: why, in words


def deduction_json(deduction: Deduction, renderer: Renderer) -> DeductionJson:
    """A deduction as data with its words: each proof step gets its ``text`` (and ``depth`` in the
    cases of a proof by contradiction), and the whole argument ends with ``text``."""
    item = deduction.to_json()
    text, sentences = renderer.explained(deduction)
    for step_json, sentence, step in zip(item["proof"], sentences, deduction.proof):
        step_json["text"] = sentence
        step_json["depth"] = step_depth(step) if step.assume else 0
    item["text"] = text
    return item


def solution_to_json(
    solution: Solution,
    language: str = DEFAULT_LANGUAGE,
    item: Callable[[Deduction, Renderer], DeductionJson] = deduction_json,
    more: Callable[[list[DeductionJson]], bool] | None = None,
) -> SolutionJson:
    """The solve JSON; ``item`` shapes each deduction (``deduction_json``, or a superset of it).

    ``more``, when given, is asked before each deduction is shaped, with the ones shaped so far: False
    ends ``deductions`` there (a caller's limit on size or time), and the JSON says so with
    ``"truncated": true`` and ``"deductions_total"``, the length of the whole chain (both keys are absent
    when every deduction is listed)."""
    renderer = Renderer(language)
    deductions: list[DeductionJson] = []
    data: SolutionJson = {
        "consistent": solution.consistent,
        "safe": solution.safe.to_json(),
        "mines": solution.mines.to_json(),
        "probabilities": solution.probability_grid(),
        "wrong_flags": solution.wrong_flags.to_json(),
        "deductions": deductions,
    }
    for deduction in solution.deductions:
        if more is not None and not more(deductions):
            data["truncated"] = True
            data["deductions_total"] = len(solution.deductions)
            break
        deductions.append(item(deduction, renderer))
    if not solution.exact:  # over budget: cheap rules only, no probabilities (the key is absent when exact)
        data["exact"] = False
    if not solution.consistent:
        data["conflict"] = [cell.to_json() for cell in solution.conflict]
        data["text"] = renderer.inconsistent(solution.conflict, solution.conflict_uses_mine_count)
    return data
