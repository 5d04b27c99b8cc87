"""What the project's Sphinx extensions share: engine failures that fail the build, and lookup by name.

A page that states what the engine contradicts (or asks the engine for something it cannot give) must
never be published. The directives and roles of this package report such a failure with
:func:`report_failure`: it is logged as an error at the page and line, shown in the page, remembered in
the build environment, and when the build finishes the exit status is set to 1, whatever ``-W`` says. So
every disagreement of a build is listed at once, and none can be ignored.

Pages that use the engine are read again on every build (``env-get-outdated``), so an incremental build
never keeps a number the engine has since changed.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Set
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.errors import SphinxError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.typing import ExtensionMetadata

from tarot_core.messages import _

logger = logging.getLogger(__name__)

FAILURES_KEY = "tarot_engine_failures"
USERS_KEY = "tarot_engine_pages"


class EngineCheckError(SphinxError):
    """A page and the engine disagree, or a page asks the engine for something it cannot give.

    The directives of this package catch it and call :func:`report_failure`; raised anywhere else, it
    stops the build at once.
    """

    category = "Tarot engine check failed"


def _at(location: str, message: str) -> EngineCheckError:
    """The error, after its page and line when known (``docs/x.md:12: ...``)."""
    return EngineCheckError(f"{location}: {message}" if location else message)


def import_object(spec: str, location: str = "") -> object:
    """Import ``package.module:attribute`` (or ``package.module.attribute``) and return the attribute."""
    module_name, sep, attr = spec.strip().partition(":")
    if not sep:
        module_name, _dot, attr = spec.strip().rpartition(".")
    if not module_name or not attr:
        raise _at(location, _("write the function as module:function, not {spec!r}", spec=spec))
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        message = _("cannot import module {module!r}: {error}", module=module_name, error=error)
        raise _at(location, message) from error
    target: object = module
    for part in attr.split("."):
        try:
            target = getattr(target, part)
        except AttributeError:
            raise _at(
                location, _("module {module!r} has no {name!r}", module=module_name, name=attr)
            ) from None
    return target


def import_callable(spec: str, location: str = "") -> Callable[..., object]:
    """Like :func:`import_object`, but the object must be callable."""
    target = import_object(spec, location)
    if not callable(target):
        raise _at(location, _("{spec!r} is not a function", spec=spec))
    return target


# ---------------------------------------------------------------------------------- failures and pages


def _failures(env: BuildEnvironment) -> dict[str, list[str]]:
    failures: dict[str, list[str]] | None = getattr(env, FAILURES_KEY, None)
    if failures is None:
        failures = {}
        setattr(env, FAILURES_KEY, failures)
    return failures


def _users(env: BuildEnvironment) -> set[str]:
    users: set[str] | None = getattr(env, USERS_KEY, None)
    if users is None:
        users = set()
        setattr(env, USERS_KEY, users)
    return users


def note_engine_page(env: BuildEnvironment) -> None:
    """The page being read takes content from the engine: read it again on every build."""
    _users(env).add(env.docname)


def report_failure(env: BuildEnvironment, location: str, message: str) -> None:
    """Log an engine failure at ``location`` and remember it, so that the build ends with status 1."""
    logger.error(message, location=location, type="tarot", subtype="engine")
    _failures(env).setdefault(env.docname, []).append(f"{location}: {message}")


def failure_block(message: str) -> nodes.Element:
    """What the page shows in place of a directive the engine refused (the build fails anyway)."""
    return nodes.paragraph(
        "",
        "",
        nodes.strong("", _("Engine check failed:") + " "),
        nodes.Text(message),
        classes=["tarot-engine-failure"],
    )


def failure_inline(rawtext: str) -> nodes.Element:
    """What the page shows in place of a role the engine refused."""
    return nodes.problematic(rawtext, rawtext, classes=["tarot-engine-failure"])


def _skip_node(translator: nodes.NodeVisitor, node: nodes.Element) -> None:
    raise nodes.SkipNode


def add_widget_node(app: Sphinx, node: type[nodes.Element], visit_html: Callable[[Any, Any], None]) -> None:
    """Register a widget's node: drawn by ``visit_html`` in HTML, left out of every other output."""
    skip = (_skip_node, None)
    app.add_node(node, html=(visit_html, None), latex=skip, text=skip, man=skip, texinfo=skip)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _failures(env).pop(docname, None)
    _users(env).discard(docname)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: Set[str], other: BuildEnvironment) -> None:
    _failures(env).update({doc: lines for doc, lines in _failures(other).items() if doc in docnames})
    _users(env).update(doc for doc in _users(other) if doc in docnames)


def _outdated(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    return sorted(doc for doc in _users(env) if doc in env.found_docs and doc not in removed)


def _finish(app: Sphinx, exception: Exception | None) -> None:
    failures = [line for lines in _failures(app.env).values() for line in lines]
    if failures and exception is None:
        app.statuscode = 1
        logger.info("")
        logger.info(f"{len(failures)} engine check(s) failed; the site must not be published:")
        for line in sorted(failures):
            logger.info(f"  {line}")


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-get-outdated", _outdated)
    app.connect("build-finished", _finish)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}


class EngineDirective(SphinxDirective, ABC):
    """A directive whose content comes from the engine: subclasses write :meth:`run_engine`."""

    def run(self) -> list[nodes.Node]:
        note_engine_page(self.env)
        try:
            return self.run_engine()
        except EngineCheckError as error:
            report_failure(self.env, self.get_location(), str(error))
            return [failure_block(str(error))]

    @abstractmethod
    def run_engine(self) -> list[nodes.Node]:
        """The directive's nodes, computed from the engine (may raise :class:`EngineCheckError`)."""


class EngineRole(SphinxRole, ABC):
    """A role whose content comes from the engine: subclasses write :meth:`run_engine`."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        note_engine_page(self.env)
        try:
            return self.run_engine()
        except EngineCheckError as error:
            report_failure(self.env, self.get_location(), str(error))
            return [failure_inline(self.rawtext)], []

    @abstractmethod
    def run_engine(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        """The role's nodes, computed from the engine (may raise :class:`EngineCheckError`)."""
