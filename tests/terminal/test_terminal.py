"""``python -m explainer play``: the terminal game, driven through Textual's pilot (``App.run_test``).

Each test runs the app headless in an event loop of its own (``asyncio.run`` in a thread: no pytest plugin) and waits
for state (``pilot.pause()`` until a condition holds), never for a time.  What the screen says is checked
against the engine and the words package called directly: the hint's sentence (``hint_text``), the bot's
reason (``explain_move``), the loss report (``loss_text``).

``SCREENSHOT_DIR=docs/screenshots`` writes ``terminal-hint.svg`` (a game with a hint on screen) for the README;
without it the picture is made in a temporary folder.
"""

from __future__ import annotations

import asyncio
import io
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from rich.color import Color
from rich.style import Style
from textual.containers import ScrollableContainer
from textual.pilot import Pilot
from textual.widgets import Static

from explainer.bot.moves import next_move
from explainer.cli.main import build_parser, main
from explainer.cli.play import make_app, terminal_language
from explainer.terminal.app import MARKERS, ROLE_BACKGROUNDS, BoardView, PlayApp, primary_role
from explainer.core.board import COVERED, FLAGGED
from explainer.core.cells import Cell, iter_bits
from explainer.engine.highlight import highlights
from explainer.engine.hint import make_hint
from explainer.engine.solve import solve
from explainer.formats import Position, write
from explainer.play.game import Game, GameState
from explainer.play.losses import stored_loss_report
from explainer.words.bot import explain_move
from explainer.words.hints import hint_text
from explainer.words.modes import loss_text
from explainer.words.render import Renderer

ROOT = Path(__file__).resolve().parents[2]
Scenario = Callable[[PlayApp, Pilot[None]], Awaitable[None]]


def app_for(*argv: str, environ: dict[str, str] | None = None) -> PlayApp:
    args = build_parser().parse_args(["play", "--bot-delay", "0.01", *argv])
    return make_app(args, environ={} if environ is None else environ)


def drive(app: PlayApp, scenario: Scenario, size: tuple[int, int] = (110, 36)) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await scenario(app, pilot)

    # in a thread of its own: a test before this one (a browser test's Playwright) may have left an event
    # loop running in this thread, where ``asyncio.run`` refuses to start another
    failure: list[BaseException] = []

    def in_thread() -> None:
        try:
            asyncio.run(run())
        except BaseException as error:  # (re-raised in the test's thread)
            failure.append(error)

    worker = threading.Thread(target=in_thread, name="terminal-app")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]


async def until(pilot: Pilot[None], condition: Callable[[], bool], tries: int = 2000) -> None:
    """Let the app run until ``condition`` holds (a bounded number of turns of its event loop)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause()
    raise AssertionError("the app never reached the state waited for")


def keys_to(app: PlayApp, row: int, col: int) -> list[str]:
    """The key presses that take the cursor to (row, col): hjkl for the rows, arrows for the columns."""
    cursor = app.session.cursor
    rows = row - cursor.row
    cols = col - cursor.col
    return ["j" if rows > 0 else "k"] * abs(rows) + ["right" if cols > 0 else "left"] * abs(cols)


async def go(app: PlayApp, pilot: Pilot[None], row: int, col: int) -> None:
    await pilot.press(*keys_to(app, row, col))
    assert app.session.cursor == (row, col)


def board_cell(app: PlayApp, cell: tuple[int, int]) -> tuple[str, Style]:
    """A cell's three columns on the board and their style, as drawn."""
    board = app.query_one(BoardView)
    return board.cell_text(cell[0] * app.session.game.width + cell[1], board.marks())


def panel_text(app: PlayApp) -> str:
    return "\n".join(str(app.query_one(f"#{name}", Static).render()) for name in ("message", "legend", "summary"))


# -- the game ----------------------------------------------------------------------------------------


