"""Serve the built site on 127.0.0.1, sending the build's pre-compressed copies of its files.

    python -m tutorial.tools.serve [PORT] [--directory docs/_build/html]

Python's ``http.server`` sends every file as it is on disk. The build writes a gzip copy (``NAME.gz``)
beside each large text or WebAssembly file (see ``tutorial/sphinxext/offline.py``); this server sends
that copy, with ``Content-Encoding: gzip``, to a browser whose ``Accept-Encoding`` takes gzip, as
static hosts do when they compress. The browser inflates it: the page and Pyodide see the same bytes.
A ``.gz`` file asked for by its own name (the engine's snapshot, which the worker inflates itself) is
sent as it is.

Every answer says ``Cache-Control: no-cache``: the browser may keep a file but asks again before using
it (a ``304 Not Modified`` when it has not changed). Without it, the browser guesses how long a file
stays fresh from its age, and may show a page of the previous build after a rebuild, from its own cache,
without asking.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import functools
import os
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import IO, Any, Final
from urllib.parse import urlsplit

#: The copy sent instead of a file, and the coding it carries.
SUFFIX: Final = ".gz"
CODING: Final = "gzip"


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (``q=0`` refuses it)."""
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() not in {CODING, "*"}:
            continue
        quality = params.strip().lower().removeprefix("q=")
        try:
            return not params.strip() or float(quality) > 0
        except ValueError:
            return False
    return False


class CompressingHandler(SimpleHTTPRequestHandler):
    """``http.server``'s handler, sending ``NAME.gz`` for ``NAME`` when the browser takes gzip."""

    extensions_map = {  # noqa: RUF012  # extends the class attribute, as http.server documents
        **SimpleHTTPRequestHandler.extensions_map,
        ".webmanifest": "application/manifest+json",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self) -> IO[bytes] | None:  # type: ignore[override]  # typeshed says BytesIO | BinaryIO
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        packed = path + SUFFIX
        if os.path.isdir(path) or not os.path.isfile(packed) or not os.path.isfile(path):
            return super().send_head()
        if not accepts_gzip(self.headers.get("Accept-Encoding")):
            return super().send_head()
        stat = os.stat(path)
        if self._not_modified(stat.st_mtime):
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        handle = open(packed, "rb")  # noqa: SIM115  # closed by the caller, as in http.server
        try:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", CODING)
            self.send_header("Content-Length", str(os.fstat(handle.fileno()).st_size))
            self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
        except BaseException:
            handle.close()
            raise
        return handle

    def _not_modified(self, mtime: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or self.headers.get("If-None-Match"):
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.tzinfo is not None and int(mtime) <= when.timestamp()


class QuietCompressingHandler(CompressingHandler):
    """The same handler, without a log line per request (for tests and measurements)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("port", nargs="?", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--directory", type=Path, default=Path("docs/_build/html"))
    args = parser.parse_args(argv)
    handler = functools.partial(CompressingHandler, directory=str(args.directory))
    with ThreadingHTTPServer((args.bind, args.port), handler) as server:
        port = server.server_address[1]
        print(f"Serving {args.directory} on http://{args.bind}:{port}/ (Ctrl+C stops)", file=sys.stderr)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    main()
