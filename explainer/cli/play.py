"""``python -m explainer play``: the whole game in a terminal, with hints in words and the bot on a key.

    python -m explainer play [--preset NAME [--multiplier X] | --height H --width W --mines M]
                             [--mode MODE [--max-rule RULE]] [--seed N] [--board FILE] [--lang LANG]
                             [--theme auto|dark|light] [--bot-delay SECONDS]

The game is the web game's: the same presets (and mine multipliers), modes and first click, moves
through ``explainer.play.modes``, hints from ``explainer.engine.hint``, the bot's moves from
``explainer.bot.moves``, every sentence from ``explainer.words``.  ``--board FILE`` plays a position
from a board file in any format ``python -m explainer convert`` reads: its layout when the file has
one, else mines drawn at random among the placements that fit its numbers (and its mine count, or
``--mines``).  The language is ``--lang``, else the terminal's (``LC_ALL``, ``LC_MESSAGES``,
``LANG``), else English.  The screen is ``explainer.terminal.app``; docs/terminal.md lists the keys.

Bad arguments print ``error: ...`` and exit with status 2 before the screen is touched.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Mapping
from typing import TextIO

from explainer.cli.args import AddCommand, CliError, Subcommands, read_board_bytes, whole_number
from explainer.terminal.app import PlayApp
from explainer.terminal.session import Session
from explainer.core.board import Board
from explainer.engine.rules import DEPTHS
from explainer.errors import EngineError
from explainer.formats import FORMATS, FormatError, Position, read
from explainer.play import modes
from explainer.play.game import MULTIPLIERS, PRESETS, Game, GameState, multiplied_mines
from explainer.play.position_game import play_position
from explainer.play.sampling import sample_layout
from explainer.words.i18n import DEFAULT_LANGUAGE, normalize_language
from explainer.words import terminal as words
from explainer.words.render import Renderer

__all__ = ["register", "cmd_play", "make_app", "MULTIPLIERS", "terminal_language"]

MODES = tuple(str(mode) for mode in modes.MODES)
MAX_RULES = tuple(str(rule) for rule in DEPTHS)
DEFAULT_BOT_DELAY = 0.4


def _multiplier(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        number = float("nan")
    for allowed in MULTIPLIERS:
        if abs(number - allowed) < 1e-9:
            return allowed
    raise argparse.ArgumentTypeError(f"--multiplier must be one of {', '.join(f'{m:g}' for m in MULTIPLIERS)}, got {value!r}")


def _delay(value: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--bot-delay must be a number of seconds, got {value!r}") from None
    if not 0.01 <= number <= 10:
        raise argparse.ArgumentTypeError(f"--bot-delay must be 0.01 to 10 seconds, got {value!r}")
    return number


def register(commands: Subcommands, add: AddCommand) -> None:
    parser = add("play", cmd_play, "Play in the terminal: hints in words, the bot on a key.")
    parser.set_defaults(lang=None)  # the terminal's language unless --lang says otherwise
    for action in parser._actions:
        if action.dest == "lang":
            action.help = "language of the game (default: the terminal's, from LC_ALL, LC_MESSAGES or LANG; else en)"
    parser.add_argument("--preset", choices=list(PRESETS), help="board size and mines (default: beginner)")
    parser.add_argument("--multiplier", type=_multiplier, help="a preset's mines times 0.7 to 1.3 (default: 1)")
    parser.add_argument("--height", type=whole_number("--height", 1), help="rows (a custom board; overrides the preset)")
    parser.add_argument("--width", type=whole_number("--width", 1), help="columns (a custom board; overrides the preset)")
    parser.add_argument("--mines", type=whole_number("--mines", 1), help="mines (a custom board; or a board file's mine count)")
    parser.add_argument("--mode", choices=MODES, default="classic", help="game mode (default: classic)")
    parser.add_argument("--max-rule", choices=MAX_RULES, help="no-guess: the deepest reasoning the board may need (default: enumeration)")
    parser.add_argument("--seed", type=whole_number("--seed", 0), help="seed of the first game's layout (default: random)")
    parser.add_argument("--board", metavar="FILE", help=f"play the position in a board file ({', '.join(FORMATS)})")
    parser.add_argument("--theme", choices=("auto", "dark", "light"), default="auto", help="colours for a dark or light terminal (default: auto, from COLORFGBG)")
    parser.add_argument("--bot-delay", type=_delay, default=DEFAULT_BOT_DELAY, metavar="SECONDS", help=f"the bot's pace when it plays on (S) (default: {DEFAULT_BOT_DELAY:g})")


def terminal_language(environ: Mapping[str, str]) -> str:
    """The terminal's language (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext looks), else English."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            found = normalize_language(value.split(".")[0].split("@")[0])
            return found or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def _theme(choice: str, environ: Mapping[str, str]) -> str:
    """``auto``: light when the terminal says its background is light (``COLORFGBG`` "fg;bg", bg 7 or 15)."""
    if choice != "auto":
        return choice
    background = environ.get("COLORFGBG", "").split(";")[-1]
    return "light" if background in ("7", "15") else "dark"


