"""The import graph of a package's modules, read with ``ast``, and its cycles.

    python -m tests.import_graph [PACKAGE_DIR]    # default: explainer/

An edge ``a -> b`` is an import that runs when ``a`` is imported: a statement
at module level (also inside a module-level ``if``/``try``/``with``), not one
inside a function or class, nor under ``if TYPE_CHECKING:``.  The *deferred*
graph adds the imports inside functions and classes (a cycle there is one
hidden by a late import; it bites when the function runs during an import).  ``from p import
m`` points at the module ``p.m`` when ``m`` is one, else at ``p``.  Importing
``p.m`` also runs ``p/__init__.py``, but Python has it in ``sys.modules``
first, so that is not counted as an edge.  Prints each cycle of
both graphs (a strongly connected component of more than one module, or a
module importing itself), and for ``explainer`` each import against its layers
(``LAYERS``), and exits 1 if there is any.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

__all__ = ["LAYERS", "LEVEL", "WEB_LAYERS", "WEB_LEVEL", "module_files", "import_graph", "cycles", "part_of", "upward_imports"]

ROOT = Path(__file__).resolve().parent.parent


def module_files(package_dir: Path) -> dict[str, Path]:
    """``{"explainer.core.board": Path(...), "explainer.core": .../__init__.py, ...}``."""
    package_dir = package_dir.resolve()
    base = package_dir.parent
    modules = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(base).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(body: Iterable[ast.stmt], deferred: bool, typing: bool = False) -> Iterator[ast.stmt]:
    """The statements that run when the module is imported; with ``deferred``
    also those inside functions and classes (imports made later, on a call); with ``typing`` also those under
    ``if TYPE_CHECKING:`` (imports for the type checker alone)."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if deferred:
                yield from _statements(node.body, deferred, typing)
            continue
        yield node
        if isinstance(node, ast.If):
            if typing or not _is_type_checking(node.test):
                yield from _statements(node.body, deferred, typing)
            yield from _statements(node.orelse, deferred, typing)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                yield from _statements(block, deferred, typing)
        elif isinstance(node, (ast.With, ast.For, ast.While)):
            yield from _statements(node.body, deferred, typing)
            yield from _statements(node.orelse, deferred, typing) if not isinstance(node, ast.With) else ()


def _imports(name: str, path: Path, modules: dict[str, Path], deferred: bool, typing: bool = False) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in _statements(tree.body, deferred, typing):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package of this module
                package = name.split(".") if is_package else name.split(".")[:-1]
                package = package[: len(package) - node.level + 1]
                source = ".".join(package + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                target = f"{source}.{alias.name}"
                if target in modules:
                    found.add(target)
                elif source in modules:
                    found.add(source)
    return found


def import_graph(package_dir: Path, deferred: bool = False, typing: bool = False) -> dict[str, set[str]]:
    """Each module of the package -> the package's modules it imports when it is
    imported; with ``deferred``, also those its functions import when called; with ``typing``, also those it
    imports for the type checker alone (``if TYPE_CHECKING:``)."""
    modules = module_files(package_dir)
    return {name: _imports(name, path, modules, deferred, typing) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with a cycle (Tarjan), each sorted; sorted by first module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:  # the graph is small: recursion is fine
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


#: the layers of ``explainer``, bottom first: each imports only from the layers below it (``tests/test_layers.py``)
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "inputs"}),
    frozenset({"core"}),
    frozenset({"engine", "formats"}),
    frozenset({"play"}),
    frozenset({"bot"}),
    frozenset({"review"}),
    frozenset({"learn"}),
    frozenset({"words"}),
    frozenset({"service"}),  # one game service: what every front end asks of the engine about a game
    frozenset({"terminal"}),  # the terminal game
    frozenset({"cli"}),
    frozenset({"__main__"}),  # ``python -m explainer``: the command line
)

LEVEL = {part: level for level, parts in enumerate(LAYERS) for part in parts}

#: the layers of ``web``, bottom first: the errors at the bottom, the tables above them, the request helpers, the
#: reply builders the API and the pages share, then the routes (a page never imports the API), how errors become
#: replies, and the app factory (``tests/test_layers.py``)
WEB_LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "config", "extra", "language", "json_types"}),
    frozenset({"storage"}),
    frozenset({"daily", "clients", "game_flow", "puzzle_pool"}),
    frozenset({"identity"}),
    frozenset({"accounts", "limits", "request_data", "security"}),
    frozenset({"replies"}),
    frozenset({"bodies"}),  # the API's request bodies, their models (replies' limits) and their one error path
    frozenset({"api", "pages"}),
    frozenset({"error_replies"}),
    frozenset({"__main__"}),  # ``python -m web``: the development server
)

WEB_LEVEL = {part: level for level, parts in enumerate(WEB_LAYERS) for part in parts}


def part_of(module: str) -> str:
    """``explainer.engine.rules.pair`` -> ``engine``; the package itself -> ``""``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def upward_imports(graph: dict[str, set[str]], levels: dict[str, int] = LEVEL) -> list[str]:
    """Each import of a module by a module of a lower layer, or of a sibling package of the same layer
    (``levels``: each part's layer, ``LEVEL`` for ``explainer``, ``WEB_LEVEL`` for ``web``)."""
    found = []
    for source, targets in sorted(graph.items()):
        here = part_of(source)
        if not here:
            continue  # the package's facade: checked below
        for target in sorted(targets):
            there = part_of(target)
            if there == here:
                continue
            if not there and levels[here] == max(levels.values()):
                continue  # the entry point (``__main__``) may use the package's facade
            if not there or levels[there] >= levels[here]:
                found.append(f"{source} -> {target}")
    return found


def main(argv: list[str]) -> int:
    package_dir = Path(argv[0]) if argv else ROOT / "explainer"
    status = 0
    for deferred, what in ((False, "import-time"), (True, "import-time and deferred (in functions)")):
        graph = import_graph(package_dir, deferred)
        found = cycles(graph)
        print(f"{what}: {len(graph)} modules, {sum(map(len, graph.values()))} edges, {len(found)} cycle(s)")
        for component in found:
            print("  cycle: " + ", ".join(component))
            members = set(component)
            for name in component:
                for target in sorted(graph[name] & members):
                    print(f"    {name} -> {target}")
        status = status or (1 if found else 0)
    if not argv:  # the layers are those of ``explainer``
        upward = upward_imports(import_graph(package_dir, deferred=True))
        print(f"imports against the layers (a layer imports only from those below it): {len(upward)}")
        for edge in upward:
            print("  " + edge)
        status = status or (1 if upward else 0)
    return status


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
