/* The site search's order (Sphinx's html_search_scorer): a learner's page before a developer's.
 *
 * Sphinx scores each result [docname, title, anchor, descr, score, filename, kind] and lists the
 * highest first. A learner looking up a rule must not meet the engine's reference first: every result
 * from the developers' pages (their prose and the engine's API entries) comes after every learner's
 * page, and among the learner's pages the rules come first, then the lessons and strategy, then the
 * rest, each group in Sphinx's own order. The results page marks the developers' entries
 * (tarot-theme.js).
 */
"use strict";

var Scorer = {
  score: (result) => {
    const [docname, , , , score] = result;
    if (docname.startsWith("developers/")) return score - 1000;
    if (docname.startsWith("rules/")) return score + 3;
    if (docname.startsWith("tutorial/") || docname.startsWith("strategy/")) return score + 2;
    if (docname === "glossary") return score + 2;
    return score;
  },
  // Sphinx's own weights (searchtools.js), unchanged.
  objNameMatch: 11,
  objPartialMatch: 6,
  objPrio: { 0: 15, 1: 5, 2: -5 },
  objPrioDefault: 0,
  title: 15,
  partialTitle: 7,
  term: 5,
  partialTerm: 2,
};
