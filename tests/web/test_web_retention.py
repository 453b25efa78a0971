"""Retention: games and practice puzzles idle for longer than RETENTION_DAYS are deleted
(automatically and by ``flask --app web prune``); recent ones, games in play included, stay."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from web import create_app
from web.storage import database
from web.storage import retention
from web.config import ConfigError, retention_days

from tests.support.web_client import session_owner
from tests.support.web_client import covered_safe, create, first_mine, move, started
from tests.support.web_client import answer, new_puzzle, right_answer, wrong_answer

ROOT = Path(__file__).resolve().parents[2]
DAY = 86400.0


def config(db_path: Path, **extra: Any) -> dict[str, Any]:
    key_file = db_path.with_name(db_path.stem + ".key")
    return {"TESTING": True, "DATABASE_URL": str(db_path), "SECRET_KEY_FILE": str(key_file), "ALLOW_SEEDS": True, **extra}


def ids(db_path: Path, table: str) -> set[str]:
    with sqlite3.connect(db_path) as conn:
        return {row[0] for row in conn.execute(f"SELECT id FROM {table}")}


def count(db_path: Path, table: str) -> int:
    with sqlite3.connect(db_path) as conn:
        return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def age(db_path: Path, table: str, row_ids: list[str], days: float, column: str = "updated_at") -> None:
    """Move the rows' ``column`` ``days`` days into the past."""
    with sqlite3.connect(db_path) as conn:
        conn.executemany(
            f"UPDATE {table} SET {column} = ? WHERE id = ?", [(time.time() - days * DAY, i) for i in row_ids]
        )
        assert conn.total_changes == len(row_ids)


def lost_game(client: FlaskClient, stored_game, seed: int = 1) -> str:
    game_id = started(client, seed=seed)
    mine = first_mine(stored_game(client, game_id))
    assert move(client, game_id, "open", *mine).json["game"]["state"] == "lost"
    return game_id


def prune(app: Flask, days: float | None = None) -> retention.Pruned:
    with app.app_context():
        window = days if days is not None else retention_days(app.config["RETENTION_DAYS"])
        assert window is not None
        return retention.prune(database.connection(), window)


def progress(client: FlaskClient) -> dict[str, Any]:
    return client.get("/api/learn/progress").json["progress"]


# -- what goes and what stays -------------------------------------------------------------


def test_default_window_is_30_days(app: Flask) -> None:
    assert app.config["RETENTION_DAYS"] == 30
    assert retention_days(app.config["RETENTION_DAYS"]) == 30.0


def test_old_games_and_puzzles_go_recent_ones_and_games_in_play_stay(
    app: Flask, client: FlaskClient, db_path: Path, stored_game
) -> None:
    old_lost = lost_game(client, stored_game, seed=1)
    old_abandoned = started(client, seed=2)  # left in the middle, never finished
    old_ready = create(client, preset="beginner")["id"]  # never clicked
    recent_lost = lost_game(client, stored_game, seed=3)
    in_play = started(client, seed=4)
    long_game = started(client, seed=5)  # started long ago, still being played
    old_answered = new_puzzle(client)
    assert answer(client, old_answered, right_answer(old_answered)).json["result"]["status"] == "right"
    old_unanswered = new_puzzle(client)
    recent_puzzle = new_puzzle(client)
    assert answer(client, recent_puzzle, wrong_answer(recent_puzzle)).json["result"]["status"] == "wrong"

    age(db_path, "games", [old_lost, old_abandoned, old_ready], 31)
    age(db_path, "games", [recent_lost, in_play], 29)
    age(db_path, "games", [long_game], 90, column="created_at")
    age(db_path, "games", [long_game], 90, column="started_at")
    age(db_path, "puzzles", [old_answered["id"], old_unanswered["id"]], 31)
    age(db_path, "puzzles", [recent_puzzle["id"]], 29)
    assert count(db_path, "games") == 6 and count(db_path, "puzzles") == 3

    pruned = prune(app)
    assert (pruned.games, pruned.puzzles) == (3, 2)
    assert ids(db_path, "games") == {recent_lost, in_play, long_game}
    assert ids(db_path, "puzzles") == {recent_puzzle["id"]}

    for gone in (old_lost, old_abandoned, old_ready):
        assert client.get(f"/api/games/{gone}").status_code == 404
    assert client.get(f"/api/learn/puzzles/{old_unanswered['id']}").status_code == 404
    # what stays works in full: moves, the loss report, the replay
    for playing in (in_play, long_game):
        assert client.get(f"/api/games/{playing}").json["game"]["state"] == "playing"
        assert client.get(f"/api/games/{playing}/hint").status_code == 200
    mine = first_mine(stored_game(client, in_play))
    assert move(client, in_play, "open", *mine).json["game"]["state"] == "lost"
    lost = client.get(f"/api/games/{recent_lost}").json["game"]
    assert lost["state"] == "lost" and lost["end"]["loss"]["text"]
    assert client.post(f"/api/games/{recent_lost}/replay", json={}).status_code == 201
    assert client.get(f"/api/learn/puzzles/{recent_puzzle['id']}").status_code == 200
    # a second prune finds nothing more
    assert (prune(app).games, prune(app).puzzles) == (0, 0)


