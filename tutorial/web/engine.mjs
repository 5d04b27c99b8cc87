// The page's one connection to the rules engine: a module Web Worker (tarot-worker.mjs) that runs
// Pyodide, the engine's wheel and the bridge package. Every script of a page imports this module, so
// a page starts one worker however many widgets it holds. It decides nothing: it sends a call (a
// bridge function's name and its JSON text arguments) and gives back the answer, parsed.
//
//   import { startEngine, call } from "./engine.mjs";
//   const info = await startEngine(JSON.parse(root.dataset.runtime));  // {seconds, python, snapshot}
//   const answer = await call("replay", [record, step, view, options]);  // the bridge package
//   const verdict = await call("check", [exercise, answer], "lessons");  // a module of the package
//
// The runtime's URLs are relative to the page. A later startEngine (another script of the same page)
// shares the running worker rather than starting a second one.

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
  return out;
}

export function startEngine(config) {
  if (worker !== null) return ready;
  const resolved = resolveConfig(config);
  worker = new Worker(new URL("tarot-worker.mjs", import.meta.url), { type: "module", name: "tarot-engine" });
  ready = new Promise((resolve, reject) => {
    worker.onmessage = (event) => {
      const message = event.data;
      if (message.type === "ready") {
        settled("ready");
        resolve(message);
      } else if (message.type === "failed") {
        settled("failed");
        reject(new Error(message.message));
      } else if (message.type === "progress") {
        lastProgress = { loaded: message.loaded, total: message.total };
        for (const listener of progressListeners) listener(lastProgress);
      }
      else if (message.type === "answer") {
        const settle = pending.get(message.id);
        pending.delete(message.id);
        if (settle) settle(JSON.parse(message.answer));
      }
    };
    worker.onerror = (event) => {
      settled("failed");
      reject(new Error(event.message || say(null, "engine-failed")));
    };
  });
  // The worker's engine speaks the page's language (the worker cannot see the page).
  worker.postMessage({ type: "start", config: { ...resolved, language: pageLanguage } });
  return ready;
}

// A bridge call, answered once the engine is ready. `module` names a module of the bridge package
// (such as "play": bridge.play); left out, the package itself.
export async function call(name, args = [], module = undefined) {
  await ready;
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage({ type: "call", id, module, name, args });
  });
}

// ------------------------------------------------------------------ the page's words
// Every sentence a script shows comes from the page, in the page's language: a widget's root element
// holds them as the JSON of its data-messages, which the build writes through the message catalogue.
// `say(element, key, params)` takes the sentence `key` from the nearest such element (else from any on
// the page) and fills in its {placeholders}; a counted sentence has a form for one and a form for more
// ({"one": ..., "other": ...}), chosen for `params.n` by the page's language.
const pageLanguage = document.documentElement.lang || "en";
const parsedMessages = new WeakMap();

function messagesOf(holder) {
  if (!parsedMessages.has(holder)) {
    let found = {};
    try {
      found = JSON.parse(holder.dataset.messages) || {};
    } catch {
      found = {}; // a page built without them: the keys show, not an error
    }
    parsedMessages.set(holder, found);
  }
  return parsedMessages.get(holder);
}

function pluralForm(count) {
  try {
    return new Intl.PluralRules(pageLanguage).select(count) === "one" ? "one" : "other";
  } catch {
    return count === 1 ? "one" : "other";
  }
}

