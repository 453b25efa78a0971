"""A game's review: every move of its history judged from what the player could see just before it.

Verdicts (``VERDICTS``):

* ``certain`` — the cell was provably safe (an open) or a mine (a flag); ``rule`` is the simplest tier
  of the chain that proves it (an unflag of a provably safe cell is ``certain`` too);
* ``forced-guess`` — an open when no covered cell was provably safe: its exact mine probability,
  whether it was among the safest cells, and the guess the bot's policy picks there (``best_guess``,
  the same pick and reasons as the hint and "watch the bot"); when few mine placements are left (the
  bot's exact endgame search runs), the chance to win with best play and after this guess (``chances``);
* ``avoidable-guess`` — an open of a cell that was not provably safe while some cell was: ``missed``
  is the simplest step the player could have taken instead (with its proof: the hint's step, the
  shortest argument there was);
* ``wrong-flag`` — a flag on a cell that was provably safe when placed, or became so later
  (``became_safe_after``: the move after which it was);
* ``neutral`` — a flag or unflag with nothing proved either way, the cells an assisted game opened, undo.

The review sits above ``explainer.play`` and ``explainer.bot`` (it needs the game's history and the
bot's guess); it replays the history on the game's layout (this module holds it, like the rest of
``explainer.play``) but judges each move on the player's view alone; what it returns — verdicts,
probabilities, the steps missed, the views before each move — is what the player could see.  The
figures that do depend on the layout (3BV, efficiency) are given only for a game that is over.

3BV (``explainer.play.figures.bbbv``), 3BV/s and efficiency (3BV divided by the player's clicks: left, right
and chords) come with the summary.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from explainer.core.board import Board
from explainer.core.cells import Cell, iter_bits
from explainer.core.deduction import Deduction, Rule
from explainer.engine.count import reuse
from explainer.errors import BudgetExceeded
from explainer.engine.solve import Solution, decide_cheaply, simplest_step, solve
from explainer.engine.why import shortest_chain
from explainer.bot.guess import Guess, GuessReason
from explainer.bot.moves import WinChances, advised_guess, win_chances
from explainer.play.figures import bbbv
from explainer.play.grade import Grade, grade_layout
from explainer.play.game import Game, GameState, Position
from explainer.play.history import HELP, MOVES, Action, By, apply_entry, assisted_reasons, play_time
from explainer.play.history import clicks as history_clicks
from explainer.play.losses import LossReport, move_loss_report, strict_report

__all__ = ["VERDICTS", "MoveReview", "Review", "ReviewSummary", "Verdict", "review", "summarize"]

class Verdict(StrEnum):
    """How a move is judged: certain, a forced or an avoidable guess, a wrong flag, or neutral (nothing to judge)."""

    # (the module's docstring says when each applies)
    CERTAIN = "certain"
    FORCED_GUESS = "forced-guess"
    AVOIDABLE_GUESS = "avoidable-guess"
    WRONG_FLAG = "wrong-flag"
    NEUTRAL = "neutral"


VERDICTS: tuple[Verdict, ...] = tuple(Verdict)


@dataclass
class MoveReview:
    """One entry of the history (a move, an assist or an undo), judged."""

    index: int  # position in the game's history
    action: Action
    cell: Cell | None
    by: By
    t: float | None
    view: Board  # what the player saw just before it
    verdict: Verdict = Verdict.NEUTRAL
    rule: Rule | None = None
    probability: float | None = None
    safest: bool | None = None
    safest_probability: float | None = None
    best_guess: Guess | None = None  # forced guess: what the bot's policy picks on the same view
    missed: Deduction | None = None
    #: an avoidable guess that opened a cell the numbers proved a mine: that cell (``missed`` is its proof)
    proved_mine: Cell | None = None
    lost: bool = False
    loss: LossReport | None = None
    became_safe_after: int | None = None  # 1-based number of the move after which the flag was provably wrong
    undone: bool = False
    first: bool = False  # the game's first open (always safe: nothing to judge)
    # forced guess, when the exact endgame search runs: the chance to win with best play, and after this guess
    chances: WinChances | None = None

    @property
    def followed(self) -> bool:
        """A forced guess on the cell the bot's policy picks."""
        return self.best_guess is not None and self.best_guess.cell == self.cell


