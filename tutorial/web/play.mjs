// Browser side of the play widget: a whole deal against the computer players. The engine (through
// tutorial/bridge/play.py in the worker) draws the table, checks every action and chooses the
// computer's moves; this script sends the reader's choices, shows the computer's moves one at a time at
// the reader's pace, keeps the deal in the browser (a reload goes on where it was) and in the address
// (a link reproduces the deal), and keeps the evening's session (each deal's scores, whose totals and
// score sheet the bridge makes). No rule is decided here.

import {
  call as engineCall,
  holdControls,
  showProgress,
  startEngine,
  watchEdits,
} from "../tarot-widgets/engine.mjs";
import { setupReview } from "./play-review.mjs";

const MODULE = "play";
const STORE = "tarot-play-game";
const PACE_STORE = "tarot-play-pace";
const SESSION_STORE = "tarot-play-session";
// The score sheet's own store (score-sheet.mjs): a session sent there opens as its current sheet.
const SHEET_STORE = "tarot-score-sheets";
// Milliseconds between two computer moves, and how long a finished trick stays before the next lead,
// by pace.
const PACES = { slow: [1500, 2600], normal: [800, 1800], fast: [200, 900] };
const SETUP_FIELDS = ["variant", "players", "seed", "seat", "level", "dealer"];
const TABLE_FIELDS = ["variant", "players", "seat"];
const ACTIVE = new Set(["bidding", "calling", "discarding", "your-turn"]);

// ------------------------------------------------------------------ warming up
// The strong level's first searches in a fresh page run several times slower than the later ones (see
// warm_up in tutorial/bridge/play.py). While a reader at the strong level has the turn and the engine
// has had nothing to do for a moment, a few short searches run on a deal of the worker's own; any call
// of the page goes first (it waits at most for the search under way), and they are spent once a page.
const WARM_UP_CALLS = 5;
const WARM_UP_IDLE_MS = 300;
const warming = { left: WARM_UP_CALLS, pending: 0, timer: 0 };

function call(...args) {
  warming.pending += 1;
  clearTimeout(warming.timer);
  return engineCall(...args).finally(() => {
    warming.pending -= 1;
    warmLater();
  });
}

function warmWanted() {
  return roots.some((root) => root.dataset.level === "mc" && ACTIVE.has(root.dataset.state));
}

function warmLater() {
  clearTimeout(warming.timer);
  if (warming.pending || warming.left <= 0) return;
  warming.timer = setTimeout(async () => {
    if (warming.pending || warming.left <= 0 || !warmWanted()) return;
    warming.left -= 1;
    warming.pending += 1;
    const began = performance.now();
    try {
      await engineCall("warm_up", ["{}"], MODULE);
    } catch {
      // it only warms: nothing is lost
    } finally {
      warming.pending -= 1;
      performance.measure("tarot-warm-up", { start: began }); // for the benchmark and the tests
    }
    warmLater();
  }, WARM_UP_IDLE_MS);
}

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

// A game saved before the deal passed round was always dealt by p1.
function field(game, key) {
  return String(game[key] ?? (key === "dealer" ? "p1" : ""));
}

function sameSetup(game, setup) {
  return game && SETUP_FIELDS.every((key) => field(game, key) === field(setup, key));
}

function sameTable(one, other) {
  return one && other && TABLE_FIELDS.every((key) => field(one, key) === field(other, key));
}

function setupWith(base, changes) {
  const setup = {};
  for (const key of SETUP_FIELDS) setup[key] = String(changes[key] ?? base[key] ?? (key === "dealer" ? "p1" : ""));
  return setup;
}

function newSession(table) {
  const session = { deals: [], open: null };
  for (const key of TABLE_FIELDS) session[key] = field(table, key);
  return session;
}

