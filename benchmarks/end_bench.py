"""The end of a game, through the web app (Flask's test client, SQLite in a temporary folder): the
CPU time of the winning or losing click, of the other clicks, of the work left for after the finishing reply (the
result's review: guesses and missed steps), and of the review page's request, on expert.

Each game is played through the API as a player would: every provably safe cell opened (the engine's
hint for the view), and when nothing is certain a covered cell opened at random among the safe ones
of the stored layout (a lucky guess).  Half the games are lost on purpose at a random move (a provable
mine opened, or a random mine), then the loss is accepted; the others are won.  CPU time is
``time.process_time`` around each request, so other work on the machine counts less than in wall time.

    .venv/bin/python benchmarks/end_bench.py [--games 20] [--preset expert]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from explainer.engine.hint import make_hint  # noqa: E402
from explainer.play.game import Game  # noqa: E402
from web import create_app  # noqa: E402
from web.storage.database import connection  # noqa: E402
from web.storage.tables import games  # noqa: E402


def stored(app: Any, game_id: str) -> Game:
    from sqlalchemy import select

    with app.app_context():
        data = connection().execute(select(games.c.data).where(games.c.id == game_id)).scalar_one()
    return Game.from_dict(json.loads(data))


class Client:
    """The test client with the session's CSRF token sent back, as the pages' script does."""

    def __init__(self, app: Any) -> None:
        self.client = app.test_client()
        self.token: str | None = None

    def request(self, method: str, path: str, body: Any = None) -> Any:
        headers = {"X-CSRF-Token": self.token} if self.token and method != "GET" else {}
        reply = self.client.open(path, method=method, json=body, headers=headers)
        self.token = reply.headers.get("X-CSRF-Token") or self.token
        return reply

    def post(self, path: str, json: Any = None) -> Any:
        return self.request("POST", path, json if json is not None else {})

    def get(self, path: str) -> Any:
        return self.request("GET", path)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--preset", default="expert")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    app = create_app({"DATABASE_URL": str(folder / "bench.db"), "SECRET_KEY_FILE": str(folder / "key"), "ALLOW_SEEDS": True, "TESTING": True})
    client = Client(app)
    rng = random.Random(7)
    ends: dict[str, list[float]] = {"won": [], "lost": []}
    others: list[float] = []
    reviews: list[float] = []
    after: list[float] = []
    moves_per_game: list[int] = []
    failed = 0
    for seed in range(1, args.games + 1):
        game_id = client.post("/api/games", json={"preset": args.preset, "seed": seed}).json["game"]["id"]
        lose_at = rng.randrange(20, 150) if seed % 2 == 0 else None
        target: tuple[int, int] | None = (7, 14)
        moves = 0
        while True:
            game = stored(app, game_id)
            if game.over:  # (won, lost, or a loss waiting to be accepted)
                break
            if target is None:
                view = game.view()
                if lose_at is not None and moves >= lose_at:
                    mines = [i for i in range(game.size) if (game.layout or 0) >> i & 1 and view.cells[i] < 0]
                    target = divmod(rng.choice(mines), game.width)
                else:
                    hint = make_hint(view)
                    if hint.deduction is not None and hint.deduction.safe:
                        target = tuple(next(iter(hint.deduction.safe)))  # type: ignore[assignment]
                    else:
                        safe = [i for i in range(game.size) if not (game.layout or 0) >> i & 1 and view.cells[i] < 0 and view.cells[i] != -2]
                        target = divmod(rng.choice(safe), game.width)
            assert target is not None
            start = time.process_time()
            reply = client.post(f"/api/games/{game_id}/open", json={"row": target[0], "col": target[1]})
            spent = time.process_time() - start
            target = None
            moves += 1
            if reply.status_code != 200:
                failed += 1
                break
            state = reply.json["game"]["state"]
            (ends[state] if state in ends else others).append(spent)
            start = time.process_time()
            reply.close()  # what the server does once the reply is sent: the review of a finished game
            if state in ends:
                after.append(time.process_time() - start)
        if stored(app, game_id).lost:
            client.post(f"/api/games/{game_id}/accept", json={})
        start = time.process_time()
        review = client.get(f"/api/games/{game_id}/review")
        reviews.append(time.process_time() - start)
        if review.status_code != 200:
            failed += 1
        moves_per_game.append(moves)
    print(f"{args.games} {args.preset} games, {sum(moves_per_game)} clicks (median {statistics.median(moves_per_game)} per game), "
          f"{failed} failed requests")
    print("| request | n | median ms | p95 ms | max ms |")
    print("|---|---:|---:|---:|---:|")
    rows = (
        ("other clicks", others),
        ("winning click", ends["won"]),
        ("losing click", ends["lost"]),
        ("after the finishing reply", after),
        ("GET review", reviews),
    )
    for name, values in rows:
        if values:
            print(f"| {name} | {len(values)} | {statistics.median(values) * 1000:.1f} | {percentile(values, 0.95) * 1000:.1f} | {max(values) * 1000:.1f} |")


if __name__ == "__main__":
    main()
