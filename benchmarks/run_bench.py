"""Benchmark Storm and Streak: the answer to a run's puzzle, which judges it and deals the next one.

    .venv/bin/python benchmarks/run_bench.py [--runs N] [--answers N]

Through the app on a throwaway SQLite file: ``--runs`` streaks (default 20), each answered right ``--answers`` times
(default 25, so that the puzzles climb from one-number steps to the enumeration lesson); each ``POST
/api/learn/runs/<id>/answer`` is timed (wall time and the process's CPU time).  The right answer is worked out by the
engine before the request starts (not timed).  Prints the median, p95 and maximum per answer and the start of a run.
Target: p95 <= 250 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time
from typing import Any

from explainer.core.board import Board
from explainer.engine.hint import make_hint
from explainer.learn.lessons import lesson_cells
from web import create_app

from stats import percentile

P95_TARGET_MS = 250.0


def _right(puzzle: dict[str, Any]) -> dict[str, Any]:
    lines = ([f"mines {puzzle['mines']}"] if puzzle["mines"] is not None else []) + puzzle["board"]
    board = Board.parse("\n".join(lines) + "\n")
    hint = make_hint(board)
    assert hint.deduction is not None
    cells = lesson_cells(board, hint.deduction)
    return {"opened": [cell.to_json() for cell in cells if cell in hint.solution.safe],
            "flagged": [cell.to_json() for cell in cells if cell in hint.solution.mines]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="streaks played (default 20)")
    parser.add_argument("--answers", type=int, default=25, help="right answers per streak (default 25)")
    args = parser.parse_args()
    wall: list[float] = []
    cpu: list[float] = []
    starts: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "x" * 32,
                          "DATABASE_URL": f"sqlite:///{os.path.join(folder, 'bench.db')}"})
        print(f"python {platform.python_version()} on {platform.machine()}")
        for _ in range(args.runs):
            client = app.test_client()
            token = client.get("/api/learn/progress").headers["X-CSRF-Token"]
            began = time.perf_counter()
            reply = client.post("/api/learn/runs", json={"kind": "streak"}, headers={"X-CSRF-Token": token})
            starts.append((time.perf_counter() - began) * 1000)
            assert reply.json is not None
            run = reply.json["run"]
            for _ in range(args.answers):
                body = _right(run["puzzle"])
                began, began_cpu = time.perf_counter(), time.process_time()
                reply = client.post(f"/api/learn/runs/{run['id']}/answer", json=body, headers={"X-CSRF-Token": token})
                wall.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
                data = reply.json
                assert reply.status_code == 200 and data is not None and data["counted"], data
                run = data["run"]
    p95 = percentile(wall, 0.95)
    print(f"{len(starts)} runs started: median {statistics.median(starts):.1f} ms, p95 {percentile(starts, 0.95):.1f} ms")
    print(f"{len(wall)} answers: wall median {statistics.median(wall):.1f} ms, p95 {p95:.1f} ms, max {max(wall):.1f} ms; "
          f"CPU median {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 0.95):.1f} ms")
    print(f"target p95 <= {P95_TARGET_MS:.0f} ms: {'met' if p95 <= P95_TARGET_MS else 'MISSED'}")
    return 0 if p95 <= P95_TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
