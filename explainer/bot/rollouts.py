"""Guesses weighed by playing them out: mine layouts that fit a view, drawn exactly as likely as the view makes them,
and a candidate guess played forward with the bot's policy on each (docs/bot.md, "Decisions measured one by one").

``sample_layouts`` draws each layout by the chain rule: the cells next to a number are decided one after another,
each a mine with its exact probability given the cells decided before it (``explainer.engine.count.analyze`` on the
numbers plus those decisions), and the mines left then go to the other covered cells uniformly.  Every layout that
fits the view and its mine count is drawn with the same chance, as the view makes them all equally likely.

``compare`` plays every candidate on the same layouts, so two candidates are compared layout by layout (paired):
far fewer games than whole-game pairs for the same confidence, since the games before the guess are shared and the
layouts where both win or both lose cancel out.

``strongest_guess`` is the bot's strongest setting: at a close call (cells whose lookahead scores are within
``Strongest.close`` of the pick's), the candidates are played out on the same layouts within a CPU budget, and a
candidate replaces the policy's pick only when it won more often beyond the 95% interval of the difference.
Its figures can be replayed: the layouts are drawn again from ``Rollout.seed`` (the view's own digest)."""

from __future__ import annotations

import math
import random
import time
import zlib
from dataclasses import dataclass, replace

from explainer.bot.certainty import PlayerKnowledge
from explainer.bot.guess import DEFAULT_POLICY, Guess, GuessPolicy, GuessReason, Rollout, edge_score
from explainer.bot.interface import FirstClick, PlayerTable
from explainer.bot.moves import play_on
from explainer.core.board import Board
from explainer.core.cells import Cell, iter_bits
from explainer.engine.count import analyze
from explainer.errors import Inconsistent
from explainer.play.game import Game, GameState

__all__ = ["Comparison", "Strongest", "Z95", "compare", "play_out", "sample_layouts", "strongest_guess", "view_seed"]

#: the normal quantile of a two-sided 95% interval
Z95 = 1.959964


def _knowledge(view: Board) -> PlayerKnowledge:
    knowledge = PlayerKnowledge.from_board(view)
    knowledge.propagate()
    return knowledge


def sample_layouts(view: Board, count: int, rng: random.Random) -> list[int]:
    """``count`` mine layouts (bitmasks over the board) that fit ``view`` (its numbers and mine count; flags are
    ignored), each drawn with its exact chance given the view."""
    knowledge = _knowledge(view)
    base = knowledge.constraints()
    unknown, mines_left = knowledge.unknown, knowledge.mines_left
    frontier = 0
    for cells, _count in base:
        frontier |= cells
    frontier &= unknown
    order = list(iter_bits(frontier))
    inside = list(iter_bits(unknown & ~frontier))
    layouts = []
    for _ in range(count):
        constraints = list(base)
        mines = 0
        for index in order:
            analysis = analyze(constraints, unknown, mines_left)
            if not analysis.consistent:  # cannot happen: every decision kept some placement
                raise Inconsistent("no placement of mines fits the view")
            chance = analysis.probability(index)
            mine = rng.random() < (chance if chance is not None else 0.0)
            constraints.append((1 << index, int(mine)))
            mines |= int(mine) << index
        rest = mines_left - mines.bit_count()
        for index in rng.sample(inside, rest):
            mines |= 1 << index
        layouts.append(knowledge.mines | mines)
    return layouts


def play_out(view: Board, layout: int, cell: Cell, policy: GuessPolicy = DEFAULT_POLICY) -> bool:
    """Whether the bot wins the game ``view`` shows, its mines at ``layout``, opening ``cell`` now and playing on
    with ``policy``."""
    game = Game.from_layout(view.height, view.width, layout)
    game.revealed = ((1 << view.size) - 1) & ~view.covered_mask
    game.state = GameState.PLAYING
    table = PlayerTable(game, FirstClick.SAFE)
    knowledge = _knowledge(view)
    first = Guess(cell, 0.0, GuessReason.ORDER, 1)
    return play_on(table, knowledge, first, policy).won


