"""Game creation (the one place new games are made) and its limits.

Presets come from the engine (``explainer.play.game.PRESETS``: five sizes), their mines
times a multiplier from 0.7 to 1.3 (``MULTIPLIERS``); custom boards are
limited to ``CUSTOM_MIN_SIDE``..``CUSTOM_MAX_HEIGHT`` rows, ``CUSTOM_MIN_SIDE``..``CUSTOM_MAX_WIDTH``
columns and 1..(cells - 9) mines, so the first click can always open an area.
Modes come from ``explainer.play.modes`` (``classic``, ``no-guess``, ``assist``,
``forgiving``); ``no-guess`` also takes ``max_rule``, the deepest reasoning
its board may need (``simple``, ``pair`` or ``enumeration``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
import time
from typing import Any

# lazy: a message is translated when the error handler turns it into text (in the
# request's language); outside a request (unit tests, scripts) it reads in English
from flask_babel import lazy_gettext as _
from flask_babel.speaklater import LazyString

from explainer.play import modes, moves
from explainer.play.simulated_player import DEPTHS
from explainer.formats import Position
from explainer.play.game import MIN_SIDE, PRESETS, Game, layout_value
from explainer.play.generate import DEFAULT_MAX_RULE
from explainer.play.modes import Mode
from explainer.play.position_game import play_position
from web.storage.results import MULTIPLIERS, multiplied_mines

__all__ = [
    "GameSettings",
    "SettingsError",
    "MODES",
    "MAX_RULES",
    "CUSTOM_MIN_SIDE",
    "CUSTOM_MAX_HEIGHT",
    "CUSTOM_MAX_WIDTH",
    "FIRST_CLICK_AREA",
    "settings_from_json",
    "make_game",
    "replay_game",
    "game_from_position",
    "custom_max_mines",
]

#: the game modes, in menu order (ids from the engine)
MODES: tuple[str, ...] = tuple(str(mode) for mode in modes.MODES)
CUSTOM_MIN_SIDE = 5
CUSTOM_MAX_HEIGHT = 30
CUSTOM_MAX_WIDTH = 50
#: the first click and its neighbours are kept free of mines
FIRST_CLICK_AREA = 9


#: the ``max_rule`` values the no-guess mode takes (the engine's depth limits)
MAX_RULES: tuple[str, ...] = tuple(str(rule) for rule in DEPTHS)


class SettingsError(ValueError):
    """Game settings outside the documented limits; the message quotes them.

    The message is a lazy gettext string: ``str(error)`` translates it into the
    current request's language (``?lang=``), or gives the English outside a request."""


@dataclass(frozen=True)
class GameSettings:
    height: int
    width: int
    mines: int
    mode: str = "classic"
    preset: str | None = None
    max_rule: str | None = None  # no-guess only; None: the engine's default
    require_rule: str | None = None  # no-guess only: a rule the board must need at least once
    multiplier: float = 1.0  # a preset's mines times this (MULTIPLIERS)


def custom_max_mines(height: int, width: int) -> int:
    return height * width - FIRST_CLICK_AREA


def _whole(data: Mapping[str, Any], key: str) -> int:
    if key not in data:
        # I18N: a new game's settings lack a field; %(key)s is the field's name in quotes ('height', 'width'
        # or 'mines', kept as it is), %(presets)s the preset names (beginner, intermediate, expert), which stay as they are
        raise SettingsError(
            _("missing %(key)s: give a preset (%(presets)s) or height, width and mines", key=repr(key), presets=", ".join(PRESETS))
        )
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingsError(_not_whole(key, repr(value)))
    return value


def _not_whole(key: str, value: str) -> LazyString:
    """The message for a board size that is not a whole number (one sentence per field, for the translators)."""
    if key == "height":
        # I18N: a custom board's height that is not a whole number (e.g. 9.5); %(value)s is the value sent
        return _("height must be a whole number of rows, got %(value)s", value=value)
    if key == "width":
        # I18N: a custom board's width that is not a whole number (e.g. 9.5); %(value)s is the value sent
        return _("width must be a whole number of columns, got %(value)s", value=value)
    # I18N: a custom board's mine count that is not a whole number (e.g. 9.5); %(value)s is the value sent
    return _("mines must be a whole number, got %(value)s", value=value)


