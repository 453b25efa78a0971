"""Checking a no-guess board the slow, obvious way.

A ``Game`` is played from its first click.  Each round the engine looks at
``Game.view()`` only (never the layout): the rule functions of
``explainer.engine.rules`` on a ``SolveState`` (global, simple, pair), or
``explainer.engine.count.analyze`` for the exact tier, cheapest tier first.
Everything the first productive tier proves is applied: proved mines are
remembered, proved safe cells are opened through ``Game.open``.  The board
is no-guess within the depth limit when this wins the game.

Generation uses the faster, incremental ``depth_solver``; this module is the
independent check the tests hold it to.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.core.constraints import Knowledge
from explainer.core.deduction import Deduction, Rule
from explainer.engine.count import analyze
from explainer.play.game import Game
from explainer.engine.rules import FINDERS, RULES, tiers_up_to
from explainer.engine.frontier import SolveState

__all__ = ["Replay", "replay", "certain_cells"]

@dataclass(frozen=True)
class Replay:
    won: bool
    rules: tuple[Rule, ...]  # the rules that were needed, cheapest first
    rounds: int
    stuck: Board | None = None  # the view where no allowed rule proved anything
    lost: bool = False  # a proved-safe cell held a mine: the reasoning would be unsound


def certain_cells(board: Board, known_mines: int, tiers: Sequence[Rule]) -> tuple[int, int, Rule | None]:
    """(safe, mines, rule): every unknown cell the first productive tier proves on ``board``."""
    # a tier that proves nothing leaves the state as it was, so one state serves them all
    state = SolveState(board, Knowledge(mines=known_mines), board.covered_mask & ~known_mines)
    for rule in tiers:
        if rule is Rule.ENUMERATION:
            constraints = [(c.cells, c.count) for c in state.constraints.values()]
            analysis = analyze(constraints, state.unknown, state.mines_left)
            safe, mines = analysis.safe & state.unknown, analysis.mines & state.unknown
        else:
            finder = FINDERS[rule]
            safe = mines = 0
            deduction: Deduction | None = finder(state)
            while deduction is not None:
                safe |= deduction.safe.mask
                mines |= deduction.mines.mask
                state.apply(deduction.mines.mask, deduction.safe.mask)
                deduction = finder(state)
        if safe | mines:
            return safe, mines, rule
    return 0, 0, None


def replay(height: int, width: int, layout: int, first: tuple[int, int], max_rule: Rule = Rule.ENUMERATION) -> Replay:
    """Play ``layout`` from ``first`` by deduction alone, with rules up to ``max_rule``."""
    game = Game.from_layout(height, width, layout)
    game.open(*first)
    tiers = tiers_up_to(max_rule)
    known_mines = 0
    used: set[Rule] = set()
    rounds = 0
    while game.state == "playing":
        board = game.view()
        safe, mines, rule = certain_cells(board, known_mines, tiers)
        if rule is None:
            return Replay(False, _ordered(used), rounds, stuck=board)
        rounds += 1
        used.add(rule)
        known_mines |= mines
        for index in iter_bits(safe):
            if game.state != "playing":
                break
            game.open(*divmod(index, width))
        if game.state == "lost":
            return Replay(False, _ordered(used), rounds, lost=True)
    return Replay(game.state == "won", _ordered(used), rounds)


def _ordered(used: set[Rule]) -> tuple[Rule, ...]:
    return tuple(rule for rule in RULES if rule in used)
