// Browser side of the score sheet: keep the sessions in localStorage, forward the reader's input to
// tutorial/bridge/sheet.py in the engine's worker, and draw what it answers. No score is computed here:
// every total comes from the engine, which scores the saved deals again each time a sheet is drawn.

import { call as engineCall, holdControls, say, showProgress, startEngine, watchEdits } from "./engine.mjs";

const STORE_KEY = "tarot-score-sheets";
const root = document.querySelector('[data-tarot-widget="score-sheet"]');

// The notice of each state: getting ready, or nothing (a sheet that failed says why).
function setState(state, extra) {
  root.dataset.state = state;
  const text = root.querySelector(".tw-loading-text");
  if (text) text.textContent = extra || (state === "loading" ? say(root, "loading") : "");
  const status = root.querySelector(".tw-loading");
  if (status) status.hidden = state === "ready";
}

// ------------------------------------------------------------------ the engine's calls
// A call to a function of bridge/sheet.py, its arguments listed after its name.
function call(name, ...args) {
  return engineCall(name, args, "sheet");
}

// ------------------------------------------------------------------ the sessions kept in this browser
function readStore() {
  try {
    const data = JSON.parse(window.localStorage.getItem(STORE_KEY) || "null");
    if (data && typeof data === "object" && data.sessions && typeof data.sessions === "object") {
      return { current: data.current || null, sessions: data.sessions };
    }
  } catch (error) {
    // unreadable storage: start afresh, keeping the damaged text aside rather than losing it
    try {
      window.localStorage.setItem(`${STORE_KEY}-damaged`, window.localStorage.getItem(STORE_KEY) || "");
    } catch (ignored) {}
  }
  return { current: null, sessions: {} };
}

let storageWarning = "";

function writeStore(store) {
  try {
    window.localStorage.setItem(STORE_KEY, JSON.stringify(store));
    storageWarning = "";
  } catch (error) {
    storageWarning = say(root, "storage");
  }
}

function newId() {
  const stamp = new Date().toISOString().replace(/[-:.TZ]/g, "").slice(0, 14);
  return `s${stamp}${Math.random().toString(36).slice(2, 6)}`;
}

// Newest first: the open session, then the others by when they were last changed.
function orderedSessions(store) {
  const entries = Object.entries(store.sessions);
  entries.sort((a, b) => String(b[1].updated || "").localeCompare(String(a[1].updated || "")));
  return Object.fromEntries(entries.map(([id, entry]) => [id, entry.sheet]));
}

// ------------------------------------------------------------------ drawing
const options = root.dataset.options;
const current = root.querySelector(".tw-sheet-current");
const list = root.querySelector(".tw-sheet-list");
const status = root.querySelector(".tw-sheet-status");
const setupForm = root.querySelector(".tw-sheet-setup");
const importInput = root.querySelector('[data-action="import"]');
const importError = root.querySelector(".tw-import-error");

function announce(text) {
  if (status) status.textContent = storageWarning ? say(root, "with-warning", { said: text, warning: storageWarning }) : text;
}

async function drawList(store) {
  const answer = await call("sessions", JSON.stringify(orderedSessions(store)), store.current || "", options);
  if (answer.ok) list.innerHTML = answer.html;
}

const newSession = root.querySelector(".tw-sheet-new");
// The reader's edits: an answer redraws the sheet (its form included) keeping every field the reader
// changed after the request went out (see watchEdits in engine.mjs).
const edits = root ? watchEdits(root) : null;

function drawCurrent(html, mark) {
  // The sheet's form keeps its fields from one answer to the next: a field the reader is typing into
  // is in every answer, and the answer (a deal saved, undone) must show.
  if (mark === undefined || !edits.redraw(current, html, mark)) current.innerHTML = html;
}

