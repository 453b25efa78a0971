"""Hint and move throughput with one and with two app instances on one PostgreSQL.

    .venv/bin/python benchmarks/web_cluster.py [--clients 8] [--requests 60] [--games 2] [--seed 1] [--json FILE]

What it does (loopback only, 127.0.0.1; bounded in requests and time; under a minute on 2 cores):

1. starts a throwaway PostgreSQL server (``scripts/postgres start`` in a new directory under
   /tmp, reachable only through its unix socket) and creates a fresh database on it; the
   server is stopped and its directory removed at the end, also after an error or Ctrl-C;
2. for 1 and then 2 instances: starts that many gunicorn masters, one after the other, each
   with the production configuration (``gunicorn.conf.py``: threaded workers) and 2 workers,
   on distinct free ports, all with the same ``DATABASE_URL`` and the same ``SECRET_KEY`` (as
   several servers behind one reverse proxy would be);
3. setup (not timed): ``--clients`` sessions, each started with ``GET /api/account`` (its
   cookie and CSRF token) and given ``--games`` expert games (fixed seeds, so both rounds get
   the same boards) played through the API to a random point between 15% and 60% of their safe
   cells, as ``web_load.py`` does; the sessions are spread over the instances;
4. closed loop, ``--clients`` concurrent clients, each sending ``--requests`` requests back
   to back, request *k* of client *i* to instance ``(i + k) % instances`` (round robin, as a
   proxy would: one session's consecutive requests alternate servers, its one cookie and
   token valid on both):

   * hint: ``GET /api/games/<id>/hint?lang=..`` (round robin over the client's games and over
     4 languages; the per-worker solution cache is on, as in production; a hint also
     writes: the game's history notes the help asked);
   * move: ``POST /api/games/<id>/flag`` on one covered cell per game, so each game's cell is
     flagged, then unflagged, and so on: the game never ends.  Each reply must say the cell is
     flagged or unflagged as expected.

   Each request opens a new connection; latency is measured by the client from connect to the
   last byte.  A request that fails or answers other than 2xx counts as an error (there must be
   none);
5. check: every game's stored board, read back through another instance than the one that
   acknowledged its last move, must equal the board in that last acknowledgement.

Printed: one row per (instances, kind): requests, requests/s, p50 and p95 latency, errors, the
CPU time per request of the app workers, of PostgreSQL and of this load generator (all on the
same machine), and how many cores were kept busy during the phase by those ("ours") and by
everything else on the machine ("others": other programs, the kernel, gunicorn's masters).
The exit status is 1 if any request failed or any check did not hold.

Read the figures with the machine in mind: every process here (the load generator, the
workers, PostgreSQL) shares the same cores, so two instances add workers but no CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # tests.postgres_server

from web_client import CSRF_HEADER, Session  # noqa: E402  (benchmarks/web_client.py)
from web_load import (  # noqa: E402  (benchmarks/web_load.py)
    HOST,
    LANGUAGES,
    Server,
    gunicorn,
    mid_game,
    own_cpu_seconds,
)

from tests.postgres_server import fresh_database  # noqa: E402
from tests.postgres_server import start as start_postgres  # noqa: E402
from tests.postgres_server import stop as stop_postgres  # noqa: E402

WORKERS = 2  # per instance
CACHE_SIZE = 512  # the production default of SOLUTION_CACHE_SIZE
TIME_LIMIT = 60.0  # seconds, per measured phase
REQUEST_TIMEOUT = 30.0
WARM_UP = 2  # unmeasured requests per client before each measured phase


# -- CPU accounting (Linux /proc) ---------------------------------------------------------------


def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def tree_cpu_seconds(parent: int, reaped: bool) -> float:
    """CPU seconds (user + system) of the live children of ``parent``; with ``reaped``, also
    of ``parent`` itself and of its children that have exited (its cutime and cstime)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    if reaped and (own := _stat(parent)) is not None:
        total += sum(int(value) for value in own[11:15]) / ticks  # utime stime cutime cstime
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _stat(int(entry.name))) is not None and int(fields[1]) == parent:
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def machine_busy_seconds() -> float:
    """CPU seconds all cores have spent busy (not idle, not waiting on I/O) since boot: /proc/stat."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


@dataclass
class Cpu:
    """CPU seconds used so far by the app workers, PostgreSQL, this process and the whole machine."""

    app: float
    db: float
    client: float
    machine: float

    @classmethod
    def now(cls, servers: Sequence[Server], postmaster: int) -> Cpu:
        return cls(
            app=sum(tree_cpu_seconds(server.pid, reaped=False) for server in servers),
            db=tree_cpu_seconds(postmaster, reaped=True),
            client=own_cpu_seconds(),
            machine=machine_busy_seconds(),
        )

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(self.app - other.app, self.db - other.db, self.client - other.client, self.machine - other.machine)

    def others(self) -> float:
        """What the rest of the machine used: other programs, gunicorn's masters, the kernel's own threads."""
        return max(0.0, self.machine - self.app - self.db - self.client)


# -- PostgreSQL and the app instances ----------------------------------------------------------


@dataclass
class Postgres:
    url: str  # the fresh database's
    postmaster: int


@contextmanager
def postgres() -> Iterator[Postgres]:
    """A throwaway server (scripts/postgres) with a fresh database; stopped and removed after."""
    # Short, under /tmp: the socket's path must stay under 108 bytes.
    directory = Path(tempfile.mkdtemp(prefix="pg-", dir="/tmp"))
    try:
        print(f"PostgreSQL in {directory}", file=sys.stderr)
        server_url = start_postgres(directory)
        postmaster = int((directory / "data" / "postmaster.pid").read_text().split()[0])
        yield Postgres(fresh_database(server_url), postmaster)
    finally:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not leave it running
        try:
            stop_postgres(directory)
        finally:
            shutil.rmtree(directory, ignore_errors=True)
            signal.signal(signal.SIGINT, previous)


@contextmanager
def instances(count: int, database_url: str, secret_key: str) -> Iterator[list[Server]]:
    """``count`` gunicorn masters on one database and one key, started one after the other
    (each master brings the schema up to date before its workers fork)."""
    with ExitStack() as stack:
        yield [
            stack.enter_context(gunicorn(database_url, CACHE_SIZE, WORKERS, {"SECRET_KEY": secret_key}))
            for _ in range(count)
        ]


# -- setup -------------------------------------------------------------------------------------


@dataclass
class GameState:
    id: str
    cell: tuple[int, int]  # the covered cell the move phase flags and unflags
    flagged: bool = False  # whether it is flagged now (by the last acknowledged move)
    board: list[str] | None = None  # the board of the last acknowledged move
    acknowledged_by: int = 0  # which instance acknowledged it


@dataclass
class Client:
    cookie: str
    token: str
    games: list[GameState]


def prepare_client(index: int, port: int, games: int, seed: int) -> Client:
    """A session with ``games`` expert mid-game boards (the same ones for the same seed and index)."""
    rng = random.Random(f"{seed}:{index}")
    session = Session(HOST, port)
    session.get("/api/account")  # a new client's first call: its cookie and CSRF token
    prepared: list[GameState] = []
    next_seed = seed * 100_000 + index * 1000
    while len(prepared) < games:
        next_seed += 1
        game_id = mid_game(session, next_seed, rng)
        if game_id is None:
            continue
        board: list[str] = session.get(f"/api/games/{game_id}")["game"]["board"]
        covered = [(r, c) for r, row in enumerate(board) for c, mark in enumerate(row) if mark == "?"]
        prepared.append(GameState(game_id, rng.choice(covered)))
    if session.csrf_token is None:
        raise RuntimeError("no X-CSRF-Token header in the API's replies")
    return Client(session.cookie_header(), session.csrf_token, prepared)


def prepare(servers: Sequence[Server], clients: int, games: int, seed: int) -> list[Client]:
    """The clients' sessions, client i set up through instance i % len(servers), a few at a time."""
    with ThreadPoolExecutor(max_workers=2 * len(servers)) as pool:
        return list(
            pool.map(lambda i: prepare_client(i, servers[i % len(servers)].port, games, seed), range(clients))
        )


