"""The HTML page: the game, the hint panel, the language menu."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import format_decimal, ngettext

from explainer.play.game import PRESETS
from explainer.words.modes import LOSS_REPORT_DESCRIPTION, MODE_DESCRIPTIONS

from web.storage import games as db
from web.replies.settings import FIRST_CLICK_AREA, CUSTOM_MAX_HEIGHT, CUSTOM_MAX_WIDTH, CUSTOM_MIN_SIDE
from web.identity import current_game_id, owner_id
from web.storage.results import MULTIPLIERS
from web.language import UnknownLanguage, parse_language, remember, requested_language, select_language

bp = Blueprint("pages", __name__)


def role_labels() -> list[tuple[str, str]]:
    """The highlight roles in legend order, with their names."""
    return [
        # I18N: legend: the numbers a hint uses
        ("clue", _("Numbers used")),
        # I18N: legend: cells around both numbers of a two-number argument
        ("common", _("Shared area")),
        # I18N: legend: cells around the first number only
        ("unique-a", _("Only around the first number")),
        # I18N: legend: cells around the second number only
        ("unique-b", _("Only around the second number")),
        # I18N: legend: cells the hint proves safe
        ("safe", _("Safe: open it")),
        # I18N: legend: cells the hint proves to be mines
        ("mine", _("Mine: flag it")),
        # I18N: legend: a flag on a cell that is provably safe
        ("wrong-flag", _("Wrong flag")),
        # I18N: legend: mines proved earlier that the argument relies on
        ("known-mine", _("Mine already known")),
        # I18N: legend: the lowest-risk cells when nothing is certain
        ("safest", _("Safest cell")),
        # I18N: legend: when nothing is certain, the guess the bot would make (not always the safest cell)
        ("best-guess", _("Best guess")),
        # I18N: legend: a cell the best guess is compared with in the hint (it survives this guess and the next move
        # more often, but leaves a riskier second choice)
        ("compared", _("Compared cell")),
        # I18N: legend: a cell a step of a proof supposes to be a mine or safe, to show that this cannot be
        ("assumed", _("Supposed in this step")),
        # I18N: legend: a cell the game opened for the player (assisted mode)
        ("assisted", _("Opened for you")),
    ]


def preset_labels() -> list[tuple[str, str]]:
    """Each preset with its menu label, e.g. "Expert 30 × 16, 99 mines"."""
    names = preset_names()
    labels = []
    for key, (height, width, mines) in PRESETS.items():
        # I18N: a board size in the menu: preset name, columns × rows and mines, e.g. "Expert 30 × 16, 99 mines"
        label = ngettext(
            "%(name)s %(width)s × %(height)s, %(num)s mine",
            "%(name)s %(width)s × %(height)s, %(num)s mines",
            mines,
            name=names.get(key, key),
            width=width,
            height=height,
        )
        labels.append((key, label))
    return labels


def preset_names() -> dict[str, str]:
    """Each preset's short name."""
    return {
        # I18N: game preset: the smallest board
        "mini": _("Mini"),
        # I18N: game preset
        "beginner": _("Beginner"),
        # I18N: game preset
        "intermediate": _("Intermediate"),
        # I18N: game preset
        "expert": _("Expert"),
        # I18N: game preset: the largest board
        "huge": _("Huge"),
    }


def kind_label(kind: str) -> str:
    """A board kind (``web.storage.results.board_kind``) in words: "Expert", "Expert × 1.2",
    or "20 × 12, 50 mines"."""
    name, _star, multiplier = kind.partition("*")
    names = preset_names()
    if name in names:
        # I18N: a preset played with a mine multiplier, e.g. "Expert × 1.2"; %(multiplier)s is the multiplier
        return names[name] if not multiplier else _("%(name)s × %(multiplier)s mines", name=names[name], multiplier=format_decimal(float(multiplier)))
    size, _slash, mines = kind.partition("/")
    width, _x, height = size.partition("x")
    # I18N: a custom board size: columns × rows and mines, e.g. "20 × 12, 50 mines"
    return ngettext("%(width)s × %(height)s, %(num)s mine", "%(width)s × %(height)s, %(num)s mines", int(mines or 0), width=width, height=height)


