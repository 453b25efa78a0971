"""The audit's heavy requests and import flood, against gunicorn with the production configuration (2 workers).

    .venv/bin/python benchmarks/heavy_requests.py [--flood-seconds 20] [--clients 16]

What it does (loopback only; a fresh SQLite file):

1. **The worst single request of each kind**, one after the other, each timed by the client, with the workers'
   peak resident memory (``VmHWM``) after it: the review of a 50 x 30 game at its 6,200-record limit (every page),
   an imported replay of a 100 x 100 board (refused at the door), an analysis of a 200 x 200 board, and a move on
   the 50 x 30 game at its limit.
2. **An import flood**: ``--clients`` clients send 48 KB of junk as replay videos back to back for
   ``--flood-seconds`` while another player flags and unflags a cell of their game; the player's move latency
   (p50, p95) is printed beside the same player's latency with no flood.  Run twice: with the import limit per
   client (the default, 10 a minute: all clients share this machine's address) and with it lifted, where only the
   two video children per worker hold the flood back.
"""

from __future__ import annotations

import argparse
import base64
import shutil
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from web_client import RequestFailed, Session  # noqa: E402
from web_load import HOST, gunicorn  # noqa: E402

from tests.web.test_heavy_requests import replay_file  # noqa: E402


def workers_peak_mb(master: int) -> float:
    """The largest peak resident memory (VmHWM) among ``master``'s workers, in MB."""
    peak = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if int(fields.get("PPid", "0").strip() or 0) == master and "VmHWM" in fields:
            peak = max(peak, int(fields["VmHWM"].split()[0]))
    return peak / 1024


def status(reply: Any, ok: str = "200") -> str:
    """The answer's status: ``ok`` for a reply, else the refusal's code."""
    return ok if not isinstance(reply, RequestFailed) else str(reply).split("-> ", 1)[1][:3]


def timed(call: Any) -> tuple[float, Any]:
    start = time.monotonic()
    try:
        result = call()
    except RequestFailed as error:
        result = error
    return time.monotonic() - start, result


def heavy(port: int, master: int) -> list[tuple[str, float, float, str]]:
    rows = []
    player = Session(HOST, port)
    player.get("/api/account")
    height, width = 30, 50
    data = replay_file(height, width, 300, 4 * height * width + 200 - 2)
    seconds, reply = timed(lambda: player.post("/api/replays", data))
    game_id = reply["game"]["id"]
    rows.append(("import of a 50 x 30 replay at its limit (6,200 moves)", seconds, workers_peak_mb(master), "201"))
    pages = 1
    total = 0.0
    slowest = 0.0
    page = 1
    while page <= pages:
        seconds, reply = timed(lambda: player.get(f"/api/games/{game_id}/review?page={page}"))
        pages = reply["review"]["page"]["pages"]
        total += seconds
        slowest = max(slowest, seconds)
        page += 1
    rows.append((f"its review, {pages} pages: the slowest page (all: {total:.1f} s)", slowest, workers_peak_mb(master), "200"))
    big = replay_file(100, 100, 2000, 2)
    seconds, reply = timed(lambda: player.post("/api/replays", big))
    rows.append(("import of a 100 x 100 replay", seconds, workers_peak_mb(master), status(reply, "201")))
    rng = random.Random(1)
    board = "mines 4000\n" + "\n".join("".join(rng.choice("?????1") for _ in range(200)) for _ in range(200)) + "\n"
    seconds, reply = timed(lambda: player.post("/api/positions/analysis", {"board": board}))
    rows.append(("analysis of a 200 x 200 board", seconds, workers_peak_mb(master), status(reply)))
    game = player.post("/api/games", {"height": 30, "width": 50, "mines": 300, "seed": 3})["game"]["id"]
    player.post(f"/api/games/{game}/open", {"row": 15, "col": 25})
    for _ in range(3000):
        try:
            player.post(f"/api/games/{game}/flag", {"row": 0, "col": 0})
        except RequestFailed:
            break
    seconds, reply = timed(lambda: player.post(f"/api/games/{game}/flag", {"row": 0, "col": 0}))
    rows.append(("a move on a 50 x 30 game with 3,000 records", seconds, workers_peak_mb(master), status(reply)))
    return rows


def moves(port: int, seconds: float) -> list[float]:
    """A player flagging and unflagging one cell for ``seconds``: each move's latency."""
    player = Session(HOST, port)
    game = player.post("/api/games", {"preset": "expert", "seed": 5})["game"]["id"]
    player.post(f"/api/games/{game}/open", {"row": 8, "col": 15})
    latencies = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        spent, _ = timed(lambda: player.post(f"/api/games/{game}/flag", {"row": 0, "col": 0}))
        latencies.append(spent)
        time.sleep(0.05)
    return latencies


def flood(port: int, clients: int, seconds: float) -> tuple[list[float], int, dict[str, int]]:
    junk = base64.b64encode(random.Random(2).randbytes(48 * 1024)).decode()
    stop = threading.Event()
    answers: dict[str, int] = {}
    lock = threading.Lock()

    def send() -> None:
        session = Session(HOST, port)
        session.get("/api/account")
        while not stop.is_set():
            try:
                session.post("/api/replays", {"video": junk, "name": "junk.avf"})
                key = "2xx"
            except RequestFailed as error:
                key = str(error).split("-> ")[1][:3]
            with lock:
                answers[key] = answers.get(key, 0) + 1

    threads = [threading.Thread(target=send, daemon=True) for _ in range(clients)]
    for thread in threads:
        thread.start()
    latencies = moves(port, seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    return latencies, sum(answers.values()), answers


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flood-seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="heavy-"))
    print("| request | seconds | workers' peak RSS after it (MB) | answer |")
    print("| --- | --- | --- | --- |")
    with gunicorn(folder / "heavy.sqlite3", 512, 2, {"FLASK_IMPORTS_PER_MINUTE": "100000", "FLASK_MAX_CONTENT_LENGTH": str(4 << 20)}) as server:
        for name, seconds, peak, answer in heavy(server.port, server.pid):
            print(f"| {name} | {seconds:.2f} | {peak:.0f} | {answer} |")
    print()
    print("| import flood | imports answered | answers | player's moves | p50 ms | p95 ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for label, env in (("none (baseline)", None), ("limit per client (10 a minute)", {}), ("limit lifted: 2 video children per worker", {"FLASK_IMPORTS_PER_MINUTE": "100000"})):
        with gunicorn(folder / f"flood-{len(label)}.sqlite3", 512, 2, env or {}) as server:
            answers: dict[str, int] = {}
            count = 0
            if env is None:
                latencies = moves(server.port, args.flood_seconds)
            else:
                latencies, count, answers = flood(server.port, args.clients, args.flood_seconds)
            shown = ", ".join(f"{key}: {value}" for key, value in sorted(answers.items())) or "-"
            print(f"| {label} | {count} | {shown} | {len(latencies)} | {statistics.median(latencies) * 1000:.0f} | "
                  f"{percentile(latencies, 0.95) * 1000:.0f} |")
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
