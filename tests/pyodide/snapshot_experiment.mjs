#!/usr/bin/env node
// Experiment, not part of the tests: can a Pyodide memory snapshot make Node boot faster?
//
//   node tests/pyodide/snapshot_experiment.mjs make   boot, import the engine, save .cache/pyodide/snapshot.bin
//   node tests/pyodide/snapshot_experiment.mjs load   boot from that snapshot and use the engine
//
// `_makeSnapshot` / `_loadSnapshot` are private options of loadPyodide (Pyodide 314): the snapshot is the
// WebAssembly memory after start-up, so it holds every imported module, but not the in-memory file
// system: files unpacked before the snapshot are gone after loading it. Modules imported before the
// snapshot come back as they were, so a snapshot is only valid for the wheel it was made with (checked).

import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO, SetupError, bootPyodide, exitOnError, readManifest, timing } from "./pyodide_boot.mjs";

const SNAPSHOT = join(REPO, ".cache", "pyodide", "snapshot.bin");
const SNAPSHOT_WHEEL = `${SNAPSHOT}.wheel-sha256`;

function wheelDigest() {
  return createHash("sha256").update(readFileSync(readManifest().projectWheel)).digest("hex");
}
const CHECK = `
import json
from tarot_core.cards import FULL_PACK
from tarot_core.cli import main
print(json.dumps([str(card) for card in FULL_PACK[:3]]), flush=True)
main(["simulate", "--games", "50", "--seed", "1"])
`;

async function make() {
  const { pyodide } = await bootPyodide({ makeSnapshot: true });
  let start = performance.now();
  pyodide.runPython("import tarot_core.cli, tarot_core.records, tarot_core.engine.result, json");
  timing("import-engine", performance.now() - start);
  start = performance.now();
  const bytes = pyodide.makeMemorySnapshot();
  writeFileSync(SNAPSHOT, bytes);
  writeFileSync(SNAPSHOT_WHEEL, wheelDigest());
  timing("make-snapshot", performance.now() - start);
  process.stderr.write(`snapshot: ${(bytes.length / 2 ** 20).toFixed(1)} MiB in ${SNAPSHOT}\n`);
}

async function load() {
  if (!existsSync(SNAPSHOT_WHEEL) || readFileSync(SNAPSHOT_WHEEL, "utf8") !== wheelDigest()) {
    throw new SetupError("no snapshot of the current project wheel: run this script with `make` first");
  }
  let start = performance.now();
  const snapshot = new Uint8Array(readFileSync(SNAPSHOT));
  timing("read-snapshot", performance.now() - start);
  process.stderr.write(`snapshot: ${(statSync(SNAPSHOT).size / 2 ** 20).toFixed(1)} MiB\n`);
  const { pyodide } = await bootPyodide({ snapshot });
  start = performance.now();
  pyodide.runPython(CHECK);
  timing("use-engine", performance.now() - start);
}

const mode = process.argv[2];
if (mode === "make") await make().catch(exitOnError);
else if (mode === "load") await load().catch(exitOnError);
else {
  process.stderr.write("usage: node tests/pyodide/snapshot_experiment.mjs (make | load)\n");
  process.exit(2);
}
