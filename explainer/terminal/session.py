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

from explainer.bot.autopilot import play_autopilot
from explainer.bot.moves import Move, MoveKind, advised_loss, next_move
from explainer.core.board import COVERED, FLAGGED, Board
from explainer.core.cells import Cell, CellSet
from explainer.core.deduction import Deduction, Rule
from explainer.engine import budget
from explainer.engine.highlight import Marks, highlights
from explainer.engine.solve import Solution
from explainer.errors import EngineError
from explainer.play import history
from explainer.play.figures import bbbv
from explainer.play.game import Game, GameState
from explainer.play.modes import MoveOutcome, game_mode, mode_rules
from explainer.play.moves import chord_cell, flag_cell, open_cell
from explainer.service import Advice, Solutions, advise, wrong_flags_now
from explainer.words.bot import explain_move, move_marks
from explainer.words.hints import hint_text, named_shape
from explainer.words.modes import loss_text
from explainer.words import terminal as words
from explainer.words.render import Renderer, step_depth

__all__ = ["Marks", "Message", "Session", "cell_glyph"]



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
        #: the autopilot's level (``a`` switches it): after each of the player's moves, the moves it decides
        self.autopilot: Rule | None = None
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
        self.last_by: words.Actor = "player"
        self.message = Message(paragraphs=[self.ready_message()])

    def ready_message(self) -> str:
        r = self.renderer
        if self.ready_text is not None:
            return self.ready_text
        return words.first_click(r)

    @property
    def view(self) -> Board:
        return self.game.view()

    def elapsed(self) -> float:
        """Seconds played: a game over has its one time, read from its moves (``history.play_time``, as the web's);
        a game in play, from the first move to now."""
        if self.game.over:
            played = history.play_time(self.game)
            if played is not None:
                return played
        if self.started is None:
            return 0.0
        end = self.finished if self.finished is not None else self.clock()
        return max(0.0, end - self.started)

    def time_text(self, seconds: float | None = None) -> str:
        """A time as the web's summary writes it: "12 s", "1:05"."""
        return words.time_text(self.renderer, self.elapsed() if seconds is None else seconds)

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
        self._run_autopilot()

    def _move(self, play: Callable[[], MoveOutcome], by: words.Actor = "player") -> MoveOutcome | None:
        if self.started is None:
            self.started = self.clock()
        try:
            outcome = play()
        except EngineError as error:
            self._error(error)
            return None
        self._after_move(by, outcome)
        if by == "player":
            self._run_autopilot()
        return outcome

    def cycle_autopilot(self) -> None:
        """``a``: the autopilot off, then at one-number steps, then at two-number steps, then off again."""
        levels: list[Rule | None] = [None, Rule.SIMPLE, Rule.PAIR]
        self.autopilot = levels[(levels.index(self.autopilot) + 1) % len(levels)]
        self.message = Message(paragraphs=[words.autopilot_status(self.renderer, self.autopilot)])

    def _run_autopilot(self) -> None:
        """After the player's move: every move the steps at or below the autopilot's level decide, as the bot
        (``explainer.bot.autopilot``, the web's too); the game is then assisted."""
        if self.autopilot is None or self.game.state is not GameState.PLAYING:
            return
        try:
            with budget.limit(seconds=self.seconds, work=self.work):
                played = play_autopilot(self.game, self.autopilot, at=time.time())
        except EngineError as error:
            self._error(error)
            return
        decided = len(played.opened) + len(played.flagged)
        if decided:
            message = self.message
            self._after_move("bot", None)
            self.message.paragraphs = [*message.paragraphs, words.autopilot_played(self.renderer, decided)]

    def _after_move(self, by: words.Actor, outcome: MoveOutcome | None, message: Message | None = None) -> None:
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
            message.paragraphs.append(words.saved(r))
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
        message.heading = words.why_lost(r)
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
        return words.lost_status(self.renderer, self.last_by, pending=True)

    def _lost_text(self) -> str:
        return words.lost_status(self.renderer, self.last_by, pending=False)

    def _tell_won(self) -> None:
        won = words.won_status(self.renderer, self.last_by)
        self.message.kind = "won"
        self.message.paragraphs.insert(0, won)

    def undo(self) -> bool:
        """``u``: take back the last move (also the losing click, until the loss is accepted)."""
        game = self.game
        if not history.can_undo(game):
            return False
        lost = game.state is GameState.LOSS_PENDING
        try:
            history.undo(game, time.time())
        except EngineError as error:
            self._error(error)
            return False
        if lost and self.started is not None and self.finished is not None:
            self.started += max(0.0, self.clock() - self.finished)  # reading the loss report is not play
        self.finished = None
        if game.state is GameState.READY:
            self.started = None
        self._after_move("player", None, Message(paragraphs=[words.undone(self.renderer)]))
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
        return Message(paragraphs=[words.game_over(self.renderer)])

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
        heading = words.hint_heading(r)
        if found.kind == "deduction" and found.deduction is not None:
            deduction = found.deduction
            levels = r.levels(deduction, named_shape(found.solution.board, deduction))
            level = min(self.hint_level, 3)
            # the three levels the web offers: where to look, which pattern, the full argument and its steps
            message = Message(heading=heading, kind="hint", marks=marks)
            message.paragraphs.append(words.hint_level_heading(r, 1) + "\n" + levels.where)
            if level == 1:
                message.marks = {cell: ("clue",) for cell in deduction.clues}
                return message
            message.paragraphs.append(words.hint_level_heading(r, 2) + "\n" + levels.pattern)
            if level == 2:
                return message
            third = words.hint_level_heading(r, 3)
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
            self.message = Message(paragraphs=[words.mines_first(r)])
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
            text = words.safest_note(r, r.percent(probability), safest)
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
            return words.cell_label(r, cell, "exploded")
        if kind == "mine":
            return words.cell_label(r, cell, "mine")
        if kind == "bad-flag" or (kind == "flag" and cell in self.wrong_flags):
            return words.cell_label(r, cell, "wrong-flag")
        if kind == "flag":
            return words.cell_label(r, cell, "flag")
        if kind == "covered":
            return words.cell_label(r, cell, "covered", chance=self.probability(index))
        if glyph == " ":
            return words.cell_label(r, cell, "empty")
        return words.cell_label(r, cell, "number", number=int(glyph))

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
        moves = clicks.moves if clicks.bot else None  # the bot's moves are not the player's clicks (as the web's summary)
        return words.summary_lines(r, mode, elapsed, clicks.total, moves, value, mode_rules(game).figures(game))

