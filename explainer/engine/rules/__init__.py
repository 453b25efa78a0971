"""The rule tiers, registered once, cheapest first.

``REGISTRY`` maps each ``Rule`` to its finder (a pure function of the solve
state that returns the first deduction it finds, in reading order, or
``None``) and says whether it belongs to the cheap fallback.  Everything that
walks the tiers reads them from here: ``solve``'s chain (``TIERS``), the
fallback under a budget (``CHEAP_TIERS``), the no-guess generator and its
depth-limited player (``DEPTHS``, ``tiers_up_to``, ``parse_rule``).  A new tier
is one entry here (and one method in the depth-limited player, which refuses a
tier it does not implement).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from explainer.core.deduction import RULE_ORDER, Deduction, Rule
from explainer.engine.frontier import SolveState
from explainer.engine.rules.exhaustive import find_exhaustive
from explainer.engine.rules.global_count import find_global
from explainer.engine.rules.pair import find_pair
from explainer.engine.rules.simple import find_simple

__all__ = [
    "CHEAP_TIERS",
    "DEPTHS",
    "FINDERS",
    "REGISTRY",
    "RULES",
    "TIERS",
    "Tier",
    "find_exhaustive",
    "find_global",
    "find_pair",
    "find_simple",
    "parse_rule",
    "tiers_up_to",
]

RuleFunction = Callable[[SolveState], Deduction | None]


@dataclass(frozen=True)
class Tier:
    """One rule tier: its id, its finder, and whether the cheap fallback runs it."""

    rule: Rule
    find: RuleFunction
    cheap: bool


#: every tier, cheapest first: the mine count, one number, two numbers, exact enumeration
REGISTRY: tuple[Tier, ...] = (
    Tier(Rule.GLOBAL, find_global, cheap=True),
    Tier(Rule.SIMPLE, find_simple, cheap=True),
    Tier(Rule.PAIR, find_pair, cheap=True),
    Tier(Rule.ENUMERATION, find_exhaustive, cheap=False),
)

#: the rule ids in cost order
RULES: tuple[Rule, ...] = tuple(tier.rule for tier in REGISTRY)
if RULES != RULE_ORDER:  # pragma: no cover - a registry out of step with the rule ids
    raise AssertionError(f"the rule registry {RULES} is not in the order of RULE_ORDER {RULE_ORDER}")

#: ``solve``'s chain: every tier's finder, cheapest first
TIERS: tuple[RuleFunction, ...] = tuple(tier.find for tier in REGISTRY)
#: the fallback under a budget: the cheap tiers' finders
CHEAP_TIERS: tuple[RuleFunction, ...] = tuple(tier.find for tier in REGISTRY if tier.cheap)
#: rule -> finder
FINDERS: dict[Rule, RuleFunction] = {tier.rule: tier.find for tier in REGISTRY}

#: the reasoning depths a board can be limited to (the deepest rule allowed; global is always in)
DEPTHS: tuple[Rule, ...] = tuple(rule for rule in RULES if rule is not Rule.GLOBAL)


def parse_rule(value: str | Rule, allowed: Sequence[Rule] = DEPTHS, what: str = "rule") -> Rule:
    """``'pair' -> Rule.PAIR``; raises ``ValueError`` quoting a name not in ``allowed``."""
    try:
        rule: Rule | None = Rule(value)
    except ValueError:
        rule = None
    if rule is None or rule not in allowed:
        names = ", ".join(str(r) for r in allowed)
        raise ValueError(f"unknown {what} {value!r}; choose one of: {names}")
    return rule


def tiers_up_to(deepest: Rule | str) -> tuple[Rule, ...]:
    """The registered tiers, cheapest first, up to ``deepest`` (global is always in);
    ``ValueError`` quoting a rule that is not registered."""
    rule = parse_rule(deepest, RULES, "rule tier")
    return RULES[: RULES.index(rule) + 1]
