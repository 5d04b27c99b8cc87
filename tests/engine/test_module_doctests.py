"""The examples in the engine's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tarot_core

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(tarot_core.__path__, "tarot_core.")
    if not info.name.endswith(".__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name), report=False)
    assert failures == 0, f"{failures} docstring examples of {name} fail (python -m doctest -v)"
