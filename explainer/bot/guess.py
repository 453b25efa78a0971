"""Choosing a guess when nothing is certain.

The choice rests on the exact probabilities of the analysis:

1. the endgame: when at most ``policy.endgame_limit`` mine placements fit the
   view, every one of them is played out and the guess that *wins the game*
   most often is chosen (``explainer.bot.endgame``);
2. a true 50/50 (``forced_pairs``: two cells, one mine in every placement,
   that no covered cell can ever tell apart) is guessed at once: it must be
   guessed sooner or later, and its number may help elsewhere;
   a region cut off from the rest (``isolated_region``: its covered cells
   touch no other covered cell and its numbers fix its mine count, so
   nothing outside it can ever tell anything about it) is played out
   exactly as the endgame is, the guess that clears it most often first
   (``policy.isolated``);
3. dead cells (their number is already known: opening them tells nothing)
   are passed over while a living cell is left (``policy.avoid_dead``);
4. otherwise a one-step lookahead (``policy.lookahead``) over the cells next
   to a number whose risk is within ``policy.margin`` of the lowest, plus the
   safest cell the tie-breaks below pick: for every number a cell could show,
   does it prove another cell safe, and if not, how safe is the next guess
   (counted over the whole view, ``policy.whole``)?
   The cell with the best chance to survive this guess *and* the next move is
   chosen, even when it is a little riskier than the safest; the next move's
   safety is JSMinesweeper's blend, ``(4 * best + second best) / 5``
   (``policy.blend``), so a cell that survives the two moves a little less
   often but leaves a safer second-best cell may win (the guess then names
   the cell that survives them more often, ``Guess.better``);
5. among equally good cells, corners, then edges (fewer neighbours: more
   often a zero that opens an area);
6. then reading order, so that the choice is reproducible.

The result is data (``Guess``) that says why; ``explainer.words.guesses`` turns it
into a sentence.

Measured on paired games (the same layouts for both variants, seed 11, first
click safe; 8,000 expert games, as ``benchmarks/bot_bench.py --ablation``
plays them, and 20,000 intermediate and beginner games):

* the endgame search adds 2.2 points on expert (5,000 games, z = 4.6) and 0.4
  on intermediate; on 20,000 paired expert games (seed 21) a limit of 1,000
  placements instead of 300 adds 0.10 points (z = 2.0 alone, 2.2 after the
  whole-board lookahead) for about 1.4 times the CPU, 3,000 no more than 1,000
  (-0.06, z = -0.6) for 3 times the CPU of 1,000;
* the lookahead over the whole view instead of the numbers linked to the
  cell: +0.11 points on the same 20,000 expert games (z = 1.2), 9% more CPU;
* the lookahead as above adds 1.5 points on expert (z = 4.5), 0.2 on
  intermediate (z = 1.6) and nothing on beginner;
* looking ahead at cells away from the numbers as well (they share the
  lowest risk with a corner) *loses* 1.0 point on beginner (z = -4.2) and 0.7
  on intermediate: the lookahead rates the small progress of a cell two steps
  from a number above the corner's better chance of a zero that opens an area;
* a wider margin (0.2) or more cells (20) changed nothing measurable;
* the blended next-move safety (``blend=0.25``): +0.08 points on 80,000
  paired expert games (seeds 51-54, 486 won only with it, 420 only without,
  z = 2.19), +0.08 on 20,000 intermediate (84 / 68) and +0.03 on 20,000
  beginner games (11 / 5), for no measurable CPU;
* on 8,000 paired expert games (seed 11): the 50/50 step +0.00 (49 games won
  only with it, 49 only without), dead cells last +0.05 (5 / 1); the 50/50
  influence and the progress bonus (off by default, see ``GuessPolicy``)
  +0.07 and +0.03, neither distinguishable from no change (docs/bot.md has
  the table).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import NamedTuple

from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.bot.endgame import best_endgame_guess, placements
from explainer.engine import budget
from explainer.engine.count import Analysis, analyze, mine_counts, parts
from explainer.engine.placement import linked
from explainer.errors import BudgetExceeded
from explainer.bot.certainty import PlayerKnowledge
from explainer.bot.interface import FirstClick

__all__ = ["Guess", "GuessPolicy", "GuessReason", "choose_guess", "first_guess", "lookahead", "DEFAULT_POLICY"]

#: under a time budget (a web request), the endgame search may take this share of the time left
ENDGAME_SHARE = 0.5

#: a region cut off from the rest is played out when at most this many placements fit it (with no endgame limit)
ISOLATED_LIMIT = 1000

#: probabilities closer than this are equal (they are correctly rounded ratios of exact counts)
TOLERANCE = 1e-9


class GuessReason(StrEnum):
    FIRST = "first"  # the first click: never a mine
    SAFEST = "safest"  # the only cell with the lowest risk
    PROGRESS = "progress"  # among the safest, the best chance to survive the next move too
    TRADE = "trade"  # a little riskier than the safest, but the best chance to survive the next move too
    EDGE = "edge"  # among equals, a corner or an edge
    ORDER = "order"  # among equals in every respect, the first in reading order
    ENDGAME = "endgame"  # few placements left: the guess that wins most often
    ISOLATED = "isolated"  # a region cut off from the rest with a fixed number of mines: the guess that clears it most often
    FIFTY_FIFTY = "fifty-fifty"  # two cells, one mine, and nothing left that could ever tell them apart: guess now
    ROLLOUT = "rollout"  # the strongest setting: played out on layouts that fit the view, it won most often


@dataclass(frozen=True)
class GuessPolicy:
    """How the bot guesses (the variants the benchmark compares)."""

    endgame_limit: int = 1000  # play out every placement when at most this many fit (0: never)
    lookahead: bool = True  # weigh the cells near the safest by a one-step lookahead
    margin: float = 0.1  # the lookahead weighs cells whose risk is at most this much above the lowest
    lookahead_cells: int = 12  # at most this many cells are looked ahead
    lookahead_far: bool = False  # also cells away from the numbers (else only the one the tie-breaks pick)
    first_cell: str = "auto"  # corner | center | inset | auto: inset under the opening rule, else corner
    blend: float = 0.25  # the next move's safety: (best + blend * second best) / (1 + blend)
    progress: float = 0.0  # bonus for the chance that the number proves a cell safe
    fifty_fifty: bool = True  # guess a true 50/50 as soon as it appears
    avoid_dead: bool = True  # never guess a cell whose number is already known while another cell could tell something
    influence: float = 0.0  # weight of the placements where the cell would later be one side of a 50/50
    whole: bool = True  # the lookahead analyses every number (else only those linked to the cell)
    isolated: bool = True  # play a region cut off from the rest (its mine count fixed) exactly, as the endgame
    floor: bool = True  # the lookahead's next move is at least as safe as the safest cell before the guess


DEFAULT_POLICY = GuessPolicy()

#: where the first click goes, by name: (height, width) -> cell
FIRST_CLICKS = {
    "corner": lambda height, width: Cell(0, 0),
    "center": lambda height, width: Cell((height - 1) // 2, (width - 1) // 2),
    "inset": lambda height, width: Cell(min(2, height - 1), min(2, width - 1)),
}


@dataclass(frozen=True)
class Rollout:
    """Two candidate guesses played out on the same layouts (``explainer.bot.rollouts``): the pick won more often,
    beyond the 95% interval of the difference."""

    layouts: int  # layouts drawn, each exactly as likely as the view makes it
    wins: int  # games won by opening the pick, then playing on with the policy
    other: Cell  # the policy's own pick, played out on the same layouts
    other_wins: int
    seed: int  # the layouts' draw: ``random.Random(seed)`` draws them again (a checker replays them)


@dataclass(frozen=True)
class Guess:
    cell: Cell
    probability: float  # chance that the cell is a mine
    reason: GuessReason
    tied: int  # cells sharing the lowest risk (the chosen one included); placements in the endgame or the region
    win: float | None = None  # endgame: the chance to win the game from here; a region: the chance to clear it
    region: CellSet | None = None  # a region cut off from the rest (``isolated_region``), the pick included
    survival: float | None = None  # lookahead: the chance to survive this guess and the next move
    alternatives: tuple[tuple[Cell, float], ...] = ()  # the next safest cells and their risk
    rival: Cell | None = None  # lookahead: the cell the plain tie-breaks would have picked
    rival_survival: float | None = None  # its chance to survive this guess and the next move
    # lookahead with a blend: a cell looked at that survives this guess and the next move more often than the pick
    # (the pick then leaves a safer second-best cell for the next move), and its chance
    better: Cell | None = None
    better_survival: float | None = None
    # with ``better``: the chance to survive this guess and then the second-safest cell, for the pick and for it
    backup: float | None = None
    better_backup: float | None = None
    dead: tuple[Cell, ...] = ()  # safer cells passed over: opening them could tell nothing new
    # for the words (``explainer.words.guesses``), not the choice: the safest cells of the whole view
    lowest: float | None = None  # the lowest mine chance of any covered cell (dead cells included)
    safest: CellSet | None = None  # the covered cells that have it
    safest_dead: bool = False  # every one of them was passed over as dead
    edges: int = 0  # the board edges the pick touches: 2 in a corner, 1 on a side
    # lookahead: the living cells looked at whose search ran to the end, best score first, and their scores (what
    # the policy ranks by); the strongest setting plays out those close to the pick (``explainer.bot.rollouts``)
    scores: tuple[tuple[Cell, float], ...] = ()
    rollout: Rollout | None = None  # reason ROLLOUT: the play-outs that chose the cell


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


def _can_be_zero(knowledge: PlayerKnowledge, constraints: list[tuple[int, int]], index: int) -> bool:
    """Whether some placement that fits the view leaves ``index`` and every cell around it free of mines (so that
    opening it could show a zero).  A "1" whose only covered cells are this one and its neighbour never lets it."""
    block = knowledge.neighbours[index] | 1 << index
    if block & knowledge.mines:
        return False
    block &= knowledge.unknown
    if not block & knowledge.frontier:
        return (knowledge.unknown & ~block).bit_count() >= (knowledge.mines_left or 0)
    return analyze([*constraints, (block, 0)], knowledge.unknown, knowledge.mines_left).consistent


def edge_score(index: int, height: int, width: int) -> int:
    row, col = divmod(index, width)
    return (row in (0, height - 1)) + (col in (0, width - 1))


def _linked(constraints: list[tuple[int, int]], seed: int) -> list[tuple[int, int]]:
    """The constraints linked to the cells ``seed`` through shared cells."""
    return linked(constraints, seed)[1]


def lookahead(
    knowledge: PlayerKnowledge,
    constraints: list[tuple[int, int]],
    index: int,
    elsewhere: float,
    floor: float = 0.0,
    whole: bool = True,
) -> float:
    """The chance to survive opening ``index`` and the move after it.

    For every number the cell could show: its chance (the cell safe), and
    either a proved safe cell (the next move is certain) or the best safety
    left, at least ``elsewhere``.  Every number is analysed with the mine
    total, or with ``whole`` False only the numbers linked to the cell's
    neighbourhood (``elsewhere`` then stands for the other cells).  When the
    chance cannot reach ``floor`` the search stops early and returns an upper
    bound below ``floor`` (the cell is then never the best).
    """
    return _two_moves(knowledge, constraints, index, elsewhere, floor, whole=whole).survival


class _Scored(NamedTuple):
    """A cell looked ahead, as ``choose_guess`` ranks them (sorted: living first, then the best score, the
    lowest risk, the nearest a corner, reading order)."""

    dead: bool  # its number is already known
    negative_score: float
    risk: float
    edge: int  # minus the board edges it touches
    cell: int  # its index
    survival: float  # the chance to survive this guess and the next move, as the whole view sees the cell
    values: int  # the numbers it could show (0: the search stopped early)
    backup: float  # the chance to survive this guess and then the second-safest cell (with a blend)


@dataclass(frozen=True)
class TwoMoves:
    """A cell's lookahead (``_two_moves``)."""

    score: float  # what the policy ranks by: ``survival`` with the blend, the progress bonus
    survival: float  # the chance to survive this guess and the next move
    safety: float  # the cell's safety as the numbers looked at see it
    values: int  # how many numbers the cell could show (0 when the search stopped early)
    backup: float = 0.0  # with a blend: the chance to survive this guess and then the second-safest cell


