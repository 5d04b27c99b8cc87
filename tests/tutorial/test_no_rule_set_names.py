"""The tutorial's code, the engine and the computer players name no rule set: what differs comes from
the rule set.

No module of ``tutorial/`` (the bridge, the calculator and score sheet, the play page, the directives),
of the engine (``tarot_core/engine/``) or of the players (``tarot_core/players/``) may decide anything by
testing which rule set it looks at: each rule set's names come from its ``words``, its score request's
fields from its ``fields`` module, what the players and the views need from its ``knowledge``, and its
facts from the round's hooks and its view. The test reads every module with :mod:`ast` and fails on

* a string literal that is a rule set's name (``"mathers"``), except as the value of a documented
  default constant (:data:`DEFAULTS`), such as the rule set of a setup that names none;
* a comparison of a ``.family`` attribute, or of a variable called ``family``, with a literal (a string,
  or a tuple, list, set or dict of them) or with a constant other than the registry;
* a ``getattr(..., "family", ...)`` probe.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tarot_core.engine.variant import FAMILIES

ROOT = Path(__file__).resolve().parents[2]

#: Modules that hold a fixed corpus of inputs (score requests, command lines), which name rule sets as
#: the tests' data do: they decide nothing.
CORPUS_FILES = {"tutorial/tools/golden.py"}
#: The folders whose modules must name no rule set: the tutorial package, the engine and the players.
FOLDERS = ("tutorial", "tarot_core/engine", "tarot_core/players")
#: The files that must name no rule set: every Python module of those folders.
FILES = tuple(
    path.relative_to(ROOT).as_posix()
    for folder in FOLDERS
    for path in sorted((ROOT / folder).rglob("*.py"))
    if "node_modules" not in path.parts and path.relative_to(ROOT).as_posix() not in CORPUS_FILES
)
#: The constants allowed to hold a rule set's name, by file: the one default, documented where it is set.
DEFAULTS = {"tutorial/bridge/query.py": {"DEFAULT_RULES"}}
#: Constants a family may be compared with: the registry, and the menu made from it.
REGISTRY_NAMES = {"FAMILIES", "REGISTRY"}


def _is_family(node: ast.expr) -> bool:
    return (isinstance(node, ast.Attribute) and node.attr == "family") or (
        isinstance(node, ast.Name) and node.id == "family"
    )


def _is_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_literal(item) for item in node.elts)
    if isinstance(node, ast.Dict):
        return any(key is not None and _is_literal(key) for key in node.keys)
    return False


def _is_constant_name(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id.isupper() and node.id not in REGISTRY_NAMES


def _default_values(tree: ast.Module, allowed: set[str]) -> set[int]:
    """The ids of the string constants assigned to the allowed default constants."""
    found: set[int] = set()
    for node in tree.body:
        target: ast.expr | None = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        value = getattr(node, "value", None)
        if isinstance(target, ast.Name) and target.id in allowed and isinstance(value, ast.Constant):
            found.add(id(value))
    return found


def offences(source: str, path: str = "") -> list[str]:
    """Every place where ``source`` names a rule set or tests which one it is, as ``line: what``."""
    tree = ast.parse(source)
    defaults = _default_values(tree, DEFAULTS.get(path, set()))
    names = set(FAMILIES)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in names and id(node) not in defaults:
            found.append(f"{node.lineno}: the string {node.value!r}")
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_is_family(item) for item in operands) and any(
                _is_literal(item) or _is_constant_name(item) for item in operands
            ):
                found.append(f"{node.lineno}: a rule set's name compared ({ast.unparse(node)})")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "family"
        ):
            found.append(f"{node.lineno}: a probe for the family ({ast.unparse(node)})")
    return found


def test_the_registry_knows_the_rule_sets() -> None:
    """The names looked for are the registry's, and the files are found (so the test cannot pass by
    finding none)."""
    assert {"fft", "classic", "mathers", "chambery"} <= set(FAMILIES)
    assert {"tutorial/bridge/query.py", "tutorial/bridge/play_table.py", "tutorial/bridge/sheet.py"} <= set(
        FILES
    )
    assert {
        "tarot_core/engine/view.py",
        "tarot_core/players/rule.py",
        "tarot_core/players/montecarlo.py",
    } <= set(FILES)


@pytest.mark.parametrize("path", FILES)
def test_names_no_rule_set(path: str) -> None:
    source = (ROOT / path).read_text(encoding="utf-8")
    assert offences(source, path) == []


@pytest.mark.parametrize(
    "source",
    [
        'EXCUSE = {"mathers": "the Fool"}',
        'if family == "mathers":\n    pass',
        'ok = rnd.variant.family in ("mathers", "chambery")',
        'ok = state.get("family") in ("mathers", "chambery")',
        "ok = rnd.variant.family != SOLO_FAMILIES",
        'family = str(getattr(record.variant, "family", "fft"))',
        'DEFAULT_FAMILY = "fft"',
    ],
)
def test_finds_each_kind_of_offence(source: str) -> None:
    assert offences(source, "elsewhere.py")


@pytest.mark.parametrize(
    "source",
    [
        'DEFAULT_RULES: Final = "fft"',
        "menu = {family: words_for(family).name for family in REGISTRY}",
        "ok = family in FAMILIES",
        'selected = " selected" if key == game.family else ""',
        'text = f"{who} {words.passes}."',
    ],
)
def test_allows_the_default_and_the_registry(source: str) -> None:
    assert offences(source, "tutorial/bridge/query.py") == []


def test_the_default_rules_are_a_registered_rule_set() -> None:
    """The one name allowed is the calculator's and the play page's default, and the registry knows it."""
    from tutorial.bridge.play_table import DEFAULT_FAMILY
    from tutorial.bridge.query import DEFAULT_RULES

    assert DEFAULT_RULES in FAMILIES
    assert DEFAULT_FAMILY == DEFAULT_RULES
