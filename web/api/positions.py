"""Positions from anywhere: import a board file, analyse a position, export it, play it.

Routes (under ``/api/positions``; ``?lang=`` picks the language of any text):

- ``POST /import`` ``{"content": text, "format"?: name, "base64"?: true}`` -> ``{"format", "position"}``:
  a board file in one of the community's formats (``explainer.formats``), detected from its content when
  ``format`` is absent; binary MBF is sent base64-encoded;
- ``POST /analysis`` ``{"board": text, "layout"?: cells}`` -> ``{"position", "hint", "solution",
  "overlay", "wrong_flags"}``: what the engine says about the view (never the layout, when one is
  given): the hint with its levels and proof steps, the chain of deductions, the exact
  probabilities, an explanation for each provably wrong flag, and the numbers that cannot all hold.
  Bounded (``analysis_route``): the whole request keeps to the engine budget's wall-clock time, and
  the chain lists at most ``MAX_DEDUCTIONS`` steps and about ``MAX_DEDUCTION_BYTES`` of JSON (or fewer
  when the time runs short), with ``"truncated": true`` and ``"deductions_total"`` when cut;
- ``POST /export`` ``{"board", "layout"?, "format"}`` -> ``{"format", "filename", "content"}`` (or
  ``"base64"`` for MBF);
- ``POST /game`` ``{"board", "layout"}`` -> 201 ``{"game"}``: a game of this session on the position's
  layout, its open cells and flags already played;
- ``GET /api/games/<id>/position`` -> ``{"position"}`` and ``GET /api/games/<id>/export?format=`` -> the
  file as ``/export`` gives it: a game's position, with its layout only once the game is over (a loss
  accepted; before that the formats that hold the layout answer 409).

A position in JSON (``position_json``): ``board`` (the text format), ``height``, ``width``, ``mines``
(None when unknown), ``layout`` (the mines as ``[[row, col], ...]``, None when unknown), ``formats``
(the export formats that can hold it) and ``share`` (the query of a link that opens it again on the
analysis page).  The layout is the player's own: it came with the request.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from flask import Blueprint, current_app, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from explainer.core.board import Board
from explainer.engine.hint import make_hint
from explainer.engine.solve import solve
from explainer.play.game import Game
from explainer.formats import FORMATS, WITH_LAYOUT, FormatName, Position, detect, read
from explainer.words.hints import HintJson, chain_item, hint_json
from explainer.words.solution_json import SolutionJson, solution_to_json

from explainer.engine import budget
from explainer.service import wrong_flag_hints
from web import limits
from web.replies.analysis import HintReply, OverlayJson, hint_reply, overlay_json
from web.errors import BadRequestBody, LayoutHidden
from web.replies.game import GameJson, state_json
from web.request_data import reply_language
from web.bodies import ExportBody, ImportBody, PositionBody, PositionGameBody, parse_body
from web.replies.positions import ExportedFileJson, PositionJson, exported, game_position, position_json, with_layout
from web.json_types import LanguageName
from web.replies.settings import game_from_position
from web.identity import owner_id, set_current_game
from web.storage import games as db
from web.game_flow import update_game
from web.storage.ranking import Origin
from web.api.described import operation, parameter

__all__ = [
    "bp",
    "MAX_DEDUCTIONS",
    "MAX_DEDUCTION_BYTES",
    "MAX_WRONG_FLAGS",
    "MAX_WRONG_FLAG_BYTES",
    "GamePositionJson",
    "PositionAnalysisJson",
    "PositionGameJson",
    "ReadPositionJson",
]

bp = Blueprint("positions", __name__, url_prefix="/api")
#: the format a game's export is written in
_FORMAT = parameter("format", FormatName, default="text")


class ReadPositionJson(TypedDict):
    """A board file read: the position and the format it was read as."""

    format: FormatName
    position: PositionJson


class PositionGameJson(TypedDict):
    """A new game on a position's layout and the page to play it on."""

    game: GameJson
    page: str


class GamePositionJson(TypedDict):
    """A game's position (with its layout once the game is over)."""

    game_id: str
    position: PositionJson

#: the wrong flags explained in one analysis (their chains come from one solve of the view without its flags)
MAX_WRONG_FLAGS = 10

# What one analysis may list and spend.  The reply's size and the request's time are bounded whatever the
# board (up to 200 x 200 in 64 KiB of text): before these limits a 200 x 200 board answered 17.6 MB after 3.8 s.
#: the steps listed in ``solution.deductions`` (the chain's first ones): a board a game can have (50 x 30)
#: needs at most about 630 (measured on adversarial boards), 1.1 to 1.4 KB of JSON each on average
MAX_DEDUCTIONS = 1000
#: ... and about this many bytes of them at most (the step that passes it is the last one listed)
MAX_DEDUCTION_BYTES = 1024 * 1024
#: the wrong flags' explanations (``wrong_flags``) in all, about (the one that passes it is the last)
MAX_WRONG_FLAG_BYTES = 512 * 1024
#: a wrong flag's chain of more steps than this is left out: its explanation names the step that decides it
MAX_WRONG_FLAG_CHAIN = 200
#: the share of the request's time left that the solve may take; the rest is for the explanations and words
SOLVE_SHARE = 0.7
#: the share of the time then left for the solve of the view without its flags (the wrong flags' chains),
#: or for the hint's best guess; over it they are left out
WHY_SHARE = 0.5
#: the share of the request's whole time (``ENGINE_SECONDS``) kept for the reply's JSON: the lists stop
#: when less is left
REPLY_RESERVE = 0.1


