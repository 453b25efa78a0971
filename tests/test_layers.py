"""The layers, in the order data flows, each importing only from the layers below it::

    errors, inputs -> core -> engine, formats -> play -> bot -> review -> learn -> words -> cli -> __main__

``play`` is below ``bot``: the bot plays a game through the player's interface (``bot.interface``) and
``play`` never consults the bot; the review, which needs both the history and the bot's guess, sits
above them.  Modules of one layer do not import each other's packages (``engine`` and ``formats``).
The package's ``__init__`` loads only the core (its other public names are imported on first use),
and nothing in ``explainer`` imports the web app or a web framework.  Every import counts, also one
made late inside a function (``tests/import_graph.py``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from explainer.play.game import Game

from tests.import_graph import LEVEL, ROOT, WEB_LEVEL, cycles, import_graph, module_files, part_of, upward_imports

PACKAGE = ROOT / "explainer"

def test_every_part_of_the_package_has_a_layer() -> None:
    parts = {part_of(name) for name in module_files(PACKAGE)} - {""}
    assert parts == set(LEVEL)


def test_each_layer_imports_only_from_the_layers_below() -> None:
    assert upward_imports(import_graph(PACKAGE, deferred=True)) == []


def test_the_checker_finds_an_upward_import(tmp_path: Path) -> None:
    package = tmp_path / "explainer"
    for part in ("core", "play", "bot", "engine", "formats"):
        (package / part).mkdir(parents=True)
        (package / part / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "play" / "game.py").write_text("from explainer.core import board\n")
    (package / "core" / "board.py").write_text("def late():\n    from explainer.play import game\n")
    (package / "play" / "review.py").write_text("from explainer.bot import guess\n")
    (package / "bot" / "guess.py").write_text("from explainer.play import game\n")
    (package / "engine" / "count.py").write_text("from explainer.formats import text\n")
    (package / "formats" / "text.py").write_text("from explainer.core import board\n")
    assert upward_imports(import_graph(package, deferred=True)) == [
        "explainer.core.board -> explainer.play.game",
        "explainer.engine.count -> explainer.formats.text",
        "explainer.play.review -> explainer.bot.guess",
    ]


def test_the_package_facade_loads_only_the_core() -> None:
    graph = import_graph(PACKAGE)  # what runs when ``explainer`` is imported (its other names come later)
    assert {part_of(target) for target in graph["explainer"]} <= {"core", "errors"}
    code = (
        "import sys, explainer.core.cells, explainer.core.board, explainer.errors;"
        "loaded = sorted(m for m in sys.modules if m.startswith(('explainer', 'babel', 'flask')));"
        "print(' '.join(loaded))"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout.split()
    assert not [name for name in loaded if not name.startswith(("explainer.core", "explainer.errors")) and name != "explainer"]
    import explainer

    assert explainer.solve.__module__ == "explainer.engine.solve"  # the facade's later names still work
    assert explainer.explain.__module__ == "explainer.words.render"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        explainer.nothing  # noqa: B018


def test_the_package_never_imports_the_web() -> None:
    for path in module_files(PACKAGE).values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            )
            for name in names:
                assert name.split(".")[0] not in {"web", "flask", "flask_babel", "werkzeug", "sqlalchemy"}, (path, name)


def test_only_the_words_package_speaks() -> None:
    """Every sentence and label of the engine's front ends is in ``explainer.words`` (the terminal's own in
    ``words/terminal.py``): no other module of ``explainer`` translates (``_``, ``ngettext``) or imports Babel."""
    speaking = []
    for name, path in module_files(PACKAGE).items():
        if part_of(name) == "words":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func.attr if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) else None
            imported = (node.module or "") if isinstance(node, ast.ImportFrom) else None
            if called in {"_", "ngettext"} or (imported or "").split(".")[0] == "babel":
                speaking.append(f"{name}:{node.lineno}")
    assert speaking == []


WEB = ROOT / "web"


def test_blueprints_share_request_helpers_through_one_module() -> None:
    """No route module of the API borrows from the games blueprint: reading a request lives in
    ``web.request_data``, building a game's reply in ``web.replies.game``, wrong flags in ``web.replies.analysis``."""
    graph = import_graph(WEB, deferred=True)
    borrowers = sorted(source for source, targets in graph.items() if "web.api.games" in targets)
    assert borrowers == ["web.api", "web.api.openapi"]  # (the package registers it; the description reads its routes)
    assert "web.request_data" in graph["web.api.bot"] and "web.request_data" in graph["web.api.learn"]


