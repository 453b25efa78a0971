"""The terminal game's state and moves, apart from the screen (``explainer.terminal.app`` draws it).

A ``Session`` holds one game and what the player is shown of it: the cursor, the last message (a hint
and its level, the bot's reason, a loss report), the cells that message names by role, the wrong flags
and the probability overlay.  Every move goes through the game's mode (``explainer.play.modes``), the
same functions the web game calls; every piece of reasoning reads ``Game.view()`` only, never the
layout; every sentence comes from the words package through a ``Renderer`` in the player's language.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from babel.numbers import format_decimal

from explainer.bot.moves import Move, MoveKind, advised_loss, next_move
from explainer.core.board import COVERED, FLAGGED, Board
from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction
from explainer.engine import budget
from explainer.engine.highlight import Marks, highlights
from explainer.engine.solve import Solution
from explainer.errors import EngineError
from explainer.play import history
from explainer.play.figures import bbbv
from explainer.play.game import Game, GameState
from explainer.play.modes import Mode, MoveOutcome, game_mode, mode_rules
from explainer.play.moves import chord_cell, flag_cell, open_cell
from explainer.service import Advice, Solutions, advise, wrong_flags_now
from explainer.words.bot import explain_move, move_marks
from explainer.words.hints import hint_text, named_shape
from explainer.words.modes import loss_text
from explainer.words.render import Renderer, step_depth

__all__ = ["Marks", "Message", "Session", "cell_glyph", "mode_name"]



@dataclass
class Message:
    """What the side panel says: a heading, paragraphs, indented proof lines, the cells by role."""

    heading: str = ""
    paragraphs: list[str] = field(default_factory=list)
    #: (depth, sentence) of a proof's steps, for a list view
    steps: list[tuple[int, str]] = field(default_factory=list)
    marks: Marks = field(default_factory=dict)
    kind: str = "info"  # info | hint | bot | loss | won | error

    @property
    def text(self) -> str:
        """Everything it says, as plain text (the tests read it)."""
        lines = [self.heading] if self.heading else []
        lines += self.paragraphs
        lines += ["  " * depth + "- " + sentence for depth, sentence in self.steps]
        return "\n".join(lines)


def mode_name(mode: Mode, renderer: Renderer) -> str:
    """A mode's short name, in the words the web's summary uses."""
    r = renderer
    names = {
        # I18N: game mode name
        Mode.CLASSIC: r._("Classic"),
        # I18N: game mode name: every board can be solved by logic alone
        Mode.NO_GUESS: r._("No guessing"),
        # I18N: game mode name: the game opens a safe cell when no logical step is left
        Mode.ASSIST: r._("Assisted"),
        # I18N: game mode name: an unprovable mine never explodes
        Mode.FORGIVING: r._("Forgiving"),
        # I18N: game mode name: a guess while a logical step was available loses at once
        Mode.STRICT: r._("Strict"),
    }
    return names[mode]


def cell_glyph(game: Game, view: Board, index: int) -> tuple[str, str]:
    """What a cell shows (one character) and its kind: ``covered``, ``flag``, ``open`` (a number or
    blank), ``mine`` (shown at the end), ``exploded``, ``bad-flag`` (a flag on a safe cell, shown at the end)."""
    state = view.cells[index]
    bit = 1 << index
    finished = game.finished and game.layout is not None
    if game.exploded == index and game.lost:
        return "X", "exploded"
    if state == FLAGGED:
        if finished and game.layout is not None and not game.layout & bit:
            return "x", "bad-flag"
        return "F", "flag"
    if state == COVERED:
        if finished and game.layout is not None and game.layout & bit:
            return ("F", "flag") if game.state is GameState.WON else ("*", "mine")
        return ".", "covered"
    return (str(state) if state else " "), "open"


class Session:
    """One game in the terminal and what the player is shown of it."""

    def __init__(
        self,
        make_game: Callable[[], Game],
        language: str,
        *,
        ready_text: str | None = None,
        seconds: float | None = budget.DEFAULT_SECONDS,
        work: int | None = budget.DEFAULT_WORK,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.make_game = make_game
        self.language = language
        self.renderer = Renderer(language)
        self.ready_text = ready_text
        self.seconds = seconds
        self.work = work
        self.clock = clock
        self.new_game()

    # -- the game ------------------------------------------------------------------------------
    def new_game(self) -> None:
        self.game = self.make_game()
        self.cursor = Cell(self.game.height // 2, self.game.width // 2)
        self.started: float | None = None
        self.finished: float | None = None
        self.probabilities = False
        self._solutions = Solutions(1)  # the position on screen
        self._hint_key: tuple[object, ...] | None = None
        self.hint_level = 0
        self.wrong_flags = CellSet(0, self.game.width)
        self.last_by = "player"
        self.message = Message(paragraphs=[self.ready_message()])

    def ready_message(self) -> str:
        r = self.renderer
        if self.ready_text is not None:
            return self.ready_text
        # I18N: the hint before the first click of a game
        return r._("Open any cell: the first click is always safe.")

    @property
    def view(self) -> Board:
        return self.game.view()

    def elapsed(self) -> float:
        """Seconds played: from the first move to the end (or to now)."""
        if self.started is None:
            return 0.0
        end = self.finished if self.finished is not None else self.clock()
        return max(0.0, end - self.started)

    def time_text(self, seconds: float | None = None) -> str:
        """A time as the web's summary writes it: "12 s", "1:05"."""
        seconds = self.elapsed() if seconds is None else seconds
        whole = int(seconds)
        if whole < 60:
            # I18N: a time in seconds, e.g. "12 s"
            return self.renderer._("%(seconds)s s", seconds=whole)
        return f"{whole // 60}:{whole % 60:02d}"

    def mines_left(self) -> int:
        return 0 if self.game.state is GameState.WON else self.game.mines_left()

    # -- the cursor ---------------------------------------------------------------------------
    def move_cursor(self, rows: int, cols: int) -> None:
        row = min(max(self.cursor.row + rows, 0), self.game.height - 1)
        col = min(max(self.cursor.col + cols, 0), self.game.width - 1)
        self.cursor = Cell(row, col)

    def put_cursor(self, row: int, col: int) -> None:
        if 0 <= row < self.game.height and 0 <= col < self.game.width:
            self.cursor = Cell(row, col)

    # -- engine work, bounded ------------------------------------------------------------------
    def _solve(self) -> Solution:
        """The solution of the view (kept for the position): certain cells, probabilities, wrong flags."""
        with budget.limit(seconds=self.seconds, work=self.work):
            return self._solutions.solve(self.game.view(), self._position())

    def _position(self) -> tuple[int, int, GameState]:
        game = self.game
        return (game.revealed, game.flagged, game.state)

    def _error(self, error: EngineError) -> None:
        self.message = Message(paragraphs=[self.renderer.error(error)], kind="error")

    # -- moves --------------------------------------------------------------------------------
    def activate(self, row: int | None = None, col: int | None = None) -> None:
        """Space / Enter / a click: open a covered cell, chord an open number."""
        row, col = (self.cursor if row is None or col is None else (row, col))
        if self.game.over:
            return
        state = self.game.view().cells[row * self.game.width + col]
        if state == FLAGGED:
            return
        if state == COVERED:
            self._move(lambda: open_cell(self.game, row, col, at=time.time()))
        elif state > 0:
            self._move(lambda: chord_cell(self.game, row, col, at=time.time()))

    def open(self, row: int, col: int) -> None:
        if not self.game.over:
            self._move(lambda: open_cell(self.game, row, col, at=time.time()))

    def chord(self, row: int, col: int) -> None:
        if not self.game.over and self.game.revealed >> (row * self.game.width + col) & 1:
            self._move(lambda: chord_cell(self.game, row, col, at=time.time()))

    def flag(self, row: int | None = None, col: int | None = None) -> None:
        """``f`` / a right click: flag or unflag a covered cell (an open one is left alone)."""
        row, col = (self.cursor if row is None or col is None else (row, col))
        if self.game.over or self.game.revealed >> (row * self.game.width + col) & 1:
            return
        try:
            flag_cell(self.game, row, col, at=time.time())
        except EngineError as error:
            self._error(error)
            return
        self._after_move("player", None)

    def _move(self, play: Callable[[], MoveOutcome], by: str = "player") -> MoveOutcome | None:
        if self.started is None:
            self.started = self.clock()
        try:
            outcome = play()
        except EngineError as error:
            self._error(error)
            return None
        self._after_move(by, outcome)
        return outcome

    def _after_move(self, by: str, outcome: MoveOutcome | None, message: Message | None = None) -> None:
        """After any move: the clock, the wrong flags, and what the panel says (the outcome's words)."""
        game = self.game
        if self.started is None and game.state is not GameState.READY:
            self.started = self.clock()
        if game.over and self.finished is None:
            self.finished = self.clock()
        self.last_by = by
        self._hint_key = None
        self.hint_level = 0
        self._note_wrong_flags()
        self.message = message if message is not None else Message()
        if outcome is not None:
            self._tell_outcome(outcome)
        if game.state is GameState.WON:
            self._tell_won()

    def _note_wrong_flags(self) -> None:
        """The flags the player's view proves wrong (``explainer.service.wrong_flags_now``, as the web): marked on
        the board."""
        self.wrong_flags = wrong_flags_now(self.game, lambda _view: self._solve())
        if self.wrong_flags:
            self.game.extra["warned"] = True

    def _tell_outcome(self, outcome: MoveOutcome) -> None:
        r = self.renderer
        message = self.message
        if outcome.saved:
            # I18N: forgiving mode: the opened cell held a mine the player could not have known about
            message.paragraphs.append(r._("Saved! That cell hid a mine you could not have known about, so the mines were moved."))
        for assist in outcome.assists:
            message.paragraphs.append(r.assist(assist.cell, assist.probability))
            message.marks.setdefault(assist.cell, ("safest",))
        if self.game.lost:
            self._tell_loss(outcome)

    def _tell_loss(self, outcome: MoveOutcome) -> None:
        r = self.renderer
        message = self.message
        message.kind = "loss"
        status = self._pending_text() if self.game.state is GameState.LOSS_PENDING else self._lost_text()
        message.paragraphs.append(status)
        report = outcome.loss
        if report is None:
            return
        stored = self.game.extra.get("loss")
        if isinstance(stored, dict) and "view" in stored:  # the advised guess lost: said so, no "safer cell existed"
            report = advised_loss(report, Board.parse(stored["view"]))
        # I18N: heading of the loss explanation after a lost game
        message.heading = r._("Why did I lose?")
        message.paragraphs.append(loss_text(report, r))
        marks: Marks = {}
        for deduction in report.chain:
            for cell, roles in highlights(deduction).items():
                marks[cell] = tuple(dict.fromkeys((*marks.get(cell, ()), *roles)))
        for cell in report.safe or ():
            marks.setdefault(cell, ("safe",))
        for cell in report.safest or ():
            marks.setdefault(cell, ("safest",))
        for cell in report.wrong_flags or ():
            marks[cell] = (*marks.get(cell, ()), "wrong-flag")
        message.marks = marks

    def _pending_text(self) -> str:
        r = self.renderer
        if self.last_by == "bot":
            # I18N: status line after the bot opened a mine in a mode where the losing click can still be undone
            return r._("The bot opened a mine. Undo its click, or show the whole board.")
        # I18N: status line after opening a mine in a mode where the losing click can still be undone
        return r._("Boom! You opened a mine. Undo the losing click, or show the whole board.")

    def _lost_text(self) -> str:
        r = self.renderer
        if self.last_by == "bot":
            # I18N: status line when the bot's move opened a mine
            return r._("The bot opened a mine. The whole board is shown.")
        # I18N: status line when a mine was opened
        return r._("Boom! You opened a mine. The whole board is shown.")

    def _tell_won(self) -> None:
        r = self.renderer
        if self.last_by == "bot":
            # I18N: status line when the bot's move won the game
            won = r._("The bot won! Every safe cell is open.")
        else:
            # I18N: status line when the game is won
            won = r._("You won! Every safe cell is open.")
        self.message.kind = "won"
        self.message.paragraphs.insert(0, won)

    def undo(self) -> bool:
        """``u``: take back the last move (also the losing click, until the loss is accepted)."""
        game = self.game
        if not history.can_undo(game):
            return False
        try:
            history.undo(game, time.time())
        except EngineError as error:
            self._error(error)
            return False
        self.finished = None
        if game.state is GameState.READY:
            self.started = None
        # I18N: the last move was undone
        self._after_move("player", None, Message(paragraphs=[self.renderer._("The last move was taken back.")]))
        return True

    def accept_loss(self) -> bool:
        """After a loss the player may undo: accepting it ends the game and shows the whole board."""
        if self.game.state is not GameState.LOSS_PENDING:
            return False
        history.accept_loss(self.game)
        pending = self._pending_text()
        final = self._lost_text()
        self.message.paragraphs = [final if p == pending else p for p in self.message.paragraphs]
        return True

    # -- help: hints, probabilities -------------------------------------------------------------
    def _over_message(self) -> Message:
        # I18N: the hint panel after the game ended: Hint, Probabilities and the bot have nothing to do
        return Message(paragraphs=[self.renderer._("This game is over, so there is nothing left to analyse. Start a new game, or replay this board.")])

    def hint(self) -> None:
        """``?``: the hint; pressed again on the same board, its next level; on a wrong flag, why it is wrong."""
        game = self.game
        r = self.renderer
        if game.over:
            if game.lost and self.message.kind == "loss":
                return  # the loss report says why already
            self.message = self._over_message()
            return
        if game.state is GameState.READY:
            self.message = Message(paragraphs=[self.ready_message()], kind="hint")
            return
        key = (game.revealed, game.flagged, self.cursor if self.cursor in self.wrong_flags else None)
        self.hint_level = self.hint_level + 1 if key == self._hint_key else 1
        self._hint_key = key
        try:
            solution = self._solve()
            with budget.limit(seconds=self.seconds, work=self.work):
                advice = advise(solution, self.cursor)
            if self.hint_level == 1:
                history.note_help(game, "hint", time.time())
        except EngineError as error:
            self._error(error)
            return
        self.message = self._hint_message(advice, r)

    def _hint_message(self, advice: Advice, r: Renderer) -> Message:
        found, pick = advice.hint, advice.guess
        wrong = CellSet.from_cells([found.cell], self.game.width) if found.cell else None
        pick_cell, compared = (pick.cell, pick.better) if pick is not None else (None, None)
        marks = highlights(found.deduction, wrong, found.safest, pick_cell, compared)
        # I18N: the hint panel's heading
        heading = r._("Hint")
        if found.kind == "deduction" and found.deduction is not None:
            deduction = found.deduction
            levels = r.levels(deduction, named_shape(found.solution.board, deduction))
            level = min(self.hint_level, 3)
            # the three levels the web offers: where to look, which pattern, the full argument and its steps
            message = Message(heading=heading, kind="hint", marks=marks)
            # I18N: hint level heading
            message.paragraphs.append(r._("1. Where to look") + "\n" + levels.where)
            if level == 1:
                message.marks = {cell: ("clue",) for cell in deduction.clues}
                return message
            # I18N: hint level heading
            message.paragraphs.append(r._("2. Which pattern") + "\n" + levels.pattern)
            if level == 2:
                return message
            # I18N: hint level heading
            third = r._("3. Full argument")
            paragraphs, message.steps = self._argument(deduction, r)
            message.paragraphs.append("\n".join([third, *paragraphs]))
            message.paragraphs.append(r.action(deduction))
            return message
        text = hint_text(found, self.language, pick)
        message = Message(heading=heading, paragraphs=[text], kind="hint", marks=marks)
        return message

    @staticmethod
    def _argument(deduction: Deduction, r: Renderer) -> tuple[list[str], list[tuple[int, str]]]:
        """A deduction's argument: one sentence for a one-step proof, else its lead and its steps as a
        list (indented by the depth of their cases)."""
        if len(deduction.proof) <= 1:
            return [r.deduction(deduction)], []
        lead = r.lead(deduction)
        return ([lead] if lead else []), [(step_depth(step), r.proof_step(step)) for step in deduction.proof]

    def toggle_probabilities(self) -> None:
        """``p``: exact mine probabilities on the covered cells, on or off."""
        if self.probabilities:
            self.probabilities = False
            return
        game = self.game
        r = self.renderer
        if game.over:
            self.message = self._over_message()
            return
        if game.state is GameState.READY:
            # I18N: probabilities asked before the first click
            self.message = Message(paragraphs=[r._("The mines are placed at the first click: open a cell first.")])
            return
        try:
            solution = self._solve()
            history.note_help(game, "probabilities", time.time())
        except EngineError as error:
            self._error(error)
            return
        if not solution.exact:
            self.message = Message(paragraphs=[r.no_exact()])
            return
        self.probabilities = True
        probability, safest = solution.safest()
        if safest:
            percent = r.percent(probability)
            if len(safest) == 1:
                # I18N: the note under the probability overlay when one cell has the lowest mine chance
                text = r._("Safest cell (%(percent)s chance of a mine): %(cells)s", percent=percent, cells=safest)
            else:
                # I18N: the note under the probability overlay naming the cells with the lowest mine chance
                text = r._("Safest cells (%(percent)s chance of a mine): %(cells)s", percent=percent, cells=safest)
            self.message = Message(paragraphs=[text], marks={cell: ("safest",) for cell in safest})

    def probability(self, index: int) -> float | None:
        """The mine probability of a covered cell while the overlay is on (else None).  A board whose
        exact count no longer fits the budget turns the overlay off (it is not solved again per cell)."""
        if not self.probabilities:
            return None
        solution = self._solutions.known(self._position())
        if solution is None:
            try:
                self._solve()
            except EngineError:
                pass
            solution = self._solutions.known(self._position())
            if solution is None:
                self.probabilities = False
                return None
        return solution.probabilities.get(index)

    def cursor_text(self) -> str:
        """The cell under the cursor in words (the web's screen-reader names), with its mine chance."""
        r = self.renderer
        game = self.game
        view = self.view
        cell = self.cursor
        index = cell.row * game.width + cell.col
        glyph, kind = cell_glyph(game, view, index)
        if kind == "exploded":
            return r._("%(cell)s, exploded mine", cell=cell)
        if kind == "mine":
            return r._("%(cell)s, mine", cell=cell)
        if kind == "bad-flag" or (kind == "flag" and cell in self.wrong_flags):
            return r._("%(cell)s, wrong flag", cell=cell)
        if kind == "flag":
            return r._("%(cell)s, flagged", cell=cell)
        if kind == "covered":
            chance = self.probability(index)
            if chance is not None:
                return r._("%(cell)s, covered, mine chance %(percent)s", cell=cell, percent=r.percent(chance))
            return r._("%(cell)s, covered", cell=cell)
        if glyph == " ":
            return r._("%(cell)s, empty", cell=cell)
        return r._("%(cell)s, %(number)s", cell=cell, number=int(glyph))

    # -- the bot --------------------------------------------------------------------------------
    def bot_move(self) -> Move | None:
        """``s``: the bot's move on the view, applied through the game's mode, and why (None: it cannot move)."""
        game = self.game
        if game.over:
            self.message = self._over_message()
            return None
        view = game.view()
        try:
            with budget.limit(seconds=self.seconds, work=self.work):
                move = next_move(view)
        except EngineError as error:
            self._error(error)
            return None
        message = Message(kind="bot", marks=move_marks(move, self.game.width))
        if move.kind is not MoveKind.UNFLAG and move.guess is None and move.deduction is not None:
            message.paragraphs, message.steps = self._argument(move.deduction, self.renderer)
        else:
            message.paragraphs = [explain_move(move, self.language)]
        if self.started is None:
            self.started = self.clock()
        try:
            if move.kind is MoveKind.OPEN:
                outcome: MoveOutcome | None = open_cell(game, *move.cell, by="bot", at=time.time())
            else:
                flag_cell(game, *move.cell, by="bot", at=time.time())
                outcome = None
        except EngineError as error:
            self._error(error)
            return None
        self.cursor = move.cell
        self._after_move("bot", outcome, message)
        return move

    # -- the end --------------------------------------------------------------------------------
    def summary(self) -> list[str]:
        """The end-of-game summary: mode, time, 3BV, 3BV/s, clicks, efficiency (as the web's)."""
        game = self.game
        r = self.renderer
        if not game.finished or game.layout is None:
            return []
        mode = game_mode(game)
        clicks = history.clicks(game)
        elapsed = self.elapsed()
        value = bbbv(game.height, game.width, game.layout)
        # I18N: end-of-game summary: the game's mode, e.g. "Mode: Forgiving"
        lines = [r._("Mode: %(mode)s", mode=mode_name(mode, r))]
        # I18N: end-of-game summary: the time the game took, like "1:05" or "12 s"
        lines.append(r._("Time: %(time)s", time=self.time_text(elapsed)))
        # I18N: review summary figures
        lines.append(r._("Clicks: %(count)s", count=clicks.total))
        if clicks.bot:  # the bot's moves are not the player's clicks (as the web's summary)
            # I18N: end-of-game summary: moves played
            lines.append(r._("Moves: %(count)s", count=clicks.moves))
        lines.append(r._("3BV: %(count)s", count=value))
        if elapsed > 0:
            lines.append(r._("3BV/s: %(value)s", value=format_decimal(value / elapsed, format="#,##0.00", locale=r.language)))
        if clicks.total:
            lines.append(r._("Efficiency: %(percent)s", percent=r.percent(value / clicks.total)))
        figures = mode_rules(game).figures(game)  # the mode's own
        if "saves" in figures:
            # I18N: end-of-game summary (forgiving mode): times an unprovable mine was moved away
            lines.append(r._("Saves: %(count)s", count=figures["saves"]))
        if "assists" in figures:
            # I18N: end-of-game summary (assist mode): cells the game opened for the player
            lines.append(r._("Cells opened for you: %(count)s", count=figures["assists"]))
        return lines

