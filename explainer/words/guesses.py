"""A guess in words: when nothing is certain, which cell to guess and why.

The hint (after "Nothing is certain here."), "watch the bot" (after
"... the bot has to guess.") and the review's forced-guess verdict say it with
the same sentences, ``guess_reasons``: first the safest cells and their mine
chance, then the pick and its one reason, each cell named once::

    The 3 safest cells each have a mine chance of 21%. Of them, guess C4: it is
    in a corner, so with fewer neighbours it is more likely to be a zero that
    opens an area.

    The safest cells are S16, T16, and U16, each with a mine chance of 19%.
    Guess R11: its mine chance is higher, 23%, but it gives the best chance,
    77%, to survive this guess and the next one.

**Figures.** Every figure of these sentences (a mine chance, the chance to
survive two moves, the chance to win) is written by ``percent`` with one
rule, ``shown``: a whole percent from 10% up ("21%", "77%"), one decimal
below ("9.5%", "0.5%"), halves rounded up, in the language's percent format.
Two figures that read differently are never called equal.  The rule is the
renderer's (``Renderer.percent``), so the overlay, the review and the loss
report show every chance as the hint does.

**Best or safest.** The policy (``explainer.bot.guess``) may pick a cell a
little riskier than the safest: its chance to survive this guess and the
next move is higher, or it wins the endgame more often, or it is a true
50/50.  The words (``standing``) say "its mine chance is higher" only when
the pick is at least ``THRESHOLD``, one percentage point, riskier than the
safest cell (its figure then always reads higher).  Below that it is "about
as safe", with its figure (which may read the same: "the safest cells" are
those of the lowest exact chance, never a cell that only rounds alike).  One point: below
it the chance to lose on this very click differs by less than one in a
hundred; a relative threshold (5% of the lowest chance) would call 0.4
points at 8% "higher" and 0.9 points at 21% "about as safe".  Measured on
every guess of bot games (the default policy, games seeded as
``benchmarks/bot_bench.py`` seeds them; "above": picks whose mine chance is
above the lowest, dead cells aside; then how they are said):

=============================  =======  =======  ======  =====  =====  ====
games (seed)                   guesses  above    higher  same   about  dead
=============================  =======  =======  ======  =====  =====  ====
expert, game's rule (7), 2000  4,979    857      738     32     87     47
expert, first click safe (8)   6,585    769      616     35     118    17
intermediate, game's rule (7)  1,199    96       69      5      22     5
beginner, game's rule (7)      385      23       6       0      17     0
=============================  =======  =======  ======  =====  =====  ====

(3,000 intermediate and 4,000 beginner games.)  On expert (game's rule) the
picks above the lowest are 588 lookahead trades, 137 endgame picks and 132 true
50/50s; every 50/50 and all but 3 endgame picks are a point or more above the
safest, and 116 of the 588 trades (20%) are under a point: before, every
trade said "a little more than" the safest.  A threshold of half a point
would say "higher" 791 times, two points 602 times.

**A safer second choice.** The lookahead ranks cells by JSMinesweeper's
blend of the next move's best and second-best cell.  Most often its pick is
also the cell that survives this guess and the next move most often ("it
gives the best chance, 77%, ..."); when another cell looked at survives them
more often (``Guess.better``), the words give both figures and the reason,
which the data holds (``Guess.backup``: the chance to survive this guess and
then the second-safest cell is higher for the pick): "Guess R11: it survives
this guess and the next one 76% of the time (S12: 77%) and leaves a safer
second choice for the next move."

**Dead cells.** When every one of the safest cells was passed over as dead
(their numbers are already known), that is the one reason: "The safest cell,
B1 (7.7%), can tell you nothing new: its number is already known. Guess A5
instead, with a mine chance of 15%: it gives the best chance, 85%, to survive
this guess and the next one."
"""

from __future__ import annotations

from enum import StrEnum

from explainer.bot.guess import TOLERANCE, Guess, GuessReason
from explainer.core.cells import Cell, CellSet
from explainer.words.render import Renderer, shown

__all__ = ["THRESHOLD", "Standing", "guess_advice", "guess_reasons", "percent", "shown", "standing"]

#: the pick is called riskier than the safest cell only when its mine chance is at least this much higher
THRESHOLD = 0.01

#: at most this many safest cells are named; more are counted ("The 12 safest cells each have ...")
NAMED = 3


