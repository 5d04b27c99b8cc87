// Browser side of the play widget: a whole deal against the computer players. The engine (through
// tutorial/bridge/play.py in the worker) draws the table, checks every action and chooses the
// computer's moves; this script sends the reader's choices, shows the computer's moves one at a time at
// the reader's pace, keeps the deal in the browser (a reload goes on where it was) and in the address
// (a link reproduces the deal). No rule is decided here.

import { call, holdControls, showProgress, startEngine, watchEdits } from "../tarot-widgets/engine.mjs";

const MODULE = "play";
const STORE = "tarot-play-game";
const PACE_STORE = "tarot-play-pace";
// Milliseconds between two computer moves, and the pause on a finished trick, by pace.
const PACES = { slow: [1500, 2200], normal: [800, 1400], fast: [200, 500] };
const SETUP_FIELDS = ["variant", "players", "seed", "seat", "level"];
const ACTIVE = new Set(["bidding", "calling", "discarding", "your-turn"]);
const MAX_LOG = 12;

function readStore(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch {
    return null;
  }
}

function writeStore(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private browsing or storage full: the deal goes on, a reload starts it again
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function randomSeed() {
  const word = new Uint32Array(1);
  crypto.getRandomValues(word);
  return 1 + (word[0] % 999999);
}

function sameSetup(game, setup) {
  return game && SETUP_FIELDS.every((key) => String(game[key]) === String(setup[key]));
}

function setupWith(base, changes) {
  const setup = {};
  for (const key of SETUP_FIELDS) setup[key] = String(changes[key] ?? base[key] ?? "");
  return setup;
}

// The sentences this script writes come from the page, in its language (play_bridge.page_messages):
// each is looked up by name and its {placeholders} filled in.
function fill(messages, name, params = {}) {
  const text = messages[name] || "";
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

function setupWidget(root) {
  const config = JSON.parse(root.dataset.config);
  const messages = config.messages || {};
  const options = root.dataset.options;
  const fixed = Boolean(config.fixed);
  const storeKey = fixed ? `${STORE}:${location.pathname}:${root.id}` : STORE;
  const stage = root.querySelector("[data-stage]");
  const refusal = root.querySelector("[data-refusal]");
  const hintBox = root.querySelector("[data-hint]");
  const log = root.querySelector("[data-log]");
  const end = root.querySelector("[data-end]");
  const replay = root.querySelector("[data-replay]");
  const title = root.querySelector("[data-title]");
  const pace = root.querySelector("[data-speed]");
  const hintButton = root.querySelector('[data-control="hint"]');
  const permalink = root.querySelector("[data-permalink]");
  const form = root.querySelector("[data-setup]");
  let game = null;
  let epoch = 0;
  let busy = false;
  let lastShown = 0;
  let focusWanted = false;
  let replayStep = 0;
  // The setup form shows the deal's game until the reader changes a field of it: an answer (each
  // computer move brings one) writes only the fields the reader has left alone since the deal began.
  const edits = form ? watchEdits(form) : null;
  let setupMark = 0;

  const savedPace = readStore(PACE_STORE);
  if (savedPace && PACES[savedPace]) pace.value = savedPace;
  pace.addEventListener("change", () => writeStore(PACE_STORE, pace.value));

  function tell(text) {
    if (!text) return;
    const item = document.createElement("li");
    item.textContent = text;
    log.append(item);
    while (log.children.length > MAX_LOG) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight; // the newest move in view
  }

  function address(setup) {
    const params = new URLSearchParams(setup);
    return `${location.pathname}?${params}#${root.id}`;
  }

  function clearMessages() {
    refusal.textContent = "";
    delete root.dataset.reason;
    hintBox.textContent = "";
  }

  function focusTurn() {
    const target =
      stage.querySelector('.tp-hand button[tabindex="0"]') || stage.querySelector(".tp-actions button");
    if (target) target.focus();
  }

  function draw(answer) {
    const previous = game;
    game = answer.game;
    stage.innerHTML = answer.html;
    title.textContent = answer.title;
    root.dataset.state = answer.state;
    root.dataset.gameState = answer.state;
    root.dataset.players = String(game.players);
    root.dataset.actions = String(game.actions.length);
    hintButton.disabled = !ACTIVE.has(answer.state);
    writeStore(storeKey, game);
    if (!fixed) {
      const url = address(answer.address);
      if (url !== location.pathname + location.search + location.hash) history.replaceState(null, "", url);
      if (permalink) permalink.href = address(answer.address);
      if (form) {
        const touched = new Set(edits.editedSince(setupMark));
        for (const key of ["variant", "players", "level", "seat"]) {
          if (form.elements[key] && !touched.has(`${key}#0`)) form.elements[key].value = answer.address[key];
        }
      }
    }
    if (answer.state === "over") showEnd(answer);
    else {
      end.hidden = true;
      end.innerHTML = "";
      replay.hidden = true;
      replay.innerHTML = "";
      delete root.dataset.scores;
    }
    if (focusWanted && ACTIVE.has(answer.state)) {
      focusWanted = false;
      focusTurn();
    }
    return previous;
  }

  function showEnd(answer) {
    end.innerHTML = answer.end_html;
    end.hidden = false;
    root.dataset.scores = JSON.stringify(answer.scores);
    replay.hidden = false;
    replayStep = 0;
    replay.innerHTML = answer.replay_html;
    replay.dataset.steps = String(answer.steps);
    drawReplay();
    if (focusWanted) {
      focusWanted = false;
      const first = end.querySelector("[data-verdict]");
      if (first) {
        first.tabIndex = -1;
        first.focus();
      }
    }
  }

  async function drawReplay() {
    const steps = Number(replay.dataset.steps);
    replayStep = Math.max(0, Math.min(steps, replayStep));
    replay.querySelector(".tw-step").textContent = fill(messages, "step", { step: replayStep, steps });
    const mine = epoch;
    const answer = await call("replay_step", [JSON.stringify(game), replayStep, options], MODULE);
    if (mine !== epoch || !answer.ok) return;
    replay.querySelector(".tp-replay-stage").innerHTML = answer.html;
    replay.dataset.step = String(answer.step);
  }

  replay.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-step]");
    if (!button) return;
    const steps = Number(replay.dataset.steps);
    const moves = { first: 0, back: replayStep - 1, forward: replayStep + 1, last: steps };
    replayStep = moves[button.dataset.step];
    drawReplay();
  });

  // The computer's moves, one call each, shown no faster than the chosen pace (its thinking time
  // counts towards the wait). A new deal (epoch) stops a run in progress.
  async function runComputer(answer) {
    const mine = epoch;
    let current = answer;
    while (current.waiting && mine === epoch) {
      root.dataset.state = "thinking";
      const began = performance.now();
      const next = await call("advance", [JSON.stringify(game), options], MODULE);
      // Each computer move's time, worker included, for the benchmark (benchmarks/bench_play.py).
      performance.measure("tarot-play-move", {
        start: began,
        detail: { said: next.said || "", playouts: next.playouts || 0 },
      });
      if (mine !== epoch) return;
      if (!next.ok) {
        fail(next.message);
        return;
      }
      const [gap, trickPause] = PACES[pace.value] || PACES.normal;
      const wait = (current.tricks !== next.tricks ? trickPause : gap) - (performance.now() - began);
      const since = performance.now() - lastShown;
      if (since < gap || wait > 0) await sleep(Math.max(0, wait, gap - since));
      if (mine !== epoch) return;
      draw(next);
      tell(next.said);
      lastShown = performance.now();
      current = next;
    }
  }

  function fail(message) {
    refusal.textContent = message;
  }

  async function show(answer) {
    if (!answer.ok) {
      fail(answer.message);
      return false;
    }
    draw(answer);
    if (answer.said) tell(answer.said);
    if (answer.waiting) await runComputer(answer);
    return true;
  }

  async function begin(setup, saved) {
    epoch += 1;
    if (edits) setupMark = edits.mark();
    clearMessages();
    log.textContent = "";
    if (saved && sameSetup(saved, setup)) {
      const answer = await call("show", [JSON.stringify(saved), options], MODULE);
      if (answer.ok) {
        tell(fill(messages, "resumed"));
        return show(answer);
      }
    }
    return show(await call("start", [JSON.stringify(setup), options], MODULE));
  }

  async function act(choice) {
    if (busy || !game || !ACTIVE.has(root.dataset.state)) return;
    busy = true;
    try {
      const answer = await call("act", [JSON.stringify(game), JSON.stringify(choice), options], MODULE);
      if (!answer.ok) {
        fail(answer.message);
        return;
      }
      if (!answer.accepted) {
        refusal.innerHTML = answer.refusal_html;
        root.dataset.reason = answer.reason;
        const card = stage.querySelector(`button[data-card="${answer.card}"]`);
        if (card) {
          card.classList.add("tw-refused-card");
          card.focus();
        }
        return;
      }
      clearMessages();
      focusWanted = true;
      lastShown = performance.now();
      await show(answer);
    } finally {
      busy = false;
    }
  }

  stage.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || button.disabled) return;
    if (button.dataset.card) act({ card: button.dataset.card });
    else if (button.dataset.action) act({ action: button.dataset.action });
    else if ("undo" in button.dataset) act({ undo: true });
  });

  // The hand is one stop of the Tab key: the arrow keys move along it (a roving tabindex).
  stage.addEventListener("keydown", (event) => {
    const bar = event.target.closest('.tp-hand[role="toolbar"]');
    if (!bar) return;
    const buttons = Array.from(bar.querySelectorAll("button"));
    const index = buttons.indexOf(event.target);
    const moves = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    if (!(event.key in moves) || index < 0) return;
    event.preventDefault();
    event.stopPropagation(); // the theme turns pages with the arrow keys
    const next = buttons[(moves[event.key] + buttons.length) % buttons.length];
    for (const button of buttons) button.tabIndex = button === next ? 0 : -1;
    next.focus();
  });

  hintButton.addEventListener("click", async () => {
    if (!game || !ACTIVE.has(root.dataset.state)) return;
    hintBox.textContent = fill(messages, "thinking");
    const answer = await call("hint", [JSON.stringify(game), options], MODULE);
    if (!answer.ok) {
      hintBox.textContent = answer.message;
      return;
    }
    hintBox.textContent = fill(messages, "hint", { hint: answer.hint });
    for (const marked of stage.querySelectorAll(".tp-hinted")) marked.classList.remove("tp-hinted");
    const target = answer.card
      ? stage.querySelector(`button[data-card="${answer.card}"]`)
      : stage.querySelector(`button[data-action="${CSS.escape(answer.action)}"]`);
    if (target) target.classList.add("tp-hinted");
  });

  root.querySelector('[data-control="again"]').addEventListener("click", () => {
    if (game) begin(setupWith(game, {}), null);
  });
  const newButton = root.querySelector('[data-control="new"]');
  if (newButton) newButton.addEventListener("click", () => begin(setupWith(game || config.setup, { seed: randomSeed() }), null));
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const chosen = {};
      for (const key of ["variant", "players", "level", "seat"]) chosen[key] = form.elements[key].value;
      chosen.seed = randomSeed();
      const error = form.querySelector("[data-field-error]");
      const mark = edits.mark();
      call("start", [JSON.stringify(setupWith(config.setup, chosen)), options], MODULE).then((answer) => {
        if (!answer.ok) {
          error.textContent = answer.message;
          return;
        }
        error.textContent = "";
        epoch += 1;
        setupMark = mark;
        clearMessages();
        log.textContent = "";
        show(answer);
      });
    });
  }

  // What the page opens on: the deal in the address, else the deal kept in this browser, else the
  // page's own deal.
  return () => {
    const saved = readStore(storeKey);
    if (fixed) return begin(config.setup, saved);
    const params = new URLSearchParams(location.search);
    if (params.has("seed")) {
      const linked = {};
      for (const key of SETUP_FIELDS) if (params.has(key)) linked[key] = params.get(key);
      return begin(setupWith(config.setup, linked), saved);
    }
    if (saved) return begin(setupWith(saved, {}), saved);
    return begin(config.setup, null);
  };
}

