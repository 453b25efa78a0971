"""The sentence of each kind of proof step, one module per family: one number (``one_number``), two
numbers (``two_numbers``), numbers against numbers (``sums``), the mine count (``mine_count``), suppositions and
cases (``suppositions``).

``WRITERS`` maps every ``StepKind`` to its writer, a function of the renderer and the step's data; a test
checks that no kind lacks one.  Counts are as the player reads them on the board: a sentence that counts
covered cells names what it sets aside (``tests/oracles/as_read.py`` recounts them from the raw view).
"""

from __future__ import annotations

from collections.abc import Callable

from explainer.core.deduction import ProofStep, StepKind
from explainer.words.steps.mine_count import count_rest, count_split, global_step
from explainer.words.steps.one_number import simple_step
from explainer.words.steps.sums import sum_split
from explainer.words.steps.suppositions import case, cases, clash, suppose, therefore
from explainer.words.steps.two_numbers import pair_step
from explainer.words.speaker import Speaker


__all__ = ["WRITERS", "Writer"]

#: writes one proof step's sentence from its data
Writer = Callable[[Speaker, ProofStep], str]

WRITERS: dict[StepKind, Writer] = {
    StepKind.SIMPLE_ALL_SAFE: simple_step,
    StepKind.SIMPLE_ALL_MINES: simple_step,
    StepKind.PAIR_SAFE: pair_step,
    StepKind.PAIR_MINES: pair_step,
    StepKind.PAIR_SAFE_AND_MINES: pair_step,
    StepKind.GLOBAL_ALL_FOUND: global_step,
    StepKind.GLOBAL_ALL_MINES: global_step,
    StepKind.COUNT_REST_SAFE: count_rest,
    StepKind.COUNT_REST_MINES: count_rest,
    StepKind.COUNT_SPLIT: count_split,
    StepKind.SUM_SPLIT: sum_split,
    StepKind.CLASH: clash,
    StepKind.SUPPOSE: suppose,
    StepKind.CASE: case,
    StepKind.THEREFORE: therefore,
    StepKind.CASES: cases,
}
