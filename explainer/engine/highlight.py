"""Which cells a hint highlights, and in which role.

The roles are ``explainer.core.json_shapes.Role``: the numbers a step uses, its areas, what it
decides, the mines it relies on, the safest cells and the best guess when nothing is certain.
"""

from __future__ import annotations

from collections.abc import Iterable

from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction, ProofStep
from explainer.core.json_shapes import ROLES, HighlightJson, Role

__all__ = ["Marks", "ROLES", "Role", "highlights", "highlights_to_json", "step_highlights"]

#: a cell's roles, in ``ROLES`` order
Marks = dict[Cell, tuple[Role, ...]]


def highlights(
    deduction: Deduction | None,
    wrong_flags: CellSet | None = None,
    safest: CellSet | None = None,
    best_guess: Cell | None = None,
    compared: Cell | None = None,
) -> Marks:
    """Each highlighted cell with its roles, in ``ROLES`` order (``compared``: the cell a guess's words compare
    the best guess with)."""
    roles: dict[Cell, list[Role]] = {}

    def mark(cells: Iterable[Cell], role: Role) -> None:
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
    if compared is not None:
        mark((compared,), "compared")
    order = {role: i for i, role in enumerate(ROLES)}
    return {cell: tuple(sorted(set(found), key=order.__getitem__)) for cell, found in sorted(roles.items())}


def step_highlights(step: ProofStep) -> Marks:
    """The cells of one proof step by role: its numbers, what it concludes, the cells it supposes,
    and for a one-number step the mines it counts."""
    roles: dict[Cell, list[Role]] = {}

    def mark(cells: Iterable[Cell], role: Role) -> None:
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


def highlights_to_json(marks: Marks) -> list[HighlightJson]:
    return [{"cell": [cell.row, cell.col], "roles": list(found)} for cell, found in marks.items()]