def test_a_seeded_game_is_won_through_key_presses() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        assert game.state is GameState.READY
        assert "the first click is always safe" in panel_text(app)
        await pilot.press("space")  # the first click, in the middle: always safe, it opens an area
        assert game.state is GameState.PLAYING and game.layout is not None
        assert (game.layout >> (4 * 9 + 4)) & 1 == 0 and game.revealed.bit_count() > 1
        mine = next(iter_bits(game.layout))
        await go(app, pilot, *divmod(mine, 9))
        await pilot.press("f")
        assert game.flagged == 1 << mine and board_cell(app, divmod(mine, 9))[0][1] == "F"
        assert "10" not in str(app.query_one("#status", Static).render()).split("Time")[0]  # 9 mines left
        safe = [i for i in range(81) if not game.layout >> i & 1]
        for index in safe:
            if game.revealed >> index & 1:
                continue
            await go(app, pilot, *divmod(index, 9))
            await pilot.press("enter" if index % 2 else "space")
        assert game.state is GameState.WON
        text = panel_text(app)
        assert "You won! Every safe cell is open." in text
        for figure in ("Mode: Classic", "Time: ", "3BV: ", "Clicks: ", "Efficiency: "):
            assert figure in text
        assert app.session.mines_left() == 0

    drive(app, scenario)


def test_undo_takes_back_a_move_and_chord_opens_around_a_number() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        await pilot.press("space")
        assert game.layout is not None
        view = game.view()
        # a number whose mines are all flagged: Space on it opens its other neighbours (a chord)
        for index, number in view.numbers():
            around = view.neighbours[index] & view.covered_mask
            mines = around & game.layout
            if number and around & ~game.layout:
                break
        else:
            raise AssertionError("no number to chord")
        for mine in iter_bits(mines):
            await go(app, pilot, *divmod(mine, 9))
            await pilot.press("f")
        await go(app, pilot, *divmod(index, 9))
        revealed = game.revealed
        await pilot.press("space")
        assert game.revealed & around & ~game.layout == around & ~game.layout and game.revealed != revealed
        await pilot.press("u")
        assert game.revealed == revealed and "The last move was taken back." in panel_text(app)

    drive(app, scenario)


# -- hints ------------------------------------------------------------------------------------------


def test_a_hint_gives_its_levels_sentence_and_cells_by_role() -> None:
    app = app_for("--preset", "beginner", "--seed", "11", "--lang", "de")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        await pilot.press("space")
        hint = make_hint(game.view())
        assert hint.kind == "deduction" and hint.deduction is not None
        levels = Renderer("de").levels(hint.deduction)
        await pilot.press("question_mark")  # the first level: where to look, the numbers marked
        assert levels.where in panel_text(app) and levels.pattern not in panel_text(app)
        await pilot.press("question_mark")
        assert levels.pattern in panel_text(app)
        await pilot.press("question_mark")  # the full argument, in German, and every cell it names
        text = panel_text(app)
        sentence = hint_text(hint, "de")
        assert sentence == levels.full
        proof = [Renderer("de").proof_step(step) for step in hint.deduction.proof]
        assert all(step in text.replace("\n", " ") for step in proof) or sentence in text.replace("\n", " ")
        assert "Legende" in text  # the legend, in the player's language
        roles = highlights(hint.deduction)
        assert roles
        for cell, found in roles.items():
            chunk, style = board_cell(app, cell)
            role = primary_role(found)
            assert role is not None
            assert chunk[0] == MARKERS[role]  # the role without colour: its marker
            assert style.bgcolor == Color.parse(ROLE_BACKGROUNDS[role])
        unmarked = next(Cell(*divmod(i, 9)) for i in range(81) if Cell(*divmod(i, 9)) not in roles)
        assert board_cell(app, unmarked)[0][0] == " "

    drive(app, scenario)


