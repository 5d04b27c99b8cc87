"""Numbers, tables and score sheets taken from the engine while the site is built.

Directives and roles (MyST syntax):

``tarot-table``
    ````md
    ```{tarot-table} tutorial.sphinxext.tables:card_points_table
    :args: {"players": 4}
    :caption: Card points
    :name: card-points-table
    ```
    ````
    Calls the function with the keyword arguments of ``:args:`` (a JSON object). The function returns a
    mapping with ``header`` (a list of column titles), ``rows`` (a list of lists, one cell per column) and,
    optionally, ``caption``. String cells are read as inline markup (so ``{card}`HK``` works inside a
    table); other cells are shown as plain text.

``tarot-value``
    ``{tarot-value}`format_points(TOTAL_HALF_POINTS)``` evaluates a Python expression and writes the
    result. The expression sees ``tarot_core``, its modules under their own names: those of the
    package (``cards``, ``records``, ...), of the engine (``variant``, ``round``, ...) and each rule
    set (``fft``, ``classic``, ``mathers``, ``chambery``), and every public name of
    :mod:`tarot_core.cards`.

``tarot-score``
    ````md
    ```{tarot-score}
    :expect-won: yes
    :expect-taker: 150
    :expect-defender: -50
    {"variant": "fft", "players": 4, "contract": "garde", "oudlers": 2, "points": 56}
    ```
    ````
    Sends the JSON score request to the engine (``tarot_score_function``, by default
    ``tarot_core.engine.variant:score_request``) and shows the breakdown and every player's share. Each
    ``:expect-...:`` option states what the page's prose claims; when the engine disagrees the build stops.

Any failure is reported at its page and line and fails the build (see :mod:`tutorial.sphinxext.common`).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import math
import pkgutil
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.typing import ExtensionMetadata

import tarot_core
from tarot_core import cards as cards_module
from tarot_core import engine, games
from tarot_core.engine.variant import FAMILIES, words_for
from tarot_core.messages import N_, SOURCE_LANGUAGE, Number, _, gettext_lazy, pgettext, use_language, written

from ..bridge.query import DEFAULT_RULES
from .cards import tarot_card
from .common import EngineCheckError, EngineDirective, EngineRole, import_callable

DEFAULT_SCORER = "tarot_core.engine.variant:score_request"

# ---------------------------------------------------------------------------------------------- tables


def make_table(
    directive: SphinxDirective,
    header: Sequence[object],
    rows: Sequence[Sequence[object]],
    *,
    caption: str | None = None,
    classes: Sequence[str] = (),
) -> nodes.table:
    """A real docutils table; string cells are parsed as inline markup, other cells shown as text."""
    columns = len(header)
    if columns == 0:
        raise EngineCheckError(_("a table needs at least one column"))
    table = nodes.table(classes=["tarot-table", *classes])
    if caption:
        title_nodes, _messages = directive.state.inline_text(caption, directive.lineno)
        table += nodes.title(caption, "", *title_nodes)
    group = nodes.tgroup(cols=columns)
    table += group
    for _column in range(columns):
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    head += _row(directive, header)
    group += head
    body = nodes.tbody()
    for number, row in enumerate(rows, start=1):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence):
            raise EngineCheckError(_("row {number} of the table is not a list of cells", number=number))
        if len(row) != columns:
            raise EngineCheckError(
                _(
                    "row {number} of the table has {cells} cells but the header has {columns}",
                    number=number,
                    cells=len(row),
                    columns=columns,
                )
            )
        body += _row(directive, row)
    group += body
    # The theme wraps each table in a container that takes the table's attributes, and sphinx-design
    # writes a container's style: the wrapper, the block that waits to be laid out, gets the estimate.
    table["style"] = f"--tarot-estimate: {estimated_height(table):.4g}rem"
    return table


# The heights, in rem, of a table's parts in the theme, measured on the built site at the width of the
# text on a wide screen: a line of the caption, a row of one line and each further line of a row, a row
# with card pictures, the table's margins and borders. A column holds about 160 / columns characters
# on a line (the browser gives the wider columns to the longer texts).
_CAPTION_LINE, _ROW, _ROW_LINE, _PICTURE_ROW, _EDGES = 1.3125, 2.0625, 1.5, 3.375, 2.125
_CAPTION_CHARACTERS, _TABLE_CHARACTERS = 90, 160


def estimated_height(table: nodes.table) -> float:
    """The usual height of ``table`` on the page, in rem: the estimate its block stands at until it is
    laid out (``content-visibility: auto`` in tarot.css), so that a long table does not make the page
    look shorter than it is. Within a tenth of the real height for most of the site's tables."""
    caption = sum(len(title.astext()) for title in table.findall(nodes.title))
    rows = list(table.findall(nodes.row))
    columns = max((len(row.children) for row in rows), default=1)
    width = max(8.0, _TABLE_CHARACTERS / columns)
    height = _EDGES + (_CAPTION_LINE * math.ceil(caption / _CAPTION_CHARACTERS) if caption else 0.0)
    for row in rows:
        if any(True for _card in row.findall(tarot_card)):
            height += _PICTURE_ROW
            continue
        lines = max((math.ceil(len(entry.astext()) / width) for entry in row.children), default=1)
        height += _ROW + _ROW_LINE * (max(lines, 1) - 1)
    return height


