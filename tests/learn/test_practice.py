"""Practice puzzles: every generated board's simplest step is its lesson's
pattern (many seeds, every lesson), generation is deterministic and varied,
answers are judged as documented, and the ``practice`` command."""

from __future__ import annotations

import json

import pytest

from explainer.core.board import Board
from explainer.core.cells import Cell, CellSet
from explainer.engine.hint import make_hint
from explainer.learn.lessons import PATTERN_IDS, SHAPE_IDS, UnknownPatternError, classify, get_pattern, match_shape
from explainer.words.lessons import puzzle_json
from explainer.words.practice import answer_json
from explainer.words.render import Renderer
from explainer.learn.practice import (
    PUZZLE_MAX_SIDE,
    PUZZLE_MIN_SIDE,
    AnswerError,
    PracticeError,
    Puzzle,
    check_answer,
    lesson_cells,
    make_puzzle,
    puzzle_pattern,
)

SEEDS = range(40)


def assert_valid(puzzle: Puzzle, pattern_id: str) -> None:
    """The checks a lesson's practice board must pass, from its text alone."""
    board = Board.parse(str(puzzle.board))  # what a player or a file sees
    assert board == puzzle.board
    assert PUZZLE_MIN_SIDE <= board.height <= PUZZLE_MAX_SIDE and PUZZLE_MIN_SIDE <= board.width <= PUZZLE_MAX_SIDE
    hint = make_hint(board)
    assert hint.kind == "deduction", f"{pattern_id}: hint is {hint.kind} for\n{board}"
    assert hint.solution.consistent and not hint.solution.wrong_flags
    deduction = hint.deduction
    assert deduction is not None
    assert deduction.rule is get_pattern(pattern_id).rule
    assert classify(board, deduction) == pattern_id, f"{pattern_id} expected for\n{board}"
    assert deduction.to_json() == puzzle.deduction.to_json()


@pytest.mark.parametrize("pattern_id", PATTERN_IDS)
def test_every_puzzle_is_its_lessons_pattern(pattern_id: str) -> None:
    for seed in SEEDS:
        puzzle = make_puzzle(pattern_id, seed)
        assert puzzle.pattern == pattern_id and puzzle.seed == seed
        assert_valid(puzzle, pattern_id)
        assert puzzle_pattern(puzzle.board) == pattern_id


@pytest.mark.slow
@pytest.mark.parametrize("pattern_id", PATTERN_IDS)
def test_every_puzzle_is_its_lessons_pattern_many_seeds(pattern_id: str) -> None:
    for seed in range(40, 200):
        assert_valid(make_puzzle(pattern_id, seed), pattern_id)


@pytest.mark.parametrize("pattern_id", PATTERN_IDS)
def test_the_same_seed_gives_the_same_puzzle_and_seeds_vary(pattern_id: str) -> None:
    boards = [str(make_puzzle(pattern_id, seed).board) for seed in range(12)]
    assert boards == [str(make_puzzle(pattern_id, seed).board) for seed in range(12)]
    assert len(set(boards)) >= 10


@pytest.mark.parametrize("pattern_id", SHAPE_IDS)
def test_shapes_come_in_every_orientation_and_many_places(pattern_id: str) -> None:
    directions = set()
    places = set()
    for seed in SEEDS:
        puzzle = make_puzzle(pattern_id, seed)
        shape = match_shape(puzzle.board, puzzle.deduction)
        assert shape is not None
        first, second = shape.numbers[0], shape.numbers[1]
        step = (second.row - first.row, second.col - first.col)
        front = next(iter(shape.frontier))
        side = front.row - first.row if step[0] == 0 else front.col - first.col
        directions.add((step, side))
        places.add(first)
    assert len(places) >= 15
    if pattern_id == "one-one-hole":  # no straight frontier: the number in the hole faces each of the four ways
        assert len({step for step, _side in directions}) == 4
        return
    # the line across or down the board, with the covered cells on either side of it ...
    assert len({(abs(step[0]), side) for step, side in directions}) == 4
    # ... and for the shapes that are not symmetric, read from either end
    symmetric = pattern_id in ("one-two-one", "one-two-two-one")
    assert len(directions) == (4 if symmetric else 8)


def test_reductions_have_flags_and_plain_shapes_do_not_need_them() -> None:
    for seed in range(20):
        puzzle = make_puzzle("one-one-edge", seed)
        shape = match_shape(puzzle.board, puzzle.deduction)
        assert shape is not None
        assert any(puzzle.board.state(*cell) > 1 for cell in shape.numbers)
        assert puzzle.deduction.known_mines
        wall = make_puzzle("one-one-wall", seed)
        assert not wall.deduction.known_mines