def _check(height: int, width: int, mines: int) -> None:
    if not CUSTOM_MIN_SIDE <= height <= CUSTOM_MAX_HEIGHT:
        # I18N: a custom board's height out of range; %(min)s and %(max)s are the limits in rows, %(value)s the height sent
        message = _("height must be %(min)s to %(max)s rows, got %(value)s", min=CUSTOM_MIN_SIDE, max=CUSTOM_MAX_HEIGHT, value=height)
        raise SettingsError(message)
    if not CUSTOM_MIN_SIDE <= width <= CUSTOM_MAX_WIDTH:
        # I18N: a custom board's width out of range; %(min)s and %(max)s are the limits in columns, %(value)s the width sent
        message = _("width must be %(min)s to %(max)s columns, got %(value)s", min=CUSTOM_MIN_SIDE, max=CUSTOM_MAX_WIDTH, value=width)
        raise SettingsError(message)
    if not 1 <= mines <= custom_max_mines(height, width):
        # I18N: a custom board's mine count out of range; %(max)s is the most mines the board can hold,
        # %(width)s x %(height)s its size in columns and rows, %(value)s the mine count sent
        message = _(
            "mines must be 1 to %(max)s on a %(width)s x %(height)s board, got %(value)s",
            max=custom_max_mines(height, width),
            width=width,
            height=height,
            value=mines,
        )
        raise SettingsError(message)


def _unknown_mode(mode: object) -> SettingsError:
    # I18N: a game mode that does not exist; %(mode)s is the mode sent, in quotes, %(modes)s the mode names
    # (classic, no-guess, ...), which stay as they are
    return SettingsError(_("unknown mode %(mode)s; choose one of: %(modes)s", mode=repr(mode), modes=", ".join(MODES)))


def _mode_options(data: Mapping[str, Any]) -> tuple[str, str | None, str | None]:
    """The mode, its ``max_rule`` and its ``require_rule`` (no-guess only)."""
    mode = data.get("mode", "classic")
    if not isinstance(mode, str) or mode not in MODES:
        raise _unknown_mode(mode)
    max_rule = _rule_option(data, "max_rule", mode, MAX_RULES)
    require_rule = _rule_option(data, "require_rule", mode, MAX_RULES[1:])
    if require_rule is not None and MAX_RULES.index(require_rule) > MAX_RULES.index(max_rule or MAX_RULES[-1]):
        # I18N: a no-guess board asked to need a rule deeper than the deepest it may need; %(require)s and %(max)s
        # are the rule names sent, in quotes; keep "require_rule" and "max_rule" as they are
        raise SettingsError(_("require_rule %(require)s is deeper than max_rule %(max)s",
                              require=repr(require_rule), max=repr(max_rule or MAX_RULES[-1])))
    return mode, max_rule, require_rule


def _rule_option(data: Mapping[str, Any], field: str, mode: str, allowed: tuple[str, ...]) -> str | None:
    """A no-guess rule option (``max_rule``, ``require_rule``): None when absent."""
    rule = data.get(field)
    if rule is None:
        return None
    if mode != str(modes.Mode.NO_GUESS):
        # I18N: a rule option of the no-guess mode (max_rule: the deepest reasoning a board may need, or require_rule:
        # a rule it must need) sent with another mode; %(field)s is the option's name, %(rule)s is the rule sent
        # and %(mode)s the mode sent, both in quotes; keep the option's name and "no-guess" as they are
        raise SettingsError(_("%(field)s %(rule)s only applies to the no-guess mode, not %(mode)s",
                              field=field, rule=repr(rule), mode=repr(mode)))
    if not isinstance(rule, str) or rule not in allowed:
        # I18N: a no-guess rule option that is not one of its rule names; %(field)s is the option's name (max_rule
        # or require_rule), %(rules)s lists the names (simple, pair, enumeration), which stay as they are,
        # %(value)s is the value sent
        raise SettingsError(_("%(field)s must be a rule name (%(rules)s), got %(value)s",
                              field=field, rules=", ".join(allowed), value=repr(rule)))
    return rule


def _multiplier(value: Any) -> float:
    if not isinstance(value, bool) and isinstance(value, (int, float)):
        for allowed in MULTIPLIERS:
            if abs(value - allowed) < 1e-9:
                return allowed
    # I18N: a mine multiplier that is not one of the choices; %(choices)s lists them (0.7, 0.8, ... 1.3), %(value)s is the value sent
    raise SettingsError(
        _("multiplier must be one of %(choices)s, got %(value)s", choices=", ".join(f"{m:g}" for m in MULTIPLIERS), value=repr(value))
    )


