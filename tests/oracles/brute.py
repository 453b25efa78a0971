"""Test-only helpers: brute-force ground truth and views made from layouts."""

from __future__ import annotations

from itertools import combinations

from explainer.core.board import COVERED, FLAGGED, Board, neighbour_masks


def placements(board: Board, use_count: bool = True) -> list[int]:
    """Every mine layout (mask over covered cells) consistent with the view."""
    covered = [i for i in range(board.size) if board.cells[i] < 0]
    nbrs = board.neighbours
    numbers = list(board.numbers())
    sizes = [board.mines] if (use_count and board.mines is not None) else range(len(covered) + 1)
    found = []
    for size in sizes:
        for chosen in combinations(covered, size):
            mask = 0
            for cell in chosen:
                mask |= 1 << cell
            if all((nbrs[i] & mask).bit_count() == n for i, n in numbers):
                found.append(mask)
    return found


def unknown_placements(unknown: int, constraints: list[tuple[int, int]], mines_left: int) -> list[int]:
    """Every placement of ``mines_left`` mines within ``unknown`` (a mask) that meets each
    ``(cells, count)`` constraint: the ground truth for what a player knows (``PlayerKnowledge``)."""
    cells = [i for i in range(unknown.bit_length()) if unknown >> i & 1]
    found = []
    for chosen in combinations(cells, mines_left):
        mask = sum(1 << c for c in chosen)
        if all((mask & cells_mask).bit_count() == count for cells_mask, count in constraints):
            found.append(mask)
    return found


def certain(board: Board) -> tuple[int, int]:
    """(safe mask, mine mask) over covered cells, by brute force."""
    layouts = placements(board)
    covered = board.covered_mask
    if not layouts:
        return 0, 0
    always = covered
    never = covered
    for layout in layouts:
        always &= layout
        never &= ~layout
    return never, always


def probabilities(board: Board) -> dict[int, float]:
    layouts = placements(board)
    if board.mines is None:
        # every placement of any number of mines counts once
        pass
    counts = {i: 0 for i in range(board.size) if board.cells[i] < 0}
    for layout in layouts:
        for i in counts:
            counts[i] += layout >> i & 1
    return {i: c / len(layouts) for i, c in counts.items()}


def view_from_layout(height: int, width: int, layout: int, revealed: int, flagged: int = 0, mines: bool = True) -> Board:
    nbrs = neighbour_masks(height, width)
    cells = []
    for i in range(height * width):
        if revealed >> i & 1 and not layout >> i & 1:
            cells.append((nbrs[i] & layout).bit_count())
        elif flagged >> i & 1:
            cells.append(FLAGGED)
        else:
            cells.append(COVERED)
    return Board(height, width, tuple(cells), layout.bit_count() if mines else None)


def satisfied_by(board: Board, constraints_cells_counts, mask: int) -> bool:
    return all((cells & mask).bit_count() == count for cells, count in constraints_cells_counts)


def endgame_win(neighbours: list[int], unknown: int, found: list[int]) -> float:
    """The best chance to win from equally likely placements ``found`` (masks within
    ``unknown``), by the plain game tree: every covered cell not yet opened may be opened
    next (a mine loses; a safe cell splits the placements by the number it shows), and
    the game is won when one placement is left.  No memo, no pruning, no shortcut."""

    def win(part: list[int], opened: int) -> float:
        if len(part) == 1:
            return 1.0
        best = 0.0
        for index in range(unknown.bit_length()):
            bit = 1 << index
            if not unknown & bit or opened & bit or all(placement & bit for placement in part):
                continue
            groups: dict[int, list[int]] = {}
            for placement in part:
                if not placement & bit:
                    groups.setdefault((placement & neighbours[index]).bit_count(), []).append(placement)
            value = sum(len(group) * win(group, opened | bit) for group in groups.values()) / len(part)
            best = max(best, value)
        return best

    return win(found, 0)


def two_moves(neighbours: list[int], unknown: int, layouts: list[int], index: int, elsewhere: float) -> tuple[float, float]:
    """The chance to survive opening ``index`` and then the safest other cell, and the chance to survive it and
    then the second-safest (``elsewhere``, the safety of a cell outside ``unknown``, counted as two such cells), given
    every placement ``layouts`` of the mines in ``unknown``: for each number the cell could show, the safety of each
    other cell among the placements that show it."""
    around = neighbours[index] & unknown
    by_number: dict[int, list[int]] = {}
    for layout in layouts:
        if not layout >> index & 1:
            by_number.setdefault((layout & around).bit_count(), []).append(layout)
    others = [c for c in range(unknown.bit_length()) if unknown >> c & 1 and c != index]
    first = second = 0.0
    for group in by_number.values():
        safety = sorted([elsewhere, elsewhere, *(sum(1 for layout in group if not layout >> c & 1) / len(group) for c in others)])
        first += len(group) * safety[-1]
        second += len(group) * safety[-2]
    return first / len(layouts), second / len(layouts)