def _read_file(path: str) -> Position:
    data = read_board_bytes(path)
    try:
        return read(data)
    except FormatError as error:
        raise CliError(f"{path}: {error}") from None


def _position_game(position: Position, mode: str, seed: int | None, mines: int | None, where: str) -> Game:
    """A game on a file's position: its layout (or one drawn to fit its numbers), its open cells and
    flags already played by the game, as the web's "play this position"."""
    view = position.view
    layout = position.layout
    count = view.mines if view.mines is not None else mines
    rng = random.Random(seed)
    try:
        if layout is None:
            if count is None:
                raise CliError(f"{where}: the file gives neither the mines nor their count: add --mines N")
            if view.mines is None:
                view = Board(view.height, view.width, view.cells, count)
            if not view.numbers():
                return modes.new_game(mode, view.height, view.width, count, seed)  # nothing open: a fresh deal
            layout = sample_layout(view, rng)
            if layout is None:
                raise CliError(f"{where}: no placement of {count} mines fits this board's numbers")
        game = play_position(view, layout, mode, seed)
    except CliError:
        raise
    except EngineError as error:
        raise CliError(f"{where}: {error}") from None
    return game


def _game_maker(args: argparse.Namespace) -> tuple[Callable[[], Game], bool]:
    """What makes each game of the session (the first with ``--seed``, the next ones with the seeds after
    it), checked by making the first; and whether its mines are fixed before the first click (a file's layout)."""
    custom = any(value is not None for value in (args.height, args.width, args.mines))
    if args.max_rule is not None and args.mode != "no-guess":
        raise CliError(f"--max-rule only applies to --mode no-guess, not {args.mode}")
    if args.multiplier is not None and (custom or args.board):
        raise CliError("--multiplier applies to a preset's mines, not to a custom board or a board file")
    seeds = iter(range(args.seed, 2**63)) if args.seed is not None else None

    def next_seed() -> int | None:
        return next(seeds) if seeds is not None else None

    if args.board is not None:
        if args.preset or args.height is not None or args.width is not None:
            raise CliError("--board gives the board's size: leave out --preset, --height and --width")
        if args.mode == "no-guess":
            raise CliError("--mode no-guess makes its own board: it cannot play a board file")
        position = _read_file(args.board)

        def from_file() -> Game:
            return _position_game(position, args.mode, next_seed(), args.mines, args.board)

        return from_file, position.layout is not None
    height, width, mines = PRESETS[args.preset or "beginner"]
    if args.multiplier is not None:
        mines = multiplied_mines(mines, args.multiplier)
    height = args.height if args.height is not None else height
    width = args.width if args.width is not None else width
    mines = args.mines if args.mines is not None else mines
    options = {} if args.max_rule is None else {"max_rule": args.max_rule}

    def dealt() -> Game:
        try:
            return modes.new_game(args.mode, height, width, mines, next_seed(), **options)
        except EngineError as error:
            raise CliError(str(error)) from None

    return dealt, False


def make_app(args: argparse.Namespace, environ: Mapping[str, str] | None = None) -> PlayApp:
    """The app for parsed ``play`` arguments (the tests drive it with Textual's pilot); ``CliError``
    for settings that make no game."""
    environ = os.environ if environ is None else environ
    language = args.lang or terminal_language(environ)
    make, fixed = _game_maker(args)
    first = make()  # a bad setting fails here, before the screen is touched
    made = iter([first])

    def games() -> Game:
        return next(made, None) or make()

    ready = None
    if fixed and first.state is GameState.READY:
        ready = words.fixed_mines(Renderer(language))
    session = Session(games, language, ready_text=ready)
    return PlayApp(session, bot_delay=args.bot_delay, theme=_theme(args.theme, environ))


def cmd_play(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    app = make_app(args)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CliError("play needs a terminal: run it in one (over SSH, with ssh -t)")
    app.run()
    return 0
