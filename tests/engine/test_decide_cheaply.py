"""``explainer.engine.solve.decide_cheaply``: what the chain's cheap tiers decide of some cells, found
without the exact count, is what ``solve(view, until=cells)`` says of them (the cells' states and the
rule of the step deciding the lowest); the review judges most moves this way and its verdicts do not
change."""

from __future__ import annotations

import random

import pytest

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.core.deduction import Rule
from explainer.engine.hint import make_hint
from explainer.engine.solve import CheapDecision, decide_cheaply, solve
from explainer.play.game import Game, GameState
from explainer.play.history import MOVES, undo
from explainer.play.moves import chord_cell, flag_cell, open_cell
from explainer import review as review_module


def _played(seed: int, height: int, width: int, mines: int) -> Game:
    """A game by a player who mostly follows the hint, flags its mines (and now and then a wrong cell),
    takes flags off, chords, guesses at random, and undoes every loss."""
    rng = random.Random(seed)
    game = Game.new(height, width, mines, seed=seed)
    open_cell(game, height // 2, width // 2)
    for _ in range(height * width):
        if game.state is GameState.LOSS_PENDING:
            undo(game)  # (every loss: the game goes on to the end)
        if game.state is not GameState.PLAYING:
            break
        view = game.view()
        covered = [i for i in iter_bits(view.covered_mask & ~view.flagged_mask)]
        flagged = list(iter_bits(view.flagged_mask))
        step = make_hint(view).deduction
        roll = rng.random()
        if roll < 0.02 and covered:
            flag_cell(game, *divmod(rng.choice(covered), width))  # right or wrong
        elif roll < 0.05 and flagged:
            flag_cell(game, *divmod(rng.choice(flagged), width))  # taken off
        elif roll < 0.09 and covered:
            open_cell(game, *divmod(rng.choice(covered), width))  # a guess, maybe not forced
        elif step is not None and step.mines and roll < 0.5:
            cell = next(iter(step.mines))
            if view.cells[cell.row * width + cell.col] == -1:
                flag_cell(game, *cell)
            elif step.safe:
                open_cell(game, *next(iter(step.safe)))
        elif step is not None and step.safe:
            target = next(iter(step.safe))
            numbers = [n for n in iter_bits(view.neighbours[target.row * width + target.col]) if view.cells[n] > 0]
            if numbers and roll < 0.65:
                chord_cell(game, *divmod(rng.choice(numbers), width))  # a chord next to it (it may open a mine)
            else:
                open_cell(game, *target)
        else:  # nothing is certain: a lucky guess (a safe cell), as a player who wins would
            open_cell(game, *divmod(rng.choice([i for i in covered if not (game.layout or 0) >> i & 1]), width))
    return game


def _views(game: Game) -> list[Board]:
    """The views the player moved on (the review's, which replays the history, undos included)."""
    return [item.view for item in review_module.review(game).moves if item.action in MOVES and not item.first]


GAMES = [(1, 9, 9, 10), (2, 16, 16, 40), (3, 16, 30, 99), (4, 16, 30, 99), (5, 16, 16, 40)]


@pytest.mark.parametrize(("seed", "height", "width", "mines"), GAMES)
def test_the_cheap_tiers_decide_as_the_chain_does(seed: int, height: int, width: int, mines: int) -> None:
    rng = random.Random(seed)
    decided = tried = 0
    for view in _views(_played(seed, height, width, mines))[::3]:
        certain = solve(view)
        proved = list(iter_bits((certain.safe.mask | certain.mines.mask) & view.covered_mask))
        covered = list(iter_bits(view.covered_mask))
        for cell in rng.sample(proved, min(4, len(proved))) + rng.sample(covered, min(2, len(covered))):
            tried += 1
            found = decide_cheaply(view, 1 << cell)
            if found is None:
                continue
            decided += 1
            solution = solve(view, until=1 << cell)
            assert found.safe == solution.safe.mask & 1 << cell
            assert found.mines == solution.mines.mask & 1 << cell
            deduction = solution.deduction_for(*divmod(cell, width))
            assert deduction is not None and deduction.rule is found.rule
    assert decided > tried // 8  # (it is exercised: flags nothing cheap proves leave the rest to the chain)


@pytest.mark.parametrize(("seed", "height", "width", "mines"), GAMES)
def test_a_review_judges_the_same_with_and_without_the_cheap_tiers(
    seed: int, height: int, width: int, mines: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _played(seed, height, width, mines)
    judged: list[bool] = []
    judge = review_module._judge_cheaply

    def counted(*args: object) -> bool:
        judged.append(judge(*args))  # type: ignore[arg-type]
        return judged[-1]

    monkeypatch.setattr(review_module, "_judge_cheaply", counted)
    cheap = review_module.review(game)
    assert sum(judged) > len(judged) // 10  # (it is exercised: opens and chords; flags are judged from one solve of a view)
    monkeypatch.setattr(review_module, "_judge_cheaply", lambda *args: False)
    assert cheap == review_module.review(game)
    actions = {item.action for item in cheap.moves}
    assert {"open", "flag", "unflag", "chord"} <= actions


def _agrees(view: Board, cell: int) -> bool:
    """``decide_cheaply`` on one cell is None or what the chain of ``solve`` says of it; whether it decided."""
    found = decide_cheaply(view, 1 << cell)
    if found is None:
        return False
    solution = solve(view, until=1 << cell)
    assert found.safe == solution.safe.mask & 1 << cell, str(view)
    assert found.mines == solution.mines.mask & 1 << cell, str(view)
    deduction = solution.deduction_for(*divmod(cell, view.width))
    assert deduction is not None and deduction.rule is found.rule, (str(view), cell)
    return True


def test_a_flag_the_one_number_steps_do_not_decide_leaves_the_chain_to_the_solve() -> None:
    # the flag on A2 is a mine only by the two numbers' rule: the chain starts knowing it, so C2 is a
    # one-number step there (it would be the two numbers' without the flag)
    view = Board.parse("121\nF??\n")
    assert decide_cheaply(view, 1 << 5) is None
    assert solve(view, until=1 << 5).deduction_for(1, 2).rule is Rule.SIMPLE
    assert _agrees(Board.parse("121\n???\n"), 5)


def test_when_the_mine_count_may_decide_first_the_chain_is_walked_step_by_step() -> None:
    # 7 mines, 4 flags (right), and the covered cells left are all mines: the mine count decides G5 as
    # soon as the one-number steps have found the mines before it, so G5's step is the mine count's
    view = Board.parse("mines 7\n????1..\n??221..\n?1?F221\n1212?F2\nF1.123?\n")
    assert decide_cheaply(view, 1 << 34) == CheapDecision(0, 1 << 34, Rule.GLOBAL)
    assert _agrees(view, 34)


def test_small_boards_with_flags_right_and_wrong_and_the_mine_count() -> None:
    decided = sum(_small_board(seed) for seed in range(400))
    assert decided > 150  # (cells it decided, each checked against the chain)


def _small_board(seed: int) -> int:
    """A random small board, a few cells opened, a few flags (right or wrong), with or without the mine
    count: every covered cell checked (``_agrees``); how many ``decide_cheaply`` decided."""
    rng = random.Random(seed)
    height, width = rng.choice([(4, 5), (5, 5), (5, 7)])
    mines = rng.randint(3, height * width // 2)
    layout = 0
    for i in rng.sample(range(height * width), mines):
        layout |= 1 << i
    game = Game.from_layout(height, width, layout)
    safe_cells = [i for i in range(height * width) if not layout >> i & 1]
    for i in rng.sample(safe_cells, rng.randint(1, max(1, len(safe_cells) // 2))):
        if game.state is GameState.PLAYING or game.state is GameState.READY:
            if not game.revealed >> i & 1:
                open_cell(game, *divmod(i, width))
    if game.state is not GameState.PLAYING:
        return 0
    view = game.view()
    for i in rng.sample(list(iter_bits(view.covered_mask)), min(3, view.covered_mask.bit_count())):
        game.toggle_flag(*divmod(i, width))
    view = game.view()
    if rng.random() < 0.5:
        view = Board.parse("\n".join(str(view).splitlines()[1:]))  # without the mine count
    return sum(_agrees(view, cell) for cell in iter_bits(view.covered_mask))
