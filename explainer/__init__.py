"""Explainable Minesweeper: the simplest logical step, with the numbers it
rests on, explained in the player's language.

Data flows one way, each layer importing only from those below it (``tests/test_layers.py``)::

    errors, core  ->  engine, formats  ->  play  ->  bot  ->  review  ->  learn  ->  words  ->  cli (and the web app)

Importing this package (or ``explainer.core``) loads only the core: the board, cells, deductions and
errors.  The names of the rest of the public API below are imported on first use, from their homes.
This package never imports a web framework.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet, cell_name, parse_cell_name
from explainer.core.deduction import Areas, Deduction, ProofStep, Rule
from explainer.errors import BoardParseError, BudgetExceeded, EngineError, GameError

__all__ = [
    "Areas",
    "Board",
    "BoardParseError",
    "BudgetExceeded",
    "Cell",
    "CellSet",
    "Deduction",
    "EngineError",
    "Game",
    "GameError",
    "Hint",
    "HintLevels",
    "LANGUAGES",
    "PRESETS",
    "ProofStep",
    "ROLES",
    "Renderer",
    "Rule",
    "Solution",
    "cell_name",
    "explain",
    "first_deduction",
    "highlights",
    "make_hint",
    "normalize_language",
    "parse_cell_name",
    "solve",
]

#: the public names above the core, by the module that defines them (imported when first asked for)
_LATER = {
    "Game": "explainer.play.game",
    "PRESETS": "explainer.play.game",
    "ROLES": "explainer.engine.highlight",
    "highlights": "explainer.engine.highlight",
    "Hint": "explainer.engine.hint",
    "make_hint": "explainer.engine.hint",
    "Solution": "explainer.engine.solve",
    "first_deduction": "explainer.engine.solve",
    "solve": "explainer.engine.solve",
    "LANGUAGES": "explainer.words.i18n",
    "normalize_language": "explainer.words.i18n",
    "HintLevels": "explainer.words.render",
    "Renderer": "explainer.words.render",
    "explain": "explainer.words.render",
}


def __getattr__(name: str) -> object:
    home = _LATER.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LATER))


if TYPE_CHECKING:
    from explainer.engine.highlight import ROLES, highlights
    from explainer.engine.hint import Hint, make_hint
    from explainer.engine.solve import Solution, first_deduction, solve
    from explainer.play.game import PRESETS, Game
    from explainer.words.i18n import LANGUAGES, normalize_language
    from explainer.words.render import HintLevels, Renderer, explain