def assisted_names() -> dict[str, str]:
    """Why a game counts as assisted (``web.storage.results.assisted_reasons``), each reason's name."""
    return {
        # I18N: why a game is assisted: the player asked for hints
        "hint": _("hints"),
        # I18N: why a game is assisted: the player showed the probabilities
        "probabilities": _("probabilities"),
        # I18N: why a game is assisted: the bot played moves
        "bot": _("the bot"),
        # I18N: why a game is assisted: moves were undone
        "undo": _("undo"),
        # I18N: why a game is assisted: mine vision was on
        "vision": _("mine vision"),
        # I18N: why a game is assisted: the analysis board was asked about a position of this game while it was played
        "analysis": _("the analysis board"),
    }


def unranked_names() -> dict[str, str]:
    """Why a finished game does not rank (``web.storage.ranking.Unranked``), each reason's name."""
    return {
        # I18N: why a game does not rank: it was a position played from the analysis board
        "position": _("a position you set up"),
        # I18N: why a game does not rank: it came from an imported replay file
        "imported": _("an imported replay"),
        # I18N: why a game does not rank: it replayed a board already played
        "replay": _("a replayed board"),
        # I18N: why a game does not rank: it was recorded before the server checked where boards came from
        "unverified": _("recorded before boards were checked"),
        # I18N: why a game does not rank: only beginner, intermediate and expert without a multiplier rank
        "board": _("not a standard level"),
        # I18N: why a game does not rank: the board was too easy (3BV under the community's minimum)
        "3bv": _("3BV under the level's minimum"),
        # I18N: why a game does not rank: its mode helps the player (assisted or forgiving)
        "mode": _("a helping mode"),
        **assisted_names(),
        # I18N: why a game does not rank: a flag was shown as provably wrong
        "warning": _("a wrong-flag warning"),
        # I18N: why a game does not rank: it was won faster than the best human results on record for its level
        "speed": _("faster than any human record"),
        # I18N: why a game does not rank: it was played without being signed in
        "guest": _("played without an account"),
        # I18N: why a daily game does not rank: the account was created on the day of the board
        "new-account": _("an account made today"),
    }


def assisted_texts() -> dict[str, str]:
    """The reasons' names as the scripts look them up: ``assistedHint``, ``assistedVision``, …"""
    return {"assisted" + reason.capitalize(): name for reason, name in assisted_names().items()}


def mode_names() -> dict[str, str]:
    """Each game mode's short name (for the end-of-game summary)."""
    return {
        # I18N: game mode name
        "classic": _("Classic"),
        # I18N: game mode name: every board can be solved by logic alone
        "no-guess": _("No guessing"),
        # I18N: game mode name: the game opens a safe cell when no logical step is left
        "assist": _("Assisted"),
        # I18N: game mode name: an unprovable mine never explodes
        "forgiving": _("Forgiving"),
        # I18N: game mode name: a guess while a logical step was available loses at once
        "strict": _("Strict"),
    }


def mode_options() -> list[tuple[str, str]]:
    """Each game mode with its one-line description, in the page's language."""
    return [(str(mode), _(description)) for mode, description in MODE_DESCRIPTIONS.items()]


