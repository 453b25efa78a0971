"""The words of the guessing course (``explainer.learn.guessing``): each topic's name and explanation, and the
verdict on a cell picked in a practice puzzle."""

from __future__ import annotations

from explainer.learn.guessing import GuessTopic, PickVerdict
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.lessons import N_, LessonText
from explainer.words.render import Renderer

__all__ = ["TOPIC_TEXTS", "pick_text", "topic_text"]

#: each topic's name and explanation (message ids; ``topic_text`` translates them)
TOPIC_TEXTS: dict[GuessTopic, tuple[str, str]] = {
    GuessTopic.SAFEST: (
        # I18N: guessing course: lesson name: the cell with the lowest chance of a mine
        N_("The safest cell"),
        # I18N: guessing course: explanation of the safest cell
        N_(
            "When no cell is certain, the numbers still make some covered cells likelier to be mines than others: "
            "each number spreads the mines it still needs over its covered cells. Open a cell with the lowest "
            "chance of a mine. The hint's probabilities show every chance; with practice you will see the safe "
            "spots yourself."
        ),
    ),
    GuessTopic.FIFTY_FIFTY: (
        # I18N: guessing course: lesson name: two cells, one mine, that nothing can ever tell apart
        N_("A 50/50"),
        # I18N: guessing course: explanation of a true 50/50
        N_(
            "Two covered cells hold exactly one mine, and every number, now and to come, sees both of them or "
            "neither: nothing can ever tell which one is the mine. One of them must be guessed sooner or later, so "
            "guess it now: the risk is the same, and a loss costs less time early than late."
        ),
    ),
    GuessTopic.FORCED: (
        # I18N: guessing course: lesson name: a guess only when nothing is certain
        N_("When a guess is forced"),
        # I18N: guessing course: explanation of when a guess is forced
        N_(
            "Before you guess, make sure nothing is certain: look at each number, then at pairs of numbers, then "
            "at the mines left. Only when no cell is certain is a guess forced. Then choose it well: a cell with "
            "the lowest chance of a mine, and among those the one that tells you the most."
        ),
    ),
    GuessTopic.OPENING: (
        # I18N: guessing course: lesson name: guessing away from the numbers to find a new open area
        N_("Looking for an opening"),
        # I18N: guessing course: explanation of guessing for an opening
        N_(
            "The covered cells away from every number all share one chance of a mine, set by the mines left. "
            "When it is as low as the safest cells by the numbers, a cell that may be a zero is worth more: a zero "
            "opens a whole area. A corner has only three neighbours, so it is the likeliest to be a zero."
        ),
    ),
    GuessTopic.SURVIVE: (
        # I18N: guessing course: lesson name: the guess that survives this move and the next one most often
        N_("Surviving the next move"),
        # I18N: guessing course: explanation of the two-move lookahead
        N_(
            "Among cells about as safe, prefer the one whose number is likeliest to make your next move safe too. "
            "The hint counts, for each of them, the chance to survive this guess and the move after it, and names "
            "the cell with the best chance, even when it is a little riskier itself."
        ),
    ),
}


def topic_text(topic: GuessTopic, language: str = DEFAULT_LANGUAGE) -> LessonText:
    """A topic's name and explanation in ``language``."""
    name, explanation = TOPIC_TEXTS[topic]
    renderer = Renderer(language)
    return LessonText(renderer.translate(name), renderer.translate(explanation))


def pick_text(verdict: PickVerdict, renderer: Renderer) -> str:
    """The verdict on a picked cell, with the figures it rests on."""
    cell = renderer.cells([verdict.cell])
    percent = renderer.percent(verdict.probability)
    if verdict.topic is GuessTopic.SAFEST:
        if verdict.right:
            # I18N: guessing practice: the picked cell %(cell)s is a safest cell; %(percent)s its chance of a mine
            return renderer._("Right: %(cell)s has the lowest chance of a mine here, %(percent)s.", cell=cell,
                              percent=percent)
        # I18N: guessing practice: the picked cell is not a safest cell; %(percent)s its chance of a mine, %(cells)s
        # the safest cells, %(lowest)s their chance
        return renderer.ngettext(
            "%(cell)s has a %(percent)s chance of a mine; the safest cell, %(cells)s, has %(lowest)s.",
            "%(cell)s has a %(percent)s chance of a mine; the safest cells, %(cells)s, have %(lowest)s.",
            len(verdict.answers), cell=cell, percent=percent, cells=verdict.answers,
            lowest=renderer.percent(verdict.lowest),
        )
    if verdict.right:
        # I18N: guessing practice: the picked cell %(cell)s is one side of a true 50/50
        return renderer._("Right: %(cell)s is one side of a 50/50 that no number can ever decide: guess it now.",
                          cell=cell)
    # I18N: guessing practice: the picked cell is no side of a 50/50; %(percent)s its chance of a mine, %(cells)s the
    # cells of the 50/50s on the board
    return renderer._("%(cell)s is no side of a 50/50 (its chance of a mine is %(percent)s). The 50/50 here: "
                      "%(cells)s.", cell=cell, percent=percent, cells=verdict.answers)
