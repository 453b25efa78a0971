"""Games, moves, practice puzzles and sessions through the Flask test client, as several test modules use them."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from explainer.core.board import Board
from explainer.core.cells import Cell, iter_bits
from explainer.engine.hint import make_hint
from explainer.engine.solve import solve
from explainer.learn.lessons import lesson_cells
from explainer.play.game import Game
from web.storage import games as web_db
from web.storage.ranking import Origin


def create(client: FlaskClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json
    return response.json["game"]


def move(client: FlaskClient, game_id: str, action: str, row: int, col: int, **query: str) -> Any:
    return client.post(f"/api/games/{game_id}/{action}", json={"row": row, "col": col}, query_string=query)


def started(client: FlaskClient, preset: str = "beginner", seed: int = 1, at: tuple[int, int] = (4, 4)) -> str:
    game = create(client, preset=preset, seed=seed)
    response = move(client, game["id"], "open", *at)
    assert response.status_code == 200, response.json
    return game["id"]


def covered_safe(game: Game) -> list[Cell]:
    assert game.layout is not None
    hidden = ~game.revealed & ~game.layout & ((1 << game.size) - 1)
    return [Cell(*divmod(i, game.width)) for i in iter_bits(hidden)]


def first_mine(game: Game) -> Cell:
    assert game.layout is not None
    return Cell(*divmod(next(iter_bits(game.layout)), game.width))


def new_puzzle(client: FlaskClient, pattern: str = "one-two") -> dict[str, Any]:
    response = client.post(f"/api/learn/lessons/{pattern}/puzzles", json={})
    assert response.status_code == 201, response.json
    return response.json["puzzle"]


def puzzle_board(puzzle: dict[str, Any]) -> Board:
    lines = ([f"mines {puzzle['mines']}"] if puzzle["mines"] is not None else []) + puzzle["board"]
    return Board.parse("\n".join(lines) + "\n")


def right_answer(puzzle: dict[str, Any]) -> dict[str, Any]:
    """Every cell the pattern decides (the lesson cells), each as the view proves it."""
    board = puzzle_board(puzzle)
    hint = make_hint(board)
    assert hint.deduction is not None
    lesson = lesson_cells(board, hint.deduction)
    return {
        "opened": [cell.to_json() for cell in lesson if cell in hint.solution.safe],
        "flagged": [cell.to_json() for cell in lesson if cell in hint.solution.mines],
    }


def wrong_answer(puzzle: dict[str, Any]) -> dict[str, Any]:
    board = puzzle_board(puzzle)
    solution = make_hint(board).solution
    unproved = board.covered_mask & ~board.flagged_mask & ~solution.safe.mask
    if unproved:  # a cell opened that the view does not prove safe
        return {"opened": [list(divmod(next(iter_bits(unproved)), board.width))], "flagged": []}
    # every covered cell is safe (the mine counter says none is left): one flagged
    return {"opened": [], "flagged": [list(divmod(next(iter_bits(solution.safe.mask)), board.width))]}


def answer(client: FlaskClient, puzzle: dict[str, Any], body: dict[str, Any]) -> Any:
    return client.post(f"/api/learn/puzzles/{puzzle['id']}/answer", json=body)


def lose_by_an_avoidable_guess(client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game], seed: int = 1) -> tuple[str, Game]:
    """A beginner game whose second move opens a provable mine while a cell is provably safe."""
    for attempt in range(seed, seed + 30):
        game_id = create(client, preset="beginner", seed=attempt)["id"]
        assert move(client, game_id, "open", 4, 4).status_code == 200
        game = stored_game(client, game_id)
        solution = solve(game.view())
        covered = game.view().covered_mask
        mines = solution.mines.mask & covered
        if game.state == "playing" and mines and solution.safe.mask & covered:
            target = Cell(*divmod(mines.bit_length() - 1, game.width))
            lost = move(client, game_id, "open", *target)
            assert lost.json["game"]["state"] == "lost"
            return game_id, stored_game(client, game_id)
    raise AssertionError("no seed gives a provable mine after the first click")  # pragma: no cover


def session_owner(client: FlaskClient) -> str:
    with client.session_transaction() as session:
        return session["sid"]


def played_for(app: Flask, game_id: str, seconds: float = 60.0) -> None:
    """Move a started game's moves so far ``seconds`` back (its clock's start and its history's times, which give
    its one time), as if a person had been playing it that long: a test that wins a ranked game in a few
    milliseconds would otherwise be faster than any human record (``speed``)."""
    from sqlalchemy import select, update

    from web.storage.database import connection, write
    from web.storage.tables import games

    with app.app_context():
        conn = connection()
        with write(conn):
            data = conn.execute(select(games.c.data).where(games.c.id == game_id)).scalar_one()
            game = Game.from_dict(json.loads(data))
            for entry in game.history:
                if entry["t"] is not None:
                    entry["t"] -= seconds
            conn.execute(update(games).where(games.c.id == game_id).values(
                started_at=games.c.started_at - seconds, data=json.dumps(game.to_dict())))


def adversarial_game(seed: int = 1) -> Game:
    """30 × 50 with 600 mines, every cell with even row and even column opened
    (what a forgiving game lets a player do without any knowledge)."""
    rng = random.Random(seed)
    height, width = 30, 50
    even = {r * width + c for r in range(0, height, 2) for c in range(0, width, 2)}
    others = [i for i in range(height * width) if i not in even]
    layout = sum(1 << i for i in rng.sample(others, 600))
    game = Game.from_layout(height, width, layout, seed=seed)
    game.extra.update({"mode": "forgiving", "saves": 0})
    for index in sorted(even):
        if not game.revealed >> index & 1:
            game.open(*divmod(index, width))
    assert game.state == "playing"
    return game


def stored(app: Flask, client: FlaskClient, game: Game) -> str:
    client.get("/api/learn/progress")  # make the session
    with app.test_request_context():
        return web_db.create_game(session_owner(client), game, "forgiving", Origin.POSITION).id
