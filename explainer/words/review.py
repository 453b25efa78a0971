"""A game's review in words and as JSON: each move's verdict explained, the step a guess missed with
its proof, the summary figures."""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge
from typing_extensions import Doc, TypedDict

from explainer.bot.guess import Guess, GuessReason
from explainer.core.deduction import Rule
from explainer.core.json_shapes import CellJson, Count, DeductionJson, HighlightJson, Probability, Role
from explainer.engine.highlight import Marks, highlights, highlights_to_json
from explainer.play.history import Action, By
from explainer.play.losses import LossKind
from explainer.review import MoveReview, Review, Verdict
from explainer.words.hints import chain_json, steps_json
from explainer.words.grades import GradeJson, grade_json, grade_text
from explainer.words.i18n import DEFAULT_LANGUAGE
from explainer.words.mistakes import forced_guess_tie
from explainer.words.modes import loss_text
from explainer.words.guesses import percent as guess_percent
from explainer.words.render import Renderer
from explainer.words.bot import GuessJson, guess_json, guess_reasons

__all__ = ["ChancesJson", "ReviewJson", "ReviewLossJson", "ReviewSummaryJson", "ReviewedMoveJson", "review_json", "move_text"]


class ChancesJson(TypedDict):
    """A forced guess when the bot's exact endgame search runs (few placements left)."""

    best: Annotated[Probability, Doc("The chance to win with best play from the view.")]
    played: Annotated[Probability, Doc("The chance left after this guess, then best play.")]
    placements: Annotated[Count, Doc("The mine placements that fit the view, all played out.")]


class ReviewLossJson(TypedDict):
    """The move that lost: why."""

    kind: LossKind
    text: str
    chain: list[DeductionJson]


class _ReviewedMoveBase(TypedDict):
    index: Annotated[int, Ge(1)]  # 1-based, among the reviewed moves
    history: Annotated[Count, Doc("The move's record in the game's history (0-based).")]
    action: Action
    cell: CellJson | None
    by: By
    t: Annotated[float | None, Doc("When it was played, seconds since the epoch.")]
    verdict: Verdict
    rule: str | None
    probability: Probability | None  # an open or chord's chance of a mine
    safest: Annotated[bool | None, Doc("An open or chord: whether it was on a safest cell.")]
    best_guess: GuessJson | None
    missed: DeductionJson | None
    lost: bool
    undone: bool
    became_safe_after: Annotated[Annotated[int, Ge(1)] | None, Doc("A wrong flag: the move after which the numbers "
                                                                   "proved it wrong.")]
    chances: ChancesJson | None
    board: Annotated[list[str], Doc("The player's view just before the move, one row each.")]
    text: str
    highlights: list[HighlightJson]


class ReviewedMoveJson(_ReviewedMoveBase, total=False):
    """One move of a review, judged."""

    loss: ReviewLossJson  # the move that lost: why


class ReviewSummaryJson(TypedDict):
    state: str
    moves: Count
    clicks: Count
    guesses: dict[str, Count]  # forced, avoidable
    wrong_flags: Count
    hints: Count
    probabilities: Annotated[Count, Doc("The times the probabilities were asked for.")]
    undos: Count
    accuracy: Probability | None
    time: Annotated[Annotated[float, Ge(0)] | None, Doc(
        "Seconds from the first click to the end, less the time a loss waited for its undo: the game's one time, as "
        "its page shows it (an imported video's own); null without times.")]
    bbbv: Count | None
    bbbv_per_second: Annotated[float, Ge(0)] | None
    efficiency: Annotated[float, Ge(0)] | None
    assisted: list[str]
    #: the 1-based number of the first move not judged (the review's time ran out there), None when all are
    unjudged_from: Annotated[Annotated[int, Ge(1)] | None, Doc("The first move not judged: the review's time (a fixed "
                                                               "limit) ran out there.")]
    note: str | None  # what the player should know of the review as a whole (the moves not judged)
    grade: Annotated[GradeJson | None, Doc("What the board needed from the first click, once the game is over.")]
    grade_text: Annotated[str | None, Doc("The same in words: \"Grade: Medium (one number 6 times and two numbers "
                                          "once)\".")]