def test_a_wrong_flag_is_marked_and_the_hint_on_it_says_why() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        await pilot.press("space")
        proved = solve(game.view()).safe
        assert proved
        safe = next(iter(proved))  # provably safe: a flag there is provably wrong
        await go(app, pilot, *safe)
        await pilot.press("f")
        assert safe in app.session.wrong_flags
        chunk, _style = board_cell(app, safe)
        assert chunk == MARKERS["wrong-flag"] + "F "
        assert "wrong flag" in str(app.query_one("#status", Static).render())
        await pilot.press("question_mark")
        assert f"The flag on {Cell(*safe).name} can't be right: that cell is safe." in panel_text(app)

    drive(app, scenario)


def test_probabilities_toggle_on_the_board() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        await pilot.press("p")
        assert "open a cell first" in panel_text(app) and not app.session.probabilities
        await pilot.press("space", "p")
        assert app.session.probabilities
        covered = next(i for i in range(81) if game.view().cells[i] == COVERED)
        chunk, _style = board_cell(app, divmod(covered, 9))
        assert chunk[1:].strip().isdigit() or chunk[1:] == "**"
        await go(app, pilot, *divmod(covered, 9))
        assert "mine chance" in str(app.query_one("#status", Static).render())
        await pilot.press("p")
        assert board_cell(app, divmod(covered, 9))[0][1] == "."

    drive(app, scenario)


# -- the bot ---------------------------------------------------------------------------------------------


def test_the_bot_moves_on_s_and_says_why() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        await pilot.press("space")
        for _ in range(3):
            expected = next_move(game.view())
            before = game.view()
            await pilot.press("s")
            assert app.session.message.text == explain_move(expected, "en") or all(
                line.removeprefix("- ") in explain_move(expected, "en") for line in app.session.message.text.splitlines()
            )
            cell = expected.cell
            assert game.view().cells[game.index(*cell)] != before.cells[game.index(*cell)]  # it played there
            assert app.session.cursor == cell
            assert board_cell(app, cell)[0][0] != " "  # the cell it moved on is marked

    drive(app, scenario)


def test_shift_s_lets_the_bot_play_to_the_end_and_a_key_stops_it() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("S")
        await until(pilot, lambda: app.session.game.over or app.autoplay is None)
        assert app.session.game.over and app.autoplay is None
        assert "The bot" in panel_text(app)
        app.bot_tick()  # a tick the timer had queued before it stopped (a busy machine) changes nothing
        await pilot.pause()
        assert "The bot" in panel_text(app)
        await pilot.press("n")  # a new game; the bot plays on, slowly, until a key is pressed
        assert app.session.game.state is GameState.READY
        app.bot_delay = 30.0
        await pilot.press("S")
        assert app.autoplay is not None and app.session.game.state is GameState.PLAYING
        moves = app.session.game.moves
        await pilot.press("x")
        assert app.autoplay is None and app.session.game.moves == moves

    drive(app, scenario)


def test_the_bots_loss_is_said_as_the_bots() -> None:
    # seed 7: the bot plays the same moves each time and its last guess (a 50/50) opens a mine
    app = app_for("--preset", "beginner", "--seed", "7")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        await pilot.press("S")
        await until(pilot, lambda: app.session.game.over or app.autoplay is None)
        assert app.session.game.state is GameState.LOSS_PENDING
        assert "The bot opened a mine. Undo its click, or show the whole board." in panel_text(app)
        assert "You opened" not in panel_text(app)
        await pilot.press("enter")
        assert app.session.game.state is GameState.LOST
        text = panel_text(app)
        assert "The bot opened a mine. The whole board is shown." in text
        assert "Undo its click" not in text
        assert "Clicks: 0" in text and "Moves: " in text  # the bot's moves are not the player's clicks

    drive(app, scenario)


# -- a loss ----------------------------------------------------------------------------------------------


