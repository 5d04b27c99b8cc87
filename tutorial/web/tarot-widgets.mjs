// Browser side of the tarot widgets: start the engine's worker at once, forward the reader's input
// to the bridge (tutorial/bridge/) and draw its answers. No rule is decided here.

import { call as engineCall, holdControls, say, showProgress, startEngine, watchEdits } from "./engine.mjs";

// The widgets this script draws; the score sheet, the lessons and the play widget have scripts of their
// own (score-sheet.mjs, lessons.mjs, play.mjs).
const KINDS = ["calculator", "replay", "play-check"];
const roots = Array.from(document.querySelectorAll(KINDS.map((kind) => `[data-tarot-widget="${kind}"]`).join(", ")));

// The notice of each state: getting ready, or nothing (a widget that failed says why, see failed()).
function setState(root, state, extra) {
  root.dataset.state = state;
  const text = root.querySelector(".tw-loading-text");
  if (text) text.textContent = extra || (state === "loading" ? say(root, "loading") : "");
  const status = root.querySelector(".tw-loading");
  if (status) status.hidden = state === "ready";
}

// ------------------------------------------------------------------ the engine's calls
// A call to a function of the bridge package, its arguments listed after its name.
function call(name, ...args) {
  return engineCall(name, args);
}

function focusKey(element) {
  if (!element || !element.closest) return null;
  if (element.dataset && element.dataset.card) return `[data-card="${element.dataset.card}"]`;
  if (element.id) return `#${CSS.escape(element.id)}`;
  return null;
}

function restoreFocus(root, key) {
  if (!key) return;
  const element = root.querySelector(key);
  if (element) element.focus();
}

// ------------------------------------------------------------------ calculator
let urlOwner = null;

// A link to a calculation opens the page at the calculator: with the fragment the address carries, the
// browser scrolls there; without it (a link written before the address carried one, or by hand), this
// does. The blocks above take their real heights only as they come near the view, and every widget's
// loading notice goes once Python is ready, so the calculator can drift while the page settles: it is
// brought back to the top of the view once its result shows, unless the reader has scrolled, typed or
// clicked meanwhile. The jumps are instant, as on arriving at a fragment: the theme's smooth scrolling
// (meant for links within a page) would sweep through the whole page.
function holdInView(root) {
  const jump = () => root.scrollIntoView({ block: "start", behavior: "instant" });
  if (!window.location.hash) jump();
  else if (window.location.hash !== `#${root.id}`) return () => {};
  let moved = false;
  const events = ["wheel", "touchstart", "keydown", "pointerdown"];
  const stop = () => {
    moved = true;
  };
  for (const type of events) window.addEventListener(type, stop, { capture: true, passive: true });
  // After the result, blocks above may still take their real heights for a few frames: the calculator
  // is brought back until it has kept still for ten frames (or the reader moves).
  const keep = (frames, still, last) => {
    if (moved || frames > 120 || still >= 10) {
      for (const type of events) window.removeEventListener(type, stop, { capture: true });
      return;
    }
    const top = root.getBoundingClientRect().top;
    if (last !== null && top !== last) jump();
    requestAnimationFrame(() => keep(frames + 1, top === last ? still + 1 : 0, root.getBoundingClientRect().top));
  };
  return () => {
    if (moved) {
      for (const type of events) window.removeEventListener(type, stop, { capture: true });
      return;
    }
    jump();
    keep(0, 0, null);
  };
}

// Queries are built on objects without a prototype: a link's "?constructor=1" or "?__proto__=1" is then a
// parameter like any other (the bridge ignores the ones the form does not have).
function addValue(query, key, value) {
  if (!Object.hasOwn(query, key)) query[key] = [];
  query[key].push(value);
}

function formQuery(form) {
  const query = Object.create(null);
  for (const element of form.elements) {
    if (!element.name) continue;
    if (element.type === "checkbox" && !element.checked) continue;
    addValue(query, element.name, element.value);
  }
  return query;
}

function urlQuery() {
  const query = Object.create(null);
  for (const [key, value] of new URLSearchParams(window.location.search)) addValue(query, key, value);
  return query;
}

// The address names the calculator as its fragment: a link copied from the address bar opens the page
// at the calculator, which may stand far down the page. What it keeps of the form is the bridge's
// answer ("address"): the form's own fields, so a link's stray parameters are not carried on.
function writeUrl(query, root) {
  const params = new URLSearchParams();
  for (const [key, values] of Object.entries(query)) for (const value of values) params.append(key, value);
  const url = `${window.location.pathname}?${params.toString()}#${encodeURIComponent(root.id)}`;
  window.history.replaceState(null, "", url);
}

