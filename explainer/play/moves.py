"""A player's (or the bot's) moves, as the game's mode says to play them: open a cell, chord a number, flag a cell;
each goes into the game's history, and its outcome says what it opened, what the mode did (a save, an assist) and,
for a loss, why (``explainer.play.losses``)."""

from __future__ import annotations

from typing import TypedDict

from explainer.engine import budget
from explainer.core.board import Board
from explainer.core.cells import Cell
from explainer.errors import BudgetExceeded
from explainer.play import history
from explainer.play.game import Game, GameState, LossRecord, layout_text
from explainer.play.losses import move_loss_report
from explainer.play.modes import Assist, MoveOutcome, mode_rules

__all__ = ["LOSS_SHARE", "chord_cell", "flag_cell", "open_cell"]


#: the share of the time left that a loss report may take: over it, the loss stands unexplained
LOSS_SHARE = 0.8


def _finish(
    game: Game, view: Board, opened: list[int], saved: bool, at: float | None = None, chord: Cell | None = None
) -> MoveOutcome:
    """The move's outcome (``chord``: the number the move chorded).  Over the budget in force, the loss
    report and the assist are left out (the move itself stands; ``*_unavailable`` says so)."""
    cells = tuple(Cell(*divmod(i, game.width)) for i in opened)
    if game.state is GameState.LOST:
        assert game.exploded is not None and game.layout is not None
        cell = Cell(*divmod(game.exploded, game.width))
        # what the player saw before the fatal click, so the report can be made again later
        loss: LossRecord = {"cell": cell.to_json(), "view": str(view)}
        if chord is not None:
            loss["chord"] = chord.to_json()
        game.extra["loss"] = loss
        # the player sees the mine that went off and may still undo; the layout waits for accept_loss
        game.hold_loss()
        try:
            with budget.attempt(LOSS_SHARE):
                report = move_loss_report(view, game.layout, cell, chord)
        except BudgetExceeded:
            return MoveOutcome(cells, saved, loss_unavailable=True)
        # the wrong flags that led to it, kept so that a reload tells the same without looking for them again
        loss["wrong_flags"] = report.wrong_flags.to_json() if report.wrong_flags else []
        return MoveOutcome(cells, saved, loss=report)
    assists: list[Assist] = []
    try:
        mode_rules(game).after_move(game, assists, at)
    except BudgetExceeded:
        return MoveOutcome(cells, saved, tuple(assists), assist_unavailable=True)
    return MoveOutcome(cells, saved, tuple(assists))


class _LayoutChange(TypedDict, total=False):
    first_layout: str
    saved: bool
    layout: str


def _layout_change(game: Game, first: bool, saved: bool) -> _LayoutChange:
    """What a move's record keeps of the layout: the one a first open placed, the one a save moved to."""
    data: _LayoutChange = {}
    if first and game.layout is not None:
        data["first_layout"] = layout_text(game.layout)
    if saved and game.layout is not None:
        data["saved"] = True
        data["layout"] = layout_text(game.layout)
    return data


def open_cell(game: Game, row: int, col: int, *, by: history.By = "player", at: float | None = None) -> MoveOutcome:
    """Open a cell the way the game's mode says; the move goes into the game's history."""
    rules = mode_rules(game)
    view = game.view()
    first = game.state is GameState.READY
    if game.state is GameState.PLAYING:
        index = game.index(row, col)
        refused = rules.refuse(game, view, (row, col), 1 << index & view.covered_mask & ~view.flagged_mask, "open", by, at)
        if refused is not None:
            return refused
    saved = rules.save(game, 1 << game.index(row, col))
    opened = game.open(row, col, make_layout=rules.layout_maker(game))
    history.record(game, "open", (row, col), by, at, **_layout_change(game, first, saved))
    return _finish(game, view, opened, saved, at)


def chord_cell(game: Game, row: int, col: int, *, by: history.By = "player", at: float | None = None) -> MoveOutcome:
    """Chord an open number the way the game's mode says (forgiving: all the
    cells it opens are saved together, when they can all be safe)."""
    rules = mode_rules(game)
    view = game.view()
    saved = False
    if game.state is GameState.PLAYING:
        index = game.index(row, col)
        around = view.neighbours[index]
        if game.revealed >> index & 1 and (around & game.flagged).bit_count() == view.cells[index]:
            # a chord that opens cells: the mode may refuse it (strict) or save them together (forgiving)
            refused = rules.refuse(game, view, (row, col), around & view.covered_mask & ~view.flagged_mask, "chord", by, at)
            if refused is not None:
                return refused
            saved = rules.save(game, around & ~game.revealed & ~game.flagged)
    opened = game.chord(row, col)
    history.record(game, "chord", (row, col), by, at, **_layout_change(game, False, saved))
    return _finish(game, view, opened, saved, at, Cell(row, col))


def flag_cell(game: Game, row: int, col: int, *, by: history.By = "player", at: float | None = None) -> bool:
    """Flag or unflag a covered cell; the move goes into the game's history.  Whether it is now flagged."""
    flagged = game.toggle_flag(row, col)
    history.record(game, "flag" if flagged else "unflag", (row, col), by, at)
    return flagged
