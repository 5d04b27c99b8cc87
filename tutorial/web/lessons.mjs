// Browser side of the lessons: start the engine's worker, send each answer to the lessons' bridge
// (tutorial/bridge/lessons.py) and show its verdict; keep the reader's progress in localStorage.
// No rule is decided here: the engine says whether an answer is right, and why.

// This file is served from _static/tarot-lessons/, next to the widgets' _static/tarot-widgets/.
import { call as engineCall, holdControls, say, showProgress, startEngine } from "../tarot-widgets/engine.mjs";

const STORE = "tarot-lessons-progress";
// The best score of each lesson: right at the first try, after a pointer, shown.
const BEST = "tarot-lessons-best";

// ------------------------------------------------------------------ progress
function loadProgress() {
  try {
    const data = JSON.parse(localStorage.getItem(STORE) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

function saveProgress(progress) {
  try {
    localStorage.setItem(STORE, JSON.stringify(progress));
  } catch {
    // private browsing or storage full: the lesson still works, it only forgets
  }
}

// Stars of a lesson: one for finishing it, one more when at least half the exercises were right at
// the first try, a third when every one was.
function lessonStars(record, total) {
  const done = Object.values(record || {}).slice(0, total);
  if (done.length < total) return { done: done.length, stars: 0 };
  const first = done.filter((entry) => entry.tries === 1).length;
  return { done: done.length, stars: 1 + (first * 2 >= total ? 1 : 0) + (first === total ? 1 : 0) };
}

function progressText(slot, lesson, total) {
  const { done, stars } = lessonStars(loadProgress()[lesson], total);
  if (done === 0) return { text: say(slot, "exercises", { n: total }), stars: 0, done };
  if (done < total) return { text: say(slot, "done", { done, n: total }), stars: 0, done };
  return { text: say(slot, "all-done", { n: total }), stars, done };
}

function drawProgress() {
  for (const slot of document.querySelectorAll("[data-progress-for]")) {
    const total = Number(slot.dataset.total);
    const lesson = slot.dataset.progressFor;
    const { text, stars, done } = progressText(slot, lesson, total);
    slot.dataset.done = String(done);
    slot.dataset.stars = String(stars);
    slot.textContent = "";
    const words = document.createElement("span");
    words.textContent = text;
    slot.append(words);
    if (stars) {
      const shown = document.createElement("span");
      shown.className = "tl-stars";
      shown.setAttribute("role", "img");
      shown.setAttribute("aria-label", say(slot, "stars", { n: stars }));
      shown.textContent = "★".repeat(stars) + "☆".repeat(3 - stars);
      slot.append(" ", shown);
    }
    // a lesson's page offers to do it again once some of it is done
    const again = slot.parentElement.querySelector('.tl-reset[data-again="lesson"]');
    if (again && slot.parentElement.classList.contains("tarot-lesson")) again.hidden = done === 0;
  }
}

// ------------------------------------------------------------------ starting again
// "Start again" (the path: every lesson) and "Do this lesson again" (a lesson's page: that lesson
// only) forget progress only once the reader has said yes, in a confirmation drawn in the page, next to
// the button: not the browser's window.confirm, which a phone shows as a bare system box with no
// context (a standalone home-screen app or an in-app browser may not show it at all, and a reader
// who ticked "prevent this page from creating dialogs" never sees it again). The question takes the
// keyboard focus on its safe answer ("Keep"); Escape keeps too; either way the focus goes back to the
// button, and a polite status says what happened.
let confirmations = 0;

function askInPlace(button, { question, yes, no }) {
  return new Promise((resolve) => {
    const row = button.parentElement;
    const old = row.querySelector(".tl-confirm");
    if (old) old.remove();
    confirmations += 1;
    const box = document.createElement("div");
    box.className = "tl-confirm";
    box.setAttribute("role", "group");
    const asked = document.createElement("p");
    asked.className = "tl-confirm-question";
    asked.id = `tl-confirm-${confirmations}`;
    asked.textContent = question;
    box.setAttribute("aria-labelledby", asked.id);
    const yesButton = Object.assign(document.createElement("button"), { type: "button", textContent: yes });
    yesButton.className = "tl-reset tl-confirm-yes";
    yesButton.dataset.confirm = "yes";
    const noButton = Object.assign(document.createElement("button"), { type: "button", textContent: no });
    noButton.className = "tl-reset tl-confirm-no";
    noButton.dataset.confirm = "no";
    const buttons = document.createElement("div");
    buttons.className = "tl-confirm-buttons";
    buttons.append(yesButton, noButton);
    box.append(asked, buttons);
    button.after(box);
    button.setAttribute("aria-expanded", "true");
    const close = (answer) => {
      box.remove();
      button.removeAttribute("aria-expanded");
      button.focus();
      resolve(answer);
    };
    yesButton.addEventListener("click", () => close(true));
    noButton.addEventListener("click", () => close(false));
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(false);
      }
    });
    noButton.focus();
  });
}