function setupCalculator(root) {
  const form = root.querySelector(".tw-form");
  const result = root.querySelector(".tw-result");
  const bar = root.querySelector(".tw-result-bar");
  const general = root.querySelector(".tw-form-error");
  const options = root.dataset.options;
  const config = JSON.parse(root.dataset.config || "{}");
  const owner = config.url_state && urlOwner === null;
  if (owner) urlOwner = root;
  let latest = 0;
  let timer = null;
  let settle = null;
  // The reader's edits, so that an answer never puts back values the reader has typed over since its
  // request was sent (see watchEdits in engine.mjs).
  const edits = watchEdits(form);
  // Every entry the reader has made (or a link brought), by field: when the rules change, the bridge
  // keeps those the new rules can use, also after a list walked through with the arrow keys.
  const entries = Object.create(null);

  function remember(name) {
    if (!name || name === "variant") return;
    entries[name] = [...form.elements].filter((e) => e.name === name && (e.type !== "checkbox" || e.checked)).map((e) => e.value);
  }

  function showErrors(answer) {
    for (const slot of root.querySelectorAll(".tw-field-error")) slot.textContent = "";
    for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
    general.textContent = "";
    if (answer.ok) return;
    const errors = answer.errors || [answer];
    const loose = [];
    for (const error of errors) {
      const name = error.form_field || "";
      const slot = name ? root.querySelector(`[data-error-for="${CSS.escape(name)}"]`) : null;
      if (!slot) {
        loose.push(error.field ? say(root, "field-error", { field: error.field, message: error.message }) : error.message);
        continue;
      }
      slot.textContent = slot.textContent ? `${slot.textContent} ${error.message}` : error.message;
      const group = slot.closest("[data-field]");
      const controls = group ? [...group.querySelectorAll("input, select")] : [];
      const marked = typeof error.index === "number" && controls[error.index] ? [controls[error.index]] : controls;
      for (const control of marked) control.setAttribute("aria-invalid", "true");
    }
    general.textContent = loose.join(" ");
  }

  // The result bar (each player's score in one line) sits between the form and the full result. While
  // the form is edited and the bar is below the view (a phone's case: the result is a screen or more
  // down), a copy of it floats at the bottom of the view. A copy, and placed by script: the theme makes
  // the page's content a scrolling box on narrow screens, so a sticky bar would never stick there.
  const floating = bar ? document.createElement("div") : null;
  if (floating) {
    floating.className = "tw-result-bar tw-result-bar-float";
    floating.dataset.resultBarFloat = "";
    floating.setAttribute("aria-hidden", "true"); // the same scores as the bar and the result, read there
    floating.hidden = true;
    root.append(floating);
  }

  function placeFloating() {
    if (!floating) return;
    const view = window.innerHeight;
    const formBox = form.getBoundingClientRect();
    const barBox = bar.getBoundingClientRect();
    const shown = bar.childElementCount > 0 && !bar.classList.contains("tw-awaiting");
    const show = shown && formBox.top < view && formBox.bottom > 0 && barBox.bottom > view;
    floating.hidden = !show;
    if (show) {
      const box = root.getBoundingClientRect();
      floating.style.left = `${Math.max(0, box.left)}px`;
      floating.style.width = `${Math.min(box.width, document.documentElement.clientWidth)}px`;
    }
  }

  function drawBar(html, noScore) {
    if (bar && html !== undefined) bar.classList.remove("tw-awaiting");
    for (const element of [bar, floating]) {
      if (!element) continue;
      if (html !== undefined) element.innerHTML = html;
      else if (element === floating) element.innerHTML = bar.innerHTML;
      if (noScore) element.dataset.noScore = "true";
      else delete element.dataset.noScore;
    }
    placeFloating();
  }

  function drawResult(answer) {
    for (const name of Object.keys(result.dataset)) delete result.dataset[name];
    result.classList.remove("tw-stale", "tw-awaiting");
    if (answer.html !== undefined) result.innerHTML = answer.html;
    drawBar(answer.bar_html, !answer.ok);
    if (!answer.ok) {
      result.dataset.error = answer.form_field || answer.field || "request";
      result.dataset.noScore = "true";
      return;
    }
    for (const [key, value] of Object.entries(answer.attributes || {})) {
      result.setAttribute(`data-${key}`, value);
    }
  }

  // typing: the answer to a key press in a text field; the form is then redrawn (new labels, a name in
  // the lists) once the field is left, not under the reader's fingers.
  async function compute(query, { fromUrl = false, typing = false, rules = null } = {}) {
    const ticket = ++latest;
    const mark = edits.mark();
    root.dataset.busy = "true";
    const answer = rules === null
      ? await call("calculate", JSON.stringify(query), options)
      : await call("change_rules", JSON.stringify(query), rules, options);
    if (ticket !== latest) return;
    delete root.dataset.busy;
    const redraw = answer.form_html !== undefined
      && (fromUrl || rules !== null || (!typing && answer.form_shape !== form.dataset.formShape));
    form.inert = false;
    // Fields the reader changed after this request went out: their own request follows (or has gone),
    // and this answer is for the values before them.
    const overtaken = edits.editedSince(mark).length > 0;
    if (redraw) {
      if (!edits.redraw(form, answer.form_html, mark)) return; // the field being typed into would go
      form.dataset.formShape = answer.form_shape || "";
    }
    if (answer.form_key !== undefined) form.dataset.formKey = answer.form_key;
    showErrors(answer);
    drawResult(answer);
    if (overtaken) result.classList.add("tw-stale");
    root.dataset.computed = String(Number(root.dataset.computed || 0) + 1);
    if (owner && answer.address) writeUrl(answer.address, root);
    if (settle) {
      settle();
      settle = null;
    }
  }

  function changed(event) {
    const target = event && event.target;
    clearTimeout(timer);
    if (target && target.name === "variant") {
      const query = Object.assign(Object.create(null), entries);
      query.variant = [target.value];
      compute(query, { rules: target.value });
      return;
    }
    if (target) remember(target.name);
    const typing = Boolean(event && event.type === "input");
    timer = setTimeout(() => compute(formQuery(form), { typing }), typing ? 250 : 0);
  }

  form.addEventListener("change", changed);
  form.addEventListener("input", (event) => {
    if (event.target.type === "text") changed(event);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    changed(null);
  });

  let placing = false;
  const schedule = () => {
    if (placing) return;
    placing = true;
    requestAnimationFrame(() => {
      placing = false;
      placeFloating();
    });
  };
  // A field reached with Tab that the floating bar would cover is scrolled clear of it. (A page-wide
  // scroll-padding would do it too, but it also moves where a link to the calculator lands.)
  form.addEventListener("focusin", (event) => {
    requestAnimationFrame(() => {
      placeFloating();
      if (!floating || floating.hidden) return;
      const field = event.target.getBoundingClientRect();
      const cover = floating.getBoundingClientRect();
      if (field.bottom > cover.top - 8) window.scrollBy({ top: field.bottom - cover.top + 16, behavior: "instant" });
    });
  });
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule, { passive: true });
  drawBar(undefined, false);

  const fromUrl = owner && window.location.search.length > 1;
  if (fromUrl) {
    setState(root, root.dataset.state, say(root, "link-loading"));
    // The scores drawn with the page are those of the usual deal, not this link's: none is shown until
    // the link's own comes (a score-keeper must not copy the wrong number meanwhile).
    // (The page's scores are hidden in place, so the page keeps its layout while it settles.)
    result.classList.add("tw-awaiting");
    result.prepend(Object.assign(document.createElement("p"), {
      className: "tw-pending",
      textContent: say(root, "link-pending"),
    }));
    for (const name of Object.keys(result.dataset)) delete result.dataset[name];
    if (bar) bar.classList.add("tw-awaiting");
    placeFloating();
    // The form drawn with the page holds the usual deal too: it takes the link's values when Python is
    // ready, so nothing typed into it before then would last.
    form.inert = true;
    const linked = urlQuery();
    for (const name of Object.keys(linked)) if (name !== "variant") entries[name] = linked[name];
    settle = holdInView(root);
  }
  return () => (fromUrl ? compute(urlQuery(), { fromUrl: true }) : Promise.resolve());
}

