"""A guess in words, checked by recounting: on views from seeded bot games where nothing is certain
(the reference states need none), the hint names each cell once, every figure is the data rounded by
the documented rule (a whole percent from 10% up, one decimal below), "its mine chance is higher"
appears exactly when the pick is at least ``THRESHOLD`` riskier than the safest cell, and a true 50/50
says why guessing it now costs nothing."""

from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction
from dataclasses import replace
from functools import cache

import pytest

from explainer.bot.certainty import PlayerKnowledge
from explainer.bot.guess import DEFAULT_POLICY, Guess, GuessPolicy, GuessReason, forced_pairs, lookahead
from explainer.bot.interface import FirstClick, PlayerTable
from explainer.bot.moves import play_game, policy_guess
from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.engine.hint import Hint, make_hint
from explainer.words.bot import explain_guess
from explainer.words.guesses import THRESHOLD, Standing, guess_advice, guess_reasons, percent, shown, standing
from explainer.words.hints import hint_json, hint_text
from explainer.words.render import Renderer
from tests.oracles.brute import two_moves, unknown_placements

FIFTY_CLAUSE = "It must be guessed sooner or later, so guessing it now costs nothing extra."
HIGHER = "its mine chance is higher"
CELL = re.compile(r"\b[A-Z]{1,2}[1-9][0-9]{0,2}\b")
FIGURE = re.compile(r"(\d+(?:\.\d+)?)%")

#: (rows, columns, mines, game seeds): seeded games whose guesses cover every case the words tell apart
#: (expert game 101 passes over a dead safest cell)
GAMES = ((16, 30, 99, range(90, 114)), (16, 16, 40, range(30)), (6, 6, 7, range(120)), (5, 5, 5, range(120)))


#: the games are played without the step for cells cut off from the rest, so that they still reach every case
#: above (with it, game 101 guesses in such cells before it meets the dead ones)
VIEWS_POLICY = replace(DEFAULT_POLICY, isolated=False)


def _guess_views(height: int, width: int, mines: int, seeds: range) -> list[Board]:
    """The view at every guess after the first click, in seeded bot games (the bot's own loop), the
    mines proved so far flagged."""
    views: list[Board] = []
    for seed in seeds:
        table = PlayerTable.new(height, width, mines, seed=1000 * height + seed, first_click=FirstClick.SAFE)
        flagged = 0

        def before_guess(table: PlayerTable, knowledge: PlayerKnowledge) -> None:
            nonlocal flagged
            for index in iter_bits(knowledge.mines & ~flagged):  # the mines proved so far, flagged as a player would
                table.flag(*divmod(index, width))
            flagged = knowledge.mines
            views.append(table.view())

        play_game(table, VIEWS_POLICY, before_guess=before_guess)
    return views


@cache
def _cases() -> tuple[tuple[Board, Hint, Guess], ...]:
    cases = []
    for view in [view for game in GAMES for view in _guess_views(*game)]:
        hint = make_hint(view)
        assert hint.kind == "guess"
        guess = policy_guess(view)
        cases.append((view, hint, guess))
        if guess.reason is GuessReason.ISOLATED:  # and what the policy says without that step (game 101: dead cells)
            cases.append((view, hint, policy_guess(view, VIEWS_POLICY)))
    return tuple(cases)


def _lowest(hint: Hint) -> float:
    """The lowest mine chance of any covered cell, recounted from the solution's probabilities."""
    return min(hint.solution.probabilities.values())


def _pick_risk(hint: Hint, guess: Guess) -> float:
    return hint.solution.probabilities[guess.cell.row * hint.solution.board.width + guess.cell.col]


def _shown(value: float) -> float:
    """A probability as the documented rule shows it: a whole percent from 10% up, else to the nearest tenth,
    halves up (recounted here with exact fractions, apart from ``explainer.words.guesses.shown``)."""
    percent = Fraction(value) * 100
    tenth = Fraction(math.floor(percent * 10 + Fraction(1, 2)), 10)
    return float(math.floor(percent + Fraction(1, 2))) if tenth >= 10 else float(tenth)


def _precise(figure: str) -> bool:
    """Written at the rule's precision: no decimal from 10 up, one below."""
    return re.fullmatch(r"[1-9]\d+|100", figure) is not None or re.fullmatch(r"\d\.\d", figure) is not None


def _figures(text: str) -> list[float]:
    return [float(figure) for figure in FIGURE.findall(text)]


