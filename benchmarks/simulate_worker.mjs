// Run the simulate command inside Pyodide in a module Web Worker, as the site's widgets run the engine.
//
// bench_engine.py serves a folder holding this file, the pinned Pyodide runtime (pyodide/) and the
// project's wheel (engine.whl), and opens a page that starts the worker with the command's arguments in
// the query string (`simulate_worker.mjs?args=<JSON list>`). The worker posts {ok, output, boot} or
// {ok: false, error}. Nothing is fetched from outside that folder.

const started = performance.now();
try {
  const args = JSON.parse(new URL(self.location.href).searchParams.get("args") ?? "[]");
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", self.location.href).href });
  const wheel = new Uint8Array(await (await fetch("./engine.whl")).arrayBuffer());
  pyodide.FS.writeFile("/tmp/engine.whl", wheel);
  const boot = (performance.now() - started) / 1000;
  pyodide.globals.set("simulate_args", pyodide.toPy(args));
  const output = pyodide.runPython(`
import contextlib, io, sys, zipfile

zipfile.ZipFile("/tmp/engine.whl").extractall("/tmp/engine")
sys.path.insert(0, "/tmp/engine")
from tarot_core.cli import main as _tarot_main

_out = io.StringIO()
with contextlib.redirect_stdout(_out):
    _code = _tarot_main(["simulate", *simulate_args])
if _code:
    raise SystemExit(f"simulate exited with {_code}")
_out.getvalue()
`);
  postMessage({ ok: true, output, boot });
} catch (error) {
  postMessage({ ok: false, error: String(error?.stack ?? error) });
}