const roots = Array.from(document.querySelectorAll('[data-tarot-widget="play"]'));

function status(root, text) {
  const box = root.querySelector(".tw-loading");
  box.querySelector(".tw-loading-text").textContent = text;
  box.hidden = !text;
}

if (roots.length) {
  const engine = startEngine(JSON.parse(roots[0].dataset.runtime));
  const messages = roots.map((root) => JSON.parse(root.dataset.config).messages || {});
  const starters = roots.map((root) => setupWidget(root));
  // Until the engine can answer them, the controls are disabled and the notice counts the bytes. The
  // table's own (bids, cards) stay so until the deal is drawn afresh, which replaces them.
  const releases = roots.map((root) => {
    const stage = root.querySelector("[data-stage]");
    holdControls(stage);
    return holdControls(root, stage);
  });
  for (const root of roots) {
    root.dataset.state = "loading";
    showProgress(root.querySelector(".tw-loading"));
  }
  engine.then(
    () =>
      Promise.all(
        roots.map(async (root, index) => {
          status(root, "");
          releases[index]();
          try {
            await starters[index]();
          } catch (error) {
            status(root, fill(messages[index], "failed", { error: error.message }));
          }
        }),
      ),
    (error) => {
      roots.forEach((root, index) => {
        root.dataset.state = "error";
        status(root, fill(messages[index], "no_engine", { error: error.message }));
      });
    },
  );
}
