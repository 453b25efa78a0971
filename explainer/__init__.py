"""Explainable Minesweeper: the simplest logical step, with the numbers it
rests on, explained in the player's language.

Data flows one way: board -> constraints -> rules -> deductions -> rendered
explanation.  This package never imports a web framework.
"""

from explainer.core.board import Board, BoardParseError
from explainer.core.cells import Cell, CellSet, cell_name, parse_cell_name
from explainer.core.deduction import Areas, Deduction, ProofStep, Rule
from explainer.errors import BudgetExceeded, EngineError
from explainer.play.game import PRESETS, Game, GameError
from explainer.engine.highlight import ROLES, highlights
from explainer.engine.hint import Hint, make_hint
from explainer.words.i18n import LANGUAGES, normalize_language
from explainer.engine.solve import Solution, first_deduction, solve
from explainer.words.render import HintLevels, Renderer, explain

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
