"""The production server (gunicorn with ``gunicorn.conf.py``) under hostile conditions.

Live tests: each starts ``gunicorn -c gunicorn.conf.py 'web:create_app()'`` as a
subprocess on a free 127.0.0.1 port with a temporary database and a fixed
``SECRET_KEY`` (so sessions survive a restart), and talks to it over real sockets:

- idle and half-sent connections do not delay other clients;
- a client's requests stay fast while another client runs the heaviest requests
  there are (bot moves and hints on a dense 30x50 forgiving board);
- ``kill -9`` of a worker or of the whole server in the middle of a stream of moves
  loses no acknowledged move, and a move without a reply is either wholly stored or not;
- after all that the master still runs and answers.

Marked ``slow`` (about half a minute together); they run with the rest of the suite.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest

from tests.postgres_server import drop_database, fresh_database

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"
CONFIG = ROOT / "gunicorn.conf.py"
HOST = "127.0.0.1"
START_TIMEOUT = 30.0
FAST = 1.0  # seconds: the most a light request may take while others misbehave

def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (Linux /proc; gunicorn's workers of a master)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return sorted(found)


class ServerDown(RuntimeError):
    pass


@dataclass
class Server:
    """One gunicorn master (in its own process group) and how to reach it."""

    database: Path | str  # a SQLite file, or a PostgreSQL URL (several servers may share it)
    log: Path
    port: int = field(default_factory=free_port)
    secret_key: str = "test-serving-secret-key-0123456789abcdef"
    config: Path = CONFIG
    extra_args: tuple[str, ...] = ()
    process: subprocess.Popen | None = None

    def start(self) -> Server:
        env = {
            **os.environ,
            "BIND": f"{HOST}:{self.port}",
            "DATABASE_URL": str(self.database),
            "SECRET_KEY": self.secret_key,
            "GUNICORN_LOG_LEVEL": "warning",
            "FLASK_ALLOW_SEEDS": "true",  # the heavy game is built from a known layout
        }
        for key in ("WEB_CONCURRENCY", "GUNICORN_THREADS", "PORT", "GUNICORN_CONTROL_SOCKET"):
            env.pop(key, None)
        command = [str(GUNICORN), "-c", str(self.config), *self.extra_args, "web:create_app()"]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.wait_ready()
        return self

    def wait_ready(self, workers: int = 2) -> None:
        """Until the master has its workers and ``GET /`` answers."""
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if not self.alive():
                raise ServerDown(f"gunicorn exited with {self.process.returncode}:\n{self.log_text()}")
            if len(self.workers()) >= workers:
                try:
                    status, _, _ = raw_request(self.port, "GET", "/", timeout=5)
                    if status == 200:
                        return
                except OSError:
                    pass
            if time.monotonic() > deadline:
                raise ServerDown(f"gunicorn did not answer within {START_TIMEOUT} s:\n{self.log_text()}")
            time.sleep(0.05)

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def workers(self) -> list[int]:
        return children(self.process.pid) if self.alive() else []

    def kill_worker(self, rng: random.Random) -> int:
        pid = rng.choice(self.workers())
        os.kill(pid, signal.SIGKILL)
        return pid

    def kill_all(self) -> None:
        """``kill -9`` the master and its workers at once (a crash, an OOM kill of the group)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        except ProcessLookupError:
            self.process.wait()

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")[-4000:]
        except OSError:
            return ""