def _two_moves(
    knowledge: PlayerKnowledge,
    constraints: list[tuple[int, int]],
    index: int,
    elsewhere: float,
    floor: float,
    blend: float = 0.0,
    progress: float = 0.0,
    whole: bool = False,
    counted: Analysis | None = None,
    survival_floor: float | None = None,
) -> TwoMoves:
    """``lookahead`` and what the policy ranks by.

    With ``blend`` the score takes the next move's safety as a mix of the best
    and second-best cells (``(best + blend * second) / (1 + blend)``); with
    ``progress`` it is multiplied by ``1 + progress * P(a number proves a cell safe)``.
    The search stops early (``values`` 0, upper bounds returned) only when
    the score cannot reach ``floor`` and the survival cannot reach
    ``survival_floor`` (``floor`` when not given).  ``counted``: the analysis
    of the whole view, when already made (used with ``whole``)."""
    if survival_floor is None:
        survival_floor = floor
    bit = 1 << index
    around = knowledge.neighbours[index] & knowledge.unknown
    linked = constraints if whole else _linked(constraints, around | bit)
    base = counted if whole and counted is not None else analyze(linked, knowledge.unknown, knowledge.mines_left)
    if not base.total:
        return TwoMoves(0.0, 0.0, 0.0, 0)
    unknown = knowledge.unknown & ~bit
    survival = score = backup = 0.0
    safety = 1.0 - (base.probability(index) or 0.0)
    bound = scored = safety  # neither ever exceeds it
    proving = 0.0  # the chance that the number proves a cell safe
    left = safety  # the chance of the numbers not yet looked at
    values = 0
    for extra in range(around.bit_count() + 1):
        reach = scored * (1.0 + progress * (proving + left))
        if reach < floor and bound < survival_floor:
            return TwoMoves(reach, bound, safety, 0)
        analysis = analyze([*linked, (around, extra)], unknown, knowledge.mines_left)
        if not analysis.consistent:
            continue
        chance = analysis.total / base.total
        values += 1
        left -= chance
        if blend:
            first, second = _two_safest(analysis, elsewhere)
            mixed = (first + blend * second) / (1.0 + blend)
            backup += chance * second
        elif analysis.safe:
            first = mixed = 1.0
        else:
            risk = min((weight / (size * analysis.total) for _mask, size, weight in analysis.groups), default=1.0)
            first = mixed = max(1.0 - risk, elsewhere)
        if analysis.safe:
            proving += chance
        survival += chance * first
        score += chance * mixed
        bound -= chance * (1.0 - first)
        scored -= chance * (1.0 - mixed)
    return TwoMoves(score * (1.0 + progress * proving), survival, safety, values, backup)


