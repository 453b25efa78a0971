"""Watch the bot: ``POST /api/games/<id>/bot`` plays one move of a game.  The autopilot:
``POST /api/games/<id>/autopilot`` ``{"level": "simple"|"pair"}`` plays every move the steps at or below that level
decide (``explainer.bot.autopilot``), round after round, as the bot (the game is assisted).

The bot (``explainer.bot.moves.next_move``) decides from the player view only; the
server applies its move through the same mode-aware helpers as a player's
move (``explainer.play.moves.open_cell``, ``Game.toggle_flag``), atomically, and
replies with the new state and the move in words (``move_to_json``) with the
cells of its reasoning highlighted in the hint roles.  The hidden layout never
takes part in the decision or the reply.
"""

from __future__ import annotations

import time

from flask import Blueprint, jsonify
from typing_extensions import TypedDict
from flask.typing import ResponseReturnValue

from explainer.words.modes import OutcomeJson, outcome_json
from explainer.bot.moves import BotError, Move, MoveKind, next_move
from explainer.words.bot import BotMoveJson, move_marks, move_to_json
from explainer.bot.autopilot import play_autopilot
from explainer.core.deduction import Rule
from explainer.core.json_shapes import CellJson
from explainer.play.game import Game
from explainer.engine.highlight import highlights_to_json
from explainer.play.modes import MoveOutcome
from explainer.play.moves import flag_cell, open_cell
from explainer.learn.lessons import classify

from web.game_flow import update_game
from web.replies.analysis import note_wrong_flags
from web.replies.game import GameJson, state_json
from web.request_data import reply_language
from web.bodies import Autopilot, Empty, parse_body
from web.errors import BotCannotMove, GameOver
from web.identity import owner_id
from web.api.described import operation

__all__ = ["AutopilotReplyJson", "BotReplyJson", "bp"]

bp = Blueprint("bot", __name__, url_prefix="/api")

#: the role that marks the cell the bot moved on, by kind of move
def _play(game_id: str, game: Game) -> tuple[Move, MoveOutcome, str | None]:
    """The bot's move on the game's view, applied; with the Learn lesson of its deduction."""
    if game.over:
        raise GameOver(game_id)
    view = game.view()
    try:
        move = next_move(view)
    except BotError as error:
        raise BotCannotMove(game_id, str(error)) from None
    lesson = classify(view, move.deduction) if move.deduction is not None and move.kind is not MoveKind.UNFLAG else None
    if move.kind is MoveKind.OPEN:
        outcome = open_cell(game, *move.cell, by="bot", at=time.time())
    else:  # flag, or unflag (a wrong flag, or a flag on the cell it will open next)
        flag_cell(game, *move.cell, by="bot", at=time.time())
        outcome = MoveOutcome(opened=())
    note_wrong_flags(game)  # what the reply shows of the flags, worked out before the move is written
    return move, outcome, lesson


class BotReplyJson(TypedDict):
    """The bot's move, applied and explained: the new state, the move and what the mode did."""

    game: GameJson
    move: BotMoveJson
    outcome: OutcomeJson


class AutopilotReplyJson(TypedDict):
    """The autopilot's moves: the game after them, the cells they opened and flagged."""

    game: GameJson
    opened: list[CellJson]
    flagged: list[CellJson]


def _autopilot(game_id: str, game: Game, level: Rule) -> tuple[list[CellJson], list[CellJson]]:
    """Every move the steps at or below ``level`` decide (``explainer.bot.autopilot``): the cells opened and flagged."""
    if game.over:
        raise GameOver(game_id)
    played = play_autopilot(game, level, at=time.time())
    note_wrong_flags(game)
    return [[c.row, c.col] for c in played.opened], [[c.row, c.col] for c in played.flagged]


@operation(bp, "POST", "/games/<game_id>/autopilot", "autopilot",
           "Play every move that steps at or below a level decide, round after round, as the bot (the game is then assisted): the learner meets only the harder steps.",
           tag="games", reply=AutopilotReplyJson,
           reply_text="The new state and the cells the autopilot opened and flagged.", body=Autopilot,
           body_text="The level: simple or pair.", errors=(404, 409))
def autopilot(game_id: str) -> ResponseReturnValue:
    body = parse_body(Autopilot)
    language = reply_language()
    record, (opened, flagged) = update_game(game_id, owner_id(), lambda game: _autopilot(game_id, game, Rule(body.level)))
    reply: AutopilotReplyJson = {"game": state_json(record, language), "opened": opened, "flagged": flagged}
    return jsonify(reply)


@operation(bp, "POST", "/games/<game_id>/bot", "botMove",
           "The bot's next move, applied and explained.", tag="games", reply=BotReplyJson,
           reply_text="The new state, the move and what the mode did.", body=Empty,
           errors=(404, 409))
def bot_move(game_id: str) -> ResponseReturnValue:
    parse_body(Empty)  # a JSON object, as every write (its fields are not used)
    language = reply_language()
    record, (move, outcome, lesson) = update_game(game_id, owner_id(), lambda game: _play(game_id, game))
    data = move_to_json(move, language)
    data["highlights"] = highlights_to_json(move_marks(move, record.game.width))
    data["lesson"] = lesson
    return jsonify(BotReplyJson(game=state_json(record, language), move=data, outcome=outcome_json(outcome, language)))
