"""Player views as the tests read them: the views the tests carry, and the views they reach played forward."""

from __future__ import annotations

from explainer import Board
from tests.data import VIEWS
from tests.oracles.deep_views import played_forward, views_with_layouts


def player_views() -> tuple[Board, ...]:
    return tuple(row_view for row_view, _layout in views_with_layouts(VIEWS))


def deep_views() -> tuple[Board, ...]:
    return played_forward(VIEWS)
