"""Statistics, leaderboards and the daily board over JSON.

``GET /api/stats``: this player's figures per board kind and mode (an
account's, or this browser's when anonymous).  ``GET /api/leaderboards?kind=&mode=``:
the ranked tables of a board kind.  ``GET /api/daily``: today's daily boards
with their leaderboards; ``POST /api/daily/<preset>``: this player's game on
today's board (the same game when asked again: one attempt a day).
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from explainer.play.modes import Mode

from web import daily, identity
from web.request_data import reply_language
from web.accounts import UserJson, user_json
from web.errors import UnknownPreset
from web.replies.game import GameJson, state_json
from web.replies.stats import KIND, DailyBoardJson, LeaderboardsJson, check_kind, check_mode, daily_json, leaderboards_json
from web.identity import set_current_game
from web.storage import stats
from web.storage.stats import BoardStatsJson
from web.api.described import operation, parameter
from web.bodies import Empty

__all__ = ["DailyAttemptJson", "DailyBoardsJson", "PlayerStatsJson", "bp"]

bp = Blueprint("stats_api", __name__, url_prefix="/api")
_KIND = parameter("kind", Annotated[str, Field(pattern=KIND.pattern)], "A board kind: expert, expert*1.2 or 20x12/50 "
                  "(else 400).", default="expert")
_MODE = parameter("mode", Mode, default="classic")
_PRESET = parameter("preset", Annotated[str, Field(json_schema_extra={"enum": list(daily.DAILY_PRESETS)})],
                    "A preset with a daily board (else 404).", where="path")


class PlayerStatsJson(TypedDict):
    """This player's figures per board kind and mode."""

    user: UserJson | None
    boards: list[BoardStatsJson]


class DailyBoardsJson(TypedDict):
    """Today's daily boards (UTC) and their leaderboards."""

    day: str
    boards: list[DailyBoardJson]


class DailyAttemptJson(TypedDict):
    """This player's game on today's board; new: made now."""

    game: GameJson
    new: bool


@operation(bp, "GET", "/stats", "playerStats",
           "This player's figures per board kind and mode (the account's, else this browser's).", tag="stats",
           reply=PlayerStatsJson, reply_text="The figures.")
def player_stats() -> ResponseReturnValue:
    return jsonify(PlayerStatsJson(user=user_json(identity.current_user()),
                                   boards=[board.to_json() for board in stats.player_stats(identity.owner_id())]))


@operation(bp, "GET", "/leaderboards", "leaderboards",
           "A board kind's ranked tables (games with no help) and its assisted wins.", tag="stats",
           reply=LeaderboardsJson, reply_text="The tables.", parameters=(_KIND, _MODE,))
def leaderboards() -> ResponseReturnValue:
    kind = check_kind(request.args.get("kind", "expert"))
    mode = check_mode(request.args.get("mode", "classic"))
    boards = stats.leaderboards(kind, mode, int(current_app.config["LEADERBOARD_MIN_GAMES"]))
    return jsonify(leaderboards_json(boards))


@operation(bp, "GET", "/daily", "dailyBoards",
           "Today's daily boards (UTC) and their leaderboards.", tag="stats", reply=DailyBoardsJson,
           reply_text="The boards.")
def daily_boards() -> ResponseReturnValue:
    return jsonify(DailyBoardsJson(day=daily.today(),
                                   boards=[daily_json(preset, reply_language()) for preset in daily.DAILY_PRESETS]))


@operation(bp, "POST", "/daily/<preset>", "playDaily",
           "This player's game on today's board (the same game when asked again: one attempt).", tag="stats",
           reply=DailyAttemptJson, reply_text="The attempt (new: made now).", body=Empty,
           errors=(404,),
           parameters=(_PRESET,))
def play_daily(preset: str) -> ResponseReturnValue:
    if preset not in daily.DAILY_PRESETS:
        # I18N: a daily board asked for a preset that has none; %(presets)s are the preset names, which stay as they are
        raise UnknownPreset(_("no daily board %(preset)s; choose one of: %(presets)s", preset=repr(preset), presets=", ".join(daily.DAILY_PRESETS)))
    record, new = daily.daily_game(identity.owner_id(), identity.current_user(), preset)
    set_current_game(record.id)
    return jsonify(DailyAttemptJson(game=state_json(record), new=new))
