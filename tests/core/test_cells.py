import pytest

from explainer.core.cells import Cell, CellSet, cell_name, column_letters, parse_cell_name


@pytest.mark.parametrize(
    ("row", "col", "name"), [(0, 0, "A1"), (15, 29, "AD16"), (0, 25, "Z1"), (9, 26, "AA10"), (199, 199, "GR200")]
)
def test_spreadsheet_names_round_trip(row: int, col: int, name: str) -> None:
    assert cell_name(row, col) == name
    assert parse_cell_name(name) == Cell(row, col)
    assert parse_cell_name(name.lower()) == Cell(row, col)


@pytest.mark.parametrize("bad", ["", "1A", "A0", "A", "12", "A-1", "ABCD1"])
def test_bad_cell_names_are_quoted(bad: str) -> None:
    with pytest.raises(ValueError, match="not a cell name"):
        parse_cell_name(bad)


def test_column_letters_are_bijective_base_26() -> None:
    names = [column_letters(i) for i in range(800)]
    assert len(set(names)) == 800
    assert names[:3] == ["A", "B", "C"] and names[26] == "AA" and names[701] == "ZZ" and names[702] == "AAA"


def test_cellset_behaves_like_a_set_of_cells() -> None:
    a = CellSet.from_cells([(0, 0), (1, 2), (2, 1)], width=3)
    b = CellSet.from_cells([(1, 2), (2, 2)], width=3)
    assert list(a) == [Cell(0, 0), Cell(1, 2), Cell(2, 1)]  # reading order
    assert len(a) == 3 and (1, 2) in a and (2, 2) not in a and (5, 0) not in a
    assert set(a | b) == {Cell(0, 0), Cell(1, 2), Cell(2, 1), Cell(2, 2)}
    assert list(a & b) == [Cell(1, 2)]
    assert list(a - b) == [Cell(0, 0), Cell(2, 1)]
    assert set(a ^ b) == {Cell(0, 0), Cell(2, 1), Cell(2, 2)}
    assert (a & b) <= a and not a <= b
    assert a == {Cell(0, 0), Cell(1, 2), Cell(2, 1)}
    assert a.names() == ["A1", "C2", "B3"]
    assert a.to_json() == [[0, 0], [1, 2], [2, 1]]
    assert not CellSet(0, 3) and bool(a)
    with pytest.raises(ValueError):
        a | CellSet(1, 4)
    with pytest.raises(AttributeError):
        a.mask = 0  # type: ignore[misc]