function showSheet(answer, mark) {
  drawCurrent(answer.html, mark);
  current.hidden = false;
  if (newSession) newSession.open = false;
  root.dataset.totals = JSON.stringify(answer.totals);
  root.dataset.deals = String(answer.deals);
  root.dataset.nextDealer = answer.next_dealer;
  root.dataset.session = store.current || "";
  if (answer.editing) root.dataset.editing = String(answer.editing);
  else delete root.dataset.editing;
}

function clearSheet() {
  current.innerHTML = "";
  current.hidden = true;
  if (newSession) newSession.open = true;
  root.dataset.totals = "{}";
  root.dataset.deals = "0";
  delete root.dataset.nextDealer;
  delete root.dataset.editing;
  root.dataset.session = "";
}

function keep(sheet) {
  store.sessions[store.current] = { sheet, updated: new Date().toISOString() };
  writeStore(store);
}

function totalsText(totals) {
  return Object.entries(totals)
    .map(([name, value]) => say(root, "total", { name, score: `${value > 0 ? "+" : ""}${value}` }))
    .join(", ");
}

// The form's first field takes the focus; the view shows the sheet from its title, so the totals
// stay in sight above the form (on a phone the form would otherwise push them out of view).
function focusForm(top = true) {
  const form = current.querySelector(".tw-sheet-form");
  const first = form && form.querySelector("select, input");
  if (first) first.focus({ preventScroll: true });
  // the message of what just happened stands above the title, when there is one
  const said = top && status && status.textContent.trim() ? status : null;
  const title = said || current.querySelector(top ? ".tw-sheet-title" : ".tw-sheet-legend");
  if (title) title.scrollIntoView({ block: "start", behavior: "instant" });
}

function showDealError(answer, mark) {
  if (answer.html) drawCurrent(answer.html, mark);
  announce("");
  const form = current.querySelector(".tw-sheet-form");
  if (!form) return;
  const general = form.querySelector(".tw-form-error");
  if (general) general.textContent = say(root, "not-entered", { reason: answer.message });
  // Every entry at fault, each with its reason beside it; the first of them takes the focus.
  const faults = answer.errors || [{ form_field: answer.form_field, message: answer.message }];
  let first = null;
  for (const fault of faults) {
    const name = fault.form_field && CSS.escape(fault.form_field);
    const slot = name && form.querySelector(`[data-error-for="${name}"]`);
    if (!slot) continue;
    slot.textContent = fault.message;
    const control = form.querySelector(`[name="${name}"]`);
    if (!control) continue;
    control.setAttribute("aria-invalid", "true");
    first ||= control;
  }
  (first || general)?.focus();
}

function formQuery(form) {
  const query = {};
  for (const element of form.elements) {
    if (!element.name) continue;
    if (element.type === "checkbox") {
      if (element.checked) (query[element.name] ||= []).push(element.value);
      continue;
    }
    (query[element.name] ||= []).push(element.value);
  }
  return query;
}

function sheetText() {
  return JSON.stringify(store.sessions[store.current].sheet);
}

// ------------------------------------------------------------------ actions
let store = readStore();

async function openSession(id, message = null) {
  const entry = store.sessions[id];
  if (!entry) return;
  store.current = id;
  writeStore(store);
  const mark = edits.mark();
  const answer = await call("view", JSON.stringify(entry.sheet), options);
  if (answer.ok) {
    showSheet(answer, mark);
    const opened = answer.sheet.title
      ? say(root, "opened", { title: answer.sheet.title, dealer: answer.next_dealer })
      : say(root, "opened-untitled", { dealer: answer.next_dealer });
    if (message !== "") announce(message || opened);
  } else {
    clearSheet();
    announce(say(root, "unreadable", { reason: answer.message }));
  }
  await drawList(store);
}

