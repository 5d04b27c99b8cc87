"""Every sentence the engine and the widgets say, in the reader's language.

The engine speaks through the standard library's :mod:`gettext` (it runs unchanged in Pyodide), with one
catalogue, the domain ``tarot``: its template ``tarot_core/locale/tarot.pot`` is extracted from the code
and the widget templates (``nox -s messages``), and each language has a ``.po`` beside it, compiled to a
``.mo`` by the build. English is the language of the code: with no catalogue, a message is its own text.

The calls (the names every extraction tool knows):

* ``_(text, **params)``: a sentence, translated, then its named placeholders filled in;
* ``ngettext(singular, plural, n, **params)``: the form for ``n`` (``{n}`` is filled in too);
* ``pgettext(context, text, **params)`` and ``npgettext(...)``: the same with a context, for a word that
  is translated two ways ("Trump" the suit, "trump" the verb);
* ``N_(text)``: marks a text for the catalogue where it is written (a table of names) and returns it
  untranslated; it is translated where it is shown, with ``_(name)``; ``NC_(context, text)`` the same
  with a context (the names of :class:`Noun`);
* ``gettext_lazy(text, **params)`` and ``ngettext_lazy(...)``: a :class:`Message` that is translated
  when it is shown. Errors and refusals carry one, so the same refusal reads in the reader's language
  wherever it ends up.

Placeholders are named and filled in *after* translation (``{card}``, never ``%s``), so a translation
may put them in any order. A placeholder's value may be a :class:`Message`, a :class:`Noun` or a
:class:`Number`: each is rendered in the same language. A noun's format spec chooses its grammatical
form, so that no sentence is built from pieces: ``{card}`` is the noun with its article ("the Queen of
Hearts", "la Dame de cœur"), ``{card:bare}`` without ("Queen of Hearts"), ``{card:a}`` with the
indefinite article, ``{card:of}`` after "of" ("of the Petit", "du Petit"), ``{card:to}`` after "to"
("au Petit"). The articles and elisions of each language are data, in ``GRAMMAR``.

The language is a context variable: :func:`use_language` sets it for a block (the site's build, one
bridge call), :func:`set_language` for the whole process (the command line). Nothing reads the
environment's locale: in the browser the page says which language it is in.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Final

#: The catalogue's name: ``locale/<language>/LC_MESSAGES/tarot.mo``.
DOMAIN: Final = "tarot"
#: Where the catalogues are: inside the package, so that the wheel carries them to the browser.
LOCALE_DIR: Final = Path(__file__).with_name("locale")
#: The language the code is written in.
SOURCE_LANGUAGE: Final = "en"
#: The languages the site speaks (the first is the source).
LANGUAGES: Final = ("en", "fr")

_language: ContextVar[str] = ContextVar("tarot_language", default=SOURCE_LANGUAGE)
_catalogues: dict[str, _gettext.NullTranslations] = {}


# ====================================================================================== the language
def language() -> str:
    """The language messages are rendered in now."""
    return _language.get()


def set_language(code: str) -> None:
    """Render every message in ``code`` from now on (an unknown language renders in English)."""
    _language.set(_known(code))


@contextmanager
def use_language(code: str) -> Iterator[None]:
    """Render the messages of a block in ``code``, then go back to the language before."""
    token = _language.set(_known(code))
    try:
        yield
    finally:
        _language.reset(token)


def _known(code: object) -> str:
    text = code.strip().lower().replace("_", "-").split("-")[0] if isinstance(code, str) else ""
    return text if text.isalpha() and len(text) <= 3 else SOURCE_LANGUAGE


def catalogue(code: str | None = None) -> _gettext.NullTranslations:
    """The translations of ``code`` (the current language when None); English has none."""
    code = language() if code is None else code
    found = _catalogues.get(code)
    if found is None:
        if code == SOURCE_LANGUAGE:
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[code], fallback=True)
        _catalogues[code] = found
    return found


def forget_catalogues() -> None:
    """Read the catalogues again at their next use (after the build compiled new ones)."""
    _catalogues.clear()


# ====================================================================================== the calls
def _(message: str, /, **params: object) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled in from ``params``."""
    return _fill(catalogue().gettext(message), params)


def gettext(message: str, /, **params: object) -> str:
    """The same as ``_``."""
    return _(message, **params)