function note(button, text) {
  const slot = button.parentElement.querySelector(".tl-reset-note");
  if (slot) slot.textContent = text;
}

for (const button of document.querySelectorAll('.tl-reset[data-again="all"]')) {
  button.addEventListener("click", async () => {
    if (button.getAttribute("aria-expanded") === "true") return;
    const kept = Object.keys(loadProgress()).length;
    const agreed = await askInPlace(button, {
      question: kept ? say(button, "forget-all") : say(button, "forget-nothing"),
      yes: say(button, "forget-all-yes"),
      no: say(button, "forget-all-no"),
    });
    if (!agreed) {
      note(button, say(button, "nothing-forgotten"));
      return;
    }
    saveProgress({});
    try {
      localStorage.removeItem(STORE);
      localStorage.removeItem(BEST);
    } catch {
      // nothing kept
    }
    drawProgress();
    note(button, say(button, "all-forgotten"));
  });
}
drawProgress();

// ------------------------------------------------------------------ the engine's calls
// A page holds one lesson, or drills (one exercise each, between the paragraphs of a "Playing well"
// page): the engine starts once for all of them.
const blocks = [...document.querySelectorAll(".tarot-lesson")];

// A call to a function of bridge/lessons.py, its arguments listed after its name.
function call(name, ...args) {
  return engineCall(name, args, "lessons");
}

// ------------------------------------------------------------------ the score
// How an exercise was done: right at the first try, right after the pointer to the rule, or with its
// answer shown (after a second wrong try). Progress kept before the pointers counts by its tries.
function scoreOf(entry) {
  if (entry.stage) return entry.stage;
  return entry.tries === 1 ? "first" : "pointer";
}

function lessonScore(record, ids) {
  const score = { first: 0, pointer: 0, shown: 0 };
  for (const id of ids) {
    const entry = (record || {})[id];
    if (entry) score[scoreOf(entry)] += 1;
  }
  return score;
}

function better(a, b) {
  if (!b) return true;
  return a.first !== b.first ? a.first > b.first : a.pointer !== b.pointer ? a.pointer > b.pointer : false;
}

