"""The CPU time of a hint request and a move through the whole web app (Flask's test client, SQLite): a player who
asks for a hint and plays its step, on expert boards, until the game ends or the hints run out.

    .venv/bin/python benchmarks/api_cpu.py [--games 12] [--repo PATH] [--freeze]

Every game is dealt with a fixed seed, so two versions of the code (``--repo``: another checkout, e.g. a
``git worktree`` of an older commit) play exactly the same requests; run them alternately, several times (paired
runs: this shared machine varies by up to 40% between runs).  Printed: the requests made and the process's CPU time.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--repo", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--freeze", action="store_true",
                        help="gc.freeze() once the app is made, as the server does (gunicorn.conf.py)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.repo.resolve()))
    from web import create_app  # the checkout's own (``--repo``)

    folder = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/bench.db", "SECRET_KEY": "k" * 40,
                      "ALLOW_SEEDS": True})
    if args.freeze:
        gc.freeze()
    client = app.test_client()
    token = client.get("/api/account").headers.get("X-CSRF-Token", "")

    def post(path: str, body: dict[str, Any]) -> Any:
        return client.post(path, json=body, headers={"X-CSRF-Token": token}).get_json()

    moves = hints = 0
    start = time.process_time()
    for seed in range(1, args.games + 1):
        game_id = post("/api/games", {"preset": "expert", "seed": seed})["game"]["id"]
        reply = post(f"/api/games/{game_id}/open", {"row": 7, "col": 15})
        moves += 1
        for _ in range(40):
            hint = client.get(f"/api/games/{game_id}/hint").get_json()["hint"]
            hints += 1
            step = hint.get("deduction") or {}
            if step.get("safe"):
                row, col = step["safe"][0]
                reply = post(f"/api/games/{game_id}/open", {"row": row, "col": col})
            elif step.get("mines"):
                row, col = step["mines"][0]
                reply = post(f"/api/games/{game_id}/flag", {"row": row, "col": col, "flagged": True})
            else:
                break
            moves += 1
            if reply["game"]["state"] != "playing":
                break
    seconds = time.process_time() - start
    print(f"{args.repo}: {moves} moves and {hints} hints in {seconds:.2f} s of CPU "
          f"({1000 * seconds / (moves + hints):.1f} ms per request)")


if __name__ == "__main__":
    main()