def _row(directive: SphinxDirective, cells: Sequence[object]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        paragraph = nodes.paragraph()
        if isinstance(cell, str):
            inline, messages = directive.state.inline_text(cell, directive.lineno)
            paragraph.extend(inline)
            entry += paragraph
            entry.extend(messages)
        else:
            paragraph += nodes.Text(_format(cell))
            entry += paragraph
        row += entry
    return row


def _format(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list | tuple):
        return ", ".join(_format(item) for item in value)
    return written(value)


def _json_option(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            gettext_lazy("not valid JSON ({error} at column {column})", error=error.msg, column=error.colno)
        ) from None


class TarotTable(EngineDirective):
    """``tarot-table``: a table whose every cell comes from a function of the engine or the tutorial."""

    required_arguments = 1
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "args": directives.unchanged,
        "caption": directives.unchanged,
        "name": directives.unchanged,
        "class": directives.class_option,
    }

    def run_engine(self) -> list[nodes.Node]:
        function = import_callable(self.arguments[0])
        kwargs: Any = {}
        if "args" in self.options:
            try:
                kwargs = _json_option(self.options["args"])
            except ValueError as error:
                raise EngineCheckError(_(":args: is {error}", error=error)) from None
            if not isinstance(kwargs, dict):
                raise EngineCheckError(_(":args: must be a JSON object of keyword arguments"))
        try:
            description = function(**kwargs)
        except Exception as error:
            raise EngineCheckError(
                _("{function} failed: {error}", function=self.arguments[0], error=error)
            ) from error
        if not isinstance(description, Mapping) or "header" not in description or "rows" not in description:
            raise EngineCheckError(
                _("{function} must return a mapping with 'header' and 'rows'", function=self.arguments[0])
            )
        # A caption the page gives is in the page's language too: the engine's catalogue carries it
        # (tutorial/sphinxext/extract.py), since the table's words are not the page's messages.
        given = self.options.get("caption")
        caption = pgettext("table caption", given.strip()) if given else description.get("caption")
        table = make_table(
            self,
            list(description["header"]),
            list(description["rows"]),
            caption=str(caption) if caption else None,
            classes=self.options.get("class", []),
        )
        self.add_name(table)
        return [table]


# ---------------------------------------------------------------------------------------------- values


def _short_names() -> dict[str, str]:
    """Short name -> module: the package's own modules, the engine's modules and the rule sets."""
    names: dict[str, str] = {}
    for prefix, package in (
        ("tarot_core.", tarot_core),
        ("tarot_core.engine.", engine),
        ("tarot_core.games.", games),
    ):
        for info in pkgutil.iter_modules(package.__path__):
            if info.name not in ("engine", "games", "__main__"):
                names.setdefault(info.name, prefix + info.name)
    return names


