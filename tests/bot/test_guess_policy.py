"""The guessing policy's claims, replayed: a true 50/50 really is one, a dead
cell really can tell nothing, and the hint, "watch the bot" and the review
name the same pick with the same sentences."""

from __future__ import annotations

import random

import pytest

from explainer.bot.certainty import PlayerKnowledge
from explainer.bot.guess import Guess, GuessPolicy, GuessReason, choose_guess
from explainer.bot.interface import FirstClick, PlayerTable
from explainer.bot.moves import MoveKind, next_move, policy_guess
from explainer.core.board import Board
from explainer.core.cells import Cell, iter_bits
from explainer.engine.hint import make_hint
from explainer.play.modes import new_game
from explainer.play.moves import flag_cell, open_cell
from explainer.review import review
from explainer.words.bot import explain_guess, guess_reasons
from explainer.words.hints import hint_text
from explainer.words.render import Renderer
from explainer.words.review import move_text
from tests.oracles.brute import endgame_win, unknown_placements

NO_ENDGAME = GuessPolicy(endgame_limit=0)


def _guess(view: Board, policy: GuessPolicy = NO_ENDGAME) -> tuple[Guess, PlayerKnowledge]:
    knowledge = PlayerKnowledge.from_board(view)
    knowledge.propagate()
    analysis = knowledge.analyze()
    return choose_guess(knowledge, analysis, policy), knowledge


def _placements(knowledge: PlayerKnowledge) -> list[int]:
    """Every placement of the remaining mines that fits the numbers, by brute force."""
    return unknown_placements(knowledge.unknown, knowledge.constraints(), knowledge.mines_left)


def _check_fifty_fifty(guess: Guess, knowledge: PlayerKnowledge) -> None:
    """Replay the claim: exactly one mine in the pair in every placement, each side a mine
    in half of them, and no covered cell whose number could ever tell them apart."""
    width = knowledge.width
    a = guess.cell.row * width + guess.cell.col
    other = guess.alternatives[0][0]
    b = other.row * width + other.col
    found = _placements(knowledge)
    assert found and all(((p >> a) & 1) + ((p >> b) & 1) == 1 for p in found)
    assert 2 * sum(p >> a & 1 for p in found) == len(found)
    # swapping the two cells maps placements onto placements and changes no other cell's number
    swapped = {p ^ (1 << a) ^ (1 << b) for p in found}
    assert swapped == set(found)
    for index in iter_bits(knowledge.unknown & ~(1 << a) & ~(1 << b)):
        around = knowledge.neighbours[index]
        for p in found:
            q = p ^ (1 << a) ^ (1 << b)
            assert (p & around).bit_count() == (q & around).bit_count()


def _check_dead(guess: Guess, knowledge: PlayerKnowledge) -> None:
    """Replay the claim: each dead cell shows the same number in every placement where it is safe."""
    found = _placements(knowledge)
    for cell in guess.dead:
        index = cell.row * knowledge.width + cell.col
        numbers = {(p & knowledge.neighbours[index]).bit_count() for p in found if not p >> index & 1}
        assert len(numbers) == 1, f"{cell.name} could show {sorted(numbers)}"


def test_a_true_fifty_fifty_is_guessed_at_once_and_said() -> None:
    # C1/C2: the 1s see both and nothing else; D1/D2 see both of them too: two true 50/50s
    view = Board.parse("mines 2\n01??\n01??\n")
    guess, knowledge = _guess(view)
    assert guess.reason is GuessReason.FIFTY_FIFTY and guess.probability == 0.5
    assert {guess.cell, guess.alternatives[0][0]} in ({Cell(0, 2), Cell(1, 2)}, {Cell(0, 3), Cell(1, 3)})
    _check_fifty_fifty(guess, knowledge)
    text = explain_guess(guess, Renderer("en"))
    assert "true 50/50" in text and guess.cell.name in text
    assert "It must be guessed sooner or later, so guessing it now costs nothing extra." in text
    assert "%(" not in explain_guess(guess, Renderer("ja"))


