#!/usr/bin/env node
// Pyodide start-up options under Node: how long until the widget bridge answers a first calculation?
//
//   node benchmarks/snapshot_study.mjs [--repeat 3] [--snapshot-out .cache/bench/pyodide-snapshot.bin]
//
// Measured, each REPEAT times, in a fresh Node process per boot (the orchestrator is bench_site.py or a
// plain shell loop; this file runs the cases itself with child processes):
//
//   plain      loadPyodide() as the widget worker does, unpack the wheel, import the bridge, calculate
//   lockfile   the same with lockFileContents passed in (no pyodide-lock.json read)
//   snapshot   boot from a memory snapshot taken after the engine and the bridge were imported
//              (private API: _makeSnapshot / makeMemorySnapshot / _loadSnapshot), then calculate
//
// One JSON object goes to stdout. The snapshot file is written once (case "make").
// `--case make --snapshot-out FILE [--wheel W] [--bridge B]` only makes a snapshot (bench_site.py uses it
// with the wheel and the bridge of the built site).

import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { REPO, readManifest } from "../tests/pyodide/pyodide_boot.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const BRIDGE = join(REPO, "tutorial", "bridge");
const HOME = "/home/pyodide/tarot";
const REQUEST = JSON.stringify({ variant: ["fft"], players: ["4"], contract: ["garde"], points: ["51"] });

function forbidNetwork() {
  const localFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (/^https?:/i.test(url)) throw new Error(`network access refused: ${url}`);
    return localFetch(input, init);
  };
}

// The bridge package's files, path (under HOME) to text: from the bridge.json of a built site, or
// from the package's folder.
function bridgeFiles(bridge) {
  if (bridge.endsWith(".json")) return JSON.parse(readFileSync(bridge, "utf8"));
  const names = readdirSync(bridge).filter((name) => name.endsWith(".py")).sort();
  return Object.fromEntries(names.map((name) => [`bridge/${name}`, readFileSync(join(bridge, name), "utf8")]));
}

function writeBridge(pyodide, bridge) {
  for (const [path, text] of Object.entries(bridgeFiles(bridge))) {
    pyodide.FS.mkdirTree(dirname(`${HOME}/${path}`));
    pyodide.FS.writeFile(`${HOME}/${path}`, text);
  }
}

function installEngine(pyodide, wheel, bridge) {
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: purelib });
  pyodide.FS.mkdirTree(HOME);
  writeBridge(pyodide, bridge);
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(HOME)})\nimport bridge`);
}

function calculate(pyodide) {
  const answer = JSON.parse(pyodide.runPython(`bridge.calculate(${JSON.stringify(REQUEST)})`));
  if (!answer.ok) throw new Error(`the bridge refused the calculation: ${JSON.stringify(answer)}`);
  return answer;
}

// One case, in this process. Prints {"case", "boot", "ready", "first_result"} in seconds.
async function runCase(name, snapshotPath, wheel, bridge) {
  const manifest = readManifest();
  forbidNetwork();
  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(join(manifest.pyodide, "pyodide.mjs")).href);
  const config = { indexURL: manifest.pyodide + "/" };
  if (name === "lockfile" || name === "snapshot") {
    config.lockFileContents = readFileSync(join(manifest.pyodide, "pyodide-lock.json"), "utf8");
  }
  if (name === "make") config._makeSnapshot = true;
  if (name === "snapshot") config._loadSnapshot = readFileSync(snapshotPath);
  const pyodide = await loadPyodide(config);
  const boot = (performance.now() - t0) / 1000;
  const restored = name === "snapshot" && pyodide.runPython("import sys; 'bridge' in sys.modules");
  if (name === "snapshot" && !restored) throw new Error("the snapshot did not bring back the imported bridge");
  if (!restored) installEngine(pyodide, wheel || manifest.projectWheel, bridge || BRIDGE);
  if (restored) {
    // The restored interpreter has a new, empty file system: put back what the bridge reads at run time.
    const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    const bytes = new Uint8Array(readFileSync(wheel || manifest.projectWheel));
    pyodide.unpackArchive(bytes, "wheel", { extractDir: purelib });
    pyodide.FS.mkdirTree(HOME + "/hands");
    writeBridge(pyodide, bridge || BRIDGE);
  }
  const ready = (performance.now() - t0) / 1000;
  const answer = calculate(pyodide);
  const first = (performance.now() - t0) / 1000;
  const out = { case: name, boot, ready, first_result: first, answer_keys: Object.keys(answer).sort() };
  if (restored) {
    // A replay reads its hand from the (new) file system; a module never imported before comes from
    // python_stdlib.zip: both must work in the restored interpreter.
    const start = performance.now();
    const record = "fft-4-first-hand";
    const text = readFileSync(join(REPO, "tutorial", "hands", `${record}.json`));
    pyodide.FS.mkdirTree(HOME + "/hands");
    pyodide.FS.writeFile(`${HOME}/hands/${record}.json`, text);
    const replayed = JSON.parse(pyodide.runPython(`bridge.replay(${JSON.stringify(record)}, 1)`));
    if (!replayed.ok) throw new Error(`the restored bridge cannot replay ${record}: ${replayed.message}`);
    pyodide.runPython("import colorsys, fractions");
    out.replay_check_seconds = (performance.now() - start) / 1000;
  }
  if (name === "make") {
    const start = performance.now();
    const bytes = pyodide.makeMemorySnapshot();
    out.make_seconds = (performance.now() - start) / 1000;
    mkdirSync(dirname(snapshotPath), { recursive: true });
    writeFileSync(snapshotPath, bytes);
    out.snapshot_bytes = bytes.length;
    out.snapshot_gzip_bytes = gzipSync(bytes, { level: 6 }).length;
  }
  process.stdout.write(JSON.stringify(out) + "\n");
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function child(name, snapshotPath, extra) {
  const args = [fileURLToPath(import.meta.url), "--case", name, "--snapshot-out", snapshotPath, ...extra];
  const result = spawnSync(process.execPath, args, {
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (result.status !== 0) throw new Error(`case ${name} failed:\n${result.stderr}`);
  const line = result.stdout.trim().split("\n").filter((text) => text.startsWith("{")).pop();
  return JSON.parse(line);
}

async function main() {
  const argv = process.argv.slice(2);
  const option = (flag, fallback) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : fallback);
  const snapshotPath = option("--snapshot-out", join(REPO, ".cache", "bench", "pyodide-snapshot.bin"));
  if (argv.includes("--case")) {
    return runCase(option("--case"), snapshotPath, option("--wheel"), option("--bridge"));
  }
  const repeat = Number.parseInt(option("--repeat", "3"), 10);
  const extra = [];
  for (const flag of ["--wheel", "--bridge"]) if (option(flag)) extra.push(flag, option(flag));
  const made = child("make", snapshotPath, extra);
  const cases = { plain: [], lockfile: [], snapshot: [] };
  for (let i = 0; i < repeat; i++) {
    for (const name of Object.keys(cases)) cases[name].push(child(name, snapshotPath, extra));
  }
  const summary = {};
  for (const [name, runs] of Object.entries(cases)) {
    summary[name] = {};
    for (const key of ["boot", "ready", "first_result"]) {
      summary[name][key] = { median: median(runs.map((run) => run[key])), best: Math.min(...runs.map((run) => run[key])) };
    }
  }
  const result = {
    runtime: "node " + process.versions.node,
    make: made,
    snapshot_file_bytes: statSync(snapshotPath).size,
    repeat,
    summary,
    runs: cases,
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

main().catch((error) => {
  process.stderr.write(`snapshot_study: ${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