@dataclass(frozen=True)
class ReviewSummary:
    state: str
    moves: int  # moves by the player or the bot (opens, chords, flags, unflags): ``history.Clicks.moves``
    clicks: int  # the player's clicks: left, right and chords (``history.Clicks.total``)
    forced_guesses: int
    avoidable_guesses: int
    wrong_flags: int
    hints: int
    probabilities: int
    undos: int
    accuracy: float | None  # share of judged moves that were certain, or guesses among the safest or the policy's pick
    time: float | None  # seconds from the first move to the last
    bbbv: int | None  # only once the game is over
    bbbv_per_second: float | None
    efficiency: float | None  # 3BV / clicks
    assisted: tuple[str, ...] = ()
    #: what the board needed from the first click (``explainer.play.grade``), once the game is over
    grade: Grade | None = None


@dataclass(frozen=True)
class Review:
    moves: tuple[MoveReview, ...]
    summary: ReviewSummary
    layout: int | None = field(default=None, repr=False)  # the board played, once the game is over
    #: the position in ``moves`` of the first entry not judged, when the review's budget ran out there (the
    #: entries from it on are listed with their views, unjudged); None when every entry is judged
    unjudged_from: int | None = None


def _judge_open(item: MoveReview, solution: Solution, cells: int) -> None:
    """An open (or a chord, on the cells it opens) against what the view proves."""
    view = item.view
    covered = view.covered_mask & ~view.flagged_mask
    width = view.width
    if cells and not cells & ~solution.safe.mask:
        item.verdict = Verdict.CERTAIN
        first = next(iter_bits(cells))
        deduction = solution.deduction_for(*divmod(first, width))
        item.rule = deduction.rule if deduction is not None else None
        return
    probabilities = solution.probabilities
    item.probability = max((probabilities.get(i, 0.0) for i in iter_bits(cells)), default=None)
    if solution.safe.mask & covered:
        item.verdict = Verdict.AVOIDABLE_GUESS
        mine = next((i for i in iter_bits(cells) if solution.mines.mask >> i & 1), None)
        # a provable mine opened: the step that proves it; else the simplest step there was
        shortest = shortest_chain(solution, mine) if mine is not None else ()
        # the proof of that cell: a single step from the view when one decides it, else the chain's step for it
        proving = shortest[0] if len(shortest) == 1 else solution.deduction_for(*divmod(mine, width)) if mine is not None else None
        item.missed = proving or simplest_step(solution)
        item.proved_mine = Cell(*divmod(mine, width)) if proving is not None and mine is not None else None
        return
    item.verdict = Verdict.FORCED_GUESS
    if probabilities and covered:
        best = min(probabilities[i] for i in iter_bits(covered) if i in probabilities)
        item.safest_probability = best
        item.safest = item.probability is not None and item.probability <= best + 1e-12
    if item.action == "open":
        assert item.cell is not None
        advised = advised_guess(view)
        item.best_guess = _as_played(advised, item.cell)
        # the policy's endgame guess carries the chance with best play: the search is not made again
        known = advised.win if advised is not None and advised.reason is GuessReason.ENDGAME else None
        item.chances = win_chances(view, item.cell, best=known)


def _as_played(best: Guess | None, cell: Cell) -> Guess | None:
    """The policy's guess, seen from the player's ``cell``: the other cell of a true 50/50 is exactly as good a
    guess as the pick (its pair is the pick), so the review does not name the pick as better."""
    if best is None or best.reason is not GuessReason.FIFTY_FIFTY or not best.alternatives:
        return best
    other, chance = best.alternatives[0]
    if other != cell:
        return best
    return replace(best, cell=other, probability=chance, alternatives=((best.cell, best.probability),))


def _judge_cheaply(item: MoveReview, action: str, cells: int) -> bool:
    """Judge the move from the chain's cheap tiers alone (``decide_cheaply``) when they decide its cells
    and the verdict is certain (or a wrong flag): the same verdict and rule as from the view's solve.
    False when they do not: the move is judged from the view's solve."""
    if not cells:
        return False
    decided = decide_cheaply(item.view, cells)
    if decided is None:
        return False
    if action in ("open", "chord") and not cells & ~decided.safe:
        item.verdict, item.rule = Verdict.CERTAIN, decided.rule
    elif action == "flag" and cells & decided.mines:
        item.verdict, item.rule = Verdict.CERTAIN, decided.rule
    elif action == "flag" and cells & decided.safe:
        item.verdict = Verdict.WRONG_FLAG
    elif action == "unflag" and cells & decided.safe:
        item.verdict = Verdict.CERTAIN
    else:
        return False
    return True