def raw_request(
    port: int, method: str, path: str, body: Any = None, cookie: str = "", timeout: float = 30, csrf: str = ""
) -> tuple[int, dict[str, list[str]], bytes]:
    """One request on its own connection; JSON bodies as the API wants them (with the session's CSRF token)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    headers = {"Accept": "application/json"}
    if cookie:
        headers["Cookie"] = cookie
    if csrf and method != "GET":
        headers["X-CSRF-Token"] = csrf
    payload = None
    if method == "POST":
        payload = json.dumps({} if body is None else body)
        headers["Content-Type"] = "application/json"
    try:
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        data = response.read()
        found: dict[str, list[str]] = {}
        for name, value in response.getheaders():
            found.setdefault(name.lower(), []).append(value)
        return response.status, found, data
    finally:
        connection.close()


class RequestFailed(RuntimeError):
    pass


class Client:
    """A player: its own session cookie and CSRF token (as the pages keep them), every request timed."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.timings: list[tuple[str, float]] = []

    def request(self, method: str, path: str, body: Any = None, timeout: float = 30) -> Any:
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        started = time.perf_counter()
        status, headers, data = raw_request(self.server.port, method, path, body, cookie, timeout, self.csrf)
        self.timings.append((f"{method} {path.split('/')[-1] or path}", time.perf_counter() - started))
        for header in headers.get("set-cookie", []):
            for name, morsel in SimpleCookie(header).items():
                self.cookies[name] = morsel.value
        self.csrf = headers.get("x-csrf-token", [self.csrf])[-1]
        if status >= 400:
            raise RequestFailed(f"{method} {path} -> {status}: {data[:300]!r}")
        return json.loads(data) if data.startswith(b"{") else data

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Any:
        return self.request("POST", path, {} if body is None else body, **kwargs)