def test_rule_lessons_cover_both_global_cases_and_the_endgame_uses_the_count() -> None:
    messages = {make_puzzle("global", seed).deduction.message for seed in range(30)}
    assert messages == {"global.all_found", "global.all_mines"}
    for seed in range(10):
        endgame = make_puzzle("endgame", seed)
        assert endgame.board.mines is not None and endgame.deduction.uses_mine_count
        assert not make_puzzle("enumeration", seed).deduction.uses_mine_count


def test_generation_errors_are_precise() -> None:
    with pytest.raises(UnknownPatternError, match="'one-three'"):
        make_puzzle("one-three", 1)
    with pytest.raises(PracticeError, match="-3"):
        make_puzzle("simple", -3)
    with pytest.raises(PracticeError, match="'one-two'.*seed 4.*0 attempts"):
        make_puzzle("one-two", 4, max_attempts=0)


def test_puzzle_json_hides_the_answer_unless_asked() -> None:
    puzzle = make_puzzle("one-two", 3)
    data = puzzle_json(puzzle, "es")
    assert set(data) == {"pattern", "name", "seed", "board", "height", "width", "mines"}
    assert Board.parse(data["board"]) == puzzle.board
    full = puzzle_json(puzzle, "es", answer=True)
    assert full["answer"]["mines"] == puzzle.deduction.mines.to_json()
    assert full["hint"]["kind"] == "deduction" and full["hint"]["highlights"]
    json.dumps(full)


# -- answers ------------------------------------------------------------------------------------

ONE_TWO_ONE = Board.parse("???\n121\n...\n")  # mines A1 and C1, B1 safe; the first step flags C1
SIMPLE = Board.parse(".....\n.....\n11211\n??2??\n?????\n")  # the 2 at C3: B4 and D4 are mines


def first_step(board: Board):
    deduction = make_hint(board).deduction
    assert deduction is not None
    return deduction


def cells(*names: str) -> list[Cell]:
    from explainer.core.cells import parse_cell_name

    return [parse_cell_name(name) for name in names]


def test_lesson_cells_are_what_the_lesson_numbers_decide() -> None:
    step = first_step(ONE_TWO_ONE)
    assert step.cells.names() == ["C1"]
    assert lesson_cells(ONE_TWO_ONE, step).names() == ["A1", "B1", "C1"]  # the whole 1-2-1
    assert lesson_cells(SIMPLE, first_step(SIMPLE)).names() == ["B4", "D4"]


def test_right_means_every_cell_of_the_pattern_and_nothing_wrong() -> None:
    step = first_step(ONE_TWO_ONE)
    whole = check_answer(ONE_TWO_ONE, step, cells("B1"), cells("A1", "C1"))
    assert whole.correct and whole.status == "right" and whole.left == 0
    assert [v.verdict for v in whole.cells] == ["right", "right", "right"]
    # one cell of three is not the 1-2-1: no mistake, two left
    partial = check_answer(ONE_TWO_ONE, step, [], cells("C1"))
    assert partial.status == "partial" and not partial.correct and not partial.judged
    assert partial.found.names() == ["C1"] and partial.left == 2
    # CellSets work too
    assert check_answer(ONE_TWO_ONE, step, CellSet.from_cells(cells("B1"), 3), CellSet.from_cells(cells("A1", "C1"), 3)).correct


