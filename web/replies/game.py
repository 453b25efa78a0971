"""A stored game as the client may see it.

This is the only place a game becomes JSON for the client.  While the game is
not over it holds the player view only (never the layout or the seed); when it
is over it adds where the mines were and, for a loss, the "why did I lose"
report (rebuilt from the view stored before the fatal click, so it is there
after a reload too).  ``summary`` holds the mode's figures (saves, assists).
The one exception is mine vision, which the player switches on for a game
(``POST /api/games/<id>/vision``): the game is then assisted for good, and
its replies carry the mines (``vision``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import NotRequired, TypedDict

from explainer.core.json_shapes import CellJson, Count
from explainer.words.modes import LossReportJson, OutcomeJson, loss_report_json
from explainer.core.cells import CellSet
from explainer.errors import BudgetExceeded
from explainer.engine.highlight import highlights, highlights_to_json
from explainer.play.game import Game, GameState, PublicState, layout_value
from explainer.play import history
from explainer.play.history import can_undo, initial_layout
from explainer.play.losses import LossReport, stored_loss_report
from explainer.play.modes import Mode, Summary, summary
from explainer.play.figures import bbbv
from explainer.bot.moves import advised_loss
from explainer.core.board import Board
from web.storage.ranking import Origin, Unranked
from web.storage.results import assisted_reasons, unranked_of

from web.replies.analysis import HintReply, current_analyses
from web.daily import layout_hidden
from web.storage.games import GameRecord
from web.request_data import reply_language
from web.extra import web_extra
from web.json_types import Seconds

__all__ = ["EndFigures", "FlagReplyJson", "GameEnd", "GameJson", "GameReplyJson", "GameSummary", "MoveReplyJson", "MovedJson", "VisionJson", "game_state", "loss_json", "state_json", "vision_json"]


class EndFigures(TypedDict):
    """The community's figures of a finished game (None while they would tell something of the layout)."""

    bbbv: Annotated[Count | None, Field(description="The board's 3BV, once the game is over for good.")]
    bbbv_per_second: Annotated[float, Field(ge=0)] | None
    efficiency: Annotated[Annotated[float, Field(ge=0)] | None, Field(description="3BV per click.")]


class GameSummary(Summary, EndFigures):
    """The end-of-game summary a reply carries (the mode's summary, the figures, and why it does not rank)."""

    assisted: Annotated[list[history.Assisted], Field(description="Why the game counts as assisted (empty: it does "
                                                                  "not).")]
    warnings: Annotated[bool, Field(description="Wrong flags are shown (the player's choice at the start).")]
    unranked: Annotated[list[Unranked] | None, Field(description="Why the finished game does not rank (empty: it "
                                                                  "ranks); null while it is played.")]


class GameEnd(TypedDict):
    """What a finished game (or a loss the player may still undo: pending) shows of its board: only once the game is
    over."""

    mines: Annotated[list[CellJson], Field(description="Every mine; only the one that went off while the loss is "
                                                       "pending.")]
    exploded: CellJson | None
    wrong_flags: list[CellJson]
    pending: Annotated[bool, Field(description="A loss not accepted yet: it can still be undone.")]
    hidden: Annotated[bool, Field(description="A daily board before its day ends (UTC): only the mine that went off "
                                              "and the wrong flags are shown.")]
    loss: LossReportJson | None  # ``loss_json``
    loss_unavailable: NotRequired[Annotated[Literal[True], Field(
        description="Present when explaining the loss needs more than the server allows for one request (loss is "
        "null).")]]


#: a forgiving save: the mines it moved away, from ``from`` to ``to`` (the functional form: ``from`` is a keyword)
MovedJson = TypedDict("MovedJson", {"cell": CellJson | None, "from": list[CellJson], "to": list[CellJson]})


class VisionJson(TypedDict):
    """Mine vision, only while the player has it on (the game is then assisted for good)."""

    mines: Annotated[list[CellJson], Field(description="Every mine now.")]
    moved: Annotated[list[MovedJson], Field(description="Each forgiving save: the open that was saved and the mines "
                                                        "it moved away and where to.")]


