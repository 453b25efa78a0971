"""The two exact ways ``analyze`` weighs the rest of the board for a component
agree, and so do its two ways of splitting the constraints into parts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.engine.count import (
    _binomials,
    _components,
    _indexed_components,
    _convolve,
    _correlate,
    _divide,
    _uncorrelate,
)

polynomials = st.lists(st.integers(0, 40), min_size=1, max_size=6).map(lambda poly: [1 + poly[0], *poly[1:]])


@settings(max_examples=300, deadline=None)
@given(st.lists(polynomials, min_size=1, max_size=6), st.integers(0, 60), st.integers(0, 80))
def test_solving_the_correlation_equals_dividing_then_correlating(polys, outside, mines_left) -> None:
    product = [1]
    for poly in polys:
        product = _convolve(product, poly)
    window = _binomials(outside, mines_left, len(product))
    correlation = _correlate(product, window, len(product))
    for poly in polys:
        direct = _correlate(_divide(product, poly), window, len(poly))
        assert _uncorrelate(correlation, poly, len(poly)) == direct


cell_sets = st.lists(st.integers(0, 60), min_size=1, max_size=4).map(lambda cells: sum(1 << cell for cell in set(cells)))
constraint_lists = st.lists(st.tuples(cell_sets, st.integers(0, 4)), max_size=40)


@settings(max_examples=300, deadline=None)
@given(constraint_lists)
def test_both_ways_of_splitting_into_parts_give_the_same_parts_in_the_same_order(constraints) -> None:
    assert _components(constraints) == _indexed_components(constraints)
