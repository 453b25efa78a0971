"""``python -m web [--port N]``: the app on http://127.0.0.1:PORT/ (PORT default 5000) with the SQLite default."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from web.config import ConfigError

HOST = "127.0.0.1"
DEFAULT_PORT = 5000


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be a whole number, got {value!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0 to 65535, got {port}")
    return port


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web", description="Run the explainable Minesweeper web app.")
    parser.add_argument(
        "--port", type=_port, default=None, help=f"port on {HOST} (default: $PORT or {DEFAULT_PORT})"
    )
    args = parser.parse_args(argv)
    port = args.port
    if port is None:
        try:
            port = _port(os.environ.get("PORT", str(DEFAULT_PORT)))
        except argparse.ArgumentTypeError as error:
            parser.error(f"PORT: {error}")

    from sqlalchemy.exc import SQLAlchemyError
    from werkzeug.serving import make_server

    from web import create_app
    from web.storage.migrations import shown_url

    try:
        app = create_app()
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: cannot open the games database: {error}", file=sys.stderr)
        return 2
    except SQLAlchemyError as error:
        named = os.environ.get("DATABASE_URL", "")
        where = f" {shown_url(named)!r}" if "://" in named else ""
        print(f"error: cannot open the games database{where}: {getattr(error, 'orig', None) or error}", file=sys.stderr)
        return 2
    try:
        server = make_server(HOST, port, app, threaded=True)
    except OSError as error:
        print(f"error: cannot listen on {HOST}:{port}: {error.strerror}", file=sys.stderr)
        return 2
    print(f"Explainable Minesweeper on http://{HOST}:{server.server_port}/ (games in {shown_url(app.config['DATABASE_ENGINE_URL'])})")
    print("Press Ctrl+C to stop.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
