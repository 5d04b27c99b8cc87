"""Project tasks: ``nox -s lint tests`` runs every check; ``nox -s serve`` builds and serves the site;
``nox -s quick`` runs the fast tests (engine, bridges, command line) while working."""

from __future__ import annotations

import nox
import nox.command

nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["lint", "tests"]

PYPROJECT = nox.project.load_toml("pyproject.toml")
TEST_DEPS = nox.project.dependency_groups(PYPROJECT, "test")
LINT_DEPS = nox.project.dependency_groups(PYPROJECT, "lint")
DOCS_DEPS = nox.project.dependency_groups(PYPROJECT, "docs")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff and mypy --strict."""
    session.install("-e", ".", *LINT_DEPS, *TEST_DEPS, *DOCS_DEPS)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")


def _ensure_chromium(session: nox.Session) -> None:
    """The browser tests drive Debian's chromium: install it with apt-get when missing and running as root."""
    import os
    import shutil

    if shutil.which("chromium") or os.path.exists("/usr/bin/chromium"):
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "update", "-qq", external=True, env=env)
        session.run("apt-get", "install", "-y", "-qq", "chromium", external=True, env=env)
    else:
        session.warn("chromium is missing (apt-get install -y chromium): the browser tests will be skipped")


#: pytest-xdist on every core, each test module on one worker (its page, its Pyodide set up once), the
#: modules in the order tests/conftest.py gives them: the site is built once, by the first worker that
#: needs it, while the other workers run the tests that do not.
PARALLEL = ["-n", "auto", "--dist", "loadfile", "--no-loadscope-reorder"]
#: The tests that need no site build, no browser, no Pyodide and no fresh install (tests/conftest.py
#: marks the others).
QUICK = "not browser and not site and not pyodide and not install"
#: pytest's exit status when it selected no test.
NO_TESTS = 5


def _pytest(session: nox.Session, *args: str, quick: bool = False) -> None:
    """Run pytest; a run that selected no test fails in the full run (a check that ran nothing never
    passes) and, in the quick lane, says where those tests run instead."""
    try:
        session.run("pytest", *args)
    except nox.command.CommandFailed as failed:
        if failed.return_code != NO_TESTS:
            raise
        if quick:
            session.skip("no test of the quick lane is here: `nox -s tests -- PATH...` runs the others")
        session.error("pytest selected no test: check the paths, -k and -m given after --")


@nox.session
def tests(session: nox.Session) -> None:
    """Every test: engine, command line, docs build, Pyodide and the browser."""
    session.install("-e", ".", *TEST_DEPS, *DOCS_DEPS)
    _ensure_chromium(session)
    # Pyodide under Node: the pinned npm runtime and the wheels it installs (fast when ready).
    session.run("python", "tests/pyodide/prepare.py")
    _pytest(session, *PARALLEL, *session.posargs)


@nox.session
def quick(session: nox.Session) -> None:
    """The fast lane while working: the engine, the bridges, the command line and the small docs builds,
    with no site build, no browser, no Pyodide (``nox -s quick -- tests/engine`` narrows it)."""
    session.install("-e", ".", *TEST_DEPS, *DOCS_DEPS)
    _pytest(session, *PARALLEL, "-m", QUICK, *session.posargs, quick=True)


@nox.session
def messages(session: nox.Session) -> None:
    """After an English change: extract every message of the code, the widget templates, the lessons and
    the sample hands into tarot_core/locale/tarot.pot and the pages' into docs/locale, merge them into
    each language's catalogues (a changed message turns fuzzy) and compile the engine's; then list what
    is left to translate (the strict build fails on it)."""
    session.install("-e", ".", *DOCS_DEPS)
    session.run("python", "-m", "tutorial.tools.translations", "update")
    session.run("python", "-m", "tutorial.tools.translations", "check", success_codes=[0, 1])


@nox.session
def docs(session: nox.Session) -> None:
    """Build the site strictly (nitpicky, warnings as errors) into docs/_build/html, then its doctests."""
    session.install("-e", ".", *DOCS_DEPS)
    strict = ["-n", "-W", "--keep-going"]
    session.run("sphinx-build", *strict, "-b", "html", "docs", "docs/_build/html", *session.posargs)
    session.run("sphinx-build", *strict, "-b", "doctest", "docs", "docs/_build/doctest")