def review(game: Game) -> Review:
    """Every entry of the game's history judged, and the summary."""
    with reuse():  # consecutive views share most of their frontier's parts: each is counted once
        return _review(game)


class _Certain:
    """The cells each view proves (safe, mines), by the view's covered cells: a flag or an unflag leaves the
    numbers as they were (a flag is a claim, never evidence), so a run of them is judged from one solve."""

    def __init__(self) -> None:
        self._found: dict[int, Solution] = {}
        self._rules: dict[tuple[int, int], Rule | None] = {}

    def of(self, view: Board) -> Solution:
        key = view.covered_mask
        found = self._found.get(key)
        if found is None:
            if len(self._found) > 64:
                self._found.clear()
            found = self._found[key] = solve(view, until=0)
        return found

    def rule(self, view: Board, cell: int) -> Rule | None:
        """The simplest tier of the chain that proves ``cell`` (certain) on ``view``."""
        key = (view.covered_mask, cell)
        if key not in self._rules:
            if len(self._rules) > 256:
                self._rules.clear()
            decided = decide_cheaply(view, 1 << cell)
            if decided is not None and (decided.safe | decided.mines) >> cell & 1:
                self._rules[key] = decided.rule
            else:
                deduction = solve(view, until=1 << cell).deduction_for(*divmod(cell, view.width))
                self._rules[key] = deduction.rule if deduction is not None else None
        return self._rules[key]


def _review(game: Game) -> Review:
    replay = Game(game.height, game.width, game.mine_count, game.seed)  # the first open places its layout
    replay.extra = game.extra.copy()
    items: list[MoveReview] = []
    stack: list[tuple[str, Position]] = []  # (action, position before it) of the entries that stand
    flags_to_watch: dict[int, int] = {}  # flagged cell -> the item that placed it (not proved either way then)
    certain = _Certain()
    unjudged_from: int | None = None  # the first item not judged: the budget ran out there
    for index, entry in enumerate(game.history):
        action = entry["action"]
        if action in HELP:
            continue
        view = replay.view()
        cell = None if entry["cell"] is None else Cell(*entry["cell"])
        item = MoveReview(
            index, action, cell, entry.get("by", "player"), entry.get("t"), view, undone=bool(entry.get("undone")),
            first=replay.state is GameState.READY and action == "open",
        )
        if action == "undo":
            # back to before the last move (and the assists that followed it)
            while stack:
                taken, before = stack.pop()
                replay.restore(before)
                if taken in MOVES:
                    break
            items.append(item)
            continue
        assert cell is not None
        bit = 1 << (cell.row * game.width + cell.col)
        lost_before = replay.lost
        if unjudged_from is None:
            try:
                _judge(item, replay.state is GameState.PLAYING, certain, flags_to_watch, len(items))
            except BudgetExceeded:
                unjudged_from = len(items)
                item.verdict, item.rule = Verdict.NEUTRAL, None
        if action == "unflag":
            flags_to_watch.pop(bit.bit_length() - 1, None)
        stack.append((action, replay.position()))
        apply_entry(replay, entry)
        if replay.lost and not lost_before:
            item.lost = True
            if unjudged_from is None:
                try:
                    item.loss = _loss_of(item, replay, bool(entry.get("strict")))
                except BudgetExceeded:
                    unjudged_from = len(items)
        items.append(item)
        if unjudged_from is not None or replay.state is not GameState.PLAYING or not flags_to_watch:
            continue
        # the flags the next view now proves wrong (its certain cells are enough: no chain)
        try:
            after = certain.of(replay.view())
        except BudgetExceeded:
            unjudged_from = len(items)
            continue
        for flagged in list(flags_to_watch):
            if after.safe.mask >> flagged & 1:
                placed = items[flags_to_watch.pop(flagged)]
                placed.verdict = Verdict.WRONG_FLAG
                placed.became_safe_after = len(items)  # the 1-based number of the move just played
    return Review(tuple(items), summarize(game, items), replay.layout if game.over else None, unjudged_from)


