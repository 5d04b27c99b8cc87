"""The import graph of the engine and of the site's code: no circle anywhere, and imports only go down
the layers.

Every module of ``tarot_core`` and of ``tutorial`` is parsed with :mod:`ast`; every import counts, at
module level, inside a function or under ``if TYPE_CHECKING:``, as do ``importlib.import_module`` calls
with a constant name.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "tarot_core"
#: The site's code: the widgets' bridges, the pages' tables, the Sphinx extensions and the tools.
TUTORIAL = ROOT / "tutorial"

#: Layers from the bottom: a module may import its own layer's modules and those of the layers below.
#: Notation knows no rules; the engine knows no game; the games know the engine; the tools above
#: (records, simulation, players, command line, exercises) may use all of them. The site's code sits on
#: the engine, which knows nothing of it: the widgets' bridges (which the browser's worker runs with the
#: engine alone), the pages' tables (which may draw as the bridges do), the Sphinx extensions (which
#: render both), and on top the site's tools.
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "tarot_core.messages",
        "tarot_core.errors",
        "tarot_core.cards",
        "tarot_core.seats",
        "tarot_core.actions",
        "tarot_core.engine.request",
    ),
    ("tarot_core.engine",),
    ("tarot_core.games",),
    ("tarot_core",),
    ("tutorial.bridge",),
    ("tutorial.pages",),
    ("tutorial.sphinxext",),
)

#: The packages above the games that import no game's module: they reach each rule set through the
#: registry (its words, its knowledge), so that they name none (``test_no_rule_set_names``).
THROUGH_THE_REGISTRY: tuple[str, ...] = ("tarot_core.players",)

#: The one game that builds on another: the older French rules extend the FFT rules.
GAME_EXTENDS: dict[str, set[str]] = {"classic": {"fft"}}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    paths = [*PACKAGE.rglob("*.py"), *TUTORIAL.rglob("*.py")]
    return {module_name(path): path for path in sorted(paths) if "node_modules" not in path.parts}


def _imported(node: ast.AST, name: str, is_package: bool) -> Iterator[str]:
    """The modules one import statement (or ``import_module`` call) names."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = name.split(".") if is_package else name.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            source = ".".join([*base, node.module] if node.module else base)
        else:
            source = node.module or ""
        for alias in node.names:
            yield f"{source}.{alias.name}"
        yield source
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute | ast.Name)
        and (node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id) == "import_module"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ):
        yield node.args[0].value


@functools.cache
def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the packages it imports (a ``from x import y`` names ``x.y`` when that is
    a module, else ``x``)."""
    known = modules()
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ImportFrom):
                found = list(_imported(node, name, is_package))
                source = found[-1]
                members = [target for target in found[:-1] if target in known]
                targets.update(members)
                if len(members) < len(found) - 1 and source in known:
                    targets.add(source)
            else:
                targets.update(target for target in _imported(node, name, is_package) if target in known)
        targets.discard(name)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
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
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def layer(name: str) -> int:
    """A module's layer; the modules in no listed layer (and the package itself) are on top."""
    for number, prefixes in enumerate(LAYERS):
        if any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes):
            return number
    return len(LAYERS)


def game(name: str) -> str | None:
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def test_the_graph_sees_every_kind_of_import() -> None:
    """The parser finds imports at module level, in functions, under TYPE_CHECKING and by name."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .cards import Card\n"
        "if TYPE_CHECKING:\n    from .seats import Seat\n"
        "def f():\n    from . import errors\n    import importlib\n"
        "    importlib.import_module('tarot_core.actions')\n"
    )
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        names.update(_imported(node, "tarot_core.x", False))
    assert {"tarot_core.cards", "tarot_core.seats", "tarot_core.errors", "tarot_core.actions"} <= names


def test_a_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


@pytest.mark.heavy
def test_no_import_circle() -> None:
    graph = import_graph()
    # both packages are read, and what they import is found (so the test cannot pass by finding none)
    assert "tutorial.bridge.form" in graph["tutorial.bridge.calculator"]
    assert "tarot_core.engine.round" in graph["tutorial.bridge.state"]
    assert cycles(graph) == []


@pytest.mark.parametrize("name", sorted(modules()))
def test_imports_go_down_the_layers(name: str) -> None:
    """Notation imports no rules, the engine no game, a game no other game (but the one it extends),
    the engine nothing of the site, and the bridges nothing of the site but themselves."""
    graph = import_graph()
    upward = sorted(target for target in graph[name] if layer(target) > layer(name))
    assert upward == [], f"{name} imports from a higher layer"
    own = game(name)
    if own is not None:
        others = {other for other in map(game, graph[name]) if other is not None and other != own}
        assert others <= GAME_EXTENDS.get(own, set()), f"{name} imports another game: {sorted(others)}"


@pytest.mark.parametrize(
    "name", sorted(n for n in modules() if any(n == p or n.startswith(p + ".") for p in THROUGH_THE_REGISTRY))
)
def test_the_players_import_no_game(name: str) -> None:
    """The computer players read what differs between rule sets from each one's knowledge, found through
    the registry: they import no game's module."""
    games = sorted(target for target in import_graph()[name] if game(target) is not None)
    assert games == [], f"{name} imports a game's module"


def test_every_package_is_installed() -> None:
    """pyproject.toml lists the packages to install one by one: every package of tarot_core is there."""
    import tomllib

    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    packages = {
        name
        for name, path in modules().items()
        if path.name == "__init__.py" and name.startswith("tarot_core")
    }
    assert packages <= listed


#: The longest a module of the package may grow: past it, a module holds more than one subject.
MOST_LINES = 800


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_is_too_long(name: str) -> None:
    lines = modules()[name].read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"{name} has {lines} lines: split it by subject"
