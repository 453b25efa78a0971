"""A checker of the Learn section's English sentences as a player reads them, from the raw view alone:
a shape's sentence ("The 1-2-1 at A2, B2, and C2: A3 and C3 are mines; B3 is safe.", with "Take away
the flag at A3: ..." first when flags reduce its numbers) and a practice verdict ("You opened D3, but
it is a mine. ...", "D3 could still be a mine: mines at D3 and E4 fit every number around them.").

Shapes: the numbers named must stand in a straight line of neighbours; each one's value less the flags
next to it must be the shape's digits (and the counts stated); the flags named must be exactly the
flags next to them; the cells named as mines and as safe must be exactly the cells those numbers decide
together, found by trying every placement of mines in their covered cells.  Verdicts: the cell named
must be the one judged; a placement stated must put the cell the way the sentence says and give every
number next to the mines it lists, and to the cells it leaves empty, exactly its value.
"""

from __future__ import annotations

import re

from explainer.core.board import FLAGGED, Board

__all__ = ["LessonReadError", "check_shape_text", "check_verdict_text"]

CELL = r"[A-Z]+[0-9]+"
LIST = rf"{CELL}(?:(?:, and |, | and ){CELL})*"
DIGITS = {"1-1": (1, 1), "1-2": (1, 2), "1-2-1": (1, 2, 1), "1-2-2-1": (1, 2, 2, 1)}


class LessonReadError(AssertionError):
    """A sentence whose claim is not what the board shows."""


def _index(board: Board, name: str) -> int:
    for index in range(board.size):
        if board.name(index) == name:
            return index
    raise LessonReadError(f"{name} is not a cell of the board")


def _cells(board: Board, text: str) -> list[int]:
    return [_index(board, name) for name in re.findall(CELL, text)]


def _around(board: Board, index: int) -> list[int]:
    return [i for i in range(board.size) if board.neighbours[index] >> i & 1]


def _decided(board: Board, numbers: list[int]) -> tuple[set[int], set[int]]:
    """(mines, safe): the covered, unflagged cells next to ``numbers`` that every placement fitting
    them agrees on, by trying them all."""
    cells = sorted({i for n in numbers for i in _around(board, n) if board.cells[i] < 0 and board.cells[i] != FLAGGED})
    fits = []
    for bits in range(1 << len(cells)):
        mines = {cell for k, cell in enumerate(cells) if bits >> k & 1}
        if all(
            sum(1 for i in _around(board, n) if i in mines or board.cells[i] == FLAGGED) == board.cells[n] for n in numbers
        ):
            fits.append(mines)
    if not fits:
        raise LessonReadError("no placement fits the shape's numbers")
    always = set.intersection(*fits)
    never = set(cells) - set.union(*fits)
    return always, never


def check_shape_text(board: Board, text: str) -> None:
    """Recount a shape's sentence(s) from the board; raise ``LessonReadError`` on a false claim."""
    flags_named: set[int] = set()
    counts_named: list[int] | None = None
    lead = re.match(rf"Take away the flags? at ({LIST}): the numbers at ({LIST}) count as ([0-9, and]+)\. ", text)
    if lead:
        flags_named = set(_cells(board, lead.group(1)))
        counts_named = [int(n) for n in re.findall(r"[0-9]+", lead.group(3))]
        text = text[lead.end():]
    main = re.fullmatch(rf"The (1-1|1-2|1-2-1|1-2-2-1) at ({LIST}): (.*)\.", text)
    if not main:
        raise LessonReadError(f"not a shape's sentence: {text!r}")
    digits = DIGITS[main.group(1)]
    numbers = _cells(board, main.group(2))
    if lead and _cells(board, lead.group(2)) != numbers:
        raise LessonReadError("the reduction and the shape name different numbers")
    if len(numbers) != len(digits):
        raise LessonReadError(f"a {main.group(1)} names {len(numbers)} numbers")
    positions = [divmod(n, board.width) for n in numbers]
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip(positions, positions[1:])}
    if len(steps) != 1 or sum(map(abs, steps.pop())) != 1:
        raise LessonReadError(f"the numbers {main.group(2)} are not a straight line of neighbours")
    flags = {i for n in numbers for i in _around(board, n) if board.cells[i] == FLAGGED}
    if flags != flags_named:
        raise LessonReadError(f"the flags next to the numbers are {sorted(map(board.name, flags))}, the text names {sorted(map(board.name, flags_named))}")
    effective = [board.cells[n] - sum(1 for i in _around(board, n) if i in flags) for n in numbers]
    if tuple(effective) != digits or (counts_named is not None and counts_named != effective):
        raise LessonReadError(f"the numbers count {effective} less their flags, the text says {main.group(1)} / {counts_named}")
    mines_named: set[int] = set()
    safe_named: set[int] = set()
    for clause in main.group(3).split("; "):
        found = re.fullmatch(rf"({LIST}) (is a mine|are mines|is safe|are safe)", clause)
        if not found:
            raise LessonReadError(f"not a clause of a shape's sentence: {clause!r}")
        cells = set(_cells(board, found.group(1)))
        (mines_named if "mine" in found.group(2) else safe_named).update(cells)
    mines, safe = _decided(board, numbers)
    if (mines, safe) != (mines_named, safe_named):
        raise LessonReadError(f"the numbers decide mines {sorted(map(board.name, mines))} and safe {sorted(map(board.name, safe))}")


def check_verdict_text(board: Board, cell: int, move: str, text: str) -> str:
    """Recount a practice verdict's claim about ``cell`` from the board; returns which form it was."""
    name = board.name(cell)
    for lead, form, wanted in ((f"You opened {name}, but it is a mine.", "mine", "open"), (f"You flagged {name}, but it is safe.", "safe", "flag")):
        if text.startswith(lead) and move == wanted:
            rest = text[len(lead):].strip()
            if rest.startswith(("The 1-", "Take away")):  # the shape's sentence says why: it must name the cell so
                check_shape_text(board, rest)
                clause = re.search(rf"({LIST}) (?:is a mine|are mines)" if form == "mine" else rf"({LIST}) (?:is safe|are safe)", rest)
                if not clause or name not in re.findall(CELL, clause.group(1)):
                    raise LessonReadError(f"the shape's sentence does not name {name} as {form}: {rest!r}")
            return form
    if text == f"No number touches {name}, so nothing decides it yet.":
        if any(board.neighbours[cell] >> i & 1 and board.cells[i] >= 0 for i in range(board.size)):
            raise LessonReadError(f"a number touches {name}")
        return "no-number"
    found = re.fullmatch(
        rf"({CELL}) could still be (a mine|safe): (?:a mine|mines) at ({LIST})(?:, none at ({CELL}),)? fits? every number around (?:it|them)\.",
        text,
    )
    if not found or found.group(1) != name:
        raise LessonReadError(f"not a verdict on {name}: {text!r}")
    mines = set(_cells(board, found.group(3)))
    if (cell in mines) != (found.group(2) == "a mine") or (found.group(2) == "safe") != (found.group(4) == name):
        raise LessonReadError(f"the placement stated does not put {name} the way the sentence says: {text!r}")
    # every number next to the mines listed or to the cell counts exactly its value with them
    numbers = {i for m in mines | {cell} for i in _around(board, m) if board.cells[i] >= 0}
    for number in numbers:
        around = _around(board, number)
        count = sum(1 for i in around if i in mines or board.cells[i] == FLAGGED)
        if count != board.cells[number]:
            raise LessonReadError(f"with mines at {sorted(map(board.name, mines))} the {board.cells[number]} at {board.name(number)} counts {count}")
    return "placement"
