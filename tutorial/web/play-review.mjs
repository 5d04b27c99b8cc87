// The review of a finished deal on the play page (tutorial/bridge/review.py in the worker): the reader
// asks for it, each of the reader's decisions is judged one call at a time (the page shows how far it
// has gone and stays free), and the costly ones are listed, the costliest first, each with what was
// better, about how much it cost, the principle with its page and "Try again from here"; then the same
// cards are played by the strong computer player in the reader's seat, its score beside the reader's.
// No judgement is made here: every word and number comes from the bridge.

import { call } from "../tarot-widgets/engine.mjs";

const MODULE = "review";

// The page's sentence `key` (play_bridge.page_messages), its {placeholders} filled in.
function say(messages, key, params = {}) {
  const text = messages[key] || "";
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// The review's region in `root` (the play widget), its start button and its results.
// `messages` are the page's sentences (play_bridge.page_messages); `currentGame()` the finished game; `resume(game)`
// goes on with the deal from that game (its actions cut at a decision); `pageUrl(page)` turns a page of
// the site ("strategy/petit") into a link from this page.
export function setupReview(root, { messages, currentGame, resume, pageUrl }) {
  const region = root.querySelector("[data-review]");
  if (!region) return { show() {}, clear() {} };
  let run = 0;

  function clear() {
    run += 1;
    region.hidden = true;
    region.replaceChildren();
    delete region.dataset.reviewDone;
  }

  function show() {
    clear();
    region.hidden = false;
    const start = element("button", "tw-button tw-primary", say(messages, "review_start"));
    start.type = "button";
    start.dataset.reviewStart = "";
    const note = element("p", "tp-review-note", say(messages, "review_note"));
    region.append(start, note);
    start.addEventListener("click", () => review(start));
  }

  function item(answer) {
    const entry = element("li", "tp-review-item");
    entry.dataset.reviewItem = "";
    entry.dataset.step = String(answer.step);
    entry.dataset.cost = String(answer.cost);
    entry.dataset.better = answer.better;
    entry.append(element("p", "tp-review-text", answer.text));
    const links = element("p", "tp-review-links");
    if (answer.principle && answer.principle.page) {
      const link = element("a", "tw-link", answer.principle.text);
      link.href = pageUrl(answer.principle.page);
      links.append(link);
    }
    const again = element("button", "tw-button", say(messages, "try_again"));
    again.type = "button";
    again.dataset.tryAgain = String(answer.step);
    again.addEventListener("click", () => {
      const game = currentGame();
      resume({ ...game, actions: game.actions.slice(0, answer.step) });
    });
    links.append(again);
    entry.append(links);
    return entry;
  }

  async function review(start) {
    const mine = ++run;
    const game = currentGame();
    start.disabled = true;
    const progress = element("p", "tp-review-progress");
    progress.setAttribute("role", "status");
    const bar = element("progress", "tp-review-bar");
    bar.value = 0;
    region.append(progress, bar);
    const planned = await call("plan", [JSON.stringify(game)], MODULE);
    if (mine !== run) return;
    if (!planned.ok) {
      progress.textContent = planned.message;
      return;
    }
    const steps = planned.steps;
    bar.max = Math.max(1, steps.length);
    const found = [];
    const praised = [];
    for (const [index, step] of steps.entries()) {
      progress.textContent = say(messages, "review_progress", { done: index, total: steps.length });
      const answer = await call("judge", [JSON.stringify(game), String(step)], MODULE);
      if (mine !== run) return;
      bar.value = index + 1;
      if (!answer.ok) continue;
      if (answer.costly) found.push(answer);
      else if (answer.only_good) praised.push(answer);
    }
    found.sort((a, b) => b.cost - a.cost);
    bar.remove();
    progress.textContent = found.length
      ? say(messages, "review_found", { n: found.length })
      : say(messages, "review_clean");
    if (found.length) {
      const list = element("ol", "tp-review-list");
      for (const answer of found) list.append(item(answer));
      region.append(list);
    }
    if (praised.length) {
      const good = element("ul", "tp-review-praise");
      for (const answer of praised) good.append(element("li", "", answer.text));
      region.append(element("p", "tp-review-subtitle", say(messages, "review_praise")), good);
    }
    region.dataset.reviewDone = "";
    // The same cards, the strong player in the reader's seat.
    const duplicate = element("p", "tp-duplicate", say(messages, "duplicate_wait"));
    duplicate.setAttribute("role", "status");
    region.append(duplicate);
    const same = await call("duplicate", [JSON.stringify(game)], MODULE);
    if (mine !== run) return;
    if (!same.ok) {
      duplicate.textContent = same.message;
      return;
    }
    duplicate.textContent = same.text;
    duplicate.dataset.duplicate = "";
    duplicate.dataset.yourScore = String(same.your_score);
    duplicate.dataset.computerScore = String(same.computer_score);
  }

  return { show, clear };
}
