"""Game modes: how a game's layout is made and what happens around a move.

* ``classic``: a random layout; the first click is safe and opens an area.
* ``no-guess``: a generated layout the engine solves from the first click by
  deduction alone (``explainer.play.generate``), within a reasoning depth.
* ``assist``: a classic layout, but after every move, while no covered cell is
  provably safe, the game opens for the player one of the cells the player
  would judge safest (next to the open area first) and says which and why;
  where the layout has a mine there, the mines are redrawn consistently with
  everything the player has seen, so the choice reveals nothing.
* ``forgiving``: opening a cell that is not provably a mine never explodes:
  the mines are rearranged, consistently with everything the player has seen
  and the mine count, so that the cell is safe.  A provable mine still loses.

In every mode a lost game can be explained (``loss_report``): the deduction
that proved the clicked cell a mine, or, for a genuine guess, the probability
it had and the safer cells that existed.  The player's right flags are facts
the explanation starts from; a loss through a wrong flag (a chord around it,
or an open that only looked safe because of it) names that flag first.

The game master (this module) may read the layout to keep its promises; the
reasoning it reports (what is provable, probabilities) only ever uses
``Game.view()``.  Per-game mode data lives in ``Game.extra`` (JSON-safe):
``mode``, ``max_rule``/``require_rule`` (no-guess), ``saves`` (forgiving),
``assists`` (assist), ``loss`` (the fatal cell and the view before it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Required

from typing_extensions import Doc, TypedDict

from explainer.engine import budget
from explainer.core.board import Board
from explainer.core.cells import Cell, iter_bits
from explainer.core.constraints import build_constraints
from explainer.core.deduction import Rule
from explainer.engine.count import Analysis, analyze
from explainer.play import history
from explainer.play.game import Game, GameError, GameState, LayoutMaker, PublicState, layout_text, random_layout
from explainer.core.json_shapes import Count
from explainer.play.generate import DEFAULT_MAX_RULE, GenerationError, check_rules, generate, max_mines
from explainer.play.losses import LossReport, strict_report
from explainer.play.sampling import sample_layout

__all__ = [
    "Mode",
    "MODES",
    "ModeRules",
    "RULES",
    "mode_rules",
    "new_game",
    "game_mode",
    "layout_maker",
    "no_guess_layout",
    "Assist",
    "assist_after_move",
    "forgive",
    "MoveOutcome",
    "summary",
    "Summary",
    "ModeFigures",
]


class Mode(StrEnum):
    CLASSIC = "classic"
    NO_GUESS = "no-guess"
    ASSIST = "assist"
    FORGIVING = "forgiving"
    STRICT = "strict"


#: the game modes, in menu order (their names and descriptions are words: ``explainer.words.modes``)
MODES: tuple[Mode, ...] = (Mode.CLASSIC, Mode.NO_GUESS, Mode.ASSIST, Mode.FORGIVING, Mode.STRICT)


def _parse_mode(value: str | Mode) -> Mode:
    try:
        return Mode(value)
    except ValueError:
        raise GameError(f"unknown game mode {value!r}; choose one of: {', '.join(m.value for m in Mode)}") from None


# -- new games and their layouts --------------------------------------------------------


def no_guess_layout(max_rule: Rule | str = DEFAULT_MAX_RULE, require_rule: Rule | str | None = None) -> LayoutMaker:
    """A ``LayoutMaker`` for ``Game.open`` that generates a no-guess layout."""

    def make(height: int, width: int, mines: int, first: int, rng: random.Random) -> int:
        board = generate(height, width, mines, divmod(first, width), rng=rng, max_rule=max_rule, require_rule=require_rule)
        return board.layout

    return make


def new_game(
    mode: Mode | str,
    height: int,
    width: int,
    mines: int,
    seed: int | None = None,
    *,
    max_rule: Rule | str = DEFAULT_MAX_RULE,
    require_rule: Rule | str | None = None,
) -> Game:
    """A new game in ``mode``; raises ``GameError`` (or ``GenerationError``) for bad settings."""
    chosen = _parse_mode(mode)
    game = Game.new(height, width, mines, seed)
    game.extra["mode"] = str(chosen)
    RULES[chosen].prepare(game, max_rule, require_rule)
    return game


def game_mode(game: Game) -> Mode:
    """The game's mode (``classic`` for games made without one)."""
    return _parse_mode(game.extra.get("mode", Mode.CLASSIC))