// The deal that counts in the session when it ends: its setup (one deal dealt twice counts twice).
function dealKey(address) {
  return SETUP_FIELDS.map((key) => field(address, key)).join("|");
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
  // Whether the deal kept here is over (a link to another deal asks first while one is in progress).
  const STATE_STORE = "tarot-play-state";
  const stage = root.querySelector("[data-stage]");
  const refusal = root.querySelector("[data-refusal]");
  // What a link asked that the page could not do, under the deal's title: seen with the deal, where a
  // refusal beside the hand was below a phone's first screen.
  const linkNote = root.querySelector("[data-link-note]");
  const hintBox = root.querySelector("[data-hint]");
  const log = root.querySelector("[data-log]");
  const end = root.querySelector("[data-end]");
  const nextRow = root.querySelector("[data-next-row]");
  const replay = root.querySelector("[data-replay]");
  const title = root.querySelector("[data-title]");
  const pace = root.querySelector("[data-speed]");
  const hintButton = root.querySelector('[data-control="hint"]');
  const permalink = root.querySelector("[data-permalink]");
  const form = root.querySelector("[data-setup]");
  const setupBox = root.querySelector(".tp-setup-box");
  const totals = root.querySelector("[data-session-totals]");
  const sheetButton = root.querySelector('[data-control="sheet"]');
  const sessionNote = root.querySelector("[data-session-note]");
  const dialog = root.querySelector("[data-confirm]");
  // The review of a finished deal (play-review.mjs): shown at the end of a deal, cleared by the next.
  const review = setupReview(root, {
    messages,
    currentGame: () => game,
    resume: (saved) => tryAgain(saved),
    pageUrl: (page) => `${config.root || ""}${page}${config.suffix || ".html"}`,
  });
  let game = null;
  let last = null;
  let epoch = 0;
  let busy = false;
  let lastShown = 0;
  let focusWanted = false;
  let replayStep = 0;
  let previousState = null;
  let sheet = null;
  // The evening at this table: each finished deal's scores (the bridge adds them up).
  let session = fixed ? null : readStore(SESSION_STORE);
  // The setup form shows the deal's game until the reader changes a field of it: an answer (each
  // computer move brings one) writes only the fields the reader has left alone since the deal began.
  const edits = form ? watchEdits(form) : null;
  let setupMark = 0;

  const savedPace = readStore(PACE_STORE);
  if (savedPace && PACES[savedPace]) pace.value = savedPace;
  pace.addEventListener("change", () => writeStore(PACE_STORE, pace.value));

  // ------------------------------------------------------------------ asking first
  // An in-page question (a modal <dialog>: it keeps the focus, Escape answers no) rather than
  // window.confirm, whose buttons cannot be named and which stops the page's script.
  // Each question with its two answers: [the question, yes, no].
  const QUESTIONS = {
    leave: [fill(messages, "leave"), fill(messages, "leave_yes"), fill(messages, "leave_no")],
    link: [fill(messages, "link"), fill(messages, "link_yes"), fill(messages, "link_no")],
    new_session: [fill(messages, "new_session"), fill(messages, "new_session_yes"), fill(messages, "new_session_no")],
  };

  function ask(name) {
    const [question, yesLabel, noLabel] = QUESTIONS[name];
    if (!dialog || typeof dialog.showModal !== "function") return Promise.resolve(window.confirm(question));
    dialog.querySelector("[data-confirm-text]").textContent = question;
    const yes = dialog.querySelector("[data-confirm-yes]");
    const no = dialog.querySelector("[data-confirm-no]");
    yes.textContent = yesLabel;
    no.textContent = noLabel;
    root.dataset.asking = name;
    return new Promise((resolve) => {
      function done(answer) {
        yes.removeEventListener("click", onYes);
        no.removeEventListener("click", onNo);
        dialog.removeEventListener("cancel", onCancel);
        if (dialog.open) dialog.close();
        delete root.dataset.asking;
        resolve(answer);
      }
      const onYes = () => done(true);
      const onNo = () => done(false);
      const onCancel = (event) => {
        event.preventDefault();
        done(false);
      };
      yes.addEventListener("click", onYes);
      no.addEventListener("click", onNo);
      dialog.addEventListener("cancel", onCancel);
      dialog.showModal();
      no.focus();
    });
  }

  // A deal is in progress once the reader has made a move in it and until it ends.
  function inProgress(saved = game, state = root.dataset.gameState) {
    if (!saved || state === "over") return false;
    return saved.actions.some((action) => action.split(" ")[0] === saved.seat);
  }

  async function mayLeave() {
    return !inProgress() || ask("leave");
  }

  // ------------------------------------------------------------------ the log
  function tell(text) {
    if (!text) return;
    const item = document.createElement("li");
    item.textContent = text;
    log.append(item);
    log.scrollTop = log.scrollHeight; // the newest move in view
  }

  // The whole deal's log (a deal drawn afresh) or the lines of one move.
  function writeLog(answer) {
    if (Array.isArray(answer.log)) {
      log.textContent = "";
      for (const line of answer.log) tell(line);
    } else for (const line of answer.told || (answer.said ? [answer.said] : [])) tell(line);
  }

  function address(setup) {
    const params = new URLSearchParams(setup);
    return `${location.pathname}?${params}#${root.id}`;
  }

  function clearMessages() {
    refusal.textContent = "";
    linkNote.textContent = "";
    delete root.dataset.reason;
    hintBox.textContent = "";
  }

  function focusTurn() {
    const target =
      stage.querySelector('.tp-hand button[tabindex="0"]') ||
      stage.querySelector("[data-discard-confirm]") ||
      stage.querySelector(".tp-actions button");
    if (target) target.focus();
  }

  // ------------------------------------------------------------------ the session
  function keepSession() {
    if (session) writeStore(SESSION_STORE, session);
  }

  async function drawSession() {
    if (!session || !totals) return;
    const mine = session;
    const answer = await call("session", [JSON.stringify(session), options], MODULE);
    if (mine !== session || !answer.ok) return;
    totals.innerHTML = answer.html;
    totals.dataset.totals = JSON.stringify(answer.totals);
    totals.dataset.deals = String(answer.deals);
    sheet = answer.sheet;
    sheetButton.hidden = !(config.sheet && answer.deals > 0);
    sheetButton.disabled = !sheet;
    sessionNote.textContent = answer.deals > 0 && !sheet ? fill(messages, "no_sheet") : "";
  }

  // A game at another table (other rules, players or seat) begins another session.
  function sessionFor(setup) {
    if (fixed) return;
    if (!session || !sameTable(session, setup)) {
      session = newSession(setup);
      keepSession();
      drawSession();
    }
  }

  function count(answer) {
    if (!session || !answer.deal || session.open !== dealKey(answer.address)) return;
    session.deals.push(answer.deal);
    session.open = null;
    keepSession();
    drawSession();
  }

  function sendToSheet() {
    if (!sheet || !config.sheet) return;
    const store = readStore(SHEET_STORE);
    const kept = store && typeof store === "object" && store.sessions ? store : { current: null, sessions: {} };
    const stamp = new Date().toISOString().replace(/[-:.TZ]/g, "").slice(0, 14);
    const id = `s${stamp}${Math.random().toString(36).slice(2, 6)}`;
    kept.sessions[id] = { sheet, updated: new Date().toISOString() };
    kept.current = id;
    writeStore(SHEET_STORE, kept);
    location.href = config.sheet;
  }

  // ------------------------------------------------------------------ drawing
  function draw(answer) {
    const previous = game;
    const lastTrick = stage.querySelector("[data-last-trick]");
    const lastOpen = Boolean(lastTrick && lastTrick.open);
    game = answer.game;
    last = answer;
    stage.innerHTML = answer.html;
    const again = stage.querySelector("[data-last-trick]");
    if (again && lastOpen) again.open = true;
    title.textContent = answer.title;
    previousState = root.dataset.gameState;
    root.dataset.state = answer.state;
    root.dataset.gameState = answer.state;
    root.dataset.players = String(game.players);
    root.dataset.level = game.level;
    root.dataset.actions = String(game.actions.length);
    root.dataset.dealer = answer.dealers.this;
    root.dataset.tricks = String(answer.tricks);
    hintButton.disabled = !ACTIVE.has(answer.state);
    writeStore(storeKey, game);
    if (!fixed) writeStore(STATE_STORE, answer.state);
    if (!fixed) {
      const url = address(answer.address);
      if (url !== location.pathname + location.search + location.hash) history.replaceState(null, "", url);
      if (permalink) permalink.href = address(answer.address);
      if (form) {
        const touched = new Set(edits.editedSince(setupMark));
        for (const key of ["variant", "players", "level", "seat"]) {
          if (form.elements[key] && !touched.has(`${key}#0`)) form.elements[key].value = answer.address[key];
        }
        allowChoices();
      }
    }
    if (answer.state === "over") showEnd(answer);
    else {
      review.clear();
      end.hidden = true;
      end.innerHTML = "";
      nextRow.hidden = true;
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
    // A deal thrown in has nothing to review; a finished one offers its review once.
    if (answer.passed || fixed) review.clear();
    else if (previousState !== "over") review.show();
    nextRow.hidden = fixed;
    root.dataset.scores = JSON.stringify(answer.scores);
    count(answer);
    replay.hidden = false;
    replayStep = 0;
    replay.innerHTML = answer.replay_html;
    replay.dataset.steps = String(answer.steps);
    drawReplay();
    if (focusWanted) {
      focusWanted = false;
      const first = end.querySelector("[data-verdict]") || nextRow.querySelector("button");
      if (first) {
        if (first.tagName !== "BUTTON") first.tabIndex = -1;
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
  // counts towards the wait); a finished trick stays on the table for the pace's pause before the next
  // lead replaces it, whoever played its last card. A new deal (epoch) stops a run in progress.
  async function runComputer(answer, trickDone) {
    const mine = epoch;
    let current = answer;
    let done = trickDone;
    while (current.waiting && mine === epoch) {
      root.dataset.state = "thinking";
      const began = performance.now();
      const next = await call("advance", [JSON.stringify(game), options], MODULE);
      // Each computer move's time, worker included, for the benchmark (benchmarks/bench_play.py).
      performance.measure("tarot-play-move", {
        start: began,
        detail: { said: next.said || "", playouts: next.playouts || 0, late: Boolean(next.stopped_early) },
      });
      if (mine !== epoch) return;
      if (!next.ok) {
        fail(next.message);
        return;
      }
      const [gap, trickPause] = PACES[pace.value] || PACES.normal;
      const hold = done ? trickPause : gap;
      const since = performance.now() - lastShown;
      if (since < hold) await sleep(hold - since);
      if (mine !== epoch) return;
      draw(next);
      writeLog(next);
      lastShown = performance.now();
      done = next.tricks !== current.tricks;
      current = next;
    }
    if (mine === epoch) afterDeal(current);
  }

  // A deal thrown in (nobody took) is dealt again, by the next dealer.
  function afterDeal(answer) {
    if (fixed || answer.state !== "over" || !answer.passed) return;
    const mine = epoch;
    const [, trickPause] = PACES[pace.value] || PACES.normal;
    sleep(trickPause).then(() => {
      if (mine === epoch) nextDeal();
    });
  }

  function fail(message) {
    refusal.textContent = message;
  }

  async function show(answer, trickDone = false) {
    if (!answer.ok) {
      fail(answer.message);
      return false;
    }
    draw(answer);
    writeLog(answer);
    if (answer.waiting) await runComputer(answer, trickDone);
    else afterDeal(answer);
    return true;
  }

  // A deal set up afresh. With ``linked`` (the setup came from a link), a part of the link the engine
  // refuses (a level or a seat this page does not have) is replaced by the page's own, and the reader is
  // told what was put aside: a link mistyped still deals. The session changes only for a deal dealt.
  async function begin(setup, saved, linked = false) {
    epoch += 1;
    if (edits) setupMark = edits.mark();
    clearMessages();
    log.textContent = "";
    if (saved && sameSetup(saved, setup)) {
      const answer = await call("show", [JSON.stringify(saved), options], MODULE);
      if (answer.ok) {
        sessionFor(setup);
        answer.log = [...(answer.log || []), fill(messages, "resumed")];
        return show(answer);
      }
    }
    let answer = await call("start", [JSON.stringify(setup), options], MODULE);
    let putAside = "";
    const replaced = new Set();
    while (linked && !answer.ok) {
      putAside = putAside || answer.message;
      const part = SETUP_FIELDS.includes(answer.field) && !replaced.has(answer.field) ? answer.field : null;
      if (part) replaced.add(part);
      setup = part ? setupWith(setup, { [part]: field(config.setup, part) }) : setupWith(config.setup, {});
      answer = await call("start", [JSON.stringify(setup), options], MODULE);
      if (!part) break;
    }
    if (answer.ok) {
      sessionFor(setup);
      if (session) {
        session.open = dealKey(answer.address);
        keepSession();
      }
    }
    const shown = await show(answer);
    if (shown && putAside) linkNote.textContent = fill(messages, "link_refused", { reason: putAside });
    return shown;
  }

  // "Try again from here": the same deal from one of the reader's decisions, the computer players
  // answering as before up to there (their choices are seeded by the deal and the moment).
  async function tryAgain(saved) {
    epoch += 1;
    clearMessages();
    log.textContent = "";
    const answer = await call("show", [JSON.stringify(saved), options], MODULE);
    if (answer.ok) focusWanted = true;
    return show(answer);
  }

  // The next deal: new cards, dealt by the next player.
  function nextDeal() {
    const base = game || config.setup;
    const dealer = last ? last.dealers.next : field(base, "dealer");
    return begin(setupWith(base, { seed: randomSeed(), dealer }), null);
  }

  async function act(choice) {
    if (busy || !game || !ACTIVE.has(root.dataset.state)) return;
    busy = true;
    try {
      const tricks = last ? last.tricks : 0;
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
      await show(answer, answer.tricks !== tricks);
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
    else if ("discardConfirm" in button.dataset) act({ confirm: true });
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
    // The principle behind the advice, on its page of strategy (named from the site's root).
    const principle = answer.principle;
    if (principle && principle.page && principle.text) {
      const link = document.createElement("a");
      link.className = "tw-link tp-principle";
      link.href = `${config.root || ""}${principle.page}${config.suffix || ".html"}`;
      link.textContent = principle.text;
      hintBox.append(" ", link);
    }
    for (const marked of stage.querySelectorAll(".tp-hinted")) marked.classList.remove("tp-hinted");
    const target = answer.card
      ? stage.querySelector(`button[data-card="${answer.card}"]`)
      : stage.querySelector(`button[data-action="${CSS.escape(answer.action)}"]`);
    if (target) target.classList.add("tp-hinted");
  });

  root.querySelector('[data-control="again"]').addEventListener("click", async () => {
    if (game && (await mayLeave())) begin(setupWith(game, {}), null);
  });
  const newButton = root.querySelector('[data-control="new"]');
  if (newButton)
    newButton.addEventListener("click", async () => {
      if (await mayLeave()) nextDeal();
    });
  root.querySelector("[data-next-deal]").addEventListener("click", () => {
    focusWanted = true;
    nextDeal();
  });
  if (sheetButton) sheetButton.addEventListener("click", sendToSheet);
  const sessionButton = root.querySelector('[data-control="new-session"]');
  if (sessionButton)
    sessionButton.addEventListener("click", async () => {
      if (!(await ask("new_session"))) return;
      session = newSession(game || config.setup);
      // the deal on the table, unless it is over, counts in the new session
      if (game && root.dataset.gameState !== "over") session.open = dealKey(game);
      keepSession();
      drawSession();
    });

  // The form offers only what the chosen rules allow: the numbers of players they are played by
  // (each option names its rule sets), the seats of the chosen table (each names its smallest table).
  function allowChoices() {
    const variant = form.elements.variant.value;
    const players = form.elements.players;
    for (const option of players.options) {
      const allowed = option.dataset.families.split(" ").includes(variant);
      option.disabled = !allowed;
      option.hidden = !allowed;
    }
    if (players.selectedOptions[0] && players.selectedOptions[0].disabled) {
      const open = Array.from(players.options).filter((option) => !option.disabled);
      const four = open.find((option) => option.value === "4");
      players.value = (four || open[open.length - 1]).value;
    }
    const count = Number(players.value);
    const seat = form.elements.seat;
    for (const option of seat.options) {
      const allowed = Number(option.dataset.players) <= count;
      option.disabled = !allowed;
      option.hidden = !allowed;
    }
    if (seat.selectedOptions[0] && seat.selectedOptions[0].disabled) seat.value = "p2";
  }

  if (form) {
    form.addEventListener("change", (event) => {
      if (event.target.name === "variant" || event.target.name === "players") allowChoices();
    });
    allowChoices();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const chosen = {};
      for (const key of ["variant", "players", "level", "seat"]) chosen[key] = form.elements[key].value;
      chosen.seed = randomSeed();
      // At the same table the deal passes on; another table begins another session, dealt by p1.
      const same = session && sameTable(session, chosen);
      chosen.dealer = same && last ? last.dealers.next : "p1";
      if (!(await mayLeave())) return;
      if (!same && session && session.deals.length && !(await ask("new_session"))) return;
      const error = form.querySelector("[data-field-error]");
      const mark = edits.mark();
      const setup = setupWith(config.setup, chosen);
      const answer = await call("start", [JSON.stringify(setup), options], MODULE);
      if (!answer.ok) {
        error.textContent = answer.message;
        return;
      }
      error.textContent = "";
      epoch += 1;
      setupMark = mark;
      clearMessages();
      sessionFor(setup);
      if (session) {
        session.open = dealKey(answer.address);
        keepSession();
      }
      if (setupBox) setupBox.open = false;
      show(answer);
    });
  }

  // What the page opens on: the deal in the address, else the deal kept in this browser, else the
  // page's own deal. A link to another deal, opened while one is in progress here, asks first.
  return async () => {
    const saved = readStore(storeKey);
    if (fixed) return begin(config.setup, saved);
    drawSession();
    const params = new URLSearchParams(location.search);
    if (params.has("seed")) {
      const linked = {};
      for (const key of SETUP_FIELDS) if (params.has(key)) linked[key] = params.get(key);
      const setup = setupWith(config.setup, { dealer: "p1", ...linked });
      if (saved && !sameSetup(saved, setup) && inProgress(saved, readStore(STATE_STORE))) {
        if (!(await ask("link"))) return begin(setupWith(saved, {}), saved);
      }
      return begin(setup, saved, true);
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