class ReviewJson(TypedDict):
    moves: list[ReviewedMoveJson]
    summary: ReviewSummaryJson


def _how(renderer: Renderer, rule: Rule | None) -> str:
    """How the simplest step that decides a cell works, in a few words."""
    if rule is Rule.GLOBAL:
        # I18N: review: a cell the mine count alone decided
        return renderer._("the mine count decides it")
    if rule is Rule.SIMPLE:
        # I18N: review: a cell one number decided
        return renderer._("one number decides it")
    if rule is Rule.PAIR:
        # I18N: review: a cell two numbers together decided
        return renderer._("two numbers together decide it")
    # I18N: review: a cell only a longer argument over several numbers decided
    return renderer._("a longer argument over several numbers decides it")


def _tied(guess: Guess) -> int:
    """How many cells shared the lowest mine chance when the guess was made."""
    return len(guess.safest) if guess.safest else max(1, guess.tied)


def move_text(item: MoveReview, renderer: Renderer) -> str:
    """What a move was, judged: one or two sentences (a missed step follows as its own argument)."""
    cell = item.cell
    sentences: list[str] = []
    if item.action == "undo":
        # I18N: review: the player took back their last move
        return renderer._("The last move was taken back.")
    if item.action == "assist":
        # I18N: review: an assisted game opened a cell for the player
        return renderer._("The game opened %(cell)s for you: no logical step was left.", cell=cell)
    if item.action in ("open", "chord"):
        if item.verdict is Verdict.CERTAIN:
            # I18N: review: the player opened a cell that was provably safe; %(how)s says how
            sentences.append(renderer._("%(cell)s was provably safe: %(how)s.", cell=cell, how=_how(renderer, item.rule)))
        elif item.verdict is Verdict.FORCED_GUESS:
            probability = guess_percent(renderer, item.probability or 0.0)
            if item.followed:
                # I18N: review: a guess when no cell was certain, on the cell the bot's policy picks; its reasons follow
                sentences.append(renderer._(
                    "%(cell)s was a forced guess: no cell was certain, and it was the best guess there was.",
                    cell=cell,
                ))
            elif item.safest:
                # I18N: review: a guess when no cell was certain, and among the safest
                sentences.append(renderer._(
                    "%(cell)s was a forced guess: no cell was certain, and its mine chance, %(probability)s, was the lowest there was.",
                    cell=cell, probability=probability,
                ))
            else:
                # I18N: review: a guess when no cell was certain, but not the safest; %(safest)s is the lowest mine chance
                sentences.append(renderer._(
                    "%(cell)s was a forced guess: no cell was certain, but its mine chance, %(probability)s, was higher than the safest cells' %(safest)s.",
                    cell=cell, probability=probability, safest=guess_percent(renderer, item.safest_probability or 0.0),
                ))
            best = item.best_guess
            if best is not None and best.reason is GuessReason.ORDER:
                # the policy's pick among equally good cells is only the first in reading order: a tie-break
                # for the bot, not a lesson about the player's move
                if item.safest:
                    sentences = forced_guess_tie(renderer, cell, _tied(best), item.probability or 0.0)
            elif best is not None:
                if not item.followed:
                    # I18N: review: the guess the bot's policy would have made instead; its reasons follow
                    sentences.append(renderer._("The best guess was %(cell)s.", cell=best.cell))
                sentences.extend(guess_reasons(best, renderer))
            sentences.append(_win_cost(item, renderer))
        elif item.verdict is Verdict.AVOIDABLE_GUESS and item.proved_mine is not None and item.action == "chord":
            # I18N: review: a chord opened a cell the numbers proved to be a mine (so a flag around the number was
            # wrong); %(number)s at %(cell)s is the number chorded, %(mine)s the mine; its proof follows
            sentences.append(renderer._(
                "The chord on the %(number)s at %(cell)s opened %(mine)s, which the numbers prove is a mine.",
                number=item.view.state(*cell) if cell is not None else 0, cell=cell, mine=item.proved_mine,
            ))
        elif item.verdict is Verdict.AVOIDABLE_GUESS and item.proved_mine is not None:
            # I18N: review: the player opened a cell the numbers proved to be a mine; the proof follows
            sentences.append(renderer._("%(cell)s was a mine, and the numbers prove it.", cell=cell))
        elif item.verdict is Verdict.AVOIDABLE_GUESS and item.action == "chord":
            # I18N: review: a chord opened cells that were not certain while a logical step was available; %(number)s
            # at %(cell)s is the number chorded, %(probability)s the highest mine chance among the cells it opened
            sentences.append(renderer._(
                "The chord on the %(number)s at %(cell)s opened cells that were not certain (mine chance up to %(probability)s), and a logical step was available instead.",
                number=item.view.state(*cell) if cell is not None else 0, cell=cell,
                probability=guess_percent(renderer, item.probability or 0.0),
            ))
        elif item.verdict is Verdict.AVOIDABLE_GUESS:
            # I18N: review: the player guessed while a logical step was available; the step follows
            sentences.append(renderer._(
                "%(cell)s was not certain (its mine chance was %(probability)s), and a logical step was available instead.",
                cell=cell, probability=guess_percent(renderer, item.probability or 0.0),
            ))
        elif item.first:
            # I18N: review: the first click of a game, always safe
            sentences.append(renderer._("%(cell)s was the first click, which is always safe.", cell=cell))
        else:
            # I18N: review: a click on a cell that was already open (or a chord with nothing to open)
            sentences.append(renderer._("%(cell)s opened nothing new.", cell=cell))
    elif item.action == "flag":
        if item.verdict is Verdict.CERTAIN:
            # I18N: review: a flag on a provable mine; %(how)s says how it was proved
            sentences.append(renderer._("%(cell)s was provably a mine: %(how)s.", cell=cell, how=_how(renderer, item.rule)))
        elif item.verdict is Verdict.WRONG_FLAG and item.became_safe_after is not None:
            # I18N: review: a flag that was not provably wrong when placed, but was after a later move
            sentences.append(renderer._(
                "The flag on %(cell)s was a guess, and after move %(move)s that cell was provably safe: the flag was wrong.",
                cell=cell, move=item.became_safe_after,
            ))
        elif item.verdict is Verdict.WRONG_FLAG:
            # I18N: review: a flag on a cell that was provably safe when placed
            sentences.append(renderer._("The flag on %(cell)s was wrong: that cell was provably safe.", cell=cell))
        else:
            # I18N: review: a flag on a cell that nothing proved to be a mine
            sentences.append(renderer._("%(cell)s was flagged without proof.", cell=cell))
    elif item.action == "unflag":
        if item.verdict is Verdict.CERTAIN:
            # I18N: review: the player removed a flag from a cell that was provably safe
            sentences.append(renderer._("The flag on %(cell)s came off, rightly: that cell was provably safe.", cell=cell))
        else:
            # I18N: review: the player removed a flag
            sentences.append(renderer._("The flag on %(cell)s came off.", cell=cell))
    if item.lost:
        # I18N: review: this move opened a mine
        sentences.append(renderer._("This move lost the game."))
    if item.by == "bot":
        # I18N: review: the move was the bot's
        sentences.append(renderer._("(The bot's move.)"))
    return renderer.join(sentences)


