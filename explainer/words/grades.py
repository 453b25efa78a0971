"""A board's grade in words and as JSON (``explainer.play.grade``): the grade's name, the hardest technique, and how
often each technique was the step."""

from __future__ import annotations

from typing_extensions import TypedDict

from explainer.core.deduction import Rule
from explainer.core.json_shapes import Count
from explainer.play.grade import Grade, GradeName
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.render import Renderer

__all__ = ["GRADE_NAMES", "GradeJson", "TECHNIQUE_NAMES", "grade_json", "grade_name_text", "grade_text"]


def N_(message: str) -> str:
    """Mark a UI string for translation (pybabel extracts ``N_``); translate it where it is shown."""
    return message


#: each grade's name as a player reads it (an English message id; translate it where it is shown)
GRADE_NAMES: dict[GradeName, str] = {
    # I18N: a board's grade: solved one number at a time
    GradeName.EASY: N_("Easy"),
    # I18N: a board's grade: some step needs two numbers together
    GradeName.MEDIUM: N_("Medium"),
    # I18N: a board's grade: some step needs every placement of a group of numbers
    GradeName.HARD: N_("Hard"),
    # I18N: a board's grade: no logic gets past some position, a guess is needed
    GradeName.LUCK: N_("Needs luck"),
}
#: each technique's name in a grade (an English message id)
TECHNIQUE_NAMES: dict[Rule, str] = {
    # I18N: a technique in a board's grade: a number's own cells
    Rule.SIMPLE: N_("one number"),
    # I18N: a technique in a board's grade: the count of mines left
    Rule.GLOBAL: N_("the mine counter"),
    # I18N: a technique in a board's grade: two numbers that share cells
    Rule.PAIR: N_("two numbers"),
    # I18N: a technique in a board's grade: every placement of a group of numbers, case by case
    Rule.ENUMERATION: N_("case by case"),
}


class GradeJson(TypedDict):
    """A board's grade: its name, the hardest technique its solution needs, how often each technique was the step
    (rounds) and the cells each decided, and the guesses it needed."""

    grade: GradeName
    hardest: Rule | None
    rounds: dict[Rule, Count]
    cells: dict[Rule, Count]
    guesses: Count


def grade_json(grade: Grade) -> GradeJson:
    return {"grade": grade.name, "hardest": grade.hardest, "rounds": dict(grade.rounds), "cells": dict(grade.cells),
            "guesses": grade.guesses}


def grade_name_text(grade: Grade, language: str = DEFAULT_LANGUAGE) -> str:
    """"Grade: Medium" (the name alone, as a board whose layout is still hidden shows it)."""
    renderer = Renderer(language)
    # I18N: a board's grade before it is played; %(grade)s is the grade's name (Easy, Medium, Hard, Needs luck)
    return renderer._("Grade: %(grade)s", grade=renderer.translate(GRADE_NAMES[grade.name]))


def grade_text(grade: Grade, language: str = DEFAULT_LANGUAGE) -> str:
    """"Medium (one number 24 times and two numbers 5 times)" (and the guesses, when it needed some)."""
    renderer = Renderer(language)
    uses = [
        # I18N: in a board's grade: a technique and how often it was the step; %(technique)s is its name
        renderer.ngettext("%(technique)s once", "%(technique)s %(count)s times", count,
                          technique=renderer.translate(TECHNIQUE_NAMES[rule]))
        for rule, count in grade.rounds.items()
    ]
    if grade.guesses:
        # I18N: in a board's grade: how many guesses solving it needed
        uses.append(renderer.ngettext("%(count)s guess", "%(count)s guesses", grade.guesses))
    name = renderer.translate(GRADE_NAMES[grade.name])
    if not uses:
        # I18N: a board's grade when the first click opens the whole board; %(grade)s is the grade's name
        return renderer._("%(grade)s (the first click opens it all)", grade=name)
    # I18N: a board's grade; %(grade)s is its name, %(uses)s the techniques it needs and how often, as a list
    return renderer._("%(grade)s (%(uses)s)", grade=name, uses=renderer.formats.list(uses))