def seconds(values: list[float]) -> str:
    ordered = sorted(values)
    return f"n={len(ordered)} p50={statistics.median(ordered) * 1000:.0f} ms max={ordered[-1] * 1000:.0f} ms"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed (pip install '.[serve]')")
    folder = tmp_path_factory.mktemp("serving")
    started = Server(folder / "games.sqlite3", folder / "gunicorn.log")
    try:
        yield started.start()
    finally:
        started.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, for tests that kill it."""
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed (pip install '.[serve]')")
    started = Server(tmp_path / "games.sqlite3", tmp_path / "gunicorn.log")
    try:
        yield started
    finally:
        started.stop()


# -- idle and half-sent connections -----------------------------------------------------------


def test_idle_connections_do_not_stall_other_clients(server: Server) -> None:
    """Connections opened and left silent (and two that stop in the middle of their
    headers, as a slowloris client does) while a player loads the page and starts a game."""
    idle = [socket.create_connection((HOST, server.port)) for _ in range(4)]
    for sock in idle[:2]:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
    try:
        time.sleep(0.3)  # both workers have accepted them by now
        player = Client(server)
        page_started = time.perf_counter()
        page = player.get("/")
        page_seconds = time.perf_counter() - page_started
        assert b"<html" in page.lower()
        create_started = time.perf_counter()
        game = player.post("/api/games", {"preset": "beginner"})["game"]
        create_seconds = time.perf_counter() - create_started
        move_started = time.perf_counter()
        player.post(f"/api/games/{game['id']}/open", {"row": 4, "col": 4})
        move_seconds = time.perf_counter() - move_started
        print(f"\nwith 4 idle connections: GET / {page_seconds * 1000:.0f} ms, "
              f"POST /api/games {create_seconds * 1000:.0f} ms, open {move_seconds * 1000:.0f} ms")
        assert page_seconds < FAST, f"GET / took {page_seconds:.2f} s with idle connections open"
        assert create_seconds < FAST, f"POST /api/games took {create_seconds:.2f} s with idle connections open"
        assert move_seconds < FAST, f"a move took {move_seconds:.2f} s with idle connections open"
    finally:
        for sock in idle:
            sock.close()


# -- a heavy client next to a light one -------------------------------------------------------

HEAVY_SEED = 11
HEAVY_SIZE = {"height": 30, "width": 50, "mines": 600, "mode": "forgiving"}


def heavy_game(client: Client) -> str:
    """A dense 30x50 forgiving game with every cell of even row and even column open
    (the ones that are not mines): hundreds of open numbers with covered cells around
    them, the most work the engine gets from one board.  The layout comes from a seed
    the server accepts in tests (``FLASK_ALLOW_SEEDS``), so the mines among those cells
    are known here and left covered: the game never ends and no move needs a save."""
    from explainer.play import modes, moves

    twin = modes.new_game(HEAVY_SIZE["mode"], HEAVY_SIZE["height"], HEAVY_SIZE["width"], HEAVY_SIZE["mines"], HEAVY_SEED)
    moves.open_cell(twin, 0, 0)
    game = client.post("/api/games", {**HEAVY_SIZE, "seed": HEAVY_SEED})["game"]
    game = client.post(f"/api/games/{game['id']}/open", {"row": 0, "col": 0})["game"]
    assert game["board"] == str(twin.view()).splitlines()[1:], "the seeded layout differs from the server's"
    width = HEAVY_SIZE["width"]
    for row in range(0, HEAVY_SIZE["height"], 2):
        for col in range(0, width, 2):
            index = row * width + col
            if twin.layout >> index & 1 or game["board"][row][col] != "?":
                continue
            game = client.post(f"/api/games/{game['id']}/open", {"row": row, "col": col})["game"]
    assert game["state"] == "playing"
    return game["id"]


def run_heavy(server: Server, game_id: str, client: Client, stop: threading.Event, log: list[tuple[str, float, int]]) -> None:
    """Bot moves and hints on the heavy game until ``stop``; each with its time and status."""
    while not stop.is_set():
        for method, path in (("POST", f"/api/games/{game_id}/bot"), ("GET", f"/api/games/{game_id}/hint")):
            cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
            started = time.perf_counter()
            try:
                status, _, _ = raw_request(server.port, method, path, None, cookie, timeout=120, csrf=client.csrf)
            except (OSError, http.client.HTTPException):  # (a worker killed mid-reply leaves a short read)
                status = 0
            log.append((f"{method} {path.rsplit('/', 1)[-1]}", time.perf_counter() - started, status))
            if stop.is_set():
                return


def light_moves(client: Client, seconds_left: float) -> list[float]:
    """A player on its own beginner game: new game, opens and flags, hints, for ``seconds_left``."""
    latencies: list[float] = []
    rng = random.Random(5)
    deadline = time.monotonic() + seconds_left
    while time.monotonic() < deadline:
        started = time.perf_counter()
        game = client.post("/api/games", {"preset": "beginner"})["game"]
        latencies.append(time.perf_counter() - started)
        game_id = game["id"]
        for step in range(12):
            if game["state"] not in ("ready", "playing") or time.monotonic() >= deadline:
                break
            covered = [(r, c) for r, line in enumerate(game["board"]) for c, ch in enumerate(line) if ch in "?F"]
            row, col = rng.choice(covered)
            started = time.perf_counter()
            if step % 3 == 1:
                game = client.post(f"/api/games/{game_id}/flag", {"row": row, "col": col})["game"]
            elif step % 3 == 2 and game["state"] == "playing":
                client.get(f"/api/games/{game_id}/hint")
            else:
                game = client.post(f"/api/games/{game_id}/open", {"row": row, "col": col})["game"]
            latencies.append(time.perf_counter() - started)
    return latencies


#: the audit's target for every request is 2 s; allowed here with room for a busy shared machine
HEAVY_LIMIT = 4.0


def test_light_client_stays_fast_next_to_the_heaviest_requests(server: Server) -> None:
    heavy = Client(server)
    setup_started = time.perf_counter()
    game_id = heavy_game(heavy)
    setup_seconds = time.perf_counter() - setup_started
    stop = threading.Event()
    heavy_log: list[tuple[str, float, int]] = []
    worker = threading.Thread(target=run_heavy, args=(server, game_id, heavy, stop, heavy_log), daemon=True)
    worker.start()
    try:
        time.sleep(0.5)  # the first heavy request is under way
        light = Client(server)
        latencies = light_moves(light, 8.0)
    finally:
        stop.set()
        worker.join(timeout=30)
    heavy_times = [seconds for _, seconds, _ in heavy_log]
    statuses = sorted({status for _, _, status in heavy_log})
    print(f"\nheavy game set up in {setup_seconds:.1f} s; heavy requests: "
          f"{seconds(heavy_times) if heavy_times else 'none finished'}, statuses {statuses}; "
          f"light client: {seconds(latencies)}")
    slowest = sorted(zip((seconds for _, seconds in light.timings), (name for name, _ in light.timings)), reverse=True)[:3]
    assert heavy_log, "no heavy request finished while the light client played"
    assert max(latencies) < FAST, f"the light client waited {max(latencies):.2f} s (slowest: {slowest})"
    assert {status for _, _, status in heavy_log} <= {200, 503}, heavy_log
    assert max(heavy_times) < HEAVY_LIMIT, f"a heavy request took {max(heavy_times):.2f} s"
    peaks = {pid: peak_memory_mib(pid) for pid in server.workers()}
    print(f"workers' peak memory (MiB): {peaks}")
    assert max(peaks.values()) < 512, f"a worker grew past 512 MiB: {peaks}"


def peak_memory_mib(pid: int) -> float:
    """A process's peak resident memory (VmHWM, Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmHWM for process {pid}")


