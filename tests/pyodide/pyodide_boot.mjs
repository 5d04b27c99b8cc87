// Boot the pinned Pyodide runtime (tutorial/node_modules/pyodide) under Node, fully offline,
// and install the project's wheel (and optionally the test tools' wheels) into its site-packages.
//
// The paths come from .cache/pyodide/manifest.json, written by `python tests/pyodide/prepare.py`.
// Timings go to stderr as lines starting with "pyodide-timing:", so stdout stays the program's own.

import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const MANIFEST_PATH = join(REPO, ".cache", "pyodide", "manifest.json");
const HOW_TO_FIX = "run `python tests/pyodide/prepare.py` (`nox -s tests` does it)";

export class SetupError extends Error {}

export function readManifest() {
  if (!existsSync(MANIFEST_PATH)) {
    throw new SetupError(`${MANIFEST_PATH} is missing: ${HOW_TO_FIX}`);
  }
  const manifest = JSON.parse(readFileSync(MANIFEST_PATH, "utf8"));
  const files = [join(manifest.pyodide, "pyodide.mjs"), manifest.projectWheel, ...manifest.testWheels];
  for (const file of files) {
    if (!existsSync(file)) {
      throw new SetupError(`${file} is missing: ${HOW_TO_FIX}`);
    }
  }
  return manifest;
}

// Pyodide falls back to a CDN when asked for a package it does not have. Nothing here may use the
// network: make any such attempt fail at once with a sentence that says why.
function forbidNetwork() {
  const localFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (/^https?:/i.test(url)) {
      throw new Error(`network access refused in the offline Pyodide runner: ${url}`);
    }
    return localFetch(input, init);
  };
}

function rawWriter(stream) {
  return {
    write(buffer) {
      // Copy: the buffer is a view into Pyodide's memory, and a write to a pipe is sent later.
      stream.write(Buffer.from(buffer));
      return buffer.length;
    },
  };
}

export function timing(label, milliseconds) {
  process.stderr.write(`pyodide-timing: ${label} ${(milliseconds / 1000).toFixed(3)} s\n`);
}

/**
 * Boot Pyodide and install wheels.
 *
 * @param {object} options
 * @param {boolean} [options.testWheels] also install pytest, hypothesis and their dependencies
 * @param {boolean} [options.mountRepo] mount the repository at its own absolute path (read by tests that
 *   locate data files from `__file__`); Python never writes bytecode there
 * @param {Uint8Array} [options.snapshot] a memory snapshot to boot from (private Pyodide API, experimental)
 * @param {boolean} [options.makeSnapshot] boot so that `pyodide.makeMemorySnapshot()` works (experimental)
 * @returns {Promise<{pyodide: any, manifest: object, timings: object}>}
 */
export async function bootPyodide(options = {}) {
  const manifest = readManifest();
  forbidNetwork();
  const timings = {};
  let start = performance.now();
  const { loadPyodide, version } = await import(pathToFileURL(join(manifest.pyodide, "pyodide.mjs")).href);
  if (version !== manifest.pyodideVersion) {
    throw new SetupError(`tutorial/node_modules has Pyodide ${version}, expected ${manifest.pyodideVersion}`);
  }
  const config = {
    indexURL: manifest.pyodide + "/",
    stdout: undefined,
    env: { HOME: "/home/pyodide", PYTHONDONTWRITEBYTECODE: "1", PYTHONHASHSEED: "0" },
  };
  if (options.makeSnapshot) config._makeSnapshot = true;
  if (options.snapshot) config._loadSnapshot = options.snapshot;
  const pyodide = await loadPyodide(config);
  pyodide.setStdout(rawWriter(process.stdout));
  pyodide.setStderr(rawWriter(process.stderr));
  timings.boot = performance.now() - start;
  timing("boot", timings.boot);

  start = performance.now();
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.runPython("import sys; sys.dont_write_bytecode = True");
  if (options.testWheels) {
    installTestWheels(pyodide, manifest, purelib);
  }
  pyodide.unpackArchive(new Uint8Array(readFileSync(manifest.projectWheel)), "wheel", { extractDir: purelib });
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  timings.wheels = performance.now() - start;
  timing("install-wheels", timings.wheels);

  if (options.mountRepo) {
    pyodide.FS.mkdirTree(manifest.repository);
    pyodide.mountNodeFS(manifest.repository, manifest.repository);
  }
  // Import the engine now, from site-packages: a later sys.path entry pointing at the mounted sources
  // cannot shadow the wheel under test.
  const where = pyodide.runPython(`
import os, tarot_core
os.path.dirname(tarot_core.__file__)
`);
  if (!where.startsWith(purelib.replace(/^\/+/, "/"))) {
    throw new SetupError(`tarot_core was imported from ${where}, not from the wheel in ${purelib}`);
  }
  return { pyodide, manifest, timings };
}

/**
 * Install the test tools' wheels. Python compiles their ~300 modules at every import, which costs seconds
 * in Pyodide, so the first run saves site-packages with compiled bytecode (unchecked-hash .pyc files,
 * valid whatever the files' dates) as a zip under .cache/pyodide/, named after the runtime version and the
 * exact wheels; later runs unpack that zip instead. Deleting the zip is always safe; setting
 * TAROT_PYODIDE_NO_BYTECODE_CACHE=1 installs the plain wheels.
 */
function installTestWheels(pyodide, manifest, purelib) {
  if (process.env.TAROT_PYODIDE_NO_BYTECODE_CACHE === "1") {
    for (const wheel of manifest.testWheels) {
      pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: purelib });
    }
    return;
  }
  const key = createHash("sha256");
  key.update(manifest.pyodideVersion);
  for (const wheel of manifest.testWheels) {
    key.update(`\0${basename(wheel)}\0${statSync(wheel).size}`);
  }
  const bundle = join(REPO, ".cache", "pyodide", `test-site-packages-${key.digest("hex").slice(0, 16)}.zip`);
  if (existsSync(bundle)) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(bundle)), "zip", { extractDir: purelib });
    return;
  }
  for (const wheel of manifest.testWheels) {
    pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: purelib });
  }
  pyodide.runPython(`
import compileall, os, py_compile, sysconfig, zipfile

purelib = sysconfig.get_path("purelib")
compileall.compile_dir(
    purelib, quiet=2, workers=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH
)
with zipfile.ZipFile("/home/pyodide/test-site-packages.zip", "w", zipfile.ZIP_STORED) as bundle:
    for folder, _, files in os.walk(purelib):
        for name in files:
            path = os.path.join(folder, name)
            bundle.write(path, os.path.relpath(path, purelib))
`);
  const temporary = `${bundle}.${process.pid}.tmp`;
  writeFileSync(temporary, pyodide.FS.readFile("/home/pyodide/test-site-packages.zip"));
  renameSync(temporary, bundle);
  for (const old of readdirSync(dirname(bundle))) {
    if (/^test-site-packages-[0-9a-f]{16}\.zip$/.test(old) && old !== basename(bundle)) {
      rmSync(join(dirname(bundle), old), { force: true });
    }
  }
  pyodide.FS.unlink("/home/pyodide/test-site-packages.zip");
}

/**
 * End the process on an error without Node's default report, which would print a line of Pyodide's
 * minified source: a setup error is one clear line (exit 2), a Python error its traceback (exit 1).
 */
export function exitOnError(error) {
  if (error instanceof SetupError) {
    process.stderr.write(`pyodide runner: ${error.message}\n`);
    process.exit(2);
  }
  if (error && error.constructor && error.constructor.name === "PythonError") {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