def test_a_replay_outlives_the_game_it_replays(app: Flask, client: FlaskClient, db_path: Path, stored_game) -> None:
    original = lost_game(client, stored_game)
    replay = client.post(f"/api/games/{original}/replay", json={}).json["game"]
    age(db_path, "games", [original], 40)
    assert prune(app).games == 1
    assert ids(db_path, "games") == {replay["id"]}
    game = client.get(f"/api/games/{replay['id']}").json["game"]
    assert game["state"] == "playing" and game["board"] == replay["board"]
    assert client.post(f"/api/games/{replay['id']}/replay", json={}).status_code == 409  # still in play


def test_a_move_keeps_an_old_game_alive(app: Flask, client: FlaskClient, db_path: Path, stored_game) -> None:
    game_id = started(client)
    age(db_path, "games", [game_id], 31)
    safe = covered_safe(stored_game(client, game_id))[0]
    assert move(client, game_id, "open", *safe).status_code == 200  # updated_at is now
    assert prune(app).games == 0
    assert ids(db_path, "games") == {game_id}


def test_an_answer_keeps_an_old_puzzle_alive(app: Flask, client: FlaskClient, db_path: Path) -> None:
    puzzle = new_puzzle(client)
    age(db_path, "puzzles", [puzzle["id"]], 31)
    assert answer(client, puzzle, wrong_answer(puzzle)).json["result"]["status"] == "wrong"
    assert prune(app).puzzles == 0
    assert ids(db_path, "puzzles") == {puzzle["id"]}


def test_learn_progress_survives_pruning(app: Flask, client: FlaskClient, db_path: Path) -> None:
    first = new_puzzle(client, "one-two")
    answer(client, first, right_answer(first))
    second = new_puzzle(client, "one-two")
    answer(client, second, wrong_answer(second))
    answer(client, second, right_answer(second))
    third = new_puzzle(client, "one-two")
    answer(client, third, wrong_answer(third))
    new_puzzle(client, "one-two")  # never answered
    before = progress(client)["one-two"]
    assert (before["solved"], before["answered"], before["first_try"]) == (2, 3, 1)

    age(db_path, "puzzles", sorted(ids(db_path, "puzzles")), 31)
    assert prune(app).puzzles == 4
    assert count(db_path, "puzzles") == 0
    assert progress(client)["one-two"] == before
    assert client.get("/api/learn/lessons/one-two").json["progress"] == before

    # new answers add to what was kept, and a second prune adds again
    fourth = new_puzzle(client, "one-two")
    answer(client, fourth, right_answer(fourth))
    after = progress(client)["one-two"]
    assert (after["solved"], after["answered"], after["first_try"]) == (3, 4, 2)
    age(db_path, "puzzles", [fourth["id"]], 31)
    assert prune(app).puzzles == 1
    assert progress(client)["one-two"] == after
    # another session's progress is its own
    other = app.test_client()
    assert progress(other)["one-two"]["answered"] == 0


# -- when it runs -------------------------------------------------------------------------


