"""A game: the hidden mine layout and the player's moves on it.

Only this module (and generation) holds the truth.  The engine reasons on
``Game.view()``, the player view, which never contains the layout.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Literal, cast, get_args

from typing_extensions import NotRequired, Required, TypedDict

from explainer.core.board import MAX_SIDE, Board, flood_fill, neighbour_masks
from explainer.core.cells import CellSet, iter_bits
from explainer.errors import GameError
from explainer.formats.videos import VideoKind

__all__ = ["ACTIONS", "Action", "BY", "By", "Game", "GameData", "GameError", "GameExtra", "GameState", "LossRecord", "VideoInfo", "MULTIPLIERS", "Record", "Position", "PublicState", "PRESETS", "check_size", "layout_text", "layout_value", "multiplied_mines", "random_layout"]

#: name -> (height, width, mines)
PRESETS: dict[str, tuple[int, int, int]] = {
    "mini": (6, 6, 5),
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (16, 30, 99),
    "huge": (24, 40, 200),
}

#: a preset's mines may be multiplied by one of these (rounded half up: ``multiplied_mines``)
MULTIPLIERS: tuple[float, ...] = (0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3)

MIN_SIDE = 2


def multiplied_mines(mines: int, multiplier: float) -> int:
    """A preset's ``mines`` times one of ``MULTIPLIERS``, rounded half up."""
    return int(mines * multiplier + 0.5)


@lru_cache(maxsize=16)
def _numbers(height: int, width: int, layout: int) -> tuple[int, ...]:
    """Every cell's number on ``layout`` (a mine's too: never shown), computed once per layout."""
    return tuple((around & layout).bit_count() for around in neighbour_masks(height, width))