function loadBest() {
  try {
    const data = JSON.parse(localStorage.getItem(BEST) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

function keepBest(lessonName, score) {
  const best = loadBest();
  if (better(score, best[lessonName])) {
    best[lessonName] = score;
    try {
      localStorage.setItem(BEST, JSON.stringify(best));
    } catch {
      // the lesson still works, it only forgets
    }
  }
  return best[lessonName];
}

// ------------------------------------------------------------------ one exercise
function setupExercise(root, lessonName, options, { kept, onDone }) {
  const feedback = root.querySelector("[data-feedback]");
  const stage = root.querySelector(".tl-stage");
  const exercise = root.dataset.exercise;
  const id = root.dataset.exerciseId;
  const settings = JSON.parse(options || "{}");
  let tries = 0;
  let wrong = 0;
  let live = false;
  let queued = null;

  const record = kept ? (loadProgress()[lessonName] || {})[id] : null;
  if (record) markDone(root);

  function remember(how) {
    if (!kept) return;
    const progress = loadProgress();
    const lessonRecord = (progress[lessonName] ||= {});
    if (!lessonRecord[id]) lessonRecord[id] = { tries, stage: how };
    saveProgress(progress);
  }

  async function send(answer, focusBack) {
    if (!live) {
      queued = [answer, focusBack];
      feedback.textContent = say(root, "queued");
      return;
    }
    root.dataset.busy = "true";
    const focusAtSend = document.activeElement;
    // An answer the engine takes a moment to check (the first of a page, while it warms up): say so.
    const slow = setTimeout(() => {
      feedback.className = "tl-feedback";
      feedback.textContent = say(root, "checking");
    }, 400);
    const sent = JSON.stringify({ ...settings, wrong_before: wrong });
    const result = await call("check", exercise, JSON.stringify(answer), sent);
    clearTimeout(slow);
    delete root.dataset.busy;
    if (!result.ok) {
      delete root.dataset.verdict;
      feedback.textContent = result.message;
      return;
    }
    tries += 1;
    root.dataset.verdict = result.verdict;
    root.dataset.reason = result.reason;
    root.dataset.stage = result.stage;
    feedback.innerHTML = result.feedback_html;
    feedback.className = `tl-feedback tl-${result.verdict} tl-stage-${result.stage}`;
    for (const marked of stage.querySelectorAll(".tl-picked-wrong")) marked.classList.remove("tl-picked-wrong");
    if (result.stage === "right" || result.stage === "compared" || result.stage === "shown") {
      const how = result.stage === "shown" ? "shown" : wrong === 0 ? "first" : wrong === 1 ? "pointer" : "shown";
      if (result.stage === "shown" && focusBack && focusBack.classList) focusBack.classList.add("tl-picked-wrong");
      if (result.stage === "shown") wrong += 1;
      remember(how);
      markDone(root);
      drawProgress();
      onDone();
    } else {
      if (result.stage === "pointer") wrong += 1;
      if (focusBack && focusBack.classList) focusBack.classList.add("tl-picked-wrong");
    }
    // The focus goes back to the answer, unless the reader has moved on meanwhile (typing into the next
    // exercise, say): a late verdict must not pull the keys away from where the reader types.
    const moved = document.activeElement !== focusAtSend && document.activeElement !== document.body;
    if (focusBack && document.contains(focusBack) && !moved) focusBack.focus();
  }

  stage.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !stage.contains(button)) return;
    if (button.dataset.submit) {
      const chosen = [...stage.querySelectorAll('button[aria-pressed="true"]')].map((b) => b.dataset.card);
      send(chosen, button);
    } else if (button.hasAttribute("aria-pressed")) {
      button.setAttribute("aria-pressed", button.getAttribute("aria-pressed") === "true" ? "false" : "true");
    } else if (button.dataset.card) {
      send(button.dataset.card, button);
    } else if (button.dataset.choice) {
      send(button.dataset.choice, button);
    }
  });
  const form = stage.querySelector("form.tl-number");
  if (form) {
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const input = form.querySelector("input");
      send(input.value, input);
    });
  }
  // Back to the exercise as it was first shown (the lesson done again).
  function reset() {
    tries = 0;
    wrong = 0;
    queued = null;
    for (const name of ["done", "verdict", "reason", "stage"]) delete root.dataset[name];
    const mark = root.querySelector(".tl-done-mark");
    if (mark) mark.hidden = true;
    feedback.textContent = "";
    feedback.className = "tl-feedback";
    for (const marked of stage.querySelectorAll(".tl-picked-wrong")) marked.classList.remove("tl-picked-wrong");
    for (const pressed of stage.querySelectorAll('button[aria-pressed="true"]')) pressed.setAttribute("aria-pressed", "false");
    for (const input of stage.querySelectorAll("input")) input.value = "";
  }

  const start = () => {
    live = true;
    if (queued) {
      const [answer, focusBack] = queued;
      queued = null;
      return send(answer, focusBack);
    }
    return Promise.resolve();
  };
  return { start, reset };
}

function markDone(root) {
  root.dataset.done = "true";
  const mark = root.querySelector(".tl-done-mark");
  if (mark) mark.hidden = false;
}

