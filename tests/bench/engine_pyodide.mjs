#!/usr/bin/env node
// The engine benchmark's Pyodide half: boot the pinned runtime under Node with the project wheel
// (tests/pyodide/pyodide_boot.mjs does the boot and the install), then run the command line's
//
//   simulate --variant fft --players 4 --games N --seed S --contract garde-sans --json
//
// REPEAT times in the same interpreter, exactly as `python -m tarot_core` would, and print one JSON
// object on stdout: the boot timings and each run's report.
//
//   node tests/bench/engine_pyodide.mjs --games 2000 --seed 1 --repeat 5 [--stats]
//
// The orchestrator is tests/bench/bench_engine.py (`nox -s bench`).

import { bootPyodide, exitOnSetupError } from "../pyodide/pyodide_boot.mjs";

function parseArguments(argv) {
  const options = { games: 2000, seed: "1", repeat: 5, contract: "garde-sans", stats: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--stats") options.stats = true;
    else if (["--games", "--seed", "--repeat", "--contract"].includes(arg) && i + 1 < argv.length) {
      options[arg.slice(2)] = argv[++i];
    } else {
      throw new Error(`unknown argument ${arg}: expected --games N --seed S --repeat R [--contract C] [--stats]`);
    }
  }
  options.games = Number.parseInt(options.games, 10);
  options.repeat = Number.parseInt(options.repeat, 10);
  if (!(options.games > 0) || !(options.repeat > 0)) throw new Error("--games and --repeat must be positive");
  return options;
}

// Runs tarot_core.cli.main(argv) and returns what it printed on stdout (one JSON line).
const RUN_CLI = `
import contextlib, io, json
from tarot_core.cli import main as _cli_main

def bench_cli(argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = _cli_main(list(argv))
    if code != 0:
        raise SystemExit(f"simulate exited with {code}")
    return out.getvalue()
`;

async function main() {
  const options = parseArguments(process.argv.slice(2));
  // bootPyodide prints its timings on stderr; keep stdout for the one JSON answer.
  const { pyodide, manifest, timings } = await bootPyodide();
  pyodide.runPython(RUN_CLI);
  const benchCli = pyodide.globals.get("bench_cli");
  const base = ["simulate", "--variant", "fft", "--players", "4", "--games", String(options.games)];
  base.push("--seed", String(options.seed), "--contract", options.contract, "--json");
  const runs = [];
  for (let i = 0; i < options.repeat; i++) {
    const start = performance.now();
    const text = benchCli(pyodide.toPy(base));
    const wall = (performance.now() - start) / 1000;
    runs.push({ ...JSON.parse(text), wall_seconds: Number(wall.toFixed(4)) });
  }
  let stats = null;
  if (options.stats) stats = JSON.parse(benchCli(pyodide.toPy([...base, "--stats"]))).stats;
  benchCli.destroy();
  const python = pyodide.runPython("import sys; sys.version.split()[0]");
  const result = {
    runtime: "pyodide",
    pyodide_version: manifest.pyodideVersion,
    python_version: python,
    node_version: process.versions.node,
    boot_seconds: Number((timings.boot / 1000).toFixed(3)),
    wheel_install_seconds: Number((timings.wheels / 1000).toFixed(3)),
    runs,
    stats,
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

main().catch((error) => {
  try {
    exitOnSetupError(error);
  } catch (other) {
    process.stderr.write(`engine_pyodide: ${other && other.message ? other.message : other}\n`);
    process.exit(1);
  }
});
