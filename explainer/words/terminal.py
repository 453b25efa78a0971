"""The terminal game's own words: its status lines, headings, labels, key help and end-of-game summary, in the
player's language through a ``Renderer``.  (What it says about the board — hints, proofs, the bot's reasons, loss
reports — comes from the rest of ``words``, as on the web.)"""

from __future__ import annotations

from collections.abc import Collection
from typing import Literal

from explainer.core.cells import Cell
from explainer.core.deduction import Rule
from explainer.play.modes import Mode, ModeFigures
from explainer.words.render import Renderer

__all__ = [
    "Actor",
    "autopilot_played",
    "autopilot_status",
    "CellKind",
    "HintLevel",
    "cell_label",
    "first_click",
    "fixed_mines",
    "game_over",
    "hint_heading",
    "hint_level_heading",
    "key_help",
    "legend_heading",
    "lost_status",
    "mines_first",
    "mode_name",
    "role_labels",
    "safest_note",
    "saved",
    "status_labels",
    "summary_lines",
    "time_text",
    "undone",
    "why_lost",
    "won_status",
]

#: who made the move a status line speaks of
Actor = Literal["player", "bot"]
HintLevel = Literal[1, 2, 3]
#: what a cell under the cursor is, as the web's screen-reader names say
CellKind = Literal["exploded", "mine", "wrong-flag", "flag", "covered", "empty", "number"]


def mode_name(mode: Mode, r: Renderer) -> str:
    """A mode's short name, in the words the web's summary uses."""
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


def first_click(r: Renderer) -> str:
    # I18N: the hint before the first click of a game
    return r._("Open any cell: the first click is always safe.")


def fixed_mines(r: Renderer) -> str:
    # I18N: status line before the first click of a position set up on the analysis board (its mines are fixed)
    return r._("This position's mines are where you placed them: no click is protected, not even the first.")


def time_text(r: Renderer, seconds: float) -> str:
    """A time as the web's summary writes it: "12 s", "1:05"."""
    whole = int(seconds)
    if whole < 60:
        # I18N: a time in seconds, e.g. "12 s"
        return r._("%(seconds)s s", seconds=whole)
    return f"{whole // 60}:{whole % 60:02d}"


def saved(r: Renderer) -> str:
    # I18N: forgiving mode: the opened cell held a mine the player could not have known about
    return r._("Saved! That cell hid a mine you could not have known about, so the mines were moved.")


def why_lost(r: Renderer) -> str:
    # I18N: heading of the loss explanation after a lost game
    return r._("Why did I lose?")


def lost_status(r: Renderer, by: Actor, pending: bool) -> str:
    """The status line after a mine was opened: ``pending`` while the losing click can still be undone."""
    if pending:
        if by == "bot":
            # I18N: status line after the bot opened a mine in a mode where the losing click can still be undone
            return r._("The bot opened a mine. Undo its click, or show the whole board.")
        # I18N: status line after opening a mine in a mode where the losing click can still be undone
        return r._("Boom! You opened a mine. Undo the losing click, or show the whole board.")
    if by == "bot":
        # I18N: status line when the bot's move opened a mine
        return r._("The bot opened a mine. The whole board is shown.")
    # I18N: status line when a mine was opened
    return r._("Boom! You opened a mine. The whole board is shown.")


def won_status(r: Renderer, by: Actor) -> str:
    if by == "bot":
        # I18N: status line when the bot's move won the game
        return r._("The bot won! Every safe cell is open.")
    # I18N: status line when the game is won
    return r._("You won! Every safe cell is open.")


def undone(r: Renderer) -> str:
    # I18N: the last move was undone
    return r._("The last move was taken back.")


def game_over(r: Renderer) -> str:
    # I18N: the hint panel after the game ended: Hint, Probabilities and the bot have nothing to do
    return r._("This game is over, so there is nothing left to analyse. Start a new game, or replay this board.")


def hint_heading(r: Renderer) -> str:
    # I18N: the hint panel's heading
    return r._("Hint")