def layout_maker(game: Game) -> LayoutMaker:
    """What ``Game.open`` should use to place the layout at the first click."""
    return mode_rules(game).layout_maker(game)


# -- what the player can know ---------------------------------------------------------------


def _analysis(view: Board) -> Analysis:
    return analyze([(c.cells, c.count) for c in build_constraints(view)], view.covered_mask, view.mines)


def _rng(game: Game, purpose: str) -> random.Random:
    """A generator fixed by the game's seed and move number: replays are reproducible."""
    return random.Random(f"{purpose}:{game.seed}:{game.moves}")


# -- assist -----------------------------------------------------------------------------------------

#: the share of the time left that the assist's analysis may take: over it, the move stands unassisted
ASSIST_SHARE = 0.5


@dataclass(frozen=True)
class Assist:
    """A cell the game opened for the player because no logical step was left."""

    cell: Cell
    probability: float  # its mine probability as far as the player could tell
    reason: str = "no_logical_step"


def assist_after_move(game: Game, assists: list[Assist] | None = None, at: float | None = None) -> list[Assist]:
    """While the game is on and no covered cell is provably safe, open one of
    the cells the player would judge safest (lowest exact mine probability;
    among those, one next to the open area when there is one) for the player.

    The choice reads the player's view only; when the layout has a mine there,
    the mines are redrawn uniformly among the layouts that fit everything the
    player has seen and leave that cell safe (as forgiving mode does), so which
    cell is opened tells nothing about where the mines are.

    Each assist's analysis gets ``ASSIST_SHARE`` of the time left in the budget
    in force; over it ``BudgetExceeded`` propagates, and ``assists`` (filled as
    it goes) keeps the cells already opened."""
    assists = [] if assists is None else assists
    while game.state is GameState.PLAYING:
        with budget.attempt(ASSIST_SHARE):
            choice = _assist_choice(game)
        if choice is None:
            break
        index, probability = choice
        row, col = divmod(index, game.width)
        # the layout it is opened on (the choice may have redrawn the mines), so that undo replays it
        assert game.layout is not None  # (an assist comes after the first click, which places the layout)
        history.record(game, history.ASSIST, (row, col), "game", at, layout=layout_text(game.layout))
        if game.flagged >> index & 1:
            game.toggle_flag(row, col)
        game.open(row, col)
        assists.append(Assist(Cell(row, col), probability))
        game.extra["assists"] = game.extra.get("assists", 0) + 1
    return assists


def _assist_choice(game: Game) -> tuple[int, float] | None:
    """The cell to open for the player and its probability, its layout made safe;
    None when a logical step exists or nothing can be opened."""
    view = game.view()
    analysis = _analysis(view)
    if analysis.safe & view.covered_mask:
        return None  # a logical step exists (perhaps removing a wrong flag)
    probabilities = analysis.probabilities()
    near = 0
    for index in iter_bits(game.revealed):
        near |= view.neighbours[index]
    pool = view.covered_mask & ~view.flagged_mask or view.covered_mask
    if not pool:
        return None  # nothing is covered
    best = min(probabilities[i] for i in iter_bits(pool))
    safest = [i for i in iter_bits(pool) if probabilities[i] - best < 1e-12]
    choices = [i for i in safest if near >> i & 1] or safest  # next to the open area when it can be
    index = _rng(game, "assist").choice(choices)
    if not _make_safe(game, view, 1 << index, "assist-redraw"):
        return None  # the cell is a mine in every placement: nothing safe is left to open
    return index, probabilities[index]