def check_size(height: int, width: int, mines: int) -> None:
    """Raise ``GameError`` unless a ``height`` x ``width`` board with ``mines`` mines is playable."""
    for name, value in (("height", height), ("width", width), ("mines", mines)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise GameError(f"{name} must be a whole number, got {value!r}")
    if not (MIN_SIDE <= height <= MAX_SIDE and MIN_SIDE <= width <= MAX_SIDE):
        raise GameError(f"a board must be {MIN_SIDE} to {MAX_SIDE} cells on each side, got {width} x {height}")
    if not 1 <= mines <= height * width - 1:
        raise GameError(f"mines must be between 1 and {height * width - 1} on a {width} x {height} board, got {mines}")


def layout_text(layout: int) -> str:
    """A layout (a bitmask) as stored text: hexadecimal, which has no length limit (Python refuses to turn an
    int of more than 4,300 decimal digits, a board of about 14,000 cells, into a decimal string)."""
    return hex(layout)


def layout_value(text: str) -> int:
    """A layout from its stored text: hexadecimal (``layout_text``), or decimal as games stored before it."""
    return int(text, 16) if text.startswith("0x") else int(text)


def random_layout(height: int, width: int, mines: int, first: int, rng: random.Random) -> int:
    """A uniformly random layout (bitmask) where ``first`` is safe and, when
    there is room, so are its neighbours (so the first click opens an area)."""
    size = height * width
    protected = {first}
    around = neighbour_masks(height, width)[first]
    if size - 1 - around.bit_count() >= mines:
        protected |= set(iter_bits(around))
    free = [i for i in range(size) if i not in protected]
    mask = 0
    for index in rng.sample(free, mines):
        mask |= 1 << index
    return mask


#: (height, width, mines, first index, rng) -> layout mask; modes may supply their own
LayoutMaker = Callable[[int, int, int, int, random.Random], int]


class GameState(StrEnum):
    """Where a game stands.  Only the game changes it (its moves, ``lose_by_rule``, ``hold_loss``,
    ``accept_loss``, ``restart``, ``restore``)."""

    READY = "ready"  # no cell opened: the first click places the layout
    PLAYING = "playing"
    #: a mine went off and the player may still undo the move: the board waits (no move), the layout is
    #: not shown (only the mine that went off); ``accept_loss`` makes it ``LOST``
    LOSS_PENDING = "loss-pending"
    WON = "won"
    LOST = "lost"

    @property
    def public(self) -> PublicState:
        """The state as the API and the review name it: a pending loss is ``lost`` (with ``pending``)."""
        return _PUBLIC[GameState.LOST if self is GameState.LOSS_PENDING else self]


#: a game's state as the API and the review name it (``GameState.public``): a pending loss is ``lost``
PublicState = Literal["lost", "playing", "ready", "won"]
_PUBLIC: dict[GameState, PublicState] = {GameState(name): name for name in get_args(PublicState)}


#: what a record of the history is: a move, a cell an assisted game opened, an undo, or help asked for
Action = Literal["open", "chord", "flag", "unflag", "assist", "undo", "hint", "probabilities"]
ACTIONS: tuple[Action, ...] = get_args(Action)
#: who made a record: the player, the bot on the player's behalf, or the game itself (an assist)
By = Literal["player", "bot", "game"]
BY: tuple[By, ...] = get_args(By)


class Record(TypedDict):
    """One record of a game's history (``explainer.play.history``), JSON as it is stored."""

    action: Action
    cell: list[int] | None  # [row, col]; None for help asked for
    by: By
    t: float | None  # seconds since the epoch, when known
    undone: NotRequired[bool]  # taken back by a later undo
    strict: NotRequired[bool]  # strict mode: the move lost at once
    saved: NotRequired[bool]  # forgiving mode: the mines moved away from the cells it opened
    first_layout: NotRequired[str]  # the first open: the layout it placed (a bitmask, ``layout_text``)
    layout: NotRequired[str]  # a save or an assist: the layout the mines moved to, just before
    lost: NotRequired[bool]  # an undo: it took back the click that lost (its loss waited, the clock stopped)


class LossRecord(TypedDict, total=False):
    """What a game keeps of the move that lost, so that its report can be made again (after a reload)."""

    cell: Required[list[int]]  # the mine that went off, [row, col]
    view: Required[str]  # the player's view just before the move (``Board`` text)
    chord: list[int]  # the number the losing chord was made on
    strict: bool  # a strict game lost by a move that was not certain
    wrong_flags: list[list[int]]  # the flags that led to the loss (absent: not looked for yet)


class VideoInfo(TypedDict):
    """What an imported replay video says of itself (``explainer.play.videos``)."""

    kind: VideoKind
    software: str
    player: str
    statistics: dict[str, float]  # the community's figures, as ``ms_toollib`` computed them


class GameExtra(TypedDict, total=False):
    """A game's settings and notes beyond its board (JSON as it is stored).  The modes own ``mode``,
    ``max_rule``/``require_rule`` (no-guess), ``saves`` (forgiving), ``assists`` (assist), ``first_layout``
    and ``loss``; a front end notes ``warned`` (help shown).  What the web keeps beyond that (its warnings switch,
    the wrong flags shown, mine vision) is the web's type, ``web.extra.WebExtra``."""

    mode: str  # ``explainer.play.modes.Mode``; absent: classic
    max_rule: str  # no-guess: the deepest rule its boards need
    require_rule: str | None  # no-guess: the rule every board needs
    saves: int  # forgiving: the times the mines moved away from the player's click
    assists: int  # assist: the cells the game opened for the player
    first_layout: str  # the layout the player was dealt (a bitmask, ``layout_text``), when the mines moved since
    loss: LossRecord
    video: VideoInfo  # a game imported from a replay video
    warned: bool  # a wrong-flag warning was shown (help: the game does not rank)


#: a game as it is stored (``Game.to_dict``)
class GameData(TypedDict):
    height: int
    width: int
    mine_count: int
    seed: int
    layout: str | None  # decimal bitmasks
    revealed: str
    flagged: str
    state: str
    exploded: int | None
    first_click: int | None
    moves: int
    extra: GameExtra
    history: list[Record]


#: a game's position, as ``Game.position`` takes it and ``Game.restore`` puts it back
Position = tuple[int, int, GameState, "int | None", int, "int | None", "int | None"]


@dataclass
class Game:
    height: int
    width: int
    mine_count: int
    seed: int
    layout: int | None = None  # hidden mines (bitmask); placed at the first click
    revealed: int = 0
    flagged: int = 0
    state: GameState = GameState.READY
    exploded: int | None = None  # the mine that was opened, when lost
    first_click: int | None = None
    moves: int = 0
    extra: GameExtra = field(default_factory=lambda: GameExtra())  # settings and notes beyond the board
    #: every move in order (``explainer.play.history``): it holds the layout, so it stays on the server
    history: list[Record] = field(default_factory=list)

    @classmethod
    def new(cls, height: int, width: int, mines: int, seed: int | None = None) -> Game:
        check_size(height, width, mines)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        return cls(height, width, mines, seed)

    @classmethod
    def from_layout(cls, height: int, width: int, layout: int, seed: int = 0) -> Game:
        """A game with a given layout (tests, replays, generated boards)."""
        game = cls.new(height, width, layout.bit_count(), seed)
        game.layout = layout
        return game

    # -- queries ---------------------------------------------------------------
    @property
    def size(self) -> int:
        return self.height * self.width

    @property
    def over(self) -> bool:
        """No move can be played: won, lost, or a loss the player may still undo."""
        return self.state in (GameState.WON, GameState.LOST, GameState.LOSS_PENDING)

    @property
    def finished(self) -> bool:
        """Over for good: won, or lost and accepted (what ranks, and shows the whole layout)."""
        return self.state in (GameState.WON, GameState.LOST)

    @property
    def lost(self) -> bool:
        """A mine went off (or a strict game's rule was broken), accepted or not."""
        return self.state in (GameState.LOST, GameState.LOSS_PENDING)

    def index(self, row: int, col: int) -> int:
        if not (isinstance(row, int) and isinstance(col, int)) or isinstance(row, bool) or isinstance(col, bool):
            raise GameError(f"a cell is [row, col] with whole numbers, got {[row, col]!r}")
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise GameError(f"cell [{row}, {col}] is outside the {self.width} x {self.height} board")
        return row * self.width + col

    def count_at(self, index: int) -> int:
        assert self.layout is not None
        return (neighbour_masks(self.height, self.width)[index] & self.layout).bit_count()

    def view(self) -> Board:
        """What the player sees: numbers, covered cells, flags and the mine count."""
        numbers = _numbers(self.height, self.width, self.layout or 0)
        return Board.of_game(self.height, self.width, numbers, self.revealed, self.flagged, self.mine_count)

    def mines_left(self) -> int:
        """The mine counter a player sees: mines minus flags."""
        return self.mine_count - self.flagged.bit_count()

    # -- moves -------------------------------------------------------------------
    def _start(self, first: int, make_layout: LayoutMaker | None) -> None:
        if self.layout is None:
            maker = make_layout or random_layout
            self.layout = maker(self.height, self.width, self.mine_count, first, random.Random(self.seed))
        self.first_click = first
        self.state = GameState.PLAYING

    def open(self, row: int, col: int, make_layout: LayoutMaker | None = None) -> list[int]:
        """Open a cell; returns the newly revealed cell indices (flood-filling zeros)."""
        index = self.index(row, col)
        if self.over:
            raise GameError("the game is over")
        if self.state is GameState.READY:
            self._start(index, make_layout)
        bit = 1 << index
        if self.flagged & bit or self.revealed & bit:
            return []
        self.moves += 1
        assert self.layout is not None
        if self.layout & bit:
            self.state = GameState.LOST
            self.exploded = index
            return []
        opened = self._flood(index)
        self._check_win()
        return opened

    def _flood(self, start: int) -> list[int]:
        assert self.layout is not None
        neighbours = neighbour_masks(self.height, self.width)
        opened = flood_fill(1 << start, self.layout, neighbours, self.revealed | self.flagged)
        self.revealed |= opened
        return list(iter_bits(opened))

    def _check_win(self) -> None:
        assert self.layout is not None
        if self.revealed | self.layout == (1 << self.size) - 1:
            self.state = GameState.WON

    def toggle_flag(self, row: int, col: int) -> bool:
        """Flag or unflag a covered cell; returns whether it is now flagged."""
        index = self.index(row, col)
        if self.over:
            raise GameError("the game is over")
        bit = 1 << index
        if self.revealed & bit:
            raise GameError(f"cell [{row}, {col}] is already open and cannot be flagged")
        self.flagged ^= bit
        return bool(self.flagged & bit)

    def chord(self, row: int, col: int) -> list[int]:
        """On an open number with as many flags around it as it shows, open the rest."""
        index = self.index(row, col)
        if self.over:
            raise GameError("the game is over")
        bit = 1 << index
        if not self.revealed & bit:
            raise GameError(f"cell [{row}, {col}] is not open: only an open number can be chorded")
        around = neighbour_masks(self.height, self.width)[index]
        if (around & self.flagged).bit_count() != self.count_at(index):
            return []
        opened: list[int] = []
        assert self.layout is not None
        for other in iter_bits(around & ~self.flagged & ~self.revealed):
            if self.layout >> other & 1:
                self.moves += 1
                self.state = GameState.LOST
                self.exploded = other
                return opened
            opened += self._flood(other)
        self.moves += 1
        self._check_win()
        return sorted(opened)

    # -- persistence ------------------------------------------------------------------
    # -- the game's own changes of state, for the modes and the history ------------
    def lose_by_rule(self) -> None:
        """Strict mode: the move loses at once, whatever its cell holds (it counts as a move)."""
        if self.state is not GameState.PLAYING:
            raise GameError("only a game in play can be lost")
        self.moves += 1
        self.state = GameState.LOST

    def hold_loss(self) -> None:
        """The loss waits for the player, who may undo the move or accept it."""
        if self.state is not GameState.LOST:
            raise GameError("the game is not lost")
        self.state = GameState.LOSS_PENDING

    def accept_loss(self) -> None:
        """The player accepts the loss: no more undo, and the whole layout may be shown."""
        if not self.lost:
            raise GameError("the game is not lost")
        self.state = GameState.LOST

    def restart(self) -> None:
        """Back to before the first click (the history and settings stay): the next first click places a layout."""
        self.restore((0, 0, GameState.READY, None, 0, None, None))

    def position(self) -> Position:
        """Everything a move changes, to ``restore`` later (an undo, a review's replay)."""
        return (self.revealed, self.flagged, self.state, self.exploded, self.moves, self.layout, self.first_click)

    def restore(self, position: Position) -> None:
        (self.revealed, self.flagged, self.state, self.exploded, self.moves, self.layout, self.first_click) = position

    def to_dict(self) -> GameData:
        return {
            "height": self.height,
            "width": self.width,
            "mine_count": self.mine_count,
            "seed": self.seed,
            "layout": None if self.layout is None else layout_text(self.layout),
            "revealed": str(self.revealed),
            "flagged": str(self.flagged),
            "state": str(self.state),
            "exploded": self.exploded,
            "first_click": self.first_click,
            "moves": self.moves,
            "extra": self.extra,
            "history": self.history,
        }

    @classmethod
    def from_dict(cls, data: GameData) -> Game:
        extra = data.get("extra", GameExtra())
        state = GameState(data["state"])
        if state is GameState.LOST and cast(dict[str, object], extra).pop("loss_pending", False):
            state = GameState.LOSS_PENDING  # (a game saved before the state had a note in ``extra``)
        return cls(
            height=data["height"],
            width=data["width"],
            mine_count=data["mine_count"],
            seed=data["seed"],
            layout=None if data["layout"] is None else layout_value(data["layout"]),
            revealed=int(data["revealed"]),
            flagged=int(data["flagged"]),
            state=state,
            exploded=data["exploded"],
            first_click=data["first_click"],
            moves=data.get("moves", 0),
            extra=extra,
            history=data.get("history", []),
        )

    def mines(self) -> CellSet:
        """The hidden layout: only for the end of a game, tests and generation."""
        return CellSet(self.layout or 0, self.width)