def cell_texts() -> dict[str, str]:
    """What a screen reader says for each cell of a board, in the page's language."""
    return {
        # I18N: a board cell's name for screen readers: a covered cell, e.g. "C5, covered"
        "cellCovered": _("%(cell)s, covered"),
        # I18N: a board cell's name for screen readers: a flagged cell
        "cellFlagged": _("%(cell)s, flagged"),
        # I18N: a board cell's name for screen readers: an open cell with a number, e.g. "C5, 2"
        "cellNumber": _("%(cell)s, %(number)s"),
        # I18N: a board cell's name for screen readers: an open cell with no mine around it
        "cellEmpty": _("%(cell)s, empty"),
        # I18N: a board cell's name for screen readers: a mine shown after the game ended
        "cellMine": _("%(cell)s, mine"),
        # I18N: a board cell's name for screen readers: the mine that exploded
        "cellExploded": _("%(cell)s, exploded mine"),
        # I18N: a board cell's name for screen readers: a flag on a cell that is provably safe
        "cellWrongFlag": _("%(cell)s, wrong flag"),
        # I18N: a board cell's name for screen readers under the probability overlay: a covered cell and the
        # percentage shown on it, e.g. "C5, covered, mine chance 12.5%"
        "cellChance": _("%(cell)s, covered, mine chance %(percent)s"),
        # I18N: a board cell's name for screen readers under the probability overlay: a covered cell with the
        # lowest mine chance (marked on the board), e.g. "C5, covered, mine chance 12.5%, safest"
        "cellChanceSafest": _("%(cell)s, covered, mine chance %(percent)s, safest"),
        # I18N: the probability overlay's key below the board: its colours from 0% to 100% follow this label
        "chanceKey": _("Mine chance:"),
    }


#: the long-press durations a touch player may choose, in milliseconds, and the default (``touch.js``'s)
LONG_PRESS_TIMES = (250, 350, 450, 600, 800)
DEFAULT_LONG_PRESS = 450


