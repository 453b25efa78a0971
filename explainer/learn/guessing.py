"""The guessing course: what to do when no cell is certain (docs/learn.md).

Five topics, each with a fixed example board (a view whose advised guess is the topic's kind, checked by the
tests) and words (``explainer.words.guessing``):

* ``safest``: the cell with the lowest chance of a mine;
* ``fifty-fifty``: two cells, one mine, that no number can ever tell apart: guess one now;
* ``forced``: when a guess is forced (no cell is certain) and what to look at first;
* ``opening``: looking for an opening: a cell away from the numbers, a corner most of all;
* ``survive``: among cells about as safe, the one that survives this guess and the next move most often.

The safest cell has practice puzzles (``PRACTISED``): a view of a random game played forward by its certain moves
until a guess is due and the safest cells are few and clearly safer than others; the player picks one covered cell
and ``judge_pick`` says whether it is one of them, from the exact probabilities of the player's view (never its
layout)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from explainer.bot.certainty import PlayerKnowledge
from explainer.bot.guess import GuessReason, forced_pairs
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.engine.hint import make_hint
from explainer.engine.solve import Solution, solve
from explainer.errors import AnswerError, PracticeError, UnknownPatternError
from explainer.learn.practice import PUZZLE_MAX_SIDE, PUZZLE_MIN_SIDE
from explainer.play.game import Game

__all__ = [
    "EXAMPLES",
    "GuessPuzzle",
    "GuessTopic",
    "PRACTISED",
    "PickVerdict",
    "REASONS",
    "get_topic",
    "judge_pick",
    "make_guess_puzzle",
]


class GuessTopic(StrEnum):
    SAFEST = "safest"
    FIFTY_FIFTY = "fifty-fifty"
    FORCED = "forced"
    OPENING = "opening"
    SURVIVE = "survive"


#: the topics with practice puzzles (a true 50/50 with other covered cells to pick from is rare in random play:
#: 34 of them in 300 games, 27 with nothing else covered; its practice needs a generator that builds one)
PRACTISED: tuple[GuessTopic, ...] = (GuessTopic.SAFEST,)

#: each topic's example: a view (the text format) whose advised guess is one of ``REASONS[topic]``
EXAMPLES: dict[GuessTopic, str] = {
    GuessTopic.SAFEST: "mines 6\n.1???\n12???\n??22?\n?????\n?????\n?????\n",
    GuessTopic.FIFTY_FIFTY: "mines 10\n??????\n??????\n??????\n??????\n??????\n????42\nFFFFF1\n?43321\n?1....\n",
    GuessTopic.FORCED: "mines 6\n.1???1\n12????\n??3???\n??????\n??????\n",
    GuessTopic.OPENING: "mines 6\n.....\n11111\n??2??\n?????\n?????\n?????\n",
    GuessTopic.SURVIVE: "mines 7\n..1???\n112???\n??3???\n??????\n??????\n",
}

#: the advised guess each example shows
REASONS: dict[GuessTopic, frozenset[GuessReason]] = {
    GuessTopic.SAFEST: frozenset({GuessReason.SAFEST}),
    GuessTopic.FIFTY_FIFTY: frozenset({GuessReason.FIFTY_FIFTY}),
    GuessTopic.FORCED: frozenset(set(GuessReason) - {GuessReason.FIRST}),
    GuessTopic.OPENING: frozenset({GuessReason.EDGE}),
    GuessTopic.SURVIVE: frozenset({GuessReason.PROGRESS, GuessReason.TRADE}),
}

#: fresh games tried before giving up on a seed
MAX_ATTEMPTS = 300
#: moves per game before it is given up
_MAX_MOVES = 80
#: a safest-cell puzzle: the safest cells are at most this many, and some covered cell is this much riskier
_FEW_SAFEST = 3
_SPREAD = 0.1
#: a 50/50 puzzle: at least this many covered cells besides the 50/50s (a wrong pick is possible)
_OTHERS = 3


def get_topic(topic_id: str) -> GuessTopic:
    try:
        return GuessTopic(topic_id)
    except ValueError:
        raise UnknownPatternError(topic_id) from None


@dataclass(frozen=True)
class GuessPuzzle:
    """A view where a guess is due, and the cells that answer the topic's question."""

    topic: GuessTopic
    seed: int
    board: Board
    answers: CellSet  # the safest cells, or the cells of the true 50/50s


