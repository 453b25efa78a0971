"""The analysis board: build, paste or drop a position from anywhere and see what the engine says.

``/analysis`` opens empty (a sample position), or the position of a share link: ``?board=`` (the rows
of the text format joined by ``/``) with ``mines`` and ``m`` (the layout) when known, or the analysers'
layout link ``?b=...&m=...``.  A link that cannot be read opens the page with the reason, translated.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_number
from flask_babel import gettext as _

from explainer.errors import EngineError
from explainer.formats import FORMATS, MAX_BYTES
from explainer.words.render import Renderer

from web.replies.positions import game_position, position_from_query, position_json
from web.identity import owner_id
from web.storage import games as db
from web.language import select_language
from web.pages.game import client_texts, role_labels

__all__ = ["bp", "SAMPLE"]

bp = Blueprint("analysis", __name__)

#: the position the page opens with when no link names one (a beginner game after its first click, with a
#: flag the numbers prove wrong)
SAMPLE = "mines 10\n????????\n????????\n????????\n??1222??\n??1..1??\n??1..2??\n??2111??\n??????F?\n"


def analysis_texts() -> dict[str, str]:
    """The analysis page's sentences, in the page's language."""
    return {
        **client_texts(),
        # I18N: analysis board: a file over the size limit; %(size)s and %(limit)s are in bytes
        "fileTooLarge": _("The file has %(size)s bytes; the limit is %(limit)s."),
        # I18N: analysis board: a file or pasted text was read; %(format)s is the format's name (text, tiles, jsm, mbf, link)
        "imported": _("Read as %(format)s."),
        # I18N: analysis board: a number was edited, so the mines that came with the position no longer fit it
        "layoutDropped": _("The numbers changed, so the layout that came with the position was dropped."),
        # I18N: analysis board: the share link was copied to the clipboard
        "copied": _("Copied."),
        # I18N: analysis board: the hidden mines of the position are known (a layout came with it)
        "layoutKnown": _("Layout known: %(count)s mines."),
        # I18N: analysis board: the position has no layout (hidden mines unknown)
        "layoutUnknown": _("Layout unknown."),
        # I18N: analysis board: a deduction in the list of all deductions; %(number)s is its place in the chain
        "deductionNumber": _("Step %(number)s"),
        # I18N: analysis board: the list of all deductions is empty
        "noDeductions": _("No cell is certain: every covered cell could hold a mine or not."),
        # I18N: analysis board: the list of all deductions was cut short (a large position); %(shown)s and %(total)s
        # are numbers of steps
        "deductionsCut": _("Steps shown: %(shown)s of %(total)s. The rest did not fit in one answer."),
        # I18N: analysis board: the position's numbers are consistent (no flag is provably wrong)
        "noWrongFlags": _("No flag is provably wrong."),
    }


@bp.get("/analysis")
def page() -> ResponseReturnValue:
    language = select_language()
    error = None
    position = None
    try:
        position = position_from_query(request.args.to_dict())
    except EngineError as problem:
        error = Renderer(language).error(problem)
    config: dict[str, Any] = {
        "apiRoot": url_for("positions.import_route").rsplit("/", 1)[0],
        "gamePage": url_for("pages.index"),
        "learnRoot": url_for("learn.index"),
        "lang": language,
        "langTag": language.replace("_", "-"),
        "texts": analysis_texts(),
        "position": position_json(position) if position is not None else None,
        "sample": SAMPLE,
        "error": error,
        "maxBytes": upload_limit(),
        "replaysUrl": url_for("api.import_replay"),
    }
    return render_template("pages/analysis.html", config=config, roles=role_labels(), formats=FORMATS, max_bytes=format_number(upload_limit()))


def upload_limit() -> int:
    """The largest file the page sends: the format limit, or what fits the request body limit once
    base64-encoded (4 bytes per 3), whichever is smaller."""
    body = current_app.config.get("MAX_CONTENT_LENGTH")
    return MAX_BYTES if not body else min(MAX_BYTES, (int(body) - 1024) * 3 // 4)


@bp.get("/games/<game_id>/analysis")
def game_analysis(game_id: str) -> ResponseReturnValue:
    """A game's position on the analysis board (its layout only once the game is over)."""
    try:
        record = db.load_game(game_id, owner_id())
    except db.GameNotFound:
        abort(404)
    return redirect(position_json(game_position(record))["share"])