class Standing(StrEnum):
    """How the pick stands against the safest cells of the view."""

    SAME = "same"  # one of the safest, or its figure reads the same
    ABOUT = "about"  # less than THRESHOLD riskier, and its figure reads higher
    RISKIER = "riskier"  # at least THRESHOLD riskier
    DEAD = "dead"  # every safest cell was passed over as dead


def percent(renderer: Renderer, probability: float) -> str:
    """A figure of a guess's sentences, as every screen rounds it (``explainer.words.render.shown``)."""
    return renderer.percent(probability)


def _lowest(guess: Guess) -> float:
    return guess.probability if guess.lowest is None else guess.lowest


def standing(guess: Guess) -> Standing:
    """Where the pick stands against the safest cells (see the module's docstring)."""
    if guess.safest_dead:
        return Standing.DEAD
    lowest = _lowest(guess)
    if guess.safest is None or guess.cell in guess.safest:
        return Standing.SAME  # (a cell whose figure only reads the same is not one of the safest: it is "about as safe")
    if guess.probability >= lowest + THRESHOLD - TOLERANCE:
        return Standing.RISKIER
    return Standing.ABOUT


def _reason(guess: Guess, r: Renderer) -> str:
    """The pick's one reason, a clause about the pick ("it ..."); empty when being (one of) the safest is the reason."""
    reason = guess.reason
    if reason in (GuessReason.PROGRESS, GuessReason.TRADE) and guess.survival is not None and guess.better is not None:
        survival, other_survival = percent(r, guess.survival), percent(r, guess.better_survival or 0.0)
        if (guess.backup or 0.0) > (guess.better_backup or 0.0):
            # I18N: a clause about the guessed cell ("it"), after "guess C4:" or "but"; %(survival)s and
            # %(other_survival)s are percentages; %(other)s survives the two moves more often, but after it the
            # second-safest cell for the next move is riskier
            return r._(
                "it survives this guess and the next one %(survival)s of the time (%(other)s: %(other_survival)s) "
                "and leaves a safer second choice for the next move",
                survival=survival, other=guess.better, other_survival=other_survival,
            )
        # I18N: a clause about the guessed cell ("it"), after "guess C4:" or "but"; %(survival)s and %(other_survival)s
        # are percentages: how often it and %(other)s survive this guess and the next one
        return r._(
            "it survives this guess and the next one %(survival)s of the time (%(other)s: %(other_survival)s)",
            survival=survival, other=guess.better, other_survival=other_survival,
        )
    if reason in (GuessReason.PROGRESS, GuessReason.TRADE) and guess.survival is not None:
        # I18N: a clause about the guessed cell ("it"), after "guess C4:"; %(survival)s is a percentage
        return r._("it gives the best chance, %(survival)s, to survive this guess and the next one", survival=percent(r, guess.survival))
    if reason is GuessReason.EDGE and guess.edges >= 2:
        # I18N: a clause about the guessed cell ("it"), after "guess C4:"; among equally safe cells it is in a corner
        return r._("it is in a corner, so with fewer neighbours it is more likely to be a zero that opens an area")
    if reason is GuessReason.EDGE:
        # I18N: a clause about the guessed cell ("it"), after "guess C4:"; among equally safe cells it is on the board's edge
        return r._("it is on the edge, so with fewer neighbours it is more likely to be a zero that opens an area")
    if reason is GuessReason.ORDER:
        # I18N: a clause about the guessed cell ("it"), after "guess C4:"; "them": the equally safe cells
        return r._("it comes first in reading order, and nothing else tells them apart")
    if reason is GuessReason.ENDGAME:
        # I18N: a clause about the guessed cell ("it"), after "guess C4:"; %(win)s is a percentage: how often the game is won
        return r.ngettext(
            "with only %(count)s placement of the mines left, it wins the game most often (%(win)s of the time)",
            "with only %(count)s placements of the mines left, it wins the game most often (%(win)s of the time)",
            guess.tied,
            win=percent(r, guess.win or 0.0),
        )
    if reason is GuessReason.ISOLATED:
        # I18N: a clause about the guessed cell ("it"), after "guess C4:"; the cells cut off with it are named in the
        # next sentence; %(win)s is a percentage
        return r._("starting here clears the cells cut off with it most often (%(win)s of the time)", win=percent(r, guess.win or 0.0))
    if reason is GuessReason.ROLLOUT and guess.rollout is not None:
        rollout = guess.rollout
        # I18N: a clause about the guessed cell ("it"), after "guess C4:" or "but": the bot played the game on from it
        # and from %(other)s on the same %(count)s mine layouts that fit the numbers; %(win)s and %(other_win)s are
        # percentages of those games won
        return r.ngettext(
            "on %(count)s mine layout that fits the numbers, playing on from it won %(win)s of the games (%(other)s: %(other_win)s)",
            "on %(count)s mine layouts that fit the numbers, playing on from it won %(win)s of the games (%(other)s: %(other_win)s)",
            rollout.layouts,
            win=percent(r, rollout.wins / rollout.layouts),
            other=rollout.other,
            other_win=percent(r, rollout.other_wins / rollout.layouts),
        )
    if reason is GuessReason.FIFTY_FIFTY:
        other = guess.alternatives[0][0] if guess.alternatives else guess.cell
        # I18N: a clause about the guessed cell ("it"), after "guess C4:"; two cells, one mine, nothing can ever tell which
        return r._("with %(other)s it is a true 50/50 that no number can ever decide", other=other)
    return ""


