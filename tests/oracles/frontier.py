"""Test-only: what a view makes certain, by plain backtracking over the covered cells next to a number (written
apart from the engine, to check it).  Flags count as mines.  With the mine count, a placement of the cells next to
the numbers stands when the mines left fit the other covered cells."""

from __future__ import annotations

from explainer.core.board import Board


def certain(board: Board) -> tuple[int, int]:
    """(safe mask, mine mask) over the covered, unflagged cells: those next to a number, and (with the mine count)
    the others when the mines left decide them all."""
    covered = board.covered_mask & ~board.flagged_mask
    numbers = [(index, value - (board.neighbours[index] & board.flagged_mask).bit_count())
               for index, value in board.numbers()]
    frontier = [index for index in range(board.size) if covered >> index & 1
                and any(board.neighbours[number] >> index & 1 for number, _ in numbers)]
    inside = (covered & ~sum(1 << index for index in frontier)).bit_count()
    left = None if board.mines is None else board.mines - board.flagged_mask.bit_count()
    always_mine, never_mine, found = -1, -1, False
    rest: set[int] = set()  # the mines left for the other covered cells, over the placements found

    def fits(mines: int, decided: int) -> bool:
        for number, need in numbers:
            around = board.neighbours[number]
            have = (around & mines).bit_count()
            open_cells = (around & covered & ~decided).bit_count()
            if have > need or have + open_cells < need:
                return False
        return True

    def walk(position: int, mines: int, decided: int) -> None:
        nonlocal always_mine, never_mine, found
        if not fits(mines, decided):
            return
        if position == len(frontier):
            placed = mines.bit_count()
            if left is not None and not 0 <= left - placed <= inside:
                return
            found = True
            always_mine &= mines
            never_mine &= ~mines
            if left is not None:
                rest.add(left - placed)
            return
        bit = 1 << frontier[position]
        walk(position + 1, mines, decided | bit)
        walk(position + 1, mines | bit, decided | bit)

    walk(0, 0, 0)
    if not found:
        return 0, 0
    cells = sum(1 << index for index in frontier)
    safe, mines = never_mine & cells, always_mine & cells
    others = covered & ~cells
    if rest == {0}:  # no mine is left for the other covered cells
        safe |= others
    elif others and rest == {others.bit_count()}:  # every one of them is a mine
        mines |= others
    return safe, mines