def _engine_namespace(expression: ast.Expression) -> dict[str, object]:
    """Names an expression may use: tarot_core, its modules by short name, the public names of cards."""
    namespace: dict[str, object] = {"tarot_core": tarot_core}
    namespace.update({name: getattr(cards_module, name) for name in dir(cards_module) if name[:1] != "_"})
    modules = _short_names()
    for node in ast.walk(expression):
        if isinstance(node, ast.Name) and node.id in modules:
            namespace[node.id] = importlib.import_module(modules[node.id])
    for node in ast.walk(expression):
        # tarot_core.games.x needs the submodule imported, not just the package.
        if isinstance(node, ast.Attribute) and (dotted := _dotted(node)) is not None:
            parts = dotted.split(".")
            for end in range(2, len(parts) + 1):
                name = ".".join(parts[:end])
                try:
                    if importlib.util.find_spec(name) is None:
                        break
                except ModuleNotFoundError:  # an attribute of a module, not a package
                    break
                importlib.import_module(name)
    return namespace


def _dotted(node: ast.expr) -> str | None:
    """``tarot_core.a.b`` for an attribute chain on the name ``tarot_core``, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id == "tarot_core":
        return ".".join(["tarot_core", *reversed(parts)])
    return None


def evaluate(expression: str) -> object:
    """Evaluate a page's expression against the engine; any failure stops the build."""
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError as error:
        raise EngineCheckError(
            _("{expression!r} is not a Python expression: {error}", expression=expression, error=error.msg)
        ) from None
    namespace = _engine_namespace(tree)
    try:
        return eval(compile(tree, "<tarot-value>", "eval"), namespace)
    except Exception as error:
        raise EngineCheckError(
            _(
                "{expression!r} failed: {kind}: {error}",
                expression=expression,
                kind=type(error).__name__,
                error=error,
            )
        ) from error