def _named_safest(r: Renderer, cells: CellSet | Cell, count: int, probability: str) -> str:
    """The safest cells by name (the pick is not one of them, or is the only one)."""
    # I18N: the cells with the lowest mine chance, named; %(probability)s is a percentage
    return r.ngettext(
        "The safest cell is %(cells)s, with a mine chance of %(probability)s.",
        "The safest cells are %(cells)s, each with a mine chance of %(probability)s.",
        count,
        cells=cells,
        probability=probability,
    )


def _counted_safest(r: Renderer, count: int, probability: str) -> str:
    """The safest cells counted, not named (they are highlighted; the pick may be one of them)."""
    # I18N: several cells share the lowest mine chance; %(probability)s is a percentage
    return r.ngettext(
        "The %(count)s safest cell has a mine chance of %(probability)s.",
        "The %(count)s safest cells each have a mine chance of %(probability)s.",
        count,
        probability=probability,
    )


def _among_safest(guess: Guess, r: Renderer, reason: str, named: bool) -> list[str]:
    """The pick is one of the safest cells (or reads the same): they, then it, each said once."""
    lowest = percent(r, _lowest(guess))
    safest = guess.safest
    cell = guess.cell
    count = guess.tied if safest is None else len(safest)
    if count == 1:  # the pick is the one safest cell
        if named and reason:
            # I18N: after "The safest cell is C4, ...": guess it; %(reason)s is a clause about the cell ("it ...")
            return [_named_safest(r, cell, 1, lowest), r._("Guess it: %(reason)s.", reason=reason)]
        if named:
            # I18N: after "The safest cell is C4, ...": guess it
            return [_named_safest(r, cell, 1, lowest), r._("Guess it.")]
        if reason:
            # I18N: the review, the pick just named: it is the one safest cell; %(reason)s is a clause about it ("it ...")
            return [r._("It is the safest cell, with a mine chance of %(probability)s, and %(reason)s.", probability=lowest, reason=reason)]
        # I18N: the review, the pick just named: it is the one safest cell
        return [r._("It is the safest cell, with a mine chance of %(probability)s.", probability=lowest)]
    first = _counted_safest(r, count, lowest)
    if named and reason:
        # I18N: after "The 3 safest cells each have ...": the pick among them; %(reason)s is a clause about it ("it ...")
        then = r._("Of them, guess %(cell)s: %(reason)s.", cell=cell, reason=reason)
    elif named:
        # I18N: after "The 3 safest cells each have ...": the pick among them
        then = r._("Of them, guess %(cell)s.", cell=cell)
    elif reason:
        # I18N: the review, the pick just named, after "The 3 safest cells each have ..."; %(reason)s is a clause about it
        then = r._("It is one of them: %(reason)s.", reason=reason)
    else:
        # I18N: the review, the pick just named, after "The 3 safest cells each have ..."
        then = r._("It is one of them.")
    return [first, then]


def _instead(guess: Guess, r: Renderer, reason: str, named: bool) -> str:
    """The pick after the safest cells were passed over (it is not one of them)."""
    cell = guess.cell
    risk = percent(r, guess.probability)
    if named:
        if reason:
            # I18N: the safest cells were passed over: guess this cell; %(reason)s is a clause about it ("it ...")
            return r._("Guess %(cell)s instead, with a mine chance of %(probability)s: %(reason)s.", cell=cell, probability=risk, reason=reason)
        # I18N: the safest cells were passed over: guess this cell; %(probability)s is its mine chance
        return r._("Guess %(cell)s instead, with a mine chance of %(probability)s.", cell=cell, probability=risk)
    if reason:
        # I18N: the review, the pick just named, after the safest cells were passed over; %(reason)s is a clause about it
        return r._("Its mine chance is %(probability)s: %(reason)s.", probability=risk, reason=reason)
    # I18N: the review, the pick just named, after the safest cells were passed over
    return r._("Its mine chance is %(probability)s.", probability=risk)