def _random_views(seed: int, count: int) -> list[Board]:
    """Views where nothing is certain, from bot games on small boards."""
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        height, width = rng.randint(4, 6), rng.randint(4, 6)
        mines = rng.randint(3, max(3, height * width // 4))
        table = PlayerTable.new(height, width, mines, rng.randrange(10**9), FirstClick.SAFE)
        while not table.over:
            view = table.view()
            move = next_move(view, NO_ENDGAME, FirstClick.SAFE)
            if move.guess is not None and move.guess.reason is not GuessReason.FIRST:
                views.append(view)
            if move.kind is MoveKind.OPEN:
                table.open(*move.cell)
            else:
                table.flag(*move.cell)
    return views


def test_every_fifty_fifty_and_dead_cell_the_policy_names_replays_true() -> None:
    fifty = dead = 0
    for view in _random_views(5, 400):
        guess, knowledge = _guess(view)
        if knowledge.unknown.bit_count() > 24:
            continue
        if guess.reason is GuessReason.FIFTY_FIFTY:
            fifty += 1
            _check_fifty_fifty(guess, knowledge)
        if guess.dead:
            dead += 1
            _check_dead(guess, knowledge)
            # the pick itself is not dead: some number it could show is not yet known
            index = guess.cell.row * view.width + guess.cell.col
            numbers = {(p & knowledge.neighbours[index]).bit_count() for p in _placements(knowledge) if not p >> index & 1}
            assert len(numbers) > 1
    assert fifty >= 5 and dead >= 1, (fifty, dead)


def test_a_dead_safest_cell_is_passed_over_and_said() -> None:
    # a safer cell whose number is already known is passed over: opening it would tell nothing (said when every
    # safest cell is dead, as B1 here; a dead cell among living safest ones needs no word: the pick's reason is
    # then its chance to survive two moves)
    guess, knowledge = _guess(Board.parse("mines 5\n1?1.\n2?31\n3F??\n????\n????\n"))
    assert guess.safest_dead and guess.dead == (Cell(0, 1),)
    _check_dead(guess, knowledge)
    text = explain_guess(guess, Renderer("en"))
    assert "can tell you nothing new" in text and guess.dead[0].name in text and guess.cell.name in text


def test_the_hint_the_bot_and_the_review_name_the_same_guess() -> None:
    for seed in range(60):
        game = new_game("classic", 16, 16, 40, seed=seed)
        open_cell(game, 8, 8, at=0.0)
        while game.state == "playing":
            move = next_move(game.view())
            if move.guess is not None:
                break  # the first guess after the opening
            if move.kind is MoveKind.OPEN:
                open_cell(game, *move.cell, at=1.0)
            else:
                flag_cell(game, *move.cell, at=1.0)
        if game.state == "playing" and move.guess is not None and move.guess.reason is not GuessReason.ENDGAME:
            break
    else:
        raise AssertionError("no seed left a guess before the endgame")
    view = game.view()
    bot = next_move(view).guess
    assert bot is not None and policy_guess(view) == bot
    renderer = Renderer("en")
    hint = hint_text(make_hint(view), "en", policy_guess(view))
    reasons = [sentence for sentence in guess_reasons(bot, renderer, named=True) if sentence]
    assert reasons and all(sentence in hint for sentence in reasons)
    assert hint.count(bot.cell.name) == 1  # the pick, named once
    # the review of the guess: the same pick, the same reasons
    open_cell(game, *bot.cell, at=2.0)
    item = review(game).moves[-1]
    assert item.verdict == "forced-guess" and item.best_guess == bot and item.followed
    text = move_text(item, renderer)
    assert "it was the best guess there was" in text
    assert all(sentence in text for sentence in guess_reasons(bot, renderer) if sentence)


@pytest.mark.parametrize("language", ["de", "ar", "zh_Hans"])
def test_the_new_guess_sentences_are_translated(language: str) -> None:
    view = Board.parse("mines 2\n01??\n01??\n")
    guess, _knowledge = _guess(view)
    english = explain_guess(guess, Renderer("en"))
    text = explain_guess(guess, Renderer(language))
    assert text != english and "%(" not in text and guess.cell.name in text


#: from a bot game on an expert board (first click safe, benchmark seed 99): no cell is certain, too many placements
#: for the endgame, and five covered cells at the bottom left (B15, C15, A16, B16, C16) that no other number sees
CUT_OFF = """mines 99
.1?1..122211.111..111..1121211
.123322??2?211?1..2?2..2?4?2?1
..2???22344?11221.2?4212??3211
..2?531.1??2112?2122??334?2...
1124?2.12321.1?22?2334??211.11
?11??312?1...11113?3?22221223?
2213?21?21..111..2?311113?4??3
?211123321112?311222222?3?????
2?1.12??11?12??23?33??2122????
11113?421112244?3?4??42111????
...1??2...12?2?2213??42?22????
...1332...1?22221124?3?3??????
11113?2..1221.1?11?21223??????
?23?4?2..1?211111111..1?2?????
2???31111213?3111211..23??????
???21..1?1.2??11?2?1..1???????
"""


def test_a_region_cut_off_from_the_rest_is_played_out_exactly() -> None:
    view = Board.parse(CUT_OFF)
    guess = policy_guess(view)
    assert guess.reason is GuessReason.ISOLATED
    assert guess.region is not None and sorted(guess.region.names()) == ["A16", "B15", "B16", "C15", "C16"]
    knowledge = PlayerKnowledge.from_board(view)
    knowledge.propagate()
    knowledge.analyze()
    region = guess.region.mask
    # the claim, replayed: no covered cell outside the region touches it ...
    assert all(not knowledge.neighbours[index] & knowledge.unknown & ~region for index in iter_bits(region))
    # ... and its numbers fix its mine count: every placement of its own cells has as many mines
    inside = [(cells & region, count) for cells, count in knowledge.constraints() if cells & region]
    assert all(cells & ~region == 0 for cells, _count in inside)
    own = [placement for count in range(6) for placement in unknown_placements(region, inside, count)]
    assert len({placement.bit_count() for placement in own}) == 1 and len(own) == guess.tied == 3
    # the pick clears the region as often as a full game-tree search over its placements can
    neighbours = tuple(view.neighbours)
    best = endgame_win(list(neighbours), region, own)
    assert guess.win == pytest.approx(best) and best == pytest.approx(2 / 3)
    text = explain_guess(guess, Renderer("en"))
    assert guess.cell.name in text and "cut off from the rest" in text and "67%" in text
    assert all(cell.name in text for cell in guess.region if cell != guess.cell)
    assert "are cut off from the rest with it: no number outside them can ever decide them" in text
    assert "It must be guessed sooner or later" not in text  # (a true 50/50's reason)
    for language in ("de", "ru", "ja"):
        translated = explain_guess(guess, Renderer(language))
        assert "cut off" not in translated and "%(" not in translated and guess.cell.name in translated
    # without the step the bot weighs the region's cells like any others
    plain, _knowledge = _guess(view, GuessPolicy(isolated=False))
    assert plain.reason is not GuessReason.ISOLATED