def _win_cost(item: MoveReview, renderer: Renderer) -> str:
    """What a forced guess did to the chance of winning, when every placement left was played out (the
    best guess's reason already gives the chance with best play when it is the endgame's)."""
    chances = item.chances
    if chances is None:
        return ""
    said = item.best_guess is not None and item.best_guess.reason is GuessReason.ENDGAME
    played = guess_percent(renderer, chances.played)
    if chances.played < chances.best - 1e-9:
        if said:
            # I18N: review of a forced guess near the end, after the best guess's chance to win was given;
            # %(played)s is the chance to win left after this guess (a percentage)
            return renderer._("This guess left a %(played)s chance to win.", played=played)
        # I18N: review of a forced guess near the end: %(best)s is the chance to win playing the best moves from
        # there, %(played)s the chance left after this guess (both percentages)
        return renderer._(
            "With best play from here, the game could be won %(best)s of the time; this guess left %(played)s.",
            best=guess_percent(renderer, chances.best), played=played,
        )
    if item.followed:
        return ""  # (the best guess: its chance is the one given)
    if said:
        # I18N: review of a forced guess near the end, after the best guess's chance to win was given: this one was as good
        return renderer._("This guess kept that chance to win.")
    # I18N: review of a forced guess near the end: %(best)s is the chance to win playing the best moves from there
    return renderer._(
        "With best play from here, the game could be won %(best)s of the time, and this guess kept that chance.",
        best=guess_percent(renderer, chances.best),
    )