def _not_safest(guess: Guess, r: Renderer, reason: str, named: bool, place: Standing) -> list[str]:
    """The pick is not one of the safest cells: they (named when few), then it, its figure and its reason."""
    lowest = percent(r, _lowest(guess))
    safest = guess.safest
    if safest is None:
        first = _counted_safest(r, guess.tied, lowest)
    elif place is Standing.DEAD:
        # I18N: the safest cells are dead: every neighbour is open or a known mine, so their number is already known
        first = r.ngettext(
            "The safest cell, %(cells)s (%(probability)s), can tell you nothing new: its number is already known.",
            "The safest cells, %(cells)s (%(probability)s each), can tell you nothing new: their numbers are already known.",
            len(safest),
            cells=safest,
            probability=lowest,
        )
    elif len(safest) <= NAMED:
        first = _named_safest(r, safest, len(safest), lowest)
    else:
        first = _counted_safest(r, len(safest), lowest)
    if place is Standing.DEAD or not reason:
        # "them" in the reading-order clause would be the cells passed over: being the first left needs no word
        return [first, _instead(guess, r, "" if guess.reason is GuessReason.ORDER else reason, named)]
    cell = guess.cell
    risk = percent(r, guess.probability)
    if place is Standing.ABOUT:
        if named:
            # I18N: the pick is less than a point riskier than the safest cells (its figure); %(reason)s is a clause about it
            then = r._("Guess %(cell)s, about as safe at %(probability)s: %(reason)s.", cell=cell, probability=risk, reason=reason)
        else:
            # I18N: the review, the pick just named: less than a point riskier than the safest cells; %(reason)s: why
            then = r._("It is about as safe, at %(probability)s: %(reason)s.", probability=risk, reason=reason)
    elif named:
        # I18N: the pick is riskier than the safest cells (its figure), for a reason: a clause about it ("it ...")
        then = r._("Guess %(cell)s: its mine chance is higher, %(probability)s, but %(reason)s.", cell=cell, probability=risk, reason=reason)
    else:
        # I18N: the review, the pick just named: riskier than the safest cells, for a reason ("it ...")
        then = r._("Its mine chance is higher, %(probability)s, but %(reason)s.", probability=risk, reason=reason)
    return [first, then]


def _cut_off(guess: Guess, region: CellSet, r: Renderer) -> str:
    """Why a region cut off from the rest is guessed now: its other cells, and that nothing outside can help."""
    others = region - CellSet.from_cells([guess.cell], region.width)
    # I18N: after a guess in cells cut off from the rest of the board; %(cells)s names the other cut-off cells, "it" is
    # the guessed cell; no number outside them can ever tell where their mines are
    return r.ngettext(
        "%(cells)s is cut off from the rest with it: no number outside them can ever decide them, so guessing there now costs nothing extra.",
        "%(cells)s are cut off from the rest with it: no number outside them can ever decide them, so guessing there now costs nothing extra.",
        len(others),
        cells=others,
    )


def guess_reasons(guess: Guess, renderer: Renderer, named: bool = False) -> list[str]:
    """Why the policy picks this guess (after a sentence that says nothing is
    certain): the safest cells with their mine chance, then the pick and its
    one reason; for a true 50/50, why guessing it now costs nothing.  With
    ``named`` the pick is named (the hint, "watch the bot"); without it the
    sentence before named it (the review: "The best guess was C4."), and it is "it".
    Every figure is ``percent``'s."""
    r = renderer
    place = standing(guess)
    reason = _reason(guess, r)
    if place is Standing.SAME:
        sentences = _among_safest(guess, r, reason, named)
    else:
        sentences = _not_safest(guess, r, reason, named, place)
    if guess.reason is GuessReason.ISOLATED and guess.region is not None:
        sentences.append(_cut_off(guess, guess.region, r))
    if guess.reason is GuessReason.FIFTY_FIFTY:
        # I18N: after naming a true 50/50: why guessing it now is no worse than guessing it later
        sentences.append(r._("It must be guessed sooner or later, so guessing it now costs nothing extra."))
    return [sentence for sentence in sentences if sentence]


def guess_advice(guess: Guess, renderer: Renderer) -> list[str]:
    """The policy's pick as advice to a player, after "no cell is certain": the safest cells, the pick and why."""
    return guess_reasons(guess, renderer, named=True)