def _format_name(value: str) -> FormatName:
    """A format's name from the query (``?format=``), or ``BadRequestBody``."""
    for name in FORMATS:
        if value == name:
            return name
    # I18N: an unknown board file format; %(value)s is what was sent, %(formats)s the format names (kept as they are)
    raise BadRequestBody(_("%(key)s must be one of %(formats)s, got %(value)s", key="format", formats=", ".join(FORMATS), value=repr(value)[:80]))


def _layout(cells: list[list[int]] | None, view: Board) -> int | None:
    """The layout of mines ``cells`` (each already a ``[row, col]`` of whole numbers >= 0) on ``view``'s board."""
    if cells is None:
        return None
    layout = 0
    for row, col in cells:
        if not (row < view.height and col < view.width):
            # I18N: a cell of a layout sent to the API that is not on the board; %(value)s is the cell sent
            raise BadRequestBody(
                _("layout: %(value)s is not a cell [row, col] of the %(width)s x %(height)s board", value=repr([row, col])[:40], width=view.width, height=view.height)
            )
        layout |= 1 << (row * view.width + col)
    if view.mines is not None and view.mines != layout.bit_count():
        # I18N: a position whose mine count differs from the mines of its layout
        raise BadRequestBody(_("the board says %(mines)s mines but the layout has %(found)s", mines=view.mines, found=layout.bit_count()))
    return layout


def position_from_body(body: PositionBody) -> Position:
    """The position a request sends: ``board`` in the text format, ``layout`` optional."""
    view = Board.parse(body.board)
    return with_layout(view, _layout(body.layout, view))


@operation(bp, "POST", "/positions/import", "importPosition",
           "Read a board file in one of the community's formats (text, tiles, jsm, mbf, link), detected from its content unless named.",
           tag="positions", reply=ReadPositionJson, reply_text="The position and the format it was read as.",
           body=ImportBody, body_text="The file's content.")
def import_route() -> ResponseReturnValue:
    body = parse_body(ImportBody)
    content, name = body.content, body.format
    if body.base64:
        try:
            raw = base64.b64decode(content, validate=True)
        except (binascii.Error, ValueError):
            # I18N: a file sent base64-encoded that is not valid base64
            raise BadRequestBody(_("content is not valid base64")) from None
    else:
        raw = content.encode("utf-8")
    chosen = name or detect(raw)
    position = read(raw, chosen)
    return jsonify(ReadPositionJson(format=chosen, position=position_json(position)))


@operation(bp, "POST", "/positions/export", "exportPosition",
           "A position as a file in a format that can hold it (MBF and links need the layout).", tag="positions",
           reply=ExportedFileJson, reply_text="The file.", body=ExportBody, body_text="The position and the format.")
def export_route() -> ResponseReturnValue:
    body = parse_body(ExportBody)
    return jsonify(exported(position_from_body(body), body.format, "position"))


class _Room:
    """What a list of the reply may still take: ``items`` entries, about ``size`` bytes of JSON, and the
    time left in the request's budget down to ``reserve`` seconds (kept for what comes after)."""

    #: the time left in the request's budget (``web.limits.time_left``; a test may give it a fake clock)
    time_left = staticmethod(limits.time_left)

    def __init__(self, items: int, size: int, reserve: float) -> None:
        self.items = items
        self.size = size
        self.reserve = reserve
        self.used = 0
        self._counted = 0

    def __call__(self, listed: Sequence[Mapping[str, Any]]) -> bool:
        """May one more entry follow ``listed``?"""
        for entry in listed[self._counted :]:
            self.used += len(json.dumps(entry))
        self._counted = len(listed)
        if len(listed) >= self.items or self.used >= self.size:
            return False
        left = self.time_left()
        return left is None or left > self.reserve


def _same_position(view: Board, game: Game) -> bool:
    """``view`` is a position of ``game``: the same size, every open cell of ``view`` open in the game with the same
    number, and at least half the game's open cells in it."""
    if (view.height, view.width) != (game.height, game.width):
        return False
    opened = [(index, value) for index, value in enumerate(view.cells) if value >= 0]
    if not opened or 2 * len(opened) < game.revealed.bit_count():
        return False
    seen = game.view().cells
    return all(seen[index] == value for index, value in opened)


def _note_own_games(view: Board) -> None:
    """The analysis board asked about a position of one of the player's own games in play: that game is helped
    (``analysis``) and does not rank, as a hint would make it."""
    owner = owner_id()
    for record in db.games_in_play(owner):
        if _same_position(view, record.game) and not record.game.extra.get("analysed"):
            update_game(record.id, owner, lambda game: game.extra.__setitem__("analysed", True))


