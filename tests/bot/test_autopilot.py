"""The autopilot (``explainer.bot.autopilot``): from the view alone, the cells the steps at or below a level decide,
sound, and nothing when the view has something to fix."""

from __future__ import annotations

import random

from explainer.bot.autopilot import autopilot_moves
from explainer.core.board import Board
from explainer.core.deduction import Rule
from explainer.engine.solve import solve
from explainer.learn.lessons import get_pattern
from explainer.play.game import Game


def test_one_number_steps_only_at_the_simple_level() -> None:
    view = Board.parse("1?\n??\n")  # nothing decides anything
    assert not autopilot_moves(view, Rule.SIMPLE) and not autopilot_moves(view, Rule.PAIR)
    pair = Board.parse(get_pattern("pair").example)  # the lesson's example: its first step needs two numbers
    assert solve(pair).deductions[0].rule is Rule.PAIR
    assert autopilot_moves(pair, Rule.PAIR) and not autopilot_moves(pair, Rule.SIMPLE)
    simple = Board.parse(get_pattern("simple").example)
    moves = autopilot_moves(simple, Rule.SIMPLE)
    assert moves and moves.safe.mask | moves.mines.mask


def test_the_moves_are_sound_and_stop_at_the_first_deeper_step() -> None:
    rng = random.Random(4)
    for seed in range(40):
        game = Game.new(16, 16, 40, seed)
        game.open(8, 8)
        for _ in range(rng.randrange(0, 3)):  # a few rounds in
            moves = autopilot_moves(game.view(), Rule.PAIR)
            for cell in moves.safe:
                if not game.over:
                    game.open(cell.row, cell.col)
        if game.over:
            continue
        view = game.view()
        solution = solve(view)
        for level in (Rule.SIMPLE, Rule.PAIR):
            moves = autopilot_moves(view, level)
            assert not moves.safe.mask & ~solution.safe.mask and not moves.mines.mask & ~solution.mines.mask
            allowed = {Rule.SIMPLE: {Rule.SIMPLE, Rule.GLOBAL}, Rule.PAIR: {Rule.SIMPLE, Rule.GLOBAL, Rule.PAIR}}[level]
            prefix = 0
            for deduction in solution.deductions:
                if deduction.rule not in allowed:
                    break
                prefix |= deduction.safe.mask | deduction.mines.mask
            assert moves.safe.mask | moves.mines.mask == prefix & view.covered_mask & ~view.flagged_mask


def test_a_provably_wrong_flag_or_numbers_that_cannot_hold_stop_it() -> None:
    wrong = Board.parse(".F?\n.1?\n")  # B1 touches an open 0: the flag is wrong, and the 1 still decides nothing
    assert solve(wrong).consistent and solve(wrong).wrong_flags.mask
    assert not autopilot_moves(wrong, Rule.PAIR)
    assert not autopilot_moves(Board.parse("2.\n..\n"), Rule.PAIR)  # a 2 with no covered cell
