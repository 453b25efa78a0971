"""The words of Storm and Streak (``explainer.learn.runs``): how a run ended."""

from __future__ import annotations

from explainer.learn.runs import RunKind
from explainer.words.render import Renderer

__all__ = ["run_summary"]


def run_summary(kind: RunKind, score: int, renderer: Renderer) -> str:
    """The sentence that ends a run: how many puzzles it solved."""
    if kind is RunKind.STORM:
        # I18N: Storm: the clock ran out; %(count)s puzzles solved in the run
        return renderer.ngettext("Time is up. You solved %(count)s puzzle.", "Time is up. You solved %(count)s puzzles.",
                                 score)
    # I18N: Streak: the first wrong answer ended the run; %(count)s puzzles solved before it, in a row
    return renderer.ngettext("Streak over. You solved %(count)s puzzle in a row.",
                             "Streak over. You solved %(count)s puzzles in a row.", score)