class GameJson(TypedDict):
    """A game as every reply that carries it shows it."""

    id: str
    mode: Mode
    height: Annotated[int, Field(ge=1)]
    width: Annotated[int, Field(ge=1)]
    mines: Count
    mines_left: int
    state: PublicState  # a pending loss is lost, with ``end.pending``
    moves: Count
    board: Annotated[list[str], Field(description="One row each: ? covered, F flagged, . open zero, 1-8.")]
    elapsed: Seconds
    running: bool
    replayable: bool
    undoable: Annotated[bool, Field(description="A move can be taken back (also a loss not accepted yet).")]
    wrong_flags: list[CellJson]
    summary: GameSummary
    kind: Annotated[str, Field(description="The board kind: a preset (expert), a preset with a mine multiplier "
                                           "(expert*1.2) or a size (20x12/50: width x height / mines).")]
    origin: Annotated[Origin | None, Field(
        description="Where the layout came from: dealt at the first click, the daily board, a position (its mines "
        "fixed), an imported replay, a replay of a finished game; null for games kept before it was recorded.")]
    daily: Annotated[str | None, Field(description="A daily board's day and preset (2026-11-23/expert).")]
    vision: VisionJson | None
    end: NotRequired[GameEnd]


class MoveReplyJson(TypedDict):
    """The reply to a move: the new state, the cells it opened and what the mode did around it."""

    game: GameJson
    opened: list[CellJson]
    outcome: OutcomeJson


class GameReplyJson(TypedDict):
    """A reply that carries the game alone."""

    game: GameJson


class FlagReplyJson(TypedDict):
    """The reply to a flag: the new state and, for a provably wrong flag, its explanation."""

    game: GameJson
    flagged: Annotated[bool, Field(description="Whether the cell is flagged now.")]
    warning: Annotated[HintReply | None, Field(description="A provably wrong flag's explanation (null when the flag "
                                                           "is not provably wrong, or the explanation did not fit "
                                                           "the time budget).")]


def advised_report(report: LossReport, game: Game) -> LossReport:
    """The loss report marked when the losing click was the advised guess on the view before it (kept with the
    game's loss): it then says so instead of naming safer cells (``explainer.bot.moves.advised_loss``)."""
    stored = game.extra.get("loss")
    if not isinstance(stored, dict) or "view" not in stored or report.kind != "guess":
        return report
    return advised_loss(report, Board.parse(stored["view"]))


def loss_json(report: LossReport, language: str) -> LossReportJson:
    """The loss report with the cells of its reasoning highlighted in the hint roles: the
    step that proved the cell a mine, or the cells that were safe (or safer) instead."""
    data = loss_report_json(report, language)
    marks = highlights(report.deduction, None, report.safest)
    for step in report.chain[:-1]:  # the earlier steps of the chain: their numbers and conclusions too
        for cell, roles in highlights(step).items():
            marks[cell] = tuple(dict.fromkeys((*marks.get(cell, ()), *roles)))
    for cell in report.safe or ():
        marks[cell] = (*marks.get(cell, ()), "safe")
    if report.flag is not None:  # the wrong flag whose cell the chain proves safe
        marks[report.flag] = (*marks.get(report.flag, ()), "wrong-flag")
    data["highlights"] = highlights_to_json(dict(sorted(marks.items())))
    return data


def vision_json(game: Game) -> VisionJson:
    """Mine vision (asked for by the player, which makes the game assisted): where the mines
    are now, and for each forgiving save the mines it moved away (``from``) and where to (``to``)."""
    moved: list[MovedJson] = []
    before = initial_layout(game)
    for entry in game.history:
        if entry.get("saved") and not entry.get("undone") and before is not None:
            after = layout_value(entry["layout"])
            moved.append(
                {
                    "cell": entry["cell"],
                    "from": CellSet(before & ~after, game.width).to_json(),
                    "to": CellSet(after & ~before, game.width).to_json(),
                }
            )
            before = after
    return {"mines": game.mines().to_json(), "moved": moved}


def _end_figures(record: GameRecord, withheld: bool) -> EndFigures:
    """The community's figures of a finished game, at once in its summary: 3BV, 3BV/s and efficiency
    (3BV per click); None while the game is on, while a loss can still be undone or a daily board's
    layout is withheld (3BV tells something of the layout)."""
    game = record.game
    if not game.over or withheld or game.layout is None:
        return {"bbbv": None, "bbbv_per_second": None, "efficiency": None}
    value = bbbv(game.height, game.width, game.layout)
    elapsed = record.elapsed()
    clicks = history.clicks(game).total
    return {
        "bbbv": value,
        "bbbv_per_second": value / elapsed if elapsed > 0 else None,
        "efficiency": value / clicks if clicks else None,
    }