// ------------------------------------------------------------------ replay
function setupReplay(root) {
  const stage = root.querySelector(".tw-stage");
  const output = root.querySelector(".tw-step");
  const jump = root.querySelector(".tw-jump");
  const view = root.querySelector(".tw-view");
  const steps = Number(root.dataset.steps);
  const options = root.dataset.options;
  let step = Number(root.dataset.step);
  let latest = 0;
  let live = false;

  async function draw() {
    output.textContent = say(root, "step", { step, steps });
    if (!live) return;
    const ticket = ++latest;
    const answer = await call("replay", root.dataset.record, step, view.value, options);
    if (ticket !== latest) return;
    if (!answer.ok) {
      stage.insertAdjacentHTML("afterbegin", `<p class="tw-field-error"></p>`);
      stage.firstChild.textContent = answer.message;
      return;
    }
    stage.innerHTML = answer.html;
    root.dataset.step = String(answer.step);
    root.dataset.view = answer.view;
    root.dataset.phase = answer.phase;
  }

  function go(target) {
    step = Math.max(0, Math.min(steps, target));
    draw();
  }

  root.querySelector(".tw-controls").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const action = button.dataset.action;
    jump.value = "";
    if (action === "first") go(0);
    else if (action === "back") go(step - 1);
    else if (action === "forward") go(step + 1);
    else if (action === "last") go(steps);
  });
  jump.addEventListener("change", () => {
    if (jump.value !== "") go(Number(jump.value));
  });
  view.addEventListener("change", () => draw());
  root.addEventListener("keydown", (event) => {
    if (event.target.tagName === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: steps };
    if (event.key in moves) {
      event.preventDefault();
      // ← and → step the replay: they must not also turn the page (Sphinx's navigation with keys).
      event.stopPropagation();
      jump.value = "";
      go(moves[event.key]);
    }
  });
  return () => {
    live = true;
    return Number(root.dataset.step) !== step || view.value !== root.dataset.view ? draw() : Promise.resolve();
  };
}

