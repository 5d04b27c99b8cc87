"""What the project's Sphinx extensions share: the build-stopping error and object lookup by name."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from sphinx.errors import SphinxError


class EngineCheckError(SphinxError):
    """A page and the engine disagree, or a page asks the engine for something it cannot give.

    Raised, not logged: the build stops, whatever ``-W`` says, because a page that states a wrong
    number must never be published.
    """

    category = "Tarot engine check failed"


def import_object(spec: str, location: str) -> object:
    """Import ``package.module:attribute`` (or ``package.module.attribute``) and return the attribute."""
    module_name, sep, attr = spec.strip().partition(":")
    if not sep:
        module_name, _, attr = spec.strip().rpartition(".")
    if not module_name or not attr:
        raise EngineCheckError(f"{location}: write the function as module:function, not {spec!r}")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise EngineCheckError(f"{location}: cannot import module {module_name!r}: {error}") from error
    target: object = module
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise EngineCheckError(f"{location}: module {module_name!r} has no {attr!r}") from None
    return target


def import_callable(spec: str, location: str) -> Callable[..., object]:
    """Like :func:`import_object`, but the object must be callable."""
    target = import_object(spec, location)
    if not callable(target):
        raise EngineCheckError(f"{location}: {spec!r} is not a function")
    return target
