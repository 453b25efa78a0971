"""The Learn section's pages: the lesson list with the session's progress, and
one page per lesson (explanation, illustrated example, practice).

Lessons come from ``explainer.learn.lessons`` in order of difficulty; practice goes
through ``web.api.learn``.  Every link to a lesson carries ``data-lesson="ID"``.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_percent
from flask_babel import gettext as _

from explainer.learn.lessons import PATTERN_IDS, lesson_example
from explainer.words.lessons import example_json, lessons_json

from web.replies.learn import queue_json
from web.storage import puzzles as practice_store
from web.storage import ratings, training
from web.identity import owner_id
from web.language import select_language
from web.pages.game import cell_texts, role_labels

bp = Blueprint("learn", __name__, url_prefix="/learn")


def accuracy_text(progress: practice_store.Progress) -> str:
    """First-try accuracy as a localized percentage, or a dash before any answer."""
    return "—" if progress.accuracy is None else format_percent(progress.accuracy, "#,##0%")


def learn_texts() -> dict[str, str]:
    """Sentences the practice script shows, in the page's language."""
    return {
        # I18N: practice: the answer was right
        "right": _("Right! Here is the next puzzle."),
        # I18N: practice: the answer was right, and the player marked the numbers it rests on: what they prove follows;
        # the puzzle stays until the player asks for a new one
        "rightWork": _("Right! Here is what your marked numbers prove; press New puzzle for the next one."),
        # I18N: practice: the answer was wrong; why each wrong cell is wrong follows, then the pattern's step
        "wrong": _("Not quite. Here is why:"),
        # I18N: practice: heading before the pattern's step, after a wrong answer
        "step": _("The step to find:"),
        # I18N: practice: no mistake, but the answer did not use the lesson's pattern
        "incomplete": _("No mistake so far, but none of these cells is one the lesson's pattern decides. Look again."),
        # I18N: practice: the player pressed Check without marking a cell
        "empty": _("Mark your answer first: click a cell to open it, right click (or long press) to flag it."),
        # I18N: practice: progress for this lesson; %(solved)s puzzles solved, %(accuracy)s a percentage
        "progress": _("Solved: %(solved)s · right at the first try: %(accuracy)s"),
        # I18N: practice: the puzzle's difficulty, on the same scale as the player's rating; %(rating)s a whole number
        "puzzle_rating": _("Puzzle rating: %(rating)s"),
        # I18N: practice: how the first attempt at a puzzle moved the player's rating in this lesson and over all
        # lessons; each value is a whole number, %(before)s and %(after)s in this lesson, %(overall)s the overall rating
        "rating_change": _("Your rating here: %(before)s → %(after)s · overall: %(overall)s"),
        # I18N: shown when the server could not be reached or refused a request
        "error": _("Something went wrong: %(error)s"),
    }


@bp.get("/")
def index() -> ResponseReturnValue:
    owner = owner_id()
    language = select_language()
    progress = practice_store.progress(owner)
    weeks = training.missed_by_week(owner)
    rated = ratings.progress(owner)
    queue = [queue_json(item, language) for item in training.queue(owner)]
    lessons: list[dict[str, Any]] = [dict(lesson) for lesson in lessons_json(language)]  # with the page's figures
    for lesson in lessons:
        item = progress[lesson["id"]]
        lesson["progress"] = item
        lesson["accuracy_text"] = accuracy_text(item)
        lesson["weeks"] = weeks[lesson["id"]]
        lesson["most"] = max(max(weeks[lesson["id"]]), 1)
        lesson["rating"] = rated.get(lesson["id"])
    return render_template(
        "learn/index.html", lessons=lessons, queue=queue, next=queue[0]["pattern"] if queue else None, mastered=training.MASTERED,
        overall=rated.get(ratings.OVERALL), trend_days=ratings.TREND_DAYS
    )


@bp.get("/yours")
def yours() -> ResponseReturnValue:
    """"Your practice": puzzles of the patterns the player's finished games show missed."""
    owner = owner_id()
    language = select_language()
    queue = [queue_json(item, language) for item in training.queue(owner)]
    pattern = queue[0]["pattern"] if queue else PATTERN_IDS[0]
    progress = practice_store.progress(owner)[pattern]
    config: dict[str, Any] = {
        "lesson": None,
        "personal": True,
        "apiRoot": url_for("learn_api.lessons").rsplit("/", 1)[0],
        "lang": language,
        "langTag": language.replace("_", "-"),
        "progress": progress.to_json(),
        "texts": {**learn_texts(), **cell_texts()},
        "roles": dict(role_labels()),
    }
    return render_template(
        "learn/yours.html",
        queue=queue,
        personal=True,
        progress=progress,
        accuracy=accuracy_text(progress),
        mastered=training.MASTERED,
        config=config,
    )


@bp.get("/<pattern_id>")
def lesson(pattern_id: str) -> ResponseReturnValue:
    if pattern_id not in PATTERN_IDS:
        abort(404)
    language = select_language()
    example = example_json(lesson_example(pattern_id), language)
    position = PATTERN_IDS.index(pattern_id)
    neighbours = {
        "previous": PATTERN_IDS[position - 1] if position > 0 else None,
        "next": PATTERN_IDS[position + 1] if position + 1 < len(PATTERN_IDS) else None,
    }
    names = {item["id"]: item["name"] for item in lessons_json(language)}
    shown = [example["hint"], *example["steps"], *([example["shape"]] if example["shape"] else [])]
    used = {role for item in shown for mark in item["highlights"] for role in mark["roles"]}
    labels = role_labels()
    progress = practice_store.progress(owner_id())[pattern_id]
    config: dict[str, Any] = {
        "lesson": pattern_id,
        "apiRoot": url_for("learn_api.lessons").rsplit("/", 1)[0],
        "lang": language,
        "langTag": language.replace("_", "-"),
        "example": example,
        "progress": progress.to_json(),
        "texts": {**learn_texts(), **cell_texts()},
        "roles": dict(labels),
    }
    return render_template(
        "learn/lesson.html",
        lesson=example,
        number=position + 1,
        neighbours={key: (value, names[value]) if value else None for key, value in neighbours.items()},
        roles=[(role, label) for role, label in labels if role in used],
        progress=progress,
        accuracy=accuracy_text(progress),
        config=config,
    )
