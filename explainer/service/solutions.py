"""The solve cache: asking again about an unchanged position (a hint's next level, a language switch, the
overlay, the wrong flags after a move) neither solves nor counts it again."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from explainer.core.board import Board
from explainer.engine.solve import Solution, solve

__all__ = ["LruCache", "Solutions"]

K = TypeVar("K")
V = TypeVar("V")


class LruCache(Generic[K, V]):
    """A small thread-safe least-recently-used map; size 0 keeps nothing."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def peek(self, key: K) -> V | None:
        """The value kept for ``key``, or None (neither a hit nor a miss)."""
        with self._lock:
            return self._items.get(key)

    def get(self, key: K, make: Callable[[], V], keep: Callable[[V], bool] | None = None) -> V:
        """The value for ``key``, made on a miss; stored unless ``keep`` says no."""
        if self.size > 0:
            with self._lock:
                if key in self._items:
                    self._items.move_to_end(key)
                    self.hits += 1
                    return self._items[key]
        value = make()
        with self._lock:
            self.misses += 1
            if self.size > 0 and (keep is None or keep(value)):
                self._items[key] = value
                while len(self._items) > self.size:
                    self._items.popitem(last=False)
        return value


class Solutions:
    """Solutions of player views, ``size`` of them at most, by position: the board's text, or a key the caller
    has at hand for it (the terminal: its game's revealed and flagged cells and state).  A solution cut short by
    the budget in force (``Solution.exact`` False) is not kept: the next ask tries the exact count again.  Cached
    solutions are never mutated."""

    def __init__(self, size: int) -> None:
        self.cache: LruCache[Hashable, Solution] = LruCache(size)

    def solve(self, board: Board, key: Hashable | None = None) -> Solution:
        """What a player's screen needs: certain cells, probabilities, wrong flags and the first step of the chain
        (``hint_only``: the rest of the chain is never shown)."""
        if self.cache.size <= 0:
            return solve(board, hint_only=True)  # no cache: skip building its key
        return self.cache.get(str(board) if key is None else key, lambda: solve(board, hint_only=True), _exact)

    def known(self, key: Hashable) -> Solution | None:
        """The solution kept for ``key``, without solving (None when there is none)."""
        return self.cache.peek(key)


def _exact(solution: Solution) -> bool:
    return solution.exact
