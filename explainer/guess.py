"""Choosing a guess when nothing is certain.

The choice rests on the exact probabilities of the analysis:

1. the endgame: when at most ``policy.endgame_limit`` mine placements fit the
   view, every one of them is played out and the guess that *wins the game*
   most often is chosen (``explainer.endgame``);
2. otherwise the lowest risk.  Among the cells that share it (within
   ``TOLERANCE``) the bot prefers, when ``policy.lookahead`` is on, the best
   chance to survive this guess *and* the next move (one-step lookahead: for
   every number the cell could show, does it prove another cell safe?);
3. then corners, then edges (fewer neighbours: more often a zero that opens an area);
4. then reading order, so that the choice is reproducible.

The result is data (``Guess``) that says why; ``explainer.bot_text`` turns it
into a sentence.

Measured (paired games, first click safe, ``benchmarks/bot_bench.py --ablation``):
the endgame search adds 2.2 points on expert (5,000 games, z = 4.6) and 0.4 on
intermediate; the lookahead adds 1.0 point on expert (z = 1.6; 0.7 on another
3,000 games) but nothing on intermediate (+0.1 on 5,000 games, -1.5 on another
5,000), so it is off by default.  Larger endgame limits (1,000 to 3,000) changed
nothing measurable on beginner and intermediate.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cells import Cell, iter_bits
from .endgame import best_endgame_guess, placements
from .enumeration import Analysis, analyze
from .fast_solver import PlayerKnowledge
from .table import FirstClick

__all__ = ["Guess", "GuessPolicy", "GuessReason", "choose_guess", "first_guess", "lookahead", "DEFAULT_POLICY"]

#: probabilities closer than this are equal (they are correctly rounded ratios of exact counts)
TOLERANCE = 1e-9


class GuessReason(StrEnum):
    FIRST = "first"  # the first click: never a mine
    SAFEST = "safest"  # the only cell with the lowest risk
    PROGRESS = "progress"  # among the safest, the best chance to survive the next move too
    EDGE = "edge"  # among equals, a corner or an edge
    ORDER = "order"  # among equals in every respect, the first in reading order
    ENDGAME = "endgame"  # few placements left: the guess that wins most often


@dataclass(frozen=True)
class GuessPolicy:
    """How the bot guesses (the variants the benchmark compares)."""

    endgame_limit: int = 300  # play out every placement when at most this many fit (0: never)
    lookahead: bool = False  # break ties among the safest cells by a one-step lookahead
    lookahead_cells: int = 8  # at most this many cells are looked ahead
    first_cell: str = "auto"  # corner | center | inset | auto: inset under the opening rule, else corner


DEFAULT_POLICY = GuessPolicy()

#: where the first click goes, by name: (height, width) -> cell
FIRST_CLICKS = {
    "corner": lambda height, width: Cell(0, 0),
    "center": lambda height, width: Cell((height - 1) // 2, (width - 1) // 2),
    "inset": lambda height, width: Cell(min(2, height - 1), min(2, width - 1)),
}


@dataclass(frozen=True)
class Guess:
    cell: Cell
    probability: float  # chance that the cell is a mine
    reason: GuessReason
    tied: int  # cells sharing the lowest risk (the chosen one included); placements in the endgame
    win: float | None = None  # endgame: the chance to win the game from here
    survival: float | None = None  # lookahead: the chance to survive this guess and the next move
    alternatives: tuple[tuple[Cell, float], ...] = ()  # the next safest cells and their risk


def first_guess(
    height: int, width: int, policy: GuessPolicy = DEFAULT_POLICY, rule: FirstClick = FirstClick.OPENING
) -> Guess:
    """The first click (never a mine under either first-click rule).

    Measured on the same 2,000 expert games each: under the opening rule the
    first click at C3 (``inset``) won 54.3%, D4 54.9%, B2 52.2%, the center
    52.5% and the corner 47.9%; when only the first cell is safe the corner
    won 39.5% and the center 34.7% (a corner is a zero most often, and only a
    zero opens an area)."""
    name = policy.first_cell
    if name == "auto":
        name = "inset" if rule is FirstClick.OPENING else "corner"
    if name not in FIRST_CLICKS:
        raise ValueError(f"unknown first cell {name!r}; choose one of: auto, {', '.join(FIRST_CLICKS)}")
    cell = FIRST_CLICKS[name](height, width)
    return Guess(cell=cell, probability=0.0, reason=GuessReason.FIRST, tied=height * width)


def _edge_score(index: int, height: int, width: int) -> int:
    row, col = divmod(index, width)
    return (row in (0, height - 1)) + (col in (0, width - 1))


def _linked(constraints: list[tuple[int, int]], seed: int) -> list[tuple[int, int]]:
    """The constraints linked to the cells ``seed`` through shared cells."""
    region = seed
    chosen: list[tuple[int, int]] = []
    rest = constraints
    grew = True
    while grew:
        grew = False
        keep = []
        for constraint in rest:
            if constraint[0] & region:
                region |= constraint[0]
                chosen.append(constraint)
                grew = True
            else:
                keep.append(constraint)
        rest = keep
    return chosen


def lookahead(knowledge: PlayerKnowledge, constraints: list[tuple[int, int]], index: int, elsewhere: float) -> float:
    """The chance to survive opening ``index`` and the move after it.

    For every number the cell could show: its chance (the cell safe), and
    either a proved safe cell (the next move is certain) or the best safety
    left.  Only the numbers linked to the cell's neighbourhood are analysed,
    with the mine total; ``elsewhere`` is the best safety of the other cells.
    """
    bit = 1 << index
    around = knowledge.neighbours[index] & knowledge.unknown
    linked = _linked(constraints, around | bit)
    base = analyze(linked, knowledge.unknown, knowledge.mines_left)
    if not base.total:
        return 0.0
    unknown = knowledge.unknown & ~bit
    survival = 0.0
    for extra in range(around.bit_count() + 1):
        analysis = analyze([*linked, (around, extra)], unknown, knowledge.mines_left)
        if not analysis.consistent:
            continue
        chance = analysis.total / base.total
        if analysis.safe:
            survival += chance
        else:
            risk = min((weight / (size * analysis.total) for _mask, size, weight in analysis.groups), default=1.0)
            survival += chance * max(1.0 - risk, elsewhere)
    return survival


def _endgame(knowledge: PlayerKnowledge, analysis: Analysis, limit: int, probabilities: dict[int, float]) -> Guess | None:
    if analysis.total > limit:
        return None
    found = placements(knowledge.unknown, knowledge.constraints(), knowledge.mines_left, limit)
    if found is None or len(found) < 2:
        return None
    plan = best_endgame_guess(knowledge.neighbours, knowledge.unknown, found)
    cell = Cell(*divmod(plan.cell, knowledge.width))
    return Guess(cell, probabilities[plan.cell], GuessReason.ENDGAME, len(found), win=plan.win)


def choose_guess(knowledge: PlayerKnowledge, analysis: Analysis, policy: GuessPolicy = DEFAULT_POLICY) -> Guess:
    """The cell to open when no covered cell is certain."""
    unknown = knowledge.unknown
    if not unknown:
        raise ValueError("there is no covered cell left to guess")
    probabilities = analysis.probabilities()
    height, width = knowledge.height, knowledge.width
    if policy.endgame_limit:
        guess = _endgame(knowledge, analysis, policy.endgame_limit, probabilities)
        if guess is not None:
            return guess
    ranked = sorted((probabilities[index], -_edge_score(index, height, width), index) for index in iter_bits(unknown))
    best = ranked[0][0]
    lowest = [entry for entry in ranked if entry[0] <= best + TOLERANCE]
    alternatives = tuple((Cell(*divmod(index, width)), p) for p, _edge, index in ranked[1:4])
    chosen = lowest[0][2]
    if len(lowest) == 1:
        reason = GuessReason.SAFEST
    elif lowest[0][1] < lowest[-1][1]:  # nearer a corner than some of the tied cells
        reason = GuessReason.EDGE
    else:
        reason = GuessReason.ORDER
    survival = None
    if policy.lookahead and len(lowest) > 1:
        constraints = knowledge.constraints()
        scored = []
        for _p, edge, index in _spread(knowledge, lowest)[: policy.lookahead_cells]:
            scored.append((-lookahead(knowledge, constraints, index, 1.0 - best), edge, index))
        scored.sort()
        survival = -scored[0][0]
        if scored[0][2] != chosen:
            chosen = scored[0][2]
            reason = GuessReason.PROGRESS
    return Guess(
        cell=Cell(*divmod(chosen, width)),
        probability=probabilities[chosen],
        reason=reason,
        tied=len(lowest),
        survival=survival,
        alternatives=alternatives,
    )


def _spread(knowledge: PlayerKnowledge, lowest: list[tuple[float, int, int]]) -> list[tuple[float, int, int]]:
    """The tied cells worth a lookahead: every cell next to a number, and
    among the others one per count of covered neighbours (they look alike)."""
    frontier = knowledge.frontier
    neighbours = knowledge.neighbours
    near_numbers = frontier
    for index in iter_bits(frontier):
        near_numbers |= neighbours[index]
    seen: set[int] = set()
    out = []
    for entry in lowest:
        index = entry[2]
        if not (1 << index) & near_numbers:
            size = (neighbours[index] & knowledge.unknown).bit_count()
            if size in seen:
                continue
            seen.add(size)
        out.append(entry)
    return out