def _make_safe(game: Game, view: Board, cells: int, purpose: str) -> bool:
    """Make ``cells`` mine-free, redrawing the layout uniformly among those that
    fit ``view`` (every revealed number and the mine count) when it has a mine
    there; False when no such layout exists.  The first layout is kept for replays."""
    assert game.layout is not None
    if not cells & game.layout:
        return True
    layout = sample_layout(view, _rng(game, purpose), must_be_safe=cells)
    if layout is None:
        return False
    game.extra.setdefault("first_layout", layout_text(game.layout))  # a replay deals the board the player was dealt
    game.layout = layout
    return True


# -- forgiving --------------------------------------------------------------------------------------


def forgive(game: Game, row: int, col: int) -> bool:
    """Before opening (row, col): if it holds a mine that the player could not
    have proved, rearrange the mines so it is safe.  True if the player was saved.

    The new layout is drawn uniformly from every layout that keeps each
    revealed number true, holds the same number of mines and leaves the cell
    safe.  A provable mine is never saved.
    """
    return _forgive_cells(game, 1 << game.index(row, col))


def _forgive_cells(game: Game, cells: int) -> bool:
    if game.state is not GameState.PLAYING or game.layout is None:
        return False
    cells &= ~game.revealed & ~game.flagged
    if not cells & game.layout:
        return False
    view = game.view()
    if _analysis(view).mines & cells:
        return False  # provably a mine: opening it loses
    if not _make_safe(game, view, cells, "forgive"):
        return False  # these cells cannot all be safe: some was a mine in every case
    game.extra["saves"] = game.extra.get("saves", 0) + 1
    return True


# -- each mode's rules, in one object the moves call ------------------------------------------------


class ModeFigures(TypedDict, total=False):
    """A mode's own figures in the end-of-game summary."""

    saves: Annotated[Count, Doc("Forgiving: the times the mines moved away from a click.")]
    assists: Annotated[Count, Doc("Assist: the cells the game opened for the player.")]
    max_rule: Annotated[str, Doc("No-guess: the deepest rule its board needs (a rule's name).")]
    require_rule: Annotated[str | None, Doc("No-guess: the rule its board must need, if any.")]


class Summary(ModeFigures, total=False):
    """The end-of-game summary of a game (as it is now): its mode, state and move counts (``history.clicks``),
    and its mode's own figures."""

    mode: Required[Mode]
    state: Required[PublicState]
    moves: Required[Count]
    clicks: Required[Annotated[Count, Doc("The player's clicks: left, right and chords (the review's count); moves "
                                          "adds the bot's.")]]
    bot_moves: Required[Count]


class ModeRules:
    """What a mode does around a move.  The base is classic: a random layout placed at the first click,
    nothing refused, nothing saved, nothing opened for the player.  ``open_cell`` and ``chord_cell`` call
    ``refuse`` (before a move that opens cells), ``save`` (the cells it will open, before it), and
    ``after_move``; ``new_game`` calls ``prepare``; the summary adds ``figures``."""

    mode = Mode.CLASSIC

    def prepare(self, game: Game, max_rule: Rule | str, require_rule: Rule | str | None) -> None:
        """A new game's settings for this mode, checked now rather than at the first click."""

    def layout_maker(self, game: Game) -> LayoutMaker:
        return random_layout

    def refuse(
        self, game: Game, view: Board, cell: tuple[int, int], cells: int, action: history.Action, by: history.By, at: float | None
    ) -> MoveOutcome | None:
        """A move that opens ``cells`` (a mask) lost before it is played (its outcome), or None: it is played."""
        return None

    def save(self, game: Game, cells: int) -> bool:
        """Before the move opens ``cells``: whether the mines were moved away from them."""
        return False

    def after_move(self, game: Game, assists: list[Assist], at: float | None) -> None:
        """After a move of a game still in play: the cells the game opens for the player (into ``assists``)."""

    def figures(self, game: Game) -> ModeFigures:
        """The mode's own figures for the end-of-game summary."""
        return {}