def ngettext(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of a sentence for ``n`` in the current language; ``{n}`` is filled in with ``n``."""
    return _fill(catalogue().ngettext(singular, plural, n), {"n": n, **params})


def pgettext(context: str, message: str, /, **params: object) -> str:
    """``_`` for a text that has more than one meaning: ``context`` tells which."""
    return _fill(catalogue().pgettext(context, message), params)


def npgettext(context: str, singular: str, plural: str, n: int, /, **params: object) -> str:
    """:func:`ngettext` with a context."""
    return _fill(catalogue().npgettext(context, singular, plural, n), {"n": n, **params})


def N_(message: str, /) -> str:
    """Mark ``message`` for the catalogue and return it as it is: it is translated where shown."""
    return message


def NC_(context: str, message: str, /) -> str:
    """:func:`N_` with a context (the kind of thing a name is: "card", "suit", "list"): the message is
    translated where shown, with ``pgettext(context, message)`` or a :class:`Noun` of that context."""
    return message


def gettext_lazy(message: str, /, **params: object) -> Message:
    """A message translated when it is shown, in the language of that moment."""
    return Message(message, params=dict(params))


def ngettext_lazy(singular: str, plural: str, n: int, /, **params: object) -> Message:
    """:func:`ngettext`, translated when it is shown."""
    return Message(singular, plural=plural, n=n, params=dict(params))


@dataclass(frozen=True, slots=True, eq=True)
class Message:
    """A sentence not yet translated: its id, its parameters, and how to render it. ``str()`` renders
    it in the current language; two messages are equal when id and parameters are."""

    text: str
    plural: str | None = None
    n: int | None = None
    context: str | None = None
    params: Mapping[str, object] = field(default_factory=dict, compare=False, hash=False)

    def render(self, code: str | None = None) -> str:
        """The sentence in ``code`` (the current language when None)."""
        if code is not None:
            with use_language(code):
                return self.render()
        cat = catalogue()
        if self.plural is None:
            text = cat.gettext(self.text) if self.context is None else cat.pgettext(self.context, self.text)
            return _fill(text, self.params)
        n = self.n or 0
        if self.context is None:
            text = cat.ngettext(self.text, self.plural, n)
        else:
            text = cat.npgettext(self.context, self.text, self.plural, n)
        return _fill(text, {"n": n, **self.params})

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    @property
    def key(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        """What the message is, in no language: its id and its parameters as text (for tests, caches)."""
        return self.text, tuple(sorted((name, str(value)) for name, value in self.params.items()))


# ====================================================================================== filling in
def _fill(text: str, params: Mapping[str, object]) -> str:
    if not params:
        return text
    return text.format_map(_Rendered(params))


class _Rendered(dict[str, object]):
    """The parameters as a sentence shows them: a message, noun or number in the current language."""

    def __init__(self, params: Mapping[str, object]) -> None:
        super().__init__({name: _shown(value) for name, value in params.items()})

    def __missing__(self, name: str) -> str:
        # A translation that names a placeholder the code does not give shows it as written, rather
        # than failing in front of a reader.
        return "{" + name + "}"


def _shown(value: object) -> object:
    if isinstance(value, Message):
        return value.render()
    if isinstance(value, int | float | Fraction) and not isinstance(value, bool):
        return Number(value)
    return value


# ====================================================================================== numbers
@dataclass(frozen=True, slots=True)
class Number:
    """A number as the current language writes it: ``40.5`` and ``12,345`` in English, ``40,5`` and
    ``12 345`` in French; a negative number with the minus sign (``−25``) in both."""

    value: int | float | Fraction

    def __format__(self, spec: str) -> str:
        value = float(self.value) if isinstance(self.value, Fraction) else self.value
        if isinstance(value, float) and value.is_integer() and not spec:
            value = int(value)
        text = format(value, spec).replace("-", "\u2212")
        if not grammar().decimal_comma:
            return text
        # 12,345.5 -> 12 345,5 (a narrow no-break space between the thousands).
        return text.replace(",", "\u202f").replace(".", ",")

    def __str__(self) -> str:
        return format(self, "")


def written(value: object) -> str:
    """``value`` as a reader reads it in the current language: a number (not a truth value) as
    :class:`Number` writes it (``−72``, ``40,5`` in French), anything else as its text."""
    if isinstance(value, int | float | Fraction) and not isinstance(value, bool):
        return str(Number(value))
    return str(value)


# ====================================================================================== nouns
@dataclass(frozen=True, slots=True)
class Grammar:
    """How one language puts an article before a noun: each form's function takes the noun's bare text
    and its :class:`Noun` data and returns the phrase."""

    forms: Mapping[str, Callable[[str, Noun], str]]
    decimal_comma: bool = False
    #: The marks a quotation of a reader's words opens and closes with (French: « and », each with a
    #: no-break space inside), or None for Python's quotes (``'p1 play HK'``, ``"taker's"``).
    quotes: tuple[str, str] | None = None


def _english_a(text: str, noun: Noun) -> str:
    if noun.proper:
        return text
    digits = text[: len(text) - len(text.lstrip("0123456789"))]
    vowel = text[:1].lower() in "aeiou" if not digits else digits.startswith("8") or digits in ("11", "18")
    return ("an " if vowel else "a ") + text


def _english_the(text: str, noun: Noun) -> str:
    return text if noun.proper else "the " + text


#: Each language's articles and elisions, by its code (a language without one is spoken with English's).
GRAMMAR: dict[str, Grammar] = {
    "en": Grammar(
        forms={
            "": _english_the,
            "the": _english_the,
            "bare": lambda text, noun: text,
            "a": _english_a,
            "of": lambda text, noun: "of " + _english_the(text, noun),
            "to": lambda text, noun: "to " + _english_the(text, noun),
        }
    ),
}


#: French elides its articles before a vowel: l'Excuse, l'atout 14, l'As (but le 8, le 11, le Roi).
_FRENCH_VOWELS: Final = "aeiouyàâäéèêëîïôöùûüœæ"


def _french_elides(text: str) -> bool:
    return text[:1].lower() in _FRENCH_VOWELS


def _french_the(text: str, noun: Noun) -> str:
    if noun.proper:
        return text
    if _french_elides(text):
        return "l’" + text
    return ("la " if noun.gender == "f" else "le ") + text


def _french_a(text: str, noun: Noun) -> str:
    if noun.proper:
        return text
    return ("une " if noun.gender == "f" else "un ") + text


def _french_of(text: str, noun: Noun) -> str:
    if noun.proper:
        return ("d’" if _french_elides(text) else "de ") + text
    if _french_elides(text):
        return "de l’" + text
    return ("de la " if noun.gender == "f" else "du ") + text


def _french_to(text: str, noun: Noun) -> str:
    if noun.proper:
        return "à " + text
    if _french_elides(text):
        return "à l’" + text
    return ("à la " if noun.gender == "f" else "au ") + text


GRAMMAR["fr"] = Grammar(
    forms={
        "": _french_the,
        "the": _french_the,
        "bare": lambda text, noun: text,
        "a": _french_a,
        "of": _french_of,
        "to": _french_to,
    },
    decimal_comma=True,
    quotes=("«\u00a0", "\u00a0»"),
)


def grammar() -> Grammar:
    """The articles and number style of the current language (English's for a language without)."""
    return GRAMMAR.get(language(), GRAMMAR[SOURCE_LANGUAGE])


@dataclass(frozen=True, slots=True)
class Noun:
    """A name that sentences put in several grammatical forms: a card, a pile, a contract.

    ``text`` is its English bare form and its message id (with ``context``, the kind of thing it is:
    "card", "pile"); ``gender`` is its grammatical gender in the current language's catalogue, which a
    translation gives as the message ``"<context> gender|<text>"`` ("f" or "m"; English has none);
    ``proper`` is a name that takes no article ("Mathers").
    """

    text: str
    context: str = "noun"
    proper: bool = False

    def bare(self) -> str:
        """The noun in the current language, without article."""
        return catalogue().pgettext(self.context, self.text)

    @property
    def gender(self) -> str:
        """``"m"`` or ``"f"`` in a language with genders, ``""`` in English."""
        kind = self.context + " gender"
        found = catalogue().pgettext(kind, self.text)
        return found if found in ("m", "f") else ""

    def __format__(self, spec: str) -> str:
        forms = grammar().forms
        # A form a language lacks (a translator's slip) falls back to the noun with its article.
        form = forms.get(spec) or forms[""]
        return form(self.bare(), self)

    def __str__(self) -> str:
        return format(self, "")


# ====================================================================================== lists
_LIST_AND: Final = NC_("list", "{first} and {last}")
_LIST_OR: Final = NC_("list", "{first} or {last}")
_LIST_NEXT: Final = NC_("list", "{first}, {rest}")


@dataclass(frozen=True, slots=True)
class Listed:
    """Items in a list as the current language writes it ("A, B and C"), rendered when shown: each
    item as ``str()`` shows it (a :class:`Message` or :class:`Noun` in the same language), joined by
    the messages ``"{first}, {rest}"`` and, before the last item, ``last``."""

    items: tuple[object, ...]
    last: str = _LIST_AND

    def __str__(self) -> str:
        shown = [str(item) for item in self.items]
        if len(shown) < 2:
            return "".join(shown)
        cat = catalogue()
        text = _fill(cat.pgettext("list", self.last), {"first": shown[-2], "last": shown[-1]})
        following = cat.pgettext("list", _LIST_NEXT)
        for item in reversed(shown[:-2]):
            text = _fill(following, {"first": item, "rest": text})
        return text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def join_and(items: Iterable[object]) -> Listed:
    """``items`` listed with "and" before the last: "the Ace, the 2 and the King"."""
    return Listed(tuple(items), _LIST_AND)


def join_or(items: Iterable[object]) -> Listed:
    """``items`` listed with "or" before the last: "bid, or pass"."""
    return Listed(tuple(items), _LIST_OR)
