"""Game creation (the one place new games are made) and its limits.

Presets come from the engine (``explainer.play.game.PRESETS``); custom boards are
limited to ``CUSTOM_MIN_SIDE``..``CUSTOM_MAX_HEIGHT`` rows, ``CUSTOM_MIN_SIDE``..``CUSTOM_MAX_WIDTH``
columns and 1..(cells - 9) mines, so the first click can always open an area.
Modes come from ``explainer.play.modes`` (``classic``, ``no-guess``, ``assist``,
``forgiving``); ``no-guess`` also takes ``max_rule``, the deepest reasoning
its board may need (``simple``, ``pair`` or ``enumeration``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from explainer.play import modes
from explainer.play.game import PRESETS, Game

__all__ = [
    "GameSettings",
    "SettingsError",
    "MODES",
    "CUSTOM_MIN_SIDE",
    "CUSTOM_MAX_HEIGHT",
    "CUSTOM_MAX_WIDTH",
    "FIRST_CLICK_AREA",
    "settings_from_json",
    "make_game",
    "replay_game",
    "custom_max_mines",
]

#: the game modes, in menu order (ids from the engine)
MODES: tuple[str, ...] = tuple(str(mode) for mode in modes.MODES)
CUSTOM_MIN_SIDE = 5
CUSTOM_MAX_HEIGHT = 30
CUSTOM_MAX_WIDTH = 50
#: the first click and its neighbours are kept free of mines
FIRST_CLICK_AREA = 9


class SettingsError(ValueError):
    """Game settings outside the documented limits; the message quotes them."""


@dataclass(frozen=True)
class GameSettings:
    height: int
    width: int
    mines: int
    mode: str = "classic"
    preset: str | None = None
    max_rule: str | None = None  # no-guess only; None: the engine's default


def custom_max_mines(height: int, width: int) -> int:
    return height * width - FIRST_CLICK_AREA


def _whole(data: Mapping[str, Any], key: str) -> int:
    if key not in data:
        raise SettingsError(f"missing {key!r}: give a preset ({', '.join(PRESETS)}) or height, width and mines")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingsError(f"{key} must be a whole number, got {value!r}")
    return value


def _check(height: int, width: int, mines: int) -> None:
    if not CUSTOM_MIN_SIDE <= height <= CUSTOM_MAX_HEIGHT:
        raise SettingsError(f"height must be {CUSTOM_MIN_SIDE} to {CUSTOM_MAX_HEIGHT} rows, got {height}")
    if not CUSTOM_MIN_SIDE <= width <= CUSTOM_MAX_WIDTH:
        raise SettingsError(f"width must be {CUSTOM_MIN_SIDE} to {CUSTOM_MAX_WIDTH} columns, got {width}")
    if not 1 <= mines <= custom_max_mines(height, width):
        raise SettingsError(
            f"mines must be 1 to {custom_max_mines(height, width)} on a {width} x {height} board, got {mines}"
        )


def _mode_options(data: Mapping[str, Any]) -> tuple[str, str | None]:
    mode = data.get("mode", "classic")
    if not isinstance(mode, str) or mode not in MODES:
        raise SettingsError(f"unknown mode {mode!r}; choose one of: {', '.join(MODES)}")
    max_rule = data.get("max_rule")
    if max_rule is None:
        return mode, None
    if mode != str(modes.Mode.NO_GUESS):
        raise SettingsError(f"max_rule {max_rule!r} only applies to the no-guess mode, not {mode!r}")
    if not isinstance(max_rule, str):
        raise SettingsError(f"max_rule must be a rule name (simple, pair or enumeration), got {max_rule!r}")
    return mode, max_rule


def settings_from_json(data: Mapping[str, Any]) -> GameSettings:
    """``{"preset": "expert"}`` or ``{"height": 9, "width": 12, "mines": 20}``,
    with an optional ``mode`` (and ``max_rule`` for ``no-guess``)."""
    mode, max_rule = _mode_options(data)
    preset = data.get("preset")
    if preset is not None and preset != "custom":
        if not isinstance(preset, str) or preset not in PRESETS:
            raise SettingsError(f"unknown preset {preset!r}; choose one of: {', '.join(PRESETS)} or custom")
        height, width, mines = PRESETS[preset]
        return GameSettings(height, width, mines, mode, preset, max_rule)
    height, width, mines = _whole(data, "height"), _whole(data, "width"), _whole(data, "mines")
    _check(height, width, mines)
    return GameSettings(height, width, mines, mode, None, max_rule)


def make_game(settings: GameSettings, seed: int | None = None) -> Game:
    """A fresh game in its mode; its layout is placed at the first click (always
    safe, opening an area).  Raises ``GameError`` (``GenerationError`` for a
    no-guess board that cannot be made) with a message quoting the settings."""
    if settings.mode not in MODES:
        raise SettingsError(f"unknown mode {settings.mode!r}")
    options: dict[str, Any] = {} if settings.max_rule is None else {"max_rule": settings.max_rule}
    return modes.new_game(settings.mode, settings.height, settings.width, settings.mines, seed, **options)


def replay_game(game: Game) -> Game | None:
    """The same board again in the same mode (its counters reset), opened at
    the same first click; None before the board is placed.  A forgiving game
    is replayed with the board it was dealt, not the one its saves left."""
    if game.layout is None or game.first_click is None:
        return None
    layout = int(game.extra["first_layout"]) if "first_layout" in game.extra else game.layout
    mode = modes.game_mode(game)
    options = {key: game.extra[key] for key in ("max_rule", "require_rule") if game.extra.get(key) is not None}
    fresh = modes.new_game(mode, game.height, game.width, game.mine_count, game.seed, **options)
    again = Game.from_layout(game.height, game.width, layout, seed=game.seed)
    again.extra = fresh.extra
    modes.open_cell(again, *divmod(game.first_click, game.width))
    return again