// ------------------------------------------------------------------ may I play this card?
function setupPlayCheck(root) {
  const stage = root.querySelector(".tw-stage");
  const verdict = root.querySelector(".tw-verdict-region");
  const reset = root.querySelector(".tw-reset");
  const options = root.dataset.options;
  verdict.id = `${root.id}-verdict`;
  let queued = null;
  let live = false;

  async function tryCard(card) {
    if (!live) {
      queued = card;
      verdict.textContent = say(root, "card-queued");
      return;
    }
    const answer = await call("check_play", root.dataset.record, Number(root.dataset.step), card, options);
    if (!answer.ok) {
      verdict.textContent = answer.message;
      return;
    }
    stage.innerHTML = answer.html;
    verdict.innerHTML = answer.verdict_html;
    root.dataset.verdict = answer.accepted ? "accepted" : "refused";
    root.dataset.card = answer.card;
    if (answer.accepted) {
      delete root.dataset.reason;
      reset.hidden = false;
      reset.focus();
    } else {
      root.dataset.reason = answer.reason;
      const refused = stage.querySelector(`button[data-card="${answer.card}"]`);
      if (refused) {
        refused.classList.add("tw-refused-card");
        refused.setAttribute("aria-describedby", verdict.id);
      }
      restoreFocus(root, `[data-card="${answer.card}"]`);
    }
  }

  stage.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-card]");
    if (button) tryCard(button.dataset.card);
  });
  reset.addEventListener("click", async () => {
    const answer = await call("position", root.dataset.record, Number(root.dataset.step), options);
    if (!answer.ok) return;
    stage.innerHTML = answer.html;
    verdict.textContent = "";
    delete root.dataset.verdict;
    delete root.dataset.reason;
    reset.hidden = true;
    const first = stage.querySelector("button[data-card]");
    if (first) first.focus();
  });
  return () => {
    live = true;
    if (queued) {
      const card = queued;
      queued = null;
      return tryCard(card);
    }
    return Promise.resolve();
  };
}

// ------------------------------------------------------------------ start
// The worker starts at once: Python's start-up is most of the reader's wait. Wiring the widgets to
// it is not needed before Python is ready, so it waits for the next task: the task that ends the
// page's parsing, which runs this module, stays short.
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

if (roots.length) {
  const setups = { calculator: setupCalculator, replay: setupReplay, "play-check": setupPlayCheck };
  const engine = startEngine(JSON.parse(roots[0].dataset.runtime));
  // Until the engine can answer them, the widgets' controls are disabled and the notice counts the bytes.
  const releases = roots.map((root) => holdControls(root));
  for (const root of roots) showProgress(root.querySelector(".tw-loading"));
  const wired = nextTask().then(() =>
    roots.map((root) => {
      setState(root, "loading");
      try {
        return setups[root.dataset.tarotWidget](root);
      } catch (error) {
        setState(root, "error", say(root, "failed", { reason: error.message }));
        return null;
      }
    }),
  );
  Promise.all([engine, wired]).then(
    async ([info, starters]) => {
      document.documentElement.dataset.tarotEngine = `ready ${info.seconds.toFixed(1)}s`;
      await Promise.all(
        roots.map(async (root, index) => {
          if (!starters[index]) return;
          releases[index]();
          try {
            await starters[index]();
            setState(root, "ready");
          } catch (error) {
            setState(root, "error", say(root, "failed", { reason: error.message }));
          }
        }),
      );
    },
    async (error) => {
      await wired;
      for (const root of roots) setState(root, "error", say(root, "failed", { reason: error.message }));
    },
  );
}
