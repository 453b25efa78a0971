"""The guessing course: what to do when no cell is certain (docs/learn.md).

Five topics, each with a fixed example board (a view whose advised guess is the topic's kind, checked by the
tests) and words (``explainer.words.guessing``):

* ``safest``: the cell with the lowest chance of a mine;
* ``fifty-fifty``: two cells, one mine, that no number can ever tell apart: guess one now;
* ``forced``: when a guess is forced (no cell is certain) and what to look at first;
* ``opening``: looking for an opening: a cell away from the numbers, a corner most of all;
* ``survive``: among cells about as safe, the one that survives this guess and the next move most often.

The safest cell and the 50/50 have practice puzzles (``PRACTISED``): a view of a random game played forward by its
certain moves until a guess is due and the topic's question has a clear answer (the safest cells are few and clearly
safer than others; a true 50/50 stands with other covered cells around); the player picks one covered cell and
``judge_pick`` says whether it is one of the right cells, from the exact probabilities of the player's view (never
its layout).  A true 50/50 with other cells still covered is rare in random play (34 in 300 games, 27 of them with
nothing else covered), so a 50/50 puzzle's layout holds one by construction (``_with_fifty_fifty``): two cells at a
corner, one mine between them, the two cells beyond them mines and the two beside them safe; nothing else is
placed, and the view is still the player's only."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from explainer.bot.certainty import PlayerKnowledge
from explainer.bot.guess import GuessReason, forced_pairs
from explainer.core.board import Board, neighbour_masks
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


#: the topics with practice puzzles
PRACTISED: tuple[GuessTopic, ...] = (GuessTopic.SAFEST, GuessTopic.FIFTY_FIFTY)

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


#: the 50/50 corner in its own frame (row, col): the pair, the two mines beyond it, the two safe cells beside it
_PAIR = ((0, 0), (1, 0))
_BEYOND = ((2, 0), (2, 1))
_BESIDE = ((0, 1), (1, 1))


def _with_fifty_fifty(corner: tuple[bool, bool, bool], mine_first: bool) -> Callable[[int, int, int, int, random.Random], int]:
    """A layout maker (``explainer.play.game.LayoutMaker``) that puts the 50/50 corner in the corner ``corner`` says
    (transposed, rows flipped, columns flipped), its mine on the pair's first cell or second, and the other mines at
    random away from the first click and its neighbours."""

    def make(height: int, width: int, mines: int, first: int, rng: random.Random) -> int:
        def index(cell: tuple[int, int]) -> int:
            row, col = (cell[1], cell[0]) if corner[0] else cell
            row = height - 1 - row if corner[1] else row
            col = width - 1 - col if corner[2] else col
            return row * width + col

        pair = [index(cell) for cell in _PAIR]
        layout = 1 << pair[0 if mine_first else 1]
        for spot in _BEYOND:
            layout |= 1 << index(spot)
        fixed = set(pair) | {index(spot) for spot in _BEYOND} | {index(spot) for spot in _BESIDE}
        around = {first} | set(iter_bits(neighbour_masks(height, width)[first]))
        free = [cell for cell in range(height * width) if cell not in fixed and cell not in around]
        for cell in rng.sample(free, max(0, min(len(free), mines - layout.bit_count()))):
            layout |= 1 << cell
        return layout

    return make


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
        first = (rng.randrange(height), rng.randrange(width))
        if topic is GuessTopic.FIFTY_FIFTY:
            maker = _with_fifty_fifty((rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5), rng.random() < 0.5)
            game.open(*first, make_layout=maker)
        else:
            game.open(*first)
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