def _judge(item: MoveReview, playing: bool, certain: _Certain, flags_to_watch: dict[int, int], position: int) -> None:
    """Judge one move (an open, a chord, a flag or an unflag) on the view before it."""
    view, action, cell = item.view, item.action, item.cell
    assert cell is not None
    bit = 1 << (cell.row * view.width + cell.col)
    if action == "open":
        cells = bit & view.covered_mask & ~view.flagged_mask
    elif action == "chord":
        cells = view.neighbours[cell.row * view.width + cell.col] & view.covered_mask & ~view.flagged_mask
    else:
        cells = bit
    # a move the cheap steps decide is judged from them (most moves); else from the view's solve: for an open or
    # a chord its chain only as far as the step deciding the move's cells (or the first step); for a flag or an
    # unflag the view's certain cells (one solve for a run of them), and the chain to the cell only when certain
    if not playing or action not in MOVES:
        return
    if action in ("open", "chord"):
        if cells and not _judge_cheaply(item, action, cells):
            # (a click on an open cell, or a chord with nothing to open, is judged as nothing)
            _judge_open(item, solve(view, until=cells), cells)
        return
    known = certain.of(view)
    if action == "flag":
        if known.safe.mask & bit:
            item.verdict = Verdict.WRONG_FLAG
        elif known.mines.mask & bit:
            item.verdict = Verdict.CERTAIN
            item.rule = certain.rule(view, bit.bit_length() - 1)
        else:
            flags_to_watch[bit.bit_length() - 1] = position
    elif action == "unflag" and known.safe.mask & bit:
        item.verdict = Verdict.CERTAIN


def _loss_of(item: MoveReview, replay: Game, strict: bool) -> LossReport:
    """The loss report of the move that lost the game (the view before it; the layout says only which flags
    were wrong)."""
    assert item.cell is not None
    if strict:
        return strict_report(item.view, item.cell)
    exploded = Cell(*divmod(replay.exploded or 0, replay.width))
    chord = item.cell if item.action == "chord" else None
    report = move_loss_report(item.view, replay.layout or 0, exploded, chord)
    if item.verdict is Verdict.FORCED_GUESS and item.followed and report.kind == "guess":
        report = replace(report, advised=True)  # the advised guess (or the other cell of its 50/50: ``_as_played``)
    return report


def summarize(game: Game, items: Sequence[MoveReview]) -> ReviewSummary:
    """The review's summary of ``game`` as it is now, from its judged moves (a review made while a loss
    was pending gets the figures that wait for the end once the loss is accepted, without judging again)."""
    counts = {"hint": 0, "probabilities": 0, "undo": 0}
    for entry in game.history:
        if entry["action"] in counts:
            counts[entry["action"]] += 1
    moves = [item for item in items if item.action in MOVES]
    clicks = history_clicks(game).total
    judged = [item for item in moves if item.verdict != Verdict.NEUTRAL]
    good = sum(1 for item in judged if item.verdict == Verdict.CERTAIN or (item.verdict == Verdict.FORCED_GUESS and (item.safest or item.followed)))
    elapsed = play_time(game)  # the game's one time, as its page shows it
    value = bbbv(game.height, game.width, game.layout) if game.finished and game.layout is not None else None
    return ReviewSummary(
        state=game.state.public,
        moves=history_clicks(game).moves,
        clicks=clicks,
        forced_guesses=sum(1 for item in moves if item.verdict == Verdict.FORCED_GUESS),
        avoidable_guesses=sum(1 for item in moves if item.verdict == Verdict.AVOIDABLE_GUESS),
        wrong_flags=sum(1 for item in moves if item.verdict == Verdict.WRONG_FLAG),
        hints=counts["hint"],
        probabilities=counts["probabilities"],
        undos=counts["undo"],
        accuracy=good / len(judged) if judged else None,
        time=elapsed,
        bbbv=value,
        bbbv_per_second=value / elapsed if value is not None and elapsed else None,
        efficiency=value / clicks if value is not None and clicks else None,
        assisted=tuple(assisted_reasons(game)),
        grade=_grade(game),
    )


def _grade(game: Game) -> Grade | None:
    """What the finished game's board needed from its first click; None while it is played, or when grading it
    would go over what is left of the engine's budget (the review's moves come first)."""
    if not game.finished or game.layout is None or game.first_click is None:
        return None
    try:
        return grade_layout(game.height, game.width, game.layout, game.first_click)
    except BudgetExceeded:
        return None