def test_each_wrong_cell_says_why_from_the_view() -> None:
    step = first_step(ONE_TWO_ONE)
    opened_mine = check_answer(ONE_TWO_ONE, step, cells("A1"), cells("C1"))
    assert opened_mine.status == "wrong" and not opened_mine.correct and opened_mine.judged
    assert opened_mine.wrong_opened.names() == ["A1"] and not opened_mine.wrong_flagged
    by_cell = {verdict.cell.name: verdict for verdict in opened_mine.cells}
    assert by_cell["A1"].verdict == "wrong" and by_cell["A1"].reason == "mine"
    shape = by_cell["A1"].shape  # the 1-2-1's own numbers decide A1: its one sentence says why
    assert shape is not None and Cell(0, 0) in shape.mines and not by_cell["A1"].chain
    assert by_cell["C1"].verdict == "right" and by_cell["B1"].verdict == "missed" and by_cell["B1"].move is None
    flagged_safe = check_answer(ONE_TWO_ONE, step, [], cells("B1"))
    assert flagged_safe.status == "wrong" and flagged_safe.wrong_flagged.names() == ["B1"]
    assert flagged_safe.cells[0].reason == "safe" and flagged_safe.cells[0].shape is not None
    assert Cell(0, 1) in flagged_safe.cells[0].shape.safe
    # the puzzle's own step decides C1: that step alone says why
    flagged_c1 = check_answer(ONE_TWO_ONE, step, cells("C1"), [])
    assert flagged_c1.cells[0].chain == (step,) and flagged_c1.cells[0].shape is None
    # a cell the view does not decide is wrong even when it happens to be safe: a placement fits with a mine there
    puzzle = Board.parse("?????\n12221\n.....\n")
    guess = check_answer(puzzle, first_step(puzzle), cells("B1"), [])
    assert guess.status == "wrong" and guess.wrong_opened.names() == ["B1"]
    verdict = guess.cells[0]
    assert verdict.reason == "undecided" and verdict.placement is not None and Cell(0, 1) in verdict.placement
    flag_guess = check_answer(puzzle, first_step(puzzle), [], cells("A1"))
    placement = flag_guess.cells[0].placement
    assert flag_guess.cells[0].reason == "undecided" and placement is not None and Cell(0, 0) not in placement
    # a cell no number touches
    deep = Board.parse("?????\n?????\n12221\n.....\n")
    far = check_answer(deep, first_step(deep), cells("C1"), [])
    assert far.cells[0].reason == "no-number" and far.cells[0].placement is None
    # each wrong cell's reason shows at least that cell, even when no number or placement is in it
    for result, board in ((far, deep), (flag_guess, puzzle), (opened_mine, ONE_TWO_ONE), (flagged_safe, ONE_TWO_ONE)):
        reason = answer_json(result, Renderer("en"))["cells"][0]
        assert reason["verdict"] == "wrong" and reason["cell"] in [mark["cell"] for mark in reason["highlights"]], board


def test_certain_cells_outside_the_lesson_are_not_yet_an_answer() -> None:
    step = first_step(SIMPLE)
    assert "A4" in make_hint(SIMPLE).solution.safe.names()  # decided, but by a later step
    incomplete = check_answer(SIMPLE, step, cells("A4"), [])
    assert incomplete.status == "incomplete" and not incomplete.correct and not incomplete.wrong_opened
    assert check_answer(SIMPLE, step, [], []).status == "incomplete"
    assert check_answer(SIMPLE, step, cells("A4"), cells("B4")).status == "partial"
    right = check_answer(SIMPLE, step, cells("A4"), cells("B4", "D4"))
    assert right.status == "right" and right.found.names() == ["B4", "D4"]


@pytest.mark.parametrize(
    ("opened", "flagged", "message"),
    [
        ([Cell(2, 0)], [], "A3 to open is already open"),
        ([], [Cell(9, 1)], r"\[9, 1\] to flag is outside the 5 x 5 board"),
        ([(True, 1)], [], "whole numbers, got \\(True, 1\\)"),
        (["B4"], [], "got 'B4'"),
        ([Cell(3, 1)], [Cell(3, 1)], "both opened and flagged: B4"),
    ],
)
def test_bad_answers_are_quoted(opened, flagged, message) -> None:
    with pytest.raises(AnswerError, match=message):
        check_answer(SIMPLE, first_step(SIMPLE), opened, flagged)


def test_a_flagged_cell_cannot_be_answered_again() -> None:
    board = Board.parse("???\n221\nF1.\n")
    with pytest.raises(AnswerError, match="A3 to flag is flagged"):
        check_answer(board, first_step(board), [], [Cell(2, 0)])


def test_every_generated_puzzle_accepts_its_pattern_and_rejects_the_opposite() -> None:
    for pattern_id in PATTERN_IDS:
        for seed in range(5):
            puzzle = make_puzzle(pattern_id, seed)
            lesson = puzzle.lesson_cells
            solution = make_hint(puzzle.board).solution
            safe = [cell for cell in lesson if cell in solution.safe]
            mines = [cell for cell in lesson if cell in solution.mines]
            assert safe or mines
            assert puzzle.check(safe, mines).correct
            if len(safe) + len(mines) > 1:
                assert puzzle.check(safe[:1], mines[:1] if not safe else []).status == "partial"
            if mines:
                swapped = puzzle.check(mines, [])
                assert swapped.status == "wrong" and list(swapped.wrong_opened) == mines
                assert all(v.reason == "mine" and (v.chain or v.shape) for v in swapped.cells if v.verdict == "wrong")
            if safe:
                swapped = puzzle.check([], safe)
                assert swapped.status == "wrong" and list(swapped.wrong_flagged) == safe
                assert all(v.reason == "safe" and (v.chain or v.shape) for v in swapped.cells if v.verdict == "wrong")