# -- kill -9 in the middle of a stream of moves --------------------------------------------------


def toggled(board: list[str], row: int, col: int) -> list[str]:
    line = board[row]
    flipped = {"?": "F", "F": "?"}[line[col]]
    return [*board[:row], line[:col] + flipped + line[col + 1 :], *board[row + 1 :]]


class Mover:
    """Flags and unflags covered cells of one game, one request at a time, and checks what
    the server kept: after a request that got no answer (the worker died under it) the
    stored board must be the last acknowledged one, or that one with the lost move
    applied whole; never anything else."""

    def __init__(self, client: Client, game: dict[str, Any]) -> None:
        self.client = client
        self.game_id = game["id"]
        self.board: list[str] = game["board"]  # the last acknowledged board
        self.acknowledged = 0
        self.unanswered = 0
        self.unanswered_kept = 0
        self.problems: list[str] = []
        self.rng = random.Random(17)

    def move(self) -> None:
        covered = [(r, c) for r, line in enumerate(self.board) for c, ch in enumerate(line) if ch in "?F"]
        row, col = self.rng.choice(covered)
        try:
            reply = self.client.post(f"/api/games/{self.game_id}/flag", {"row": row, "col": col}, timeout=10)
        except (OSError, http.client.HTTPException) as error:  # no answer: the worker died, or the server is down
            self.resync(row, col, error)
            return
        expected = toggled(self.board, row, col)
        if reply["game"]["board"] != expected:
            self.problems.append(f"flag {row},{col}: the reply's board is not the last one with that flag toggled")
        self.board = reply["game"]["board"]
        self.acknowledged += 1

    def resync(self, row: int, col: int, error: Exception) -> None:
        """The move got no answer: read the game back (once the server answers again)."""
        self.unanswered += 1
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                stored = self.client.get(f"/api/games/{self.game_id}", timeout=10)["game"]["board"]
                break
            except (OSError, http.client.HTTPException, RequestFailed):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        if stored == toggled(self.board, row, col):
            self.unanswered_kept += 1
        elif stored != self.board:
            self.problems.append(f"after an unanswered flag {row},{col} ({error!r}) the stored board is neither "
                                 "the last acknowledged one nor that one with the move")
        self.board = stored


@pytest.fixture
def shared_postgres(postgres_url: str) -> Iterator[str]:
    """A fresh PostgreSQL database for servers to share."""
    url = fresh_database(postgres_url)
    yield url
    drop_database(postgres_url, url)


