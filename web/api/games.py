"""The JSON API used by the page (and by any other client keeping the session cookie).

Routes (all under ``/api``; ``?lang=`` picks the language of any text):

- ``POST /games`` ``{"preset": "beginner"}`` or ``{"height", "width", "mines"}``, optional ``"mode"``
  (and ``"max_rule"`` for ``no-guess``) -> 201 ``{"game"}``
- ``GET /games/<id>`` -> ``{"game"}``
- ``POST /games/<id>/open|chord`` ``{"row", "col"}`` -> ``{"game", "opened", "outcome"}`` (through the game's mode)
- ``POST /games/<id>/flag`` ``{"row", "col"}`` -> ``{"game", "flagged", "warning"}``
- ``POST /games/<id>/replay`` -> 201 ``{"game"}`` (the same board, opened at the same first click;
  only once the game is over, else 409: a replay of a game in play would reveal its layout)
- ``GET /games/<id>/hint`` -> ``{"game_id", "moves", "lang", "hint"}``
- ``GET /games/<id>/probabilities`` -> ``{"game_id", "moves", "lang", "overlay"}``
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Annotated, Any, TypeVar, cast

from pydantic import Field
from typing_extensions import NotRequired, TypedDict

from flask import Blueprint, Response, current_app, jsonify, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from explainer.words.modes import outcome_json
from explainer.core.cells import Cell
from explainer.errors import BudgetExceeded
from explainer.play.game import Action, Game, GameState, VideoInfo
from explainer.play.history import EXTRA_RECORDS, RECORDS_PER_CELL, accept_loss, can_undo, note_help, undo
from explainer.play.modes import MoveOutcome
from explainer.play.moves import chord_cell, flag_cell, open_cell
from explainer.review import summarize
from explainer.play.replay_file import from_replay, to_replay
from explainer.formats.videos import video_kind
from explainer.play.videos import from_video, to_evf
from explainer.words.hints import first_click_json
from explainer.words.review import ReviewJson, review_json

from web import limits
from web.storage import games as db
from web.game_flow import game_created, update_game
from web.storage import reviews
from web.storage.ranking import Origin
from web.replies.analysis import HintReply, OverlayJson, current_analyses, note_wrong_flags, overlay_json, wrong_flag_json
from web.errors import (
    BadPage,
    BadRequestBody,
    IMPORTS_REFUSED,
    ImportTooLarge,
    TooManyRequests,
    GameOver,
    NotFinished,
    NotLost,
    NothingToUndo,
    NotReplayable,
    NotStarted,
    ProbabilitiesUnavailable,
    VisionUnavailable,
)
from web.replies.settings import CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH, make_game, replay_game, settings_from_json
from web.daily import hidden_until, layout_hidden
from web.clients import Refusals, client_address
from web.identity import owner_id, set_current_game
from web.storage import accounts
from web.storage.accounts import AttemptRefused
from web.replies.game import FlagReplyJson, GameJson, GameReplyJson, MoveReplyJson, advised_report, state_json
from web.json_types import Count, LanguageName
from web.request_data import body_json, reply_language
from web.bodies import Empty, FlagMove, Move, NewGame, Vision, parse_body
from web.extra import web_extra
from web.api.described import BINARY, operation, parameter
from web.bodies import ReplayFile

bp = Blueprint("api", __name__, url_prefix="/api")
T = TypeVar("T")

#: the moves a review reply holds at most (``?page=`` for the others): each carries its board, so a page of a
#: 50 x 30 game's review is under 1 MB
REVIEW_PAGE_MOVES = 500
#: the review's ``?page=``
_PAGE = parameter("page", Annotated[int, Field(ge=1, le=999999)], f"The page of a long review ({REVIEW_PAGE_MOVES} "
                  "moves a page; the summary is the whole game's).", default=1)


class ReviewPageJson(TypedDict):
    """This page of the review (at most ``REVIEW_PAGE_MOVES`` moves a page) and how many there are."""

    number: Annotated[int, Field(ge=1)]
    pages: Annotated[int, Field(ge=1)]
    moves: Count


class PagedReviewJson(ReviewJson):
    """A review, one page of its moves."""

    page: ReviewPageJson


class ReviewReplyJson(TypedDict):
    """The game and its review."""

    game: GameJson
    review: PagedReviewJson
    video: NotRequired[Annotated[VideoInfo, Field(description="An imported replay video: its program, player and "
                                                              "figures.")]]
    figures: NotRequired[Annotated[dict[str, float] | None, Field(
        description="A finished game's community figures (3BV, ZiNi, HZiNi, IOE, RQP, STNB, throughput, clicks by "
        "kind), as ms_toollib computes them; null while in play.")]]


class ImportedJson(TypedDict):
    """An imported replay: the game and the address of its review page."""

    game: GameJson
    review: str


class HintAnalysisJson(TypedDict):
    """The hint for the game as it stands."""

    game_id: str
    moves: Count
    lang: LanguageName
    hint: HintReply


class OverlayAnalysisJson(TypedDict):
    """The probability overlay for the game as it stands."""

    game_id: str
    moves: Count
    lang: LanguageName
    overlay: OverlayJson


def _playing(record: db.GameRecord) -> db.GameRecord:
    if record.game.over:
        raise GameOver(record.id)
    return record


def _move(game_id: str, action: Callable[[Game, int, int], T], move: Move | None = None) -> tuple[db.GameRecord, T, Cell]:
    """Apply a move from the request body (or ``move``, read from it already) to the stored game; the cell is
    returned checked.  The move and everything it shows are computed before anything is written: a refusal
    changes nothing."""
    row, col = (parse_body(Move) if move is None else move).cell

    def change(game: Game) -> T:
        if game.over:
            raise GameOver(game_id)
        result = action(game, row, col)
        note_wrong_flags(game)
        return result

    record, result = update_game(game_id, owner_id(), change)
    return record, result, Cell(row, col)


def _moved(record: db.GameRecord, outcome: MoveOutcome) -> Response:
    """The reply to a move made through the game's mode: the new state, the cells
    it opened and what the mode did around it (assists, a save, the loss report)."""
    language = reply_language()
    if outcome.loss is not None:
        outcome = replace(outcome, loss=advised_report(outcome.loss, record.game))
    data = outcome_json(outcome, language)
    reply: MoveReplyJson = {"game": state_json(record, language), "opened": data["opened"], "outcome": data}
    return jsonify(reply)


@operation(bp, "POST", "/games", "createGame",
           "Start a new game (its board is placed at the first click).", tag="games", reply=GameReplyJson,
           reply_text="The new game.", body=NewGame, body_text="A preset or a custom size, with an optional mode.",
           created=True)
def create() -> ResponseReturnValue:
    body = parse_body(NewGame)
    settings = settings_from_json(body.settings_data())
    seed = body.seed
    if "seed" in body.model_fields_set and not current_app.config["ALLOW_SEEDS"]:
        # I18N: a new game asked with a fixed random seed on a server that does not allow it
        raise BadRequestBody(_("this server does not accept a seed"))
    game = make_game(settings, seed)
    if not body.warnings:
        web_extra(game)["warnings"] = False  # the player's choice before the game starts: no wrong-flag warnings
    record = db.create_game(owner_id(), game, settings.mode, Origin.DEALT)
    game_created(record.owner)
    set_current_game(record.id)
    reply: GameReplyJson = {"game": state_json(record)}
    response = jsonify(reply)
    response.headers["Location"] = url_for("api.show", game_id=record.id)
    return response, 201


@operation(bp, "GET", "/games/<game_id>", "showGame",
           "The game as the player may see it.", tag="games", reply=GameReplyJson, reply_text="The game.",
           errors=(404,))
def show(game_id: str) -> ResponseReturnValue:
    record = db.load_game(game_id, owner_id())
    set_current_game(record.id)
    return jsonify(GameReplyJson(game=state_json(record)))


@operation(bp, "POST", "/games/<game_id>/open", "openCell",
           "Open a cell, through the game's mode.", tag="games", reply=MoveReplyJson,
           reply_text="The new state, the cells opened and what the mode did.", body=Move,
           body_text="The cell: {\"row\": R, \"col\": C}.", errors=(404, 409), endpoint="open_cell")
def open_route(game_id: str) -> ResponseReturnValue:
    record, outcome, _ = _move(game_id, lambda game, r, c: open_cell(game, r, c, at=time.time()))
    return _moved(record, outcome)


@operation(bp, "POST", "/games/<game_id>/chord", "chordCell",
           "Open the other neighbours of an open number whose flags match it.", tag="games", reply=MoveReplyJson,
           reply_text="The new state, the cells opened and what the mode did.", body=Move,
           body_text="The cell: {\"row\": R, \"col\": C}.", errors=(404, 409))
def chord(game_id: str) -> ResponseReturnValue:
    record, outcome, _ = _move(game_id, lambda game, r, c: chord_cell(game, r, c, at=time.time()))
    return _moved(record, outcome)


@operation(bp, "POST", "/games/<game_id>/flag", "toggleFlag",
           "Flag or unflag a covered cell (idempotent with \"flagged\").", tag="games", reply=FlagReplyJson,
           reply_text="The new state and, for a provably wrong flag, its explanation.", body=FlagMove,
           body_text="The cell, and the state wanted (without it the flag toggles).", errors=(404, 409))
def flag(game_id: str) -> ResponseReturnValue:
    """Flag or unflag a cell: ``"flagged": true|false`` sets that state (sending it again changes nothing),
    without it the cell's flag toggles."""
    language = reply_language()
    move = parse_body(FlagMove)
    wanted = move.flagged

    def set_flag(game: Game, row: int, col: int) -> bool:
        if wanted is not None and bool(game.flagged >> game.index(row, col) & 1) == wanted:
            if game.revealed >> game.index(row, col) & 1:
                game.toggle_flag(row, col)  # refuses an open cell, as a toggle would
            return wanted
        return flag_cell(game, row, col, at=time.time())

    record, flagged, cell = _move(game_id, set_flag, move)
    warning = None
    if flagged and cell.to_json() in web_extra(record.game).get("wrong_flags", []):
        try:
            warning = wrong_flag_json(current_analyses().solve(record.game.view()), cell, language)
        except BudgetExceeded:  # the flag is stored and shown as wrong; its explanation did not fit the budget
            warning = None
    reply: FlagReplyJson = {"game": state_json(record, language), "flagged": flagged, "warning": warning}
    return jsonify(reply)


