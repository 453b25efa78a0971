"""The player's mistakes in words: a loss through a wrong flag, the right flags a chain starts from, a
strict loss with the safe cells that were there, a forced guess in a review.

Each sentence is a function of a ``Renderer`` and the data (``explainer.play.losses.LossReport``,
``explainer.review.MoveReview``), written through the renderer's gettext calls with named
placeholders, so that it is extracted into the shared catalog and translated like the engine's other
sentences.  The sentences speak to the player about the player's moves.
"""

from __future__ import annotations

from explainer.core.cells import Cell, CellSet
from explainer.words.guesses import percent as guess_percent
from explainer.words.render import Renderer

__all__ = ["forced_guess_tie", "right_flags", "strict_lead", "strict_step_lead", "wrong_flags_loss"]


def wrong_flags_loss(renderer: Renderer, flags: CellSet, cell: Cell, chord: Cell | None = None) -> str:
    """The wrong flag(s) that led to the loss, named first (the game revealed them at the end): the chord
    they let open a mine, or the opened cell they made look safe."""
    if chord is not None:
        # I18N: a loss report: the player's flag(s) at %(flags)s were not mines, so chording the number at %(number)s opened the mine at %(cell)s
        return renderer.ngettext(
            "Your flag at %(flags)s was not a mine, so the chord on %(number)s opened a mine at %(cell)s.",
            "Your flags at %(flags)s were not mines, so the chord on %(number)s opened a mine at %(cell)s.",
            len(flags),
            flags=flags,
            number=chord,
            cell=cell,
        )
    # I18N: a loss report: the opened cell %(cell)s seemed safe only if the player's wrong flag(s) at %(flags)s were mines
    return renderer.ngettext(
        "Your flag at %(flags)s was not a mine: %(cell)s only looked safe because of it.",
        "Your flags at %(flags)s were not mines: %(cell)s only looked safe because of them.",
        len(flags),
        flags=flags,
        cell=cell,
    )


#: right flags are named up to this many; when they are every flag the player has (but a wrong one), more are counted
NAMED_FLAGS = 3


def right_flags(renderer: Renderer, flags: CellSet | None, every: bool = False, other: bool = False) -> str:
    """The player's right flags that the steps after this sentence start from (rather than prove).  When they
    are ``every`` flag on the board (``other``: but the wrong one the text is about) and more than
    ``NAMED_FLAGS``, they are counted: the player need not look for them."""
    if not flags:
        return ""
    if every and len(flags) > NAMED_FLAGS:
        if other:
            # I18N: before a chain of steps: every flag of the player but the wrong one is provably a mine (always
            # more than 3 of them); the steps take them as known
            return renderer.ngettext(
                "Your other %(count)s flag is right.", "Your other %(count)s flags are right.", len(flags)
            )
        # I18N: before a chain of steps: every flag of the player is provably a mine (always more than 3); the steps
        # take them as known
        return renderer.ngettext("Your %(count)s flag is right.", "All %(count)s of your flags are right.", len(flags))
    # I18N: before a chain of steps: the player's flags at %(cells)s are provably mines, and the steps take them as known
    return renderer.ngettext(
        "Your flag at %(cells)s is right.",
        "Your flags at %(cells)s are right.",
        len(flags),
        cells=flags,
    )


def strict_lead(renderer: Renderer, cell: Cell, probability: float, safe: CellSet | None) -> str:
    """A strict game lost: the move was not certain while these cells were certainly safe."""
    if not safe:
        return renderer.strict_lead(cell, probability)
    # I18N: strict mode: the player opened %(cell)s, which was not certain, while the cells %(safe)s were provably safe
    return renderer.ngettext(
        "Strict mode: %(cell)s was not certain (its mine chance was %(probability)s) while %(safe)s was certainly safe, so the game is lost.",
        "Strict mode: %(cell)s was not certain (its mine chance was %(probability)s) while %(count)s cells were certainly safe: %(safe)s. So the game is lost.",
        len(safe),
        cell=cell,
        probability=guess_percent(renderer, probability),
        safe=safe,
    )


def strict_step_lead(renderer: Renderer, safe: CellSet | None) -> str:
    """Before the steps that prove one of the safe cells of a strict loss."""
    # I18N: strict mode: the steps that prove a safe cell follow (the simplest argument to one of them)
    return renderer.ngettext(
        "The step that shows it:",
        "The simplest step to one of them:",
        len(safe) if safe else 1,
    )


def forced_guess_tie(renderer: Renderer, cell: Cell | None, tied: int, probability: float) -> list[str]:
    """A review of the player's forced guess on one of the cells that shared the lowest mine chance: any
    of them was as good, so there is no better cell to name."""
    sentences = [
        # I18N: review: no cell was certain when the player guessed, so any guess was a risk
        renderer._("Nothing was certain here: any guess was a risk."),
    ]
    if cell is not None:
        # I18N: review: the player's guess %(cell)s had the lowest mine chance (alone, or with other cells); %(probability)s is a percentage
        sentences.append(renderer.ngettext(
            "%(cell)s had the lowest mine chance, %(probability)s.",
            "%(cell)s was one of %(count)s cells with the lowest mine chance, %(probability)s.",
            tied,
            cell=cell,
            probability=guess_percent(renderer, probability),
        ))
    return sentences
