"""Boards in the community's formats: every format reads back what it wrote (for what it can hold), the
format is detected from the content, and a bad file is refused naming the line and column or byte."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explainer.cli.main import main
from explainer.core.board import COVERED, FLAGGED, Board, flood_fill, neighbour_masks
from explainer.formats import FORMATS, MAX_BYTES, FormatError, Position, detect, read, view_of_layout, write


@st.composite
def positions(draw) -> Position:
    """A position from a real layout: some areas opened as a game opens them, some flags."""
    height, width = draw(st.integers(1, 12)), draw(st.integers(2, 12))
    size = height * width
    layout = draw(st.integers(0, (1 << size) - 1)) & draw(st.integers(0, (1 << size) - 1))
    neighbours = neighbour_masks(height, width)
    starts = draw(st.integers(0, (1 << size) - 1)) & ~layout & draw(st.integers(0, (1 << size) - 1))
    revealed = flood_fill(starts, layout, neighbours)
    flags = draw(st.integers(0, (1 << size) - 1)) & ~revealed & draw(st.integers(0, (1 << size) - 1))
    cells = tuple(
        (neighbours[i] & layout).bit_count() if revealed >> i & 1 else FLAGGED if flags >> i & 1 else COVERED
        for i in range(size)
    )
    return Position(Board(height, width, cells, layout.bit_count()), layout)


def held(position: Position, name: str) -> Position:
    """What format ``name`` holds of a position."""
    if name == "text":
        return Position(position.view)
    if name == "jsm":
        return Position(position.view, None, position.shown)
    if name in ("mbf", "link"):
        assert position.layout is not None
        view = position.view
        return Position(view_of_layout(view.height, view.width, position.layout), position.layout)
    return position


@settings(max_examples=150, deadline=None)
@given(positions())
def test_every_format_reads_back_what_it_wrote(position: Position) -> None:
    for name in FORMATS:
        source = held(position, name)
        data = write(source, name)
        assert read(data, name) == source, name
        assert read(data) == source, f"{name} detected as {detect(data)}"


def test_what_a_format_cannot_hold_is_refused_with_the_reason() -> None:
    view = Board.parse("mines 1\n1?\n")
    with pytest.raises(FormatError, match="cannot become MBF"):
        write(Position(view), "mbf")
    with pytest.raises(FormatError, match="tiles format holds the whole layout"):
        write(Position(view), "tiles")
    with pytest.raises(FormatError, match="only the layout"):
        write(Position(view, 0b10), "mbf")
    with pytest.raises(FormatError, match="needs the mine count"):
        write(Position(Board.parse("1?\n")), "jsm")


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("tiles", b"1V,1V\nMH,2H\n", "line 2, column 2 (row 2, column 2): expected 1 (its mined neighbours), found 2"),
        ("tiles", b"1V,1X\n", "line 1, column 2: expected a tile like"),
        ("tiles", b"1V,0V\n0V\n", "line 2: 1 tiles, but the first row has 2"),
        ("tiles", b"MV,1V\n", "line 1, column 1: a visible mine"),
        ("jsm", b"3x2\n", "line 1: expected a header like 30x16x99"),
        ("jsm", b"2x2x1\nH1\nHX\n", "line 3, column 2: expected 0-8, H, F, ? or M"),
        ("jsm", b"2x2x1\nH1\n", "the header says 2 rows, the file has 1"),
        ("mbf", b"\x09\x09", "byte 2: the file ends inside its 4-byte header"),
        ("mbf", b"\x09\x09\x00\x02\x01\x01", "byte 6: 2 mines need 8 bytes in all, the file has 6"),
        ("mbf", b"\x09\x09\x00\x01\x09\x00", "byte 4: mine 1 at (9, 0) is outside the 9 x 9 board"),
        ("mbf", b"\x09\x09\x00\x02\x01\x01\x01\x01", "byte 6: mine 2 at (1, 1) is a second mine on the same cell"),
        ("link", b"b=3&m=zz\n", "a 30 x 16 board needs 96 characters"),
        ("link", b"b=7&m=0\n", "expected 1, 2, 3 or four digits WWHH"),
        ("link", b"b=0302&m=0w\n", "m=, character 2: expected 0-9 or a-v, got 'w'"),
        ("text", b"mines 1\n1?x\n", "unknown character 'x' at column 3"),
    ],
)
def test_a_bad_file_is_refused_naming_where(name: str, data: bytes, message: str) -> None:
    with pytest.raises(FormatError) as caught:
        read(data, name)
    assert message in str(caught.value)


def test_formats_are_detected_and_big_files_refused() -> None:
    assert detect(b"30x16x99\nHHH\n") == "jsm"
    assert detect(b"1V,MH\n") == "tiles"
    assert detect(b"https://example.org/analyse?b=1&m=" + b"0" * 17) == "link"
    assert detect(b"\x09\x09\x00\x00") == "mbf"
    assert detect(b"mines 3\n??1\n") == "text"
    with pytest.raises(FormatError, match="limit"):
        read(b"?" * (MAX_BYTES + 1))


def test_the_link_form_of_a_known_layout() -> None:
    # expert with one mine in the top-left corner: the first character's highest bit
    position = read(b"b=3&m=g" + b"0" * 95)
    assert position.view.width == 30 and position.view.height == 16 and position.layout == 1
    assert write(position, "link") == b"b=3&m=g" + b"0" * 95 + b"\n"


def test_the_convert_command(tmp_path) -> None:
    source = tmp_path / "board.mine"
    source.write_text("1V,1V,0V\nMH,1H,0V\n")
    out = io.StringIO()
    assert main(["convert", str(source), "--to", "jsm"], out=out) == 0
    assert out.getvalue() == "3x2x1\n110\nHH0\n"
    assert main(["convert", str(source), "--to", "mbf"], out=io.StringIO()) == 2  # binary needs -o
    target = tmp_path / "board.mbf"
    assert main(["convert", str(source), "--to", "mbf", "-o", str(target)], out=io.StringIO()) == 2  # open cells
    link = tmp_path / "link.txt"
    link.write_text("b=0302&m=20\n")
    assert main(["convert", str(link), "--to", "mbf", "-o", str(target)], out=io.StringIO()) == 0
    assert target.read_bytes() == b"\x03\x02\x00\x01\x00\x01"
    out = io.StringIO()
    assert main(["convert", str(target), "--to", "link"], out=out) == 0 and out.getvalue() == "b=0302&m=20\n"
    bad = tmp_path / "bad.mine"
    bad.write_text("1V,2V,0V\nMH,1H,0V\n")
    assert main(["convert", str(bad), "--to", "text"], out=io.StringIO()) == 2
