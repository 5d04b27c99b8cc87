"""Every rule set is what a round reads of its rules, as the type checker sees it: no game module casts
a variant (or anything) to the round's protocols of :mod:`tarot_core.engine.state` and
:mod:`tarot_core.engine.round` (``RoundFacts``, ``RoundRules``).

The modules are parsed with :mod:`ast`; a cast counts whether it is written ``cast(...)`` or
``typing.cast(...)``, and whether its type is a name or a string.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "tarot_core"
#: The engine modules whose protocols describe a round's rules.
ROUND_MODULES = ("state.py", "round.py")


def _names(node: ast.AST) -> set[str]:
    """The names an annotation mentions (``"RoundRules"``, ``round.RoundRules``, ``list[RoundFacts]``)."""
    found: set[str] = set()
    for part in ast.walk(node):
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            try:
                found |= _names(ast.parse(part.value, mode="eval"))
            except SyntaxError:
                continue
        elif isinstance(part, ast.Name):
            found.add(part.id)
        elif isinstance(part, ast.Attribute):
            found.add(part.attr)
    return found


def round_protocols() -> set[str]:
    """The protocol classes the engine's round modules define."""
    names: set[str] = set()
    for module in ROUND_MODULES:
        tree = ast.parse((PACKAGE / "engine" / module).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef) and any("Protocol" in _names(base) for base in node.bases):
                names.add(node.name)
    return names


def casts_to(source: str, protocols: set[str]) -> list[str]:
    """Each ``cast`` of ``source`` whose type names one of ``protocols``, as ``line: type``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name == "cast" and _names(node.args[0]) & protocols:
            found.append(f"{node.lineno}: {ast.unparse(node.args[0])}")
    return found


def game_modules() -> list[Path]:
    return sorted((PACKAGE / "games").rglob("*.py"))


def test_the_round_protocols_are_found() -> None:
    assert {"RoundFacts", "RoundRules"} <= round_protocols()


def test_a_cast_is_found_however_it_is_written() -> None:
    source = (
        "import typing\nfrom typing import cast\n"
        'a = cast("RoundRules", v)\n'
        "b = typing.cast(RoundFacts, v)\n"
        'c = cast("round.RoundRules", v)\n'
        'd = cast("TableDescription", v)\n'
    )
    assert [line.split(":")[0] for line in casts_to(source, round_protocols())] == ["3", "4", "5"]


@pytest.mark.heavy
@pytest.mark.parametrize("path", game_modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_game_casts_to_a_round_protocol(path: Path) -> None:
    """A variant passes itself to its round as it is: the base variant has every fact a round reads."""
    found = casts_to(path.read_text(encoding="utf-8"), round_protocols())
    assert found == [], f"{path.relative_to(PACKAGE)} casts to a round protocol: {found}"
