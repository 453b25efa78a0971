"""Load benchmark: hint requests on expert mid-game boards under gunicorn (2 workers).

    .venv/bin/python benchmarks/web_load.py [--clients 20] [--requests 150] [--rate 300] [--cache both]

What it does (loopback only, 127.0.0.1; bounded in requests and time):

1. starts ``gunicorn -c gunicorn.conf.py -w 2 'web:create_app()'`` (the production configuration:
   threaded workers) on a free port with a fresh SQLite file;
2. setup (not timed): each client gets its own session and ``--games`` expert games, each
   played through the API to a random point between 15% and 60% of its safe cells by
   what the server proves (cells at 0% opened, cells at 100% flagged);
3. closed loop: ``--clients`` concurrent clients each send ``--requests`` hint requests back
   to back (round robin over their games, language round robin over 4 languages):
   throughput and latency percentiles at saturation;
4. open loop: the same clients send hints at a fixed total ``--rate`` (requests/s, evenly
   spread) for ``--seconds``: latency percentiles at that rate, whether the server keeps up.

Steps 3-4 run twice by default: with the per-worker solution cache (boards repeat, as when a
player asks again or switches language) and with it off (``SOLUTION_CACHE_SIZE=0``: every
request solves the board).  Latency is measured by the client from connect to the last byte.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web_client import Session  # noqa: E402  (benchmarks/web_client.py)

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
LANGUAGES = ("en", "de", "ja", "ar")
TIME_LIMIT = 60.0  # seconds, per measured phase
REQUEST_TIMEOUT = 30.0


@dataclass
class Result:
    name: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    wall: float = 0.0
    server_cpu: float = 0.0  # CPU seconds the workers used during the phase
    client_cpu: float = 0.0  # CPU seconds this load generator used during the phase

    def summary(self) -> dict[str, float | int | str]:
        ordered = sorted(self.latencies)

        def pct(q: float) -> float:
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else float("nan")

        return {
            "phase": self.name,
            "requests": len(ordered),
            "errors": self.errors,
            "seconds": round(self.wall, 2),
            "throughput_per_s": round(len(ordered) / self.wall, 1) if self.wall else 0.0,
            "p50_ms": round(pct(0.50), 1),
            "p90_ms": round(pct(0.90), 1),
            "p99_ms": round(pct(0.99), 1),
            "max_ms": round(ordered[-1] * 1000, 1) if ordered else float("nan"),
            "mean_ms": round(statistics.fmean(ordered) * 1000, 1) if ordered else float("nan"),
            "server_cpu_ms_per_request": round(self.server_cpu / len(ordered) * 1000, 2) if ordered else float("nan"),
            "client_cpu_ms_per_request": round(self.client_cpu / len(ordered) * 1000, 2) if ordered else float("nan"),
        }


def worker_cpu_seconds(master: int) -> float:
    """CPU time (user + system) used so far by the gunicorn workers of ``master`` (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == master:  # fields[1] is the parent pid
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Server:
    port: int
    pid: int

    def cpu(self) -> float:
        return worker_cpu_seconds(self.pid)


@contextmanager
def gunicorn(
    database: Path | str, cache_size: int, workers: int, extra_env: Mapping[str, str] | None = None
) -> Iterator[Server]:
    """gunicorn with the production configuration on a free loopback port, over ``database``
    (a SQLite file or a PostgreSQL URL); ``extra_env`` adds environment (e.g. ``SECRET_KEY``)."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": str(database),
        "FLASK_ALLOW_SEEDS": "true",
        "FLASK_SOLUTION_CACHE_SIZE": str(cache_size),
        **(extra_env or {}),
    }
    command = [
        str(ROOT / ".venv" / "bin" / "gunicorn"),
        "--config", str(ROOT / "gunicorn.conf.py"),  # the production configuration (threaded workers)
        "--workers", str(workers),
        "--bind", f"{HOST}:{port}",
        "--backlog", "256",
        "--log-level", "warning",
        "web:create_app()",
    ]
    process = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection((HOST, port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("gunicorn did not start") from None
                time.sleep(0.1)
        yield Server(port, process.pid)
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# -- setup: mid-game boards through the API ---------------------------------------------------


def opened_count(state: dict[str, Any]) -> int:
    return sum(len(row) - row.count("?") - row.count("F") for row in state["board"])


def mid_game(session: Session, seed: int, rng: random.Random) -> str | None:
    """An expert game played to a random point by what the server proves (cells at 0% are
    opened, cells at 100% flagged); None if it ended before that point."""
    game_id: str = session.post("/api/games", {"preset": "expert", "seed": seed})["game"]["id"]
    state = session.post(f"/api/games/{game_id}/open", {"row": 8, "col": 15})["game"]
    target = rng.uniform(0.15, 0.60) * (16 * 30 - 99)
    while state["state"] == "playing":
        if opened_count(state) >= target:
            return game_id
        grid = session.get(f"/api/games/{game_id}/probabilities")["overlay"]["probabilities"]
        certain = [(r, c, p) for r, row in enumerate(grid) for c, p in enumerate(row) if p in (0.0, 1.0)]
        safe = [(r, c) for r, c, p in certain if p == 0.0 and state["board"][r][c] == "?"]
        if not safe:
            return game_id  # a guess position is a fine mid-game board too
        for r, c, p in certain:
            if p == 1.0 and state["board"][r][c] == "?":
                state = session.post(f"/api/games/{game_id}/flag", {"row": r, "col": c})["game"]
        for r, c in safe:
            if opened_count(state) >= target or state["state"] != "playing":
                break
            if state["board"][r][c] == "?":
                state = session.post(f"/api/games/{game_id}/open", {"row": r, "col": c})["game"]
    return None


def prepare(port: int, clients: int, games: int, seed: int) -> list[tuple[str, list[str]]]:
    rng = random.Random(seed)
    prepared = []
    next_seed = seed * 1000
    for _ in range(clients):
        session = Session(HOST, port)
        ids: list[str] = []
        while len(ids) < games:
            next_seed += 1
            game_id = mid_game(session, next_seed, rng)
            if game_id is not None:
                ids.append(game_id)
        prepared.append((session.cookie_header(), ids))
    return prepared


# -- the load ----------------------------------------------------------------------------------


async def fetch(port: int, path: str, cookie: str) -> tuple[float, bool]:
    """One request on a new connection (each client connects afresh, as a browser behind a proxy would not)."""
    request = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nCookie: {cookie}\r\nConnection: close\r\n\r\n"
    start = time.perf_counter()
    try:
        async with asyncio.timeout(REQUEST_TIMEOUT):
            reader, writer = await asyncio.open_connection(HOST, port)
            writer.write(request.encode())
            data = await reader.read()
            writer.close()
    except (OSError, TimeoutError):
        return time.perf_counter() - start, False
    elapsed = time.perf_counter() - start
    return elapsed, data.startswith(b"HTTP/1.1 200") and b'"hint"' in data


def paths(games: list[str], offset: int) -> Iterator[str]:
    i = offset
    while True:
        yield f"/api/games/{games[i % len(games)]}/hint?lang={LANGUAGES[i % len(LANGUAGES)]}"
        i += 1


async def closed_loop(port: int, prepared: list[tuple[str, list[str]]], requests: int) -> Result:
    result = Result("closed loop (saturation)")
    deadline = time.monotonic() + TIME_LIMIT

    async def client(index: int, cookie: str, games: list[str]) -> None:
        source = paths(games, index)
        for _ in range(requests):
            if time.monotonic() > deadline:
                return
            elapsed, ok = await fetch(port, next(source), cookie)
            result.latencies.append(elapsed)
            result.errors += not ok

    start = time.perf_counter()
    await asyncio.gather(*(client(i, cookie, games) for i, (cookie, games) in enumerate(prepared)))
    result.wall = time.perf_counter() - start
    return result


async def open_loop(port: int, prepared: list[tuple[str, list[str]]], rate: float, seconds: float) -> Result:
    result = Result(f"open loop at {rate:g}/s")
    clients = len(prepared)
    interval = clients / rate  # each client's gap between sends
    start = time.perf_counter()

    async def one(path: str, cookie: str) -> None:
        elapsed, ok = await fetch(port, path, cookie)
        result.latencies.append(elapsed)
        result.errors += not ok

    async def client(index: int, cookie: str, games: list[str]) -> None:
        source = paths(games, index)
        pending = []
        due = start + index * interval / clients  # spread the clients' phases evenly
        while due < start + seconds:
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            pending.append(asyncio.create_task(one(next(source), cookie)))
            due += interval
        await asyncio.gather(*pending)

    await asyncio.wait_for(
        asyncio.gather(*(client(i, cookie, games) for i, (cookie, games) in enumerate(prepared))),
        timeout=seconds + TIME_LIMIT,
    )
    result.wall = time.perf_counter() - start
    return result


def measure(server: Server, prepared: list[tuple[str, list[str]]], args: argparse.Namespace, cache: str) -> list[dict[str, Any]]:
    asyncio.run(closed_loop(server.port, prepared, 5))  # warm up both workers
    rows = []
    phases: tuple[Callable[[], Coroutine[Any, Any, Result]], ...] = (
        lambda: closed_loop(server.port, prepared, args.requests),
        lambda: open_loop(server.port, prepared, args.rate, args.seconds),
    )
    for phase in phases:
        before, client_before = server.cpu(), own_cpu_seconds()
        result = asyncio.run(phase())
        result.server_cpu = server.cpu() - before
        result.client_cpu = own_cpu_seconds() - client_before
        rows.append({"cache": cache, **result.summary()})
    return rows


def run(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Set up once, then measure each cache setting on a fresh gunicorn over the same database
    (the games and the sessions' cookies survive the restart)."""
    sizes = {"on": [512], "off": [0], "both": [512, 0]}[args.cache]
    rows: list[dict[str, Any]] = []
    prepared: list[tuple[str, list[str]]] = []
    with tempfile.TemporaryDirectory() as folder:
        db_path = Path(folder) / "load.sqlite3"
        for size in sizes:
            cache = "on" if size else "off"
            print(f"gunicorn, {args.workers} workers, solution cache {cache}", file=sys.stderr)
            with gunicorn(db_path, size, args.workers) as server:
                if not prepared:
                    t0 = time.perf_counter()
                    prepared = prepare(server.port, args.clients, args.games, args.seed)
                    print(f"  setup: {args.clients} sessions x {args.games} expert mid-game boards "
                          f"in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
                rows += measure(server, prepared, args, cache)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--requests", type=int, default=150, help="hint requests per client in the closed loop")
    parser.add_argument("--games", type=int, default=3, help="mid-game boards per client")
    parser.add_argument("--rate", type=float, default=300.0, help="total requests/s in the open loop")
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the open loop")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", choices=("on", "off", "both"), default="both")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    if not (1 <= args.clients <= 100 and 1 <= args.requests <= 2000 and 1 <= args.seconds <= 60):
        parser.error("keep it bounded: 1-100 clients, 1-2000 requests each, 1-60 seconds")

    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores",
          file=sys.stderr)
    rows = run(args)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", file=sys.stderr)
    header = ["cache", "phase", "requests", "errors", "seconds", "throughput_per_s", "p50_ms", "p90_ms", "p99_ms",
              "max_ms", "server_cpu_ms_per_request", "client_cpu_ms_per_request"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(str(row[key]) for key in header) + " |")
    if args.json:
        args.json.write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "results": rows}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