def review_json(
    result: Review, language: str = DEFAULT_LANGUAGE, first: int = 0, count: int | None = None
) -> ReviewJson:
    """``{"moves": [...], "summary": {...}}`` with each move's verdict, its words and what to highlight;
    ``first`` and ``count``: only those moves (a page of a long review; the summary is the whole game's)."""
    renderer = Renderer(language)
    moves: list[ReviewedMoveJson] = []
    cut = result.unjudged_from
    shown = result.moves[first:] if count is None else result.moves[first : first + count]
    for number, item in enumerate(shown, first + 1):
        judged = cut is None or number <= cut
        marks: Marks = {}
        if item.missed is not None:
            marks = highlights(item.missed)
        if item.cell is not None:
            roles: dict[str, Role] = {"certain": "safe" if item.action != "flag" else "mine", "wrong-flag": "wrong-flag"}
            role = roles.get(item.verdict, "safest")
            if item.action in ("open", "chord") and item.verdict is not Verdict.CERTAIN:
                role = "move"
            marks[item.cell] = (*marks.get(item.cell, ()), role)
        data: ReviewedMoveJson = {
            "index": number,
            "history": item.index,
            "action": item.action,
            "cell": None if item.cell is None else [item.cell.row, item.cell.col],
            "by": item.by,
            "t": item.t,
            "verdict": item.verdict,
            "rule": None if item.rule is None else str(item.rule),
            "probability": item.probability if item.action in ("open", "chord") else None,
            "safest": item.safest,
            "best_guess": None if item.best_guess is None else guess_json(item.best_guess),
            "missed": None if item.missed is None else steps_json(item.missed, renderer),
            "lost": item.lost,
            "undone": item.undone,
            "became_safe_after": item.became_safe_after,
            "chances": None if item.chances is None else {
                "best": item.chances.best, "played": item.chances.played, "placements": item.chances.placements,
            },
            "board": str(item.view).splitlines()[1:],
            # I18N: review: a move after the point where the review's time (the server's limit for one review) ran out
            "text": move_text(item, renderer) if judged else renderer._("Not judged: the review's time ran out before this move."),
            "highlights": highlights_to_json(dict(sorted(marks.items()))),
        }
        if item.loss is not None:
            data["loss"] = {
                "kind": item.loss.kind,
                "text": loss_text(item.loss, renderer),
                "chain": chain_json(item.loss.chain, renderer),
            }
        moves.append(data)
    summary = result.summary
    return {
        "moves": moves,
        "summary": {
            "state": summary.state,
            "moves": summary.moves,
            "clicks": summary.clicks,
            "guesses": {"forced": summary.forced_guesses, "avoidable": summary.avoidable_guesses},
            "wrong_flags": summary.wrong_flags,
            "hints": summary.hints,
            "probabilities": summary.probabilities,
            "undos": summary.undos,
            "accuracy": summary.accuracy,
            "time": summary.time,
            "bbbv": summary.bbbv,
            "bbbv_per_second": summary.bbbv_per_second,
            "efficiency": summary.efficiency,
            "assisted": list(summary.assisted),
            "unjudged_from": None if cut is None else cut + 1,
            "grade": None if summary.grade is None else grade_json(summary.grade),
            "grade_text": None if summary.grade is None else renderer._(
                # I18N: review: what the board needed; %(grade)s is its grade with the techniques, like "Medium (one
                # number 6 times and two numbers once)"
                "Grade: %(grade)s", grade=grade_text(summary.grade, renderer.language)),
            # I18N: review: the moves from %(move)s on were not judged (the server's time for one review ran out); the
            # figures above count the judged moves only
            "note": None if cut is None else renderer._(
                "The review's time ran out at move %(move)s: the moves from there on are not judged, and the figures count the moves before it.",
                move=cut + 1,
            ),
        },
    }