def settings_from_json(data: Mapping[str, Any]) -> GameSettings:
    """``{"preset": "expert"}`` (optionally with a mine ``multiplier`` 0.7 to 1.3) or
    ``{"height": 9, "width": 12, "mines": 20}``, with an optional ``mode`` (and ``max_rule``, ``require_rule`` for ``no-guess``)."""
    mode, max_rule, require_rule = _mode_options(data)
    preset = data.get("preset")
    if preset is not None and preset != "custom":
        if not isinstance(preset, str) or preset not in PRESETS:
            # I18N: a board preset that does not exist; %(preset)s is the preset sent, in quotes, %(presets)s the
            # preset names (beginner, intermediate, expert, custom), which stay as they are
            message = _("unknown preset %(preset)s; choose one of: %(presets)s", preset=repr(preset), presets=", ".join((*PRESETS, "custom")))
            raise SettingsError(message)
        height, width, mines = PRESETS[preset]
        multiplier = _multiplier(data.get("multiplier", 1.0))
        return GameSettings(height, width, multiplied_mines(mines, multiplier), mode, preset, max_rule, require_rule,
                            multiplier)
    height, width, mines = _whole(data, "height"), _whole(data, "width"), _whole(data, "mines")
    _check(height, width, mines)
    return GameSettings(height, width, mines, mode, None, max_rule, require_rule)


def make_game(settings: GameSettings, seed: int | None = None) -> Game:
    """A fresh game in its mode; its layout is placed at the first click (always
    safe, opening an area).  Raises ``GameError`` (``GenerationError`` for a
    no-guess board that cannot be made) with a message quoting the settings."""
    if settings.mode not in MODES:
        raise _unknown_mode(settings.mode)
    options: dict[str, Any] = {} if settings.max_rule is None else {"max_rule": settings.max_rule}
    if settings.require_rule is not None:
        options["require_rule"] = settings.require_rule
    return modes.new_game(settings.mode, settings.height, settings.width, settings.mines, seed, **options)


def game_from_position(position: Position) -> Game:
    """A classic game on a position's layout, its open cells and flags already played (by the game, so a
    review tells them from the player's moves).  The board must fit the custom limits."""
    view, layout = position.view, position.layout
    if layout is None:
        # I18N: a game asked from a position whose mines are not known
        raise SettingsError(_("a game needs the position's layout (every mine); this position has none"))
    if not MIN_SIDE <= view.height <= CUSTOM_MAX_HEIGHT:
        raise SettingsError(_("height must be %(min)s to %(max)s rows, got %(value)s", min=MIN_SIDE, max=CUSTOM_MAX_HEIGHT, value=view.height))
    if not MIN_SIDE <= view.width <= CUSTOM_MAX_WIDTH:
        raise SettingsError(_("width must be %(min)s to %(max)s columns, got %(value)s", min=MIN_SIDE, max=CUSTOM_MAX_WIDTH, value=view.width))
    if not 1 <= layout.bit_count() < view.size:
        # I18N: a game asked from a position with no mine, or with a mine on every cell
        raise SettingsError(_("a game needs at least one mine and one safe cell; this layout has %(mines)s mines on %(cells)s cells", mines=layout.bit_count(), cells=view.size))
    return play_position(view, layout, Mode.CLASSIC, at=time.time())


def replay_game(game: Game) -> Game | None:
    """The same board again in the same mode (its counters reset), opened at
    the same first click; None before the board is placed.  A forgiving game
    is replayed with the board it was dealt, not the one its saves left."""
    if game.layout is None or game.first_click is None:
        return None
    layout = layout_value(game.extra["first_layout"]) if "first_layout" in game.extra else game.layout
    mode = modes.game_mode(game)
    fresh = modes.new_game(
        mode, game.height, game.width, game.mine_count, game.seed,
        max_rule=game.extra.get("max_rule") or DEFAULT_MAX_RULE, require_rule=game.extra.get("require_rule"),
    )  # fmt: skip
    again = Game.from_layout(game.height, game.width, layout, seed=game.seed)
    again.extra = fresh.extra
    moves.open_cell(again, *divmod(game.first_click, game.width))
    return again