class NoGuessRules(ModeRules):
    mode = Mode.NO_GUESS

    def prepare(self, game: Game, max_rule: Rule | str, require_rule: Rule | str | None) -> None:
        height, width, mines = game.height, game.width, game.mine_count
        centre = (height // 2) * width + width // 2
        most = max_mines(height, width, centre)
        if mines > most:
            raise GenerationError(
                f"a no-guess {width} x {height} board holds at most {most} mines "
                f"(the first click must open an area), got {mines}"
            )
        deepest, required = check_rules(max_rule, require_rule)
        game.extra["max_rule"] = str(deepest)
        game.extra["require_rule"] = None if required is None else str(required)

    def layout_maker(self, game: Game) -> LayoutMaker:
        return no_guess_layout(game.extra.get("max_rule", DEFAULT_MAX_RULE), game.extra.get("require_rule"))

    def figures(self, game: Game) -> ModeFigures:
        return {"max_rule": game.extra.get("max_rule", str(DEFAULT_MAX_RULE)), "require_rule": game.extra.get("require_rule")}


class AssistRules(ModeRules):
    mode = Mode.ASSIST

    def prepare(self, game: Game, max_rule: Rule | str, require_rule: Rule | str | None) -> None:
        game.extra["assists"] = 0

    def after_move(self, game: Game, assists: list[Assist], at: float | None) -> None:
        assist_after_move(game, assists, at)

    def figures(self, game: Game) -> ModeFigures:
        return {"assists": game.extra.get("assists", 0)}


class ForgivingRules(ModeRules):
    mode = Mode.FORGIVING

    def prepare(self, game: Game, max_rule: Rule | str, require_rule: Rule | str | None) -> None:
        game.extra["saves"] = 0

    def save(self, game: Game, cells: int) -> bool:
        return _forgive_cells(game, cells)

    def figures(self, game: Game) -> ModeFigures:
        return {"saves": game.extra.get("saves", 0)}


class StrictRules(ModeRules):
    mode = Mode.STRICT

    def refuse(
        self, game: Game, view: Board, cell: tuple[int, int], cells: int, action: history.Action, by: history.By, at: float | None
    ) -> MoveOutcome | None:
        return _strict_loss(game, view, cell, cells, action, by, at)


#: each mode's rules
RULES: dict[Mode, ModeRules] = {rules.mode: rules for rules in (ModeRules(), NoGuessRules(), AssistRules(), ForgivingRules(), StrictRules())}


def mode_rules(game: Game) -> ModeRules:
    """The rules of the game's mode."""
    return RULES[game_mode(game)]


# -- moves through the mode ------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveOutcome:
    opened: tuple[Cell, ...]  # cells the move revealed (assists not included)
    saved: bool = False  # forgiving: the mines moved so the cell was safe
    assists: tuple[Assist, ...] = ()
    loss: LossReport | None = None
    # over the budget in force, the parts that may be left out were: the assist, the loss report
    assist_unavailable: bool = False
    loss_unavailable: bool = False


def _strict_loss(
    game: Game, view: Board, cell: tuple[int, int], cells: int, action: history.Action, by: history.By, at: float | None
) -> MoveOutcome | None:
    """Strict mode: a move that opens a cell not provably safe while some covered cell is, loses at once
    (whatever the cell holds); None when the move may be played (it is certain, or a forced guess)."""
    if not cells:
        return None
    safe = _analysis(view).safe & view.covered_mask & ~view.flagged_mask
    if not safe or not cells & ~safe:
        return None
    history.record(game, action, cell, by, at, strict=True)
    game.lose_by_rule()
    game.extra["loss"] = {"cell": [cell[0], cell[1]], "view": str(view), "strict": True}
    game.hold_loss()
    return MoveOutcome((), loss=strict_report(view, Cell(*cell)))


def summary(game: Game) -> Summary:
    """The mode's figures for the end-of-game summary."""
    mode = game_mode(game)
    counted = history.clicks(game)  # the same count as the review's
    return Summary(
        mode=mode,
        state=game.state.public,
        moves=counted.moves,
        clicks=counted.total,
        bot_moves=counted.bot,
        **RULES[mode].figures(game),
    )
