"""One exception base for the engine, every error importable from ``explainer.errors``,
and no import cycles (the command line's modules in particular)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import explainer
from explainer import errors
from explainer.errors import BudgetExceeded, EngineError
from tests.import_graph import cycles, import_graph, module_files

PACKAGE = Path(explainer.__file__).parent

#: exception classes in ``explainer`` that are deliberately not ``EngineError``s, and why
NOT_ENGINE_ERRORS: dict[str, type[BaseException]] = {}

#: errors that are "not found": they are also ``LookupError``s
NOT_FOUND = {"UnknownPatternError"}

#: errors that were ``ValueError``s before they had a common base (they must stay ``ValueError``s)
WERE_VALUE_ERRORS = {
    "BoardParseError", "BudgetExceeded", "GameError", "GenerationError", "SamplingError", "Inconsistent",
    "BotError", "UnknownPatternError", "PracticeError", "AnswerError",
}  # fmt: skip


def _modules() -> list[str]:
    names = [module.name for module in pkgutil.walk_packages(explainer.__path__, "explainer.")]
    return ["explainer", *(name for name in names if name != "explainer.__main__")]  # __main__ runs the CLI


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined at the top of a module of ``explainer``, by qualified name."""
    found = {}
    for name in _modules():
        module = importlib.import_module(name)
        for value in vars(module).values():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == name:
                found[f"{name}.{value.__qualname__}"] = value
    return found


def test_every_module_is_walked() -> None:
    assert set(_modules()) | {"explainer.__main__"} == set(module_files(PACKAGE))


def test_every_exception_class_is_an_engine_error() -> None:
    classes = _exception_classes()
    assert len(classes) >= 12
    for name, cls in classes.items():
        if name in NOT_ENGINE_ERRORS:
            assert issubclass(cls, NOT_ENGINE_ERRORS[name]) and not issubclass(cls, EngineError), name
        else:
            assert issubclass(cls, EngineError), f"{name} is not an EngineError"
            assert issubclass(cls, ValueError), name
    assert set(NOT_ENGINE_ERRORS) <= set(classes)
    by_name = {cls.__name__: cls for cls in classes.values()}
    assert len(by_name) == len(classes), "two exception classes share a name"
    assert WERE_VALUE_ERRORS <= set(by_name)
    for name, cls in by_name.items():
        assert issubclass(cls, LookupError) == (name in NOT_FOUND), name


def test_no_exception_class_is_hidden_in_a_function() -> None:
    """Classes defined inside functions or classes are not found by walking the modules: there are none."""
    for path in module_files(PACKAGE).values():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = {id(node) for node in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and id(node) not in top:
                bases = [ast.unparse(base) for base in node.bases]
                assert not any(base.endswith(("Error", "Exception", "Exceeded")) for base in bases), (path, node.name)


def test_explainer_errors_defines_and_exports_every_exception_class() -> None:
    classes = _exception_classes()
    assert {cls.__module__ for cls in classes.values()} == {"explainer.errors"}
    assert set(errors.__all__) == {cls.__name__ for cls in classes.values()}
    namespace: dict[str, object] = {}
    exec("from explainer.errors import *", namespace)
    assert {name for name in namespace if not name.startswith("__")} == set(errors.__all__)
    with pytest.raises(AttributeError, match="no attribute 'NoSuchError'"):
        errors.NoSuchError  # noqa: B018


def test_errors_imports_nothing_of_the_package() -> None:
    """No registry of homes, no imports for the type checker: the bottom of every layer."""
    graph = import_graph(PACKAGE, deferred=True)
    assert graph["explainer.errors"] == set()
    source = (PACKAGE / "errors.py").read_text(encoding="utf-8")
    assert "importlib" not in source and "TYPE_CHECKING" not in source


def test_each_error_is_re_exported_where_it_is_raised() -> None:
    """``from explainer.play.game import GameError`` keeps working: the module that raises an error
    imports it from ``explainer.errors`` and lists it in its ``__all__``."""
    homes = {
        "explainer.core.board": "BoardParseError", "explainer.play.game": "GameError",
        "explainer.play.generate": "GenerationError", "explainer.play.history": "HistoryFull",
        "explainer.play.sampling": "SamplingError", "explainer.bot.certainty": "Inconsistent",
        "explainer.bot.moves": "BotError", "explainer.learn.lessons": "UnknownPatternError",
        "explainer.learn.practice": "PracticeError", "explainer.cli.args": "CliError",
        "explainer.play.replay_file": "ReplayError", "explainer.formats.videos": "VideoError",
        "explainer.formats.position": "FormatError",
    }  # fmt: skip
    for module_name, name in homes.items():
        module = importlib.import_module(module_name)
        assert getattr(module, name) is getattr(errors, name), module_name
        assert name in module.__all__, module_name


def test_refusals_keep_their_messages_and_kinds() -> None:
    from explainer.bot.moves import BotError, next_move
    from explainer.core.board import Board, BoardParseError
    from explainer.learn.lessons import UnknownPatternError, get_pattern
    from explainer.play.game import Game, GameError

    with pytest.raises(UnknownPatternError) as caught:
        get_pattern("one-three")
    assert isinstance(caught.value, LookupError) and isinstance(caught.value, EngineError)
    assert str(caught.value).startswith("unknown pattern 'one-three'; choose one of: ")
    with pytest.raises(EngineError, match="line 1: "):
        Board.parse("?x\n")
    assert issubclass(BoardParseError, EngineError)
    with pytest.raises(EngineError, match="the bot needs the mine count"):
        next_move(Board.parse("??\n"))
    assert issubclass(BotError, EngineError)
    with pytest.raises(GameError, match="outside the 3 x 3 board"):
        Game.new(3, 3, 1, seed=1).open(5, 5)
    budget = BudgetExceeded("work", 10, 11)
    assert isinstance(budget, EngineError) and not isinstance(budget, LookupError)


def test_cli_modules_do_not_import_main() -> None:
    graph = import_graph(PACKAGE, deferred=True)
    commands = {name for name in graph if name.startswith("explainer.cli.")}
    assert {"explainer.cli.main", "explainer.cli.args", "explainer.cli.bot"} <= commands
    for name in commands - {"explainer.cli.main"}:
        assert "explainer.cli.main" not in graph[name], name
    assert {"explainer.cli.bot", "explainer.cli.generate", "explainer.cli.practice"} <= graph["explainer.cli.main"]


@pytest.mark.parametrize("deferred", [False, True], ids=["import-time", "with-deferred"])
def test_no_import_cycles(deferred: bool) -> None:
    graph = import_graph(PACKAGE, deferred)
    cli = {name: targets for name, targets in graph.items() if name.startswith("explainer.cli")}
    assert cycles(cli) == []
    assert cycles(graph) == []


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"a"}, "b": set()}) == [["a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_counts_late_imports_only_when_deferred(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg.c import C\n"
        "def late():\n    from pkg import a\n"
    )
    (package / "c.py").write_text("from . import b\n")
    assert import_graph(package) == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": set(), "pkg.c": {"pkg.b"}}
    assert import_graph(package, deferred=True)["pkg.b"] == {"pkg.a"}
    assert cycles(import_graph(package)) == []
    assert cycles(import_graph(package, deferred=True)) == [["pkg.a", "pkg.b"]]
