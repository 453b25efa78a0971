"""The engine's errors: one base class, so callers can catch everything the
engine refuses with a single ``except EngineError``.

``EngineError`` is a ``ValueError`` (existing ``except ValueError`` handlers
keep working); ``BoardParseError`` is one.  ``BudgetExceeded`` is raised when
a piece of work does not fit the time or work limit in force (see
``explainer.engine.budget``); its message says which limit was hit, in plain English.
"""

from __future__ import annotations

__all__ = ["EngineError", "BudgetExceeded"]


class EngineError(ValueError):
    """Base class of every error the engine raises on purpose."""


class BudgetExceeded(EngineError):
    """The work did not fit the budget in force.

    ``kind`` is ``"time"`` or ``"work"``; ``limit`` the limit that was hit
    (seconds, or work units); ``spent`` how much had been used.
    """

    def __init__(self, kind: str, limit: float, spent: float) -> None:
        self.kind = kind
        self.limit = limit
        self.spent = spent
        if kind == "time":
            message = (
                f"this board needs more than the time limit of {limit:g} seconds to analyse "
                "(raise the time limit to try harder)"
            )
        else:
            message = (
                f"this board needs more than the work limit of {int(limit):,} steps to analyse, "
                "a bound on time and memory (raise the work limit to try harder)"
            )
        super().__init__(message)

    def __reduce__(self):  # picklable across processes (the bot's worker pool)
        return (type(self), (self.kind, self.limit, self.spent))