def test_the_cases_cover_every_standing_and_reason() -> None:
    seen = Counter((guess.reason, standing(guess)) for _view, _hint, guess in _cases())
    standings = {place for _reason, place in seen}
    reasons = {reason for reason, _place in seen}
    assert standings == set(Standing), seen
    assert reasons >= {GuessReason.SAFEST, GuessReason.PROGRESS, GuessReason.TRADE, GuessReason.EDGE,
                       GuessReason.ORDER, GuessReason.ENDGAME, GuessReason.FIFTY_FIFTY, GuessReason.ISOLATED}, seen
    # among the safest after all, though the policy called it a trade (its figure reads the same), or not
    assert any(guess.reason is GuessReason.TRADE and standing(guess) is Standing.ABOUT for _v, _h, guess in _cases())


def test_a_guess_hint_names_no_cell_twice() -> None:
    for _view, hint, guess in _cases():
        text = hint_text(hint, "en", guess)
        named = Counter(CELL.findall(text))
        assert named[guess.cell.name] == 1, text
        assert max(named.values()) == 1, text


def test_every_figure_is_the_data_by_the_rule() -> None:
    for _view, hint, guess in _cases():
        text = hint_text(hint, "en", guess)
        figures = FIGURE.findall(text)
        assert figures and all(_precise(figure) for figure in figures), text  # one rule
        lowest, risk = _lowest(hint), _pick_risk(hint, guess)
        shown = [float(figure) for figure in figures]
        # the first figure: the safest cells' mine chance
        assert shown[0] == _shown(lowest), text
        # every figure is one of the data's values, rounded by the rule
        data = [lowest, risk, *(value for value in (guess.survival, guess.win, guess.better_survival) if value is not None)]
        for figure in shown:
            near = 0.5 if figure >= 10 else 0.05
            assert any(abs(figure - 100 * value) <= near + 1e-9 and figure == _shown(value) for value in data), (figure, text)
        # the pick's own figure is shown whenever it reads differently from the safest cells'
        if _shown(risk) != _shown(lowest):
            assert _shown(risk) in shown[1:], text


def test_higher_is_said_exactly_from_the_threshold() -> None:
    said = unsaid = 0
    for _view, hint, guess in _cases():
        text = hint_text(hint, "en", guess)
        lowest, risk = _lowest(hint), _pick_risk(hint, guess)
        dead = "can tell you nothing new" in text
        assert dead == guess.safest_dead, text
        if dead:
            assert HIGHER not in text and "about as safe" not in text
            continue
        meaningful = risk - lowest >= THRESHOLD - 1e-9
        # (a point or more always reads higher, but for a half rounded both ways at a float's last bit)
        assert (HIGHER in text) == (meaningful and _shown(risk) != _shown(lowest)), (risk, lowest, text)
        said += meaningful
        if not meaningful and risk > lowest + 1e-9:
            unsaid += 1
            # "about as safe" with its figure (which may read the same): never counted among "the safest cells",
            # which are those of the lowest exact chance
            assert "about as safe" in text and {_shown(risk), _shown(lowest)} <= set(_figures(text)), text
        if not meaningful:
            assert HIGHER not in text
    assert said and unsaid, (said, unsaid)


def test_a_blended_pick_is_recounted_from_the_view() -> None:
    """When the pick is not the cell that survives two moves most often, both figures are recounted from the view
    (by listing every placement when there are few, else by the plain lookahead over the whole view), and so is the
    safer second choice: the figures are exact, with no floor from the risks before the guess."""
    listed = 0
    small = [(view, make_hint(view), policy_guess(view)) for view in _guess_views(5, 6, 6, range(200))]  # listed below
    picks = [(view, hint, guess) for view, hint, guess in (*_cases(), *small) if guess.better is not None]
    assert picks
    for view, hint, guess in picks:
        assert guess.better is not None and guess.survival is not None and guess.better_survival is not None
        knowledge = PlayerKnowledge.from_board(view)
        knowledge.propagate()
        unknown, width = knowledge.unknown, view.width
        elsewhere = 0.0  # the next move's safest cell is counted over the whole view
        few = math.comb(unknown.bit_count(), knowledge.mines_left) <= 300_000
        layouts = unknown_placements(unknown, knowledge.constraints(), knowledge.mines_left) if few else []
        recounted = []
        for cell in (guess.cell, guess.better):
            index = cell.row * width + cell.col
            if few:
                recounted.append(two_moves(knowledge.neighbours, unknown, layouts, index, elsewhere))
            else:
                recounted.append((lookahead(knowledge, knowledge.constraints(), index, elsewhere), math.nan))
        (survival, backup), (better, better_backup) = recounted
        assert survival == pytest.approx(guess.survival, abs=1e-12) and better == pytest.approx(guess.better_survival, abs=1e-12)
        assert survival < better
        if few:
            listed += 1
            assert backup == pytest.approx(guess.backup, abs=1e-12) and better_backup == pytest.approx(guess.better_backup, abs=1e-12)
        text = hint_text(hint, "en", guess)
        safer_second = (guess.backup or 0.0) > (guess.better_backup or 0.0)
        assert "best chance" not in text and ("leaves a safer second choice for the next move" in text) == safer_second, text
        assert f"({guess.better.name}: {percent(Renderer('en'), better)})" in text, text
        # the cell it is compared with is highlighted, and only it
        marked = {tuple(item["cell"]) for item in hint_json(hint, "en", guess=guess)["highlights"] if "compared" in item["roles"]}
        assert marked == {(guess.better.row, guess.better.col)}
    assert listed, "no blended pick on a board small enough to list its placements"


