// Browser side of the lessons: start the engine's worker, send each answer to the lessons' bridge
// (tutorial/lesson_bridge.py) and show its verdict; keep the reader's progress in localStorage.
// No rule is decided here: the engine says whether an answer is right, and why.

// This file is served from _static/tarot-lessons/, next to the widgets' _static/tarot-widgets/.
import { call as engineCall, startEngine } from "../tarot-widgets/engine.mjs";

const STORE = "tarot-lessons-progress";

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

function progressText(lesson, total) {
  const { done, stars } = lessonStars(loadProgress()[lesson], total);
  if (done === 0) return { text: `${total} exercises`, stars: 0, done };
  if (done < total) return { text: `${done} of ${total} exercises done`, stars: 0, done };
  return { text: `All ${total} exercises done`, stars, done };
}

function drawProgress() {
  for (const slot of document.querySelectorAll("[data-progress-for]")) {
    const total = Number(slot.dataset.total);
    const lesson = slot.dataset.progressFor;
    const { text, stars, done } = progressText(lesson, total);
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
      shown.setAttribute("aria-label", `${stars} star${stars === 1 ? "" : "s"} of 3`);
      shown.textContent = "★".repeat(stars) + "☆".repeat(3 - stars);
      slot.append(" ", shown);
    }
  }
}

// ------------------------------------------------------------------ the path's reset button
for (const button of document.querySelectorAll(".tl-reset")) {
  button.addEventListener("click", () => {
    saveProgress({});
    try {
      localStorage.removeItem(STORE);
    } catch {
      // nothing kept
    }
    drawProgress();
    const note = button.parentElement.querySelector(".tl-reset-note");
    if (note) note.textContent = "Your progress is forgotten: every lesson starts afresh.";
  });
}
drawProgress();

// ------------------------------------------------------------------ the engine's calls
const lesson = document.querySelector(".tarot-lesson");

// A call to a function of lesson_bridge.py, its arguments listed after its name.
function call(name, ...args) {
  return engineCall(name, args, "lesson_bridge");
}

// ------------------------------------------------------------------ one exercise
function setupExercise(root, lessonName, options) {
  const feedback = root.querySelector("[data-feedback]");
  const stage = root.querySelector(".tl-stage");
  const exercise = root.dataset.exercise;
  const id = root.dataset.exerciseId;
  let tries = 0;
  let live = false;
  let queued = null;

  const record = (loadProgress()[lessonName] || {})[id];
  if (record) markDone(root);

  async function send(answer, focusBack) {
    if (!live) {
      queued = [answer, focusBack];
      feedback.textContent = "One moment: the cards are still being dealt, your answer will be checked then.";
      return;
    }
    root.dataset.busy = "true";
    // A question the engine answers by playing the hand out takes a moment: say so while it works.
    const slow = setTimeout(() => {
      feedback.className = "tl-feedback";
      feedback.textContent = "Checking: the engine is playing the hand out…";
    }, 400);
    const result = await call("check", exercise, JSON.stringify(answer), options);
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
    feedback.innerHTML = result.feedback_html;
    feedback.className = `tl-feedback tl-${result.verdict}`;
    for (const marked of stage.querySelectorAll(".tl-picked-wrong")) marked.classList.remove("tl-picked-wrong");
    if (result.verdict === "right") {
      const progress = loadProgress();
      const lessonRecord = (progress[lessonName] ||= {});
      if (!lessonRecord[id]) lessonRecord[id] = { tries };
      saveProgress(progress);
      markDone(root);
      drawProgress();
    } else if (focusBack && focusBack.classList) {
      focusBack.classList.add("tl-picked-wrong");
    }
    if (focusBack && document.contains(focusBack)) focusBack.focus();
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
  return () => {
    live = true;
    if (queued) {
      const [answer, focusBack] = queued;
      queued = null;
      return send(answer, focusBack);
    }
    return Promise.resolve();
  };
}

function markDone(root) {
  root.dataset.done = "true";
  const mark = root.querySelector(".tl-done-mark");
  if (mark) mark.hidden = false;
}

if (lesson) {
  const lessonName = lesson.dataset.lesson;
  const options = lesson.dataset.options;
  const status = lesson.querySelector(".tl-status");
  const roots = [...lesson.querySelectorAll('[data-tarot-widget="exercise"]')];
  const starters = roots.map((root) => {
    root.dataset.state = "loading";
    return setupExercise(root, lessonName, options);
  });
  status.hidden = false;
  startEngine(JSON.parse(lesson.dataset.runtime)).then(
    async () => {
      document.documentElement.dataset.tarotEngine = "ready";
      status.hidden = true;
      await Promise.all(
        starters.map(async (start, index) => {
          await start();
          roots[index].dataset.state = "ready";
        }),
      );
    },
    (error) => {
      status.textContent = `The cards could not be dealt in this browser, so the answers cannot be checked here (${error.message}).`;
      for (const root of roots) root.dataset.state = "error";
    },
  );
}