# -- the command line --------------------------------------------------------------------------


@pytest.mark.parametrize("pattern_id", PATTERN_IDS)
def test_cli_prints_a_board_whose_simplest_step_is_the_pattern(run_cli, pattern_id: str) -> None:
    code, out = run_cli(["practice", "--pattern", pattern_id, "--seed", "7"])
    assert code == 0
    assert out.startswith(f"# practice {pattern_id} (")
    assert puzzle_pattern(Board.parse(out)) == pattern_id
    assert run_cli(["practice", "--pattern", pattern_id, "--seed", "7"])[1] == out


def test_cli_json_answer_and_list(run_cli) -> None:
    code, out = run_cli(["practice", "--pattern", "one-two-one", "--seed", "2", "--json", "--lang", "de"])
    data = json.loads(out)
    assert code == 0 and data["pattern"] == "one-two-one" and data["seed"] == 2 and "answer" not in data
    assert str(make_puzzle("one-two-one", 2).board) == data["board"]
    code, out = run_cli(["practice", "--pattern", "one-two-one", "--seed", "2", "--json", "--answer"])
    assert json.loads(out)["hint"]["kind"] == "deduction"
    code, out = run_cli(["practice", "--pattern", "simple", "--seed", "2", "--answer"])
    assert out.splitlines()[-1].startswith("# The ")
    code, out = run_cli(["practice", "--list"])
    assert [line.split("\t")[0] for line in out.splitlines()] == list(PATTERN_IDS)


def test_cli_bad_input(run_cli, capsys) -> None:
    assert run_cli(["practice"])[0] == 2
    assert "give --pattern ID" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_info:
        run_cli(["practice", "--pattern", "one-three"])
    assert exit_info.value.code == 2
    assert "unknown pattern 'one-three'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        run_cli(["practice", "--pattern", "simple", "--seed", "-1"])
    assert "--seed must be at least 0, got -1" in capsys.readouterr().err


def test_a_wrong_answer_is_told_by_the_shortest_argument_for_that_cell() -> None:
    """A cell answered the wrong way (outside the puzzle's own step) is told by the shortest argument for that one
    cell: never longer than the chain of the view's steps to it, and shorter on most of them (two numbers compared
    where the chain first proves cells the learner did not ask about)."""
    from explainer.core.cells import iter_bits
    from explainer.engine.solve import solve
    from explainer.engine.why import argument_size, chain_to

    told = shorter = 0
    for pattern_id in PATTERN_IDS:
        for seed in range(3):
            puzzle = make_puzzle(pattern_id, seed)
            board = puzzle.board
            solution = solve(board)
            for index in iter_bits((solution.safe.mask | solution.mines.mask) & board.covered_mask & ~board.flagged_mask):
                cell = Cell(*divmod(index, board.width))
                if cell in puzzle.deduction.cells:
                    continue
                mine = bool(solution.mines.mask >> index & 1)
                result = puzzle.check([cell], []) if mine else puzzle.check([], [cell])
                [verdict] = [item for item in result.cells if item.cell == cell]
                if not verdict.chain:
                    continue
                assert cell in (verdict.chain[-1].mines if mine else verdict.chain[-1].safe)
                size, walked = argument_size(verdict.chain), argument_size(chain_to(solution.deductions, index))
                assert size <= walked
                told += 1
                shorter += size < walked
    assert told >= 30 and shorter * 2 > told, (told, shorter)


@pytest.mark.parametrize("pattern_id", PATTERN_IDS)
def test_every_puzzle_s_answer_is_certain_by_an_independent_search(pattern_id: str) -> None:
    """Each cell the puzzle asks for (its lesson cells) is safe or a mine in every placement that fits the view, as a
    plain backtracking search apart from the engine finds them (``tests/oracles/frontier.py``)."""
    from explainer.engine.hint import make_hint
    from explainer.learn.lessons import lesson_cells
    from tests.oracles.frontier import certain

    for seed in range(6):
        puzzle = make_puzzle(pattern_id, seed)
        board = puzzle.board
        hint = make_hint(board)
        assert hint.deduction is not None
        safe, mines = certain(board)
        for cell in lesson_cells(board, hint.deduction):
            bit = 1 << board.index(*cell)
            wanted = mines if cell in hint.solution.mines else safe
            assert wanted & bit, (pattern_id, seed, cell, str(board))