def test_a_loss_is_explained_undone_and_accepted() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        await pilot.press("space")
        assert game.layout is not None
        mine = next(i for i in iter_bits(game.layout))
        await go(app, pilot, *divmod(mine, 9))
        await pilot.press("space")
        assert game.state is GameState.LOSS_PENDING
        report = stored_loss_report(game)
        assert report is not None
        text = panel_text(app).replace("\n", " ")
        assert "Why did I lose?" in text
        assert loss_text(report, Renderer("en")) in text
        assert board_cell(app, divmod(mine, 9))[0][1] == "X"
        assert "Undo the losing click" in str(app.query_one("#keys", Static).render())
        await pilot.press("u")
        assert game.state is GameState.PLAYING
        await pilot.press("space", "enter")  # lose again, then show the whole board
        assert game.state is GameState.LOST
        other = next(i for i in iter_bits(game.layout) if i != mine)
        assert board_cell(app, divmod(other, 9))[0][1] == "*"
        assert "Mode: Classic" in panel_text(app)

    drive(app, scenario)


# -- a board file, the mouse ---------------------------------------------------------------------------------


def test_a_board_file_is_played_with_its_layout(tmp_path: Path) -> None:
    game = Game.from_layout(6, 6, sum(1 << i for i in (0, 5, 30, 35, 14)))
    game.open(3, 2)
    game.toggle_flag(0, 0)
    path = tmp_path / "board.csv"
    path.write_bytes(write(Position(game.view(), game.layout), "tiles"))
    app = app_for("--board", str(path))

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        played = app.session.game
        assert played.layout == game.layout and played.revealed == game.revealed and played.flagged == 1
        assert played.state is GameState.PLAYING and board_cell(app, (3, 2))[0][1] == str(game.view().cells[20]) == "1"
        for index in range(36):
            if not (game.layout >> index & 1 or played.revealed >> index & 1):
                await go(app, pilot, *divmod(index, 6))
                await pilot.press("space")
        assert played.state is GameState.WON

    drive(app, scenario)


def test_a_board_file_without_a_layout_gets_mines_that_fit_it(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("mines 3\n1?????\n??????\n??????\n??????\n??????\n")
    app = app_for("--board", str(path), "--seed", "4")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        played = app.session.game
        assert played.view().cells[0] == 1 and played.mine_count == 3 and played.layout is not None
        assert (played.layout & 0b11 | played.layout & (0b11 << 6)).bit_count() == 1  # the 1 holds

    drive(app, scenario)


def test_the_mouse_opens_and_flags() -> None:
    app = app_for("--preset", "beginner", "--seed", "11")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        board = app.query_one(BoardView)
        region = board.cell_region(4, 4)
        await pilot.click(BoardView, offset=(region.x + 1, region.y))
        game = app.session.game
        assert game.state is GameState.PLAYING and game.revealed >> (4 * 9 + 4) & 1
        covered = next(i for i in range(81) if game.view().cells[i] == COVERED)
        region = board.cell_region(*divmod(covered, 9))
        await pilot.click(BoardView, offset=(region.x + 1, region.y), button=3)
        assert game.view().cells[covered] == FLAGGED

    drive(app, scenario)


# -- the layout follows the window -----------------------------------------------------------------------------


def test_the_layout_follows_the_terminal_size() -> None:
    app = app_for("--preset", "expert", "--seed", "2")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        board = app.query_one("#board-scroll", ScrollableContainer)
        panel = app.query_one("#panel")
        assert not app.screen.has_class("narrow")  # wide: the panel beside the board
        assert panel.region.x >= board.region.right and panel.region.width >= 30
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: app.screen.has_class("narrow"))
        await pilot.pause()
        assert panel.region.y >= board.region.bottom and panel.region.width >= 50  # below the board
        # a board larger than the window scrolls with the cursor
        await pilot.press(*(["l"] * 29 + ["j"] * 15))
        await pilot.pause()
        cursor = app.query_one(BoardView).cell_region(15, 29)
        assert board.scroll_x > 0 and board.scroll_y > 0
        visible = board.scrollable_content_region
        on_screen = cursor.translate(visible.offset).translate((-int(board.scroll_x), -int(board.scroll_y)))
        assert visible.contains_region(on_screen)
        await pilot.resize_terminal(160, 40)
        await until(pilot, lambda: not app.screen.has_class("narrow"))

    drive(app, scenario, size=(160, 40))


