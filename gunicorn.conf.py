"""Production settings for gunicorn: ``.venv/bin/gunicorn -c gunicorn.conf.py 'web:create_app()'``.

Goal: one slow, idle or heavy client never stalls the others.  Put a buffering
reverse proxy in front (docs/deploy.md, docs/nginx.conf): gunicorn alone does not
time out a client that sends its request headers one byte at a time.

Environment overrides: ``BIND`` (full address, e.g. ``0.0.0.0:8000`` or
``unix:/run/minesweeper.sock``), else ``PORT`` (on 127.0.0.1); ``WEB_CONCURRENCY``
(worker processes), ``GUNICORN_THREADS`` (threads per worker), ``GUNICORN_CONTROL_SOCKET``
(a path: turns gunicorn's control socket on, see below).

gunicorn reads ``./gunicorn.conf.py`` by default when started from the repository root,
so any gunicorn command run there gets these settings unless it passes ``-c`` another file.
"""

from __future__ import annotations

import os


def _int_env(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        number = int(value)
    except ValueError:
        raise SystemExit(f"gunicorn.conf.py: {name} must be a whole number, got {value!r}") from None
    if number < 1:
        raise SystemExit(f"gunicorn.conf.py: {name} must be at least 1, got {number}")
    return number


# Loopback only by default: strangers reach the app through the reverse proxy, never
# gunicorn directly (it has no header timeout and no TLS of its own here).
bind = [os.environ.get("BIND") or f"127.0.0.1:{_int_env('PORT', 8000)}"]

# Threaded workers: a request waiting on a client, on the database lock or on the engine
# holds one thread, not a whole process.  With the default sync workers two idle TCP
# connections block `-w 2` for the full 30 s timeout.  A gthread worker also waits for
# a new connection's first bytes off the request threads after 5 s (its poller keeps it).
worker_class = "gthread"

# Processes: the engine is pure Python, so CPU work scales with processes, not threads
# (the GIL).  Two by default (the audit's machine); WEB_CONCURRENCY is the usual knob.
workers = _int_env("WEB_CONCURRENCY", 2)

# Threads per worker: enough that a few silent or slow connections, plus one long
# engine request (bounded to about 2 s), leave threads free for everyone else.  More
# threads do not add CPU throughput (GIL); they add room for waiting.
threads = _int_env("GUNICORN_THREADS", 8)

# Open connections per worker (kept-alive ones included).  Below the usual 1024
# file-descriptor limit, with room for the SQLite files, logs and pipes.
worker_connections = 512

# Pending connections the kernel queues before accept(); bursts wait here instead of
# being refused.
backlog = 1024

# A worker whose main loop has not reported for this long is killed and replaced.
# With gthread the main loop keeps reporting while threads work, so a long request
# no longer gets its worker killed (it did with sync workers); this only catches a
# worker that is truly stuck.  Engine work is bounded to about 2 s per request.
timeout = 30

# On SIGTERM/SIGHUP workers finish the requests in hand for at most this long before
# they are killed: longer than any request should take, short enough for a quick restart.
graceful_timeout = 10

# Seconds a kept-alive connection may sit idle before it is closed.  A gthread worker
# parks idle kept-alive connections in its poller (no thread held), so a few seconds
# save reconnects for a page's burst of requests without hoarding sockets.
keepalive = 5

# Request-size limits: the app's URLs are short (a game id and ?lang=), its headers few.
# The URL limit itself (2,048 bytes of path and query) is the app's (web/security.py
# MAX_URL_BYTES), so that a long URL gets the app's 414, JSON on /api; gunicorn's own
# limit on the request line is its largest, 8190 bytes, and answers an HTML 414 only
# past that.  The header limits are refused with 4xx before the app.
limit_request_line = 8190  # bytes in "METHOD /path?query HTTP/1.1" (gunicorn's maximum)
limit_request_fields = 50  # header lines (browsers send about 15, the proxy adds 4)
limit_request_field_size = 8190  # bytes per header line (the session cookie is well under 1 KB)

# X-Forwarded-Proto (https) is believed only from these addresses: the proxy on the
# same machine.  Set FORWARDED_ALLOW_IPS to the proxy's address when it runs elsewhere.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")

# gunicorn 25+ opens a control socket at one shared default path ($XDG_RUNTIME_DIR or
# ~/.gunicorn/gunicorn.ctl): two instances on one machine (tests, a benchmark, a second
# site) would unlink each other's socket, and `gunicornc` could then stop the wrong
# server.  Off unless a path is given.
_control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "").strip()
if _control_socket:
    control_socket = _control_socket
else:
    control_socket_disable = True

# Logs to standard error (the service manager keeps them); no access log by default,
# the proxy keeps one.
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "info")
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None

# The application is loaded in each worker (no preload), so SIGHUP reloads new code
# without restarting the master.
preload_app = False


def on_starting(server) -> None:
    """Create or upgrade the database once, in the master, before any worker forks.

    Workers then find the schema current and start with reads only: a worker that is
    replaced while another one holds the database's write lock no longer waits on
    the lock at boot (a worker that fails to boot makes gunicorn shut down for good).
    A database that cannot be opened or upgraded stops the start here, with its reason,
    instead of every worker failing in turn.
    """
    try:
        from web import create_app

        # create_app() validates the settings, brings the database to the current
        # schema (web.storage.migrations.migrate) and creates the session key file if it is missing.
        app = create_app()
    except Exception as error:
        server.log.error("cannot prepare the games database before starting the workers: %s", error)
        raise RuntimeError(f"database preparation failed in the gunicorn master: {error}") from error
    server.log.info("games database ready: %s", app.config.get("DATABASE_PATH"))


def post_fork(server, worker) -> None:
    """A worker dies with its master: Linux kills it (SIGKILL) the moment the master dies, so an orphan worker never
    keeps the port (0.1 to 10.9 s before, in an audit), and its video children die with it (their own death signal).
    SIGKILL rather than gunicorn's quick-exit SIGQUIT: a signal the worker handles waits for it to be scheduled and
    reach a Python instruction, over 5 s on a loaded machine; an orphan's requests are lost either way."""
    import ctypes
    import signal

    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: gunicorn's own parent check stays
        pass


def post_worker_init(worker) -> None:
    """Once the worker has loaded the app, its long-lived objects (modules, the reply and body models, the tables)
    leave the garbage collector's generations (``gc.freeze``): each collection then walks only what requests make.
    A paired benchmark measured the collector's walk over the app's objects at about 2% of a request's CPU time
    (docs/benchmarks.md, "The API: a hint and a move, paired")."""
    import gc

    gc.freeze()
