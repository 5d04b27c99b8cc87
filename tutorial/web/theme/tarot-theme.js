/*
 * What the site adds to the Furo theme's own script (which it serves unchanged): tables and code
 * too wide for their box say so and are reached with Tab; on narrow screens the buttons that open
 * the two drawers are reached with Tab and say whether their drawer is open; a link to a section
 * lands on it although blocks above take their real height on the way.
 */
"use strict";

(function () {
  // The site's long pages lay out some blocks only when they come near the view (content-visibility:
  // auto in tarot.css): until then each has an estimated height. A link to a section is followed with
  // a smooth scroll aimed with those estimates; the blocks it passes take their real height on the
  // way, so it can stop short. Once the view has kept still for a few frames away from the target,
  // aim again, at once rather than smoothly: the reader has seen the page go by (a few times at most,
  // and never once the reader acts: a key, a wheel, a touch, a click).
  // The end of a scroll is read from the view's position frame by frame, not from the scrollend
  // event: a busy machine may run the frames in which the scroll ends before the hashchange that
  // starts the landing, or drop the event when a scroll is cut short. One link is followed at a
  // time: following another link stops aiming at the one before, which would pull the view back.
  var stopLanding = null;
  function landOnLinkedSection() {
    if (stopLanding !== null) {
      stopLanding();
    }
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (target === null) {
      return;
    }
    var tries = 0;
    var still = 0;
    var lastY = NaN;
    var started = performance.now();
    var frame = 0;
    function stop() {
      stopLanding = null;
      window.cancelAnimationFrame(frame);
      ["wheel", "touchstart", "keydown", "mousedown", "click"].forEach(function (type) {
        window.removeEventListener(type, stop, true);
      });
    }
    function watch() {
      var y = window.scrollY;
      still = y === lastY ? still + 1 : 0;
      lastY = y;
      if (still >= 3) {
        var margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
        var gap = target.getBoundingClientRect().top - margin;
        // Below its place with the page scrolled to its end: as near as it can come.
        var atBottom =
          Math.ceil(y + window.innerHeight) >= document.documentElement.scrollHeight - 1;
        if (Math.abs(gap) <= 4 || (gap > 0 && atBottom) || tries >= 5) {
          stop();
          return;
        }
        tries += 1;
        still = 0;
        target.scrollIntoView({ behavior: "instant" });
      }
      // Stop watching once the page has had time to settle, whatever happened.
      if (performance.now() - started > 10000) {
        stop();
        return;
      }
      frame = window.requestAnimationFrame(watch);
    }
    stopLanding = stop;
    ["wheel", "touchstart", "keydown", "mousedown", "click"].forEach(function (type) {
      window.addEventListener(type, stop, true);
    });
    frame = window.requestAnimationFrame(watch);
  }

  // A link to the section already named in the address makes no hashchange, but the browser scrolls
  // to it again: follow it in the same way (after the click, whose listener above stops the last).
  function landAgainOnSameLink(event) {
    var link = event.target instanceof Element ? event.target.closest("a[href*='#']") : null;
    if (
      link !== null &&
      !event.defaultPrevented &&
      link.hash !== "" &&
      link.hash === window.location.hash &&
      link.pathname === window.location.pathname
    ) {
      window.setTimeout(landOnLinkedSection, 0);
    }
  }

  //////////////////////////////////////////////////////////////////////////////
  // Keyboard and screen readers
  //////////////////////////////////////////////////////////////////////////////
  // On narrow screens the theme opens its two drawers (the site's navigation, the page's contents)
  // with labels of hidden checkboxes: a label cannot be reached with Tab. Each becomes a button that
  // says whether its drawer is open; Escape closes an open drawer and gives the focus back to its
  // button. (tarot.css hides a closed drawer, so Tab no longer walks its links off the screen.)
  function setupDrawerButtons() {
    var drawers = [
      { toggle: "__navigation", drawer: ".sidebar-drawer", label: "Site navigation", open: "Open the site navigation" },
      { toggle: "__toc", drawer: ".toc-drawer", label: "On this page", open: "Open the contents of this page" },
    ];
    drawers.forEach(function (spec, index) {
      var checkbox = document.getElementById(spec.toggle);
      var drawer = document.querySelector(spec.drawer);
      if (checkbox === null || drawer === null) {
        return;
      }
      // Two complementary landmarks, each with its own name.
      drawer.id = drawer.id || "furo-drawer-" + index;
      drawer.setAttribute("aria-label", spec.label);
      drawer.tabIndex = -1;
      var buttons = [];
      document.querySelectorAll('.mobile-header label[for="' + spec.toggle + '"], .content-icon-container label[for="' + spec.toggle + '"]').forEach(function (label) {
        var button = document.createElement("button");
        button.type = "button";
        button.className = label.className + " drawer-button";
        button.setAttribute("aria-label", spec.open);
        button.setAttribute("aria-controls", drawer.id);
        button.setAttribute("aria-expanded", "false");
        while (label.firstChild) {
          button.appendChild(label.firstChild);
        }
        label.replaceWith(button);
        button.addEventListener("click", function () {
          checkbox.checked = !checkbox.checked;
          update();
          if (checkbox.checked) {
            drawer.focus({ preventScroll: true });
          }
        });
        buttons.push(button);
      });
      function update() {
        buttons.forEach(function (button) {
          button.setAttribute("aria-expanded", String(checkbox.checked));
        });
      }
      // The dimmed page beside an open drawer is a label too: a click there closes it.
      checkbox.addEventListener("change", update);
      document.addEventListener("keydown", function (event) {
        if (event.key !== "Escape" || !checkbox.checked) {
          return;
        }
        checkbox.checked = false;
        update();
        var shown = buttons.filter(function (button) {
          return button.offsetParent !== null;
        });
        if (shown.length > 0) {
          shown[0].focus();
        }
      });
    });
  }

  // A table wider than the text scrolls sideways inside its wrapper (the theme's .table-wrapper). Such
  // a wrapper is a named region that Tab reaches, so that the arrow keys scroll it, and it says which
  // way it scrolls: data-scroll holds "left" and/or "right", which tarot.css draws as faded edges.
  // A block of code too wide for its box is reached with Tab too. Every such box starts focusable;
  // once the browser has laid it out and it fits, it becomes a plain block again (a block far down a
  // long page is laid out only when it comes near the view, see tarot.css). The sizes are read in
  // ResizeObserver callbacks, after the browser's own layout.
  function headingText(element) {
    var section = element.closest("section");
    var heading = section && section.querySelector(":scope > h1, :scope > h2, :scope > h3, :scope > h4");
    if (heading === null) {
      return "";
    }
    var copy = heading.cloneNode(true);
    copy.querySelectorAll(".headerlink").forEach(function (link) {
      link.remove();
    });
    return copy.textContent.trim();
  }

  function captionText(table) {
    var caption = table.querySelector("caption .caption-text") || table.querySelector("caption");
    if (caption !== null) {
      return caption.textContent.trim();
    }
    var heads = Array.prototype.map.call(table.querySelectorAll("thead th"), function (cell) {
      return cell.textContent.trim();
    });
    return heads.length > 0 ? "Table: " + heads.join(", ") : "Table";
  }

  function setupScrollBoxes() {
    var boxes = new Map();
    // Each region needs a name of its own: a caption that several tables share ("Each player's
    // share") is followed by the title of the table's section, and a number if that is not enough.
    var captions = [];
    var counts = {};
    document.querySelectorAll(".table-wrapper").forEach(function (wrapper) {
      var table = wrapper.querySelector(":scope > table");
      if (table !== null) {
        var text = captionText(table);
        counts[text] = (counts[text] || 0) + 1;
        captions.push([wrapper, table, text]);
      }
    });
    var names = {};
    captions.forEach(function (item) {
      var name = item[2];
      if (counts[name] > 1) {
        var where = headingText(item[0]);
        name = where ? name + " (" + where + ")" : name;
      }
      names[name] = (names[name] || 0) + 1;
      if (names[name] > 1) {
        name = name + " " + names[name];
      }
      boxes.set(item[0], { inner: item[1], name: name, laidOut: false });
    });
    document.querySelectorAll("[role=main] .highlight > pre").forEach(function (pre) {
      boxes.set(pre, { inner: pre, name: null, laidOut: false });
    });

    function setFocusable(box, on) {
      var name = boxes.get(box).name;
      if (on) {
        box.tabIndex = 0;
        if (name !== null) {
          box.setAttribute("role", "region");
          box.setAttribute("aria-label", name);
        }
      } else if (document.activeElement !== box) {
        ["role", "tabindex", "aria-label", "data-scroll"].forEach(function (attribute) {
          box.removeAttribute(attribute);
        });
      }
    }
    function showEdges(box) {
      var left = box.scrollLeft > 1;
      var right = box.scrollLeft < box.scrollWidth - box.clientWidth - 1;
      box.dataset.scroll = [left ? "left" : "", right ? "right" : ""].join(" ").trim();
    }
    // Whether the box's contents are laid out: the browser skips them far from the view, and reports
    // no new size when it does, so a box skipped keeps the state it had when last measured.
    function shown(box) {
      var inner = boxes.get(box).inner;
      return typeof inner.checkVisibility !== "function" || inner.checkVisibility({ contentVisibilityAuto: true });
    }
    // Whether the box scrolls: null when its contents are skipped (the browser lays them out again, at
    // the page's width, as soon as a script asks where they are, so it may scroll then).
    function overflowing(box) {
      return shown(box) ? box.scrollWidth > box.clientWidth + 1 : null;
    }
    function apply(box, overflows) {
      setFocusable(box, overflows !== false);
      if (overflows) {
        showEdges(box);
      }
    }
    function measure(box) {
      apply(box, overflowing(box));
    }
    var observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(function (entries) {
            entries.forEach(function (entry) {
              var box = entry.target.closest(".table-wrapper, pre");
              var state = boxes.get(box);
              if (entry.target === state.inner) {
                // Laid out when it has a size, skipped again when it has none.
                state.laidOut = entry.contentRect.width > 0;
              }
              if (state.laidOut) {
                measure(box);
              }
            });
          });
    // When the page changes width (a phone turned, a window narrowed) a box may fit no longer: each is
    // measured again, and one whose contents are skipped is a tab stop, as when the page opened, until
    // it is laid out at the new width (the observer then measures it). Every size is read before any
    // box changes.
    var pageWidth = window.innerWidth;
    window.addEventListener("resize", function () {
      if (window.innerWidth === pageWidth) {
        return;
      }
      pageWidth = window.innerWidth;
      var found = [];
      boxes.forEach(function (state, box) {
        found.push([box, overflowing(box)]);
      });
      found.forEach(function (item) {
        apply(item[0], item[1]);
      });
    });
    // A skipped box brought back near the view is laid out again, but the observer hears of it only if
    // its size changed while skipped, and a box skipped at one width and shown again at the width it
    // was last measured at has not: the browser says when a block stops being skipped, and each box
    // in it is measured then.
    document.addEventListener(
      "contentvisibilityautostatechange",
      function (event) {
        if (event.skipped || !(event.target instanceof Element)) {
          return;
        }
        boxes.forEach(function (state, box) {
          if (event.target.contains(box) && shown(box)) {
            state.laidOut = true;
            measure(box);
          }
        });
      },
      true
    );
    boxes.forEach(function (state, box) {
      setFocusable(box, true);
      // A box found to fit while it had the focus stays focusable until the focus leaves it.
      box.addEventListener("blur", function () {
        if (state.laidOut) {
          measure(box);
        }
      });
      // The arrow keys scroll a focused box: they must not also turn the page (the theme's
      // navigation_with_keys, a listener on the document, takes ← and → to the previous and next page).
      box.addEventListener("keydown", function (event) {
        if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
          event.stopPropagation();
        }
      });
      box.addEventListener(
        "scroll",
        function () {
          showEdges(box);
        },
        { passive: true },
      );
      if (observer !== null) {
        observer.observe(state.inner);
        if (state.inner !== box) {
          observer.observe(box);
        }
      }
    });
  }

  //////////////////////////////////////////////////////////////////////////////
  // Languages
  //////////////////////////////////////////////////////////////////////////////
  // The links to this page in the other languages (docs/_templates/page.html). A language the reader
  // picks is remembered; the home page suggests, once, the edition in the browser's first language
  // when it is not this one, and never leaves the page by itself.
  var LANGUAGE_KEY = "tarot-language";
  function setupLanguages() {
    var nav = document.querySelector(".tarot-languages");
    if (nav === null) {
      return;
    }
    var stored = null;
    try {
      stored = window.localStorage.getItem(LANGUAGE_KEY);
    } catch (error) {
      return;
    }
    nav.addEventListener("click", function (event) {
      var link = event.target.closest("a[data-language]");
      if (link !== null) {
        try {
          window.localStorage.setItem(LANGUAGE_KEY, link.dataset.language);
        } catch (error) {}
      }
    });
    if (stored !== null || !nav.dataset.home) {
      return;
    }
    var here = document.documentElement.lang.slice(0, 2);
    var wanted = (navigator.languages || [navigator.language || ""])[0] || "";
    var link = nav.querySelector('a[data-language="' + wanted.slice(0, 2) + '"]');
    if (link === null || wanted.slice(0, 2) === here) {
      return;
    }
    var note = document.createElement("p");
    note.className = "tarot-language-suggestion";
    note.lang = link.lang;
    var suggestion = document.createElement("a");
    suggestion.href = link.href;
    suggestion.hreflang = link.hreflang;
    suggestion.dataset.language = link.dataset.language;
    suggestion.textContent = link.dataset.suggestion;
    note.appendChild(suggestion);
    nav.insertAdjacentElement("afterend", note);
    note.addEventListener("click", function () {
      try {
        window.localStorage.setItem(LANGUAGE_KEY, link.dataset.language);
      } catch (error) {}
    });
    // Once: staying on this edition is a choice too.
    try {
      window.localStorage.setItem(LANGUAGE_KEY, here);
    } catch (error) {}
  }

  // The search page marks the results from the developers' pages (search-scorer.js lists them last),
  // in the page's language (the mark's words come in the page: search.html).
  function markDeveloperResults() {
    var results = document.getElementById("search-results");
    var words = document.querySelector("[data-developers-mark]");
    if (results === null || words === null) {
      return;
    }
    var mark = function () {
      results.querySelectorAll("ul.search > li").forEach(function (item) {
        var link = item.querySelector("a");
        if (item.querySelector(".tarot-result-mark") !== null || link === null) {
          return;
        }
        var href = link.getAttribute("href") || "";
        if (href.indexOf("developers/") !== 0) {
          return;
        }
        var tag = document.createElement("span");
        tag.className = "tarot-result-mark";
        tag.textContent = words.dataset.developersMark;
        link.insertAdjacentElement("afterend", tag);
      });
    };
    new MutationObserver(mark).observe(results, { childList: true, subtree: true });
    mark();
  }

  function main() {
    markDeveloperResults();
    setupLanguages();
    setupDrawerButtons();
    setupScrollBoxes();
    landOnLinkedSection();
    window.addEventListener("hashchange", landOnLinkedSection);
    document.addEventListener("click", landAgainOnSameLink);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", main);
  } else {
    main();
  }
})();
