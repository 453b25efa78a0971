"""A board's grade (``explainer.play.grade``): the hardest technique its solution from the first click needs, how
often each is used, and the guesses where none is enough."""

from __future__ import annotations

import pytest

from explainer.core.deduction import Rule
from explainer.play.generate import generate
from explainer.play.grade import GradeName, default_first, grade_layout
from explainer.words.grades import grade_json, grade_text


def _layout(rows: str) -> tuple[int, int, int]:
    lines = rows.split()
    width = len(lines[0])
    layout = sum(1 << (r * width + c) for r, line in enumerate(lines) for c, char in enumerate(line) if char == "*")
    return len(lines), width, layout


def test_a_board_the_first_click_opens_is_easy_with_no_step() -> None:
    height, width, layout = _layout(".... .... .... ...*")
    grade = grade_layout(height, width, layout)
    assert grade.name is GradeName.EASY and grade.hardest is None and grade.rounds == {} and grade.guesses == 0
    assert grade_text(grade) == "Easy (the first click opens it all)"


def test_a_fifty_fifty_needs_luck_and_is_counted() -> None:
    # the last row holds one mine that every number and the mine count see in both of its cells
    height, width, layout = _layout(".. .. *.")
    grade = grade_layout(height, width, layout, first=0)
    assert grade.guesses == 1 and grade.name is GradeName.LUCK and grade.rounds == {}
    assert grade_text(grade) == "Needs luck (1 guess)"


def test_the_first_click_defaults_to_the_first_opening_and_must_be_safe() -> None:
    height, width, layout = _layout("*... .... ....")
    assert default_first(height, width, layout) == 2  # A1 is a mine, B1 touches it: C1 is the first zero
    with pytest.raises(ValueError, match="safe cell"):
        grade_layout(height, width, layout, first=0)


@pytest.mark.parametrize("max_rule", [Rule.SIMPLE, Rule.PAIR, Rule.ENUMERATION])
def test_a_no_guess_board_needs_no_guess_and_nothing_beyond_its_rule(max_rule: Rule) -> None:
    """Boards made by the generator, graded from their own first click: never a guess, the hardest technique within
    the generator's limit, and each technique's cells as the generator counted them."""
    for seed in range(6):
        board = generate(16, 16, 40, (8, 8), seed=seed, max_rule=max_rule)
        grade = grade_layout(16, 16, board.layout, 8 * 16 + 8)
        assert grade.guesses == 0, seed
        order = [Rule.GLOBAL, Rule.SIMPLE, Rule.PAIR, Rule.ENUMERATION]
        assert all(order.index(rule) <= order.index(max_rule) for rule in grade.rounds), (seed, grade.rounds)
        assert {str(rule): count for rule, count in grade.cells.items()} == board.cells_by_rule
        assert grade.name is not GradeName.LUCK


def test_the_json_and_the_words_say_the_same() -> None:
    board = generate(9, 9, 10, (4, 4), seed=2, max_rule=Rule.PAIR, require_rule=Rule.PAIR)
    grade = grade_layout(9, 9, board.layout, 4 * 9 + 4)
    data = grade_json(grade)
    assert data["grade"] == "medium" and data["hardest"] == "pair" and data["guesses"] == 0
    assert data["rounds"]["pair"] >= 1 and set(data["cells"]) == set(data["rounds"])
    text = grade_text(grade)
    assert text.startswith(f"Medium (one number {grade.rounds[Rule.SIMPLE]} times") and text.endswith("two numbers once)")
    assert grade_text(grade, "de").startswith("Mittel (")