def _port_problem(text: str) -> str | None:
    """Why ``text`` cannot be the port to serve on (not a port number, or taken), or None if it can."""
    import errno
    import socket

    if not text.isdigit() or not 1 <= int(text) <= 65535:
        return f"{text!r} is not a port number: give one from 1 to 65535, such as 8080"
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # As http.server does: a port left in TIME_WAIT by an earlier server is free to serve on.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", int(text)))
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return f"port {text} is already in use: stop what serves there, or give another port"
            return f"cannot serve on port {text}: {error.strerror or error}"
    return None


@nox.session
def serve(session: nox.Session) -> None:
    """Build the site, then serve it on http://127.0.0.1:8000/ (``nox -s serve -- 8080`` for another port).

    The port is checked before anything is installed or built, so a port in use stops it at once.
    """
    if len(session.posargs) > 1:
        session.error(f"serve takes one port number, not {' '.join(session.posargs)}")
    port = session.posargs[0] if session.posargs else "8000"
    if problem := _port_problem(port):
        session.error(problem)
    session.install("-e", ".", *DOCS_DEPS)
    # A preview: warnings are printed but do not stop it (``nox -s docs`` is the strict gate); an engine
    # check that fails still stops the build, so a wrong number is never served.
    session.run("sphinx-build", "-n", "--keep-going", "-b", "html", "docs", "docs/_build/html")
    session.log(f"Serving the site on http://127.0.0.1:{port}/ (Ctrl+C stops)")
    # Python's http.server with the build's gzip copies of the large files, sent as static hosts send them.
    session.run("python", "-m", "tutorial.tools.serve", port, "--directory", "docs/_build/html")


BENCH_PARTS = ("engine", "players", "docs", "site", "bytes", "play")


@nox.session
def bench(session: nox.Session) -> None:
    """Measure, do not check: engine speed, a clean docs build, page loads (results in .cache/bench/).

    ``nox -s bench`` runs the six parts; ``nox -s bench -- engine`` (or ``players``, ``docs``, ``site``,
    ``bytes``, ``play``) runs some.
    The method is described in docs/developers/performance.md.
    """
    parts = session.posargs or list(BENCH_PARTS)
    if unknown := sorted(set(parts) - set(BENCH_PARTS)):
        session.error(f"unknown part {', '.join(unknown)}: choose among {', '.join(BENCH_PARTS)}")
    session.install("-e", ".", *DOCS_DEPS, *TEST_DEPS)
    if {"site", "engine", "bytes", "play"} & set(parts):  # the engine is also measured in a browser worker
        _ensure_chromium(session)
    if "engine" in parts:
        session.run("python", "benchmarks/bench_engine.py")
    if "players" in parts:
        session.run("python", "benchmarks/bench_players.py")
    site = ".cache/bench/build/html"
    if "docs" in parts or "site" in parts:
        # The pages are measured as the sources are now: a build left from an earlier run could be
        # stale (Sphinx does not rewrite a page when only docs/conf.py's code changed). A failed
        # strict build is reported by the script; the pages it wrote are still measured.
        session.run("python", "benchmarks/bench_docs.py", success_codes=[0, 1])
    if "site" in parts:
        session.run("python", "benchmarks/bench_site.py", "--site", site)
    if "bytes" in parts:  # what a first visit downloads, as http.server and as nox -s serve send it
        if "docs" not in parts and "site" not in parts:
            session.run("python", "benchmarks/bench_docs.py", success_codes=[0, 1])
        session.run("python", "benchmarks/bench_bytes.py", "--site", site)
    if "play" in parts:  # the computer players' time per move in the page's worker, and in CPython
        if not {"docs", "site", "bytes"} & set(parts):
            session.run("python", "benchmarks/bench_docs.py", success_codes=[0, 1])
        session.run("python", "benchmarks/bench_play.py", "--site", site)