def test_every_survival_figure_a_guess_states_is_the_exact_chance() -> None:
    """"it gives the best chance, 77%, to survive this guess and the next one": the figure is the chance for the cell it
    names, counted by listing every placement (the next move's safest cell over the whole view after the number is
    seen), never the estimate the lookahead ranks by (which keeps the pre-guess risk of the cells elsewhere)."""
    checked = 0
    for view in _guess_views(5, 6, 6, range(200)):
        guess = policy_guess(view)
        if guess.survival is None:
            continue
        knowledge = PlayerKnowledge.from_board(view)
        knowledge.propagate()
        layouts = unknown_placements(knowledge.unknown, knowledge.constraints(), knowledge.mines_left)
        index = guess.cell.row * view.width + guess.cell.col
        survival, _backup = two_moves(knowledge.neighbours, knowledge.unknown, layouts, index, 0.0)
        assert guess.survival == pytest.approx(survival, abs=1e-12), (view, guess)
        if guess.rival_survival is not None and guess.rival is not None:
            rival = guess.rival.row * view.width + guess.rival.col
            assert guess.rival_survival == pytest.approx(two_moves(knowledge.neighbours, knowledge.unknown, layouts, rival, 0.0)[0], abs=1e-12)
        checked += 1
        if checked == 30:
            break
    assert checked == 30, checked


def test_a_true_fifty_fifty_says_why_now() -> None:
    fifty = 0
    for view, hint, guess in _cases():
        text = hint_text(hint, "en", guess)
        knowledge = PlayerKnowledge.from_board(view)
        knowledge.propagate()
        analysis = knowledge.analyze()
        index = guess.cell.row * view.width + guess.cell.col
        is_pair = any(index in pair for pair in forced_pairs(knowledge, analysis, knowledge.constraints()))
        if guess.reason is GuessReason.FIFTY_FIFTY:
            assert is_pair
            fifty += 1
        assert (FIFTY_CLAUSE in text) == (guess.reason is GuessReason.FIFTY_FIFTY), text
        assert text.count(FIFTY_CLAUSE) <= 1
    assert fifty
    small = Board.parse("mines 2\n01??\n01??\n")  # two true 50/50s (the endgame search, off here, would play them out)
    assert FIFTY_CLAUSE in hint_text(make_hint(small), "en", policy_guess(small, GuessPolicy(endgame_limit=0)))


def test_two_or_three_short_sentences_said_alike_by_the_hint_and_the_bot() -> None:
    renderer = Renderer("en")
    for _view, hint, guess in _cases():
        advice = guess_advice(guess, renderer)
        assert len(advice) in (2, 3) and advice == guess_reasons(guess, renderer, named=True)
        assert all(len(sentence.split()) <= 32 for sentence in advice), advice
        text = hint_text(hint, "en", guess)
        assert not re.search(r": [A-Z][a-z]", text), text  # no capital after a colon mid-sentence
        bot = explain_guess(guess, renderer)
        assert all(sentence in text and sentence in bot for sentence in advice)
        # the review names the pick first ("The best guess was C4."): its reasons say "it", never the name
        assert guess.cell.name not in " ".join(guess_reasons(guess, renderer))


@pytest.mark.parametrize("language", ["de", "ar", "ja"])
def test_the_figures_follow_the_language(language: str) -> None:
    renderer = Renderer(language)
    for _view, hint, guess in _cases()[:40]:
        text = hint_text(hint, language, guess)
        assert "%(" not in text and guess.cell.name in text
        assert percent(renderer, _lowest(hint)) in text


def test_the_rule_for_figures() -> None:
    en, de = Renderer("en"), Renderer("de")
    values = (0.768, 0.77, 0.0049, 0.00049, 0.5, 1.0, 2 / 21, 0.0996, 0.0994, 0.125, 0.0625)
    assert [percent(en, value) for value in values] == [
        "77%", "77%", "0.5%", "0.0%", "50%", "100%", "9.5%", "10%", "9.9%", "13%", "6.3%"
    ]
    assert [percent(de, value) for value in (0.768, 0.095)] == ["77\xa0%", "9,5\xa0%"]
    assert all(float(shown(value)) == _shown(value) for value in values)