async function startSession(form) {
  const names = Array.from(form.querySelectorAll('[name="player"]')).map((input) => input.value);
  const setup = {
    variant: form.querySelector('[name="variant"]').value,
    players: names,
    title: form.querySelector('[name="title"]').value,
  };
  if (!setup.title.trim()) {
    // an unnamed session is named after its day, to tell it from the others in the list
    const day = new Date().toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" });
    setup.title = say(root, "session-of", { day });
  }
  const error = form.querySelector(".tw-form-error");
  const mark = edits.mark();
  const answer = await call("start", JSON.stringify(setup), options);
  if (!answer.ok) {
    error.textContent = say(root, "not-started", { reason: answer.message });
    const first = form.querySelector('[name="player"]');
    if (answer.form_field === "players" && first) first.focus();
    return;
  }
  error.textContent = "";
  store.current = newId();
  keep(answer.sheet);
  showSheet(answer);
  // the setup form is cleared for the next session, unless the reader has typed into it meanwhile
  if (!edits.editedSince(mark).length) form.reset();
  announce(say(root, "started", { dealer: answer.next_dealer }));
  focusForm();
  await drawList(store);
}

async function enterDeal(form) {
  const editing = Number(form.dataset.editing || 0);
  const query = formQuery(form);
  const mark = edits.mark();
  const answer = editing
    ? await call("save_deal", sheetText(), editing, JSON.stringify(query), options)
    : await call("add_deal", sheetText(), JSON.stringify(query), options);
  if (!answer.ok) {
    showDealError(answer, mark);
    return;
  }
  keep(answer.sheet);
  showSheet(answer, mark);
  const totals = totalsText(answer.totals);
  announce(
    editing
      ? say(root, "deal-saved", { number: editing, totals, dealer: answer.next_dealer })
      : say(root, "deal-added", { number: answer.deals, totals, dealer: answer.next_dealer }),
  );
  // the focus goes back to the form's start, unless the reader has already moved on to the next deal
  // (typed, or only clicked into a field: the keys that follow must land there)
  if (!edits.movedSince(mark)) focusForm();
  await drawList(store);
}

async function simple(name, ...args) {
  const mark = edits.mark();
  const answer = await call(name, sheetText(), ...args, options);
  if (!answer.ok) {
    announce(answer.message);
    return null;
  }
  if (name !== "edit_deal") keep(answer.sheet);
  showSheet(answer, mark);
  if (name !== "edit_deal") await drawList(store);
  return answer;
}

function download(answer) {
  const blob = new Blob([answer.text], { type: `${answer.mime};charset=utf-8` });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = answer.filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(link.href);
    link.remove();
  }, 1000);
}

async function importFile(file) {
  importError.textContent = "";
  if (file.size > 2_000_000) {
    importError.textContent = say(root, "too-large", { file: file.name });
    return;
  }
  const text = await file.text();
  const mark = edits.mark();
  const answer = await call("import_sheet", text, options, file.name);
  if (!answer.ok) {
    importError.textContent = say(root, "not-opened", { file: file.name, reason: answer.message });
    return;
  }
  store.current = newId();
  keep(answer.sheet);
  showSheet(answer, mark);
  await drawList(store);
  announce(say(root, "file-opened", { file: file.name, n: answer.deals, totals: totalsText(answer.totals) }));
  const title = current.querySelector(".tw-sheet-title");
  if (title) title.focus();
}