def _two_safest(analysis: Analysis, elsewhere: float) -> tuple[float, float]:
    """The safety of the safest and second-safest cells after a number is seen
    (``elsewhere``: the safest cell away from the numbers looked at)."""
    first = second = elsewhere
    total = analysis.total
    for _mask, size, weight in analysis.groups:
        value = 1.0 - weight / (size * total)
        if value > first:
            first, second = value, (value if size > 1 else first)
        elif value > second:
            second = value
    return first, second


def _endgame(
    knowledge: PlayerKnowledge,
    constraints: list[tuple[int, int]],
    analysis: Analysis,
    limit: int,
    probabilities: dict[int, float],
) -> Guess | None:
    if analysis.total > limit:
        return None
    found = placements(knowledge.unknown, constraints, knowledge.mines_left, limit)
    if found is None or len(found) < 2:
        return None
    return _played_out(knowledge, knowledge.unknown, found, probabilities, GuessReason.ENDGAME)


def _played_out(
    knowledge: PlayerKnowledge, cells: int, found: list[int], probabilities: dict[int, float], reason: GuessReason
) -> Guess:
    """The guess that clears ``cells`` most often, given every placement of their mines ``found`` (the whole
    view's for the endgame, a region's own for cells cut off from the rest)."""
    plan = best_endgame_guess(knowledge.neighbours, cells, found)
    width = knowledge.width
    region = CellSet(cells, width) if reason is GuessReason.ISOLATED else None
    return Guess(Cell(*divmod(plan.cell, width)), probabilities[plan.cell], reason, len(found), win=plan.win, region=region)