@operation(bp, "POST", "/games/<game_id>/undo", "undoMove",
           "Take back the last move (also the losing click, until the loss is accepted); the game then counts as assisted.",
           tag="games", reply=GameReplyJson, reply_text="The game as it was before the move.", body=Empty,
           errors=(404, 409))
def undo_route(game_id: str) -> ResponseReturnValue:
    """Take back the last move (also the losing click, until the loss is accepted)."""
    parse_body(Empty)  # a JSON object, as every write (its fields are not used)

    def change(game: Game) -> None:
        if not can_undo(game):
            if game.over:
                raise GameOver(game_id)
            raise NothingToUndo(game_id)
        undo(game, time.time())
        note_wrong_flags(game)

    record, _ = update_game(game_id, owner_id(), change)
    return jsonify(GameReplyJson(game=state_json(record)))


@operation(bp, "POST", "/games/<game_id>/accept", "acceptLoss",
           "Accept a loss: no more undo, and the whole board is shown.", tag="games", reply=GameReplyJson,
           reply_text="The finished game.", body=Empty,
           errors=(404, 409))
def accept_route(game_id: str) -> ResponseReturnValue:
    """Accept a loss: no more undo, and the whole board is shown."""
    parse_body(Empty)

    def change(game: Game) -> None:
        if not game.lost:
            raise NotLost(game_id)
        accept_loss(game)

    record, _ = update_game(game_id, owner_id(), change)
    return jsonify(GameReplyJson(game=state_json(record)))