def hint_level_heading(r: Renderer, level: HintLevel) -> str:
    if level == 1:
        # I18N: hint level heading
        return r._("1. Where to look")
    if level == 2:
        # I18N: hint level heading
        return r._("2. Which pattern")
    # I18N: hint level heading
    return r._("3. Full argument")


def mines_first(r: Renderer) -> str:
    # I18N: probabilities asked before the first click
    return r._("The mines are placed at the first click: open a cell first.")


def safest_note(r: Renderer, percent: str, cells: Collection[Cell]) -> str:
    """The note under the probability overlay: the cells of the lowest mine chance."""
    if len(cells) == 1:
        # I18N: the note under the probability overlay when one cell has the lowest mine chance
        return r._("Safest cell (%(percent)s chance of a mine): %(cells)s", percent=percent, cells=cells)
    # I18N: the note under the probability overlay naming the cells with the lowest mine chance
    return r._("Safest cells (%(percent)s chance of a mine): %(cells)s", percent=percent, cells=cells)


def cell_label(r: Renderer, cell: Cell, kind: CellKind, number: int = 0, chance: float | None = None) -> str:
    """The cell under the cursor in words (the web's screen-reader names), with its mine chance when known."""
    if kind == "exploded":
        return r._("%(cell)s, exploded mine", cell=cell)
    if kind == "mine":
        return r._("%(cell)s, mine", cell=cell)
    if kind == "wrong-flag":
        return r._("%(cell)s, wrong flag", cell=cell)
    if kind == "flag":
        return r._("%(cell)s, flagged", cell=cell)
    if kind == "covered":
        if chance is not None:
            return r._("%(cell)s, covered, mine chance %(percent)s", cell=cell, percent=r.percent(chance))
        return r._("%(cell)s, covered", cell=cell)
    if kind == "empty":
        return r._("%(cell)s, empty", cell=cell)
    return r._("%(cell)s, %(number)s", cell=cell, number=number)


def summary_lines(
    r: Renderer, mode: Mode, seconds: float, clicks: int, moves: int | None, bbbv: int, figures: ModeFigures
) -> list[str]:
    """The end-of-game summary: mode, time, clicks, moves (when the bot played: ``moves``), 3BV, 3BV/s,
    efficiency, the mode's own figures (as the web's)."""
    # I18N: end-of-game summary: the game's mode, e.g. "Mode: Forgiving"
    lines = [r._("Mode: %(mode)s", mode=mode_name(mode, r))]
    # I18N: end-of-game summary: the time the game took, like "1:05" or "12 s"
    lines.append(r._("Time: %(time)s", time=time_text(r, seconds)))
    # I18N: review summary figures
    lines.append(r._("Clicks: %(count)s", count=clicks))
    if moves is not None:
        # I18N: end-of-game summary: moves played
        lines.append(r._("Moves: %(count)s", count=moves))
    lines.append(r._("3BV: %(count)s", count=bbbv))
    if seconds > 0:
        lines.append(r._("3BV/s: %(value)s", value=r.decimal(bbbv / seconds)))
    if clicks:
        lines.append(r._("Efficiency: %(percent)s", percent=r.percent(bbbv / clicks)))
    if "saves" in figures:
        # I18N: end-of-game summary (forgiving mode): times an unprovable mine was moved away
        lines.append(r._("Saves: %(count)s", count=figures["saves"]))
    if "assists" in figures:
        # I18N: end-of-game summary (assist mode): cells the game opened for the player
        lines.append(r._("Cells opened for you: %(count)s", count=figures["assists"]))
    return lines