@pytest.fixture
def postgres_server(tmp_path: Path, shared_postgres: str) -> Iterator[Server]:
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed (pip install '.[serve]')")
    started = Server(shared_postgres, tmp_path / "gunicorn.log")
    try:
        yield started
    finally:
        started.stop()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_kill_9_loses_no_acknowledged_move(backend: str, request: pytest.FixtureRequest) -> None:
    server = request.getfixturevalue("own_server" if backend == "sqlite" else "postgres_server").start()
    player = Client(server)
    game = player.post("/api/games", {"preset": "intermediate"})["game"]
    game = player.post(f"/api/games/{game['id']}/open", {"row": 8, "col": 8})["game"]
    assert game["state"] == "playing"
    mover = Mover(player, game)
    rng = random.Random(3)
    stop = threading.Event()
    failure: list[BaseException] = []

    def play() -> None:
        try:
            while not stop.is_set():
                mover.move()
        except BaseException as error:  # reported by the test below
            failure.append(error)

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    worker_kills = group_kills = 0
    try:
        for cycle in range(10):
            time.sleep(rng.uniform(0.1, 0.5))
            if cycle % 4 == 3:  # the whole server: master and workers at once, then a new start
                server.kill_all()
                group_kills += 1
                server.start()
            else:
                server.kill_worker(rng)
                worker_kills += 1
                server.wait_ready()
            assert not failure, f"the player stopped: {failure[0]!r}"
        time.sleep(0.3)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert not failure, f"the player stopped: {failure[0]!r}"
    server.kill_all()
    server.start()  # the same SECRET_KEY: the player's cookie still owns the game
    stored = player.get(f"/api/games/{mover.game_id}")["game"]
    print(f"\nkill -9: {worker_kills} workers, {group_kills} whole servers; {mover.acknowledged} acknowledged moves, "
          f"{mover.unanswered} unanswered ({mover.unanswered_kept} of them stored)")
    assert not mover.problems, mover.problems
    assert mover.acknowledged >= 50
    assert mover.unanswered >= 1, "no kill landed during a move: the test proved nothing about one"
    assert stored["board"] == mover.board, "the stored game lacks acknowledged moves"


# -- two servers, one PostgreSQL ---------------------------------------------------------------------


def test_two_servers_on_one_postgres_share_games_accounts_sessions_and_leaderboards(
    tmp_path: Path, shared_postgres: str
) -> None:
    """Behind a proxy, one player's requests land on either server: everything is in the database,
    and the session cookie and CSRF token are signed with the shared SECRET_KEY."""
    if not GUNICORN.exists():
        pytest.skip("gunicorn is not installed (pip install '.[serve]')")
    first = Server(shared_postgres, tmp_path / "first.log")
    second = Server(shared_postgres, tmp_path / "second.log")
    try:
        first.start()
        second.start()
        player = Client(first)
        player.post("/api/account/register", {"username": "ada", "password": "correct horse battery"})
        game = player.post("/api/games", {"preset": "beginner", "seed": 11})["game"]
        opened = player.post(f"/api/games/{game['id']}/open", {"row": 4, "col": 4})["game"]
        row, col = next((r, c) for r, line in enumerate(opened["board"]) for c, ch in enumerate(line) if ch == "?")
        player.server = second  # the same cookie and token, on the other server
        assert player.get("/api/account")["user"]["username"] == "ada"
        moved = player.post(f"/api/games/{game['id']}/flag", {"row": row, "col": col})["game"]
        assert moved["board"] != opened["board"]
        player.server = first
        assert player.get(f"/api/games/{game['id']}")["game"]["board"] == moved["board"]
        daily_first = player.post("/api/daily/beginner")["game"]["id"]
        player.server = second
        assert player.post("/api/daily/beginner")["game"]["id"] == daily_first  # one attempt, whichever server
        player.post("/api/account/sign-out")
        other = Client(first)
        assert other.post("/api/account/sign-in", {"username": "ada", "password": "correct horse battery"})
        assert other.get(f"/api/games/{game['id']}")["game"]["board"] == moved["board"]
        boards = Client(second).get("/api/leaderboards?kind=beginner")
        assert boards["kind"] == "beginner"
    finally:
        first.stop()
        second.stop()


# -- the master survives --------------------------------------------------------------------------


