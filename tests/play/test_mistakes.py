"""The real mistake named: the player's right flags are facts a chain starts from (never a step that
tells the player to flag them), wrong-flag and loss chains keep only the steps their conclusion needs,
a strict loss names the safe cells the player's own view proved, a loss through a wrong flag names the
flag first, and a review's forced guess speaks about the player's move."""

from __future__ import annotations

import json
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explainer import Board, solve
from explainer.core.board import FLAGGED
from explainer.core.cells import Cell, CellSet, iter_bits
from explainer.core.deduction import Deduction
from explainer.engine.hint import make_hint, wrong_flag_hint
from explainer.bot.guess import GuessReason
from explainer.bot.moves import advised_guess
from explainer.play.game import Game
from explainer.play.losses import loss_report, move_loss_report, stored_loss_report, strict_report
from explainer.play.modes import new_game
from explainer.play.moves import chord_cell, flag_cell, open_cell
from explainer.review import review
from explainer.words.hints import chain_json
from explainer.words.modes import loss_report_json
from explainer.words.render import Renderer
from explainer.words.review import review_json
from tests.oracles.brute import certain, view_from_layout
from tests.oracles.proofs import check_chain
from tests.support.views import deep_views, player_views


def needed(chain: Sequence[Deduction], target: int) -> set[int]:
    """Positions of the steps the target's step rests on, walking back through the facts each lists."""
    proved_by: dict[int, int] = {}
    for position, deduction in enumerate(chain):
        for cell in iter_bits(deduction.safe.mask | deduction.mines.mask):
            proved_by.setdefault(cell, position)
    found = {proved_by[target]} if target in proved_by else set()
    stack = list(found)
    while stack:
        deduction = chain[stack.pop()]
        for cell in iter_bits(deduction.known_mines.mask | deduction.known_safe.mask):
            earlier = proved_by.get(cell)
            if earlier is not None and earlier not in found:
                found.add(earlier)
                stack.append(earlier)
    return found


def check_lean_chain(view: Board, chain: Sequence[Deduction], target: int, flags: CellSet | None) -> None:
    """A chain to ``target``: every step needed, none flags a flagged cell, it checks from the view with
    the player's right flags as its only unproved facts, and ``flags`` names exactly those."""
    assert chain, "no chain"
    assert chain[-1].cells.mask >> target & 1
    assert needed(chain, target) == set(range(len(chain)))
    for deduction in chain:
        assert not deduction.mines.mask & view.flagged_mask, "a step tells the player to flag a flagged cell"
    solution = solve(view)
    check_chain(view, chain_json(chain, Renderer("en")), solution.mines.to_json())
    proved = 0
    rests_on = 0
    for deduction in chain:
        rests_on |= deduction.known_mines.mask & ~proved
        proved |= deduction.mines.mask
    flagged = rests_on & view.flagged_mask
    assert (flags.mask if flags else 0) == flagged
    assert not flagged & ~solution.mines.mask  # only right flags are facts


def samples(views: Sequence[Board]) -> list[tuple[str, Board, int]]:
    """(kind, view, cell): a loss on the first provable mine left unflagged; a wrong flag on the first
    provably safe cell (flagged for the sample); the view's own wrong flags."""
    found = []
    for view in views:
        solution = solve(view)
        if not solution.consistent:
            continue
        mines = solution.mines.mask & ~view.flagged_mask
        if mines:
            found.append(("loss", view, (mines & -mines).bit_length() - 1))
        safe = solution.safe.mask & ~view.flagged_mask
        if safe:
            index = (safe & -safe).bit_length() - 1
            found.append(("wrong_flag", view.with_cells({index: FLAGGED}), index))
        for cell in solution.wrong_flags:
            found.append(("wrong_flag", view, view.index(*cell)))
    return found


def chain_of(kind: str, view: Board, index: int) -> tuple[tuple[Deduction, ...], CellSet | None]:
    if kind == "loss":
        report = loss_report(view, view.cell(index))
        assert report.kind == "proved"
        return report.chain, report.flags
    hint = make_hint(view)
    if hint.cell != view.cell(index):
        hint = wrong_flag_hint(hint.solution, view.cell(index))
    assert hint.kind == "wrong_flag"
    return hint.chain, hint.flags


def test_loss_and_wrong_flag_chains_are_lean_and_start_from_the_right_flags() -> None:
    with_flags = 0
    for kind, view, index in samples(player_views() + deep_views()):
        chain, flags = chain_of(kind, view, index)
        check_lean_chain(view, chain, index, flags)
        with_flags += bool(flags)
    assert with_flags >= 50  # many chains rest on a right flag the player placed


