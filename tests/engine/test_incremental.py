"""The one one-number propagation (``engine.propagate``) and the one incremental
state (``engine.incremental``): the fixpoint is the one a one-at-a-time loop
reaches, a contradiction is found whatever the order, and the constraints kept
up to date around decided cells are those recomputed from scratch."""

from __future__ import annotations

import random

import pytest

from explainer.bot.certainty import Inconsistent, PlayerKnowledge
from explainer.core.cells import iter_bits
from explainer.engine.incremental import Incremental
from explainer.engine.propagate import ConstraintList, one_round, propagate, to_fixpoint
from explainer.play.game import Game


def _one_at_a_time(constraints: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The obvious loop: apply any number that decides its cells, one at a time."""
    mines = safe = 0
    changed = True
    while changed:
        changed = False
        for cells, count in constraints:
            free = cells & ~mines & ~safe
            need = count - (cells & mines).bit_count()
            if need < 0 or need > free.bit_count():
                return None
            if free and need == 0:
                safe |= free
                changed = True
            elif free and need == free.bit_count():
                mines |= free
                changed = True
    return mines, safe


def _random_constraints(rng: random.Random) -> list[tuple[int, int]]:
    cells = rng.randrange(4, 14)
    out = []
    for _ in range(rng.randrange(1, 8)):
        mask = 0
        for _ in range(rng.randrange(0, 5)):
            mask |= 1 << rng.randrange(cells)
        out.append((mask, rng.randrange(0, mask.bit_count() + 2)))
    return out


@pytest.mark.parametrize("seed", range(400))
def test_the_fixpoint_and_its_contradictions_do_not_depend_on_the_order(seed: int) -> None:
    constraints = _random_constraints(random.Random(seed))
    assert propagate(constraints) == _one_at_a_time(constraints)
    assert propagate(constraints[::-1]) == _one_at_a_time(constraints)


def test_one_round_does_not_chain() -> None:
    # A: one mine in {0}; B: one mine in {0, 1}.  One round proves 0; only the next proves 1 safe.
    table = ConstraintList([(0b01, 1), (0b11, 1)])
    assert one_round(table.cells, table.need, 0b11) == (0, 0b01, 0b10, 0)
    assert one_round(table.cells, table.need, 0b11, chain=True)[:2] == (0b10, 0b01)
    assert to_fixpoint(table, 0b11) == (0b10, 0b01)
    assert one_round([0b11], [3], 1) == (0, 0, 0, 1)  # three mines in two cells: cannot be satisfied


@pytest.mark.parametrize("seed", range(30))
def test_the_constraints_kept_up_to_date_are_those_recomputed(seed: int) -> None:
    rng = random.Random(seed)
    game = Game.new(9, 9, 10, seed)
    game.open(4, 4)
    state = Incremental(9, 9, 10)
    layout = game.layout
    assert layout is not None
    for index, number in game.view().numbers():
        state.reveal_all(1 << index, {index: number})
    for _ in range(20):
        unknown = list(iter_bits(state.unknown))
        if not unknown:
            break
        cell = rng.choice(unknown)
        if layout >> cell & 1:
            state.decide(1 << cell, 0)
        elif rng.random() < 0.5:
            state.decide(0, 1 << cell)
        else:
            state.reveal_all(1 << cell, {cell: (state.neighbours[cell] & layout).bit_count()})
        for index, number in state.numbers.items():
            around = state.neighbours[index]
            expected = (around & state.unknown, number - (around & state.mines).bit_count())
            assert state.constraint(index) == expected
        assert state.active == sum(1 << i for i in state.numbers if state.cells[i])
        assert not state.broken


def test_the_bot_reports_numbers_that_cannot_all_be_true() -> None:
    knowledge = PlayerKnowledge(3, 3, 1)
    knowledge.reveal(0, 1)
    knowledge.prove(0, 0b1010)  # B1 and A2 safe: the 1 at A1 has only B2 left
    knowledge.prove(0, 1 << 4)  # and B2 safe too
    with pytest.raises(Inconsistent, match="cannot be satisfied"):
        knowledge.propagate()
