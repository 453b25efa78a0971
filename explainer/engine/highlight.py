"""Which cells a hint highlights, and in which role.

Roles: ``clue`` (numbers used), ``common``, ``unique-a``, ``unique-b`` (the
areas of a two-number step), ``safe`` (to open), ``mine`` (to flag),
``wrong-flag``, ``known-mine`` (mines an argument relies on), and ``safest``
(the lowest-risk cells when nothing is certain).
"""

from __future__ import annotations

from collections.abc import Iterable

from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction

__all__ = ["ROLES", "highlights", "highlights_to_json"]

ROLES = ("clue", "common", "unique-a", "unique-b", "safe", "mine", "wrong-flag", "known-mine", "safest")


def highlights(
    deduction: Deduction | None, wrong_flags: CellSet | None = None, safest: CellSet | None = None
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
    order = {role: i for i, role in enumerate(ROLES)}
    return {cell: tuple(sorted(set(found), key=order.__getitem__)) for cell, found in sorted(roles.items())}


def highlights_to_json(marks: dict[Cell, tuple[str, ...]]) -> list[dict[str, list[int] | list[str]]]:
    return [{"cell": [cell.row, cell.col], "roles": list(found)} for cell, found in marks.items()]