export function say(element, key, params = {}) {
  const near = element && element.closest ? element.closest("[data-messages]") : null;
  let text = key;
  for (const holder of [near, ...document.querySelectorAll("[data-messages]")]) {
    const entry = holder ? messagesOf(holder)[key] : undefined;
    if (entry === undefined) continue;
    text = typeof entry === "string" ? entry : (entry[pluralForm(Number(params.n))] ?? entry.other);
    break;
  }
  return String(text).replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

// A number as the page's language writes it, with `digits` after the decimal point.
export function number(value, digits = 0) {
  try {
    return new Intl.NumberFormat(pageLanguage, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(value);
  } catch {
    return value.toFixed(digits);
  }
}

// ------------------------------------------------------------------ the engine's state, for the page
// The page's root element says how the engine's start went (data-tarot-engine-state: "ready" or
// "failed"), whichever widget started it: the page's head waits for it before registering the service
// worker, so that the worker's downloads do not compete with Python's.
function settled(state) {
  document.documentElement.dataset.tarotEngineState = state;
  if (state === "failed") for (const line of progressBoxes) line.remove();
}

// ------------------------------------------------------------------ loading progress
// The worker counts the bytes of the runtime's files as they come (its fetches read through a
// stream) against their sizes, which the build lists: {loaded, total}, in bytes.
const progressListeners = new Set();
let lastProgress = null;

export function onProgress(listener) {
  progressListeners.add(listener);
  if (lastProgress) listener(lastProgress);
  return () => progressListeners.delete(listener);
}

function megabytes(bytes) {
  return number(bytes / 1e6, 1);
}

// A loading notice that shows the bytes: a <progress> bar and its words beside the notice's own
// sentence, moved at every count; for screen readers the same words go into the notice (a polite
// live region) at each quarter only, since a region that changed at every chunk would be read out
// without end. If the engine fails to start, the bar goes and the notice says why.
const progressBoxes = new Set();

export function showProgress(box) {
  if (!box || box.querySelector(".tw-progress")) return;
  const bar = document.createElement("progress");
  bar.className = "tw-progress";
  bar.setAttribute("aria-label", say(box, "engine-loading"));
  const seen = document.createElement("span");
  seen.className = "tw-progress-text";
  seen.setAttribute("aria-hidden", "true");
  const heard = document.createElement("span");
  heard.className = "tw-sr-only";
  const line = document.createElement("span");
  line.className = "tw-progress-line";
  line.hidden = true;
  line.append(bar, seen, heard);
  box.append(line);
  progressBoxes.add(line);
  let quarter = -1;
  onProgress(({ loaded, total }) => {
    const done = Math.min(loaded, total);
    const words = say(box, "engine-progress", { done: megabytes(done), total: megabytes(total) });
    line.hidden = false;
    bar.max = total;
    bar.value = done;
    bar.setAttribute("aria-valuetext", words);
    seen.textContent = words;
    const now = Math.floor((done / total) * 4);
    if (now !== quarter) {
      quarter = now;
      heard.textContent = words;
    }
  });
}

// ------------------------------------------------------------------ controls held until ready
// Until the worker can answer them, a widget's controls are disabled (and say so: aria-disabled), so
// that nothing looks live that would do nothing. `holdControls(root, skip)` disables those of root
// (outside `skip`, when given) that are not disabled already; the function it returns gives back
// those still on the page.
export function holdControls(root, skip = null) {
  const held = [];
  for (const control of root.querySelectorAll("button, input, select, textarea")) {
    if (control.disabled || (skip && skip.contains(control))) continue;
    control.disabled = true;
    control.setAttribute("aria-disabled", "true");
    control.dataset.twHeld = "";
    held.push(control);
  }
  root.dataset.controls = "held";
  return () => {
    for (const control of held) {
      if (!control.isConnected || !("twHeld" in control.dataset)) continue;
      control.disabled = false;
      control.removeAttribute("aria-disabled");
      delete control.dataset.twHeld;
    }
    root.dataset.controls = "live";
  };
}

// ------------------------------------------------------------------ the reader's edits
// A request is made of a widget's fields as they stand when it is sent; its answer comes later. If
// the reader has typed on meanwhile, an answer that redraws the fields would put the older values
// back over the newer ones (letters typed while the answer was on its way would vanish). So a watch
// counts the reader's edits within an element (every `input` and `change` event, by field): a request
// takes `mark()` when it is sent, and its answer is drawn with `redraw(container, html, mark)`, which
// keeps every field the reader changed after that mark as the reader left it (value, focus, caret).
// Those edits have sent (or will send, when the field is left) a request of their own, whose answer
// is drawn in turn: the form always ends up with what the reader typed and its answer.
//
// Keeping the newer values is chosen over dropping the late answer: the answer may bring what the
// reader needs while typing on (the labels named after the players, new fields for a changed
// choice), and an answer is dropped only when the field being typed into would not be in it.
function fieldKey(element, container) {
  if (!element || !element.closest || !container.contains(element)) return null;
  const name = element.getAttribute("name");
  if (name) {
    if (element.type === "checkbox" || element.type === "radio") return `${name}=${element.value}`;
    const same = [...container.querySelectorAll(`[name="${CSS.escape(name)}"]`)];
    return `${name}#${same.indexOf(element)}`;
  }
  if (element.dataset && element.dataset.card) return `card:${element.dataset.card}`;
  if (element.id) return `id:${element.id}`;
  return null;
}

function findField(container, key) {
  const [kind, rest] = key.startsWith("card:") || key.startsWith("id:") ? key.split(/:(.*)/s) : [null, key];
  if (kind === "card") return container.querySelector(`[data-card="${CSS.escape(rest)}"]`);
  if (kind === "id") return container.querySelector(`#${CSS.escape(rest)}`);
  const choice = key.match(/^(.*)=(.*)$/s);
  if (choice && !key.includes("#")) {
    return container.querySelector(`[name="${CSS.escape(choice[1])}"][value="${CSS.escape(choice[2])}"]`);
  }
  const [, name, index] = key.match(/^(.*)#(\d+)$/s) || [];
  if (name === undefined) return null;
  return container.querySelectorAll(`[name="${CSS.escape(name)}"]`)[Number(index)] || null;
}

export function watchEdits(element) {
  let clock = 0;
  const edited = new Map(); // field key to the clock of its last edit
  const note = (event) => {
    const key = fieldKey(event.target, element);
    clock += 1;
    if (key) edited.set(key, clock);
  };
  element.addEventListener("input", note, true);
  element.addEventListener("change", note, true);
  // A press of a key or a pointer in the element is the reader moving on too (a click into a field,
  // before anything is typed): an answer then leaves the focus where the reader put it.
  let moved = 0;
  const touch = () => {
    clock += 1;
    moved = clock;
  };
  element.addEventListener("pointerdown", touch, true);
  element.addEventListener("keydown", touch, true);
  return {
    mark: () => clock,
    // The keys of the fields edited after the mark.
    editedSince(mark) {
      return [...edited].filter(([, when]) => when > mark).map(([key]) => key);
    },
    // Whether the reader edited, clicked or pressed a key in the element after the mark.
    movedSince(mark) {
      return moved > mark || this.editedSince(mark).length > 0;
    },
    // Draw html into container; returns false (and draws nothing) when a field the reader changed
    // after the mark would not be in it.
    redraw(container, html, mark) {
      const keep = [];
      for (const key of this.editedSince(mark)) {
        const live = findField(container, key);
        if (live) keep.push({ key, value: live.value, checked: live.checked });
      }
      if (keep.length) {
        const probe = document.createElement("template");
        probe.innerHTML = html;
        const shadow = document.createElement("div");
        shadow.append(probe.content);
        if (keep.some(({ key }) => !findField(shadow, key))) return false;
      }
      const active = document.activeElement;
      const focusKey = fieldKey(active, container);
      let caret = null;
      if (focusKey && typeof active.selectionStart === "number") {
        try {
          caret = [active.selectionStart, active.selectionEnd, active.selectionDirection];
        } catch {
          caret = null; // a field without a caret (number, email...)
        }
      }
      container.innerHTML = html;
      for (const { key, value, checked } of keep) {
        const field = findField(container, key);
        if (field.type === "checkbox" || field.type === "radio") field.checked = checked;
        else field.value = value;
      }
      if (focusKey) {
        const again = findField(container, focusKey);
        if (again) {
          again.focus({ preventScroll: true });
          if (caret) {
            try {
              again.setSelectionRange(...caret);
            } catch {
              // the field takes no caret
            }
          }
        }
      }
      return true;
    },
  };
}