#: the largest board an imported replay (file or video) may have: the largest board this server deals
IMPORT_MAX_CELLS = CUSTOM_MAX_HEIGHT * CUSTOM_MAX_WIDTH
IMPORT_MAX_SIDE = max(CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH)

def _page_number() -> int:
    value = request.args.get("page", "1")
    if not value.isascii() or not value.isdigit() or int(value) < 1 or len(value) > 6:
        raise BadPage(repr(value))
    return int(value)


@operation(bp, "GET", "/games/<game_id>/review", "reviewGame",
           "Every move judged from the player's view just before it (a game in play: its moves so far; a loss not accepted yet is accepted).",
           tag="games", reply=ReviewReplyJson, reply_text="The game and its review.", errors=(404, 409),
           parameters=(_PAGE,))
def review_route(game_id: str) -> ResponseReturnValue:
    """Every move of the game judged from the player's view before it (for a game in play, its moves
    so far).  Opening the review of a loss not accepted yet accepts it: the game is then over for good."""
    language = reply_language()
    page = _page_number()
    record = db.load_game(game_id, owner_id())
    if layout_hidden(record) and record.game.over:
        raise hidden_until(str(record.daily))  # the review shows the whole board
    with limits.for_review():  # (its own fixed budget: past it the rest of the moves are listed unjudged)
        judged = reviews.review_of(record.id, record.game, keep_cut=True)  # (made once: usually after the finishing reply)
    pages = max(1, -(-len(judged.moves) // REVIEW_PAGE_MOVES))
    if page > pages:
        raise BadPage(str(page), pages)
    first = (page - 1) * REVIEW_PAGE_MOVES
    review = review_json(judged, language, first, REVIEW_PAGE_MOVES)
    # before the loss is accepted, so that a refusal changes nothing: the review, the game, and the mines the
    # accepted loss shows (a few bytes each)
    limits.check_reply_size(len(json.dumps(review)) + len(json.dumps(state_json(record, language))) + 12 * record.game.mine_count)
    if record.game.state is GameState.LOSS_PENDING:
        record, _ = update_game(game_id, owner_id(), accept_loss)
        review["summary"] = review_json(replace(judged, summary=summarize(record.game, judged.moves)), language, 0, 0)["summary"]
    paged = cast(PagedReviewJson, {**review, "page": {"number": page, "pages": pages, "moves": len(judged.moves)}})
    reply: ReviewReplyJson = {"game": state_json(record, language), "review": paged}
    if "video" in record.game.extra:  # an imported replay video: what its program says of itself
        reply["video"] = record.game.extra["video"]
    if not layout_hidden(record):  # the community's figures (ZiNi, IOE, RQP, STNB ...), from ms_toollib
        reply["figures"] = reviews.figures_of(record.id, record.game)
    return jsonify(reply)


@operation(bp, "GET", "/games/<game_id>/replay-file", "replayFile",
           "A finished game as a replay file (JSON with its layout and every move; see README).", tag="games",
           reply=ReplayFile, reply_text="The replay file (sent as an attachment).", errors=(404, 409))
def replay_file(game_id: str) -> ResponseReturnValue:
    """A finished game as a replay file (JSON, with its layout): to keep, share, import elsewhere."""
    record = db.load_game(game_id, owner_id())
    if not record.game.finished:
        raise NotFinished(game_id)  # the file holds the layout
    if layout_hidden(record):
        raise hidden_until(str(record.daily))
    response = jsonify(to_replay(record.game))
    response.headers["Content-Disposition"] = f'attachment; filename="minesweeper-{record.id}.json"'
    return response


@operation(bp, "GET", "/games/<game_id>/video.evf", "evfVideo",
           "A finished game as a Metasweeper .evf video (its layout, its moves that stand, their times).", tag="games",
           reply=BINARY, reply_text="The video (sent as an attachment).", errors=(404, 409))
def evf_video(game_id: str) -> ResponseReturnValue:
    """A finished game as a Metasweeper ``.evf`` video (its layout, its moves that stand, their times): it opens
    in Metasweeper and the community's tools."""
    record = db.load_game(game_id, owner_id())
    if not record.game.finished:
        raise NotFinished(game_id)  # the video holds the layout
    if layout_hidden(record):
        raise hidden_until(str(record.daily))
    response = Response(to_evf(record.game), mimetype="application/octet-stream")
    response.headers["Content-Disposition"] = f'attachment; filename="minesweeper-{record.id}.evf"'
    return response


def _video_game(data: dict[str, Any]) -> Game:
    name, encoded = data.get("name"), data.get("video")
    if not isinstance(name, str) or not name:
        # I18N: a replay video sent without its file name; the name's extension says which program made it
        raise BadRequestBody(_("a replay video needs its file name in 'name' (e.g. \"game.avf\"), got %(name)s", name=repr(name)))
    if not isinstance(encoded, str):
        # I18N: a replay video whose content is not base64 text; %(found)s is the kind of value sent
        raise BadRequestBody(_("'video' must be the file's bytes in base64, got %(found)s", found=type(encoded).__name__))
    try:
        raw = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        raise BadRequestBody(_("'video' must be the file's bytes in base64, got %(found)s", found=repr(encoded[:40]))) from None
    return from_video(raw, video_kind(name))


def _count_import() -> None:
    """Count an import against its client's limit (``IMPORTS_PER_MINUTE`` a minute, an IPv6 client by its /64),
    or refuse it with 429 and ``Retry-After``: a flood of imports must not slow everyone else's moves.  A client
    refused is remembered by this process until it may import again: its next tries are answered at the door
    (``web.clients.DoorRefusals``), without a write to the database."""
    client = client_address()
    refusals: Refusals = current_app.extensions["import_refusals"]
    try:
        accounts.reserve_attempt([(f"import:{client}", int(current_app.config["IMPORTS_PER_MINUTE"]))], 60.0)
        return
    except AttemptRefused as refused:
        refusals.refuse(client, refused.retry_at)
        wait = max(1, math.ceil(refused.retry_at - time.time()))
    raise TooManyRequests(_(IMPORTS_REFUSED, seconds=wait), wait)


#: replay videos read at once in this process (each in a child process of its own); more wait a moment, then 503
VIDEO_CHILDREN = 2
_video_slots = threading.BoundedSemaphore(VIDEO_CHILDREN)
#: how long an import waits for a free slot
VIDEO_SLOT_WAIT = 2.0


@contextmanager
def _video_slot() -> Iterator[None]:
    if not _video_slots.acquire(timeout=VIDEO_SLOT_WAIT):
        # I18N: a replay video import refused because the server is reading others right now
        raise TooManyRequests(_("The server is reading other replay videos: try again in a few seconds."), 5, status=503)
    try:
        yield
    finally:
        _video_slots.release()


def _check_import_size(height: object, width: object, moves: object) -> None:
    """A replay (file or video) of a board larger than this server deals, or with more moves than such a game
    may hold, is refused at the door (413, quoted): its review would cost more than one request may take."""
    if not (isinstance(height, int) and isinstance(width, int)) or isinstance(height, bool) or isinstance(width, bool):
        return  # (the file's own checks name what is wrong)
    if max(height, width) > IMPORT_MAX_SIDE or height * width > IMPORT_MAX_CELLS:
        raise ImportTooLarge(_(
            # I18N: a replay imported for review whose board is larger than this server plays; %(width)s x %(height)s
            # is its size in columns and rows, %(cells)s the most cells a board may have, %(side)s the longest side
            "a replay of a %(width)s x %(height)s board is larger than this server reviews: at most %(cells)s cells, %(side)s on a side",
            width=width, height=height, cells=IMPORT_MAX_CELLS, side=IMPORT_MAX_SIDE,
        ))
    limit = RECORDS_PER_CELL * height * width + EXTRA_RECORDS
    if isinstance(moves, list) and len(moves) > limit:
        # I18N: a replay imported for review with more moves than a game of its size may hold; %(moves)s is how many
        # it has, %(limit)s the most
        raise ImportTooLarge(_("a replay of %(moves)s moves is more than a game of its size may hold (%(limit)s)", moves=len(moves), limit=limit))


@operation(bp, "POST", "/replays", "importReplay",
           "Import a replay file, or a replay video ({\"video\": base64, \"name\": \"game.avf\"}: Arbiter .avf, Viennasweeper .rmv, Metasweeper .evf, Minesweeper Clone .mvf): a finished game of this session, ready to review.",
           tag="games", reply=ImportedJson, reply_text="The game and the address of its review page.", body=ReplayFile,
           body_text="The replay file.", created=True, errors=(429,))
def import_replay() -> ResponseReturnValue:
    """A replay file (the JSON body) becomes a game of this session, finished, ready to review; or a replay
    video of the community's programs, ``{"video": base64 of the file, "name": "game.avf"}`` (the kind from
    the name's extension: avf, rmv, evf, mvf; ``explainer.play.videos``)."""
    data = body_json()
    _count_import()
    if "video" in data:
        with _video_slot():
            game = _video_game(data)
    else:
        _check_import_size(data.get("height"), data.get("width"), data.get("moves"))
        game = from_replay(data)
    _check_import_size(game.height, game.width, game.history)
    record = db.create_game(owner_id(), game, str(game.extra.get("mode", "classic")), Origin.IMPORTED)
    imported: ImportedJson = {"game": state_json(record), "review": url_for("pages.review_page", game_id=record.id)}
    response = jsonify(imported)
    response.headers["Location"] = url_for("api.show", game_id=record.id)
    return response, 201


@operation(bp, "POST", "/games/<game_id>/replay", "replayGame",
           "A new game with the same layout, opened at the same first click (finished games).", tag="games",
           reply=GameReplyJson, reply_text="The new game.", body=Empty,
           created=True,
           errors=(404, 409))
def replay(game_id: str) -> ResponseReturnValue:
    record = db.load_game(game_id, owner_id())
    if not record.game.over:
        raise NotFinished(game_id)  # a replay of a game in play would show its layout
    if layout_hidden(record):
        raise hidden_until(str(record.daily))
    if record.game.state is GameState.LOSS_PENDING:  # replaying the board moves on: the loss is accepted
        record, _ = update_game(game_id, owner_id(), accept_loss)
    again = replay_game(record.game)
    if again is None:
        raise NotReplayable(game_id)
    created = db.create_game(record.owner, again, record.mode, Origin.REPLAY, replay_of=record.id)
    set_current_game(created.id)
    again_reply: GameReplyJson = {"game": state_json(created)}
    response = jsonify(again_reply)
    response.headers["Location"] = url_for("api.show", game_id=created.id)
    return response, 201


def _hint_reply(record: db.GameRecord, language: str, hint: HintReply) -> Response:
    reply: HintAnalysisJson = {"game_id": record.id, "moves": record.game.moves, "lang": language, "hint": hint}
    return jsonify(reply)


def _overlay_reply(record: db.GameRecord, language: str, overlay: OverlayJson) -> Response:
    reply: OverlayAnalysisJson = {"game_id": record.id, "moves": record.game.moves, "lang": language, "overlay": overlay}
    return jsonify(reply)


def _position(record: db.GameRecord) -> str:
    """What a hint depends on: the game and what is on its board (not its history of help asked)."""
    game = record.game
    return f"{record.id}:{game.layout}:{game.revealed}:{game.flagged}:{game.state}"


def _note_help(game_id: str, kind: Action) -> db.GameRecord:
    """The player asked for help: the game's history keeps it (the game counts as assisted)."""

    def change(game: Game) -> None:
        if game.over:
            raise GameOver(game_id)
        note_help(game, kind, time.time())

    record, _ = update_game(game_id, owner_id(), change)
    return record


@operation(bp, "POST", "/games/<game_id>/vision", "mineVision",
           "Mine vision on or off: the game's replies show the mines (the game is assisted for good).", tag="games",
           reply=GameReplyJson, reply_text="The game, with its mines while vision is on.", body=Vision,
           body_text="{\"on\": true} or {\"on\": false}.", errors=(404, 409))
def vision(game_id: str) -> ResponseReturnValue:
    """Mine vision on or off (``{"on": true}``): shows the mines, and how forgiving saves moved
    them.  Once switched on, the game is assisted for good (it stays off the ranked tables)."""
    on = parse_body(Vision).on
    record = db.load_game(game_id, owner_id())
    if record.daily is not None:
        raise VisionUnavailable(daily=True)

    def change(game: Game) -> None:
        if game.layout is None:
            raise VisionUnavailable(daily=False)
        if on:
            web_extra(game)["vision_used"] = True
        web_extra(game)["vision"] = on

    record, _nothing = update_game(game_id, owner_id(), change)
    return jsonify(GameReplyJson(game=state_json(record)))


@operation(bp, "GET", "/games/<game_id>/hint", "gameHint",
           "The simplest next step, explained.", tag="games", reply=HintAnalysisJson, reply_text="The hint.",
           errors=(404, 409))
def hint(game_id: str) -> ResponseReturnValue:
    language = reply_language()
    record = _playing(db.load_game(game_id, owner_id()))
    if record.game.state is GameState.READY:
        return _hint_reply(record, language, cast(HintReply, first_click_json(language)))
    reply = current_analyses().hint(_position(record), record.game.view, language)
    record = _note_help(game_id, "hint")  # once answered: a request over its budget writes nothing
    return _hint_reply(record, language, reply)


@operation(bp, "GET", "/games/<game_id>/probabilities", "gameProbabilities",
           "Exact mine probabilities of the covered cells.", tag="games", reply=OverlayAnalysisJson,
           reply_text="The probability overlay.", errors=(404, 409))
def probabilities(game_id: str) -> ResponseReturnValue:
    language = reply_language()
    record = _playing(db.load_game(game_id, owner_id()))
    if record.game.state is GameState.READY:
        raise NotStarted(game_id)
    solution = current_analyses().solve(record.game.view())
    if not solution.exact:
        raise ProbabilitiesUnavailable()
    overlay = overlay_json(solution, language)
    record = _note_help(game_id, "probabilities")
    return _overlay_reply(record, language, overlay)
