"""The stats page's two charts as SVG geometry (drawn by ``templates/pages/_charts.html``):
the win ratio after each game, and how the times of the wins spread.  Each plot fills
WIDTH x HEIGHT from 0,0 (y down); the room around it (``VIEW_BOX``) holds the values at
the ends of each axis (its ``Tick``s) and the axes' names."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Bar", "Histogram", "RatioLine", "Tick", "VIEW_BOX", "histogram", "ratio_line"]

WIDTH = 320
HEIGHT = 120
#: the plot and, around it, room for the ticks' values (left of it and under it) and the axes' names beyond them
VIEW_BOX = f"-56 -8 {56 + WIDTH + 10} {8 + HEIGHT + 46}"


@dataclass(frozen=True)
class Tick:
    """A value marked on an axis: ``at`` is where along it (x from the left, y from the top), ``value`` what it
    marks (the template formats it: a count, a ratio, seconds)."""

    at: float
    value: float


@dataclass(frozen=True)
class RatioLine:
    points: str  # the polyline's "x,y x,y ..." in a WIDTH x HEIGHT box, ratio 1 at the top
    games: int
    last: float

    @property
    def x_ticks(self) -> tuple[Tick, Tick]:
        """The first game and the last."""
        return Tick(0, 1), Tick(WIDTH, self.games)

    @property
    def y_ticks(self) -> tuple[Tick, Tick, Tick]:
        """No game won, half of them (the dashed line), every one."""
        return Tick(HEIGHT, 0.0), Tick(HEIGHT / 2, 0.5), Tick(0, 1.0)


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

    @property
    def x_ticks(self) -> tuple[Tick, Tick]:
        """The fastest win's seconds and the slowest's."""
        return Tick(0, self.bars[0].low), Tick(WIDTH, self.bars[-1].high)

    @property
    def y_ticks(self) -> tuple[Tick, Tick]:
        """No win, and the most wins in one bar (the tallest)."""
        return Tick(HEIGHT, 0), Tick(0, self.most)


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
