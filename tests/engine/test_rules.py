"""Each rule on a minimal board: what it proves, what it cites, how it reads."""

from __future__ import annotations

from explainer import Board, Cell, make_hint, solve
from explainer.core.deduction import Rule
from explainer.words.hints import hint_text


def first(text: str):
    solution = solve(Board.parse(text))
    assert solution.deductions, "expected a deduction"
    return solution.deductions[0]


def names(cells) -> list[str]:
    return [cell.name for cell in cells]


def test_global_all_mines_found_makes_the_rest_safe() -> None:
    # the flag on B1 is provably the 1's mine, so it is a known mine
    deduction = first("mines 1\n1F?\n")
    assert deduction.rule is Rule.GLOBAL
    assert names(deduction.safe) == ["C1"] and not deduction.mines
    assert names(deduction.known_mines) == ["B1"] and deduction.uses_mine_count and deduction.clues == ()


def test_global_all_covered_cells_are_mines() -> None:
    deduction = first("mines 2\n??\n")
    assert deduction.rule is Rule.GLOBAL
    assert names(deduction.mines) == ["A1", "B1"]


def test_simple_number_touching_exactly_its_count_of_cells() -> None:
    deduction = first("1?\n")
    assert deduction.rule is Rule.SIMPLE
    assert names(deduction.mines) == ["B1"] and deduction.clues == (Cell(0, 0),)
    assert not deduction.uses_mine_count


def test_simple_number_with_all_its_mines_known() -> None:
    # A1's 1 proves B1 is a mine, so the player's flag there is a known mine for C1's 1
    solution = solve(Board.parse("1F1?\n"))
    assert not solution.wrong_flags
    deduction = solution.deductions[0]
    assert deduction.rule is Rule.SIMPLE and deduction.clues == (Cell(0, 2),)
    assert names(deduction.safe) == ["D1"] and names(deduction.known_mines) == ["B1"]
    assert Cell(0, 1) not in deduction.cells  # a correct flag is not decided again
    assert "The 1 at C1 already has its mine at B1." in hint_text(make_hint(Board.parse("1F1?\n")))


def test_pair_subset_case() -> None:
    deduction = first(".1?\n.1?\n.1?\n")
    assert deduction.rule is Rule.PAIR
    assert names(deduction.clues) == ["B1", "B2"]
    assert names(deduction.safe) == ["C3"] and not deduction.mines
    assert deduction.areas is not None
    assert names(deduction.areas.common) == ["C1", "C2"]
    assert names(deduction.areas.unique_a) == [] and names(deduction.areas.unique_b) == ["C3"]


def test_pair_one_two_one() -> None:
    deduction = first("???\n121\n...\n")
    assert deduction.rule is Rule.PAIR
    assert names(deduction.mines) == ["C1"] or names(deduction.mines) == ["A1"]


def test_wrong_flag_is_reported_with_the_step_that_proves_it_safe() -> None:
    board = Board.parse("mines 1\n1?F\n")
    solution = solve(board)
    assert names(solution.wrong_flags) == ["C1"]
    hint = make_hint(board)
    assert hint.kind == "wrong_flag" and hint.cell == Cell(0, 2)
    assert hint_text(hint).startswith("The flag on C1 can't be right")
    assert Cell(0, 2) in hint.deduction.safe


def test_inconsistent_board_names_the_numbers() -> None:
    solution = solve(Board.parse("11\n"))
    assert not solution.consistent and solution.conflict
    hint = make_hint(Board.parse("11\n"))
    assert hint.kind == "inconsistent" and "cannot happen" in hint_text(hint)


def test_inconsistent_with_the_mine_count() -> None:
    board = Board.parse("mines 3\n1?\n??\n")
    solution = solve(board)
    assert not solution.consistent and solution.conflict_uses_mine_count
    assert "mine count" in hint_text(make_hint(board))


def test_nothing_certain_names_the_safest_cells() -> None:
    board = Board.parse("mines 1\n???\n???\n")
    hint = make_hint(board)
    assert hint.kind == "guess"
    assert abs(hint.probability - 1 / 6) < 1e-12 and len(hint.safest) == 6
    assert "17%" in hint_text(hint)
    assert "17" in hint_text(hint, "de")


def test_the_one_mine_count_rule() -> None:
    """``global_conclusion``: the mine-count rule on masks that solve's ``find_global`` and the
    generator's depth-limited player both apply."""
    from explainer.engine.rules.global_count import global_conclusion

    assert global_conclusion(0b1011, 0) == (0b1011, 0)
    assert global_conclusion(0b1011, 3) == (0, 0b1011)
    assert global_conclusion(0b1011, 2) is None
    assert global_conclusion(0b1011, None) is None
    assert global_conclusion(0, 0) is None
