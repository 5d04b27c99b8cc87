"""The calculator's and score sheet's code names no rule set: what differs comes from the rule set.

Each game declares its score request's fields (``tarot_core/games/<family>/fields.py``) and its words;
the bridge, the sheet's bridge and the directives loop over what the rule set declares. A string that
is a family's name ("fft", "mathers"...) in these files would be a test of which rule set it is; the
one allowed is the rules a form starts with, a named constant.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tarot_core  # noqa: F401  (registers the families)
from tarot_core.engine.variant import FAMILIES

ROOT = Path(__file__).resolve().parents[2]
FILES = (
    "tutorial/bridge/form.py",
    "tutorial/bridge/query.py",
    "tutorial/bridge/calculator.py",
    "tutorial/sheet_bridge.py",
    "tutorial/sphinxext/widgets.py",
    "tutorial/print_tables.py",
)
#: The one place a family is named: the default rules, ``DEFAULT_RULES`` in the bridge's query module.
DEFAULT_CONSTANT = "DEFAULT_RULES"


def _default_constant(node: ast.AST) -> ast.AST | None:
    """The value of ``DEFAULT_RULES = ...`` (with or without a type), when ``node`` assigns it."""
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.value if node.target.id == DEFAULT_CONSTANT else None
    if isinstance(node, ast.Assign) and any(
        isinstance(target, ast.Name) and target.id == DEFAULT_CONSTANT for target in node.targets
    ):
        return node.value
    return None


def family_names_in(source: str) -> list[tuple[int, str]]:
    """Every string constant of ``source`` that is a family's name, with its line, except the default's."""
    tree = ast.parse(source)
    allowed = {id(value) for node in ast.walk(tree) if (value := _default_constant(node)) is not None}
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.strip().lower() in FAMILIES
        and id(node) not in allowed
    ]


def comparisons_with_names(source: str) -> list[int]:
    """The lines where a value is compared with a family's name (``variant == "fft"``, ``in ("fft",)``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                for leaf in ast.walk(operand):
                    if (
                        isinstance(leaf, ast.Constant)
                        and isinstance(leaf.value, str)
                        and leaf.value in FAMILIES
                    ):
                        lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("path", FILES)
def test_no_family_is_named(path: str) -> None:
    found = family_names_in((ROOT / path).read_text(encoding="utf-8"))
    assert not found, f"{path} names rule sets at (line, name) {found}: declare it in the game instead"


@pytest.mark.parametrize("path", FILES)
def test_no_value_is_compared_with_a_family(path: str) -> None:
    assert not comparisons_with_names((ROOT / path).read_text(encoding="utf-8")), path


def test_the_default_rules_are_one_constant() -> None:
    source = (ROOT / "tutorial/bridge/query.py").read_text(encoding="utf-8")
    values = [value for node in ast.walk(ast.parse(source)) if (value := _default_constant(node)) is not None]
    assert len(values) == 1
    assert isinstance(values[0], ast.Constant) and values[0].value in FAMILIES


def test_the_check_finds_a_branch_on_a_name() -> None:
    source = 'DEFAULT_RULES = "fft"\nif variant == "mathers":\n    x = ("fft", "classic")\n'
    assert family_names_in(source) == [(2, "mathers"), (3, "fft"), (3, "classic")]
    assert comparisons_with_names(source) == [2]
    assert family_names_in('DEFAULT_RULES: Final = "fft"\nlabel = "fft (French Tarot)"\n') == []
