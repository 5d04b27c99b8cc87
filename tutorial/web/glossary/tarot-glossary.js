// Glossary links explain themselves. Each link the build marked `tarot-term` carries the first sentence
// of its entry as its title; here that sentence becomes a small popover that opens when the link is
// hovered, focused or tapped, stays open while the pointer is over it, and closes with Escape, a tap
// elsewhere or when focus and pointer leave. It is tied to its link with aria-describedby, so a screen
// reader reads it with the link. Without this script the title still works as a plain tooltip.
(() => {
  "use strict";
  const links = Array.from(document.querySelectorAll("a.tarot-term[title]"));
  if (!links.length) return;
  const layer = document.createElement("div");
  layer.className = "tarot-term-layer";
  document.body.append(layer);
  const tips = new Map();
  let shown = null;
  let hideTimer = 0;

  links.forEach((link, index) => {
    const tip = document.createElement("span");
    tip.className = "tarot-term-pop";
    tip.id = `tarot-term-pop-${index + 1}`;
    tip.setAttribute("role", "tooltip");
    tip.textContent = link.title;
    tip.hidden = true;
    link.removeAttribute("title");
    link.setAttribute("aria-describedby", tip.id);
    layer.append(tip);
    tips.set(link, tip);
    tip.addEventListener("pointerenter", () => clearTimeout(hideTimer));
    tip.addEventListener("pointerleave", () => hideSoon());
  });

  function place(link, tip) {
    const margin = 8;
    const box = link.getBoundingClientRect();
    tip.style.left = "0px";
    tip.style.top = "0px";
    const width = tip.offsetWidth;
    const height = tip.offsetHeight;
    const room = document.documentElement.clientWidth;
    let left = Math.min(Math.max(margin, box.left), room - width - margin);
    left = Math.max(margin, left);
    const below = box.bottom + 6;
    const top = below + height + margin > window.innerHeight && box.top - height - 6 > margin
      ? box.top - height - 6
      : below;
    tip.style.left = `${left + window.scrollX}px`;
    tip.style.top = `${top + window.scrollY}px`;
  }

  function show(link) {
    clearTimeout(hideTimer);
    if (shown && shown !== link) hide();
    const tip = tips.get(link);
    tip.hidden = false;
    place(link, tip);
    link.setAttribute("data-term-open", "true");
    shown = link;
  }

  function hide() {
    clearTimeout(hideTimer);
    if (!shown) return;
    tips.get(shown).hidden = true;
    shown.removeAttribute("data-term-open");
    shown = null;
  }

  function hideSoon() {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => {
      if (shown && shown !== document.activeElement) hide();
    }, 200);
  }

  let touched = null;
  for (const link of links) {
    link.addEventListener("pointerenter", (event) => {
      if (event.pointerType === "mouse") show(link);
    });
    link.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse") hideSoon();
    });
    link.addEventListener("focus", () => show(link));
    link.addEventListener("blur", () => hideSoon());
    // A first tap opens the definition; a second tap on the same link follows it to the glossary.
    // Whether it was open is read as the finger comes down: the focus that the tap gives the link
    // opens it before the click arrives.
    link.addEventListener("pointerdown", (event) => {
      touched = event.pointerType !== "mouse" && shown !== link ? link : null;
    });
    link.addEventListener("click", (event) => {
      if (touched === link) {
        event.preventDefault();
        show(link);
      }
      touched = null;
    });
  }
  document.addEventListener("pointerdown", (event) => {
    if (shown && !event.target.closest?.("a.tarot-term, .tarot-term-pop")) hide();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && shown) hide();
  });
  window.addEventListener("resize", () => shown && place(shown, tips.get(shown)));
})();
