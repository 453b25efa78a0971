"""Exact reasoning: how many mine placements fit the numbers, cell by cell.

The frontier (cells next to some number) is split into independent
components.  Inside a component, cells with identical neighbourhoods (the same
set of numbers) form a *group*: only how many mines a group holds matters,
weighted by a binomial.  Groups are assigned in an order that keeps few
numbers "open" at once, and a dynamic programme over the open numbers'
remaining needs counts placements *by their number of mines* (a polynomial),
so a long frontier costs time linear in its length, not exponential.

Components are then combined with the global mine count: the cells away from
the frontier take the remaining mines, weighted by binomials.  Every count is
an exact Python int; probabilities are correctly rounded ratios of them.

Without a mine count, every consistent placement of any number of mines is
equally likely (so a cell away from the frontier has probability 1/2).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from math import comb, log2
from operator import mul

from explainer.engine import budget as _budget
from explainer.core.cells import bit_indices, iter_bits

__all__ = ["Analysis", "analyze", "mine_counts", "parts", "reuse"]


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    _budget.spend(len(a) * len(b))
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _divide(product: list[int], factor: list[int]) -> list[int]:
    """Exact polynomial division ``product / factor`` (``factor`` divides ``product``)."""
    shift = _lowest(factor)
    lead = factor[shift]
    tail = factor[shift:]
    quotient: list[int] = []
    length = len(product) - len(factor) + 1
    for i in range(length):
        value = product[i + shift]
        for j in range(1, min(i, len(tail) - 1) + 1):
            value -= tail[j] * quotient[i - j]
        quotient.append(value // lead)
    return quotient


def _lowest(poly: list[int]) -> int:
    """The lowest power with a nonzero coefficient."""
    return next(i for i, value in enumerate(poly) if value)


def _correlate(sequence: list[int], window: list[int], count: int) -> list[int]:
    """``[sum(sequence[u] * window[t + u] for u) for t in range(count)]``, ``window`` zero past its end."""
    out = []
    budget = _budget.current()
    for t in range(count):
        if budget is not None:
            budget.spend(len(sequence) + 1)
        value = 0
        for q, b in zip(sequence, window[t:]):
            if q:
                value += q * b
        out.append(value)
    return out


def _uncorrelate(correlation: list[int], factor: list[int], count: int) -> list[int]:
    """The first ``count`` entries of ``x`` with ``correlation[t] == sum(factor[j] * x[t + j] for j)``
    for every t, where ``x`` is zero past the end of ``correlation`` and ``factor[0] != 0``."""
    lead, degree = factor[0], len(factor) - 1
    x = [0] * (len(correlation) + degree)
    for t in range(len(correlation) - 1, -1, -1):
        value = correlation[t]
        for j in range(1, degree + 1):
            value -= factor[j] * x[t + j]
        x[t] = value // lead
    return x[:count]


def _externals(polys: list[list[int]], everything: list[int], binom: list[int]) -> dict[tuple[int, ...], list[int]]:
    """For each distinct component polynomial ``c``: ``external[t]``, the weight
    of the rest of the board when that component holds ``t`` mines, that is
    ``sum((everything / c)[u] * binom[t + u] for u)``.  Entries below the
    component's fewest mines are left 0 (no placement reaches them).

    Low powers without placements are dropped first, so every polynomial
    starts with a nonzero coefficient.  With many components, correlating the
    product with the binomials once and then, for each component, solving
    ``correlation == c ⋆ external`` from the top down (multiplying only by the
    component's small coefficients) is cheaper than one division and one
    correlation of huge numbers per component: the cost model picks."""
    low = _lowest(everything)
    product, window = everything[low:], binom[low:]
    reduced = {tuple(poly): poly[_lowest(poly) :] for poly in polys}
    width = len(product)
    per_component = sum(len(poly) * (width - len(poly) + 1) for poly in reduced.values())
    found: dict[tuple[int, ...], list[int]] = {}
    _budget.spend(min(width * (width + 1) // 2, per_component))
    if width * (width + 1) // 2 < per_component:
        correlation = _correlate(product, window, width)
        for key, poly in reduced.items():
            found[key] = _uncorrelate(correlation, poly, len(poly))
    else:
        for key, poly in reduced.items():
            found[key] = _correlate(_divide(product, poly), window, len(poly))
    return {key: [0] * (len(key) - len(values)) + values for key, values in found.items()}


def _binomials(r: int, mines_left: int, length: int) -> list[int]:
    """``[C(r, mines_left - t) for t in range(length)]``, by the multiplicative recurrence."""
    out = [0] * length
    low = max(0, mines_left - length + 1)
    high = min(mines_left, r)
    if low > high:
        return out
    value = comb(r, low)
    for j in range(low, high + 1):
        out[mines_left - j] = value
        value = value * (r - j) // (j + 1)
    return out


@dataclass
class _Component:
    mask: int
    group_masks: list[int]
    poly: list[int]  # placements by number of mines in the component
    # the forward pass, kept for the backward one: per level, the states with
    # their placements so far, and the moves (state, mines, next state, weight)
    forward: list[dict[int, list[int]]] = field(default_factory=list, repr=False)
    moves: list[list[tuple[int, int, int, int]]] = field(default_factory=list, repr=False)
    # filled in by the backward pass: mine weight of each group (summed over its cells)
    group_weights: list[int] = field(default_factory=list)


def _order_groups(
    n: int, group_cons: list[list[int]], cons_groups: list[list[int]], start_con: int
) -> list[int]:
    """Greedy order from ``start_con`` that closes numbers early and opens few new ones."""
    unassigned_in = [len(groups) for groups in cons_groups]
    opened = [False] * len(cons_groups)
    done = [False] * n
    order: list[int] = []
    frontier: set[int] = set()
    budget = _budget.current()
    while len(order) < n:
        if budget is not None:
            budget.spend(10 * len(frontier) + 1)  # about 1 µs per candidate: weighted like the table
        if frontier:
            best = -1
            best_key: tuple[int, int, int] | None = None
            for g in frontier:
                opens = closes = 0
                tightest = 1 << 30
                for c in group_cons[g]:
                    if not opened[c]:
                        opens += 1
                    left = unassigned_in[c]
                    if left == 1:
                        closes += 1
                    if left < tightest:
                        tightest = left
                key = (opens - 2 * closes, tightest, g)
                if best_key is None or key < best_key:
                    best, best_key = g, key
        else:
            if unassigned_in[start_con] == 0:
                start_con = min(
                    (c for c in range(len(cons_groups)) if unassigned_in[c] > 0),
                    key=lambda c: (unassigned_in[c], c),
                )
            best = min((g for g in cons_groups[start_con] if not done[g]), key=lambda g: (len(group_cons[g]), g))
        frontier.discard(best)
        done[best] = True
        order.append(best)
        for c in group_cons[best]:
            unassigned_in[c] -= 1
            if not opened[c]:
                opened[c] = True
                for g in cons_groups[c]:
                    if not done[g]:
                        frontier.add(g)
    return order


def _width(order: list[int], group_cons: list[list[int]], cons_groups: list[list[int]], counts: list[int]) -> tuple[float, float]:
    """(largest, summed) log-size of the open numbers' needs along ``order``:
    an estimate of how many states the dynamic programme will hold."""
    left = [len(groups) for groups in cons_groups]
    opened = [False] * len(cons_groups)
    current = 0.0
    largest = total = 0.0
    _budget.spend(len(order))
    for g in order:
        for c in group_cons[g]:
            if not opened[c]:
                opened[c] = True
                current += log2(counts[c] + 2)
            left[c] -= 1
            if left[c] == 0:
                current -= log2(counts[c] + 2)
        largest = max(largest, current)
        total += 2.0**current
    return largest, total


def _far_constraint(start: int, group_cons: list[list[int]], cons_groups: list[list[int]]) -> int:
    """The number farthest from ``start`` (breadth first over shared groups)."""
    seen = {start}
    layer = [start]
    last = start
    while layer:
        nxt = []
        for c in layer:
            for g in cons_groups[c]:
                for d in group_cons[g]:
                    if d not in seen:
                        seen.add(d)
                        nxt.append(d)
        if nxt:
            last = min(nxt)
        layer = nxt
    return last


def _best_order(n: int, group_cons: list[list[int]], cons_groups: list[list[int]], counts: list[int]) -> list[int]:
    """Try a few starting numbers (an end of a chain, and the two ends of the
    component's longest path, found by two breadth-first sweeps) and keep the
    order whose dynamic programme stays narrowest."""
    first = min(range(len(cons_groups)), key=lambda c: (len(cons_groups[c]), c))
    order = _order_groups(n, group_cons, cons_groups, first)
    if n <= 24:
        return order
    best = (_width(order, group_cons, cons_groups, counts), order)
    one_end = _far_constraint(first, group_cons, cons_groups)
    other_end = _far_constraint(one_end, group_cons, cons_groups)
    for start in {one_end, other_end} - {first}:
        candidate = _order_groups(n, group_cons, cons_groups, start)
        score = _width(candidate, group_cons, cons_groups, counts)
        if score < best[0]:
            best = (score, candidate)
    return best[1]


def _count_component(mask: int, constraints: list[tuple[int, int]]) -> _Component:
    if len(constraints) == 1:
        # one number alone (a third of the parts on the reference boards): one group, C(size, count)
        # placements with ``count`` mines; the table the general pass below builds, and the work it counts
        # (ordering 1, the level 1, the table 3)
        cells, count = constraints[0]
        _budget.spend(5)
        weight = comb(cells.bit_count(), count)
        return _Component(mask, [cells], [0] * count + [weight], [{0: [1]}], [[(0, count, 0, weight)]])
    # groups: cells with the same set of constraints, found in the component's
    # own window (shifted down to its lowest cell) so the masks stay small on
    # a large board
    offset = (mask & -mask).bit_length() - 1
    per_cell: dict[int, int] = {}
    get = per_cell.get
    for number, (cells, _count) in enumerate(constraints):
        bit = 1 << number
        cells >>= offset
        while cells:
            low = cells & -cells
            cell = low.bit_length() - 1
            per_cell[cell] = get(cell, 0) | bit
            cells ^= low
    signatures: dict[int, int] = {}
    for cell, signature in per_cell.items():
        signatures[signature] = signatures.get(signature, 0) | 1 << cell
    group_masks = list(signatures.values())
    group_sigs = list(signatures.keys())
    n = len(group_masks)
    sizes = [m.bit_count() for m in group_masks]
    group_cons = [list(iter_bits(sig)) for sig in group_sigs]
    cons_groups: list[list[int]] = [[] for _ in constraints]
    for g, cons in enumerate(group_cons):
        for c in cons:
            cons_groups[c].append(g)

    order = _best_order(n, group_cons, cons_groups, [count for _cells, count in constraints])
    position = {g: i for i, g in enumerate(order)}
    last = [max(position[g] for g in groups) for groups in cons_groups]
    counts = [count for _cells, count in constraints]

    # a state is the needs of the open numbers, packed ``bits`` bits each in one int (its key in the
    # tables: cheaper to build, hash and compare than a tuple).  A number keeps its slot from the group
    # that opens it to the one that closes it, so a move copies the state, clears the slots of the
    # numbers it closes, sets those of the numbers it opens and takes the k mines it places off the
    # numbers it touches (one subtraction); only the needs of those numbers are read, to bound k.
    bits = max(counts).bit_length() or 1
    field = (1 << bits) - 1
    # capacity of each constraint's groups not placed yet (after the level being built)
    room = [0] * len(constraints)
    for g, cons in enumerate(group_cons):
        for c in cons:
            room[c] += sizes[g]
    slot_of: dict[int, int] = {}  # an open number -> the shift of its slot
    free: list[int] = []  # slots let go of, taken again first (the state stays narrow)
    width = 0  # slots in use so far
    levels = []
    budget = _budget.current()
    for i, g in enumerate(order):
        if budget is not None:
            budget.spend(10 * len(slot_of) + 1)
        size = sizes[g]
        low, high = 0, size  # the bounds the numbers it opens put on k (the same from every state)
        read: list[tuple[int, int]] = []  # (shift, room after it) of the open numbers it touches
        clear = new = unit = 0
        closed: list[int] = []
        for c in group_cons[g]:
            room[c] -= size
            cap = room[c]
            closing = last[c] == i
            shift = slot_of.get(c, -1)
            if shift >= 0:
                read.append((shift, cap))
                if closing:
                    clear |= field << shift
                    del slot_of[c]
                    closed.append(shift)
                else:
                    unit |= 1 << shift
            else:  # opened by this group
                value = counts[c]
                low, high = max(low, value - cap), min(high, value)
                if not closing:
                    if free:
                        shift = free.pop()
                    else:
                        shift, width = width, width + bits
                    slot_of[c] = shift
                    new |= value << shift
                    unit |= 1 << shift
        free.extend(closed)
        levels.append((size, read, ~clear, new, unit, low, high))

    # forward pass: state -> placements by mines so far
    forward: list[dict[int, list[int]]] = []
    transitions: list[list[tuple[int, int, int, int]]] = []
    current: dict[int, list[int]] = {0: [1]}
    budget = _budget.current()
    for size, read, keep, new, unit, first_low, first_high in levels:
        forward.append(current)
        nxt: dict[int, list[int]] = {}
        reached = nxt.get
        moves: list[tuple[int, int, int, int]] = []
        add = moves.append
        weights = [comb(size, k) for k in range(size + 1)]
        for state, poly in current.items():
            # the range of mines the group may hold, and the state with none in it
            low, high = first_low, first_high
            for shift, cap in read:
                value = state >> shift & field
                if value - cap > low:
                    low = value - cap
                if value < high:
                    high = value
            base_key = state & keep | new
            for k in range(low, high + 1):
                key = base_key - k * unit
                weight = weights[k]
                target = reached(key)
                if target is None:  # the first placements to reach this state: the polynomial, shifted
                    nxt[key] = [0] * k + [ways * weight for ways in poly] if weight != 1 else [0] * k + poly
                else:
                    if len(target) < len(poly) + k:
                        target.extend([0] * (len(poly) + k - len(target)))
                    for power, ways in enumerate(poly, k):
                        if ways:
                            target[power] += ways * weight
                add((state, k, key, weight))
            if budget is not None:  # the table's entries and moves: time and memory
                budget.spend(len(poly) * (high - low + 2) + 1)
        transitions.append(moves)
        current = nxt
    poly = current.get(0, [])
    while poly and poly[-1] == 0:
        poly.pop()
    return _Component(mask, [group_masks[g] << offset for g in order], poly, forward, transitions)


def _backward(component: _Component, external: list[int]) -> None:
    """Mine weight of every group, given the weight ``external[t]`` of the
    rest of the board when this component holds ``t`` mines."""
    forward, transitions = component.forward, component.moves
    length = len(external)
    values: dict[int, list[int]] = {0: external}
    weights = [0] * len(transitions)
    budget = _budget.current()
    for i in range(len(transitions) - 1, -1, -1):
        if budget is not None:
            budget.spend(len(transitions[i]) * length + 1)
        previous: dict[int, list[int]] = {}
        total = 0
        f_level = forward[i]
        for state, k, key, weight in transitions[i]:
            after = values.get(key)
            if after is None:
                continue
            # the completions after this move, seen from the state before it: ``after`` shifted by k
            shifted = after[k:] if k else after
            target = previous.get(state)
            if target is None:
                previous[state] = (shifted if weight == 1 else [weight * value for value in shifted]) + [0] * k
            elif weight == 1:
                previous[state] = [t + value for t, value in zip(target, shifted)] + target[length - k :]
            else:
                previous[state] = [t + weight * value for t, value in zip(target, shifted)] + target[length - k :]
            if k:
                total += weight * k * sum(map(mul, f_level[state], shifted))
        weights[i] = total
        values = previous
    component.group_weights = weights
    component.forward, component.moves = [], []  # free the memory


#: parts kept by ``reuse``: a view's parts, with room for the few that change from one view to the next
_REUSE_PARTS = 96

# (the part's constraints) -> its forward pass, and the work it cost (None: counted with no budget in force)
_REUSED: ContextVar[OrderedDict[tuple[tuple[int, int], ...], tuple[_Component, int | None]] | None] = ContextVar(
    "explainer_count_reuse", default=None
)


@contextmanager
def reuse() -> Iterator[None]:
    """Within the block, a part (a component with its numbers) counted once is not counted again: a
    game's review solves view after view, and a move changes one or two parts of the frontier.  The work
    a part cost is charged again when it is reused, so budgets stop where a fresh count would and every
    result is the same; only CPU time is saved.  Memory: the last ``_REUSE_PARTS`` parts."""
    token = _REUSED.set(OrderedDict())
    try:
        yield
    finally:
        _REUSED.reset(token)


def _counted(mask: int, constraints: list[tuple[int, int]]) -> _Component:
    """``_count_component``, through the parts kept by ``reuse`` when one is in force."""
    kept = _REUSED.get()
    if kept is None or len(constraints) == 1:
        return _count_component(mask, constraints)
    key = tuple(constraints)
    budget = _budget.current()
    found = kept.get(key)
    if found is not None and (budget is None or found[1] is not None):
        kept.move_to_end(key)
        component, cost = found
        if budget is not None and cost:
            budget.spend(cost)
        # a copy: ``_backward`` fills in the weights and lets go of the forward pass
        return replace(component, group_weights=[])
    before = None if budget is None else budget.spent
    component = _count_component(mask, constraints)
    cost = None if budget is None or before is None else budget.spent - before
    kept[key] = (replace(component), cost)
    if len(kept) > _REUSE_PARTS:
        kept.popitem(last=False)
    return component


#: up to this many constraints, parts are found by comparing masks (cheaper than an index on normal boards)
_FEW_CONSTRAINTS = 150


def _components(constraints: list[tuple[int, int]]) -> list[tuple[int, list[tuple[int, int]]]]:
    """Independent parts: the constraints linked through shared cells, in the
    order of ``_indexed_components`` (which few constraints reach sooner by
    merging each with the parts whose masks it meets)."""
    if len(constraints) > _FEW_CONSTRAINTS:
        return _indexed_components(constraints)
    comps: list[tuple[int, list[tuple[int, int]]]] = []
    for cells, count in constraints:
        mask = cells
        members = [(cells, count)]
        keep = []
        for comp_mask, comp_members in comps:
            if comp_mask & mask:
                mask |= comp_mask
                members.extend(comp_members)
            else:
                keep.append((comp_mask, comp_members))
        keep.append((mask, members))
        comps = keep
    return comps


def parts(constraints: list[tuple[int, int]]) -> list[tuple[int, list[tuple[int, int]]]]:
    """The independent parts of ``constraints`` (each ``(cells, count)`` within
    the covered cells): (the cells of a part, its constraints)."""
    return _components(constraints)


def mine_counts(mask: int, constraints: list[tuple[int, int]]) -> list[int]:
    """The numbers of mines that the cells ``mask`` of one part (with its
    ``constraints``) can hold, the mine total set aside."""
    return [count for count, ways in enumerate(_counted(mask, constraints).poly) if ways]


def _indexed_components(constraints: list[tuple[int, int]]) -> list[tuple[int, list[tuple[int, int]]]]:
    """Independent parts: the constraints linked through shared cells.

    The order is that of adding the constraints one at a time, each merged
    with the parts it touches (the new one first, then those parts in order)
    into a part placed last.  Parts are found through an index from each cell
    to the part that last took it, with union-find over merged parts."""
    merged_into: dict[int, int] = {}  # an old part -> the part it was merged into
    owner: dict[int, int] = {}  # cell -> a part that holds it (maybe merged since)
    parts: dict[int, list[tuple[int, int]]] = {}  # in order: a new part gets the largest id

    def find(part: int) -> int:
        root = part
        while root in merged_into:
            root = merged_into[root]
        while part != root:  # path compression
            merged_into[part], part = root, merged_into[part]
        return root

    for number, (cells, count) in enumerate(constraints):
        touched = {find(owner[cell]) for cell in iter_bits(cells) if cell in owner}
        members = [(cells, count)]
        for part in sorted(touched):
            members.extend(parts.pop(part))
            merged_into[part] = number
        parts[number] = members
        for cell in iter_bits(cells):
            owner[cell] = number
    comps = []
    for members in parts.values():
        mask = 0
        for cells, _count in members:
            mask |= cells
        comps.append((mask, members))
    return comps


#: from this many cells on, a group's probabilities are filled in by ``bit_indices``
_MANY_BITS = 64


@dataclass
class Analysis:
    """The exact count of placements, and each cell's share of mines in them."""

    consistent: bool
    total: int  # number of placements (weighted), 0 when inconsistent
    unknown: int  # the cells reasoned about (mask)
    groups: list[tuple[int, int, int]]  # (mask, size, mine weight summed over the group)
    safe: int = 0  # cells that are safe in every placement
    mines: int = 0  # cells that are mines in every placement

    def probability(self, index: int) -> float | None:
        """Probability that cell ``index`` is a mine (None if not reasoned about)."""
        bit = 1 << index
        for mask, size, weight in self.groups:
            if mask & bit:
                return weight / (size * self.total) if self.total else None
        return None

    def probabilities(self) -> dict[int, float]:
        out: dict[int, float] = {}
        if not self.total:
            return out
        total = self.total
        for mask, size, weight in self.groups:
            value = weight / (size * total)
            if size > _MANY_BITS:  # the cells away from the numbers, often hundreds: filled in C
                out.update(dict.fromkeys(bit_indices(mask), value))
                continue
            while mask:
                low = mask & -mask
                out[low.bit_length() - 1] = value
                mask ^= low
        return out


def analyze(constraints: Sequence[tuple[int, int]], unknown: int, mines_left: int | None) -> Analysis:
    """Count placements of mines in ``unknown`` (a mask) that satisfy every
    ``(cells, count)`` constraint and, if given, hold ``mines_left`` mines in all."""
    seen: dict[int, int] = {}
    for cells, count in constraints:
        cells &= unknown
        if count < 0 or count > cells.bit_count():
            return Analysis(False, 0, unknown, [])
        if not cells:
            continue
        if seen.setdefault(cells, count) != count:
            return Analysis(False, 0, unknown, [])
    comps = [_counted(mask, members) for mask, members in _components(list(seen.items()))]
    if any(not comp.poly for comp in comps):
        return Analysis(False, 0, unknown, [])
    frontier = 0
    for comp in comps:
        frontier |= comp.mask
    outside = unknown & ~frontier
    r = outside.bit_count()

    groups: list[tuple[int, int, int]] = []
    if mines_left is None:
        total = 1
        for comp in comps:
            total *= sum(comp.poly)
        total_outside = 1 << r
        for comp in comps:
            own = sum(comp.poly)
            _backward(comp, [total // own * total_outside] * len(comp.poly))
        total *= total_outside
        if outside:
            groups.append((outside, r, r * (total // 2)))
    else:
        everything = [1]
        for comp in comps:
            everything = _convolve(everything, comp.poly)
        # binom[t] = C(r, mines_left - t): ways to place the rest away from the frontier
        binom = _binomials(r, mines_left, len(everything))
        total = sum(q * b for q, b in zip(everything, binom))
        if total == 0:
            return Analysis(False, 0, unknown, [])
        externals = _externals([comp.poly for comp in comps], everything, binom)
        for comp in comps:
            _backward(comp, externals[tuple(comp.poly)])
        if outside:
            weight = sum(q * b * (mines_left - t) for t, (q, b) in enumerate(zip(everything, binom)))
            groups.append((outside, r, weight))
    for comp in comps:
        for mask, weight in zip(comp.group_masks, comp.group_weights):
            groups.append((mask, mask.bit_count(), weight))
    safe = mines = 0
    for mask, size, weight in groups:
        if weight == 0:
            safe |= mask
        elif weight == size * total:
            mines |= mask
    return Analysis(True, total, unknown, groups, safe, mines)
