// The module Web Worker that runs the rules engine: Pyodide, the engine's wheel, the libraries the bridge
// draws its HTML with (Jinja2 and MarkupSafe, one zip unpacked into site-packages as the wheel is) and the
// bridge package (tutorial/bridge/, every widget's bridge, its modules and templates fetched as one JSON
// object of its files and imported as `bridge`; a call that names a module of the package, message.module,
// imports it at its first call).
// It decides nothing itself: it forwards each call to a bridge function (JSON text in, JSON text out).
// Every URL it loads comes from the page (same origin); Pyodide's own files sit in a versioned folder.
//
// When the page names a memory snapshot (made at build time by make-snapshot.mjs: a Python that has
// already imported the engine, the bridge and its libraries, with its templates compiled), the worker
// restores it, which is much quicker than starting Python. On any error it starts Python the plain way.
// The ready message says which way it went: `snapshot: true` or `snapshot: false` (with `fallback`, the
// reason, when a snapshot failed).

const HOME = "/home/pyodide/tarot";

let bridge = null;
let starting = null;
let python = null;
// The bridge package's modules that calls have named (message.module), imported at their first call.
const modules = new Map();

// ------------------------------------------------------------------ loading progress
// Every fetch of the worker (Pyodide's own included: it fetches its WebAssembly with the global fetch)
// goes through `counted`, which reads the body through a stream and counts its bytes. The build lists
// the sizes of the runtime's files (config.sizes, a JSON object of paths relative to itself); the
// total is the size of the files this start needs, and grows by any other listed file it fetches (a
// snapshot that fails brings the standard library). The page is told {loaded, total} as bytes come,
// at most every 100 ms.
const nativeFetch = self.fetch.bind(self);
let sizes = null; // absolute URL without its query to bytes
const expected = new Set();
let loaded = 0;
let total = 0;
let told = 0;
let tellTimer = null;

function tell(now = false) {
  if (!total) return;
  const send = () => {
    tellTimer = null;
    told = performance.now();
    self.postMessage({ type: "progress", loaded: Math.min(loaded, total), total });
  };
  if (now || performance.now() - told >= 100) {
    clearTimeout(tellTimer);
    send();
  } else if (tellTimer === null) tellTimer = setTimeout(send, 100);
}

function plainUrl(url) {
  const parsed = new URL(url, self.location.href);
  return parsed.origin + parsed.pathname;
}

function expect(url) {
  const key = plainUrl(url);
  if (!sizes || !sizes.has(key) || expected.has(key)) return;
  expected.add(key);
  total += sizes.get(key);
  tell();
}

async function counted(input, init) {
  const response = await nativeFetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (!sizes || !response.ok || !response.body || !sizes.has(plainUrl(response.url || url))) return response;
  expect(response.url || url);
  const reader = response.body.getReader();
  const stream = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        tell(true);
        return;
      }
      loaded += value.byteLength;
      tell();
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
}
self.fetch = counted;

async function readSizes(config) {
  if (!config.sizes) return;
  try {
    const listed = await (await nativeFetch(config.sizes)).json();
    sizes = new Map(Object.entries(listed).map(([path, bytes]) => [plainUrl(new URL(path, config.sizes).href), bytes]));
  } catch {
    return; // no progress in bytes: the notice keeps its words
  }
  // What every start fetches (a snapshot's start too: it restores with the same standard library).
  const pyodide = (name) => config.pyodide + name;
  const stdlib = config.stdlib || pyodide("python_stdlib.zip");
  const wanted = [pyodide("pyodide.asm.wasm"), pyodide("pyodide-lock.json"), stdlib];
  wanted.push(config.wheel, config.libs, config.bridge, config.hands);
  if (config.snapshot) wanted.push(config.snapshot);
  for (const url of wanted) expect(url);
}

async function fetchOk(url, how) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return how === "json" ? response.json() : how === "text" ? response.text() : response.arrayBuffer();
}

// The snapshot's bytes, gunzipped here. A server that sends the file with `Content-Encoding: gzip`
// has the browser gunzip it already: the gzip magic number tells the two apart.
async function snapshotBytes(url) {
  const packed = new Uint8Array(await fetchOk(url, "bytes"));
  if (packed[0] !== 0x1f || packed[1] !== 0x8b) return packed;
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The engine's files in Pyodide's file system: the wheel, the libraries, the bridge and the sample hands.
function writeFiles(pyodide, wheel, libs, bridgeFiles, hands) {
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(wheel), "wheel", { extractDir: purelib });
  pyodide.unpackArchive(new Uint8Array(libs), "zip", { extractDir: purelib });
  pyodide.FS.mkdirTree(HOME + "/hands");
  for (const [path, text] of Object.entries(bridgeFiles)) {
    pyodide.FS.mkdirTree(`${HOME}/${path}`.replace(/\/[^/]*$/, ""));
    pyodide.FS.writeFile(`${HOME}/${path}`, text);
  }
  for (const [name, text] of Object.entries(hands)) {
    pyodide.FS.writeFile(`${HOME}/hands/${name}.json`, text);
  }
}