@dataclass(frozen=True)
class Comparison:
    """Two candidate guesses played out on the same layouts."""

    first: Cell
    second: Cell
    layouts: int
    first_wins: int
    second_wins: int
    only_first: int  # layouts the first won and the second lost
    only_second: int

    @property
    def difference(self) -> float:
        """The first's win rate less the second's."""
        return (self.first_wins - self.second_wins) / self.layouts

    @property
    def interval(self) -> tuple[float, float]:
        """The difference's 95% interval (paired: the layouts' differences, -1, 0 or 1, and their spread)."""
        n = self.layouts
        mean = self.difference
        squares = (self.only_first + self.only_second) / n
        variance = max(0.0, squares - mean * mean) * n / max(1, n - 1)
        half = Z95 * math.sqrt(variance / n)
        return mean - half, mean + half


def compare(view: Board, first: Cell, second: Cell, layouts: list[int], policy: GuessPolicy = DEFAULT_POLICY) -> Comparison:
    """Play ``first`` and ``second`` on each of ``layouts`` (from ``sample_layouts``) and count the wins."""
    wins = [0, 0]
    only = [0, 0]
    for layout in layouts:
        a = play_out(view, layout, first, policy)
        b = play_out(view, layout, second, policy)
        wins[0] += a
        wins[1] += b
        only[0] += a and not b
        only[1] += b and not a
    return Comparison(first, second, len(layouts), wins[0], wins[1], only[0], only[1])


@dataclass(frozen=True)
class Strongest:
    """The strongest setting: when and how long the candidates of a guess are played out."""

    layouts: int = 300  # layouts drawn at a close call (fewer when the budget runs out first)
    close: float = 0.01  # a candidate whose lookahead score is within this of the pick's is played out
    contenders: int = 2  # at most this many candidates besides the pick
    seconds: float = 10.0  # CPU seconds a decision may take (the layouts played so far decide)


#: the reasons of a pick the lookahead ranked (the others are exact or forced: nothing to play out)
_RANKED = frozenset({GuessReason.SAFEST, GuessReason.PROGRESS, GuessReason.TRADE, GuessReason.EDGE, GuessReason.ORDER})


def view_seed(view: Board) -> int:
    """The seed of a view's layouts: its text's digest (the same view always draws the same layouts)."""
    return zlib.crc32(str(view).encode())


def strongest_guess(view: Board, guess: Guess, policy: GuessPolicy = DEFAULT_POLICY,
                    settings: Strongest = Strongest()) -> Guess:
    """``guess`` (the policy's pick on ``view``), or at a close call the candidate that won more often when both
    were played out on the same layouts, beyond the 95% interval of the difference (reason ``ROLLOUT``)."""
    if guess.reason not in _RANKED or not guess.scores:
        return guess
    top = max(score for _cell, score in guess.scores)
    rivals = [cell for cell, score in guess.scores if cell != guess.cell and score >= top - settings.close]
    rivals = rivals[: settings.contenders]
    if not rivals:
        return guess
    seed = view_seed(view)
    layouts = sample_layouts(view, settings.layouts, random.Random(seed))
    deadline = time.process_time() + settings.seconds
    pick_won: list[bool] = []
    rival_won: dict[Cell, list[bool]] = {cell: [] for cell in rivals}
    for layout in layouts:
        pick_won.append(play_out(view, layout, guess.cell, policy))
        for cell in rivals:
            rival_won[cell].append(play_out(view, layout, cell, policy))
        if time.process_time() > deadline:
            break
    best: Comparison | None = None
    for cell in rivals:
        won = rival_won[cell]
        result = Comparison(
            cell, guess.cell, len(won), sum(won), sum(pick_won),
            sum(a and not b for a, b in zip(won, pick_won)), sum(b and not a for a, b in zip(won, pick_won)),
        )
        if result.interval[0] > 0 and (best is None or result.difference > best.difference):
            best = result
    if best is None:
        return guess
    knowledge = _knowledge(view)
    index = best.first.row * view.width + best.first.col
    probability = knowledge.analyze().probabilities()[index]
    return replace(
        guess, cell=best.first, probability=probability, reason=GuessReason.ROLLOUT,
        rollout=Rollout(best.layouts, best.first_wins, guess.cell, best.second_wins, seed),
        survival=None, rival=None, rival_survival=None, better=None, better_survival=None, backup=None,
        better_backup=None, win=None, edges=edge_score(index, view.height, view.width),
    )
