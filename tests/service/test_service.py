"""The one game service (``explainer.service``): the hint every front end gives, the wrong flags it marks and
the per-position solve cache — and the front ends saying what it says."""

from __future__ import annotations

import io
import json

from explainer.cli.main import main
from explainer.core.board import Board
from explainer.core.cells import Cell
from explainer.engine.hint import make_hint
from explainer.engine.solve import solve
from explainer.learn.lessons import classify
from explainer.play.game import Game
from explainer.service import LruCache, Solutions, advice_json, advise, wrong_flags_now
from explainer.words.hints import hint_json
from web.replies.analysis import hint_reply

STEP = Board.parse("mines 3\n??1..\n??2..\n??2..\n??1..\n")
GUESS = Board.parse("mines 2\n????\n????\n")
WRONG = Board.parse("mines 1\nF..\n?1.\n?1.\n")  # the flag at A1 is wrong: it touches the 0 at B1

def test_lru_keeps_the_most_recent_and_counts() -> None:
    cache: LruCache[str, int] = LruCache(2)
    calls: list[str] = []

    def make(key: str):
        return lambda: calls.append(key) or len(calls)

    assert cache.get("a", make("a")) == 1
    assert cache.get("b", make("b")) == 2
    assert cache.get("a", make("a")) == 1  # hit: a is now the most recent
    assert cache.get("c", make("c")) == 3  # evicts b
    assert cache.get("b", make("b")) == 4
    assert calls == ["a", "b", "c", "b"] and (cache.hits, cache.misses) == (1, 4)


def test_size_zero_keeps_nothing() -> None:
    cache: LruCache[str, int] = LruCache(0)
    calls: list[int] = []
    for _ in range(3):
        cache.get("a", lambda: calls.append(1) or len(calls))
    assert len(calls) == 3


def test_solutions_keep_exact_answers_by_position_and_peek_without_solving() -> None:
    solutions = Solutions(2)
    first = solutions.solve(STEP)
    assert solutions.solve(STEP) is first and solutions.cache.hits == 1
    assert solutions.known(str(STEP)) is first and solutions.known("elsewhere") is None
    assert solutions.solve(GUESS, key="mine") is solutions.known("mine")
    assert Solutions(0).solve(STEP).deductions == first.deductions  # size 0: nothing kept, same answer


def test_advice_is_the_hint_with_its_pick_and_lesson() -> None:
    step = advise(solve(STEP, hint_only=True))
    assert step.hint.kind == "deduction" and step.hint.deduction is not None and step.guess is None
    assert step.lesson == classify(STEP, step.hint.deduction)
    guess = advise(solve(GUESS, hint_only=True))
    assert guess.hint.kind == "guess" and guess.guess is not None and guess.lesson is None
    assert guess.guess.cell in guess.hint.safest


def test_a_wrong_flag_asked_about_is_explained() -> None:
    solution = solve(WRONG, hint_only=True)
    assert Cell(0, 0) in solution.wrong_flags
    asked = advise(solution, Cell(0, 0))
    assert asked.hint.kind == "wrong_flag" and asked.hint.cell == Cell(0, 0)
    assert advise(solution, Cell(2, 2)).hint.kind == make_hint(solution).kind  # elsewhere: the usual hint


def test_wrong_flags_are_marked_only_while_playing() -> None:
    game = Game.from_layout(3, 3, 1 << 3)  # the mine at A2
    solved = []

    def solve_view(view: Board):
        solved.append(view)
        return solve(view, hint_only=True)

    assert not wrong_flags_now(game, solve_view) and not solved  # not started: nothing to solve
    game.open(2, 2)
    game.toggle_flag(0, 0)
    assert wrong_flags_now(game, solve_view).to_json() == [[0, 0]]
    game.toggle_flag(0, 0)
    game.toggle_flag(1, 0)
    assert not wrong_flags_now(game, solve_view) and len(solved) == 2


def test_web_and_command_line_give_the_services_words() -> None:
    for board in (STEP, GUESS):
        advice = advise(solve(board, hint_only=True))
        web = hint_reply(solve(board, hint_only=True), "de")
        service = advice_json(advice, "de")
        assert {key: web[key] for key in service} == service  # the web adds only the overlay of a guess
        out = io.StringIO()
        assert main(["hint", "--json", "--lang", "de", "-"], stdin=io.StringIO(str(board)), out=out) == 0
        assert json.loads(out.getvalue()) == json.loads(json.dumps(hint_json(advice.hint, "de", guess=advice.guess)))
