"""A board's grade: what solving it from the first click needs, as Hodoku and SudokuWiki grade a sudoku by the
hardest technique it needs.

The simulated player (``explainer.play.simulated_player``) solves the layout from the first click, each round with
the cheapest technique that proves something: the mine counter, one number, two numbers together, or every
placement (case by case).  Where nothing proves anything, the board needs a guess: the grader (which holds the layout,
like the generator) opens a safe cell for the player, the first safe covered cell next to an open one in reading order
(else the first safe cell), and counts the guess.  The grade is the hardest technique used, or "luck" when a guess was needed:

=========  ==========================================================
``easy``   one number at a time (and the mine counter)
``medium`` two numbers together
``hard``   every placement of a group of numbers (and the mine count)
``luck``   at least one guess
=========  ==========================================================

The first click: the given cell, else the first cell of the layout's first opening in reading order (a zero), else
the first safe cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from explainer.core.board import neighbour_masks
from explainer.core.cells import iter_bits
from explainer.core.deduction import RULE_ORDER, Rule
from explainer.play.simulated_player import PlayerSimulation

__all__ = ["Grade", "GradeName", "TECHNIQUE_ORDER", "default_first", "grade_layout"]


class GradeName(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    LUCK = "luck"


#: the techniques from the easiest, as a player learns them (the mine counter and one number are both "easy")
TECHNIQUE_ORDER: tuple[Rule, ...] = (Rule.SIMPLE, Rule.GLOBAL, Rule.PAIR, Rule.ENUMERATION)
_GRADE_OF = {Rule.SIMPLE: GradeName.EASY, Rule.GLOBAL: GradeName.EASY, Rule.PAIR: GradeName.MEDIUM,
             Rule.ENUMERATION: GradeName.HARD}


@dataclass(frozen=True)
class Grade:
    """What solving a board from ``first`` needed: each technique's rounds (how often it was the step), the cells
    each decided, the guesses, and the grade."""

    first: int
    rounds: dict[Rule, int]
    cells: dict[Rule, int]
    guesses: int

    @property
    def hardest(self) -> Rule | None:
        """The hardest technique used (None: the first click opened the whole board)."""
        used = [rule for rule in TECHNIQUE_ORDER if self.rounds.get(rule)]
        return used[-1] if used else None

    @property
    def name(self) -> GradeName:
        if self.guesses:
            return GradeName.LUCK
        return GradeName.EASY if self.hardest is None else _GRADE_OF[self.hardest]


def default_first(height: int, width: int, layout: int) -> int:
    """The first cell of the layout's first opening in reading order (a safe cell with no mine around), else the
    first safe cell."""
    neighbours = neighbour_masks(height, width)
    size = height * width
    safe = [index for index in range(size) if not layout >> index & 1]
    if not safe:
        raise ValueError("a board with no safe cell cannot be graded")
    return next((index for index in safe if not neighbours[index] & layout), safe[0])


def grade_layout(height: int, width: int, layout: int, first: int | None = None) -> Grade:
    """Solve the layout from ``first`` (``default_first`` when None) as a player would and grade it."""
    size = height * width
    if first is None:
        first = default_first(height, width, layout)
    if not 0 <= first < size or layout >> first & 1:
        raise ValueError(f"the first click must be a safe cell of the board, got index {first}")
    neighbours = neighbour_masks(height, width)

    def open_cell(index: int) -> int:
        return (neighbours[index] & layout).bit_count()

    player = PlayerSimulation(height, width, layout.bit_count(), first, open_cell)
    guesses = 0
    player.start()
    while not player.run(lambda _rounds: RULE_ORDER):
        safe_left = ~layout & ~player.revealed & ((1 << size) - 1)
        beside = [index for index in iter_bits(safe_left) if neighbours[index] & player.revealed]
        player.give((beside or list(iter_bits(safe_left)))[0])
        guesses += 1
    rounds = {rule: player.uses[rule] for rule in TECHNIQUE_ORDER if player.uses.get(rule)}
    cells: dict[Rule, int] = {}
    for played in player.history:
        if played.rule is not None:
            cells[played.rule] = cells.get(played.rule, 0) + (played.safe | played.mines).bit_count()
    return Grade(first, rounds, {rule: cells[rule] for rule in TECHNIQUE_ORDER if rule in cells}, guesses)