def isolated_region(
    knowledge: PlayerKnowledge, constraints: list[tuple[int, int]], limit: int
) -> tuple[int, list[int]] | None:
    """The smallest region cut off from the rest of the board, and its placements.

    A region is a part of the numbers' cells whose covered neighbours are all
    in it and whose numbers fix how many mines it holds: nothing outside it,
    not even the mine total, can ever tell anything about it, so it is a game
    of its own that must be won sooner or later, and the endgame search can
    play it exactly.  None when there is none with 2 to ``limit`` placements."""
    unknown = knowledge.unknown
    neighbours = knowledge.neighbours
    best: tuple[int, list[int]] | None = None
    for mask, members in parts(constraints):
        if mask == unknown or (best is not None and mask.bit_count() >= best[0].bit_count()):
            continue
        if any(neighbours[index] & unknown & ~mask for index in iter_bits(mask)):
            continue
        counts = mine_counts(mask, members)
        if len(counts) != 1:
            continue
        found = placements(mask, members, counts[0], limit)
        if found is not None and len(found) > 1:
            best = (mask, found)
    return best


def _isolated(
    knowledge: PlayerKnowledge, constraints: list[tuple[int, int]], limit: int, probabilities: dict[int, float]
) -> Guess | None:
    region = isolated_region(knowledge, constraints, limit)
    if region is None:
        return None
    mask, found = region
    return _played_out(knowledge, mask, found, probabilities, GuessReason.ISOLATED)


