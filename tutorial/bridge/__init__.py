"""The widget bridge: what the browser widgets ask the engine, as JSON text in and JSON text out.

The same package runs in CPython (the Sphinx build renders each widget's first state with it, and the
tests call it) and in Pyodide inside a Web Worker (the widgets call it as the reader clicks). It never
imports ``js``: the browser code only forwards the reader's input and draws what comes back.

Every answer is a JSON object with ``"schema": 1`` and ``"ok"``. A refused input is never a traceback::

    {"schema": 1, "ok": false, "field": "points", "form_field": "points", "message": "..."}

Public functions (all ``str -> str``):

* :func:`score` takes a score request, the same JSON as ``python -m tarot_core score``, and answers
  with the engine's working, each player's share and the HTML of the result;
* :func:`calculate` takes the calculator's form as query parameters (``{"points": ["41"],
  "handful": ["attack:simple"]}``, the names of the page URL) and answers with the request it made,
  the score, each player's score by name, and the HTML of the form, of the result and of the result
  bar; a form it cannot score answers every entry at fault at once (``errors``) and a result that
  says there is no score;
* :func:`change_rules` takes the reader's entries and other rules, and answers as :func:`calculate`
  with the entries the new rules can use kept;
* :func:`replay` takes a sample hand (its name, such as ``fft-4-first-hand``, or the record's JSON),
  a step and a view (``all`` or a seat such as ``p2``) and answers with the state of the table;
* :func:`check_play` takes a sample hand, a step and a card and answers whether the player to move
  may play it: the new state, or the engine's refusal with its reason code, sentence and rule link.

The last argument of each, ``options``, is a JSON object of display settings only: ``uid`` (prefix of
the HTML ids), ``links`` (``calculator``: the calculator page's URL; ``rules``: rule anchor to URL).

The package's modules, each importing only those before it: ``envelope`` (the JSON read within bounds
and the answers and refusals of every bridge), ``common`` (JSON answers, failures, card pictures),
``query`` (the calculator's form: its controls, and the request read from it), ``form`` (the form's
HTML), ``calculator``, ``state`` (sample hands and the table at each step), ``replay`` and
``playcheck``; then the other widgets' bridges, each a module a page's script names in its calls:
``play_table``, ``play_log``, ``play_setup`` and ``play`` (the play page), ``review`` (its review of a
finished deal), ``sheet`` (the score sheet) and ``lessons`` (the lessons). The browser's worker imports
the package as ``bridge``; this module holds only the functions its calls name without a module.
"""

from __future__ import annotations

from .calculator import calculate, change_rules, score
from .playcheck import check_play, position
from .replay import replay

__all__ = ["calculate", "change_rules", "check_play", "position", "replay", "score"]
