"""Property tests: every rule's deductions against brute force on small boards."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explainer.core.board import Board
from explainer.core.cells import iter_bits
from explainer.core.constraints import Knowledge, build_constraints
from explainer.core.deduction import Rule
from explainer.engine.count import analyze
from explainer.engine.solve import known_flags, solve
from explainer.words.solution_json import solution_to_json
from tests.oracles.proofs import check_solution
from explainer.engine.rules.exhaustive import forced_by

from tests.oracles.brute import certain, placements, probabilities, view_from_layout
from tests.support.strategies import game_views


@st.composite
def small_views(draw, max_cells: int = 16) -> Board:
    height = draw(st.integers(1, 5))
    width = draw(st.integers(1, max(1, min(5, max_cells // height))))
    size = height * width
    layout = draw(st.integers(0, (1 << size) - 1))
    revealed = draw(st.integers(0, (1 << size) - 1)) & ~layout
    flagged = draw(st.integers(0, (1 << size) - 1)) & ~revealed
    with_count = draw(st.booleans())
    return view_from_layout(height, width, layout, revealed, flagged, mines=with_count)


SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(small_views())
def test_certain_cells_and_probabilities_match_brute_force(board: Board) -> None:
    solution = solve(board)
    assert solution.consistent  # views made from a real layout always are
    safe, mines = certain(board)
    assert solution.safe.mask == safe
    assert solution.mines.mask == mines
    expected = probabilities(board)
    for index, probability in expected.items():
        assert abs(solution.probabilities[index] - probability) < 1e-9


@SETTINGS
@given(small_views())
def test_every_deduction_is_sound_and_they_cover_every_certain_cell(board: Board) -> None:
    solution = solve(board)
    safe, mines = certain(board)
    covered = 0
    for deduction in solution.deductions:
        assert deduction.safe.mask & ~safe == 0, deduction
        assert deduction.mines.mask & ~mines == 0, deduction
        assert deduction.safe or deduction.mines
        covered |= deduction.safe.mask | deduction.mines.mask
        if deduction.rule is Rule.SIMPLE:
            assert len(deduction.clues) == 1
        elif deduction.rule is Rule.PAIR:
            assert len(deduction.clues) == 2 and deduction.areas is not None
        elif deduction.rule is Rule.GLOBAL:
            assert deduction.clues == () and deduction.uses_mine_count
    correct_flags = board.flagged_mask & mines
    assert covered == (safe | mines) & ~correct_flags
    assert solution.wrong_flags.mask == board.flagged_mask & safe


@SETTINGS
@given(small_views())
def test_the_first_deduction_holds_on_the_view_alone(board: Board) -> None:
    """The hint (first step) may rely only on the view and correctly flagged mines."""
    solution = solve(board)
    if not solution.deductions:
        return
    first = solution.deductions[0]
    safe, mines = certain(board)
    assert first.known_mines.mask & ~(board.flagged_mask & mines) == 0
    assert first.known_safe.mask == 0


@SETTINGS
@given(small_views())
def test_enumeration_citations_are_minimal(board: Board) -> None:
    """Dropping any one cited number (or the mine count) breaks an enumeration step."""
    from explainer.core.constraints import Knowledge
    from explainer.engine.frontier import SolveState

    solution = solve(board)
    safe, mines = certain(board)
    state = SolveState(board, Knowledge(mines=board.flagged_mask & mines), (safe | mines) & ~(board.flagged_mask & mines))
    for deduction in solution.deductions:
        if deduction.rule is Rule.ENUMERATION:
            cited = [state.constraints[board.index(*clue)] for clue in deduction.clues]
            target = board.index(*deduction.params["target"])
            got_safe, got_mines = forced_by(state, cited, deduction.uses_mine_count)
            assert (got_safe | got_mines) >> target & 1
            for dropped in cited:
                rest = [c for c in cited if c is not dropped]
                s, m = forced_by(state, rest, deduction.uses_mine_count)
                assert not ((s | m) >> target & 1), f"{dropped} is not needed"
            if deduction.uses_mine_count:
                s, m = forced_by(state, cited, False)
                assert not ((s | m) >> target & 1), "the mine count is not needed"
        state.apply(deduction.mines.mask, deduction.safe.mask)


@SETTINGS
@given(small_views())
def test_every_proof_replays_from_the_board(board: Board) -> None:
    """The independent checker replays every step of every deduction of the chain: its numbers,
    facts, suppositions, figures and clashes; every claimed cell is proved outright."""
    solution = solve(board)
    if solution.consistent:
        check_solution(board, solution_to_json(solution, "en"))
        cleared = board.without_flags()
        check_solution(cleared, solution_to_json(solve(cleared), "en"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_views())
def test_every_proof_of_a_game_view_replays_from_the_board(board: Board) -> None:
    """The checker over views of real games (flags right and wrong, with and without the mine count),
    and the chain of the loss report for the first certain mine."""
    from explainer.play.losses import loss_report
    from explainer.words.modes import loss_report_json
    from tests.oracles.proofs import check_chain

    solution = solve(board)
    assert solution.consistent
    check_solution(board, solution_to_json(solution, "en"))
    mines = [cell for cell in solution.mines if not board.flagged_mask >> board.index(*cell) & 1]
    if mines:
        report = loss_report(board, mines[0])
        assert report.kind == "proved"
        chain = loss_report_json(report, "en")["chain"]
        check_chain(board, chain, solution.mines.to_json())  # the player's right flags are facts the chain starts from
        assert list(mines[0]) in chain[-1]["mines"]


@settings(max_examples=200, deadline=None)
@given(small_views())
def test_inconsistent_views_are_reported_with_a_conflict(board: Board) -> None:
    """Perturb one number; if no placement fits, the solver says so and names numbers."""
    numbers = [i for i, _ in board.numbers()]
    if not numbers:
        return
    index = numbers[0]
    cells = list(board.cells)
    cells[index] = min(cells[index] + 1, board.neighbours[index].bit_count())
    try:
        changed = Board(board.height, board.width, tuple(cells), board.mines)
    except ValueError:
        return
    solution = solve(changed)
    assert solution.consistent == bool(placements(changed))
    if not solution.consistent:
        assert solution.conflict
        constraints = build_constraints(changed)
        cited = [c for c in constraints if changed.cell(c.source) in solution.conflict]
        mines = changed.mines if solution.conflict_uses_mine_count else None
        assert not analyze([(c.cells, c.count) for c in cited], changed.covered_mask, mines).consistent


@settings(max_examples=200, deadline=None)
@given(game_views(), st.randoms(use_true_random=False))
def test_constraints_with_known_flags_are_the_ones_built_with_them(board: Board, rng) -> None:
    """``known_flags`` (the view's constraints with some covered cells known mines, derived from the
    constraints already built) gives exactly what ``build_constraints`` builds with that knowledge, numbers
    left with no unknown cell included."""
    covered = list(iter_bits(board.covered_mask))
    flags = sum(1 << index for index in rng.sample(covered, rng.randint(0, len(covered))))

    def shape(constraints: list) -> list[tuple[int, int, int, int]]:
        return [(c.source, c.cells, c.count, c.known) for c in constraints]

    built = build_constraints(board, Knowledge(mines=flags))
    assert shape(known_flags(build_constraints(board), flags)) == shape(built)
