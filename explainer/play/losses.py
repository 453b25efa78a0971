"""Why a game was lost, as far as the player could tell before the click: the opened cell was provably a mine (and
the shortest argument for it), or a chord on a flag the numbers prove wrong, or only a guess (its chance, and the
safer cells there were); a strict game's loss (a step was available).  Made from the view before the fatal move
and, for a stored game, made again from what it keeps (``stored_loss_report``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal, get_args

from explainer.engine import budget
from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.constraints import Knowledge, build_constraints
from explainer.core.deduction import Deduction
from explainer.engine.count import analyze
from explainer.errors import BudgetExceeded
from explainer.play.game import Game
from explainer.engine.why import every_flag, flags_used, safe_chain, shortest_chain, why
from explainer.engine.solve import Solution, solve

__all__ = [
    "LossKind", "LOSS_KINDS", "LossReport", "loss_report", "misleading_flags", "move_loss_report", "stored_loss_report",
    "strict_report",
]  # fmt: skip


#: why a loss happened: "proved": a deduction showed the cell was a mine | "guess": it was not certain |
#: "strict": a strict game lost by a move that was not certain while a step was available
#: "proved": the cell was provably a mine; "guess": it was not certain; "strict": a strict game's rule; "flag": a chord
#: on a wrong flag the numbers proved wrong (the report then proves the flag's cell safe)
LossKind = Literal["proved", "guess", "strict", "flag"]


LOSS_KINDS: tuple[LossKind, ...] = get_args(LossKind)


@dataclass(frozen=True)
class LossReport:
    """Why the opened ``cell`` was a mine, as far as the player could tell before the click."""

    cell: Cell
    kind: LossKind  # (for "strict": ``deduction`` and ``chain`` lead to a safe cell)
    probability: float  # the mine probability it had
    deduction: Deduction | None = None  # for "proved": the step that proves it; for "strict": the step to a safe cell
    #: for "proved": the steps from the numbers on the board (and the player's right flags) to ``deduction``
    #: (its last), each resting only on the ones before it; for "strict", the same to a safe cell
    chain: tuple[Deduction, ...] = ()
    safe: CellSet | None = None  # cells that were provably safe then (covered, not flagged)
    safest: CellSet | None = None  # for "guess" with nothing safe: the least likely mines
    safest_probability: float | None = None
    #: the player's flags the chain starts from: right ones (the view proves them mines), taken as facts
    flags: CellSet | None = None
    #: ``flags`` are every flag of the view but the wrong ones: the words count them rather than name them
    flags_every: bool = False
    #: the player's flags that were not mines and led to the loss: around the chorded number, or the ones
    #: that made the opened cell look safe.  The game revealed them at the end; the reasoning above (the
    #: chain, the odds) uses the view alone, where they are just covered cells
    wrong_flags: CellSet | None = None
    chord: Cell | None = None  # the number the losing move chorded, when it was a chord
    #: for "guess": the cell was the advised guess (the hint's and the bot's pick on the same view): the report then
    #: says so and what it cost, never that a safer cell existed (``explainer.bot.moves.advised_loss``)
    advised: bool = False
    #: for "flag": the wrong flag around the chorded number that the numbers proved safe (``chain`` proves it)
    flag: Cell | None = None


def _cut_short() -> BudgetExceeded:
    """The error for an answer the budget in force cut short (its exact count gave way to the fallback)."""
    current = budget.current()
    seconds = current.seconds if current is not None and current.seconds is not None else 0.0
    return BudgetExceeded("time", seconds, seconds)


def loss_report(
    view_before_click: Board,
    cell: Cell | tuple[int, int],
    *,
    chord: Cell | tuple[int, int] | None = None,
    wrong_flags: CellSet | None = None,
) -> LossReport:
    """The chain of steps that proved ``cell`` a mine, or the odds the guess had and the safer cells.

    ``chord``: the number the losing move chorded; ``wrong_flags``: the player's flags that the game
    revealed were not mines and that led to the loss (``move_loss_report`` finds them).  They are told,
    not reasoned from: the reasoning uses ``view_before_click`` alone."""
    row, col = cell
    index = row * view_before_click.width + col
    # the player's right flags are facts the chain starts from; a wrong flag is no evidence
    solution, chain = why(view_before_click, index)
    chain = shortest_chain(solution, index, chain)  # the shortest argument for this one cell
    probability = solution.probabilities.get(index, 1.0)
    if chord is not None and wrong_flags:
        flagged = _proved_wrong(view_before_click, solution, wrong_flags, Cell(*cell), Cell(*chord), probability)
        if flagged is not None:  # why the chord went wrong: the flag the numbers prove safe
            return flagged
    report = _loss_from(view_before_click, solution, chain, index, probability)
    if chord is None and not wrong_flags:
        return report
    return replace(report, chord=None if chord is None else Cell(*chord), wrong_flags=wrong_flags or None)


def _proved_wrong(
    view: Board, solution: Solution, wrong_flags: CellSet, cell: Cell, chord: Cell, probability: float
) -> LossReport | None:
    """A chord's loss told by the wrong flag that caused it, when the numbers proved that flag's cell safe: the
    shortest argument for that cell (the mine the chord opened follows from it)."""
    for flag in iter_bits(wrong_flags.mask & solution.safe.mask):
        chain = shortest_chain(solution, flag)
        if chain:
            flags = flags_used(view, chain)
            return LossReport(
                cell, "flag", probability, deduction=chain[-1], chain=chain, flags=flags or None,
                flags_every=every_flag(view, flags, wrong_flags.mask),
                wrong_flags=wrong_flags, chord=chord, flag=Cell(*divmod(flag, view.width)),
            )
    return None


def _loss_from(
    view: Board, solution: Solution, chain: tuple[Deduction, ...], index: int, probability: float
) -> LossReport:
    target = Cell(*divmod(index, view.width))
    if solution.mines.mask >> index & 1 and chain:
        flags = flags_used(view, chain)
        return LossReport(
            target, "proved", 1.0, deduction=chain[-1], chain=chain, flags=flags if flags else None,
            flags_every=every_flag(view, flags),
        )
    if not solution.exact:
        # the count was over budget: the cell's odds are unknown, and a report must not guess them
        raise _cut_short()
    safe = solution.safe - CellSet(view.flagged_mask, view.width)
    if safe:
        return LossReport(target, "guess", probability, safe=safe)
    safest_probability, safest = solution.safest()
    if safest_probability < probability:
        return LossReport(target, "guess", probability, safest=safest, safest_probability=safest_probability)
    return LossReport(target, "guess", probability)  # nothing was safer


def _safe_with_flags(view: Board, flags: int, index: int) -> bool:
    """Is cell ``index`` safe in every placement where the cells ``flags`` are mines (the view as the
    player read it, taking those flags at their word)?  False when no placement fits them."""
    constraints = build_constraints(view, Knowledge(mines=flags))
    if any(c.count < 0 or c.count > c.cells.bit_count() for c in constraints):
        return False
    mines_left = None if view.mines is None else view.mines - flags.bit_count()
    if mines_left is not None and mines_left < 0:
        return False
    analysis = analyze([(c.cells, c.count) for c in constraints], view.covered_mask & ~flags, mines_left)
    return analysis.consistent and bool(analysis.safe >> index & 1)


def misleading_flags(view: Board, index: int, wrong: int) -> int:
    """Of the wrong flags ``wrong`` (a mask: flagged cells that are not mines, which only the game
    knows), those through which the view made cell ``index`` look safe: with every flag taken for a
    mine the cell was certain to be safe, and without that flag it was not.  0 when the cell did not
    look safe (or no flag is wrong); every wrong flag when only together they made it look so."""
    if not wrong or not _safe_with_flags(view, view.flagged_mask, index):
        return 0
    culprits = 0
    for flag in iter_bits(wrong):
        if not _safe_with_flags(view, view.flagged_mask & ~(1 << flag), index):
            culprits |= 1 << flag
    return culprits or wrong


def move_loss_report(view: Board, layout: int, exploded: Cell, chord: Cell | None = None) -> LossReport:
    """The loss report of a move that opened the mine at ``exploded`` (``chord``: the number it chorded),
    with the wrong flags that led to it.  ``layout`` is only read for which of the player's flags were not
    mines (the game shows them at the end); the reasoning uses ``view`` alone."""
    wrong = view.flagged_mask & ~layout
    if chord is not None:
        culprits = wrong & view.neighbours[view.index(*chord)]
    else:
        culprits = misleading_flags(view, view.index(*exploded), wrong)
    return loss_report(view, exploded, chord=chord, wrong_flags=CellSet(culprits, view.width) if culprits else None)


def stored_loss_report(game: Game) -> LossReport | None:
    """The loss report of a game lost through ``open_cell``/``chord_cell`` (after a reload, say)."""
    stored = game.extra.get("loss")
    if not isinstance(stored, dict):
        return None
    if stored.get("strict"):
        return strict_report(Board.parse(stored["view"]), Cell(*stored["cell"]))
    view = Board.parse(stored["view"])
    cell = Cell(*stored["cell"])
    chord = None if stored.get("chord") is None else Cell(*stored["chord"])
    wrong = stored.get("wrong_flags")
    if wrong is None and game.layout is not None:
        return move_loss_report(view, game.layout, cell, chord)  # (not looked for yet: the report was cut short)
    flags = CellSet.from_cells([Cell(*c) for c in wrong], view.width) if wrong else None
    return loss_report(view, cell, chord=chord, wrong_flags=flags)


def strict_report(view: Board, cell: Cell) -> LossReport:
    """Why a strict game was lost: the cell was not certain while the player's own view (its right flags
    included) proved some covered cells safe (``safe``); ``chain`` is the shortest argument to one of them."""
    solution = solve(view)
    index = cell.row * view.width + cell.col
    probability = solution.probabilities.get(index, 1.0)
    safe = solution.safe.mask & view.covered_mask & ~view.flagged_mask
    chain = safe_chain(solution)
    flags = flags_used(view, chain)
    return LossReport(
        cell,
        "strict",
        probability,
        deduction=chain[-1] if chain else None,
        chain=chain,
        safe=CellSet(safe, view.width) if safe else None,
        flags=flags if flags else None,
        flags_every=every_flag(view, flags),
    )