@st.composite
def flagged_views(draw: st.DrawFn) -> Board:
    height = draw(st.integers(1, 5))
    width = draw(st.integers(2, max(2, 16 // height)))  # at most 16 cells: the brute force stays quick
    size = height * width
    layout = draw(st.integers(1, (1 << size) - 2))
    revealed = draw(st.integers(0, (1 << size) - 1)) & ~layout
    flagged = draw(st.integers(0, (1 << size) - 1)) & ~revealed  # right and wrong flags alike
    return view_from_layout(height, width, layout, revealed, flagged, mines=draw(st.booleans()))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(flagged_views())
def test_every_chain_is_lean_on_small_views(view: Board) -> None:
    safe, mines = certain(view)
    for index in iter_bits(mines & ~view.flagged_mask):
        report = loss_report(view, view.cell(index))
        check_lean_chain(view, report.chain, index, report.flags)
    solution = solve(view, hint_only=True)
    for cell in solution.wrong_flags:
        hint = wrong_flag_hint(solution, cell)
        check_lean_chain(view, hint.chain, view.index(*cell), hint.flags)
    assert CellSet(safe & view.flagged_mask, view.width) == solution.wrong_flags


def test_a_right_flag_is_named_not_proved() -> None:
    # the 2 at A2 touches only A1 and B1 (flagged by the player): both are mines, so the 1 at C2 has its
    # mine at B1 and C1 is safe.  The player flags C1 too: the hint starts from the right flag at B1
    view = Board.parse("mines 2\n?FF\n221\n")
    hint = make_hint(view)
    assert hint.kind == "wrong_flag" and hint.cell == Cell(0, 2)
    assert hint.flags == CellSet.from_cells([Cell(0, 1)], 3)
    assert hint.chain[-1].safe == CellSet.from_cells([Cell(0, 2)], 3)
    assert all(not d.mines.mask & view.flagged_mask for d in hint.chain)
    assert "Flag B1" not in " ".join(Renderer("en").chain(hint.chain))
    check_chain(view, chain_json(hint.chain, Renderer("en")), solve(view).mines.to_json())


def test_a_loss_report_starts_from_the_players_right_flag() -> None:
    view = Board.parse("mines 2\n?F?\n221\n")
    report = loss_report(view, Cell(0, 0))
    assert report.kind == "proved" and report.flags == CellSet.from_cells([Cell(0, 1)], 3)
    assert len(report.chain) == 1 and not report.chain[0].mines.mask & view.flagged_mask
    data = loss_report_json(report)
    assert data["flags"] == [[0, 1]]
    assert data["lead"] == "A1 was a mine, and the numbers prove it. Your flag at B1 is right."
    assert data["text"].startswith(data["lead"] + " ")
    check_chain(view, data["chain"], solve(view).mines.to_json())


# -- strict -----------------------------------------------------------------------------------------


def strict_game() -> tuple[Game, Board]:
    """A strict game where the player flagged every provable mine, then opened an uncertain cell."""
    game = new_game("strict", 9, 9, 10, seed=5)
    open_cell(game, 4, 4)
    solution = solve(game.view())
    for index in iter_bits(solution.mines.mask):
        flag_cell(game, *divmod(index, 9))
    view = game.view()
    solution = solve(view)
    guess = next(i for i in iter_bits(view.covered_mask & ~view.flagged_mask) if not solution.safe.mask >> i & 1)
    outcome = open_cell(game, *divmod(guess, 9))
    assert game.lost and outcome.loss is not None and outcome.loss.kind == "strict"
    return game, view


def test_a_strict_loss_names_the_safe_cells_of_the_players_view() -> None:
    game, view = strict_game()
    report = stored_loss_report(game)
    assert report is not None
    solution = solve(view)
    safe = CellSet(solution.safe.mask & ~view.flagged_mask, view.width)
    assert safe and report.safe == safe
    # the step leads to one of them, from the player's flags, never telling to flag a flagged cell
    assert report.chain and report.chain[-1].safe.mask & safe.mask
    target = next(iter_bits(report.chain[-1].safe.mask & safe.mask))
    check_lean_chain(view, report.chain, target, report.flags)
    assert report.flags  # the player's flags are facts here
    data = loss_report_json(report)
    assert data["safe"] == safe.to_json()
    assert data["text"].startswith(f"Strict mode: {report.cell.name} was not certain")
    assert f"{len(safe)} cells were certainly safe: " in data["text"] and Renderer("en").cells(safe) in data["text"]
    assert "The simplest step to one of them:" in data["text"]
    assert data["text"].startswith(data["lead"])
    # the same report from the view alone
    assert strict_report(view, report.cell) == report


def test_a_strict_step_is_the_shortest_argument() -> None:
    """Of the chains to each safe cell, the report takes one with the fewest proof steps."""
    game, view = strict_game()
    report = stored_loss_report(game)
    assert report is not None
    from explainer.engine.why import argument_size, chain_to

    solution = solve(view)
    sizes = [argument_size(chain_to(solution.deductions, i)) for i in iter_bits(report.safe.mask)]  # type: ignore[union-attr]
    assert argument_size(report.chain) == min(sizes)


# -- a loss through a wrong flag ---------------------------------------------------------------------


def test_a_chord_through_a_wrong_flag_names_the_flag() -> None:
    # A1 is a 1 (the mine is at B2); the player's flag on A2 is wrong, so chording A1 opens B2
    game = Game.from_layout(3, 3, 1 << 4, seed=0)
    game.extra["mode"] = "classic"
    open_cell(game, 0, 0)
    flag_cell(game, 1, 0)
    before = game.view()
    outcome = chord_cell(game, 0, 0)
    assert game.lost and outcome.loss is not None
    report = outcome.loss
    assert report.chord == Cell(0, 0) and report.wrong_flags == CellSet.from_cells([Cell(1, 0)], 3)
    data = loss_report_json(report)
    assert data["text"].startswith("Your flag at A2 was not a mine, so the chord on A1 opened a mine at B2. ")
    assert data["wrong_flags"] == [[1, 0]] and data["chord"] == [0, 0]
    # the reasoning is the view's alone: the odds are those of the view, where A2 is just a covered cell
    assert report.probability == solve(before).probabilities[before.index(1, 1)]
    # a reload tells the same, and so does the review
    reloaded = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert stored_loss_report(reloaded) == report
    moves = review_json(review(game))["moves"]
    assert moves[-1]["loss"]["text"] == data["text"]


def test_an_open_that_only_looked_safe_through_a_wrong_flag_names_the_flag() -> None:
    # as above, but the player opens B2 itself: with A2 taken for a mine, the 1 at A1 had its mine
    game = Game.from_layout(3, 3, 1 << 4, seed=0)
    game.extra["mode"] = "classic"
    open_cell(game, 0, 0)
    flag_cell(game, 1, 0)
    outcome = open_cell(game, 1, 1)
    assert game.lost and outcome.loss is not None
    report = outcome.loss
    assert report.chord is None and report.wrong_flags == CellSet.from_cells([Cell(1, 0)], 3)
    data = loss_report_json(report)
    assert data["text"].startswith("Your flag at A2 was not a mine: B2 only looked safe because of it. B2 was a guess")
    assert stored_loss_report(Game.from_dict(json.loads(json.dumps(game.to_dict())))) == report


def test_a_flag_that_did_not_mislead_is_not_named() -> None:
    # a wrong flag far from the opened mine: the open did not look safe because of it
    view = Board.parse("mines 1\n1??F\n1???\n")
    layout = 1 << view.index(0, 1)
    report = move_loss_report(view, layout, Cell(0, 1))
    assert report.wrong_flags is None and report.kind == "guess"
    assert not loss_report_json(report)["text"].startswith("Your flag")


# -- the review speaks to the player ------------------------------------------------------------------


def test_a_forced_guess_among_equals_is_not_the_bots_tie_break() -> None:
    game = new_game("classic", 9, 9, 10, seed=99)
    open_cell(game, 4, 4)
    for _ in range(60):
        assert game.state == "playing"
        view = game.view()
        solution = solve(view)
        safe = solution.safe.mask & ~view.flagged_mask
        if safe:
            open_cell(game, *divmod((safe & -safe).bit_length() - 1, 9))
            continue
        guess = advised_guess(view)
        assert guess is not None
        open_cell(game, *guess.cell)
        if guess.reason is GuessReason.ORDER:
            break
    else:
        raise AssertionError("no forced guess among equals")
    item = review(game).moves[-1]
    assert item.verdict == "forced-guess" and item.best_guess is not None and item.best_guess.reason is GuessReason.ORDER
    text = review_json(review(game))["moves"][-1]["text"]
    assert text.startswith("Nothing was certain here: any guess was a risk. ")
    assert f"{item.cell.name} was one of " in text and "cells with the lowest mine chance" in text  # type: ignore[union-attr]
    assert "bot" not in text and "reading order" not in text
