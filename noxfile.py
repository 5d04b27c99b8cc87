"""Project tasks: ``nox -s lint tests`` runs every check; ``nox -s serve`` builds and serves the site."""

from __future__ import annotations

import nox

nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["lint", "tests"]

PYPROJECT = nox.project.load_toml("pyproject.toml")
TEST_DEPS = nox.project.dependency_groups(PYPROJECT, "test")
LINT_DEPS = nox.project.dependency_groups(PYPROJECT, "lint")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff and mypy --strict."""
    session.install("-e", ".", *LINT_DEPS, *TEST_DEPS)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")


@nox.session
def tests(session: nox.Session) -> None:
    """Every test: engine, command line, docs build, Pyodide and the browser."""
    session.install("-e", ".", *TEST_DEPS)
    session.run("pytest", *session.posargs)
