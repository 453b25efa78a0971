"""No-guess generation: every board is solved from its first click by the
engine's own reasoning on the player view, within its depth limit."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from explainer.core.board import neighbour_masks
from explainer.core.cells import iter_bits
from explainer.core.deduction import Rule
from explainer.play.simulated_player import tiers_up_to
from explainer.play.generate import Dealer, GeneratedBoard, GenerationError, first_area, generate, max_mines
from tests.oracles.verify import replay

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
DEPTHS = ["simple", "pair", "enumeration"]


@st.composite
def requests(draw, max_side: int = 12):
    height = draw(st.integers(4, max_side))
    width = draw(st.integers(4, max_side))
    first = (draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1)))
    most = max_mines(height, width, first[0] * width + first[1])
    mines = draw(st.integers(1, most))
    depth = draw(st.sampled_from(DEPTHS))
    seed = draw(st.integers(0, 2**32))
    return height, width, mines, first, depth, seed


def check_board(board: GeneratedBoard, height: int, width: int, mines: int, first: tuple[int, int]) -> None:
    """The layout keeps the count and the first click's area, and the engine
    solves it from the first click, through Game.view(), within the limit."""
    assert board.layout.bit_count() == mines
    assert board.layout < 1 << height * width
    index = first[0] * width + first[1]
    assert board.layout & first_area(height, width, index) == 0  # the first click is a zero
    result = replay(height, width, board.layout, first, board.max_rule)
    assert result.won, (board.text(), result.stuck)
    assert not result.lost
    allowed = set(tiers_up_to(board.max_rule))
    assert set(result.rules) <= allowed
    if board.require_rule is not None:
        assert board.require_rule in result.rules
    # the generator's account agrees with the replay on the deepest rule needed (which
    # cheaper rules show up depends on how much each round takes at once)
    assert deepest(board.rules) == deepest(result.rules)


def deepest(rules: tuple[Rule, ...]) -> Rule | None:
    """The deepest of pair and enumeration used, None when the cheap rules were enough."""
    deep = [rule for rule in rules if rule in (Rule.PAIR, Rule.ENUMERATION)]
    return deep[-1] if deep else None


@SETTINGS
@given(requests())
def test_every_generated_board_is_solved_without_a_guess_within_its_depth(request) -> None:
    height, width, mines, first, depth, seed = request
    board = generate(height, width, mines, first, seed=seed, max_rule=depth)
    assert board.max_rule == Rule(depth)
    check_board(board, height, width, mines, first)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests(max_side=10), st.sampled_from([("pair", "pair"), ("enumeration", "pair"), ("enumeration", "enumeration")]))
def test_a_required_rule_is_needed_when_the_board_can_be_made(request, limits) -> None:
    height, width, mines, first, _depth, seed = request
    depth, required = limits
    try:
        board = generate(height, width, mines, first, seed=seed, max_rule=depth, require_rule=required)
    except GenerationError as error:
        # some sizes cannot need the rule (one mine, almost full boards); the error says so
        assert f"needs {required} at least once" in str(error)
        return
    check_board(board, height, width, mines, first)
    assert Rule(required) in board.rules


@pytest.mark.parametrize(
    ("height", "width", "mines", "depth", "required"),
    [
        (9, 9, 10, "pair", "pair"),
        (16, 16, 40, "enumeration", "enumeration"),
        (9, 9, 10, "simple", None),
        (16, 30, 99, "pair", None),
        (9, 9, 33, "enumeration", None),
        (16, 30, 170, "enumeration", None),
    ],
)
def test_standard_sizes_and_high_density(height: int, width: int, mines: int, depth: str, required) -> None:
    first = (height // 2, width // 2)
    for seed in range(3):
        board = generate(height, width, mines, first, seed=seed, max_rule=depth, require_rule=required)
        check_board(board, height, width, mines, first)


def test_dense_boards_are_repaired_not_redrawn() -> None:
    boards = [generate(9, 9, 33, (4, 4), seed=seed) for seed in range(5)]
    assert all(board.repairs > 0 for board in boards)
    for board in boards:
        check_board(board, 9, 9, 33, (4, 4))


def test_the_same_seed_gives_the_same_board() -> None:
    first = generate(16, 30, 99, (3, 7), seed=42, max_rule="pair")
    second = generate(16, 30, 99, (3, 7), seed=42, max_rule="pair")
    other = generate(16, 30, 99, (3, 7), seed=43, max_rule="pair")
    assert first == second and first.to_json() == second.to_json()
    assert other.layout != first.layout
    assert generate(9, 9, 10, (0, 0), rng=random.Random(7)) == generate(9, 9, 10, (0, 0), rng=random.Random(7))


def test_json_and_text_forms() -> None:
    board = generate(5, 6, 5, (2, 3), seed=3)
    data = board.to_json()
    assert data["width"] == 6 and data["height"] == 5 and data["mine_count"] == 5
    assert data["first"] == [2, 3]
    assert sorted(map(tuple, data["mines"])) == sorted((i // 6, i % 6) for i in range(30) if board.layout >> i & 1)
    assert data["rules"] and set(data["rules"]) <= {"global", "simple", "pair", "enumeration"}
    assert sum(data["cells_by_rule"].values()) > 0
    lines = board.text().splitlines()
    assert len(lines) == 5 and all(len(line) == 6 for line in lines)
    assert lines[2][3] == "@"
    assert "".join(lines).count("*") == 5
    neighbours = neighbour_masks(5, 6)
    for index, char in enumerate("".join(lines)):
        if char not in "*@":
            expected = (neighbours[index] & board.layout).bit_count()
            assert char == (str(expected) if expected else ".")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((9, 9, 73, (4, 4)), "73 mines do not fit"),
        ((9, 9, 10, (9, 0)), "outside the 9 x 9 board"),
        ((9, 9, 0, (4, 4)), "mines must be between"),
        ((1, 9, 3, (0, 0)), "a board must be"),
    ],
)
def test_impossible_settings_raise_clear_errors(args, message: str) -> None:
    with pytest.raises(GenerationError, match=message):
        generate(*args)


def test_bad_rules_are_quoted() -> None:
    with pytest.raises(GenerationError, match="unknown depth limit 'deep'"):
        generate(9, 9, 10, (4, 4), max_rule="deep")
    with pytest.raises(GenerationError, match="unknown required rule 'simple'"):
        generate(9, 9, 10, (4, 4), require_rule="simple")
    with pytest.raises(GenerationError, match="limited to simple cannot require pair"):
        generate(9, 9, 10, (4, 4), max_rule="simple", require_rule="pair")


def test_a_board_with_no_no_guess_layout_gives_up_with_a_reason() -> None:
    # 2 x 3, first click in a corner: the last column holds one mine in two cells, a 50/50 always
    with pytest.raises(GenerationError, match="could not make a no-guess 3 x 2 board with 1 mine .*no mine can move"):
        generate(2, 3, 1, (0, 0), seed=1)


def test_the_most_mines_that_fit_gives_a_board_won_by_the_first_click() -> None:
    board = generate(9, 9, 72, (4, 4), seed=0)
    assert board.layout == ((1 << 81) - 1) & ~first_area(9, 9, 40)
    check_board(board, 9, 9, 72, (4, 4))


# -- the incremental solver --------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(4, 10),
    st.integers(4, 10),
    st.integers(0, 2**32),
    st.sampled_from(DEPTHS),
    st.lists(st.integers(0, 2**32), min_size=1, max_size=6),
)
def test_resuming_after_a_layout_change_matches_solving_from_scratch(height, width, seed, depth, changes) -> None:
    rng = random.Random(seed)
    size = height * width
    first = rng.randrange(size)
    free = [i for i in range(size) if not first_area(height, width, first) >> i & 1]
    assume(len(free) >= 2)
    mines = rng.randint(1, len(free) - 1)

    layout = 0
    for index in rng.sample(free, mines):
        layout |= 1 << index
    tiers = tiers_up_to(Rule(depth))
    dealer = Dealer(height, width, layout, mines, first)
    incremental = dealer.player
    incremental.run(lambda history: tiers)
    for change in changes:
        # a repair-sized change: one mine moves to a free cell
        pick = random.Random(change)
        mine = pick.choice([i for i in free if layout >> i & 1])
        safe = pick.choice([i for i in free if not layout >> i & 1])
        layout ^= 1 << mine | 1 << safe
        dealer.change_layout(layout)
        won = incremental.run(lambda history: tiers)
        fresh = Dealer(height, width, layout, mines, first).player
        assert fresh.run(lambda history: tiers) == won
        assert (incremental.revealed, incremental.known_mines) == (fresh.revealed, fresh.known_mines)
        assert incremental.history == fresh.history  # the same rounds, not only the same end
        assert won == replay(height, width, layout, divmod(first, width), Rule(depth)).won



def test_a_late_change_keeps_the_rounds_before_it() -> None:
    board = generate(16, 30, 99, (8, 15), seed=5)
    dealer = Dealer(16, 30, board.layout, 99, 8 * 30 + 15)
    sim = dealer.player
    assert sim.run(lambda history: tiers_up_to(Rule.ENUMERATION))
    rounds = list(sim.history)
    # swap a cell opened in the last round with a mine proved in one of the last rounds
    opened = (rounds[-1].safe & -rounds[-1].safe).bit_length() - 1
    mine = next((r.mines & -r.mines).bit_length() - 1 for r in reversed(rounds) if r.mines)
    dealer.change_layout(board.layout ^ (1 << opened) ^ (1 << mine))
    assert 1 < len(sim.history) < len(rounds)
    assert sim.history == rounds[: len(sim.history)]


# -- the command line ------------------------------------------------------------------


def test_cli_json_gives_mines_first_and_rules(run_cli) -> None:
    args = ["generate", "--width", "9", "--height", "9", "--mines", "10", "--first", "2,3", "--seed", "11"]
    code, out = run_cli([*args, "--json", "--max-rule", "pair", "--require-rule", "pair"])
    assert code == 0
    data = json.loads(out)
    assert data["first"] == [2, 3] and data["seed"] == 11 and data["mine_count"] == 10
    assert data["max_rule"] == "pair" and "pair" in data["rules"] and "enumeration" not in data["rules"]
    layout = 0
    for row, col in data["mines"]:
        layout |= 1 << (row * 9 + col)
    assert layout.bit_count() == 10
    assert replay(9, 9, layout, (2, 3), Rule.PAIR).won
    # the same seed prints the same board
    assert run_cli([*args, "--json", "--max-rule", "pair", "--require-rule", "pair"])[1] == out


def test_cli_text_shows_the_solved_board_and_rules(run_cli) -> None:
    code, out = run_cli(["generate", "--preset", "beginner", "--first", "E5", "--seed", "3"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("9 x 9, 10 mines, first click E5 (row 4, column 4)")
    assert "seed 3" in lines[0]
    grid = lines[1:10]
    assert all(len(line) == 9 for line in grid) and "".join(grid).count("*") == 10
    assert grid[4][4] == "@"
    assert lines[10].startswith("rules used: ")
    assert "simple" in lines[10]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--width", "9", "--height", "9", "--mines", "80"], "error: 80 mines do not fit"),
        (["--width", "9", "--mines", "10"], "error: give --height"),
        (["--width", "9", "--height", "9", "--mines", "10", "--first", "12,0"], "error: the first click [12, 0] is outside"),
        (["--width", "1", "--height", "9", "--mines", "3"], "error: a board must be"),
    ],
)
def test_cli_bad_input_is_an_error_line_and_status_2(run_cli, capsys, args, message: str) -> None:
    code, out = run_cli(["generate", *args])
    assert code == 2 and out == ""
    assert capsys.readouterr().err.startswith(message)


def test_cli_unparsable_first_click_is_rejected_by_the_parser(run_cli, capsys) -> None:
    with pytest.raises(SystemExit) as exit_info:
        run_cli(["generate", "--preset", "expert", "--first", "middle"])
    assert exit_info.value.code == 2
    assert "expected the first click as ROW,COL (0-based) or a cell name like E5, got 'middle'" in capsys.readouterr().err


# -- the rule registry: one list of tiers; a tier nobody implements is refused, never run as another --


def test_the_registry_orders_every_tier_once() -> None:
    from explainer.core.deduction import RULE_ORDER
    from explainer.engine import rules
    from explainer.engine.solve import CHEAP_TIERS
    from explainer.play import simulated_player

    assert rules.RULES == RULE_ORDER
    assert rules.TIERS == tuple(rules.FINDERS[rule] for rule in RULE_ORDER)
    assert CHEAP_TIERS == (rules.find_global, rules.find_simple, rules.find_pair)
    assert simulated_player.DEPTHS == (Rule.SIMPLE, Rule.PAIR, Rule.ENUMERATION)
    assert simulated_player.IMPLEMENTED == set(rules.RULES)
    assert tiers_up_to(Rule.PAIR) == (Rule.GLOBAL, Rule.SIMPLE, Rule.PAIR)
    assert tiers_up_to("enumeration") == RULE_ORDER
    with pytest.raises(ValueError, match="unknown rule tier 'triple'"):
        tiers_up_to("triple")


def test_the_depth_player_refuses_a_tier_it_does_not_implement() -> None:
    from explainer.play.game import GameError

    sim = Dealer(9, 9, 1 << 80, 1, 40).player
    sim.start()
    with pytest.raises(GameError, match="the depth-limited player has no tier 'triple'; it implements: global, simple, pair, enumeration"):
        sim.step(["triple", Rule.GLOBAL])  # type: ignore[list-item]
    fresh = Dealer(9, 9, 1 << 1 | 1 << 9 | 1 << 10, 3, 40).player  # A1 walled in: not won at the first click
    with pytest.raises(GameError, match="no tier 'triple'"):
        fresh.run(lambda history: ["triple"])  # type: ignore[list-item,return-value]


def test_generation_refuses_a_registered_tier_the_depth_player_does_not_implement(monkeypatch) -> None:
    from explainer.play import generate as generate_module, simulated_player

    # as if enumeration were registered but the depth-limited player had no method for it
    monkeypatch.setattr(simulated_player, "IMPLEMENTED", frozenset({Rule.GLOBAL, Rule.SIMPLE, Rule.PAIR}))
    with pytest.raises(GenerationError, match="the depth-limited player has no tier 'enumeration'; it implements: global, simple, pair"):
        generate_module.generate(9, 9, 10, (4, 4), seed=1, max_rule="enumeration")
    assert generate_module.generate(9, 9, 10, (4, 4), seed=1, max_rule="pair").max_rule is Rule.PAIR
    with pytest.raises(GenerationError, match="unknown depth limit 'triple'; choose one of: simple, pair, enumeration"):
        generate_module.generate(9, 9, 10, (4, 4), seed=1, max_rule="triple")


def test_the_depth_player_never_holds_the_layout() -> None:
    """It only knows an "open this cell" callback and the mine count (Tatham's model)."""
    from explainer.play.simulated_player import PlayerSimulation

    board = generate(9, 9, 10, (4, 4), seed=2)
    asked: list[int] = []
    dealer = Dealer(9, 9, board.layout, 10, 40)

    def open_cell(index: int) -> int:
        asked.append(index)
        return dealer.open_cell(index)

    sim = PlayerSimulation(9, 9, 10, 40, open_cell)
    assert not hasattr(sim, "layout") and not hasattr(sim, "_layout")
    assert sim.run(lambda history: tiers_up_to(Rule.ENUMERATION))
    assert len(asked) == len(set(asked)) == 81 - 10  # every safe cell asked once, no mine
    with pytest.raises(AssertionError, match="proved safe but holds a mine"):
        dealer.open_cell(next(iter_bits(board.layout)))