def test_master_survives_heavy_requests_and_a_killed_worker(server: Server) -> None:
    """A worker killed while the other one runs the heaviest requests is replaced, and the
    server answers (a replacement that failed to boot would stop gunicorn for good)."""
    heavy = Client(server)
    game_id = heavy_game(heavy)
    stop = threading.Event()
    heavy_log: list[tuple[str, float, int]] = []
    thread = threading.Thread(target=run_heavy, args=(server, game_id, heavy, stop, heavy_log), daemon=True)
    thread.start()
    rng = random.Random(9)
    try:
        for _ in range(3):
            time.sleep(0.7)
            before = server.workers()
            killed = server.kill_worker(rng)
            deadline = time.monotonic() + START_TIMEOUT
            while not (len(server.workers()) == len(before) and killed not in server.workers()):
                assert server.alive(), f"gunicorn stopped after a worker was killed:\n{server.log_text()}"
                assert time.monotonic() < deadline, "the killed worker was not replaced"
                time.sleep(0.05)
    finally:
        stop.set()
        thread.join(timeout=30)
    assert server.alive(), f"gunicorn stopped:\n{server.log_text()}"
    player = Client(server)
    started = time.perf_counter()
    assert b"<html" in player.get("/").lower()
    player.post("/api/games", {"preset": "beginner"})
    assert time.perf_counter() - started < 2 * FAST
    assert heavy_log, "no heavy request finished"


# -- one daily attempt, under a burst ---------------------------------------------------------------


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_burst_of_daily_requests_makes_one_attempt(backend: str, request: pytest.FixtureRequest) -> None:
    """The audit's burst: 12 simultaneous ``POST /api/daily/<preset>`` from one account, one burst per
    preset, against gunicorn with the production configuration: one game each."""
    server: Server = request.getfixturevalue("own_server" if backend == "sqlite" else "postgres_server")
    server.start()
    owner = Client(server)
    owner.post("/api/account/register", {"username": "ada", "password": "correct horse battery"})
    players = []
    for _ in range(12):
        player = Client(server)
        player.post("/api/account/sign-in", {"username": "ada", "password": "correct horse battery"})
        players.append(player)
    for preset in ("expert", "intermediate", "beginner"):
        start = threading.Barrier(len(players))
        answers: list[Any] = []

        def ask(player: Client) -> None:
            start.wait()
            answers.append(player.post(f"/api/daily/{preset}", timeout=60))

        threads = [threading.Thread(target=ask, args=(player,)) for player in players]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(answers) == 12, server.log_text()
        assert len({answer["game"]["id"] for answer in answers}) == 1
        assert sum(answer["new"] for answer in answers) == 1


def test_workers_die_with_their_master(own_server: Server) -> None:
    """An audit found orphan workers holding the port 0.1 to 10.9 s after the master died: now each worker gets
    SIGQUIT the moment its master dies (``post_fork`` in gunicorn.conf.py) and the port is free at once."""
    own_server.start()
    workers = own_server.workers()
    assert len(workers) == 2
    assert listening_on(own_server.port)  # (the table is read right: the live server is in it)
    assert own_server.process is not None
    os.kill(own_server.process.pid, signal.SIGKILL)  # the master alone
    own_server.process.wait()

    def gone(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        return state == "Z"

    deadline = time.monotonic() + 5.0  # (the worker's own parent check took up to 10.9 s)
    while not all(gone(pid) for pid in workers):
        assert time.monotonic() < deadline, [pid for pid in workers if not gone(pid)]
        time.sleep(0.05)
    # Nothing listens on the port any more, as the kernel's own table shows.  (A test bind() once failed
    # here although no listener was left: after the listener is gone, any outgoing connection on the
    # machine may take the port as its ephemeral one, so a bind proves less than this table.)
    assert listening_on(own_server.port) == [], listening_on(own_server.port)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((HOST, own_server.port), timeout=5).close()


def listening_on(port: int) -> list[str]:
    """The kernel's listening TCP sockets on ``port`` (/proc/net/tcp and tcp6; state 0A is LISTEN)."""
    found = []
    for table in (Path("/proc/net/tcp"), Path("/proc/net/tcp6")):
        if not table.exists():
            continue
        for line in table.read_text().splitlines()[1:]:
            fields = line.split()
            local, state = fields[1], fields[3]
            if int(local.rsplit(":", 1)[1], 16) == port and state == "0A":
                found.append(line.strip())
    return found
