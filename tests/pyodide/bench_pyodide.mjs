#!/usr/bin/env node
// Measure the engine's speed inside Pyodide under Node: boots Pyodide with the project's wheel and runs
// `tarot_core.cli.main(["simulate", ...args])`, passing the command-line arguments through.
//
//   node tests/pyodide/bench_pyodide.mjs --variant fft --players 4 --games 200 --seed 1 [--json]
//
// stdout is the simulate command's own output (compare with `python -m tarot_core simulate ...`).
// stderr gets the Pyodide timings: boot, wheel install, engine import and the command's wall time.
// The exit code is the command's.

import { bootPyodide, exitOnError, timing } from "./pyodide_boot.mjs";

async function main() {
  const { pyodide } = await bootPyodide();
  let start = performance.now();
  pyodide.runPython("import tarot_core.cli");
  timing("import-engine", performance.now() - start);
  pyodide.globals.set("simulate_args", pyodide.toPy(process.argv.slice(2)));
  start = performance.now();
  const code = pyodide.runPython(`
import sys
from tarot_core.cli import main as _tarot_main

try:
    _code = _tarot_main(["simulate", *simulate_args])
except SystemExit as stop:  # argparse exits on --help and on bad arguments
    _code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
sys.stdout.flush()
int(_code or 0)
`);
  timing("simulate", performance.now() - start);
  process.exitCode = code;
}

main().catch(exitOnError);
