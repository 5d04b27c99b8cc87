// The module Web Worker that runs the rules engine: Pyodide, the engine's wheel and tutorial/bridge.py.
// It decides nothing itself: it forwards each call to a bridge function (JSON text in, JSON text out).
// Every URL it loads comes from the page (same origin); Pyodide's own files sit in a versioned folder.

let bridge = null;
let starting = null;

async function start(config) {
  const began = performance.now();
  const { loadPyodide } = await import(config.pyodide + "pyodide.mjs");
  const fetchOk = async (url, how) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return how === "json" ? response.json() : how === "text" ? response.text() : response.arrayBuffer();
  };
  const [pyodide, wheel, source, hands] = await Promise.all([
    loadPyodide({ indexURL: config.pyodide }),
    fetchOk(config.wheel, "bytes"),
    fetchOk(config.bridge, "text"),
    fetchOk(config.hands, "json"),
  ]);
  const purelib = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(wheel), "wheel", { extractDir: purelib });
  const home = "/home/pyodide/tarot";
  pyodide.FS.mkdirTree(home + "/hands");
  pyodide.FS.writeFile(home + "/bridge.py", source);
  for (const [name, text] of Object.entries(hands)) {
    pyodide.FS.writeFile(`${home}/hands/${name}.json`, text);
  }
  pyodide.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(home)})\nimport bridge`);
  bridge = pyodide.pyimport("bridge");
  return { seconds: (performance.now() - began) / 1000, python: pyodide.runPython("import sys; sys.version") };
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
      const fn = bridge[message.name];
      if (typeof fn !== "function" && !(fn && fn.call)) throw new Error(`no bridge function ${message.name}`);
      answer = fn(...message.args);
    } catch (error) {
      answer = JSON.stringify({ schema: 1, ok: false, field: "", message: String(error && error.message || error) });
    }
    self.postMessage({ type: "answer", id: message.id, answer });
  }
};
