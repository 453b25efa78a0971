"""The terminal game's screen: a Textual app around a ``Session`` (``explainer.terminal.session``).

The board on the left (it scrolls with the cursor when it is larger than the window), the panel on
the right (below the board in a narrow window): the status, the hint or the bot's reason or the loss
report with its proof steps, the legend of the cells it names, the summary at the end, the keys.

Colours: the app paints its own background (a dark theme, or a light one: ``--theme``, ``t``), so the
colours read on any terminal; every role a hint gives a cell is also a marker character before the
cell's content, and the cursor is drawn in reverse video, so nothing depends on colour (``NO_COLOR``).
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, VerticalScroll
from textual.geometry import Region, Size
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static

from explainer.terminal.session import Marks, Session, cell_glyph
from explainer.core.cells import Cell, column_letters
from explainer.play.game import GameState
from explainer.play.modes import game_mode
from explainer.words import terminal as words
from explainer.words.render import Renderer

__all__ = ["PlayApp", "BoardView", "CELL_WIDTH", "MARKERS", "ROLE_PRIORITY"]

#: columns a cell takes: its role marker, its content, a space
CELL_WIDTH = 3

#: each role's marker character, shown before the cell's content (it says the role without colour)
MARKERS: dict[str, str] = {
    "clue": "#",
    "common": "=",
    "unique-a": "a",
    "unique-b": "b",
    "safe": "+",
    "mine": "!",
    "wrong-flag": "?",
    "known-mine": "m",
    "safest": "~",
    "assumed": "'",
    "best-guess": "@",
    "compared": "%",
    "move": ">",
}

#: which role a cell with several shows: what to do first, then the reasoning's parts
ROLE_PRIORITY = ("wrong-flag", "safe", "mine", "best-guess", "compared", "safest", "clue", "common", "unique-a", "unique-b", "known-mine", "assumed", "move")

#: role -> background (the text on it is black: it reads on a light and a dark theme alike)
ROLE_BACKGROUNDS: dict[str, str] = {
    "clue": "#87afff",
    "common": "#d7af5f",
    "unique-a": "#d787d7",
    "unique-b": "#5fd7d7",
    "safe": "#87d787",
    "mine": "#ff8787",
    "wrong-flag": "#ff5f5f",
    "known-mine": "#d7875f",
    "safest": "#ffd75f",
    "assumed": "#bcbcbc",
    "best-guess": "#ffaf00",
    "compared": "#d7d7af",
    "move": "#afafaf",
}

#: the numbers' colours on a dark and on a light background
NUMBER_COLOURS = {
    True: ("", "#5fafff", "#5fd75f", "#ff5f5f", "#af87ff", "#ffaf5f", "#5fd7d7", "#d0d0d0", "#a8a8a8"),
    False: ("", "#0000d7", "#007f00", "#d70000", "#5f0087", "#875f00", "#007f7f", "#303030", "#6c6c6c"),
}
COVERED_STYLE = {True: Style(color="#bcbcbc", bgcolor="#3a3a3a"), False: Style(color="#303030", bgcolor="#c6c6c6")}
FLAG_STYLE = {True: Style(color="#ff5f5f", bgcolor="#3a3a3a", bold=True), False: Style(color="#d70000", bgcolor="#c6c6c6", bold=True)}


def primary_role(roles: tuple[str, ...]) -> str | None:
    for role in ROLE_PRIORITY:
        if role in roles:
            return role
    return None


def role_style(role: str) -> Style:
    style = Style(color="#000000", bgcolor=ROLE_BACKGROUNDS[role], bold=True)
    if role in ("wrong-flag", "mine"):
        style += Style(underline=True)
    return style


class BoardView(Widget, can_focus=True):
    """The board: ``CELL_WIDTH`` columns a cell, one row a line."""

    DEFAULT_CSS = """
    BoardView { width: auto; height: auto; }
    """

    def __init__(self, session: Session) -> None:
        super().__init__(id="board")
        self.session = session

    @property
    def is_dark(self) -> bool:
        return self.app.current_theme.dark

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.label_width + self.session.game.width * CELL_WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.session.game.height + 1

    def marks(self) -> Marks:
        """The cells the message names, with the wrong flags the view proves (always marked)."""
        session = self.session
        marks = dict(session.message.marks)
        for cell in session.wrong_flags:
            found = marks.get(cell, ())
            if "wrong-flag" not in found:
                marks[cell] = (*found, "wrong-flag")
        return marks

    def cell_text(self, index: int, marks: Marks) -> tuple[str, Style]:
        """A cell's three columns and their style."""
        session = self.session
        game = session.game
        view = session.view
        dark = self.is_dark
        glyph, kind = cell_glyph(game, view, index)
        role = primary_role(marks.get(Cell(*divmod(index, game.width)), ()))
        if kind == "covered":
            style = COVERED_STYLE[dark]
            chance = session.probability(index)
            if chance is not None:
                # a percentage in two columns: 0 only when certainly safe, ** when certainly a mine
                text = "**" if chance >= 1.0 else " 0" if chance <= 0.0 else f"{min(99, max(1, round(chance * 100))):2d}"
                return (MARKERS[role] if role else " ") + text, style if role is None else role_style(role)
        elif kind == "flag":
            style = FLAG_STYLE[dark]
        elif kind == "open":
            number = int(glyph) if glyph.strip() else 0
            style = Style(color=NUMBER_COLOURS[dark][number], bold=True) if number else Style()
        elif kind == "exploded":
            style = Style(color="#ffffff", bgcolor="#d70000", bold=True)
        elif kind == "bad-flag":
            style = Style(color="#d70000", bgcolor=COVERED_STYLE[dark].bgcolor, bold=True, strike=True)
        else:  # a mine shown at the end
            style = Style(color="#ff5f5f" if dark else "#d70000", bold=True)
        if role is not None:
            return MARKERS[role] + glyph + " ", role_style(role)
        return " " + glyph + " ", style

    @property
    def label_width(self) -> int:
        """Columns before the first cell: the row numbers and a space."""
        return len(str(self.session.game.height)) + 1

    def render(self) -> Text:
        """The column letters, then each row's number and its cells (the names the hints use: C5)."""
        session = self.session
        game = session.game
        marks = self.marks()
        cursor = session.cursor
        labels = self.label_width
        label = Style(dim=True)
        text = Text(no_wrap=True, overflow="crop", end="")
        text.append(" " * labels, label)
        for col in range(game.width):
            letters = column_letters(col)
            style = label + Style(bold=True, dim=False) if col == cursor.col else label
            text.append(letters.center(CELL_WIDTH)[:CELL_WIDTH], style)
        for row in range(game.height):
            text.append("\n")
            style = label + Style(bold=True, dim=False) if row == cursor.row else label
            text.append(str(row + 1).rjust(labels - 1) + " ", style)
            for col in range(game.width):
                chunk, style = self.cell_text(row * game.width + col, marks)
                if (row, col) == cursor:
                    style = style + Style(reverse=True, bold=True)
                text.append(chunk, style)
        return text

    def cell_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The cell at a point of the widget (None on the labels or outside)."""
        if x < self.label_width or y < 1:
            return None
        row, col = y - 1, (x - self.label_width) // CELL_WIDTH
        if 0 <= row < self.session.game.height and 0 <= col < self.session.game.width:
            return row, col
        return None

    def cell_region(self, row: int, col: int) -> Region:
        """Where a cell is drawn in the widget."""
        return Region(self.label_width + col * CELL_WIDTH, row + 1, CELL_WIDTH, 1)

    def on_click(self, event: events.Click) -> None:
        found = self.cell_at(event.x, event.y)
        if found is None:
            return
        app = self.app
        assert isinstance(app, PlayApp)
        app.stop_bot()
        row, col = found
        self.session.put_cursor(row, col)
        if event.button == 3 or (event.button == 1 and event.ctrl):
            self.session.flag(row, col)
        elif event.button == 2:
            self.session.chord(row, col)
        else:
            app.activate()
            return
        app.refresh_all()


class PlayApp(App[None]):
    """``python -m explainer play``: one game at a time, in the player's language."""

    TITLE = "Explainable Minesweeper"

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; padding: 0 1; background: $panel; }
    #main { height: 1fr; }
    #board-scroll { width: auto; height: 1fr; padding: 0 1; }
    #panel { width: 1fr; min-width: 24; padding: 0 1; border-left: vkey $panel-lighten-2; }
    #keys { height: auto; padding: 0 1; background: $panel; }
    Screen.narrow #main { layout: vertical; }
    Screen.narrow #board-scroll { width: 1fr; height: 3fr; }
    Screen.narrow #panel { width: 1fr; height: 2fr; border-left: none; border-top: hkey $panel-lighten-2; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "cursor(-1, 0)", show=False),
        Binding("down,j", "cursor(1, 0)", show=False),
        Binding("left,h", "cursor(0, -1)", show=False),
        Binding("right,l", "cursor(0, 1)", show=False),
        Binding("space,enter", "activate", show=False),
        Binding("f", "flag", show=False),
        Binding("question_mark", "hint", show=False),
        Binding("p", "probabilities", show=False),
        Binding("s", "bot", show=False),
        Binding("S", "bot_play", show=False),
        Binding("u", "undo", show=False),
        Binding("a", "autopilot", show=False),
        Binding("n", "new_game", show=False),
        Binding("t", "toggle_theme", show=False),
        Binding("q", "quit", show=False),
    ]

    def __init__(self, session: Session, *, bot_delay: float = 0.4, theme: str = "dark") -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.autoplay: Timer | None = None
        self.theme = "textual-light" if theme == "light" else "textual-dark"
        self.narrow = False

    @property
    def renderer(self) -> Renderer:
        return self.session.renderer

    # -- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with ScrollableContainer(id="board-scroll"):
                yield BoardView(self.session)
            with VerticalScroll(id="panel"):
                yield Static(id="message")
                yield Static(id="legend")
                yield Static(id="summary")
        yield Static(id="keys")

    def on_mount(self) -> None:
        self.query_one(BoardView).focus()
        self.set_interval(1.0, self.refresh_status)
        self.layout_for(self.size)
        self.refresh_all()

    def on_resize(self, event: events.Resize) -> None:
        self.layout_for(event.size)
        self.refresh_keys()
        self.call_after_refresh(self.show_cursor)

    def layout_for(self, size: Size) -> None:
        """Side by side when the board and a readable panel fit the width, else the panel below the board."""
        board_width = self.query_one(BoardView).label_width + self.session.game.width * CELL_WIDTH + 4  # padding and a scroll bar
        self.narrow = size.width < board_width + 36
        self.screen.set_class(self.narrow, "narrow")
        scroll = self.query_one("#board-scroll", ScrollableContainer)
        if self.narrow:
            scroll.styles.width = "1fr"
        else:
            scroll.styles.width = min(board_width, max(size.width - 36, 10))

    def show_cursor(self) -> None:
        """Scroll the board so that the cursor's cell (and one cell around it) is in view."""
        cursor = self.session.cursor
        region = self.query_one(BoardView).cell_region(cursor.row, cursor.col)
        scroll = self.query_one("#board-scroll", ScrollableContainer)
        scroll.scroll_to_region(region.grow((1, CELL_WIDTH, 1, CELL_WIDTH)), animate=False, immediate=True)

    # -- what the panel says -----------------------------------------------------------------------
    def refresh_all(self) -> None:
        self.query_one(BoardView).refresh(layout=True)
        self.refresh_status()
        self.refresh_panel()
        self.refresh_keys()
        self.call_after_refresh(self.show_cursor)

    def refresh_status(self) -> None:
        session = self.session
        r = self.renderer
        game = session.game
        mode = words.mode_name(game_mode(game), r)
        mines, clock = words.status_labels(r)
        text = Text.assemble(
            (f"{mines} ", "bold"),
            f"{r.number(session.mines_left())}   ",
            (f"{clock} ", "bold"),
            f"{session.time_text()}   ",
            f"{mode} {game.width} × {game.height}   ",
            (session.cursor_text(), "italic"),
        )
        self.query_one("#status", Static).update(text)

    def refresh_panel(self) -> None:
        session = self.session
        message = session.message
        text = Text()
        if message.heading:
            text.append(message.heading + "\n", "bold underline")
        for number, paragraph in enumerate(message.paragraphs):
            strong = message.kind == "error" or (message.kind == "won" and number == 0)
            if message.kind == "hint" and "\n" in paragraph:  # a hint level: its heading, then its words
                heading, _newline, paragraph = paragraph.partition("\n")
                text.append(heading + "\n", "bold")
            text.append(paragraph + "\n\n", "bold" if strong else "")
        for depth, sentence in message.steps:
            text.append("  " * depth + "• " + sentence + "\n")
        text.rstrip()
        if message.paragraphs or message.steps:
            text.append("\n")
        self.query_one("#message", Static).update(text)
        self.query_one("#legend", Static).update(self.legend())
        summary = session.summary()
        self.query_one("#summary", Static).update(Text("\n".join(summary), "bold") if summary else "")

    def legend(self) -> Text:
        marks = self.query_one(BoardView).marks()
        shown = {primary_role(roles) for roles in marks.values()} - {None}
        if not shown:
            return Text()
        labels = words.role_labels(self.renderer)
        text = Text(words.legend_heading(self.renderer) + "\n", "bold")
        for role in ROLE_PRIORITY:
            if role in shown:
                text.append(f"{MARKERS[role]}  ", role_style(role))
                text.append(" " + labels[role] + "\n")
        return text

    def refresh_keys(self) -> None:
        r = self.renderer
        game = self.session.game
        pairs = words.key_help(r, game.state is GameState.LOSS_PENDING)
        width = max(self.size.width - 2, 20)
        text = Text()
        used = 0
        for key, label in pairs:
            size = len(key) + len(label) + 5
            if used and used + size > width:  # a key and its words stay on one line
                text.append("\n")
                used = 0
            text.append(f" {key} ", "reverse bold")
            text.append(f" {label}  ")
            used += size
        self.query_one("#keys", Static).update(text)

    # -- actions -----------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        if self.autoplay is not None:  # any key stops the bot
            self.stop_bot()
            event.prevent_default()
            event.stop()

    def stop_bot(self) -> None:
        if self.autoplay is not None:
            self.autoplay.stop()
            self.autoplay = None

    def action_cursor(self, rows: int, cols: int) -> None:
        self.session.move_cursor(rows, cols)
        self.refresh_all()

    def action_activate(self) -> None:
        self.activate()

    def activate(self) -> None:
        session = self.session
        if session.game.state is GameState.LOSS_PENDING:
            session.accept_loss()
        else:
            session.activate()
        self.refresh_all()

    def action_flag(self) -> None:
        self.session.flag()
        self.refresh_all()

    def action_hint(self) -> None:
        self.session.hint()
        self.refresh_all()

    def action_probabilities(self) -> None:
        self.session.toggle_probabilities()
        self.refresh_all()

    def action_autopilot(self) -> None:
        self.session.cycle_autopilot()
        self.refresh_all()

    def action_bot(self) -> None:
        self.session.bot_move()
        self.refresh_all()

    def action_bot_play(self) -> None:
        if self.autoplay is None and not self.session.game.over:
            self.autoplay = self.set_interval(self.bot_delay, self.bot_tick)
            self.bot_tick()

    def bot_tick(self) -> None:
        if self.autoplay is None or self.session.game.over:  # a tick already queued when the bot stopped: nothing
            self.stop_bot()
            return
        move = self.session.bot_move()
        self.refresh_all()
        if move is None or self.session.game.over:
            self.stop_bot()

    def action_undo(self) -> None:
        self.session.undo()
        self.refresh_all()

    def action_new_game(self) -> None:
        self.session.new_game()
        self.layout_for(self.size)
        self.refresh_all()

    def action_toggle_theme(self) -> None:
        self.theme = "textual-light" if self.current_theme.dark else "textual-dark"
        self.refresh_all()
