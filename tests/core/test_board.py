import pytest

from explainer.core.board import COVERED, FLAGGED, MAX_SIDE, Board, BoardParseError

SAMPLE = """# a comment
mines 3

??1..
?F2..
??2..
"""


def test_parse_and_format_round_trip() -> None:
    board = Board.parse(SAMPLE)
    assert (board.height, board.width, board.mines) == (3, 5, 3)
    assert board.state(0, 0) == COVERED and board.state(1, 1) == FLAGGED
    assert board.state(0, 2) == 1 and board.state(0, 3) == 0
    assert str(board) == "mines 3\n??1..\n?F2..\n??2..\n"
    assert Board.parse(str(board)) == board
    assert Board.parse("0?\n").cells == (0, COVERED)


def test_without_mine_count() -> None:
    board = Board.parse("?1\n")
    assert board.mines is None and str(board) == "?1\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("??1\n??\n", r"line 2: ragged rows: '\?\?' has 2 cells but the first row has 3"),
        ("??x\n", r"unknown character 'x' at column 3 in '\?\?x'"),
        ("?9?\n", r"unknown character '9'"),
        ("4?\n??\n", r"the 4 at A1 is larger than its 3 neighbours allow"),
        ("mines 5\n???\n", r"mines 5 is impossible: more mines than covered cells \(3\)"),
        ("mines x\n???\n", r"expected 'mines N' with a whole number N, got 'mines x'"),
        ("mines -1\n???\n", r"expected 'mines N'"),
        ("???\nmines 1\n", r"the mine count must come before the rows"),
        ("mines 1\nmines 2\n??\n", r"a second mine count"),
        ("# nothing\n\n", r"the board has no rows"),
        ("?" * (MAX_SIDE + 1) + "\n", r"the limit is 200 x 200"),
    ],
)
def test_bad_boards_get_precise_errors(text: str, message: str) -> None:
    with pytest.raises(BoardParseError, match=message):
        Board.parse(text)


def test_too_many_rows() -> None:
    with pytest.raises(BoardParseError, match="201 high"):
        Board.parse("?\n" * (MAX_SIDE + 1))


def test_largest_board_parses() -> None:
    text = ("?" * MAX_SIDE + "\n") * MAX_SIDE
    board = Board.parse(text)
    assert board.size == MAX_SIDE * MAX_SIDE


def test_a_byte_order_mark_is_ignored() -> None:
    assert Board.parse("\ufeffmines 1\n?1\n") == Board.parse("mines 1\n?1\n")