def forced_pairs(knowledge: PlayerKnowledge, analysis: Analysis, constraints: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The true 50/50s: pairs of cells that hold exactly one mine in every
    placement, that every number sees both or neither of (so each is a mine
    in exactly half of the placements), and that no covered cell could ever
    tell apart (every undecided neighbour of one is a neighbour of the other).
    No number to come can decide them: one of them must be guessed."""
    unknown = knowledge.unknown
    neighbours = knowledge.neighbours
    total = analysis.total
    pairs = []
    for mask, size, weight in analysis.groups:
        if size != 2 or 2 * weight != total * size:
            continue
        low = mask & -mask
        a, b = low.bit_length() - 1, (mask ^ low).bit_length() - 1
        if (neighbours[a] ^ neighbours[b]) & unknown & ~mask:
            continue  # a covered cell sees one of them only: opening it could decide them
        if any(analyze([*constraints, (mask, count)], unknown, knowledge.mines_left).consistent for count in (0, 2)):
            continue  # some placements put no mine or two mines there
        pairs.append((a, b))
    return pairs


def _pair_patterns(knowledge: PlayerKnowledge, index: int) -> list[tuple[int, int]]:
    """(partner, outer cells) of the horizontal and vertical pairs holding ``index``
    that could become a 50/50: both covered, and every cell that sees only one of
    them covered or off the board (a mine there would leave the pair undecidable)."""
    height, width = knowledge.height, knowledge.width
    row, col = divmod(index, width)
    found = []
    for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        r2, c2 = row + dr, col + dc
        if not (0 <= r2 < height and 0 <= c2 < width):
            continue
        partner = r2 * width + c2
        if not knowledge.unknown >> partner & 1:
            continue
        outer = (knowledge.neighbours[index] ^ knowledge.neighbours[partner]) & ~(1 << index) & ~(1 << partner)
        if outer & knowledge.revealed:
            continue
        found.append((partner, outer))
    return found


def fifty_fifty_influence(knowledge: PlayerKnowledge, constraints: list[tuple[int, int]], index: int) -> int:
    """Placements where ``index`` is safe and would be left one side of a 50/50:
    its partner in a pair is a mine and so is every cell that could tell them
    apart (the largest such count over horizontal pairs plus over vertical ones)."""
    best = {0: 0, 1: 0}
    bit = 1 << index
    for partner, outer in _pair_patterns(knowledge, index):
        missing = outer & knowledge.unknown
        if missing.bit_count() > 3:
            continue
        forced = missing | (1 << partner)
        count = analyze([*constraints, (forced, forced.bit_count()), (bit, 0)], knowledge.unknown, knowledge.mines_left).total
        axis = 0 if partner // knowledge.width == index // knowledge.width else 1
        best[axis] = max(best[axis], count)
    return best[0] + best[1]


def _within_budget(play_out: Callable[[], Guess | None]) -> Guess | None:
    """``play_out()`` within its share of a request's budget; None when it would go over (too long to play
    out within the request: the steps after it decide)."""
    try:
        with budget.attempt(ENDGAME_SHARE):
            return play_out()
    except BudgetExceeded:
        return None


def choose_guess(
    knowledge: PlayerKnowledge, analysis: Analysis, policy: GuessPolicy = DEFAULT_POLICY, exact: bool = False
) -> Guess:
    """The cell to open when no covered cell is certain.

    The lookahead ranks cells by an estimate (the safest cell before the guess is the floor of the next move's
    safety); with ``exact`` (a guess the words will state) the figures it carries (``survival``,
    ``rival_survival``, ``better`` and its figures, ``backup``) are counted exactly for the cells looked at."""
    unknown = knowledge.unknown
    if not unknown:
        raise ValueError("there is no covered cell left to guess")
    probabilities = analysis.probabilities()
    height, width = knowledge.height, knowledge.width
    constraints = knowledge.constraints()
    lowest_risk = min(probabilities[index] for index in iter_bits(unknown))  # for the words: the safest cells
    safest_mask = 0
    for index in iter_bits(unknown):
        if probabilities[index] <= lowest_risk + TOLERANCE:
            safest_mask |= 1 << index
    safest = CellSet(safest_mask, width)
    if policy.endgame_limit:
        guess = _within_budget(lambda: _endgame(knowledge, constraints, analysis, policy.endgame_limit, probabilities))
        if guess is not None:
            return replace(guess, lowest=lowest_risk, safest=safest)
    if policy.fifty_fifty:
        pairs = forced_pairs(knowledge, analysis, constraints)
        if pairs:
            a, b = min(pairs)
            index = min((a, b), key=lambda i: (-edge_score(i, height, width), i))
            other = b if index == a else a
            return Guess(
                Cell(*divmod(index, width)), 0.5, GuessReason.FIFTY_FIFTY, 2,
                alternatives=((Cell(*divmod(other, width)), 0.5),), lowest=lowest_risk, safest=safest,
            )
    if policy.isolated:
        limit = policy.endgame_limit or ISOLATED_LIMIT
        guess = _within_budget(lambda: _isolated(knowledge, constraints, limit, probabilities))
        if guess is not None:
            return replace(guess, lowest=lowest_risk, safest=safest)
    ranked = sorted((probabilities[index], -edge_score(index, height, width), index) for index in iter_bits(unknown))
    passed: list[int] = []  # dead cells passed over: safer than the guess, but opening them tells nothing
    if policy.avoid_dead:
        living = [entry for entry in ranked if knowledge.neighbours[entry[2]] & unknown]
        if living and living[0][0] > ranked[0][0] + TOLERANCE:
            passed = [index for p, _edge, index in ranked if p < living[0][0] - TOLERANCE]
        ranked = living or ranked
    best = ranked[0][0]
    lowest = [entry for entry in ranked if entry[0] <= best + TOLERANCE]
    near = [entry for entry in ranked if entry[0] <= best + policy.margin + TOLERANCE] if policy.margin else lowest
    alternatives = tuple((Cell(*divmod(index, width)), p) for p, _edge, index in ranked[1:4])
    chosen = lowest[0][2]
    if len(lowest) == 1:
        reason = GuessReason.SAFEST
    elif lowest[0][1] < lowest[-1][1]:  # nearer a corner than some of the tied cells
        # an edge helps only a cell that can be a zero (and open an area): the first of those, else reading order
        zero = next((entry for entry in lowest if entry[1] < 0 and _can_be_zero(knowledge, constraints, entry[2])), None)
        if zero is not None and zero[1] < lowest[-1][1]:
            chosen, reason = zero[2], GuessReason.EDGE
        else:
            chosen, reason = min(entry[2] for entry in lowest if entry[0] <= lowest[0][0] + TOLERANCE), GuessReason.ORDER
    else:
        reason = GuessReason.ORDER
    survival = rival_survival = better_survival = backup = better_backup = None
    rival = chosen
    better: int | None = None
    scores: tuple[tuple[Cell, float], ...] = ()
    if policy.lookahead and len(near) > 1:
        scored = []
        floor = survival_floor = 0.0
        factor_cap = 1.0 + policy.influence
        for p, edge, index in _spread(knowledge, near, policy.lookahead_far)[: policy.lookahead_cells]:
            if (1.0 - p) * factor_cap < floor and 1.0 - p < survival_floor:
                break  # safest first: a cell survives two moves at most as often as it is safe
            moves = _two_moves(
                knowledge, constraints, index, 1.0 - best if policy.floor else 0.0, floor / factor_cap, policy.blend, policy.progress, policy.whole,
                analysis, survival_floor,
            )
            value = moves.score
            if policy.influence:
                safe_tally = analysis.total * (1.0 - p)
                if safe_tally:
                    influence = min(fifty_fifty_influence(knowledge, constraints, index), safe_tally)
                    value *= (safe_tally + policy.influence * influence) / safe_tally
            dead = policy.avoid_dead and moves.values == 1
            if not dead:
                floor = max(floor, value)
                survival_floor = max(survival_floor, moves.survival)
            # the linked numbers alone may see the cell a little safer or riskier than the whole view does:
            # the survival said is the chance to survive the next move once safe, times the cell's safety
            scale = (1.0 - p) / moves.safety if moves.safety else 0.0
            scored.append(_Scored(dead, -value, p, edge, index, moves.survival * scale, moves.values, moves.backup * scale))
        scores = tuple((Cell(*divmod(entry.cell, width)), -entry.negative_score) for entry in sorted(scored)
                       if not entry.dead and entry.values)  # (before ``exact``: the same with it or without)
        if exact:  # the figures the words state: the same cells, counted over the whole view without the estimate
            scored = [_exactly(knowledge, constraints, analysis, entry) for entry in scored]
        by_index = {entry.cell: entry for entry in scored}
        scored.sort()
        pick = scored[0]
        index, survival, backup = pick.cell, pick.survival, pick.backup
        if pick.dead:
            survival = None  # every cell looked at is dead: the plain tie-breaks decide
        else:
            if chosen in by_index and by_index[chosen].dead:
                passed.append(chosen)  # the tie-breaks' pick tells nothing
            elif chosen in by_index and by_index[chosen].values:
                rival_survival = by_index[chosen].survival
            # with a blend (or a bonus) another cell may survive the two moves more often than the pick
            top = max((entry for entry in scored if not entry.dead and entry.values), key=lambda entry: (entry.survival, -entry.cell))
            if top.cell != index and top.survival > pick.survival + TOLERANCE:
                better, better_survival, better_backup = top.cell, top.survival, top.backup
            if index != chosen or better is not None:
                chosen = index
                if probabilities[chosen] <= best + TOLERANCE:
                    reason = GuessReason.PROGRESS
                else:  # a little riskier than the safest: say which cells are safer
                    reason = GuessReason.TRADE
                    alternatives = tuple((Cell(*divmod(index, width)), p) for p, _edge, index in lowest[:3])
    return Guess(
        cell=Cell(*divmod(chosen, width)),
        probability=probabilities[chosen],
        reason=reason,
        tied=len(lowest),
        survival=survival,
        alternatives=alternatives,
        rival=Cell(*divmod(rival, width)) if reason in (GuessReason.PROGRESS, GuessReason.TRADE) else None,
        rival_survival=rival_survival if reason in (GuessReason.PROGRESS, GuessReason.TRADE) else None,
        better=Cell(*divmod(better, width)) if better is not None else None,
        better_survival=better_survival,
        backup=backup if better is not None else None,
        better_backup=better_backup,
        dead=tuple(Cell(*divmod(index, width)) for index in passed[:3]),
        lowest=lowest_risk,
        safest=safest,
        safest_dead=bool(passed) and not safest_mask & ~sum(1 << index for index in set(passed)),
        edges=edge_score(chosen, height, width),
        scores=scores,
    )


def _exactly(knowledge: PlayerKnowledge, constraints: list[tuple[int, int]], analysis: Analysis, entry: _Scored) -> _Scored:
    """``entry`` ranked as before, its figures counted exactly: for every number the cell could show, the safest
    cell and the second-safest of the whole view (no floor from before the guess)."""
    if entry.dead:
        return entry
    moves = _two_moves(knowledge, constraints, entry.cell, 0.0, 0.0, blend=1.0, whole=True, counted=analysis)
    return entry._replace(survival=moves.survival, values=moves.values, backup=moves.backup)


def _spread(knowledge: PlayerKnowledge, lowest: list[tuple[float, int, int]], far: bool = True) -> list[tuple[float, int, int]]:
    """The cells worth a lookahead (``lowest`` is ranked by the tie-breaks):
    every cell next to a number; of the others the first one only, or with
    ``far`` every cell two steps from a number and one per count of covered
    neighbours among the rest (they look alike)."""
    frontier = knowledge.frontier
    neighbours = knowledge.neighbours
    near_numbers = frontier
    if far:
        for index in iter_bits(frontier):
            near_numbers |= neighbours[index]
    seen: set[int] = set()
    out = []
    for entry in lowest:
        index = entry[2]
        if not (1 << index) & near_numbers:
            size = (neighbours[index] & knowledge.unknown).bit_count() if far else 0
            if size in seen:
                continue
            seen.add(size)
        out.append(entry)
    return out