def test_pruning_runs_on_the_first_write_after_start_then_at_most_hourly(
    app: Flask, client: FlaskClient, db_path: Path
) -> None:
    old = [started(client, seed=s) for s in (1, 2)]
    puzzle = new_puzzle(client)
    age(db_path, "games", old, 31)
    age(db_path, "puzzles", [puzzle["id"]], 31)

    restarted = create_app(config(db_path))  # starting does not delete anything by itself
    assert ids(db_path, "games") == set(old) and count(db_path, "puzzles") == 1
    player = restarted.test_client()
    kept = player.get(f"/api/games/{old[0]}")  # a read does not prune either
    assert kept.status_code == 404 and ids(db_path, "games") == set(old)
    fresh = create(player, preset="beginner")["id"]  # the first write does
    assert ids(db_path, "games") == {fresh} and count(db_path, "puzzles") == 0

    later = started(player, seed=3)
    age(db_path, "games", [later], 31)
    new_puzzle(player)  # a write within the hour: no prune
    assert later in ids(db_path, "games")
    restarted.extensions["db_prune"].last -= retention.PRUNE_INTERVAL
    create(player, preset="beginner")  # an hour later: pruned
    assert later not in ids(db_path, "games") and fresh in ids(db_path, "games")


@pytest.mark.parametrize("setting", [0, None, "0"])
def test_pruning_disabled_keeps_everything(db_path: Path, setting: Any, stored_game) -> None:
    app = create_app(config(db_path, RETENTION_DAYS=setting))
    client = app.test_client()
    games = [started(client, seed=s) for s in (1, 2, 3)]
    puzzle = new_puzzle(client)
    age(db_path, "games", games, 3650)
    age(db_path, "puzzles", [puzzle["id"]], 3650)
    app.extensions["db_prune"].last = None
    create(client, preset="beginner")  # a write that would prune
    answer(client, puzzle, wrong_answer(puzzle))
    assert set(games) <= ids(db_path, "games") and count(db_path, "games") == 4
    assert count(db_path, "puzzles") == 1
    result = app.test_cli_runner().invoke(args=["prune"])
    assert result.exit_code == 0, result.output
    assert "Retention is off" in result.output
    assert count(db_path, "games") == 4 and count(db_path, "puzzles") == 1


@pytest.mark.parametrize("setting", [-1, "abc", True, float("inf"), "-3"])
def test_a_bad_retention_setting_stops_the_start(db_path: Path, setting: Any) -> None:
    with pytest.raises(ConfigError, match="RETENTION_DAYS"):
        create_app(config(db_path, RETENTION_DAYS=setting))