def _pairs(board: Board) -> CellSet:
    """The cells of the view's true 50/50s (``explainer.bot.guess.forced_pairs``)."""
    knowledge = PlayerKnowledge.from_board(board)
    knowledge.propagate()
    analysis = knowledge.analyze()
    mask = 0
    for a, b in forced_pairs(knowledge, analysis, knowledge.constraints()):
        mask |= 1 << a | 1 << b
    return CellSet(mask, board.width)


def _answers(topic: GuessTopic, solution: Solution) -> CellSet | None:
    """The topic's right cells on a view where a guess is due, or None when its question has no clear answer."""
    board = solution.board
    if topic is GuessTopic.SAFEST:
        lowest, safest = solution.safest()
        covered = board.covered_mask & ~board.flagged_mask
        highest = max(solution.probabilities[index] for index in iter_bits(covered))
        if covered.bit_count() < 6 or len(safest) > _FEW_SAFEST or lowest <= 0 or highest - lowest < _SPREAD:
            return None
        return safest
    pairs = _pairs(board)
    others = board.covered_mask & ~board.flagged_mask & ~pairs.mask
    return pairs if pairs.mask and others.bit_count() >= _OTHERS else None


def make_guess_puzzle(topic: GuessTopic, seed: int) -> GuessPuzzle:
    """A practice puzzle of a practised topic; the same seed gives the same puzzle.  ``PracticeError`` when none
    came from this seed."""
    if topic not in PRACTISED:
        raise PracticeError(f"the topic {topic!r} has no practice puzzles")
    rng = random.Random(f"guessing:{topic}:{seed}")
    for _ in range(MAX_ATTEMPTS):
        height, width = rng.randint(PUZZLE_MIN_SIDE, PUZZLE_MAX_SIDE), rng.randint(PUZZLE_MIN_SIDE, PUZZLE_MAX_SIDE)
        mines = round(height * width * rng.uniform(0.14, 0.2))
        game = Game(height, width, mines, seed=rng.randrange(2**31))
        game.open(rng.randrange(height), rng.randrange(width))
        found = _play(game, topic, rng)
        if found is not None:
            board, answers = found
            return GuessPuzzle(topic, seed, board, answers)
    raise PracticeError(f"no {topic} puzzle with seed {seed} after {MAX_ATTEMPTS} games")


def _play(game: Game, topic: GuessTopic, rng: random.Random) -> tuple[Board, CellSet] | None:
    """Play ``game`` forward by its certain moves (and, where a guess is due that does not fit the topic, a random
    safe cell) until a guess is due that does."""
    for _ in range(_MAX_MOVES):
        if game.over:
            return None
        view = game.view()
        hint = make_hint(view)
        if hint.kind == "deduction" and hint.deduction is not None:
            for cell in hint.deduction.safe:
                if not game.over:
                    game.open(*cell)
            for cell in hint.deduction.mines:
                if not game.flagged >> game.index(*cell) & 1:
                    game.toggle_flag(*cell)
            continue
        if hint.kind != "guess" or not hint.solution.exact:
            return None
        answers = _answers(topic, hint.solution)
        if answers is not None:
            return view, answers
        assert game.layout is not None
        hidden_safe = view.covered_mask & ~view.flagged_mask & ~game.layout
        if not hidden_safe:
            return None
        game.open(*divmod(rng.choice(list(iter_bits(hidden_safe))), game.width))
    return None


@dataclass(frozen=True)
class PickVerdict:
    """A cell picked in a guessing puzzle, judged from the view's exact probabilities."""

    topic: GuessTopic
    cell: Cell
    right: bool
    probability: float  # the picked cell's chance of a mine
    lowest: float  # the lowest chance of any covered cell
    answers: CellSet  # the right cells


def judge_pick(puzzle: GuessPuzzle, cell: Cell) -> PickVerdict:
    """Whether ``cell`` answers the puzzle's question; ``AnswerError`` for a cell that is not covered."""
    board = puzzle.board
    if not (0 <= cell.row < board.height and 0 <= cell.col < board.width):
        raise AnswerError(f"the cell [{cell.row}, {cell.col}] is not on the puzzle's board")
    index = board.index(*cell)
    if not (board.covered_mask & ~board.flagged_mask) >> index & 1:
        raise AnswerError(f"pick a covered cell: {board.cellset(1 << index).names()[0]} is not one")
    solution = solve(board)
    lowest, _safest = solution.safest()
    return PickVerdict(puzzle.topic, cell, cell in puzzle.answers, solution.probabilities[index], lowest,
                       puzzle.answers)
