"""A player's progress as the statistics and Learn show it, read after the finished games' reviews are written.

A finished game's review (its guesses for the statistics, the steps it missed for "Your practice") is written after
the finishing move's reply (``web.storage.reviews.after_reply``).  A read that shows what reviews write first
finishes, under its request's budget, the player's reviews still pending (``fill_pending``: a few games, each
written once) — here, in one place; the stores it then reads (``training``, ``stats``) only read."""

from __future__ import annotations

from web.storage import reviews, stats, training

__all__ = ["missed_by_week", "player_stats", "practice_queue"]


def practice_queue(owner: str, now: float | None = None, mastered: bool = False) -> list[training.QueueItem]:
    """``training.queue`` once the player's pending reviews are written."""
    reviews.fill_pending(owner)
    return training.queue(owner, now, mastered)


def missed_by_week(owner: str, now: float | None = None) -> dict[str, list[int]]:
    """``training.missed_by_week`` once the player's pending reviews are written."""
    reviews.fill_pending(owner)
    return training.missed_by_week(owner, now)


def player_stats(owner: str) -> list[stats.BoardStats]:
    """``stats.player_stats`` once the player's pending reviews are written (a finished game's guesses come from its
    review)."""
    reviews.fill_pending(owner)
    return stats.player_stats(owner)