class TarotValue(EngineRole):
    """``tarot-value``: the text of a value computed by the engine."""

    def run_engine(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        value = evaluate(self.text)
        node = nodes.inline(self.rawtext, _format(value), classes=["tarot-value"])
        return [node], []


# ---------------------------------------------------------------------------------------------- scores

_ROLE_LABELS = {
    "taker": N_("Taker"),
    "partner": N_("Partner"),
    "defender": N_("Each defender"),
    "defenders": N_("Defenders"),
    "defence": N_("Defence"),
    "attack": N_("Attack"),
}
_SCORE_EXPECTATIONS = ("taker", "partner", "defender")


def _yes_no(text: str | None) -> bool:
    value = (text or "").strip().lower()
    if value in ("yes", "true", "won", "1"):
        return True
    if value in ("no", "false", "lost", "0"):
        return False
    raise ValueError(gettext_lazy("write yes or no"))


def _int_option(text: str | None) -> int:
    return int((text or "").strip())


def _pairs(text: str | None) -> list[tuple[str, str]]:
    """``a=1; b=-2`` -> [("a", "1"), ("b", "-2")]."""
    out: list[tuple[str, str]] = []
    for item in (text or "").replace(",", ";").split(";"):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(
                gettext_lazy("write name=value pairs separated by ';', not {item!r}", item=item.strip())
            )
        out.append((key.strip(), value.strip()))
    return out


def _same(actual: object, expected: str) -> bool:
    if isinstance(actual, bool):
        try:
            return actual == _yes_no(expected)
        except ValueError:
            return False
    if isinstance(actual, int | float):
        try:
            return float(expected) == float(actual)
        except ValueError:
            return False
    return str(actual) == expected


def share_label(key: str, roles: Mapping[str, object]) -> str:
    """Row title of a share: ``taker`` -> ``Taker``; ``p2`` -> ``Player 2 (taker)`` when roles are known."""
    if key in _ROLE_LABELS:
        return _(_ROLE_LABELS[key])
    label = key
    if len(key) >= 2 and key[0] == "p" and key[1:].isdigit():
        label = _("Player {number}", number=key[1:])
    role = roles.get(key)
    return _("{player} ({role})", player=label, role=role) if role else label


def find_share(result: Mapping[str, object], role: str) -> object | None:
    """The amount one player of that role receives (negative: pays), or None if the result has none."""
    scores = result.get("scores")
    if not isinstance(scores, Mapping):
        return None
    share: object = scores.get(role)
    if share is not None:
        return share
    roles = result.get("roles")
    if isinstance(roles, Mapping):
        for seat, seat_role in roles.items():
            if seat_role == role and seat in scores:
                share = scores[seat]
                return share
    return None


def _playing_side(request: Mapping[str, object]) -> str:
    """Who played the contract, in the rule set's words: "The taker", "The soloist", or "The dealer's
    side" for a Chambéry deal nobody bid."""
    family = request.get("variant", DEFAULT_RULES)
    if not isinstance(family, str) or family not in FAMILIES:
        return _("The taker")
    words = words_for(family)
    if request.get("contract") in words.unbid_contracts:
        return _(words.unbid_side[0])
    # The rule set's name for the player who plays against the others ("taker", "soloist").
    return pgettext("the side that plays the contract", "The {taker}", taker=_(words.taker))


class TarotScore(EngineDirective):
    """``tarot-score``: a score request, the engine's breakdown, and the checks the page relies on."""

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "expect-won": directives.unchanged_required,
        "expect-taker": directives.unchanged_required,
        "expect-partner": directives.unchanged_required,
        "expect-defender": directives.unchanged_required,
        "expect-score": directives.unchanged_required,
        "expect-term": directives.unchanged_required,
        "caption": directives.unchanged,
        "show-request": directives.flag,
        "name": directives.unchanged,
    }

    def run_engine(self) -> list[nodes.Node]:
        text = "\n".join(self.content).strip()
        if not text:
            raise EngineCheckError(_("tarot-score needs a JSON score request as its body"))
        try:
            request = json.loads(text)
        except json.JSONDecodeError as error:
            raise EngineCheckError(
                _(
                    "the score request is not valid JSON ({error}, line {line})",
                    error=error.msg,
                    line=error.lineno,
                )
            ) from None
        if not isinstance(request, dict):
            raise EngineCheckError(_("the score request must be a JSON object"))
        scorer = import_callable(str(self.config.tarot_score_function))
        try:
            result = scorer(request)
        except ValueError as error:
            raise EngineCheckError(_("the engine refused the score request: {error}", error=error)) from error
        if not isinstance(result, Mapping):
            raise EngineCheckError(_("the scorer returned {kind}, not a mapping", kind=type(result).__name__))
        # The page's claims are written in the source's words: they are checked against the engine's
        # answer in English, whatever the language of the edition being built.
        with use_language(SOURCE_LANGUAGE):
            english = scorer(request)
        self._check(english if isinstance(english, Mapping) else result)
        return self._render(request, result)

    # -------------------------------------------------------------- checks
    def _check(self, result: Mapping[str, object]) -> None:
        failures: list[str] = []
        if "expect-won" in self.options:
            try:
                expected = _yes_no(self.options["expect-won"])
            except ValueError:
                raise EngineCheckError(_(":expect-won: must be yes or no")) from None
            if result.get("won") is not expected:
                failures.append(
                    _(
                        "the page says won={expected}, the engine says won={actual}",
                        expected=expected,
                        actual=result.get("won"),
                    )
                )
        for role in _SCORE_EXPECTATIONS:
            option = f"expect-{role}"
            if option not in self.options:
                continue
            try:
                expected_amount = _int_option(self.options[option])
            except ValueError:
                raise EngineCheckError(_(":{option}: must be a whole number", option=option)) from None
            actual = find_share(result, role)
            if actual is None:
                failures.append(
                    _(
                        "the page expects a {role} share of {amount}, the engine gives none",
                        role=role,
                        amount=expected_amount,
                    )
                )
            elif not _same(actual, str(expected_amount)):
                failures.append(
                    _(
                        "the page says the {role} gets {amount}, the engine says {actual}",
                        role=role,
                        amount=expected_amount,
                        actual=actual,
                    )
                )
        try:
            score_pairs = _pairs(self.options.get("expect-score"))
            term_pairs = _pairs(self.options.get("expect-term"))
        except ValueError as error:
            raise EngineCheckError(f"{error}") from None
        scores = result.get("scores")
        for key, expected_text in score_pairs:
            actual = scores.get(key) if isinstance(scores, Mapping) else None
            if actual is None or not _same(actual, expected_text):
                failures.append(
                    _(
                        "the page says score {key} = {expected}, the engine says {actual}",
                        key=key,
                        expected=expected_text,
                        actual=actual,
                    )
                )
        terms = {
            str(entry.get("term")): entry.get("value")
            for entry in _breakdown(result)
            if isinstance(entry, Mapping)
        }
        for key, expected_text in term_pairs:
            actual = terms.get(key)
            if actual is None or not _same(actual, expected_text):
                failures.append(
                    _(
                        "the page says term {key} = {expected}, the engine says {actual}",
                        key=key,
                        expected=expected_text,
                        actual=actual,
                    )
                )
        if failures:
            raise EngineCheckError(
                _("the engine disagrees with the page: {failures}", failures="; ".join(failures))
            )

    # -------------------------------------------------------------- output
    def _render(self, request: Mapping[str, object], result: Mapping[str, object]) -> list[nodes.Node]:
        container = nodes.container(classes=["tarot-score"])
        self.add_name(container)
        if "show-request" in self.options:
            code = json.dumps(request, indent=2, ensure_ascii=False)
            block = nodes.literal_block(code, code, language="json", classes=["tarot-score-request"])
            container += block
        won = result.get("won")
        if isinstance(won, bool):
            verdict = nodes.paragraph(classes=["tarot-score-verdict"])
            side = _playing_side(request)
            verdict += nodes.strong(
                "", _("{side} wins.", side=side) if won else _("{side} loses.", side=side)
            )
            container += verdict
        rows: list[list[object]] = []
        details = any(isinstance(e, Mapping) and e.get("detail") for e in _breakdown(result))
        for entry in _breakdown(result):
            if not isinstance(entry, Mapping):
                continue
            label = entry.get("label") or entry.get("term") or ""
            row: list[object] = [_plain(label), _plain(entry.get("value"))]
            if details:
                row.append(_plain(entry.get("detail")))
            rows.append(row)
        if rows:
            header: list[object] = [_("Step"), _("Value"), _("How")] if details else [_("Step"), _("Value")]
            container += make_table(
                self,
                header,
                rows,
                caption=self.options.get("caption") or _("How the score is worked out"),
                classes=["tarot-score-breakdown"],
            )
        scores = result.get("scores")
        if isinstance(scores, Mapping) and any(value is not None for value in scores.values()):
            roles = result.get("roles")
            role_map: Mapping[str, object] = roles if isinstance(roles, Mapping) else {}
            share_rows: list[list[object]] = [
                [_plain(share_label(str(key), role_map)), _plain(_signed(value))]
                for key, value in scores.items()
                if value is not None
            ]
            container += make_table(
                self,
                [_("Player"), _("Score")],
                share_rows,
                caption=_("Each player's share"),
                classes=["tarot-score-shares"],
            )
        return [container]


def _breakdown(result: Mapping[str, object]) -> list[object]:
    breakdown = result.get("breakdown")
    return list(breakdown) if isinstance(breakdown, list | tuple) else []


def _plain(value: object) -> object:
    # Non-str objects are rendered as plain text by make_table; wrap strings so they are not parsed.
    return _PlainText(_format(value))


class _PlainText:
    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


def _signed(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return format(Number(value), "+d") if value else "0"
    return _format(value)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value("tarot_score_function", DEFAULT_SCORER, "env", types=frozenset({str}))
    app.add_directive("tarot-table", TarotTable)
    app.add_directive("tarot-score", TarotScore)
    app.add_role("tarot-value", TarotValue())
    app.setup_extension("tutorial.sphinxext.common")
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