def role_labels(r: Renderer) -> dict[str, str]:
    """The legend's words for each role (the web's legend)."""
    return {
        # I18N: legend: the numbers a hint uses
        "clue": r._("Numbers used"),
        # I18N: legend: cells around both numbers of a two-number argument
        "common": r._("Shared area"),
        # I18N: legend: cells around the first number only
        "unique-a": r._("Only around the first number"),
        # I18N: legend: cells around the second number only
        "unique-b": r._("Only around the second number"),
        # I18N: legend: cells the hint proves safe
        "safe": r._("Safe: open it"),
        # I18N: legend: cells the hint proves to be mines
        "mine": r._("Mine: flag it"),
        # I18N: legend: a flag on a cell that is provably safe
        "wrong-flag": r._("Wrong flag"),
        # I18N: legend: mines proved earlier that the argument relies on
        "known-mine": r._("Mine already known"),
        # I18N: legend: the lowest-risk cells when nothing is certain
        "safest": r._("Safest cell"),
        # I18N: legend: when nothing is certain, the guess the bot would make (not always the safest cell)
        "best-guess": r._("Best guess"),
        # I18N: legend: a cell the best guess is compared with in the hint (it survives this guess and the next move
        # more often, but leaves a riskier second choice)
        "compared": r._("Compared cell"),
        # I18N: legend: a cell a step of a proof supposes to be a mine or safe, to show that this cannot be
        "assumed": r._("Supposed in this step"),
        # I18N: review verdict: a move with nothing to judge (an undo, an assist, an unproved flag)
        "move": r._("Move"),
    }


def legend_heading(r: Renderer) -> str:
    # I18N: the heading of the list of highlight colours
    return r._("Legend")


def status_labels(r: Renderer) -> tuple[str, str]:
    """The status line's labels: the mine counter's and the clock's."""
    # I18N: the mine counter's label
    mines = r._("Mines left")
    # I18N: the clock's label
    clock = r._("Time")
    return mines, clock


def autopilot_status(r: Renderer, level: Rule | None) -> str:
    """The autopilot's setting, as the panel says it when the player switches it (``a``)."""
    # I18N: autopilot choice: off (the same words as the web's game settings)
    choice = r._("off")
    if level is Rule.SIMPLE:
        # I18N: autopilot choice: plays the steps that need one number only (and the mine counter)
        choice = r._("play the one-number steps")
    elif level is Rule.PAIR:
        # I18N: autopilot choice: plays the steps of one or two numbers
        choice = r._("play the steps of up to two numbers")
    # I18N: the terminal game: the autopilot's setting after the player switched it; %(choice)s is what it does
    return r._("Autopilot, after each of your moves: %(choice)s", choice=choice)


def autopilot_played(r: Renderer, cells: int) -> str:
    """What the autopilot did after the player's move."""
    # I18N: the terminal game: after the player's move, the autopilot opened or flagged %(count)s cells
    return r.ngettext("The autopilot decided %(count)s cell.", "The autopilot decided %(count)s cells.", cells)


def key_help(r: Renderer, loss_pending: bool) -> list[tuple[str, str]]:
    """The keys and what they do, as the bottom line lists them."""
    pairs: list[tuple[str, str]]
    if loss_pending:
        # I18N: button after opening a mine (when the click can be undone)
        pairs = [("u", r._("Undo the losing click")), ("Enter", r._("Show the whole board"))]
    else:
        pairs = [
            # I18N: keyboard help: the keys that move the cursor
            ("←↓↑→ hjkl", r._("move")),
            # I18N: keyboard help: open a cell; on a number, open its neighbours
            ("Space", r._("open (on a number: open its neighbours)")),
            # I18N: keyboard help: flag a cell
            ("f", r._("flag")),
            # I18N: keyboard help: show a hint
            ("?", r._("hint")),
            # I18N: the probabilities button
            ("p", r._("Probabilities")),
            # I18N: button: the bot plays one move
            ("s", r._("One move")),
            # I18N: button: watch the bot play
            ("S", r._("Watch the bot")),
            # I18N: the undo button
            ("u", r._("Undo")),
            # I18N: keyboard help in the terminal game: switch the autopilot (off, one-number steps, two-number steps)
            ("a", r._("switch the autopilot")),
        ]
    # I18N: button: start a new game
    pairs.append(("n", r._("New game")))
    # I18N: the light or dark colours switch
    pairs.append(("t", r._("Dark mode")))
    # I18N: keyboard help in the terminal game: leave the game (the terminal is restored)
    pairs.append(("q", r._("Quit")))
    return pairs