def client_texts() -> dict[str, str]:
    """Sentences the script shows, in the page's language."""
    return {
        **cell_texts(),
        # I18N: status line before the first click
        "ready": _("Click any cell to start: the first click is always safe."),
        # I18N: a board cell's name for screen readers: a covered cell the player marked with a question mark
        "cellQuestion": _("%(cell)s, covered, question mark"),
        # I18N: status line before the first click of a position set up on the analysis board (its mines are fixed)
        "readyPosition": _("This position's mines are where you placed them: no click is protected, not even the first."),
        # I18N: status line before the first tap (touch screens)
        "readyTouch": _("Tap any cell to start: the first tap is always safe."),
        "playing": "",
        # I18N: status line when the game is won
        "won": _("You won! Every safe cell is open."),
        # I18N: status line when a mine was opened
        "lost": _("Boom! You opened a mine. The whole board is shown."),
        # I18N: status line after opening a mine in a mode where the losing click can still be undone
        "lostPending": _("Boom! You opened a mine. Undo the losing click, or show the whole board."),
        # I18N: status line when the bot's move won the game
        "botWon": _("The bot won! Every safe cell is open."),
        # I18N: status line when the bot's move opened a mine
        "botLost": _("The bot opened a mine. The whole board is shown."),
        # I18N: status line after the bot opened a mine in a mode where the losing click can still be undone
        "botLostPending": _("The bot opened a mine. Undo its click, or show the whole board."),
        # I18N: the hint panel after the game ended: Hint, Probabilities and the bot have nothing to do
        "over": _("This game is over, so there is nothing left to analyse. Start a new game, or replay this board."),
        # I18N: the wrong-flag warning in the hint panel; %(cell)s is a cell name like C5
        "wrongFlag": _("The flag on %(cell)s is provably wrong."),
        # I18N: button that shows why a flag is wrong
        "why": _("Why?"),
        # I18N: shown when the server could not be reached or refused a move
        "error": _("Something went wrong: %(error)s"),
        # I18N: the safest cell line under the probability overlay; %(percent)s like "12.5%"
        "safest": _("Safest cells: %(percent)s chance of a mine."),
        # I18N: the note under the probability overlay when one cell has the lowest mine chance (it is marked on
        # the board); %(percent)s like "12.5%", %(cells)s its name like "C5"
        "safestOne": _("Safest cell (%(percent)s chance of a mine): %(cells)s"),
        # I18N: the note under the probability overlay naming the cells with the lowest mine chance (marked on
        # the board); %(percent)s like "12.5%", %(cells)s a list like "A1, C3, and F4" or "A1, B1, C1, D1, and 7 more"
        "safestMany": _("Safest cells (%(percent)s chance of a mine): %(cells)s"),
        # I18N: the last item of the safest cells' list when it is cut short: how many are not named (at least 2),
        # e.g. the "7 more" of "A1, B1, C1, D1, and 7 more"
        "safestMore": _("%(count)s more"),
        # I18N: the hint panel when the board changed since the hint
        "stale": _("The board changed: press Hint again."),
        # I18N: forgiving mode: the opened cell held a mine the player could not have known about
        "saved": _("Saved! That cell hid a mine you could not have known about, so the mines were moved."),
        # I18N: heading of the loss explanation after a lost game
        "lossHeading": _("Why did I lose?"),
        # I18N: end-of-game summary: the game's mode, e.g. "Mode: Forgiving"
        "summaryMode": _("Mode: %(mode)s"),
        # I18N: end-of-game summary: moves played
        "summaryMoves": _("Moves: %(count)s"),
        # I18N: review summary figures
        "summaryClicks": _("Clicks: %(count)s"),
        "summaryBbbv": _("3BV: %(count)s"),
        "summaryBbbvPerSecond": _("3BV/s: %(value)s"),
        "summaryEfficiency": _("Efficiency: %(percent)s"),
        # I18N: end-of-game summary: the time the game took, like "1:05" or "12 s"
        "summaryTime": _("Time: %(time)s"),
        # I18N: end-of-game summary: why the game is not on the leaderboards; %(reasons)s lists the reasons
        "unranked": _("Not ranked: %(reasons)s"),
        # I18N: end-of-game summary: the game counts on the leaderboards
        "ranked": _("Ranked"),
        # I18N: end-of-game summary (forgiving mode): times an unprovable mine was moved away
        "summarySaves": _("Saves: %(count)s"),
        # I18N: end-of-game summary (assist mode): cells the game opened for the player
        "summaryAssists": _("Cells opened for you: %(count)s"),
        # I18N: button: let the bot play the game
        "botPlay": _("Play"),
        # I18N: button: stop the bot
        "botPause": _("Pause"),
        # I18N: link from a hint to the lesson about its pattern
        "learnPattern": _("Learn this pattern"),
    }


def _safe_next(target: str | None) -> str:
    """Only a path on this site (no scheme, host or '//'), without a ``lang`` parameter (it would
    override the language just chosen)."""
    if not target:
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return "/"
    query = urlencode([(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True) if key != "lang"])
    return parts.path + (f"?{query}" if query else "")


@bp.get("/")
def index() -> ResponseReturnValue:
    try:
        asked = requested_language()
    except UnknownLanguage:
        asked = None
    if asked is not None:
        remember(asked)
    game_id = current_game_id()
    if game_id is not None:
        try:
            db.load_game(game_id, owner_id())
        except db.GameNotFound:
            game_id = None
    language = select_language()
    config: dict[str, Any] = {
        "gameId": game_id,
        "apiRoot": url_for("api.create"),
        "lang": language,
        "langTag": language.replace("_", "-"),
        "texts": client_texts(),
        "limits": {"minSide": CUSTOM_MIN_SIDE, "maxHeight": CUSTOM_MAX_HEIGHT, "maxWidth": CUSTOM_MAX_WIDTH, "freeCells": FIRST_CLICK_AREA},
        "presets": {key: {"height": h, "width": w, "mines": m} for key, (h, w, m) in PRESETS.items()},
        "multipliers": list(MULTIPLIERS),
        "modeNames": mode_names(),
        "unrankedNames": unranked_names(),
        "learnRoot": url_for("learn.index"),
        "reviewRoot": url_for("pages.index") + "games/",
    }
    return render_template(
        "pages/game.html",
        config=config,
        roles=role_labels(),
        presets=preset_labels(),
        multipliers=[(m, format_decimal(m)) for m in MULTIPLIERS],
        modes=mode_options(),
        mode_names=mode_names(),
        loss_report_description=_(LOSS_REPORT_DESCRIPTION),
        min_side=CUSTOM_MIN_SIDE,
        max_height=CUSTOM_MAX_HEIGHT,
        max_width=CUSTOM_MAX_WIDTH,
        free_cells=FIRST_CLICK_AREA,
        long_press_times=LONG_PRESS_TIMES,
        default_long_press=DEFAULT_LONG_PRESS,
    )


