"""The player's pages beyond the game: statistics (``/stats``), leaderboards
(``/leaderboards``) and the daily board (``/daily``).  Their figures come from
``web.storage.stats``; the JSON API (``web.api.stats``) gives the same."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from babel.lists import format_list
from flask_babel import format_decimal, format_number, format_percent, get_locale
from flask_babel import gettext as _
from sqlalchemy import select

from web import daily, identity
from web.language import select_language
from web.errors import BadRequestBody
from web.replies.settings import MODES
from web.replies.stats import check_kind, check_mode, daily_json, leaderboards_json
from web.identity import set_current_game
from web.pages.charts import VIEW_BOX, histogram, ratio_line
from web.pages.game import assisted_names, kind_label, mode_names, preset_names, unranked_names
from web.storage import stats
from web.storage.database import connection
from web.storage.results import MULTIPLIERS
from web.storage.tables import games, results

bp = Blueprint("stats", __name__)


def seconds_text(seconds: float | None) -> str:
    """A time as the stats show it: "83.4 s", "—" when there is none."""
    if seconds is None:
        return "—"
    # I18N: a time in seconds on the stats pages and leaderboards, e.g. "83.4 s"
    return _("%(seconds)s s", seconds=format_decimal(round(seconds, 1), "#,##0.0"))


def ratio_text(ratio: float | None) -> str:
    return "—" if ratio is None else format_percent(ratio, "#,##0.#%")


def assisted_text(reasons: tuple[str, ...] | list[str]) -> str:
    names = assisted_names()
    return ", ".join(names.get(reason, reason) for reason in reasons)


def unranked_text(reasons: dict[str, int], games: int) -> str:
    """Why ``games`` games did not rank, most frequent first: "hints (3) and played without an account (1)";
    a reason that holds for every one of them goes without its count."""
    names = unranked_names()
    ordered = sorted(reasons.items(), key=lambda item: -item[1])
    return format_list(
        [names.get(reason, reason) if count == games else f"{names.get(reason, reason)} ({format_number(count)})" for reason, count in ordered],
        locale=get_locale(),
    )


def _helpers() -> dict[str, Any]:
    return {
        "unranked_text": unranked_text,
        "seconds_text": seconds_text,
        "ratio_text": ratio_text,
        "assisted_text": assisted_text,
        "kind_label": kind_label,
        "mode_names": mode_names(),
    }


@bp.get("/stats")
def page() -> ResponseReturnValue:
    found = stats.player_stats(identity.owner_id())
    boards = [board for board in found if board.played]  # (a kind with imported videos only has no games here)
    imported = sum(board.imported for board in found)
    charts = {(board.kind, board.mode): (ratio_line(board.ratio_series), histogram(board.win_times)) for board in boards}
    return render_template(
        "pages/stats.html", boards=boards, imported=imported, charts=charts, chart_view_box=VIEW_BOX,
        user=identity.current_user(), **_helpers()
    )


def kind_choices() -> list[tuple[str, str]]:
    choices = []
    for preset in preset_names():
        for multiplier in MULTIPLIERS:
            kind = preset if multiplier == 1.0 else f"{preset}*{multiplier:.1f}"
            choices.append((kind, kind_label(kind)))
    return choices


def last_played(owner: str, kinds: Collection[str]) -> tuple[str, str] | None:
    """The board kind and mode of ``owner``'s latest finished game on one of ``kinds``, else of their latest game on
    one (say, the first game, still in play); None when they have none."""
    conn = connection()
    for table, when in ((results, results.c.finished_at), (games, games.c.created_at)):
        found = conn.execute(
            select(table.c.kind, table.c.mode)
            .where(table.c.owner == owner, table.c.kind.in_(kinds), table.c.mode.in_(MODES))
            .order_by(when.desc())
            .limit(1)
        ).first()
        if found is not None:
            return str(found.kind), str(found.mode)
    return None


@bp.get("/leaderboards")
def leaderboards() -> ResponseReturnValue:
    """The leaderboards of ``?kind=`` and ``?mode=``; what the query leaves out is the board and mode of the
    player's last game on a board this page lists (a custom size has no leaderboard to show), else expert, classic.
    A bad value is the error page (400), quoting it."""
    kinds = kind_choices()
    asked_kind, asked_mode = request.args.get("kind"), request.args.get("mode")
    default_kind, default_mode = "expert", "classic"
    if asked_kind is None or asked_mode is None:
        default_kind, default_mode = last_played(identity.owner_id(), [value for value, _label in kinds]) or (default_kind, default_mode)
    kind = check_kind(default_kind if asked_kind is None else asked_kind)
    if "/" not in kind and kind.partition("*")[0] not in preset_names():  # the pattern lets any word through
        # I18N: a leaderboard asked for a board kind that is not one; %(value)s is the value sent, keep the examples as they are
        raise BadRequestBody(_("kind must be a preset (expert), a preset with a multiplier (expert*1.2) or a size (20x12/50), got %(value)s", value=repr(kind)))
    mode = check_mode(default_mode if asked_mode is None else asked_mode)
    boards = leaderboards_json(stats.leaderboards(kind, mode, int(current_app.config["LEADERBOARD_MIN_GAMES"])))
    return render_template(
        "pages/leaderboards.html", boards=boards, kind=kind, mode=mode, kinds=kinds, modes=MODES, **_helpers()
    )


@bp.get("/daily")
def daily_page() -> ResponseReturnValue:
    boards = [daily_json(preset, select_language()) for preset in daily.DAILY_PRESETS]
    mine = {preset: daily.find_today(identity.owner_id(), identity.current_user(), preset) for preset in daily.DAILY_PRESETS}
    return render_template("pages/daily.html", boards=boards, mine=mine, day=daily.today(), names=preset_names(), user=identity.current_user(), **_helpers())


@bp.post("/daily/<preset>")
def play_daily(preset: str) -> ResponseReturnValue:
    if preset not in daily.DAILY_PRESETS:
        return redirect(url_for("stats.daily_page"), 303)
    record, _new = daily.daily_game(identity.owner_id(), identity.current_user(), preset)
    set_current_game(record.id)
    return redirect(url_for("pages.index"), 303)
