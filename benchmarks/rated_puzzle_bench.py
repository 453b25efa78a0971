"""Benchmark serving a rated practice puzzle: ``POST /api/learn/lessons/<id>/puzzles`` once the pools are made.

    .venv/bin/python benchmarks/rated_puzzle_bench.py [--size N] [--requests N]

Makes every lesson's pool ahead of time (``flask --app web puzzles fill --size N``, default 200, on a throwaway
SQLite file; not timed), then sends ``--requests`` new-puzzle requests (default 1,000) through the app, each from a
player of a random rating (600-2800) in a random lesson, a fresh player every 20 requests, and prints the median, p95
and maximum wall time per request and how many puzzles had to be made during a request (the pool had none near the
player and was not full).  Target: p95 <= 50 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import tempfile
import time

from flask.testing import FlaskClient
from sqlalchemy import insert, select

from explainer.learn.lessons import PATTERN_IDS
from web import create_app
from web.storage.database import connection, write
from web.storage.tables import practice_ratings, puzzle_pool

from stats import percentile

P95_TARGET_MS = 50.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200, help="puzzles per lesson's pool (default 200)")
    parser.add_argument("--requests", type=int, default=1000, help="new-puzzle requests timed (default 1,000)")
    args = parser.parse_args()
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "x" * 32,
                          "DATABASE_URL": f"sqlite:///{os.path.join(folder, 'bench.db')}"})
        started = time.perf_counter()
        result = app.test_cli_runner().invoke(args=["puzzles", "fill", "--size", str(args.size)])
        assert result.exit_code == 0, result.output
        print(f"python {platform.python_version()} on {platform.machine()}: pools of {args.size} made in "
              f"{time.perf_counter() - started:.0f} s")
        with app.app_context():
            pool_before = len(connection().execute(select(puzzle_pool.c.seed)).all())
        times: list[float] = []
        client: FlaskClient | None = None
        token = ""
        for index in range(args.requests):
            if index % 20 == 0:
                client = app.test_client()
                token = client.get("/api/learn/progress").headers["X-CSRF-Token"]
                with client.session_transaction() as session:
                    owner = session["sid"]
                with app.app_context():
                    conn = connection()
                    with write(conn):
                        conn.execute(insert(practice_ratings), [
                            {"owner": owner, "technique": pattern, "mu": rng.uniform(600, 2800), "sigma": 80.0,
                             "attempts": 10, "updated_at": time.time()} for pattern in PATTERN_IDS])
            assert client is not None
            pattern = rng.choice(PATTERN_IDS)
            began = time.perf_counter()
            reply = client.post(f"/api/learn/lessons/{pattern}/puzzles", json={}, headers={"X-CSRF-Token": token})
            times.append((time.perf_counter() - began) * 1000)
            assert reply.status_code == 201, reply.json
        with app.app_context():
            made = len(connection().execute(select(puzzle_pool.c.seed)).all()) - pool_before
    p95 = percentile(times, 0.95)
    print(f"{args.requests} requests: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"max {max(times):.1f} ms; {made} puzzles made during a request")
    print(f"target p95 <= {P95_TARGET_MS:.0f} ms: {'met' if p95 <= P95_TARGET_MS else 'MISSED'}")
    return 0 if p95 <= P95_TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
