"""The bytes a first visit downloads before a widget page answers, file by file, and Python's start-up.

    python benchmarks/bench_bytes.py [--site docs/_build/html] [--page how-to/calculator.html]
        [--server plain|gzip|both] [--repeat 3]

The built site is served on 127.0.0.1 by Python's ``http.server`` as it is (``plain``) or by the
project's server (``gzip``, ``tutorial/tools/serve.py``: the build's gzip copies with ``Content-Encoding``,
as a static host that compresses sends them), and the page is opened in headless Debian Chromium, each
load in a new browser context (an empty cache, no service worker). Counted: every response (headers
and body as they came over the wire) that finished before every widget of the page was ready, that is
before its first result; the worker's own figure of Python's start-up; and the time from the
navigation to the widgets being ready. The table goes to standard output and the figures to
``.cache/bench/bytes.json``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutorial.tools.serve import QuietCompressingHandler  # noqa: E402

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 120_000
READY_SPY = """
(() => {
  const Native = window.Worker;
  window.__tarotReady = null;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        if (event.data && event.data.type === "ready") window.__tarotReady = event.data;
      });
    }
  };
})();
"""


class _Plain(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(site: Path, kind: str) -> Iterator[str]:
    handler_class = QuietCompressingHandler if kind == "gzip" else _Plain
    handler = functools.partial(handler_class, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def load(browser: Any, base: str, page_path: str) -> dict[str, Any]:
    context = browser.new_context(service_workers="block")
    finished: list[Any] = []
    try:
        page = context.new_page()
        page.add_init_script(READY_SPY)
        page.on("requestfinished", lambda request: finished.append(request))  # noqa: PLW0108  # a method cannot be wrapped
        began = time.perf_counter()
        page.goto(base + page_path)
        page.wait_for_function(
            "() => window.__tarotReady !== null && [...document.querySelectorAll('[data-tarot-widget]')]"
            ".every((e) => e.dataset.state === 'ready')",
            timeout=TIMEOUT_MS,
        )
        ready_seconds = time.perf_counter() - began
        counted = list(finished)
        ready = page.evaluate("window.__tarotReady")
        files: dict[str, int] = {}
        for request in counted:
            sizes = request.sizes()
            size = int(sizes.get("responseBodySize", 0)) + int(sizes.get("responseHeadersSize", 0))
            name = request.url.removeprefix(base).split("?")[0]
            files[name] = files.get(name, 0) + size
        return {
            "bytes": sum(files.values()),
            "files": files,
            "ready_seconds": round(ready_seconds, 3),
            "boot_seconds": round(float(ready["seconds"]), 3),
            "snapshot": bool(ready.get("snapshot")),
        }
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "docs" / "_build" / "html")
    parser.add_argument("--page", default="how-to/calculator.html")
    parser.add_argument("--server", choices=["plain", "gzip", "both"], default="both")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    kinds = ["plain", "gzip"] if args.server == "both" else [args.server]
    results: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        try:
            for kind in kinds:
                with serve(args.site, kind) as base:
                    runs = [load(browser, base, args.page) for _ in range(args.repeat)]
                results[kind] = {
                    "bytes": statistics.median(run["bytes"] for run in runs),
                    "ready_seconds": statistics.median(run["ready_seconds"] for run in runs),
                    "boot_seconds": statistics.median(run["boot_seconds"] for run in runs),
                    "snapshot": runs[0]["snapshot"],
                    "files": runs[0]["files"],
                }
        finally:
            browser.close()
    print(f"{args.page}: bytes before the widgets are ready (median of {args.repeat} new contexts)")
    for kind, result in results.items():
        print(
            f"  {kind:6} {result['bytes'] / 1e6:7.2f} MB   ready {result['ready_seconds']:5.2f} s   "
            f"Python start {result['boot_seconds']:5.2f} s   snapshot {result['snapshot']}"
        )
        for name, size in sorted(result["files"].items(), key=lambda item: -item[1])[:8]:
            print(f"         {size / 1e6:7.3f} MB  {name}")
    out = ROOT / ".cache" / "bench" / "bytes.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    figures = {"page": args.page, "load_average": os.getloadavg(), "results": results}
    out.write_text(json.dumps(figures, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