def review_texts() -> dict[str, str]:
    """The review page's words, in the page's language."""
    return {
        **cell_texts(),
        # I18N: review: where the player is in the game, e.g. "Move 3 of 40"
        "position": _("Move %(number)s of %(count)s"),
        # I18N: review: the position after the last move
        "end": _("The end of the game"),
        # I18N: review verdict: the move was proved by logic
        "certain": _("Certain"),
        # I18N: review verdict: a guess when nothing was certain
        "forced-guess": _("Forced guess"),
        # I18N: review verdict: a guess while a logical step was available
        "avoidable-guess": _("Avoidable guess"),
        # I18N: review verdict: a flag on a provably safe cell
        "wrong-flag": _("Wrong flag"),
        # I18N: review verdict: a move with nothing to judge (an undo, an assist, an unproved flag)
        "neutral": _("Move"),
        # I18N: review summary figures
        "moves": _("Moves: %(count)s"),
        "clicks": _("Clicks: %(count)s"),
        "forced": _("Forced guesses: %(count)s"),
        "avoidable": _("Avoidable guesses: %(count)s"),
        "wrongFlags": _("Wrong flags: %(count)s"),
        "hints": _("Hints used: %(count)s"),
        "accuracy": _("Accuracy: %(percent)s"),
        "time": _("Time: %(time)s"),
        "bbbv": _("3BV: %(count)s"),
        "bbbvPerSecond": _("3BV/s: %(value)s"),
        # I18N: review summary: one of the community's figures of a replay video, %(name)s its name (ZiNi, IOE, RQP,
        # STNB: not translated) and %(value)s its value, e.g. "ZiNi: 45"
        "figure": _("%(name)s: %(value)s"),
        # I18N: review summary: a replay video's throughput (3BV per effective click), the figure's name
        "throughput": _("Throughput"),
        "efficiency": _("Efficiency: %(percent)s"),
        # I18N: review summary: the game used help; %(reasons)s lists hint, probabilities, bot, undo
        "assisted": _("Assisted: %(reasons)s"),
        **assisted_texts(),
        # I18N: review: shown when the review cannot be loaded
        "error": _("Something went wrong: %(error)s"),
    }


@bp.get("/games/<game_id>/review")
def review_page(game_id: str) -> ResponseReturnValue:
    """The review of one of this session's games (its moves judged one by one)."""
    try:
        db.load_game(game_id, owner_id())
    except db.GameNotFound:
        abort(404)
    language = select_language()
    config = {
        "gameId": game_id,
        "apiRoot": url_for("api.create"),
        "lang": language,
        "langTag": language.replace("_", "-"),
        "texts": review_texts(),
    }
    return render_template(
        "pages/review.html",
        config=config,
        replay_file=url_for("api.replay_file", game_id=game_id),
        evf_video=url_for("api.evf_video", game_id=game_id),
    )


@bp.post("/language")
def choose_language() -> ResponseReturnValue:
    value = request.form.get("lang", "")
    try:
        remember(parse_language(value))
    except UnknownLanguage:
        pass  # an unknown choice keeps the current language
    return redirect(_safe_next(request.form.get("next")), code=303)