function bridgeModule(name) {
  if (!name) return bridge;
  if (!modules.has(name)) {
    python.runPython("import importlib; importlib.invalidate_caches()");
    modules.set(name, python.pyimport(`bridge.${name}`));
  }
  return modules.get(name);
}

// Pyodide's folder, and the standard library when the page names its own (a trimmed copy of the
// runtime's, which the snapshot was made with).
function runtime(config) {
  return config.stdlib ? { indexURL: config.pyodide, stdLibURL: config.stdlib } : { indexURL: config.pyodide };
}

// Pyodide (314) copies a snapshot into the heap its module starts with, 30 MB, whatever the snapshot's
// size, so a larger snapshot fails with "offset is out of bounds" (pyodide/pyodide#6254): the module is
// made here, as Pyodide would make it, and its heap grown to the snapshot's size before the copy.
async function growingModule(config, bytes) {
  const { default: create } = await import(config.pyodide + "pyodide.asm.mjs");
  return async (settings) => {
    const module = await create(settings);
    module.growMemory((await bytes).byteLength);
    return module;
  };
}

// Restore the snapshot. Its interpreter has imported the bridge already, but its file system is new
// and empty: the files go back in, for what the bridge reads (or imports) later.
async function fromSnapshot(loadPyodide, config, files) {
  const lock = fetchOk(config.pyodide + "pyodide-lock.json", "text");
  const bytes = snapshotBytes(config.snapshot);
  for (const promise of [lock, bytes]) promise.catch(() => {}); // loadPyodide reports a failure
  const pyodide = await loadPyodide({
    ...runtime(config),
    lockFileContents: lock,
    _loadSnapshot: bytes,
    createPyodideModule: await growingModule(config, bytes),
  });
  writeFiles(pyodide, ...(await files));
  if (!pyodide.runPython("import sys; 'bridge' in sys.modules")) {
    throw new Error("the snapshot holds no imported bridge");
  }
  return pyodide;
}

async function plain(loadPyodide, config, files) {
  const pyodide = await loadPyodide(runtime(config));
  writeFiles(pyodide, ...(await files));
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(HOME)})\nimport bridge`);
  return pyodide;
}

async function start(config) {
  const began = performance.now();
  await readSizes(config);
  const { loadPyodide } = await import(config.pyodide + "pyodide.mjs");
  const files = Promise.all([
    fetchOk(config.wheel, "bytes"),
    fetchOk(config.libs, "bytes"),
    fetchOk(config.bridge, "json"),
    fetchOk(config.hands, "json"),
  ]);
  files.catch(() => {}); // awaited below; a failure is reported there
  let pyodide = null;
  let fallback = null;
  if (config.snapshot) {
    try {
      pyodide = await fromSnapshot(loadPyodide, config, files);
      bridge = pyodide.pyimport("bridge");
    } catch (error) {
      fallback = String(error && error.message ? error.message : error);
      pyodide = null;
      bridge = null;
    }
  }
  const snapshot = pyodide !== null;
  if (!snapshot) {
    pyodide = await plain(loadPyodide, config, files);
    bridge = pyodide.pyimport("bridge");
  }
  python = pyodide;
  // The page's language, for every sentence the engine writes (Python never reads the worker's locale).
  pyodide.runPython(
    `from tarot_core.messages import set_language\nset_language(${JSON.stringify(config.language || "en")})`,
  );
  const info = {
    seconds: (performance.now() - began) / 1000,
    python: pyodide.runPython("import sys; sys.version"),
    snapshot,
  };
  if (fallback !== null) info.fallback = fallback;
  return info;
}

self.onmessage = async (event) => {
  const message = event.data;
  if (message.type === "start") {
    starting = starting || start(message.config);
    try {
      const info = await starting;
      self.postMessage({ type: "ready", ...info });
    } catch (error) {
      self.postMessage({ type: "failed", message: String(error && error.message ? error.message : error) });
    }
    return;
  }
  if (message.type === "call") {
    let answer;
    try {
      await starting;
      const fn = bridgeModule(message.module)[message.name];
      if (typeof fn !== "function" && !(fn && fn.call)) throw new Error(`no bridge function ${message.name}`);
      answer = fn(...message.args);
    } catch (error) {
      answer = JSON.stringify({ schema: 1, ok: false, field: "", message: String(error && error.message || error) });
    }
    self.postMessage({ type: "answer", id: message.id, answer });
  }
};