# -- the language --------------------------------------------------------------------------------------------


def test_the_language_is_the_terminals_unless_lang_says_otherwise() -> None:
    assert terminal_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert terminal_language({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}) == "fr"
    assert terminal_language({"LANG": "C.UTF-8"}) == "en" and terminal_language({}) == "en"
    assert app_for(environ={"LANG": "ja_JP.UTF-8"}).session.language == "ja"
    assert app_for("--lang", "es", environ={"LANG": "ja_JP.UTF-8"}).session.language == "es"
    app = app_for(environ={"LANG": "de_DE.UTF-8"})

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        assert "Minen übrig" in str(app.query_one("#status", Static).render()) or "Minen" in str(
            app.query_one("#status", Static).render()
        )
        assert "Rückgängig" in str(app.query_one("#keys", Static).render())

    drive(app, scenario)


# -- bad arguments --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--preset", "giant"], "invalid choice: 'giant'"),
        (["--multiplier", "2"], "--multiplier must be one of 0.7"),
        (["--mode", "easy"], "invalid choice: 'easy'"),
        (["--lang", "xx"], "unknown language 'xx'"),
        (["--max-rule", "pair"], "--max-rule only applies to --mode no-guess"),
        (["--height", "1"], "a board must be 2 to 200 cells on each side"),
        (["--mines", "100"], "mines must be between 1 and 80"),
        (["--board", "/no/such/board.txt"], "/no/such/board.txt: No such file"),
        (["--board", str(ROOT / "tests" / "boards" / "pair_one_two_one.txt"), "--mode", "no-guess"], "no-guess"),
        ([], "play needs a terminal"),
    ],
)
def test_bad_arguments_are_an_error_line_and_status_2(argv: list[str], message: str) -> None:
    err = io.StringIO()
    with redirect_stderr(err):
        try:
            status = main(["play", *argv], stdin=io.StringIO(), out=io.StringIO())
        except SystemExit as exit:
            status = exit.code  # argparse's own refusals
    assert status == 2
    assert "error: " in err.getvalue() and message in err.getvalue() and "Traceback" not in err.getvalue()


def test_bad_arguments_never_touch_the_terminal() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "explainer", "play", "--preset", "expert", "--mines", "0"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2 and result.stderr.count("error: ") == 1
    assert "\x1b" not in result.stdout + result.stderr  # no escape sequence: the screen was never switched


def test_q_quits_and_restores_the_terminal() -> None:
    """The real command in a pseudo-terminal: it draws the game, and ``q`` leaves with the screen restored."""
    if sys.platform == "win32":
        pytest.skip("a pseudo-terminal needs a POSIX system")
    import fcntl
    import pty
    import select
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    environ = {**os.environ, "TERM": "xterm-256color", "LANG": "en_US.UTF-8", "COLUMNS": "100", "LINES": "30"}
    process = subprocess.Popen(
        [sys.executable, "-m", "explainer", "play", "--seed", "1"], stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=environ
    )
    os.close(slave)
    seen = b""

    def read_until(done: Callable[[], bool], seconds: float = 30.0) -> None:
        """Read what the app writes (so that it never blocks on a full terminal) until ``done()``."""
        nonlocal seen
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            ready, _w, _x = select.select([master], [], [], 0.2)
            if ready:
                try:
                    seen += os.read(master, 65536)
                except OSError:  # the child closed the terminal: it is leaving
                    process.wait(timeout=seconds)
                    break
        assert done(), seen[-500:]

    try:
        read_until(lambda: b"Mines left" in seen)  # the game is on the screen (the alternate screen)
        assert b"\x1b[?1049h" in seen
        os.write(master, b"q")
        read_until(lambda: process.poll() is not None)
        assert process.wait() == 0
        assert b"\x1b[?1049l" in seen  # back to the normal screen, the cursor shown again
        assert seen.rindex(b"\x1b[?25h") > seen.rindex(b"\x1b[?1049h")
    finally:
        if process.poll() is None:
            process.kill()
        os.close(master)


