"""The JSON shapes of the engine's data as clients receive them: deductions, proof steps, the cells a
hint highlights and their roles.

``Deduction.to_json`` and ``ProofStep.to_json`` make the engine's keys; the words package completes
them (the keys marked *words*: ``text``, ``depth``, ``lead``, ``action``, ``highlights``).  The web's
OpenAPI description names the same fields (``tests/web/test_openapi_replies.py`` holds them together).
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, get_args

__all__ = ["AreasJson", "CellJson", "ClashJson", "DeductionJson", "HighlightJson", "ProofStepJson", "ROLES", "Role"]

#: a cell as JSON: ``[row, col]``, 0-based
CellJson = list[int]

#: the role of a highlighted cell: ``clue`` (numbers used), ``common``, ``unique-a``, ``unique-b`` (the areas of
#: a two-number step), ``safe`` (to open), ``mine`` (to flag), ``wrong-flag``, ``known-mine`` (mines an argument
#: relies on), ``safest`` (the lowest-risk cells when nothing is certain), ``assumed`` (a cell a proof step
#: supposes to be a mine or safe), ``move`` (in a review: the cell a move played when it was not a certain one)
#: ``best-guess`` (the guess the bot's policy picks) and ``compared`` (the cell its words compare the pick with: it
#: survives this guess and the next move more often, but leaves a riskier second choice)
Role = Literal[
    "clue", "common", "unique-a", "unique-b", "safe", "mine", "wrong-flag", "known-mine", "safest", "assumed", "move",
    "best-guess", "compared",
]
#: every role, in the order a cell lists its roles
ROLES: tuple[Role, ...] = get_args(Role)


class HighlightJson(TypedDict):
    cell: CellJson
    roles: list[Role]  # in ``ROLES`` order


class ClashJson(TypedDict):
    number: CellJson | None  # None: the mine count of the whole board
    value: int
    mines: int
    room: int


class ProofStepJson(TypedDict):
    kind: str  # ``StepKind``
    assume: list[list[Any]]  # [[cell, "mine" | "safe"], ...], outermost first
    numbers: list[CellJson]
    mine_count: bool
    safe: list[CellJson]
    mines: list[CellJson]
    figures: dict[str, Any]  # the figures its sentence states (``StepKind`` names their ``TypedDict``)
    clash: NotRequired[ClashJson]
    text: NotRequired[str]  # words
    depth: NotRequired[int]  # words: nesting in the cases of a proof
    highlights: NotRequired[list[HighlightJson]]  # words, for a page that lists the steps


class AreasJson(TypedDict):
    common: list[CellJson]
    unique_a: list[CellJson]
    unique_b: list[CellJson]


class DeductionJson(TypedDict):
    rule: str  # ``Rule``
    safe: list[CellJson]
    mines: list[CellJson]
    clues: list[CellJson]
    known_mines: list[CellJson]
    known_safe: list[CellJson]
    uses_mine_count: bool
    message: str
    areas: NotRequired[AreasJson]  # a two-number step's areas
    proof: list[ProofStepJson]
    text: NotRequired[str]  # words
    lead: NotRequired[str]  # words: the sentences before the steps
    action: NotRequired[str]  # words: the sentence after them
    highlights: NotRequired[list[HighlightJson]]  # words: in a chain, the cells of the step by role
