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

from web import daily, identity
from web.request_data import reply_language
from web.accounts import user_json
from web.errors import UnknownPreset
from web.replies.game import state_json
from web.replies.stats import check_kind, check_mode, daily_json, leaderboards_json
from web.identity import set_current_game
from web.storage import stats

bp = Blueprint("stats_api", __name__, url_prefix="/api")


@bp.get("/stats")
def player_stats() -> ResponseReturnValue:
    return jsonify(
        {
            "user": user_json(identity.current_user()),
            "boards": [board.to_json() for board in stats.player_stats(identity.owner_id())],
        }
    )


@bp.get("/leaderboards")
def leaderboards() -> ResponseReturnValue:
    kind = check_kind(request.args.get("kind", "expert"))
    mode = check_mode(request.args.get("mode", "classic"))
    boards = stats.leaderboards(kind, mode, int(current_app.config["LEADERBOARD_MIN_GAMES"]))
    return jsonify(leaderboards_json(boards))


@bp.get("/daily")
def daily_boards() -> ResponseReturnValue:
    return jsonify({"day": daily.today(), "boards": [daily_json(preset, reply_language()) for preset in daily.DAILY_PRESETS]})


@bp.post("/daily/<preset>")
def play_daily(preset: str) -> ResponseReturnValue:
    if preset not in daily.DAILY_PRESETS:
        # I18N: a daily board asked for a preset that has none; %(presets)s are the preset names, which stay as they are
        raise UnknownPreset(_("no daily board %(preset)s; choose one of: %(presets)s", preset=repr(preset), presets=", ".join(daily.DAILY_PRESETS)))
    record, new = daily.daily_game(identity.owner_id(), identity.current_user(), preset)
    set_current_game(record.id)
    return jsonify({"game": state_json(record), "new": new})
