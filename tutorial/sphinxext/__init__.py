"""Sphinx extensions that put the engine's numbers, tables and card pictures into the pages.

Each module is its own Sphinx extension, listed in ``docs/conf.py``:

* :mod:`tutorial.sphinxext.engine`: the ``tarot-table`` and ``tarot-score`` directives and the
  ``tarot-value`` role, which take every number a page states from :mod:`tarot_core` at build time;
* :mod:`tutorial.sphinxext.cards`: the ``card`` role and the ``cards`` directive (SVG card pictures
  drawn by :mod:`tutorial.sphinxext.cardsvg`, their letters from :mod:`tutorial.sphinxext.card_glyphs`);
* :mod:`tutorial.sphinxext.glossary`: glossary links that show the definition when hovered.
"""
