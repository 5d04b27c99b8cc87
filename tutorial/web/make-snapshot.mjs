#!/usr/bin/env node
// Makes the widgets' Pyodide memory snapshot at build time: a Python that has already imported the
// engine and the bridge, so the browser's worker restores it instead of starting Python from scratch.
//
//   node make-snapshot.mjs --pyodide DIR --wheel FILE --bridge FILE --out FILE.gz [--stdlib FILE.zip]
//                          [--libs FILE.zip]
//
// DIR is the runtime folder of the built site (the same five files the browser loads); --stdlib names the
// standard library the pages load instead of the runtime's own (the snapshot must be restored with the
// zip it was made with); --libs the zip of the libraries the bridge imports (Jinja2 and MarkupSafe),
// unpacked into site-packages as the worker does. The bridge's templates are compiled in the snapshot
// too. Before it is written, the snapshot is restored as the worker restores it (tarot-worker.mjs) and
// must hold the imported bridge: a snapshot the pages could not use is not written. It is
// gzip-compressed (level 9) and written atomically; one JSON line with its sizes goes to stdout.
// Nothing is fetched from the network: every file comes from the local disk.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const HOME = "/home/pyodide/tarot";
const WARM_UP = `
import importlib, pkgutil
import tarot_core
for _module in pkgutil.walk_packages(tarot_core.__path__, "tarot_core."):
    if not _module.name.endswith(".__main__"):
        importlib.import_module(_module.name)
import importlib.util, urllib.parse
del _module
`;
// The libraries the bridge draws its HTML with, and its templates compiled (Jinja2 keeps each compiled
// template in its environment's cache and, with auto_reload off, never reads the file again: the
// worker writes the same files the snapshot was made with, since both come from the same build). The
// module Jinja2 imports only when a template fails is imported too.
const TEMPLATES = `
import jinja2.debug, jinja2.ext, markupsafe


def _compile():
    from bridge import templates

    for name in templates.ENV.list_templates():
        templates.ENV.get_template(name)


_compile()
del _compile
`;

function options(argv) {
  const wanted = ["--pyodide", "--wheel", "--bridge", "--out"];
  const optional = ["--stdlib", "--libs"];
  const found = {};
  for (let i = 0; i < argv.length; i += 2) {
    if (![...wanted, ...optional].includes(argv[i]) || i + 1 >= argv.length) {
      throw new Error(`usage: make-snapshot.mjs ${wanted.map((flag) => `${flag} VALUE`).join(" ")}`);
    }
    found[argv[i].slice(2)] = resolve(argv[i + 1]);
  }
  for (const flag of wanted) if (!found[flag.slice(2)]) throw new Error(`missing ${flag}`);
  return found;
}

function forbidNetwork() {
  const localFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (/^https?:/i.test(url)) throw new Error(`network access refused: ${url}`);
    return localFetch(input, init);
  };
}

// The worker's restore: Pyodide's module made with its heap grown to the snapshot's size first, since
// Pyodide copies a snapshot into the 30 MB heap a module starts with (pyodide/pyodide#6254).
async function restore(loadPyodide, settings, args, snapshot) {
  const { default: create } = await import(pathToFileURL(join(args.pyodide, "pyodide.asm.mjs")).href);
  const pyodide = await loadPyodide({
    ...settings,
    _loadSnapshot: snapshot,
    createPyodideModule: async (emscripten) => {
      const module = await create(emscripten);
      module.growMemory(snapshot.byteLength);
      return module;
    },
  });
  const wanted = args.libs ? "'bridge' in sys.modules and 'jinja2' in sys.modules" : "'bridge' in sys.modules";
  if (!pyodide.runPython(`import sys; ${wanted}`)) throw new Error("the restored snapshot has not imported the bridge");
}

async function main() {
  const args = options(process.argv.slice(2));
  forbidNetwork();
  const began = performance.now();
  const { loadPyodide } = await import(pathToFileURL(join(args.pyodide, "pyodide.mjs")).href);
  const settings = {
    indexURL: args.pyodide + "/",
    lockFileContents: readFileSync(join(args.pyodide, "pyodide-lock.json"), "utf8"),
    ...(args.stdlib ? { stdLibURL: args.stdlib } : {}),
  };
  const pyodide = await loadPyodide({ ...settings, _makeSnapshot: true });
  // The same steps as the worker's plain start, up to `import bridge`; no PyProxy is kept here, since
  // a snapshot cannot hold a reference from JavaScript into Python.
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(readFileSync(args.wheel)), "wheel", { extractDir: purelib });
  if (args.libs) pyodide.unpackArchive(new Uint8Array(readFileSync(args.libs)), "zip", { extractDir: purelib });
  pyodide.FS.mkdirTree(HOME + "/hands");
  // The bridge package: its files as one JSON object, path (under HOME) to text.
  for (const [path, text] of Object.entries(JSON.parse(readFileSync(args.bridge, "utf8")))) {
    pyodide.FS.mkdirTree(dirname(`${HOME}/${path}`));
    pyodide.FS.writeFile(`${HOME}/${path}`, text);
  }
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(HOME)})\nimport bridge`);
  // The engine's other modules (each rule set's scoring, imported on a widget's first call) and the
  // standard-library modules the bridge imports late: in the snapshot, nothing is left to compile.
  // Imports only, no call: a call could cache what it read from the file system, empty here.
  pyodide.runPython(WARM_UP);
  if (args.libs) pyodide.runPython(TEMPLATES);
  const raw = pyodide.makeMemorySnapshot();
  await restore(loadPyodide, settings, args, new Uint8Array(raw));
  const packed = gzipSync(raw, { level: 9 });
  mkdirSync(dirname(args.out), { recursive: true });
  const partial = `${args.out}.part-${process.pid}`;
  writeFileSync(partial, packed);
  renameSync(partial, args.out);
  const seconds = (performance.now() - began) / 1000;
  process.stdout.write(JSON.stringify({ bytes: raw.length, gzip_bytes: packed.length, seconds }) + "\n");
}

main().catch((error) => {
  process.stderr.write(`make-snapshot: ${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
