"""Statistics, leaderboards and the daily board as the API and the pages show them: a board kind and a mode checked
as the server reads them, the ranked tables and today's daily boards as JSON."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import Field

from typing_extensions import NotRequired, TypedDict

from flask_babel import gettext as _

from explainer.play.grade import GradeName
from explainer.words.grades import grade_name_text
from web import daily
from web.json_types import Count, ModeName, Ratio
from web.errors import BadRequestBody
from web.replies.settings import MODES
from web.storage import stats
from web.storage.stats import Leaderboards, TimeRow

__all__ = [
    "KIND", "DailyBoardJson", "LeaderboardsJson", "RatioRowJson", "TimeRowJson", "check_kind", "check_mode", "daily_json",
    "leaderboards_json",
]  # fmt: skip


#: a board kind: a preset, a preset with a multiplier, or width x height / mines
KIND = re.compile(r"^(?:[a-z]+(?:\*[01]\.[0-9])?|[0-9]{1,2}x[0-9]{1,2}/[0-9]{1,4})$")


def check_kind(value: Any) -> str:
    if not isinstance(value, str) or not KIND.match(value):
        # I18N: a leaderboard asked for a board kind that is not one; %(value)s is the value sent, keep the examples as they are
        raise BadRequestBody(_("kind must be a preset (expert), a preset with a multiplier (expert*1.2) or a size (20x12/50), got %(value)s", value=repr(value)))
    return value


def check_mode(value: Any) -> str:
    if value not in MODES:
        # I18N: a leaderboard asked for a mode that does not exist; %(modes)s are the mode names, which stay as they are
        raise BadRequestBody(_("unknown mode %(mode)s; choose one of: %(modes)s", mode=repr(value), modes=", ".join(MODES)))
    return str(value)


class TimeRowJson(TypedDict):
    """A finished game on a leaderboard (its rank: on the ranked lists only)."""

    rank: NotRequired[Count]
    username: str
    seconds: float
    finished_at: float  # seconds since the epoch
    assisted: list[str]  # why it counts as assisted (the assisted list)


class RatioRowJson(TypedDict):
    rank: Count
    username: str
    played: Count
    won: Count
    win_ratio: Ratio


class LeaderboardsJson(TypedDict):
    kind: str
    mode: ModeName
    min_games: Count  # the games a player needs to be on the win-ratio list
    by_win_ratio: list[RatioRowJson]
    by_best_time: list[TimeRowJson]
    assisted: list[TimeRowJson]


class DailyBoardJson(TypedDict):
    preset: str
    day: str
    key: str
    players: Count
    ranked: list[TimeRowJson]
    assisted: list[TimeRowJson]
    grade: Annotated[GradeName | None, Field(description="What the board needs from its opened centre: its hardest "
                                                  "technique's grade (only the grade while the day lasts: the counts "
                                                  "would tell something of the layout, as its 3BV would).")]
    grade_text: Annotated[str | None, Field(description="The grade in words, in the reply's language (null: not "
                                                       "worked out within the request's engine budget).")]


def _time_row(row: TimeRow, rank: int | None = None) -> TimeRowJson:
    data: TimeRowJson = {"username": row.username, "seconds": row.seconds, "finished_at": row.finished_at, "assisted": list(row.assisted)}
    return data if rank is None else {"rank": rank, **data}


def leaderboards_json(boards: Leaderboards) -> LeaderboardsJson:
    return {
        "kind": boards.kind,
        "mode": boards.mode,
        "min_games": boards.min_games,
        "by_win_ratio": [
            {"rank": rank, "username": row.username, "played": row.played, "won": row.won, "win_ratio": row.ratio}
            for rank, row in enumerate(boards.by_ratio, 1)
        ],
        "by_best_time": [_time_row(row, rank) for rank, row in enumerate(boards.by_time, 1)],
        "assisted": [_time_row(row) for row in boards.assisted],
    }


def daily_json(preset: str, language: str) -> DailyBoardJson:
    day = daily.today()
    key = daily.daily_key(day, preset)
    grade = daily.grade(day, preset)
    ranked, assisted, players = stats.daily_board(key)
    return {
        "preset": preset,
        "day": daily.today(),
        "key": key,
        "players": players,
        "ranked": [_time_row(row, rank) for rank, row in enumerate(ranked, 1)],
        "assisted": [_time_row(row) for row in assisted],
        "grade": None if grade is None else grade.name,
        "grade_text": None if grade is None else grade_name_text(grade, language),
    }