def test_retention_from_the_environment(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FLASK_RETENTION_DAYS", "7")
    assert retention_days(create_app(config(db_path)).config["RETENTION_DAYS"]) == 7.0
    monkeypatch.setenv("FLASK_RETENTION_DAYS", "0")
    assert retention_days(create_app(config(db_path)).config["RETENTION_DAYS"]) is None


# -- the command --------------------------------------------------------------------------


def test_prune_command_reports_what_it_deleted(app: Flask, client: FlaskClient, db_path: Path, stored_game) -> None:
    games = [lost_game(client, stored_game, seed=1), started(client, seed=2), started(client, seed=3)]
    puzzles = [new_puzzle(client)["id"] for _ in range(2)]
    age(db_path, "games", games[:2], 45)
    age(db_path, "games", games[2:], 10)
    age(db_path, "puzzles", puzzles[:1], 45)
    age(db_path, "puzzles", puzzles[1:], 10)
    runner = app.test_cli_runner()

    result = runner.invoke(args=["prune"])
    assert result.exit_code == 0, result.output
    assert "Deleted 2 games and 1 practice puzzle " in result.output and "(30 days)" in result.output
    assert ids(db_path, "games") == {games[2]} and ids(db_path, "puzzles") == {puzzles[1]}

    result = runner.invoke(args=["prune"])
    assert "Deleted 0 games and 0 practice puzzles " in result.output

    result = runner.invoke(args=["prune", "--days", "7"])
    assert result.exit_code == 0, result.output
    assert "Deleted 1 game and 1 practice puzzle " in result.output and "(7 days)" in result.output
    assert count(db_path, "games") == 0 and count(db_path, "puzzles") == 0

    assert runner.invoke(args=["prune", "--days", "0"]).exit_code != 0


def test_flask_prune_on_the_command_line(app: Flask, client: FlaskClient, db_path: Path) -> None:
    game_id = started(client)
    age(db_path, "games", [game_id], 31)
    env = {**os.environ, "DATABASE_URL": str(db_path)}
    env.pop("FLASK_RETENTION_DAYS", None)
    done = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "web", "prune"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Deleted 1 game and 0 practice puzzles ")
    assert count(db_path, "games") == 0


# -- an older database --------------------------------------------------------------------

# the schema before retention: puzzles had no updated_at (games always had one)
OLD_SCHEMA = """
CREATE TABLE games (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, mode TEXT NOT NULL, data TEXT NOT NULL, replay_of TEXT,
    created_at REAL NOT NULL, started_at REAL, finished_at REAL, updated_at REAL NOT NULL
);
CREATE INDEX games_owner ON games (owner);
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, pattern TEXT NOT NULL, seed INTEGER NOT NULL, board TEXT NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0, first_right INTEGER, solved_at REAL, created_at REAL NOT NULL
);
CREATE INDEX puzzles_owner ON puzzles (owner, pattern);
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


OLD_KEY = "6b" * 32


def test_migration_upgrades_an_old_database_without_losing_rows(tmp_path: Path, stored_game) -> None:
    # rows made by today's app, then copied into a file with the old schema
    source = tmp_path / "source.sqlite3"
    app = create_app(config(source, RETENTION_DAYS=0))
    client = app.test_client()
    game_id = started(client)
    solved = new_puzzle(client)
    answer(client, solved, right_answer(solved))
    unsolved = new_puzzle(client)
    answer(client, unsolved, wrong_answer(unsolved))
    fresh = new_puzzle(client)
    owner = session_owner(client)
    expected_progress = progress(client)

    old = tmp_path / "old.sqlite3"
    now = time.time()
    with sqlite3.connect(old) as target, sqlite3.connect(source) as origin:
        target.executescript(OLD_SCHEMA)
        for row in origin.execute("SELECT id, owner, mode, data, replay_of, created_at, started_at, finished_at, "
                                  "updated_at FROM games"):
            target.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        for row in origin.execute("SELECT id, owner, pattern, seed, board, answers, first_right, solved_at, "
                                  "created_at FROM puzzles"):
            target.execute("INSERT INTO puzzles VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        target.execute("INSERT INTO settings VALUES ('secret_key', ?)", (OLD_KEY,))
        # the solved puzzle made 40 days ago and solved 10 days ago, the others made 40 days ago
        target.execute("UPDATE puzzles SET created_at = ?", (now - 40 * DAY,))
        target.execute("UPDATE puzzles SET solved_at = ? WHERE id = ?", (now - 10 * DAY, solved["id"]))
    with sqlite3.connect(old) as conn:
        assert "updated_at" not in {row[1] for row in conn.execute("PRAGMA table_info(puzzles)")}

    upgraded = create_app(config(old))
    create_app(config(old))  # starting again changes nothing
    with sqlite3.connect(old) as conn:
        assert "updated_at" in {row[1] for row in conn.execute("PRAGMA table_info(puzzles)")}
        indexes = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
        assert {"games_updated", "puzzles_updated"} <= indexes
        stamps = dict(conn.execute("SELECT id, updated_at - COALESCE(solved_at, created_at) FROM puzzles"))
    # the signing key moved out of the database into the key file (mode 0600): sessions survive
    assert upgraded.config["SECRET_KEY"] == OLD_KEY
    key_file = Path(config(old)["SECRET_KEY_FILE"])
    assert key_file.read_text() == OLD_KEY and key_file.stat().st_mode & 0o777 == 0o600
    with sqlite3.connect(old) as conn:
        assert conn.execute("SELECT COUNT(*) FROM settings WHERE key = 'secret_key'").fetchone()[0] == 0
    assert ids(old, "games") == {game_id}
    assert ids(old, "puzzles") == {solved["id"], unsolved["id"], fresh["id"]}
    assert stamps == {solved["id"]: 0.0, unsolved["id"]: 0.0, fresh["id"]: 0.0}

    # the old rows still work for their owner
    player = upgraded.test_client()
    with player.session_transaction() as session:
        session["sid"] = owner
    assert player.get(f"/api/games/{game_id}").json["game"]["state"] == "playing"
    assert player.get(f"/api/learn/puzzles/{fresh['id']}").status_code == 200
    assert progress(player) == expected_progress
    # and retention judges them by the filled-in activity: the solved puzzle (10 days) stays
    pruned = prune(upgraded)
    assert (pruned.games, pruned.puzzles) == (0, 2)
    assert ids(old, "puzzles") == {solved["id"]}
    assert progress(player) == expected_progress
    # a puzzle made after the upgrade carries its own activity time
    made = new_puzzle(player)
    with sqlite3.connect(old) as conn:
        (stamp,) = conn.execute("SELECT updated_at FROM puzzles WHERE id = ?", (made["id"],)).fetchone()
    assert stamp == pytest.approx(time.time(), abs=60)
