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
from flask_babel import ngettext

from explainer.learn.lessons import PATTERN_IDS, lesson_example
from explainer.learn.guessing import EXAMPLES, PRACTISED, GuessTopic
from explainer.learn.runs import STORM_SECONDS, WRONG_COSTS, RunKind
from explainer.core.board import Board
from explainer.engine.solve import solve
from explainer.service.advice import advice_json, advise
from explainer.words.guessing import topic_text
from explainer.words.lessons import example_json, lessons_json

from web.replies.learn import board_rows, queue_json
from web.storage import puzzles as practice_store
from web.storage import ratings, runs, training
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
    kinds = [
        # I18N: Learn: Storm in the list of runs, after its name
        (RunKind.STORM, _("Storm"), _("Three minutes of puzzles, easy to hard.")),
        # I18N: Learn: Streak in the list of runs, after its name
        (RunKind.STREAK, _("Streak"), _("Puzzles easy to hard until your first wrong answer.")),
    ]
    return render_template(
        "learn/index.html", lessons=lessons, queue=queue, next=queue[0]["pattern"] if queue else None, mastered=training.MASTERED,
        overall=rated.get(ratings.OVERALL), trend_days=ratings.TREND_DAYS,
        runs=[(str(kind), name, text) for kind, name, text in kinds], bests={str(kind): runs.best(owner, kind) for kind in RunKind},
        guessing=[(str(topic), topic_text(topic, language).name) for topic in GuessTopic],
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


def run_texts(kind: RunKind) -> dict[str, str]:
    """Sentences the Storm and Streak script shows, in the page's language."""
    return {
        # I18N: Storm or Streak: the current puzzle; %(number)s its place in the run (from 1), %(name)s its lesson,
        # %(rating)s its difficulty (a whole number)
        "puzzle": _("Puzzle %(number)s: %(name)s · rating %(rating)s"),
        # I18N: Storm or Streak: the answer solved the puzzle; the next one follows at once
        "right": _("Right!"),
        # I18N: Storm: a wrong answer; %(num)s is how many seconds it cost (10)
        "wrong": ngettext("Wrong: %(num)s second off the clock.", "Wrong: %(num)s seconds off the clock.", WRONG_COSTS)
        if kind is RunKind.STORM
        # I18N: Streak: the wrong answer that ends the run
        else _("Wrong: the streak ends here."),
        # I18N: Storm or Streak: the answer has no wrong cell but none of the cells the puzzle's step decides
        "incomplete": _("No mistake, but none of these cells is one the step decides. Look again."),
        # I18N: Storm or Streak: Check pressed with no cell marked
        "empty": _("Mark your answer first: click a cell to open it, right click (or long press) to flag it."),
        # I18N: Storm or Streak: the run's score beat the player's best
        "newBest": _("A new personal best!"),
        # I18N: Storm or Streak: a run that will not enter the leaderboard
        "unranked": _("This run is not ranked: sign in before you start, and answer at your own pace."),
        # I18N: practice: heading before the pattern's step, after a wrong answer
        "step": _("The step to find:"),
        # I18N: Storm or Streak: the end of the run when no answer was wrong
        "noMisses": _("No misses."),
        # I18N: Storm or Streak: heading of one missed puzzle, explained at the end; %(number)s its place in the run
        "miss": _("Puzzle %(number)s"),
        # I18N: shown when the server could not be reached or refused a request
        "error": _("Something went wrong: %(error)s"),
    }


def _run_page(kind: RunKind) -> ResponseReturnValue:
    language = select_language()
    config: dict[str, Any] = {
        "kind": str(kind),
        "apiRoot": url_for("learn_api.lessons").rsplit("/", 1)[0],
        "lang": language,
        "langTag": language.replace("_", "-"),
        "texts": {**run_texts(kind), **cell_texts()},
        # I18N: Storm: the screen-reader announcement of the time left at 60, 30 and 10 seconds; %(num)s a whole number
        "timeLeft": {str(left): ngettext("%(num)s second left", "%(num)s seconds left", left) for left in (60, 30, 10)},
        "roles": dict(role_labels()),
    }
    return render_template("learn/run.html", kind=str(kind), seconds=STORM_SECONDS, costs=WRONG_COSTS,
                           best=runs.best(owner_id(), kind), leaderboard=runs.leaderboard(kind), config=config)


@bp.get("/storm")
def storm() -> ResponseReturnValue:
    """Storm: three minutes of puzzles from easy to hard."""
    return _run_page(RunKind.STORM)


@bp.get("/streak")
def streak() -> ResponseReturnValue:
    """Streak: puzzles from easy to hard until the first wrong answer."""
    return _run_page(RunKind.STREAK)


def guessing_texts() -> dict[str, str]:
    """Sentences the guessing-course script shows, in the page's language."""
    return {
        # I18N: guessing practice: how to answer (one click or tap on a covered cell)
        "ask": _("Pick the cell you would open: click or tap it."),
        # I18N: shown when the server could not be reached or refused a request
        "error": _("Something went wrong: %(error)s"),
    }


def _question(topic: GuessTopic) -> str:
    """What a practised topic's puzzles ask."""
    if topic is GuessTopic.FIFTY_FIFTY:
        # I18N: guessing practice: what the player is asked on a board with a true 50/50
        return _("No cell is certain here, and two cells form a 50/50. Find it: click or tap one of its two cells.")
    # I18N: guessing practice: what the player is asked
    return _("No cell is certain here. Pick the safest cell: click or tap the covered cell with the lowest chance of "
             "a mine.")


@bp.get("/guessing/<topic_id>")
def guessing(topic_id: str) -> ResponseReturnValue:
    """A lesson of the guessing course: what to do when no cell is certain, on an example board, and practice."""
    try:
        topic = GuessTopic(topic_id)
    except ValueError:
        abort(404)
    language = select_language()
    board = Board.parse(EXAMPLES[topic])
    example = advice_json(advise(solve(board)), language)
    topics = list(GuessTopic)
    position = topics.index(topic)
    config: dict[str, Any] = {
        "topic": str(topic),
        "practised": topic in PRACTISED,
        "apiRoot": url_for("learn_api.lessons").rsplit("/", 1)[0],
        "lang": language,
        "langTag": language.replace("_", "-"),
        "example": {"height": board.height, "width": board.width, "mines": board.mines,
                    "board": board_rows(board),
                    "highlights": example["highlights"]},
        "texts": {**guessing_texts(), **cell_texts()},
    }
    return render_template(
        "learn/guessing.html", topic=str(topic), text=topic_text(topic, language), hint=example["text"],
        practised=topic in PRACTISED, number=position + 1, question=_question(topic),
        previous=(str(topics[position - 1]), topic_text(topics[position - 1], language).name) if position else None,
        following=(str(topics[position + 1]), topic_text(topics[position + 1], language).name)
        if position + 1 < len(topics) else None,
        roles=[(role, label) for role, label in role_labels()
               if role in {r for mark in example["highlights"] for r in mark["roles"]}],
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