class PositionAnalysisJson(TypedDict):
    """The analysis of a position: its hint, its solve, its probabilities and why each wrong flag is wrong."""

    lang: LanguageName
    position: PositionJson
    hint: HintReply
    solution: Annotated[SolutionJson, Field(description=(
        "The solve (see docs/api.md): its deductions, each with its proof, text and highlights, are the chain's first "
        "steps: at most 1,000 and about 1 MiB, fewer when the request's time runs short; then truncated is true and "
        "deductions_total the chain's length."))]
    overlay: OverlayJson | None
    wrong_flags: Annotated[list[HintJson], Field(description=(
        "An explanation for each provably wrong flag (at most the first ten, and fewer past about 512 KiB or when the "
        "request's time runs short: compare with solution.wrong_flags)."))]


@operation(bp, "POST", "/positions/analysis", "analysePosition",
           "What the engine says about a position: the hint with its levels and proof, every deduction, exact probabilities, wrong flags and inconsistencies.",
           tag="positions", reply=PositionAnalysisJson, reply_text="The analysis.", body=PositionBody,
           body_text="The position.")
def analysis_route() -> ResponseReturnValue:
    """The analysis of a position, bounded: the solve gets ``SOLVE_SHARE`` of the request's time, the wrong
    flags' chains (or the best guess) a share of what is left, and the lists (the chain, the wrong flags)
    stop at their limits of entries and bytes, or when only ``REPLY_RESERVE`` of the time is left."""
    language = reply_language()
    position = position_from_body(parse_body(PositionBody))
    position_data = position_json(position)  # (writing every format takes time too: it is counted first)
    view = position.view  # the engine gets the view only, never the layout sent with it
    _note_own_games(view)
    with budget.share(SOLVE_SHARE):
        solution = solve(view)
    wrong_hints = wrong_flag_hints(solution, list(solution.wrong_flags)[:MAX_WRONG_FLAGS], WHY_SHARE, MAX_WRONG_FLAG_CHAIN)
    overlay = overlay_json(solution, language) if solution.exact and solution.consistent else None
    hint = wrong_hints[0] if wrong_hints else make_hint(solution)  # (make_hint's first wrong flag is the same)
    hint_data = hint_reply(solution, language, hint, overlay, guess_share=WHY_SHARE)
    reserve = REPLY_RESERVE * float(current_app.config["ENGINE_SECONDS"])
    # each deduction with its highlights, lead and action, as long as there is room
    solution_data = solution_to_json(solution, language, chain_item, _Room(MAX_DEDUCTIONS, MAX_DEDUCTION_BYTES, reserve))
    wrong: list[HintJson] = []
    room = _Room(MAX_WRONG_FLAGS, MAX_WRONG_FLAG_BYTES, reserve)
    for wrong_hint in wrong_hints:
        if not room(wrong):
            break
        wrong.append(hint_json(wrong_hint, language))
    reply: PositionAnalysisJson = {
        "lang": language,
        "position": position_data,
        "hint": hint_data,
        "solution": solution_data,
        "overlay": overlay,
        "wrong_flags": wrong,
    }
    return jsonify(reply)


@operation(bp, "POST", "/positions/game", "playPosition",
           "A game of this session on a position's layout, its open cells and flags played.", tag="positions",
           reply=PositionGameJson, reply_text="The new game and the page to play it on.", body=PositionGameBody,
           body_text="The position with its layout.", created=True)
def game_route() -> ResponseReturnValue:
    position = position_from_body(parse_body(PositionGameBody))
    game = game_from_position(position)
    record = db.create_game(owner_id(), game, str(game.extra.get("mode", "classic")), Origin.POSITION)
    set_current_game(record.id)
    response = jsonify(PositionGameJson(game=state_json(record), page=url_for("pages.index")))
    response.headers["Location"] = url_for("api.show", game_id=record.id)
    return response, 201


@operation(bp, "GET", "/games/<game_id>/position", "gamePosition",
           "A game's position (with its layout once the game is over).", tag="positions", reply=GamePositionJson,
           reply_text="The position.", errors=(404,))
def game_position_route(game_id: str) -> ResponseReturnValue:
    record = db.load_game(game_id, owner_id())
    return jsonify(GamePositionJson(game_id=record.id, position=position_json(game_position(record))))


@operation(bp, "GET", "/games/<game_id>/export", "exportGame",
           "A game's position as a file; formats holding the layout only once the game is over (else 409).",
           tag="positions", reply=ExportedFileJson, reply_text="The file.", errors=(404, 409), parameters=(_FORMAT,))
def game_export_route(game_id: str) -> ResponseReturnValue:
    """The game's position as a file in ``?format=`` (``text`` by default): an attachment."""
    record = db.load_game(game_id, owner_id())
    name = _format_name(request.args.get("format", "text"))
    position = game_position(record)
    if position.layout is None and name in WITH_LAYOUT:
        raise LayoutHidden(game_id, name)  # these formats hold the layout, which waits for the end of the game
    return jsonify(exported(position, name, f"minesweeper-{record.id}"))