// ------------------------------------------------------------------ a lesson's end
// Once every exercise is done, the lesson's end says what it taught, the score (right at the first try,
// after a pointer, shown), the best score kept in this browser, and offers to do it again.
function drawSummary(lesson, ids) {
  const end = lesson.querySelector("[data-summary]");
  if (!end) return;
  const lessonName = lesson.dataset.lesson;
  const record = loadProgress()[lessonName] || {};
  const done = ids.filter((id) => record[id]).length;
  if (done < ids.length) {
    end.hidden = true;
    return;
  }
  const score = lessonScore(record, ids);
  const best = keepBest(lessonName, score);
  for (const line of end.querySelectorAll("[data-score]")) {
    const how = line.dataset.score;
    line.textContent = say(end, `score-${how}`, { n: score[how] });
    line.dataset.count = String(score[how]);
  }
  const bestLine = end.querySelector("[data-best]");
  bestLine.textContent = say(end, "best", { n: ids.length, first: best.first, pointer: best.pointer });
  bestLine.dataset.first = String(best.first);
  end.hidden = false;
}

function restartLesson(lesson, exercises, roots) {
  const progress = loadProgress();
  delete progress[lesson.dataset.lesson];
  saveProgress(progress);
  for (const exercise of exercises) exercise.reset();
  drawProgress();
  const end = lesson.querySelector("[data-summary]");
  if (end) end.hidden = true;
  // the first exercise takes the focus
  const title = roots.length ? roots[0].querySelector(".tl-title") : null;
  if (title) {
    title.tabIndex = -1;
    title.focus();
  }
}

function setupBlock(lesson) {
  const lessonName = lesson.dataset.lesson;
  const options = lesson.dataset.options;
  const drill = lesson.dataset.drill === "true";
  const roots = [...lesson.querySelectorAll('[data-tarot-widget="exercise"]')];
  const ids = roots.map((root) => root.dataset.exerciseId);
  const summary = () => drawSummary(lesson, ids);
  const exercises = roots.map((root) => {
    root.dataset.state = "loading";
    return setupExercise(root, lessonName, options, { kept: !drill, onDone: summary });
  });
  summary();

  const again = lesson.querySelector('.tl-reset[data-again="lesson"]');
  if (again) {
    again.addEventListener("click", async () => {
      if (again.getAttribute("aria-expanded") === "true") return;
      const agreed = await askInPlace(again, {
        question: say(again, "forget-lesson"),
        yes: say(again, "forget-lesson-yes"),
        no: say(again, "forget-lesson-no"),
      });
      if (!agreed) {
        note(again, say(again, "answers-kept"));
        return;
      }
      restartLesson(lesson, exercises, roots);
      note(again, say(again, "lesson-forgotten"));
    });
  }
  // The end's "Do it again": straight back to the first exercise, the best score kept.
  const restart = lesson.querySelector('[data-again="restart"]');
  if (restart) restart.addEventListener("click", () => restartLesson(lesson, exercises, roots));
  return { roots, exercises };
}

if (blocks.length) {
  const set = blocks.map(setupBlock);
  const roots = set.flatMap((block) => block.roots);
  const exercises = set.flatMap((block) => block.exercises);
  const statuses = blocks.map((block) => block.querySelector(".tl-status")).filter(Boolean);
  // Until the engine can answer them, the exercises' controls are disabled and the notice counts the bytes.
  const releases = blocks.map((block) => holdControls(block.querySelector(".tl-exercises")));
  for (const status of statuses) {
    showProgress(status);
    status.hidden = false;
  }

  startEngine(JSON.parse(blocks[0].dataset.runtime)).then(
    async () => {
      document.documentElement.dataset.tarotEngine = "ready";
      for (const status of statuses) status.hidden = true;
      for (const release of releases) release();
      await Promise.all(
        exercises.map(async ({ start }, index) => {
          await start();
          roots[index].dataset.state = "ready";
        }),
      );
    },
    (error) => {
      for (const status of statuses) {
        status.querySelector(".tw-loading-text").textContent = say(status, "failed", { reason: error.message });
        for (const bar of status.querySelectorAll(".tw-progress-line")) bar.remove();
      }
      for (const root of roots) root.dataset.state = "error";
    },
  );
}
