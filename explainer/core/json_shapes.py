"""The JSON shapes of the engine's data as clients receive them: deductions, proof steps, the cells a
hint highlights and their roles.

``Deduction.to_json`` and ``ProofStep.to_json`` make the engine's keys; the words package completes
them (the keys marked *words*: ``text``, ``depth``, ``lead``, ``action``, ``highlights``).  The web's
OpenAPI description names the same fields (``tests/web/test_openapi_replies.py`` holds them together).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from annotated_types import Ge, Interval, Len, MinLen
from typing_extensions import Doc, NotRequired, TypedDict

__all__ = ["AreasJson", "CellJson", "ClashJson", "Count", "DeductionJson", "HighlightJson", "Probability",
           "ProofStepJson", "ROLES", "Role"]

# The shapes are plain ``TypedDict``s; their fields carry what a client may rely on as standard typing metadata
# (``annotated_types`` limits, ``Doc`` descriptions), which the web's API description reads (``web.api.openapi``).

#: a cell as JSON: ``[row, col]``, 0-based, row 0 at the top
CellJson = Annotated[list[Annotated[int, Ge(0)]], Len(2, 2)]
#: a number of things
Count = Annotated[int, Ge(0)]
#: a chance, from 0 to 1
Probability = Annotated[float, Interval(ge=0, le=1)]

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
    roles: Annotated[list[Role], MinLen(1)]  # in ``ROLES`` order


class ClashJson(TypedDict):
    """A contradiction: under assume the number (null: the mine count, value mines in all) would touch `mines` mines
    with `room` covered cells left that are neither; `mines` exceeds `value` or `mines + room` falls short of it."""

    number: CellJson | None  # None: the mine count of the whole board
    value: int
    mines: int
    room: int


class ProofStepJson(TypedDict):
    kind: str  # ``StepKind``
    assume: Annotated[list[list[Any]], Doc("The suppositions in force, outermost first: [[cell, 'mine'|'safe'], ...].")]
    numbers: Annotated[list[CellJson], Doc("The revealed numbers the step uses.")]
    mine_count: Annotated[bool, Doc("Whether the step uses the board's mine count.")]
    safe: Annotated[list[CellJson], Doc("Cells the step concludes safe (under assume).")]
    mines: Annotated[list[CellJson], Doc("Cells the step concludes are mines (under assume).")]
    # the figures its sentence states (``StepKind`` names their ``TypedDict``)
    figures: Annotated[dict[str, Any], Doc("Every figure the step's sentence states.")]
    clash: NotRequired[ClashJson]
    text: NotRequired[str]  # words
    depth: NotRequired[Annotated[Count, Doc("Nesting in the cases of a proof.")]]  # words
    highlights: NotRequired[Annotated[list[HighlightJson], Doc("The step's cells by role, for a page that lists the "
                                                               "steps.")]]  # words


class AreasJson(TypedDict):
    """A two-number step: the cells both numbers see, and those only one sees."""

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
    lead: NotRequired[Annotated[str, Doc("The sentences before the proof's steps (a page that lists them).")]]  # words
    action: NotRequired[Annotated[str, Doc("The sentence after the steps: what to open or flag.")]]  # words
    highlights: NotRequired[list[HighlightJson]]  # words: in a chain, the cells of the step by role