def _wrong_flags_shown(game: Game, hidden: bool) -> CellSet:
    """The flags a finished game shows as wrong: those the layout says are not mines; while its layout is hidden
    (a daily board in its day), only those the player's view proves wrong (the engine's proof, never the layout:
    a throwaway loss must tell nothing of a board others are still playing)."""
    if not hidden:
        return CellSet(game.flagged & ~(game.layout or 0), game.width)
    if not game.flagged:
        return CellSet(0, game.width)
    try:
        return current_analyses().solve(game.view()).wrong_flags
    except BudgetExceeded:  # over the request's budget: none shown (nothing of the layout either)
        return CellSet(0, game.width)


def game_state(record: GameRecord, language: str) -> GameJson:
    game = record.game
    view = game.view()
    rows = str(view).splitlines()[1:]  # the text format without its "mines N" line
    pending = game.state is GameState.LOSS_PENDING
    hidden = layout_hidden(record)  # a daily board's mines wait for the end of its day
    data: GameJson = {
        "id": record.id,
        "mode": Mode(record.mode),
        "height": game.height,
        "width": game.width,
        "mines": game.mine_count,
        # a won game has found every mine, flagged or not (as the classic game shows it)
        "mines_left": 0 if game.state is GameState.WON else game.mines_left(),
        "state": game.state.public,
        "moves": game.moves,
        "board": rows,
        "elapsed": round(record.elapsed(), 3),
        "running": game.state is GameState.PLAYING,
        # a replay of a game in play would show its layout (replaying a loss not accepted yet accepts it)
        "replayable": game.over and game.first_click is not None and not hidden,
        "undoable": can_undo(game),
        "wrong_flags": [],
        "summary": {
            **summary(game),
            "assisted": assisted_reasons(game),
            "warnings": web_extra(game).get("warnings", True) is not False,
            # why a finished game does not rank (web.storage.ranking); None while it is played.  While a loss can
            # still be undone the board's 3BV is left out (it would tell something of the layout)
            "unranked": [r for r in unranked_of(record) if not ((pending or hidden) and r is Unranked.LOW_3BV)] if game.over else None,
            **_end_figures(record, pending or hidden),
        },
        "kind": record.kind,
        # where the layout came from (web.storage.ranking.Origin): a position's is fixed, no first-click rule
        "origin": None if record.origin is None else Origin(record.origin),
        "daily": record.daily,
        "vision": vision_json(game) if web_extra(game).get("vision") else None,
    }
    if game.over:
        wrong = _wrong_flags_shown(game, hidden)
        data["end"] = {
            # until the player accepts a loss (or undoes it), only the mine that went off is shown
            # (a strict loss has no mine that went off: nothing of the layout until it is accepted)
            # (a daily board shows the mine that went off and the flags its view proves wrong until its day ends)
            "mines": ([] if game.exploded is None else [list(divmod(game.exploded, game.width))]) if pending or hidden
            else game.mines().to_json(),
            "exploded": None if game.exploded is None else list(divmod(game.exploded, game.width)),
            "wrong_flags": [] if pending else wrong.to_json(),
            "pending": pending,
            "hidden": hidden,
            "loss": None,
        }
        try:
            report = stored_loss_report(game) if game.lost else None
        except BudgetExceeded:  # too complex to explain within this request's budget
            report = None
            data["end"]["loss_unavailable"] = True
        if report is not None:
            report = advised_report(report, game)
            if hidden and report.wrong_flags:  # the flags that led to the loss, as far as the view proves them
                report = replace(report, wrong_flags=CellSet(report.wrong_flags.mask & wrong.mask, game.width) or None)
            data["end"]["loss"] = loss_json(report, language)
    elif game.state is GameState.PLAYING:
        # worked out with the move, before it was written (``web.api.games.note_wrong_flags``)
        data["wrong_flags"] = web_extra(game).get("wrong_flags", [])
    return data


def state_json(record: GameRecord, language: str | None = None) -> GameJson:
    return game_state(record, language or reply_language())