def test_no_engine_work_runs_inside_a_write_transaction(
    monkeypatch: pytest.MonkeyPatch, client: FlaskClient, stored_game: Callable[[FlaskClient, str], Game]
) -> None:
    """A write transaction holds the database's write lock (SQLite: the whole file): the engine's work —
    a solve, an exact count — runs before it begins or after it ends, on every path that finishes a game,
    reviews it and reads what the review wrote."""
    from sqlalchemy.engine import Connection

    from explainer.engine import count, solve

    depth = {"open": 0, "engine": 0}
    original = Connection.exec_driver_sql

    def tracked(self: Connection, statement: str, *args: object, **kwargs: object) -> object:
        word = statement.split()[0].upper() if statement.strip() else ""
        if word == "BEGIN":
            depth["open"] += 1
        elif word in ("COMMIT", "ROLLBACK"):
            depth["open"] -= 1
        return original(self, statement, *args, **kwargs)  # type: ignore[arg-type]

    def outside(function: Callable[..., object]) -> Callable[..., object]:
        def run(*args: object, **kwargs: object) -> object:
            assert depth["open"] == 0, f"{function.__name__} ran inside a write transaction"
            depth["engine"] += 1
            return function(*args, **kwargs)

        return run

    monkeypatch.setattr(Connection, "exec_driver_sql", tracked)
    monkeypatch.setattr(count, "_count_component", outside(count._count_component))
    monkeypatch.setattr(solve, "_solve_exact", outside(solve._solve_exact))
    monkeypatch.setattr(solve, "_solve_cheap", outside(solve._solve_cheap))
    from tests.support.web_client import lose_by_an_avoidable_guess

    game_id, _game = lose_by_an_avoidable_guess(client, stored_game)
    assert client.post(f"/api/games/{game_id}/accept", json={}).status_code in (200, 409)  # (pending or not)
    for path in (f"/api/games/{game_id}/review", "/api/stats", "/api/learn/practice", "/stats", "/learn/yours"):
        assert client.get(path).status_code == 200, path
    assert depth["engine"] > 0 and depth["open"] == 0


def test_the_webs_errors_are_one_module_at_the_bottom() -> None:
    """Every error a request is refused with is defined in ``web.errors``, which imports no other module of the web
    (at import time or later); how each becomes a reply lives above, in ``web.error_replies``."""
    import importlib

    from web.errors import ApiError

    graph = import_graph(WEB, deferred=True)
    assert not {target for target in graph["web.errors"] if target.startswith("web")}
    for module in module_files(WEB):  # every module that could define one, loaded
        if not module.endswith("__main__") and ".schema" not in module:  # (not the migrations: Alembic runs them)
            importlib.import_module(module)

    def kinds(cls: type) -> list[type]:
        return [cls, *(kind for sub in cls.__subclasses__() for kind in kinds(sub))]

    found = kinds(ApiError)
    assert len(found) >= 30 and {kind.__module__ for kind in found} == {"web.errors"}, found


def test_the_web_has_a_floor() -> None:
    """Every part of ``web`` has a layer and imports only from the layers below it (a page never imports the API;
    the errors import nothing of the web), at import time or later; the web has no module cycle."""
    assert {part_of(name) for name in module_files(WEB)} - {""} == set(WEB_LEVEL)
    graph = import_graph(WEB, deferred=True)
    assert upward_imports(graph, WEB_LEVEL) == []
    assert not any(target.startswith("web.api") for name, targets in graph.items() if name.startswith("web.pages") for target in targets)
    assert cycles(graph) == []  # late imports included: a store never calls back up into the reviews


def test_no_module_cycle_anywhere_not_even_for_the_type_checker() -> None:
    """Neither package has a module cycle, counting late imports and those made for the type checker alone
    (``if TYPE_CHECKING:``): the proof-step writers name the renderer's protocol (``words.speaker``), the stores a
    record type below them (``storage.records``)."""
    for package in (PACKAGE, WEB):
        assert cycles(import_graph(package, deferred=True, typing=True)) == [], package
