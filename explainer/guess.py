"""Choosing a guess when nothing is certain.

The choice rests on the exact probabilities of the analysis.  Among the
cells whose risk is (nearly) the lowest, the bot prefers, in this order:

1. the lowest risk (always first: a cell more than ``TOLERANCE`` riskier
   than the safest one is never chosen);
2. the best chance of progress: the probability that the cell is safe *and*
   its number proves at least one more cell safe (one-step lookahead);
3. corners, then edges (fewer neighbours: more often a zero that opens an area);
4. reading order (so that the choice is reproducible).

The result is data (``Guess``) that says why; ``explainer.bot_text`` turns it
into a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .cells import Cell, iter_bits
from .enumeration import Analysis, analyze
from .fast_solver import PlayerKnowledge

__all__ = ["Guess", "GuessReason", "choose_guess", "first_click_cell"]

#: how much riskier than the safest cell a candidate may be (absolute probability)
TOLERANCE = 1e-9


class GuessReason(StrEnum):
    FIRST = "first"  # the first click: always safe
    SAFEST = "safest"  # the only cell with the lowest risk
    PROGRESS = "progress"  # among the safest, the best chance to prove more cells
    EDGE = "edge"  # among equals, a corner or an edge
    ORDER = "order"  # among equals in every respect, the first in reading order


@dataclass(frozen=True)
class Guess:
    cell: Cell
    probability: float  # chance that the cell is a mine
    reason: GuessReason
    tied: int  # cells sharing the lowest risk (the chosen one included)
    progress: float | None = None  # chance that the guess is safe and proves another cell
    alternatives: tuple[tuple[Cell, float], ...] = ()  # the next best cells and their risk


def _edge_score(index: int, height: int, width: int) -> int:
    row, col = divmod(index, width)
    return (row in (0, height - 1)) + (col in (0, width - 1))


def first_click_cell(height: int, width: int) -> Cell:
    """The bot's first click: a corner (never a mine under either first-click rule)."""
    return Cell(0, 0)


def _local(constraints: list[tuple[int, int]], seed: int) -> list[tuple[int, int]]:
    """The constraints linked to the cells ``seed`` (through shared cells)."""
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


@dataclass(frozen=True)
class Lookahead:
    safe_chance: float  # chance the cell is safe
    progress: float  # chance it is safe and its number proves another cell safe
    survival: float  # chance to survive this guess and the next move


def lookahead(knowledge: PlayerKnowledge, constraints: list[tuple[int, int]], index: int, fallback: float) -> Lookahead:
    """What opening ``index`` would teach: for every number it could show,
    its chance and whether it proves another cell safe.  Only the numbers
    linked to the cell's neighbourhood are analysed (with the mine total);
    ``fallback`` is the best safety elsewhere, for when no cell is proved."""
    bit = 1 << index
    around = knowledge.neighbours[index] & knowledge.unknown
    local = _local(constraints, around | bit)
    unknown = knowledge.unknown & ~bit
    mines_left = knowledge.mines_left
    base = analyze(local, knowledge.unknown, mines_left)
    if not base.total:
        return Lookahead(0.0, 0.0, 0.0)
    total = base.total
    safe_weight = progress_weight = survival = 0.0
    for extra in range(around.bit_count() + 1):
        analysis = analyze([*local, (around, extra)], unknown, mines_left)
        if not analysis.consistent:
            continue
        chance = analysis.total / total
        safe_weight += chance
        if analysis.safe:
            progress_weight += chance
            survival += chance
        else:
            probabilities = analysis.probabilities()
            best = min(probabilities.values(), default=0.0)
            survival += chance * max(1.0 - best, fallback)
    return Lookahead(safe_weight, progress_weight, survival)


import os
MARGIN = float(os.environ.get("G_MARGIN", "0.0"))
LIMIT = int(os.environ.get("G_LIMIT", "8"))
SCORE = os.environ.get("G_SCORE", "survival")


def _candidates(knowledge: PlayerKnowledge, probabilities: dict[int, float], best: float) -> list[int]:
    """Cells worth a lookahead: near the lowest risk, at most ``LIMIT``; among
    cells away from every number, one per count of covered neighbours."""
    frontier = knowledge.frontier
    height, width = knowledge.height, knowledge.width
    neighbours = knowledge.neighbours
    unknown = knowledge.unknown
    near = []
    seen_isolated: set[int] = set()
    for index in iter_bits(unknown):
        p = probabilities[index]
        if p > best + MARGIN + TOLERANCE:
            continue
        if not (1 << index) & frontier and not neighbours[index] & frontier:
            size = (neighbours[index] & unknown).bit_count()
            if size in seen_isolated:
                continue
            seen_isolated.add(size)
        near.append((p, -_edge_score(index, height, width), index))
    near.sort()
    return [index for _p, _e, index in near[:LIMIT]]


def choose_guess(knowledge: PlayerKnowledge, analysis: Analysis) -> Guess:
    """The cell to open when no covered cell is certain."""
    probabilities = analysis.probabilities()
    candidates = knowledge.unknown
    if not candidates:
        raise ValueError("there is no covered cell left to guess")
    height, width = knowledge.height, knowledge.width
    best = min(probabilities[index] for index in iter_bits(candidates))
    if SCORE != "none":
        near = _candidates(knowledge, probabilities, best)
        if len(near) > 1:
            constraints = knowledge.constraints()
            ordered = sorted(probabilities[i] for i in iter_bits(candidates))
            second = 1.0 - (ordered[1] if len(ordered) > 1 else 1.0)
            scored = []
            for index in near:
                look = lookahead(knowledge, constraints, index, second)
                if SCORE == "survival":
                    key = look.survival
                elif SCORE == "progress":
                    key = look.safe_chance + look.progress * 0.1
                scored.append((-key, probabilities[index], -_edge_score(index, height, width), index, look))
            scored.sort()
            chosen = scored[0][3]
            return Guess(Cell(*divmod(chosen, width)), probabilities[chosen], GuessReason.PROGRESS, len(near), scored[0][4].progress)
    lowest = [index for index in iter_bits(candidates) if probabilities[index] <= best + TOLERANCE]
    height, width = knowledge.height, knowledge.width
    scores = {index: _edge_score(index, height, width) for index in lowest}
    top = max(scores.values())
    chosen = min(index for index in lowest if scores[index] == top)
    if len(lowest) == 1:
        reason = GuessReason.SAFEST
    elif sum(1 for index in lowest if scores[index] == top) == 1:
        reason = GuessReason.EDGE
    else:
        reason = GuessReason.ORDER
    others = sorted((p, index) for index in iter_bits(candidates) if index != chosen for p in (probabilities[index],))
    return Guess(
        cell=Cell(*divmod(chosen, width)),
        probability=probabilities[chosen],
        reason=reason,
        tied=len(lowest),
        alternatives=tuple((Cell(*divmod(index, width)), p) for p, index in others[:3]),
    )