# -- the screenshot -------------------------------------------------------------------------------------------


def test_screenshot_of_a_game_with_a_hint(tmp_path: Path) -> None:
    """The README's picture: to ``$SCREENSHOT_DIR`` when set (``docs/screenshots``), else a temporary folder."""
    folder = Path(os.environ.get("SCREENSHOT_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    app = app_for("--preset", "beginner", "--seed", "11", "--theme", "dark")

    async def scenario(app: PlayApp, pilot: Pilot[None]) -> None:
        game = app.session.game
        await pilot.press("space")
        # follow the hints until one names two numbers (its areas are coloured), then show it whole
        for _ in range(60):
            hint = make_hint(game.view())
            assert hint.deduction is not None
            if hint.deduction.areas is not None:
                break
            move = next_move(game.view())
            await pilot.press("s")
            assert move.cell == app.session.cursor
        await pilot.press("question_mark", "question_mark", "question_mark")
        assert app.session.message.heading == "Hint" and app.session.message.marks
        app.save_screenshot("terminal-hint.svg", path=str(folder))

    drive(app, scenario, size=(100, 26))
    assert (folder / "terminal-hint.svg").read_text().startswith("<svg")


@pytest.mark.parametrize(("mode", "line"), [("forgiving", "Saves: "), ("assist", "Cells opened for you: "), ("classic", None)])
def test_the_summary_gives_the_modes_own_figures(mode: str, line: str | None) -> None:
    """A finished game's summary in the terminal ends with its mode's own figures (a forgiving game's
    saves, an assisted game's cells opened), as the web's does; a classic game has none."""
    from explainer.terminal.session import Session
    from explainer.play.modes import mode_rules, new_game
    from explainer.play.moves import open_cell

    session = Session(lambda: new_game(mode, 9, 9, 10, seed=5), "en")
    game = session.game
    open_cell(game, 4, 4)
    assert game.layout is not None
    for index in range(game.size):
        if not game.over and not game.layout >> index & 1 and not game.revealed >> index & 1:
            open_cell(game, *divmod(index, game.width))
    assert game.state is GameState.WON
    lines = session.summary()
    figures = mode_rules(game).figures(game)
    if line is None:
        assert not figures and not any(text.startswith(("Saves: ", "Cells opened for you: ")) for text in lines)
    else:
        assert lines[-1] == f"{line}{next(iter(figures.values()))}"


def test_the_autopilot_plays_the_easy_steps_after_the_player_s_move() -> None:
    """``a`` switches the autopilot (off, one-number steps, two-number steps, off); on, each of the player's moves is
    followed by every move the level decides, as the bot (``explainer.bot.autopilot``, the web's too)."""
    from explainer.bot.autopilot import autopilot_moves
    from explainer.core.deduction import Rule
    from explainer.terminal.session import Session
    from explainer.play.modes import new_game

    for seed in range(1, 30):  # a board whose first click leaves one-number steps
        trial = new_game("classic", 9, 9, 10, seed=seed)
        trial.open(4, 4)
        if trial.state is GameState.PLAYING and autopilot_moves(trial.view(), Rule.SIMPLE):
            break
    session = Session(lambda: new_game("classic", 9, 9, 10, seed=seed), "en")
    session.cycle_autopilot()
    assert session.autopilot is Rule.SIMPLE
    assert session.message.text == "Autopilot, after each of your moves: play the one-number steps"
    session.open(4, 4)
    game = session.game
    bot = [entry for entry in game.history if entry["by"] == "bot"]
    assert bot and game.history[0]["by"] == "player"
    assert re.search(r"The autopilot decided \d+ cells?\.$", session.message.text)
    if game.state is GameState.PLAYING:
        assert not autopilot_moves(game.view(), Rule.SIMPLE)  # nothing left at its level
    session.cycle_autopilot()
    session.cycle_autopilot()
    assert session.autopilot is None and session.message.text == "Autopilot, after each of your moves: off"
