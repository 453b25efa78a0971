"""Small statistics shared by the benchmark scripts."""

from __future__ import annotations


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
