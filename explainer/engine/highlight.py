"""Which cells a hint highlights, and in which role.

Roles: ``clue`` (numbers used), ``common``, ``unique-a``, ``unique-b`` (the
areas of a two-number step), ``safe`` (to open), ``mine`` (to flag),
``wrong-flag``, ``known-mine`` (mines an argument relies on), ``safest``
(the lowest-risk cells when nothing is certain), ``assumed`` (a cell a proof
step supposes to be a mine or safe) and ``move`` (in a review: the cell a move
played when it was not a certain one) and ``best-guess`` (in a hint when nothing is certain: the
guess the bot's policy picks).
"""

from __future__ import annotations

from collections.abc import Iterable

from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction, ProofStep

__all__ = ["ROLES", "highlights", "highlights_to_json", "step_highlights"]

ROLES = ("clue", "common", "unique-a", "unique-b", "safe", "mine", "wrong-flag", "known-mine", "safest", "assumed", "move", "best-guess")


def highlights(
    deduction: Deduction | None,
    wrong_flags: CellSet | None = None,
    safest: CellSet | None = None,
    best_guess: Cell | None = None,
) -> dict[Cell, tuple[str, ...]]:
    """Each highlighted cell with its roles, in ``ROLES`` order."""
    roles: dict[Cell, list[str]] = {}

    def mark(cells: Iterable[Cell], role: str) -> None:
        for cell in cells:
            roles.setdefault(Cell(*cell), []).append(role)

    if deduction is not None:
        mark(deduction.clues, "clue")
        if deduction.areas is not None:
            mark(deduction.areas.common, "common")
            mark(deduction.areas.unique_a, "unique-a")
            mark(deduction.areas.unique_b, "unique-b")
        mark(deduction.safe, "safe")
        mark(deduction.mines, "mine")
        mark(deduction.known_mines, "known-mine")
    if wrong_flags is not None:
        mark(wrong_flags, "wrong-flag")
    if safest is not None:
        mark(safest, "safest")
    if best_guess is not None:
        mark((best_guess,), "best-guess")
    order = {role: i for i, role in enumerate(ROLES)}
    return {cell: tuple(sorted(set(found), key=order.__getitem__)) for cell, found in sorted(roles.items())}


def step_highlights(step: ProofStep) -> dict[Cell, tuple[str, ...]]:
    """The cells of one proof step by role: its numbers, what it concludes, the cells it supposes,
    and for a one-number step the mines it counts."""
    roles: dict[Cell, list[str]] = {}

    def mark(cells: Iterable[Cell], role: str) -> None:
        for cell in cells:
            roles.setdefault(Cell(*cell), []).append(role)

    mark(step.clues, "clue")
    if step.clash is not None and step.clash.number is not None:
        mark((step.clash.number,), "clue")
    mark(step.safe or (), "safe")
    mark(step.mines or (), "mine")
    mark((cell for cell, _is_mine in step.assume), "assumed")
    found = step.params.get("found_at")
    if isinstance(found, CellSet):
        mark(found, "known-mine")
    order = {role: i for i, role in enumerate(ROLES)}
    return {cell: tuple(sorted(set(found_roles), key=order.__getitem__)) for cell, found_roles in sorted(roles.items())}


def highlights_to_json(marks: dict[Cell, tuple[str, ...]]) -> list[dict[str, list[int] | list[str]]]:
    return [{"cell": [cell.row, cell.col], "roles": list(found)} for cell, found in marks.items()]