# -- the load ----------------------------------------------------------------------------------


@dataclass
class Reply:
    status: int
    headers: dict[str, str]  # names in lower case
    body: bytes


async def exchange(port: int, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> Reply:
    """One request on a new connection (``Connection: close``), read to the end."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{port}", "Connection: close", "Accept: application/json"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if body or method not in ("GET", "HEAD"):
        lines.append(f"Content-Length: {len(body)}")
    async with asyncio.timeout(REQUEST_TIMEOUT):
        reader, writer = await asyncio.open_connection(HOST, port)
        try:
            writer.write("\r\n".join(lines).encode() + b"\r\n\r\n" + body)
            data = await reader.read()
        finally:
            writer.close()
    head, _, content = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parsed: dict[str, str] = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        parsed[name.strip().lower()] = value.strip()
    if parsed.get("transfer-encoding", "").lower() == "chunked":
        content = dechunk(content)
    return Reply(int(status_line.split()[1]), parsed, content)


def dechunk(data: bytes) -> bytes:
    out = bytearray()
    while True:
        size_line, _, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0], 16)
        if size == 0:
            return bytes(out)
        out += data[:size]
        data = data[size + 2:]


@dataclass
class Result:
    instances: int
    kind: str
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    wrong: int = 0  # 2xx replies that did not say what they should (a flag toggled the wrong way)
    first_error: str = ""
    wall: float = 0.0
    cpu: Cpu = field(default_factory=lambda: Cpu(0.0, 0.0, 0.0, 0.0))

    def fail(self, message: str) -> None:
        self.errors += 1
        self.first_error = self.first_error or message

    def summary(self) -> dict[str, Any]:
        ordered = sorted(self.latencies)
        n = len(ordered)

        def pct(q: float) -> float:
            return round(ordered[min(n - 1, int(q * n))] * 1000, 1) if n else float("nan")

        def per_request(seconds: float) -> float:
            return round(seconds / n * 1000, 2) if n else float("nan")

        return {
            "instances": self.instances,
            "workers": self.instances * WORKERS,
            "kind": self.kind,
            "requests": n,
            "seconds": round(self.wall, 2),
            "req_per_s": round(n / self.wall, 1) if self.wall else 0.0,
            "p50_ms": pct(0.50),
            "p95_ms": pct(0.95),
            "max_ms": round(ordered[-1] * 1000, 1) if n else float("nan"),
            "errors": self.errors,
            "wrong_replies": self.wrong,
            "first_error": self.first_error,
            "app_cpu_ms_per_req": per_request(self.cpu.app),
            "db_cpu_ms_per_req": per_request(self.cpu.db),
            "client_cpu_ms_per_req": per_request(self.cpu.client),
            # cores kept busy during the phase: by the workers, PostgreSQL and this client, and by the rest
            "cores_busy_ours": round((self.cpu.app + self.cpu.db + self.cpu.client) / self.wall, 2) if self.wall else 0.0,
            "cores_busy_others": round(self.cpu.others() / self.wall, 2) if self.wall else 0.0,
        }


async def hint(port: int, client: Client, game: GameState, k: int, result: Result) -> None:
    path = f"/api/games/{game.id}/hint?lang={LANGUAGES[k % len(LANGUAGES)]}"
    reply = await exchange(port, "GET", path, {"Cookie": client.cookie})
    if not 200 <= reply.status < 300:
        result.fail(f"GET {path} -> {reply.status}: {reply.body[:200]!r}")
    elif "hint" not in json.loads(reply.body):
        result.wrong += 1


async def flag(port: int, instance: int, client: Client, game: GameState, result: Result) -> None:
    row, col = game.cell
    path = f"/api/games/{game.id}/flag"
    body = json.dumps({"row": row, "col": col}).encode()
    headers = {"Cookie": client.cookie, CSRF_HEADER: client.token, "Content-Type": "application/json"}
    reply = await exchange(port, "POST", path, headers, body)
    if not 200 <= reply.status < 300:
        result.fail(f"POST {path} -> {reply.status}: {reply.body[:200]!r}")
        return
    client.token = reply.headers.get(CSRF_HEADER.lower(), client.token)
    data = json.loads(reply.body)
    game.flagged = not game.flagged
    game.board = data["game"]["board"]
    game.acknowledged_by = instance
    if data["flagged"] is not game.flagged or data["game"]["state"] != "playing":
        result.wrong += 1


async def closed_loop(servers: Sequence[Server], clients: Sequence[Client], kind: str, requests: int,
                      result: Result) -> None:
    """Each client sends ``requests`` requests back to back, request k of client i to
    instance (i + k) % len(servers), round robin over the client's games."""
    deadline = time.monotonic() + TIME_LIMIT

    async def one_client(i: int, client: Client) -> None:
        for k in range(requests):
            if time.monotonic() > deadline:
                return
            instance = (i + k) % len(servers)
            game = client.games[k % len(client.games)]
            start = time.perf_counter()
            try:
                if kind == "hint":
                    await hint(servers[instance].port, client, game, k, result)
                else:
                    await flag(servers[instance].port, instance, client, game, result)
            except (OSError, TimeoutError, ValueError, KeyError) as error:
                result.fail(f"{kind} on instance {instance}: {error!r}")
            result.latencies.append(time.perf_counter() - start)

    await asyncio.gather(*(one_client(i, client) for i, client in enumerate(clients)))


def measure(servers: Sequence[Server], postmaster: int, clients: Sequence[Client], kind: str,
            requests: int) -> Result:
    warm_up = Result(len(servers), kind)
    asyncio.run(closed_loop(servers, clients, kind, WARM_UP, warm_up))
    if warm_up.errors:
        raise RuntimeError(f"warm-up failed: {warm_up.first_error}")
    result = Result(len(servers), kind)
    before = Cpu.now(servers, postmaster)
    start = time.perf_counter()
    asyncio.run(closed_loop(servers, clients, kind, requests, result))
    result.wall = time.perf_counter() - start
    result.cpu = Cpu.now(servers, postmaster) - before
    return result


async def check_boards(servers: Sequence[Server], clients: Sequence[Client]) -> list[str]:
    """Every game's stored board, read through another instance than the one that acknowledged
    its last move, against that acknowledgement; the differences found."""
    problems = []
    for client in clients:
        for game in client.games:
            if game.board is None:
                problems.append(f"game {game.id}: no move acknowledged")
                continue
            instance = (game.acknowledged_by + 1) % len(servers)
            reply = await exchange(servers[instance].port, "GET", f"/api/games/{game.id}", {"Cookie": client.cookie})
            if reply.status != 200:
                problems.append(f"game {game.id}: GET through instance {instance} -> {reply.status}")
            elif json.loads(reply.body)["game"]["board"] != game.board:
                problems.append(f"game {game.id}: the board read through instance {instance} is not "
                                f"the one instance {game.acknowledged_by} acknowledged last")
    return problems


# -- the run -----------------------------------------------------------------------------------


def run(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[str]]:
    rows: list[dict[str, Any]] = []
    problems: list[str] = []
    secret_key = secrets.token_hex(32)  # one key for every instance: one cookie and token work on all
    with postgres() as database:
        for count in (1, 2):
            print(f"{count} instance(s) x {WORKERS} workers on one PostgreSQL database", file=sys.stderr)
            with instances(count, database.url, secret_key) as servers:
                t0 = time.perf_counter()
                clients = prepare(servers, args.clients, args.games, args.seed)
                print(f"  setup: {args.clients} sessions x {args.games} expert mid-game boards "
                      f"in {time.perf_counter() - t0:.1f}s", file=sys.stderr)
                for kind in ("hint", "move"):
                    result = measure(servers, database.postmaster, clients, kind, args.requests)
                    rows.append(result.summary())
                    print(f"  {kind}: {rows[-1]['req_per_s']} req/s, {rows[-1]['errors']} errors", file=sys.stderr)
                    if result.wrong:
                        problems.append(f"{count} instance(s), {kind}: {result.wrong} replies not as expected")
                found = asyncio.run(check_boards(servers, clients))
                problems += [f"{count} instance(s): {problem}" for problem in found]
                print(f"  stored boards: {'all as last acknowledged' if not found else f'{len(found)} differ'}",
                      file=sys.stderr)
    return rows, problems


def interrupted(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (sessions)")
    parser.add_argument("--requests", type=int, default=60, help="requests per client, per kind and instance count")
    parser.add_argument("--games", type=int, default=2, help="expert mid-game boards per client")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    if not (1 <= args.clients <= 64 and 1 <= args.requests <= 1000 and 1 <= args.games <= 10 and args.seed >= 0):
        parser.error("keep it bounded: 1-64 clients, 1-1000 requests and 1-10 games each, seed >= 0")

    signal.signal(signal.SIGTERM, interrupted)  # stop the servers on SIGTERM too, as on Ctrl-C
    load_before = os.getloadavg()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in load_before)} on {os.cpu_count()} cores",
          file=sys.stderr)
    started = time.perf_counter()
    try:
        rows, problems = run(args)
    except KeyboardInterrupt:
        print("interrupted: the servers are stopped", file=sys.stderr)
        return 130
    load_after = os.getloadavg()
    print(f"load average after: {' '.join(f'{x:.2f}' for x in load_after)}; "
          f"whole run {time.perf_counter() - started:.0f}s", file=sys.stderr)

    header = ["instances", "kind", "requests", "req_per_s", "p50_ms", "p95_ms", "errors",
              "app_cpu_ms_per_req", "db_cpu_ms_per_req", "client_cpu_ms_per_req", "cores_busy_ours",
              "cores_busy_others"]
    titles = ["instances", "kind", "requests", "req/s", "p50 ms", "p95 ms", "errors",
              "app CPU ms/req", "db CPU ms/req", "client CPU ms/req", "cores busy: ours", "others"]
    print("| " + " | ".join(titles) + " |")
    print("|" + "---|" * len(titles))
    for row in rows:
        print("| " + " | ".join(str(row[key]) for key in header) + " |")
    for row in rows:
        if row["first_error"]:
            print(f"first error ({row['instances']} instance(s), {row['kind']}): {row['first_error']}", file=sys.stderr)
    for problem in problems:
        print(f"CHECK FAILED: {problem}", file=sys.stderr)
    if args.json:
        args.json.write_text(json.dumps({
            "args": {key: str(value) for key, value in vars(args).items()},
            "cores": os.cpu_count(),
            "load_average_before": load_before,
            "load_average_after": load_after,
            "results": rows,
            "problems": problems,
        }, indent=2))
    return 1 if problems or any(row["errors"] for row in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
