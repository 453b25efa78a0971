"""The rule tiers, cheapest first.  Each is a pure function of the solve state
that returns the first deduction it finds (in reading order) or ``None``."""

from __future__ import annotations

from collections.abc import Callable

from explainer.core.deduction import Deduction
from explainer.engine.frontier import SolveState
from explainer.engine.rules.exhaustive import find_exhaustive
from explainer.engine.rules.global_count import find_global
from explainer.engine.rules.pair import find_pair
from explainer.engine.rules.simple import find_simple

__all__ = ["TIERS", "find_global", "find_simple", "find_pair", "find_exhaustive"]

RuleFunction = Callable[[SolveState], Deduction | None]

#: the pipeline's order: the mine count, one number, two numbers, exact enumeration
TIERS: tuple[RuleFunction, ...] = (find_global, find_simple, find_pair, find_exhaustive)