async function onClick(event) {
  const button = event.target.closest("button[data-action]");
  if (!button || !root.contains(button) || button.type === "submit") return;
  const action = button.dataset.action;
  const deal = button.dataset.deal;
  if (action === "undo") {
    const answer = await simple("undo");
    if (answer) {
      announce(say(root, "undone", { number: answer.undone, totals: totalsText(answer.totals) }));
      const again = current.querySelector('[data-action="undo"]');
      if (again && !again.disabled) again.focus();
      else focusForm();
    }
  } else if (action === "edit") {
    const answer = await simple("edit_deal", Number(deal));
    if (answer) {
      announce(say(root, "editing", { number: deal }));
      focusForm(false);
    }
  } else if (action === "cancel-edit") {
    await openSession(store.current, say(root, "edit-cancelled"));
    focusForm();
  } else if (action === "delete-deal") {
    if (!window.confirm(say(root, "delete-deal", { number: deal }))) return;
    const answer = await simple("delete_deal", Number(deal));
    if (answer) {
      announce(say(root, "deal-deleted", { number: deal, totals: totalsText(answer.totals) }));
      focusForm();
    }
  } else if (action === "export-csv" || action === "export-json") {
    const answer = await call("export", sheetText(), action === "export-csv" ? "csv" : "json");
    if (answer.ok) {
      download(answer);
      announce(say(root, "downloaded", { file: answer.filename }));
    } else announce(answer.message);
  } else if (action === "open-session") {
    await openSession(button.dataset.session);
    const title = current.querySelector(".tw-sheet-title");
    if (title) title.focus();
  } else if (action === "delete-session") {
    const id = button.dataset.session;
    const entry = store.sessions[id];
    const name = (entry && entry.sheet && entry.sheet.title) || "";
    const question = name ? say(root, "delete-session", { name }) : say(root, "delete-untitled");
    if (!window.confirm(question)) return;
    delete store.sessions[id];
    if (store.current === id) {
      store.current = null;
      clearSheet();
    }
    writeStore(store);
    await drawList(store);
    announce(name ? say(root, "session-deleted", { name }) : say(root, "untitled-deleted"));
    const heading = root.querySelector(".tw-sheet-sessions h3");
    if (heading) heading.focus();
  }
}

// While the engine works on the reader's input the widget says so (data-busy), for tests and styles.
let busy = 0;

function track(work) {
  busy += 1;
  root.dataset.busy = "true";
  return work
    .catch((error) => announce(say(root, "went-wrong", { reason: error.message })))
    .finally(() => {
      busy -= 1;
      if (!busy) delete root.dataset.busy;
    });
}

function wire() {
  root.addEventListener("click", (event) => {
    if (event.target.closest("button[data-action]")) track(onClick(event));
  });
  root.addEventListener("submit", (event) => {
    event.preventDefault();
    const form = event.target;
    track(form.classList.contains("tw-sheet-setup") ? startSession(form) : enterDeal(form));
  });
  root.addEventListener("change", (event) => {
    const control = event.target;
    if (control.getAttribute && control.getAttribute("aria-invalid")) control.removeAttribute("aria-invalid");
  });
  importInput.addEventListener("change", () => {
    const file = importInput.files && importInput.files[0];
    if (file) track(importFile(file)).finally(() => (importInput.value = ""));
  });
  // Another tab changed the sessions: draw them again (the open sheet too, when it changed).
  window.addEventListener("storage", (event) => {
    if (event.key !== STORE_KEY) return;
    const open = store.current;
    const before = open && store.sessions[open] ? JSON.stringify(store.sessions[open].sheet) : "";
    store = readStore();
    store.current = open && store.sessions[open] ? open : null;
    const after = store.current ? JSON.stringify(store.sessions[store.current].sheet) : "";
    // the open sheet is drawn again only when the other tab changed it: a deal being typed here stays
    if (store.current && after !== before) openSession(store.current, say(root, "other-tab"));
    else {
      if (!store.current && open) clearSheet();
      drawList(store);
    }
  });
}

if (root) {
  clearSheet();
  setState("loading");
  // Until the engine can answer them, the controls are disabled and the notice counts the bytes.
  const release = holdControls(root);
  showProgress(root.querySelector(".tw-loading"));
  wire();
  startEngine(JSON.parse(root.dataset.runtime)).then(
    async (info) => {
      document.documentElement.dataset.tarotEngine = `ready ${info.seconds.toFixed(1)}s`;
      release();
      try {
        if (store.current && store.sessions[store.current]) await openSession(store.current, "");
        else await drawList(store);
        setState("ready");
      } catch (error) {
        setState("error", say(root, "failed", { reason: error.message }));
      }
    },
    (error) => setState("error", say(root, "failed", { reason: error.message })),
  );
}
