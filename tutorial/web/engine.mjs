// The page's one connection to the rules engine: a module Web Worker (tarot-worker.mjs) that runs
// Pyodide, the engine's wheel and the bridge modules. Every script of a page imports this module, so
// a page starts one worker however many widgets it holds. It decides nothing: it sends a call (a
// bridge function's name and its JSON text arguments) and gives back the answer, parsed.
//
//   import { startEngine, call } from "./engine.mjs";
//   const info = await startEngine(JSON.parse(root.dataset.runtime));  // {seconds, python, snapshot}
//   const answer = await call("replay", [record, step, view, options]);  // the bridge package
//   const verdict = await call("check", [exercise, answer], "lesson_bridge");  // another bridge module
//
// The runtime's URLs are relative to the page; the bridge modules a page needs besides the bridge are
// named in `runtime.modules` (name to URL). A later startEngine (another script of the same page)
// adds its modules to the running worker rather than starting a second one.

let worker = null;
let ready = null;
let nextId = 1;
const pending = new Map();

function absolute(url) {
  return new URL(url, document.baseURI).href;
}

function resolveConfig(config) {
  const out = {};
  for (const [key, value] of Object.entries(config)) if (typeof value === "string") out[key] = absolute(value);
  out.modules = {};
  for (const [name, url] of Object.entries(config.modules || {})) out.modules[name] = absolute(url);
  return out;
}

export function startEngine(config) {
  const resolved = resolveConfig(config);
  if (worker !== null) {
    if (Object.keys(resolved.modules).length) worker.postMessage({ type: "modules", modules: resolved.modules });
    return ready;
  }
  worker = new Worker(new URL("tarot-worker.mjs", import.meta.url), { type: "module", name: "tarot-engine" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") resolve(message);
      else if (message.type === "failed") reject(new Error(message.message));
      else if (message.type === "answer") {
        const settle = pending.get(message.id);
        pending.delete(message.id);
        if (settle) settle(JSON.parse(message.answer));
      }
    };
    worker.onerror = (event) => reject(new Error(event.message || "the worker failed to start"));
  });
  worker.postMessage({ type: "start", config: resolved });
  return ready;
}

// A bridge call, answered once the engine is ready. `module` names a bridge module of
// runtime.modules (the bridge package when left out).
export async function call(name, args = [], module = undefined) {
  await ready;
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ type: "call", id, module, name, args });
  });
}
