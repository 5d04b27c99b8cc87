"""Site benchmark: how fast a page with a widget paints, stays responsive and gets Python answering.

    python benchmarks/bench_site.py [--site docs/_build/html] [--repeat 3] [--traced 3] [--no-snapshot]
        [--only widget,heaviest] [--pages variants/chambery/scoring,heaviest:3]

(``nox -s bench`` runs it on a fresh build.) The built site is copied into a temporary folder, served by
Python's ``http.server`` on 127.0.0.1 and opened in headless Debian Chromium through Playwright, each
load in a new browser context (an empty cache). For each case it measures, from the navigation start:

* **widget**: a rules page holding a ``tarot-calculator`` (the first one found under docs/rules/, then
  docs/variants/, then the how-to): first contentful paint, the longest main-thread task (Long Tasks
  API: only tasks over 50 ms are reported, so "none" means every task stayed under 50 ms), the bytes
  downloaded by the load event and until the widgets are ready and the network idle, and when every
  widget's ``data-state`` turns ``ready``;
* **widget-url**: the page holding the calculator that keeps its form in the URL, opened with query
  parameters that differ from its starting values: when that calculator shows the engine's result;
* **bare**: a page generated into the served copy that starts the same ``_static/pyodide-<version>/``
  runtime in a module worker and reports when Python is ready: the floor any widget sits on;
* **no-widget**: a page without widgets: it must not request anything of Pyodide;
* **heaviest**: the built page with the most elements (the page that costs the browser most to parse,
  style and lay out): no main-thread task over 50 ms there either;
* **widget-open-tab**, **no-widget-open-tab**, **heaviest-open-tab**: the same pages opened in a tab that
  has already shown a one-line page of the same site (generated, it loads nothing), the cache still
  empty: the tab's renderer process is already running, as it is for every page of a visit but the
  first. The first page in a new renderer also pays for that process's own start-up work (its script
  context, its fonts), which a page can lessen but not avoid; these loads show what is left, the page's
  own cost;
* **page:<docname>** (with ``--pages``): any other pages, for instance ``--pages variants/chambery/scoring``,
  ``--pages heaviest:5`` (the five pages with the most elements) or ``--pages all`` (every page once
  with ``--repeat 1``), so that the goal can be checked on every page a reader can open; each also
  as **page-open-tab:<docname>**;
* **traced** (``--traced N``, default 3; 0 for none): the widget, widget-url, no-widget and heaviest
  cases, and the new-tab loads of the ``--pages``, loaded N more times each with Chromium's tracing
  on, for each main-thread task's wall time and CPU time (on a busy machine a task lasts longer than
  its own work, waiting for a core); these loads count only for that;
* **snapshot** (unless ``--no-snapshot``): the widget's work (runtime, engine wheel, bridge, first
  calculation) started from a memory snapshot made under Node from the same runtime, wheel and
  bridge (``snapshot_study.mjs``; private Pyodide API), served gzip-compressed and inflated in the worker;
  its "result" is the first calculation, its "ready" comes after a replay and a fresh import also worked.

Goals checked: FCP < 0.5 s; no main-thread task over 50 ms (on the widget pages; apart on the heaviest
page and the ``--pages``; and on every page measured, the one without widgets too), seen twice: by the
Long Tasks API, which in Chromium leaves out a frame's rendering steps (style, layout, paint), and by
the long animation frames' blocking time, which counts them; both for new tabs and for open tabs; in
the traced loads, no task over 50 ms of CPU time; the widget's first result within 1.15 times the bare
boot. The table goes to standard output and every figure to ``.cache/bench/site.json``.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import re
import shutil
import statistics
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlencode, urljoin, urlsplit

from benchlib import ROOT, BenchError, load_average, log, machine, run_json, run_main, table, write_results

HERE: Final = Path(__file__).resolve().parent
DOCS: Final = ROOT / "docs"
CHROMIUM: Final = "/usr/bin/chromium"
CHROMIUM_ARGS: Final = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
TIMEOUT_MS: Final = 120_000
FCP_GOAL: Final = 0.5
LONG_TASK_GOAL: Final = 0.05
#: The page an open-tab case shows first: same site, nothing to fetch, next to nothing to lay out.
BLANK_PAGE: Final = "bench-blank.html"
RATIO_GOAL: Final = 1.15
#: A traced load records the tasks of every thread ("toplevel"), with their wall and CPU time, and the
#: navigation's start ("blink.user_timing"); thread names come with the metadata.
TRACE_CATEGORIES: Final = ("toplevel", "blink.user_timing", "__metadata")
#: The cases loaded again with Chromium's tracing on (``--traced``), with the new-tab loads of the
#: ``--pages``: new tabs, nothing cached.
TRACED_CASES: Final = ("widget", "widget-url", "no-widget", "heaviest")
Wait = Callable[[Any], None]

# Installed before any page script: paint, long tasks and every data-state / data-computed change.
INIT_SCRIPT: Final = """
(() => {
  const bench = (window.__bench = { fcp: null, longtasks: [], states: [], computed: [] });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longtasks.push([entry.startTime, entry.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (error) { bench.longtaskError = String(error); }
  // Long animation frames say what a slow frame spent its time on: scripts (by URL), style and layout.
  bench.frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const end = entry.startTime + entry.duration;
        const layout = entry.styleAndLayoutStart ? end - entry.styleAndLayoutStart : 0;
        bench.frames.push({
          start: entry.startTime, duration: entry.duration, blocking: entry.blockingDuration,
          layout, scripts: entry.scripts.map((script) => ({
            url: script.sourceURL, invoker: script.invoker, duration: script.duration,
          })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch (error) { bench.framesError = String(error); }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") bench.fcp = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });
  new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      const target = record.target;
      const { id, dataset } = target;
      if (record.attributeName === "data-state") bench.states.push([now, id, dataset.state]);
      if (record.attributeName === "data-computed") bench.computed.push([now, id, dataset.computed]);
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state", "data-computed"] });
  addEventListener("load", () => { bench.load = performance.now(); });
})();
"""

BARE_HTML: Final = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide floor</title></head>
<body><p id="status" data-state="loading">Python is loading.</p>
<script type="module">
const worker = new Worker(new URL("bench-bare-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  const status = document.getElementById("status");
  window.__bare = { ...event.data, page: performance.now() };
  status.textContent = event.data.type;
  status.dataset.state = event.data.type === "ready" ? "ready" : "error";
};
const lock = new URLSearchParams(location.search).get("lock");
worker.postMessage({ indexURL: new URL("PYODIDE_DIR/", document.baseURI).href, lock });
</script></body></html>
"""

BARE_WORKER: Final = """
// With ?lock=min the page passes a lock file without packages instead of fetching pyodide-lock.json.
const MINIMAL_LOCK = LOCK_JSON;
self.onmessage = async (event) => {
  const began = performance.now();
  try {
    const { loadPyodide } = await import(event.data.indexURL + "pyodide.mjs");
    const options = { indexURL: event.data.indexURL };
    if (event.data.lock === "min") options.lockFileContents = MINIMAL_LOCK;
    const pyodide = await loadPyodide(options);
    const version = pyodide.runPython("import sys; sys.version.split()[0]");
    self.postMessage({ type: "ready", seconds: (performance.now() - began) / 1000, python: version });
  } catch (error) {
    self.postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
  }
};
"""

# The widget worker's work (wheel, bridge, hands, a first calculation) started from a memory snapshot.
SNAPSHOT_HTML: Final = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide from a snapshot</title></head>
<body><p id="status" data-state="loading">Python is loading.</p>
<script type="module">
const worker = new Worker(new URL("bench-snapshot-worker.mjs", import.meta.url), { type: "module" });
worker.onmessage = (event) => {
  if (event.data.type === "result") {
    window.__firstResult = performance.now();
    return;
  }
  const status = document.getElementById("status");
  window.__bare = { ...event.data, page: performance.now() };
  status.textContent = event.data.type;
  status.dataset.state = event.data.type === "ready" ? "ready" : "error";
};
const runtime = RUNTIME;
const absolute = {};
for (const [key, value] of Object.entries(runtime)) absolute[key] = new URL(value, document.baseURI).href;
absolute.snapshot = new URL("bench-snapshot.bin.gz", document.baseURI).href;
absolute.request = REQUEST;
worker.postMessage(absolute);
</script></body></html>
"""

SNAPSHOT_WORKER: Final = """
const LOCK = LOCK_JSON;
async function bytes(url, gunzip) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  if (!gunzip) return new Uint8Array(await response.arrayBuffer());
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
self.onmessage = async (event) => {
  const config = event.data;
  const began = performance.now();
  try {
    const snapshot = bytes(config.snapshot, true);
    const others = Promise.all([
      bytes(config.wheel, false),
      fetch(config.bridge).then((r) => r.json()),
      fetch(config.hands).then((r) => r.json()),
    ]);
    const { loadPyodide } = await import(config.pyodide + "pyodide.mjs");
    const options = { indexURL: config.pyodide, lockFileContents: LOCK, _loadSnapshot: snapshot };
    const pyodide = await loadPyodide(options);
    const booted = (performance.now() - began) / 1000;
    const [wheel, bridgeFiles, hands] = await others;
    const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(wheel, "wheel", { extractDir: purelib });
    const home = "/home/pyodide/tarot";
    pyodide.FS.mkdirTree(home + "/hands");
    for (const [path, text] of Object.entries(bridgeFiles)) {
      pyodide.FS.mkdirTree(`${home}/${path}`.replace(/\\/[^/]*$/, ""));
      pyodide.FS.writeFile(`${home}/${path}`, text);
    }
    for (const [name, text] of Object.entries(hands)) {
      pyodide.FS.writeFile(`${home}/hands/${name}.json`, text);
    }
    const restored = pyodide.runPython("import sys; 'bridge' in sys.modules");
    if (!restored) throw new Error("the snapshot did not bring back the imported bridge");
    const bridge = pyodide.pyimport("bridge");
    const answer = JSON.parse(bridge.calculate(config.request));
    if (!answer.ok) throw new Error("the bridge refused the calculation: " + answer.message);
    self.postMessage({ type: "result", seconds: (performance.now() - began) / 1000 });
    // After a restore the file system is new: a replay reads its hand from the files written above,
    // and a standard-library module never imported before comes from python_stdlib.zip.
    const name = Object.keys(hands)[0];
    const replayed = name ? JSON.parse(bridge.replay(name, 1)) : { ok: true };
    if (!replayed.ok) throw new Error(`the restored bridge cannot replay ${name}: ${replayed.message}`);
    pyodide.runPython("import colorsys, fractions");
    self.postMessage({ type: "ready", seconds: (performance.now() - began) / 1000, boot: booted });
  } catch (error) {
    self.postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
  }
};
"""


@dataclass
class Load:
    """What one page load did."""

    case: str
    url: str
    fcp: float | None = None
    load: float | None = None
    longest_task: float = 0.0
    # Chromium's Long Tasks API leaves out the rendering steps (style, layout, paint of a frame); a long
    # animation frame's blocking duration counts them: over 0 means some task, rendering included, took
    # more than 50 ms.
    frame_blocking: float = 0.0
    long_tasks: int = 0
    long_task_list: list[tuple[float, float]] = field(default_factory=list)
    long_frames: list[dict[str, object]] = field(default_factory=list)
    ready: float | None = None
    result: float | None = None
    worker_seconds: float | None = None
    bytes_at_load: int = 0
    bytes_total: int = 0
    requests: int = 0
    pyodide_requests: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # Traced loads only: the page's main-thread tasks over 50 ms of wall or of CPU time, as
    # (start s, wall ms, CPU ms), and the most CPU time any one of its tasks took (ms).
    traced_tasks: list[tuple[float, float, float]] = field(default_factory=list)
    longest_task_cpu: float | None = None

    def as_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


# ---------------------------------------------------------------------------------------------- serving
class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve(folder: Path, kind: type[http.server.SimpleHTTPRequestHandler] = _QuietHandler) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 (a free port) for the duration of the block, with a handler of
    class ``kind``."""
    handler = partial(kind, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------------------------- the site
def pyodide_folder(site: Path) -> str:
    found = sorted(path.name for path in (site / "_static").glob("pyodide-*") if path.is_dir())
    if not found:
        raise BenchError(f"{site} has no _static/pyodide-<version>/: build the site with its widgets first")
    return f"_static/{found[-1]}"


def calculator_pages() -> list[str]:
    """Docnames whose source places a calculator, rules pages first."""
    found: list[tuple[int, str]] = []
    order = {"rules": 0, "variants": 1}
    for path in sorted(DOCS.rglob("*.md")):
        if "_build" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if "{tarot-calculator}" in text:
            docname = path.relative_to(DOCS).with_suffix("").as_posix()
            found.append((order.get(docname.split("/", 1)[0], 2), docname))
    return [docname for _, docname in sorted(found)]


# Folders of the built site that hold no page a reader opens.
NOT_PAGES: Final = frozenset({"_static", "_sources", "_images", "_downloads", ".doctrees"})
START_TAG: Final = re.compile(rb"<[a-zA-Z]")


def site_pages(site: Path) -> list[tuple[str, int, int]]:
    """Every built page as (docname, elements, bytes), the most elements first."""
    found = []
    for path in site.rglob("*.html"):
        relative = path.relative_to(site)
        if NOT_PAGES & set(relative.parts) or relative.name.startswith("bench-"):
            continue
        data = path.read_bytes()
        found.append((relative.with_suffix("").as_posix(), len(START_TAG.findall(data)), len(data)))
    return sorted(found, key=lambda item: (-item[1], item[0]))


def chosen_pages(site: Path, spec: str) -> list[str]:
    """The docnames ``--pages`` names: docnames (``docs/`` and a suffix allowed), ``all``, ``heaviest:N``."""
    weights = site_pages(site)
    chosen: list[str] = []
    for item in (part.strip() for part in spec.split(",")):
        if not item:
            continue
        if item == "all":
            names = [docname for docname, _, _ in weights]
        elif item.startswith("heaviest"):
            count = item.partition(":")[2] or "1"
            if not count.isdigit() or int(count) <= 0:
                raise BenchError(f"--pages {item}: say heaviest:N with N a positive whole number")
            names = [docname for docname, _, _ in weights[: int(count)]]
        else:
            docname = item.removeprefix("docs/").removesuffix(".html").removesuffix(".md").strip("/")
            if not (site / f"{docname}.html").is_file():
                raise BenchError(f"--pages {item}: the built site has no {docname}.html")
            names = [docname]
        chosen += [name for name in names if name not in chosen]
    return chosen


def widget_free_page(site: Path) -> str:
    """A built rules page without any widget."""
    for candidate in [*sorted((site / "rules").glob("*.html")), site / "index.html"]:
        if "data-tarot-widget" not in candidate.read_text(encoding="utf-8"):
            return candidate.relative_to(site).as_posix()
    raise BenchError("every page of the site holds a widget: no page to check for a widget-free load")


class _WidgetRoots(HTMLParser):
    """The attributes of every ``data-tarot-widget`` element of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.roots: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: value or "" for key, value in attrs}
        if "data-tarot-widget" in found:
            self.roots.append(found)


def widget_roots(site: Path, docname: str) -> list[dict[str, str]]:
    parser = _WidgetRoots()
    parser.feed((site / f"{docname}.html").read_text(encoding="utf-8"))
    return parser.roots


def url_calculator(site: Path, pages: list[str]) -> tuple[str, dict[str, list[str]]]:
    """The page whose calculator keeps its form in the URL, and a query that changes its points."""
    for docname in pages:
        for root in widget_roots(site, docname):
            if root["data-tarot-widget"] != "calculator":
                continue
            config = json.loads(root.get("data-config") or "{}")
            if config.get("url_state"):
                query: dict[str, list[str]] = {k: [str(v) for v in vs] for k, vs in config["query"].items()}
                points = query.get("points", ["0"])
                if len(points) == 1:
                    query["points"] = [str(int(float(points[0] or 0)) + 7)]
                return docname, query
    raise BenchError("no calculator keeps its form in the URL (every one has :no-url:)")


def runtime_config(site: Path, docname: str) -> dict[str, str]:
    """The widget runtime's URLs (pyodide folder, wheel, bridge, hands), as paths from the site root."""
    roots = widget_roots(site, docname)
    if not roots or "data-runtime" not in roots[0]:
        raise BenchError(f"{docname}.html has no widget with a data-runtime attribute")
    page = f"http://site/{docname}.html"
    return {
        key: urlsplit(urljoin(page, value)).path.lstrip("/")
        + (f"?{urlsplit(value).query}" if "?" in value else "")
        for key, value in json.loads(roots[0]["data-runtime"]).items()
    }


def local_file(serve_dir: Path, url_path: str) -> Path:
    return serve_dir / url_path.split("?", 1)[0]


def minimal_lock(serve_dir: Path, pyodide_dir: str) -> str:
    """The runtime's lock file without its package list (nothing is loaded from it here): 0.3 kB, not 119."""
    lock = json.loads((serve_dir / pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}})


def write_generated_pages(serve_dir: Path, pyodide_dir: str) -> None:
    (serve_dir / BLANK_PAGE).write_text(
        "<!doctype html><meta charset=utf-8><title>Tab</title><p>A page before the measured one.</p>\n",
        encoding="utf-8",
    )
    page = BARE_HTML.replace("PYODIDE_DIR", pyodide_dir)
    (serve_dir / "bench-bare.html").write_text(page, encoding="utf-8")
    worker = BARE_WORKER.replace("LOCK_JSON", json.dumps(minimal_lock(serve_dir, pyodide_dir)))
    (serve_dir / "bench-bare-worker.mjs").write_text(worker, encoding="utf-8")


def make_snapshot(serve_dir: Path, runtime: dict[str, str], request: str) -> dict[str, object]:
    """Make a snapshot under Node from the served runtime, wheel and bridge; write its page and worker."""
    out = serve_dir / "bench-snapshot.bin"
    command = ["node", str(HERE / "snapshot_study.mjs"), "--case", "make", "--snapshot-out", str(out)]
    command += ["--wheel", str(local_file(serve_dir, runtime["wheel"]))]
    command += ["--bridge", str(local_file(serve_dir, runtime["bridge"]))]
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)
    if result.returncode != 0:
        raise BenchError(f"making the snapshot failed:\n{result.stderr.strip()}")
    made = json.loads(result.stdout.strip().splitlines()[-1])
    raw = out.read_bytes()
    packed = gzip.compress(raw, compresslevel=6)
    (serve_dir / "bench-snapshot.bin.gz").write_bytes(packed)
    out.unlink()
    page = SNAPSHOT_HTML.replace("RUNTIME", json.dumps(runtime)).replace("REQUEST", json.dumps(request))
    (serve_dir / "bench-snapshot.html").write_text(page, encoding="utf-8")
    lock = minimal_lock(serve_dir, runtime["pyodide"].split("?", 1)[0].rstrip("/"))
    worker = SNAPSHOT_WORKER.replace("LOCK_JSON", json.dumps(lock))
    (serve_dir / "bench-snapshot-worker.mjs").write_text(worker, encoding="utf-8")
    return {
        "bytes": len(raw),
        "gzip_bytes": len(packed),
        "node_make_seconds": round(time.perf_counter() - started, 2),
        "node_boot_from_scratch_seconds": round(float(made["first_result"]), 3),
    }


# ------------------------------------------------------------------------------------------ measuring
@dataclass
class Case:
    """One kind of page load."""

    name: str
    path: str
    wait: Wait
    warm: bool = False
    reduced_motion: bool = False
    #: Open the page in a tab that has shown a page of the site before (its renderer is running).
    open_tab: bool = False


def page_tasks(trace: bytes, url: str) -> list[tuple[float, float, float]]:
    """The tasks the page's main thread ran in a Chromium trace, from the start of the navigation to
    ``url``: (start in s, wall time in ms, CPU time in ms).

    The page's renderer is the process that marked the start of that navigation; its main thread is
    the one named ``CrRendererMain``. A task is a ``ThreadControllerImpl::RunTask`` event not inside
    another: its ``dur`` is the wall time it took, its ``tdur`` the CPU time the thread got meanwhile.
    On a busy machine the wall time also counts the time the thread waited for a core.
    """
    data = json.loads(trace)
    events: list[dict[str, Any]] = data["traceEvents"] if isinstance(data, dict) else data
    starts = [
        event
        for event in events
        if event.get("name") == "navigationStart"
        and event.get("args", {}).get("data", {}).get("documentLoaderURL") == url
    ]
    if not starts:
        raise BenchError(f"the trace of {url} does not show its navigation start")
    start = min(starts, key=lambda event: float(event["ts"]))
    pid, origin = start["pid"], float(start["ts"])
    main_threads = {
        event["tid"]
        for event in events
        if event.get("ph") == "M"
        and event.get("name") == "thread_name"
        and event.get("pid") == pid
        and event.get("args", {}).get("name") == "CrRendererMain"
    }
    if not main_threads:
        raise BenchError(f"the trace of {url} names no main thread for the page's renderer")
    runs = sorted(
        (
            event
            for event in events
            if event.get("ph") == "X"
            and event.get("name") == "ThreadControllerImpl::RunTask"
            and event.get("pid") == pid
            and event.get("tid") in main_threads
            and float(event["ts"]) >= origin
        ),
        key=lambda event: float(event["ts"]),
    )
    tasks: list[tuple[float, float, float]] = []
    end = -1.0
    for event in runs:
        begin = float(event["ts"])
        if begin < end:  # a task run inside another (a nested run loop): counted in the outer one
            continue
        end = begin + float(event["dur"])
        # Chromium leaves the CPU time out of some tasks of a few microseconds: their wall time
        # stands for it (CPU time never exceeds it).
        wall, cpu = float(event["dur"]), float(event.get("tdur", event["dur"]))
        tasks.append((round((begin - origin) / 1e6, 4), round(wall / 1000, 2), round(cpu / 1000, 2)))
    if tasks and not any("tdur" in event for event in runs):
        raise BenchError("the trace gives no CPU time for the page's tasks")
    return tasks


def measure(playwright: Any, browser: Any, base: str, case: Case, traced: bool = False) -> Load:
    """Open the case's page in a new context (empty cache) and measure it; its ``wait`` says when done.

    A warm case runs in a fresh persistent profile (an on-disk cache, as a reader's browser has: an
    in-memory profile's cache keeps no 9.6 MB file): the page is opened once, then the second visit is
    measured, with the HTTP cache and the cache of compiled WebAssembly serving what they can.

    ``traced`` (new-tab cases only) records the load with Chromium's tracing on, for the CPU time of
    each of the page's main-thread tasks (see :func:`page_tasks`). Tracing costs time of its own, so
    the other figures of a traced load are not comparable with those of the plain loads.
    """
    if traced and (case.warm or case.open_tab):
        raise BenchError(f"{case.name}: only new-tab cases are traced")
    path, wait = case.path, case.wait
    motion = "reduce" if case.reduced_motion else "no-preference"
    profile = tempfile.mkdtemp(prefix="tarot-bench-profile-") if case.warm else None
    if profile is not None:
        context = playwright.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            args=list(CHROMIUM_ARGS),
            reduced_motion=motion,
            service_workers="block",
        )
    else:
        # The site's service worker would fill its cache after each load and serve later loads from
        # it: these figures are a first visit's, without it.
        context = browser.new_context(reduced_motion=motion, service_workers="block")
    if case.warm:
        first = context.new_page()
        first.goto(base + path, wait_until="load", timeout=TIMEOUT_MS)
        wait(first)
        first.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
        first.close()
    page = context.new_page()
    page.add_init_script(INIT_SCRIPT)
    if case.open_tab:
        page.goto(base + BLANK_PAGE, wait_until="load", timeout=TIMEOUT_MS)
        page.wait_for_timeout(300)
    finished: list[tuple[float, Any]] = []
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    page.on("requestfinished", lambda request: finished.append((time.perf_counter(), request)))
    load = Load(case=case.name, url=path)
    tracing = False
    try:
        if traced:
            browser.start_tracing(page=page, categories=list(TRACE_CATEGORIES))
            tracing = True
        page.goto(base + path, wait_until="load", timeout=TIMEOUT_MS)
        load_clock = time.perf_counter()
        wait(page)
        try:
            page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
        except Exception:
            load.notes.append("the network never went idle")
        if tracing:
            tracing = False
            ran = page_tasks(browser.stop_tracing(), base + path)
            load.traced_tasks = [task for task in ran if max(task[1], task[2]) > LONG_TASK_GOAL * 1000]
            load.longest_task_cpu = max((cpu for _, _, cpu in ran), default=0.0)
        bench = page.evaluate("window.__bench")
        bare = page.evaluate("window.__bare || null")
        first_result = page.evaluate("window.__firstResult || null")
        load.fcp = _seconds(bench.get("fcp"))
        load.load = _seconds(bench.get("load"))
        tasks = bench.get("longtasks") or []
        load.long_tasks = len(tasks)
        load.long_task_list = [(round(start / 1000, 3), round(length / 1000, 3)) for start, length in tasks]
        load.long_frames = [frame for frame in bench.get("frames") or [] if frame.get("blocking", 0) > 0]
        blocking = [float(frame.get("blocking") or 0) for frame in bench.get("frames") or []]
        load.frame_blocking = max(blocking, default=0.0) / 1000
        load.longest_task = max((duration for _, duration in tasks), default=0.0) / 1000
        if bench.get("longtaskError"):
            load.notes.append("long tasks not observable: " + bench["longtaskError"])
        ready_times: dict[str, float] = {}
        for stamp, uid, state in bench.get("states") or []:
            if state == "ready":
                ready_times.setdefault(uid, stamp)
        if ready_times:
            load.ready = _seconds(max(ready_times.values()))
        if bench.get("computed"):
            load.result = _seconds(min(stamp for stamp, _, _ in bench["computed"]))
        if bare is not None:
            if bare.get("type") != "ready":
                raise BenchError(f"{path}: the worker failed: {bare.get('message')}")
            load.ready = _seconds(bare.get("page"))
            load.worker_seconds = float(bare["seconds"])
            load.result = _seconds(first_result)
        for stamp, request in finished:
            sizes = request.sizes()
            size = int(sizes.get("responseBodySize", 0)) + int(sizes.get("responseHeadersSize", 0))
            load.bytes_total += size
            if stamp <= load_clock:
                load.bytes_at_load += size
        load.requests = len(seen)
        load.pyodide_requests = sorted({url for url in seen if "/_static/pyodide-" in url})
        load.foreign_requests = sorted({url for url in seen if not url.startswith(base)})
    finally:
        if tracing:
            browser.stop_tracing()
        context.close()
        if profile is not None:
            shutil.rmtree(profile, ignore_errors=True)
    return load


def _seconds(value: object) -> float | None:
    return round(float(value) / 1000, 4) if isinstance(value, int | float) else None


def wait_widgets(page: Any) -> None:
    page.wait_for_function(
        "() => { const roots = [...document.querySelectorAll('[data-tarot-widget]')];"
        " return roots.length > 0"
        " && roots.every((r) => r.dataset.state === 'ready' || r.dataset.state === 'error'); }",
        timeout=TIMEOUT_MS,
    )
    states = page.evaluate(
        "[...document.querySelectorAll('[data-tarot-widget]')].map((r) => r.dataset.state)"
    )
    if any(state != "ready" for state in states):
        message = page.evaluate("document.querySelector('[data-state=error] .tw-loading-text')?.textContent")
        raise BenchError(f"a widget did not start: {message}")


def wait_url_result(page: Any) -> None:
    wait_widgets(page)
    computed = page.evaluate("[...document.querySelectorAll('[data-computed]')].length")
    if not computed:
        raise BenchError("the calculator opened from a URL never computed its result")
    stale = page.evaluate(
        "document.querySelector('[data-computed] .tw-result')?.classList.contains('tw-stale')"
    )
    if stale:
        raise BenchError("the calculator opened from a URL shows a stale or refused result")


def wait_status(page: Any) -> None:
    page.wait_for_function(
        "() => document.getElementById('status')?.dataset.state !== 'loading'", timeout=TIMEOUT_MS
    )


def wait_nothing(page: Any) -> None:
    page.wait_for_timeout(1000)


def wait_page(page: Any) -> None:
    """Any page: its widgets ready when it has some, else a second after the load event."""
    if page.evaluate("document.querySelector('[data-tarot-widget]') !== null"):
        wait_widgets(page)
    else:
        wait_nothing(page)


# ----------------------------------------------------------------------------------------------- main
def describe_frame(frame: dict[str, object]) -> str:
    """A long animation frame in a line: its length, its style and layout, its longest scripts."""
    scripts = frame.get("scripts")
    listed = sorted(
        (script for script in scripts if isinstance(script, dict)) if isinstance(scripts, list) else [],
        key=lambda script: -float(script.get("duration") or 0),
    )
    parts = [
        f"{float(script.get('duration') or 0):.0f} ms {str(script.get('url') or '').rsplit('/', 1)[-1]}"
        f" ({script.get('invoker')})"
        for script in listed[:2]
    ]
    duration, layout = float(frame.get("duration") or 0), float(frame.get("layout") or 0)  # type: ignore[arg-type]
    text = f"{duration:.0f} ms, style and layout {layout:.0f} ms"
    return text + (", scripts: " + "; ".join(parts) if parts else "")


def describe_traced(loads: list[Load]) -> str:
    """The traced loads of a case in a line: the most CPU time a task took, and the tasks over 50 ms."""
    cpu = [load.longest_task_cpu for load in loads if load.longest_task_cpu is not None]
    text = f"most CPU time of a task {max(cpu, default=0.0):.0f} ms in {len(loads)} load"
    text += "s" if len(loads) != 1 else ""
    over = [task for load in loads for task in load.traced_tasks]
    if not over:
        return text + ", no task over 50 ms"
    listed = ", ".join(f"{wall:.0f} ms ({cpu:.0f} ms CPU) at {start:.2f} s" for start, wall, cpu in over[:4])
    return text + f"; tasks over 50 ms: {listed}" + (f" and {len(over) - 4} more" if len(over) > 4 else "")


def median_of(loads: list[Load], key: str) -> float | None:
    values = [getattr(load, key) for load in loads if getattr(load, key) is not None]
    return round(statistics.median(values), 4) if values else None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--site", type=Path, default=DOCS / "_build" / "html", help="the built site")
    parser.add_argument("--repeat", type=int, default=3, help="loads per case (default 3)")
    parser.add_argument(
        "--traced",
        type=int,
        default=3,
        help="loads per case with Chromium's tracing on, for the CPU time of each task (default 3)",
    )
    parser.add_argument("--no-snapshot", action="store_true", help="skip the memory snapshot case")
    parser.add_argument("--page", help="docname of the widget page (default: found from docs/)")
    parser.add_argument("--only", default="", help="comma-separated case names to run (default: all)")
    parser.add_argument(
        "--pages",
        default="",
        help="more pages to load, comma-separated: docnames (variants/chambery/scoring), heaviest:N or all",
    )
    args = parser.parse_args(argv)
    site: Path = args.site.resolve()
    if not (site / "index.html").is_file():
        raise BenchError(f"{site} holds no built site: run `nox -s docs` first")
    if args.repeat <= 0 or args.traced < 0:
        parser.error("--repeat must be positive and --traced not negative")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BenchError("Playwright is not installed: pip install playwright (nox -s bench does)") from None
    if not Path(CHROMIUM).exists():
        raise BenchError(f"{CHROMIUM} is missing: apt-get update && apt-get install -y chromium")

    pages = calculator_pages()
    if args.page:
        pages = [args.page, *[page for page in pages if page != args.page]]
    if not pages or not (site / f"{pages[0]}.html").is_file():
        raise BenchError("no built page holds a tarot-calculator widget")
    widget_page = pages[0]
    weights = site_pages(site)
    heaviest = weights[0][0]
    extra_pages = chosen_pages(site, args.pages) if args.pages else []
    url_page, url_query = url_calculator(site, pages)
    results: dict[str, object] = {"machine": machine(), "load_average_start": load_average()}

    with tempfile.TemporaryDirectory(prefix="tarot-site-bench-") as temp:
        serve_dir = Path(temp) / "site"
        shutil.copytree(site, serve_dir)
        pyodide_dir = pyodide_folder(serve_dir)
        write_generated_pages(serve_dir, pyodide_dir)
        runtime = runtime_config(serve_dir, url_page)
        url_path = f"{url_page}.html?{urlencode(url_query, doseq=True)}"
        cases = [
            Case("bare", "bench-bare.html", wait_status),
            Case("bare-minlock", "bench-bare.html?lock=min", wait_status),
            Case("widget", f"{widget_page}.html", wait_widgets),
            Case("widget-still", f"{widget_page}.html", wait_widgets, reduced_motion=True),
            Case("widget-url", url_path, wait_url_result),
            Case("widget-url-warm", url_path, wait_url_result, warm=True),
            Case("no-widget", widget_free_page(serve_dir), wait_nothing),
            Case("heaviest", f"{heaviest}.html", wait_page),
            Case("widget-open-tab", f"{widget_page}.html", wait_widgets, open_tab=True),
            Case("no-widget-open-tab", widget_free_page(serve_dir), wait_nothing, open_tab=True),
            Case("heaviest-open-tab", f"{heaviest}.html", wait_page, open_tab=True),
        ]
        if not args.no_snapshot:
            log("bench: making a memory snapshot under Node")
            results["snapshot_file"] = make_snapshot(serve_dir, runtime, json.dumps(url_query))
            log("bench: Node start-up study (plain, lock file passed in, snapshot)")
            study = [
                "node",
                str(HERE / "snapshot_study.mjs"),
                "--repeat",
                str(args.repeat),
                "--snapshot-out",
                str(Path(temp) / "node-snapshot.bin"),
            ]
            study += ["--wheel", str(local_file(serve_dir, runtime["wheel"]))]
            study += ["--bridge", str(local_file(serve_dir, runtime["bridge"]))]
            node = run_json(study)
            results["node_startup_study"] = {"summary": node["summary"], "make": node["make"]}
            cases.append(Case("snapshot", "bench-snapshot.html", wait_status))
            cases.append(Case("snapshot-warm", "bench-snapshot.html", wait_status, warm=True))
        if args.only:
            wanted = {name.strip() for name in args.only.split(",")}
            if unknown := wanted - {case.name for case in cases}:
                raise BenchError(f"no case named {', '.join(sorted(unknown))}")
            # The bare floor comes along with the cases whose figures are read against it.
            floor = (
                {"bare"} if wanted & {"widget-url", "widget-url-warm", "snapshot", "snapshot-warm"} else set()
            )
            cases = [case for case in cases if case.name in wanted | floor]
        for docname in extra_pages:
            cases.append(Case(f"page:{docname}", f"{docname}.html", wait_page))
            cases.append(Case(f"page-open-tab:{docname}", f"{docname}.html", wait_page, open_tab=True))
        loads: dict[str, list[Load]] = {case.name: [] for case in cases}
        traced_cases = [
            case
            for case in cases
            if args.traced and (case.name in TRACED_CASES or case.name.startswith("page:"))
        ]
        traced: dict[str, list[Load]] = {case.name: [] for case in traced_cases}
        with serve(serve_dir) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
            try:
                for number in range(args.repeat):
                    for case in cases:
                        log(f"bench: {case.name} load {number + 1}/{args.repeat}: {case.path}")
                        loads[case.name].append(measure(playwright, browser, base, case))
                # Apart from the plain loads: tracing slows the browser, so these give CPU times only.
                for number in range(args.traced):
                    for case in traced_cases:
                        log(f"bench: {case.name} traced load {number + 1}/{args.traced}: {case.path}")
                        traced[case.name].append(measure(playwright, browser, base, case, traced=True))
                results["chromium"] = browser.version
            finally:
                browser.close()
    results["load_average_end"] = load_average()
    results["pages"] = {
        "widget": widget_page,
        "widget_url": url_page,
        "url_query": url_query,
        "heaviest": heaviest,
        "others": extra_pages,
    }
    results["page_weights"] = {
        docname: {"elements": count, "bytes": size} for docname, count, size in weights
    }
    results["loads"] = {name: [load.as_dict() for load in items] for name, items in loads.items()}
    results["traced_loads"] = {name: [load.as_dict() for load in items] for name, items in traced.items()}

    keys = ("fcp", "longest_task", "frame_blocking", "bytes_at_load", "bytes_total", "ready", "result")
    medians = {name: {key: median_of(items, key) for key in keys} for name, items in loads.items()}
    results["medians"] = medians
    # How often, not only whether: on a shared machine a task over the limit comes in some loads only.
    over = {name: [sum(1 for load in items if load.long_tasks), len(items)] for name, items in loads.items()}
    results["loads_with_a_long_task"] = over
    bare_ready = medians.get("bare", {}).get("ready")
    url_medians = medians.get("widget-url", {})
    widget_first = url_medians.get("result") or url_medians.get("ready")
    goals: dict[str, object] = {
        "fcp_under_0.5s": all(
            (load.fcp or 99) < FCP_GOAL for name in ("widget", "widget-url") for load in loads.get(name, [])
        ),
        "no_task_over_50ms": all(
            load.long_tasks == 0 for name in ("widget", "widget-url") for load in loads.get(name, [])
        ),
        "widget_first_result_ratio": round(widget_first / bare_ready, 3)
        if widget_first and bare_ready
        else None,
        "no_blocking_frame": all(
            load.frame_blocking == 0 for name in ("widget", "widget-url") for load in loads.get(name, [])
        ),
        "no_blocking_frame_heaviest_and_pages": all(
            load.frame_blocking == 0
            for name, items in loads.items()
            if name == "heaviest" or name.startswith("page:")
            for load in items
        ),
        "no_task_over_50ms_heaviest_and_pages": all(
            load.long_tasks == 0
            for name, items in loads.items()
            if name == "heaviest" or name.startswith("page:")
            for load in items
        ),
        # Every load of a page of the site (the bare and snapshot pages are the bench's own), new or open tab.
        "no_task_over_50ms_every_page": all(
            load.long_tasks == 0
            for name, items in loads.items()
            if not name.startswith(("bare", "snapshot"))
            for load in items
        ),
        "no_task_over_50ms_open_tab": all(
            load.long_tasks == 0 for name, items in loads.items() if "open-tab" in name for load in items
        ),
        "no_blocking_frame_open_tab": all(
            load.frame_blocking == 0 for name, items in loads.items() if "open-tab" in name for load in items
        ),
        "no_pyodide_without_widgets": all(
            not load.pyodide_requests
            for load in [*loads.get("no-widget", []), *loads.get("no-widget-open-tab", [])]
        ),
        "all_requests_local": all(not load.foreign_requests for items in loads.values() for load in items),
    }
    if traced:
        # The page's own work: no task of its main thread took more than 50 ms of CPU time, whatever
        # the wall clock said while the thread waited for a core.
        goals["no_task_over_50ms_of_cpu_traced"] = all(
            (load.longest_task_cpu or 0.0) <= LONG_TASK_GOAL * 1000
            for items in traced.values()
            for load in items
        )
    # The same ratio taken load by load (each widget load next to the bare load of the same round, under
    # a similar machine load), then the median: steadier than a ratio of medians on a busy machine.
    paired = [
        round(float(widget.result) / float(bare.ready), 3)
        for widget, bare in zip(loads.get("widget-url", []), loads.get("bare", []), strict=False)
        if widget.result and bare.ready
    ]
    goals["widget_first_result_paired_ratios"] = paired
    if paired:
        goals["widget_first_result_ratio"] = round(statistics.median(paired), 3)
    ratio = goals["widget_first_result_ratio"]
    goals["widget_within_1.15x_bare"] = isinstance(ratio, float) and ratio <= RATIO_GOAL
    if "snapshot" in medians and medians["snapshot"]["ready"] and bare_ready:
        pairs = [
            float(snap.result or snap.ready or 0) / float(bare.ready)
            for snap, bare in zip(loads["snapshot"], loads["bare"], strict=False)
            if bare.ready
        ]
        goals["snapshot_first_result_ratio"] = round(statistics.median(pairs), 3)
    results["goals"] = goals
    results_path = write_results("site", results)

    def cell(value: float | None, unit: str = "s") -> str:
        if value is None:
            return "-"
        if unit == "kB":
            return f"{value / 1000:.0f}"
        return f"{value:.3f}"

    rows = [
        [
            name,
            path,
            cell(medians[name]["fcp"]),
            cell(medians[name]["longest_task"]),
            "{}/{}".format(*over[name]),
            cell(medians[name]["bytes_at_load"], "kB"),
            cell(medians[name]["bytes_total"], "kB"),
            cell(medians[name]["ready"]),
            cell(medians[name]["result"]),
        ]
        for name, path in ((case.name, case.path) for case in cases)
    ]
    print(f"Site ({args.repeat} cold loads per case, medians; Chromium {results.get('chromium')})")
    print(
        table(
            [
                "case",
                "page",
                "FCP s",
                "longest task s",
                "loads over 50 ms",
                "kB at load",
                "kB total",
                "ready s",
                "result s",
            ],
            rows,
        )
    )
    print(
        "longest task 0.000 means the Long Tasks API saw no task over 50 ms (it leaves out rendering steps:"
    )
    print("a frame's blocking time, below, counts them)")
    for name, items in loads.items():
        slowest = max(
            (frame for load in items for frame in load.long_frames),
            key=lambda frame: float(frame.get("duration", 0)),  # type: ignore[arg-type]
            default=None,
        )
        if slowest is not None:
            blocking = medians[name]["frame_blocking"] or 0.0
            print(
                f"  {name}: slowest frame {describe_frame(slowest)}; median blocking {blocking * 1000:.0f} ms"
            )
    for name, items in traced.items():
        print(f"  traced {name}: {describe_traced(items)}")
    for key, value in goals.items():
        print(f"  {key}: {value}")
    print(f"load average: start {results['load_average_start']}, end {results['load_average_end']}")
    print(f"results: {results_path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    run_main(main)
