"""A budget of time and work for the engine, held in a context variable.

Callers put a limit around any piece of engine work::

    from explainer.engine import budget

    with budget.limit(seconds=1.5, work=budget.DEFAULT_WORK):
        solution = solve(board)          # stops cooperatively when over

and the engine's loops call the cheap ``budget.spend(n)`` (or, in a hot loop,
fetch ``budget.current()`` once and call ``.spend(n)`` on it when it is not
None).  Nothing is threaded through function signatures.  Over a limit,
``spend`` raises ``BudgetExceeded`` (``explainer.errors``).

* **Time** is *wall-clock* time (``time.monotonic``) since the limit was
  entered: what a player or a web request waits for.  On a busy machine the
  engine gives up sooner, which is the safe direction.  The clock is read at
  most once every ``CHECK_EVERY`` work units, so a check costs almost nothing.
* **Work** counts the engine's elementary steps that also hold memory: the
  entries of the enumeration's dynamic programme (states times coefficients,
  and its transitions), coefficient products when combining components,
  proof-search branches, search nodes of the bot.  Capping it bounds the
  memory a solve can take as well as its time, independently of the machine.
  Measured on the adversarial boards (``benchmarks/budget_bench.py``), one
  unit is about 0.06 to 0.15 microseconds of CPU time and about 7 to 13
  bytes of peak memory (20 million units: 1.2 to 2.9 s, 150 to 260 MB).

With no limit in force (the default) ``spend`` is a context-variable lookup
and a comparison with None: the engine behaves and runs as without budgets.

Nested limits never extend the outer one: the inner deadline is the earlier
of the two and the inner work allowance at most what the outer has left;
what the inner block spends is charged to the outer one when it ends.
``attempt(share)`` runs a block that may be abandoned (the pipeline's exact
count): it gets only ``share`` of the time left, and when it goes over, the
work it spent is given back (its memory is freed) so that a cheaper fallback
can run in the time that remains.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from explainer.errors import BudgetExceeded

__all__ = [
    "Budget",
    "BudgetExceeded",
    "DEFAULT_SECONDS",
    "DEFAULT_WORK",
    "CHECK_EVERY",
    "current",
    "limit",
    "separate",
    "share",
    "attempt",
    "spend",
    "check",
]

#: defaults for callers that want "a reasonable limit" (the CLI uses them):
#: wall-clock seconds, and work units (measured: at most about 2 s of CPU time and 250 MB of peak memory)
DEFAULT_SECONDS = 4.0
DEFAULT_WORK = 20_000_000

#: the clock is read at most once per this many work units
CHECK_EVERY = 2048


class Budget:
    """A time limit (wall-clock seconds from creation) and a work limit; either may be None (no limit)."""

    __slots__ = ("seconds", "work", "deadline", "spent", "_next")

    def __init__(self, seconds: float | None = None, work: int | None = None) -> None:
        if seconds is not None and not seconds > 0:
            raise ValueError(f"a time limit must be a positive number of seconds, got {seconds!r}")
        if work is not None and work < 1:
            raise ValueError(f"a work limit must be at least 1, got {work!r}")
        self.seconds = seconds
        self.work = work
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.spent = 0
        self._next = self._next_check()

    def _next_check(self) -> int:
        step = self.spent + CHECK_EVERY
        if self.work is not None and self.work < step:
            return self.work + 1  # the first unit past the limit
        return step

    def spend(self, units: int = 1) -> None:
        """Count ``units`` of work; raise ``BudgetExceeded`` when over a limit."""
        self.spent += units
        if self.spent >= self._next:
            self.check()

    def check(self) -> None:
        """Raise ``BudgetExceeded`` if over the work limit or past the deadline (reads the clock)."""
        if self.work is not None and self.spent > self.work:
            raise BudgetExceeded("work", self.work, self.spent)
        if self.deadline is not None:
            now = time.monotonic()
            if now > self.deadline:
                assert self.seconds is not None
                raise BudgetExceeded("time", self.seconds, self.seconds + now - self.deadline)
        self._next = self._next_check()

    def remaining_seconds(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def remaining_work(self) -> int | None:
        return None if self.work is None else max(0, self.work - self.spent)

    def __repr__(self) -> str:
        return f"Budget(seconds={self.seconds!r}, work={self.work!r}, spent={self.spent})"


_CURRENT: ContextVar[Budget | None] = ContextVar("explainer_budget", default=None)


def current() -> Budget | None:
    """The budget in force, or None."""
    return _CURRENT.get()


def spend(units: int = 1) -> None:
    """Count ``units`` of work against the budget in force (nothing without one)."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.spend(units)


def check() -> None:
    """Raise ``BudgetExceeded`` if the budget in force is used up (nothing without one)."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.check()


def _nested(seconds: float | None, work: int | None) -> Budget:
    outer = _CURRENT.get()
    if outer is not None:
        left = outer.remaining_seconds()
        if left is not None:
            seconds = left if seconds is None else min(seconds, left)
        room = outer.remaining_work()
        if room is not None:
            work = room if work is None else min(work, room)
    if seconds is not None and seconds <= 0:
        seconds = 1e-9  # already past the outer deadline: the first check fails
    return Budget(seconds, max(1, work) if work is not None else None)


@contextmanager
def limit(seconds: float | None = None, work: int | None = None) -> Iterator[Budget]:
    """Run the block under a time limit (wall-clock seconds) and a work limit.

    ``None`` means no limit of that kind (beyond an enclosing one)."""
    budget = _nested(seconds, work)
    outer = _CURRENT.get()
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)
        if outer is not None:
            outer.spent += budget.spent


@contextmanager
def share(fraction: float) -> Iterator[Budget]:
    """Run the block with ``fraction`` (0 to 1) of the time left in the budget in force (no time limit without
    one): the rest is kept for what the caller does after it.  Its work still counts against the budget."""
    outer = _CURRENT.get()
    left = None if outer is None else outer.remaining_seconds()
    with limit(seconds=None if left is None else left * fraction) as part:
        yield part


@contextmanager
def separate(seconds: float | None = None, work: int | None = None) -> Iterator[Budget]:
    """Run the block under limits of its own, apart from any enclosing budget: neither bounded by it nor
    charged to it (work whose size the caller has bounded otherwise, e.g. a game's review, which costs
    about what its moves cost, each of which fitted a request's budget)."""
    budget = Budget(seconds, max(1, work) if work is not None else None)
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


@contextmanager
def attempt(share: float) -> Iterator[Budget | None]:
    """Run a block that may be abandoned, with ``share`` (0 to 1) of the time
    left; when it goes over, its work is not charged to the enclosing budget.
    Without a budget in force, the block runs unlimited (and yields None)."""
    outer = _CURRENT.get()
    if outer is None:
        yield None
        return
    left = outer.remaining_seconds()
    budget = _nested(None if left is None else left * share, None)
    token = _CURRENT.set(budget)
    try:
        yield budget
    except BaseException:
        _CURRENT.reset(token)
        raise
    _CURRENT.reset(token)
    outer.spent += budget.spent
