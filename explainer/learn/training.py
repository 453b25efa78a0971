"""Training from the player's own games: the logical steps a game's review shows the player missed,
and the pattern each one is.

A step is *missed* at each avoidable guess (``explainer.review``): the player opened a cell that
was not provably safe while some cell was, and the review names the step that was available instead
(the step proving the opened cell a mine, when it was one; else the simplest step there was).  Its
pattern is the lesson it belongs to (``explainer.learn.lessons.classify`` on the view before the move).
The move number is the move's place in the review (1-based), as the review page numbers it.
"""

from __future__ import annotations

from dataclasses import dataclass

from explainer.core.cells import CellSet
from explainer.learn.lessons import classify
from explainer.review import Review, Verdict

__all__ = ["MissedStep", "missed_steps"]


@dataclass(frozen=True)
class MissedStep:
    move: int  # the move's number in the review
    pattern: str  # the lesson of the step that was available
    safe: CellSet  # the cells that step proves safe
    mines: CellSet  # and the ones it proves mines


def missed_steps(review: Review) -> tuple[MissedStep, ...]:
    """Every step the game's review shows the player missed, in move order."""
    found = []
    for number, item in enumerate(review.moves, 1):
        if item.verdict is Verdict.AVOIDABLE_GUESS and item.missed is not None:
            found.append(MissedStep(number, classify(item.view, item.missed), item.missed.safe, item.missed.mines))
    return tuple(found)
