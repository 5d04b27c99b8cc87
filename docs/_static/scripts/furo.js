/*
 * The Furo theme's script (furo 2025.12.19, MIT licence, (c) Pradyun Gedam), with its scroll-spy,
 * gumshoejs v5.1.2 as patched for Furo (MIT licence, (c) 2019 Chris Ferdinandi), written out plainly.
 *
 * It replaces the theme's _static/scripts/furo.js (a file of html_static_path overrides the theme's file
 * of the same name) and behaves the same for the reader: theme toggle, header shadow, back-to-top
 * button, table of contents scrolled and its current section highlighted. One thing differs: nothing
 * here reads the layout before the browser has laid the page out by itself. The original read
 * ``document.documentElement.scrollTop`` while the script was evaluated, and the scroll-spy measured
 * every heading on DOMContentLoaded: each read forced the browser to style and lay out the whole page
 * synchronously, inside the task that parsed it, which made that task long on the larger pages. Here
 * the reads wait until the first frame has been rendered, when the layout they read is already done.
 */
"use strict";

(function () {
  var Gumshoe = (
    function (window) {
      "use strict";

      //
      // Defaults
      //

      var defaults = {
        // Active classes
        navClass: "active",
        contentClass: "active",

        // Nested navigation
        nested: false,
        nestedClass: "active",

        // Offset & reflow
        offset: 0,
        reflow: false,

        // Event support
        events: true,
      };

      //
      // Methods
      //

      /**
       * Merge two or more objects together.
       * @param   {Object}   objects  The objects to merge together
       * @returns {Object}            Merged values of defaults and options
       */
      var extend = function () {
        var merged = {};
        Array.prototype.forEach.call(arguments, function (obj) {
          for (var key in obj) {
            if (!obj.hasOwnProperty(key)) return;
            merged[key] = obj[key];
          }
        });
        return merged;
      };

      /**
       * Emit a custom event
       * @param  {String} type   The event type
       * @param  {Node}   elem   The element to attach the event to
       * @param  {Object} detail Any details to pass along with the event
       */
      var emitEvent = function (type, elem, detail) {
        // Make sure events are enabled
        if (!detail.settings.events) return;

        // Create a new event
        var event = new CustomEvent(type, {
          bubbles: true,
          cancelable: true,
          detail: detail,
        });

        // Dispatch the event
        elem.dispatchEvent(event);
      };

      /**
       * Get an element's distance from the top of the Document.
       * @param  {Node} elem The element
       * @return {Number}    Distance from the top in pixels
       */
      var getOffsetTop = function (elem) {
        var location = 0;
        if (elem.offsetParent) {
          while (elem) {
            location += elem.offsetTop;
            elem = elem.offsetParent;
          }
        }
        return location >= 0 ? location : 0;
      };

      /**
       * Sort content from first to last in the DOM
       * @param  {Array} contents The content areas
       */
      var sortContents = function (contents) {
        if (contents) {
          contents.sort(function (item1, item2) {
            var offset1 = getOffsetTop(item1.content);
            var offset2 = getOffsetTop(item2.content);
            if (offset1 < offset2) return -1;
            return 1;
          });
        }
      };

      /**
       * Get the offset to use for calculating position
       * @param  {Object} settings The settings for this instantiation
       * @return {Float}           The number of pixels to offset the calculations
       */
      var getOffset = function (settings) {
        // if the offset is a function run it
        if (typeof settings.offset === "function") {
          return parseFloat(settings.offset());
        }

        // Otherwise, return it as-is
        return parseFloat(settings.offset);
      };

      /**
       * Get the document element's height
       * @private
       * @returns {Number}
       */
      var getDocumentHeight = function () {
        return Math.max(
          document.body.scrollHeight,
          document.documentElement.scrollHeight,
          document.body.offsetHeight,
          document.documentElement.offsetHeight,
          document.body.clientHeight,
          document.documentElement.clientHeight,
        );
      };

      /**
       * Determine if an element is in view
       * @param  {Node}    elem     The element
       * @param  {Object}  settings The settings for this instantiation
       * @param  {Boolean} bottom   If true, check if element is above bottom of viewport instead
       * @return {Boolean}          Returns true if element is in the viewport
       */
      var isInView = function (elem, settings, bottom) {
        var bounds = elem.getBoundingClientRect();
        var offset = getOffset(settings);
        if (bottom) {
          return (
            parseInt(bounds.bottom, 10) <
            (window.innerHeight || document.documentElement.clientHeight)
          );
        }
        return parseInt(bounds.top, 10) <= offset;
      };

      /**
       * Check if at the bottom of the viewport
       * @return {Boolean} If true, page is at the bottom of the viewport
       */
      var isAtBottom = function () {
        if (
          Math.ceil(window.innerHeight + window.pageYOffset) >=
          getDocumentHeight()
        )
          return true;
        return false;
      };

      /**
       * Check if the last item should be used (even if not at the top of the page)
       * @param  {Object} item     The last item
       * @param  {Object} settings The settings for this instantiation
       * @return {Boolean}         If true, use the last item
       */
      var useLastItem = function (item, settings) {
        if (isAtBottom() && isInView(item.content, settings, true)) return true;
        return false;
      };

      /**
       * Get the active content
       * @param  {Array}  contents The content areas
       * @param  {Object} settings The settings for this instantiation
       * @return {Object}          The content area and matching navigation link
       */
      var getActive = function (contents, settings) {
        var last = contents[contents.length - 1];
        if (useLastItem(last, settings)) return last;
        for (var i = contents.length - 1; i >= 0; i--) {
          if (isInView(contents[i].content, settings)) return contents[i];
        }
      };

      /**
       * Deactivate parent navs in a nested navigation
       * @param  {Node}   nav      The starting navigation element
       * @param  {Object} settings The settings for this instantiation
       */
      var deactivateNested = function (nav, settings) {
        // If nesting isn't activated, bail
        if (!settings.nested || !nav.parentNode) return;

        // Get the parent navigation
        var li = nav.parentNode.closest("li");
        if (!li) return;

        // Remove the active class
        li.classList.remove(settings.nestedClass);

        // Apply recursively to any parent navigation elements
        deactivateNested(li, settings);
      };

      /**
       * Deactivate a nav and content area
       * @param  {Object} items    The nav item and content to deactivate
       * @param  {Object} settings The settings for this instantiation
       */
      var deactivate = function (items, settings) {
        // Make sure there are items to deactivate
        if (!items) return;

        // Get the parent list item
        var li = items.nav.closest("li");
        if (!li) return;

        // Remove the active class from the nav and content
        li.classList.remove(settings.navClass);
        items.content.classList.remove(settings.contentClass);

        // Deactivate any parent navs in a nested navigation
        deactivateNested(li, settings);

        // Emit a custom event
        emitEvent("gumshoeDeactivate", li, {
          link: items.nav,
          content: items.content,
          settings: settings,
        });
      };

      /**
       * Activate parent navs in a nested navigation
       * @param  {Node}   nav      The starting navigation element
       * @param  {Object} settings The settings for this instantiation
       */
      var activateNested = function (nav, settings) {
        // If nesting isn't activated, bail
        if (!settings.nested) return;

        // Get the parent navigation
        var li = nav.parentNode.closest("li");
        if (!li) return;

        // Add the active class
        li.classList.add(settings.nestedClass);

        // Apply recursively to any parent navigation elements
        activateNested(li, settings);
      };

      /**
       * Activate a nav and content area
       * @param  {Object} items    The nav item and content to activate
       * @param  {Object} settings The settings for this instantiation
       */
      var activate = function (items, settings) {
        // Make sure there are items to activate
        if (!items) return;

        // Get the parent list item
        var li = items.nav.closest("li");
        if (!li) return;

        // Add the active class to the nav and content
        li.classList.add(settings.navClass);
        items.content.classList.add(settings.contentClass);

        // Activate any parent navs in a nested navigation
        activateNested(li, settings);

        // Emit a custom event
        emitEvent("gumshoeActivate", li, {
          link: items.nav,
          content: items.content,
          settings: settings,
        });
      };

      /**
       * Create the Constructor object
       * @param {String} selector The selector to use for navigation items
       * @param {Object} options  User options and settings
       */
      var Constructor = function (selector, options) {
        //
        // Variables
        //

        var publicAPIs = {};
        var navItems, contents, current, timeout, settings;

        //
        // Methods
        //

        /**
         * Set variables from DOM elements
         */
        publicAPIs.setup = function () {
          // Get all nav items
          navItems = document.querySelectorAll(selector);

          // Create contents array
          contents = [];

          // Loop through each item, get it's matching content, and push to the array
          Array.prototype.forEach.call(navItems, function (item) {
            // Get the content for the nav item
            var content = document.getElementById(
              decodeURIComponent(item.hash.substr(1)),
            );
            if (!content) return;

            // Push to the contents array
            contents.push({
              nav: item,
              content: content,
            });
          });

          // Sort contents by the order they appear in the DOM
          sortContents(contents);
        };

        /**
         * Detect which content is currently active
         */
        publicAPIs.detect = function () {
          // Get the active content
          var active = getActive(contents, settings);

          // if there's no active content, deactivate and bail
          if (!active) {
            if (current) {
              deactivate(current, settings);
              current = null;
            }
            return;
          }

          // If the active content is the one currently active, do nothing
          if (current && active.content === current.content) return;

          // Deactivate the current content and activate the new content
          deactivate(current, settings);
          activate(active, settings);

          // Update the currently active content
          current = active;
        };

        /**
         * Detect the active content on scroll
         * Debounced for performance
         */
        var scrollHandler = function (event) {
          // If there's a timer, cancel it
          if (timeout) {
            window.cancelAnimationFrame(timeout);
          }

          // Setup debounce callback
          timeout = window.requestAnimationFrame(publicAPIs.detect);
        };

        /**
         * Update content sorting on resize
         * Debounced for performance
         */
        var resizeHandler = function (event) {
          // If there's a timer, cancel it
          if (timeout) {
            window.cancelAnimationFrame(timeout);
          }

          // Setup debounce callback
          timeout = window.requestAnimationFrame(function () {
            sortContents(contents);
            publicAPIs.detect();
          });
        };

        /**
         * Destroy the current instantiation
         */
        publicAPIs.destroy = function () {
          // Undo DOM changes
          if (current) {
            deactivate(current, settings);
          }

          // Remove event listeners
          window.removeEventListener("scroll", scrollHandler, false);
          if (settings.reflow) {
            window.removeEventListener("resize", resizeHandler, false);
          }

          // Reset variables
          contents = null;
          navItems = null;
          current = null;
          timeout = null;
          settings = null;
        };

        /**
         * Initialize the current instantiation
         */
        var init = function () {
          // Merge user options into defaults
          settings = extend(defaults, options || {});

          // Setup variables based on the current DOM
          publicAPIs.setup();

          // Find the currently active content
          publicAPIs.detect();

          // Setup event listeners
          window.addEventListener("scroll", scrollHandler, false);
          if (settings.reflow) {
            window.addEventListener("resize", resizeHandler, false);
          }
        };

        //
        // Initialize and return the public APIs
        //

        init();
        return publicAPIs;
      };

      //
      // Return the Constructor
      //

      return Constructor;
    }
  )(window);

  //////////////////////////////////////////////////////////////////////////////
  // Scroll handling
  //////////////////////////////////////////////////////////////////////////////
  var tocScroll = null;
  var header = null;
  // Read once the page has been laid out (see afterFirstFrame), not while the script is evaluated.
  var lastScrollTop = 0;
  var GO_TO_TOP_OFFSET = 64;

  function scrollHandlerForHeader(positionY) {
    if (positionY > 0) {
      header.classList.add("scrolled");
    } else {
      header.classList.remove("scrolled");
    }
  }

  function scrollHandlerForBackToTop(positionY) {
    if (positionY < GO_TO_TOP_OFFSET) {
      document.documentElement.classList.remove("show-back-to-top");
    } else {
      if (positionY < lastScrollTop) {
        document.documentElement.classList.add("show-back-to-top");
      } else if (positionY > lastScrollTop) {
        document.documentElement.classList.remove("show-back-to-top");
      }
    }
    lastScrollTop = positionY;
  }

  function scrollHandlerForTOC(positionY) {
    if (tocScroll === null) {
      return;
    }
    if (positionY == 0) {
      // Top of the page.
      tocScroll.scrollTo(0, 0);
    } else if (
      Math.ceil(positionY) >=
      Math.floor(document.documentElement.scrollHeight - window.innerHeight)
    ) {
      // Bottom of the page.
      tocScroll.scrollTo(0, tocScroll.scrollHeight);
    }
  }

  function scrollHandler(positionY) {
    scrollHandlerForHeader(positionY);
    scrollHandlerForBackToTop(positionY);
    scrollHandlerForTOC(positionY);
  }

  //////////////////////////////////////////////////////////////////////////////
  // Theme toggle
  //////////////////////////////////////////////////////////////////////////////
  function setTheme(mode) {
    if (mode !== "light" && mode !== "dark" && mode !== "auto") {
      console.error("Got invalid theme mode: " + mode + ". Resetting to auto.");
      mode = "auto";
    }
    document.body.dataset.theme = mode;
    localStorage.setItem("theme", mode);
  }

  function cycleThemeOnce() {
    var currentTheme = localStorage.getItem("theme") || "auto";
    var prefersDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
    if (prefersDark) {
      // Auto (dark) -> Light -> Dark
      if (currentTheme === "auto") {
        setTheme("light");
      } else if (currentTheme == "light") {
        setTheme("dark");
      } else {
        setTheme("auto");
      }
    } else {
      // Auto (light) -> Dark -> Light
      if (currentTheme === "auto") {
        setTheme("dark");
      } else if (currentTheme == "dark") {
        setTheme("light");
      } else {
        setTheme("auto");
      }
    }
  }

  //////////////////////////////////////////////////////////////////////////////
  // Setup
  //////////////////////////////////////////////////////////////////////////////
  function setupTheme() {
    var buttons = document.getElementsByClassName("theme-toggle");
    Array.from(buttons).forEach(function (button) {
      button.addEventListener("click", cycleThemeOnce);
    });
  }

  function setupScrollHandler() {
    var lastKnownScrollPosition = 0;
    var ticking = false;
    window.addEventListener("scroll", function () {
      lastKnownScrollPosition = window.scrollY;
      if (!ticking) {
        window.requestAnimationFrame(function () {
          scrollHandler(lastKnownScrollPosition);
          ticking = false;
        });
        ticking = true;
      }
    });
  }

  function setupScrollSpy() {
    if (tocScroll === null) {
      return;
    }
    // Scroll-spy: highlight the table of contents entry of the section being read.
    new Gumshoe(".toc-tree a", {
      reflow: true,
      recursive: true,
      navClass: "scroll-current",
      offset: function () {
        var rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
        var headerRect = header.getBoundingClientRect();
        return headerRect.top + headerRect.height + 2.5 * rem + 1;
      },
    });
  }

  // Runs fn once the browser has rendered its next frame: the layout fn reads is then up to date, so
  // reading it costs nothing instead of forcing a synchronous style and layout of the whole page.
  function afterNextFrame(fn) {
    window.requestAnimationFrame(function () {
      setTimeout(fn, 0);
    });
  }

  // The site's long pages lay out some blocks only when they come near the view (content-visibility:
  // auto in tarot.css): until then each has an estimated height. A link to a section is followed with
  // a smooth scroll aimed with those estimates; the blocks it passes take their real height on the
  // way, so it can stop short. When it ends away from its target, aim again (a few times at most,
  // and never once the reader scrolls by hand).
  function landOnLinkedSection() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (target === null) {
      return;
    }
    var tries = 0;
    function stop() {
      window.removeEventListener("scrollend", check);
      ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
        window.removeEventListener(type, stop, true);
      });
    }
    function check() {
      var margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      var off = Math.abs(target.getBoundingClientRect().top - margin) > 4;
      var atBottom =
        Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1;
      if (off && !atBottom && tries < 5) {
        tries += 1;
        target.scrollIntoView();
      } else {
        stop();
      }
    }
    window.addEventListener("scrollend", check);
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
      window.addEventListener(type, stop, true);
    });
    // Stop listening once the page has settled, whatever happened.
    setTimeout(stop, 10000);
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
    function measure(box) {
      var overflows = box.scrollWidth > box.clientWidth + 1;
      setFocusable(box, overflows);
      if (overflows) {
        showEdges(box);
      }
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

  function main() {
    document.body.parentNode.classList.remove("no-js");
    header = document.querySelector("header");
    tocScroll = document.querySelector(".toc-scroll");
    setupDrawerButtons();
    setupScrollBoxes();
    setupTheme();
    setupScrollHandler();
    landOnLinkedSection();
    window.addEventListener("hashchange", landOnLinkedSection);
    afterNextFrame(function () {
      // A page opened scrolled (a link to a section, a reload) gets its header, back-to-top button
      // and table of contents set at once, as the theme's own ``window.scroll()`` call did.
      lastScrollTop = window.scrollY;
      if (lastScrollTop > 0) {
        scrollHandler(lastScrollTop);
      }
      setupScrollSpy();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", main);
  } else {
    main();
  }
})();
