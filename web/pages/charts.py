"""The stats page's two charts as SVG geometry (drawn by ``templates/pages/_charts.html``):
the win ratio after each game, and how the times of the wins spread."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Bar", "Histogram", "RatioLine", "histogram", "ratio_line"]

WIDTH = 320
HEIGHT = 120


@dataclass(frozen=True)
class RatioLine:
    points: str  # the polyline's "x,y x,y ..." in a WIDTH x HEIGHT box, ratio 1 at the top
    games: int
    last: float


def ratio_line(series: list[float]) -> RatioLine | None:
    if len(series) < 2:
        return None
    step = WIDTH / (len(series) - 1)
    points = " ".join(f"{i * step:.1f},{(1 - ratio) * HEIGHT:.1f}" for i, ratio in enumerate(series))
    return RatioLine(points, len(series), series[-1])


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    low: float  # seconds
    high: float
    count: int


@dataclass(frozen=True)
class Histogram:
    bars: list[Bar]
    most: int


def histogram(times: list[float], bins: int = 8) -> Histogram | None:
    if len(times) < 2:
        return None
    low, high = min(times), max(times)
    span = (high - low) or 1.0
    counts = [0] * bins
    for value in times:
        counts[min(bins - 1, int((value - low) / span * bins))] += 1
    most = max(counts)
    width = WIDTH / bins
    bars = []
    for index, count in enumerate(counts):
        tall = count / most * HEIGHT
        bars.append(
            Bar(index * width + 1, HEIGHT - tall, width - 2, tall, low + span * index / bins, low + span * (index + 1) / bins, count)
        )
    return Histogram(bars, most)
