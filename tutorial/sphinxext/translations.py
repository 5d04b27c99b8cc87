"""The translation catalogues: check them (every entry translated, none fuzzy, the parts a translation
must keep kept, the engine's compiled) and bring them up to date after an English change.

    python -m tutorial.tools.translations check [PO ...]   one line a problem; exit 1 if any
    python -m tutorial.tools.translations update           after an English change (nox -s messages)

``check`` with no file checks every language's catalogues: the engine's (tarot_core/locale/<lang>) and
the site's (docs/locale/<lang>). ``update`` extracts the engine's template and merges it into each
language's catalogue (a changed message turns fuzzy, a new one is empty), compiles the engine's
catalogues, extracts the pages' templates with Sphinx's gettext builder and merges them with
sphinx-intl; then translate what ``check`` lists. A translation keeps, exactly and as many times:

- the engine's placeholders, ``{card}``, ``{card:a}``, ``{n}`` (the form after the colon may change:
  ``{card:of}`` where French needs "de la"), and Jinja's ``%(name)s``;
- MyST's roles with their targets: ``{term}`pli <levée>``` may show other words, never another target;
  ``{tarot-value}`...``` and ``{ref}``/``{doc}`` targets stay as they are;
- link targets ``](page.md#anchor)``, inline code ````code````, and substitutions ``{{ name }}``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Final

from babel.messages.catalog import Message
from babel.messages.pofile import read_po

ROOT: Final = Path(__file__).resolve().parents[2]
ENGINE_CATALOGUES: Final = ROOT / "tarot_core" / "locale"
SITE_CATALOGUES: Final = ROOT / "docs" / "locale"
DOCS: Final = ROOT / "docs"
#: The engine's catalogue's domain and template.
DOMAIN: Final = "tarot"
TEMPLATE: Final = ENGINE_CATALOGUES / "tarot.pot"

_PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)(?::[A-Za-z]*)?\}(?!\})")
_PERCENT = re.compile(r"%\(([A-Za-z_][A-Za-z0-9_]*)\)[sd]")
_ROLE = re.compile(r"\{([a-z][a-z-]*(?::[a-z-]+)?)\}`([^`]*)`")
_LINK_TARGET = re.compile(r"\]\(([^)\s]*)\)")
_CODE = re.compile(r"(?<![`}])``?([^`]+)``?(?!`)")
_SUBSTITUTION = re.compile(r"\{\{\s*([^}]+?)\s*\}\}")
#: Roles whose whole content is code or a target, kept as written.
_KEPT_ROLES: Final = {
    "tarot-value",
    "doc",
    "ref",
    "numref",
    "eq",
    "download",
    "py:class",
    "py:func",
    "py:mod",
}


def _role_target(name: str, content: str) -> str:
    """What a role points at: the whole content, or the part in angle brackets."""
    if name in _KEPT_ROLES and "<" not in content:
        return content
    found = re.search(r"<([^<>]+)>\s*$", content)
    return found.group(1) if found else content


def kept_parts(text: str, site: bool) -> Counter[str]:
    """The parts of ``text`` a translation keeps: placeholders, or (``site``) MyST's markup."""
    parts: Counter[str] = Counter()
    if site:
        for name, content in _ROLE.findall(text):
            target = _role_target(name, content)
            # A term shown by its own name may be shown by another in the translation, with the target.
            parts[f"{{{name}}} {target}"] += 1
        without_roles = _ROLE.sub("", text)
        parts.update(f"link {target}" for target in _LINK_TARGET.findall(without_roles))
        parts.update(f"code {code}" for code in _CODE.findall(without_roles))
        parts.update(f"substitution {name}" for name in _SUBSTITUTION.findall(text))
    else:
        parts.update(f"{{{name}}}" for name in _PLACEHOLDER.findall(text))
        parts.update(f"%({name})" for name in _PERCENT.findall(text))
    return parts


def _texts(value: str | Iterable[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


#: French puts a no-break space before its tall punctuation and inside its quotes (``mot\u00a0:``,
#: ``«\u00a0mot\u00a0»``), so that a phone never starts a line with the mark: an ordinary space there
#: (a colon followed by a letter opens a role, ``:trick:``, and is no punctuation).
_FRENCH_SPACING: Final = re.compile(r"(?<=\S) (?=[;!?»]|:(?!\w))|« ")


def spacing(translation: str, language: str) -> list[str]:
    """The places where ``translation`` breaks its language's spacing rules (French's; none for others):
    each as the few characters around it."""
    if language != "fr":
        return []
    return [translation[max(0, m.start() - 8) : m.end() + 2] for m in _FRENCH_SPACING.finditer(translation)]


def problems(message: Message, site: bool, language: str = "") -> Iterator[str]:
    """What is wrong with one entry's translation (``language``: the catalogue's, for its typography)."""
    ids = _texts(message.id)
    translations = _texts(message.string)
    if message.fuzzy:
        yield "fuzzy"
    if not translations or not all(translations):
        yield "not translated"
        return
    if message.context and message.context.endswith(" gender"):
        if translations[0] not in ("m", "f"):
            yield f"a gender is m or f, not {translations[0]!r}"
        return
    for index, translation in enumerate(translations):
        wanted = kept_parts(ids[min(index, len(ids) - 1)], site)
        found = kept_parts(translation, site)
        # A plural's singular may say "one" where the source says {n}: a placeholder may be left out of
        # the singular form, never added nor renamed.
        if len(translations) > 1 and index == 0:
            extra = found - kept_parts(ids[-1], site)
            if extra:
                yield f"adds {sorted(extra)}"
        elif found != wanted:
            lost = sorted((wanted - found).elements())
            added = sorted((found - wanted).elements())
            yield f"keeps not the same parts: lost {lost}, added {added}"
        wrong = spacing(translation, language)
        if wrong:
            yield f"an ordinary space where a no-break space belongs: {wrong[:3]}"


def check(path: Path) -> list[str]:
    """One line for each problem of the catalogue at ``path``."""
    site = SITE_CATALOGUES in path.resolve().parents
    parts = path.resolve().parts
    language = parts[parts.index("LC_MESSAGES") - 1] if "LC_MESSAGES" in parts else ""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    lines = []
    for message in catalog:
        if not message.id:
            continue
        for problem in problems(message, site, language):
            shown = _texts(message.id)[0]
            shown = shown if len(shown) <= 70 else shown[:67] + "..."
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            lines.append(f"{where}:{message.lineno}: {problem}: {shown!r}")
    return lines


def languages() -> list[str]:
    """The languages the engine has a catalogue of."""
    return sorted(path.name for path in ENGINE_CATALOGUES.iterdir() if (path / "LC_MESSAGES").is_dir())


def catalogues(language: str | None = None) -> list[Path]:
    """The catalogues of ``language`` (every language when None): the engine's, then the pages'."""
    codes = [language] if language else languages()
    found: list[Path] = []
    for code in codes:
        found += sorted((ENGINE_CATALOGUES / code).rglob("*.po")) + sorted(
            (SITE_CATALOGUES / code).rglob("*.po")
        )
    return found


def _entries(catalog: Iterable[Message]) -> dict[tuple[str, str | None], tuple[str, ...]]:
    return {
        (_texts(message.id)[0], message.context): tuple(_texts(message.string))
        for message in catalog
        if message.id and not message.fuzzy and all(_texts(message.string))
    }


def engine_problems(language: str) -> list[str]:
    """What keeps the engine's catalogue of ``language`` from being complete: an entry of the template
    missing from it, an entry not translated or fuzzy, a lost placeholder, a compiled catalogue that is
    missing or older than its source."""
    from babel.messages.mofile import read_mo

    po = ENGINE_CATALOGUES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po.is_file():
        return [f"{po.relative_to(ROOT)}: no catalogue for {language!r}"]
    found = check(po)
    with TEMPLATE.open("rb") as handle:
        wanted = {(_texts(message.id)[0], message.context) for message in read_po(handle) if message.id}
    with po.open("rb") as handle:
        entries = list(read_po(handle))
    translated = _entries(entries)
    present = {(_texts(message.id)[0], message.context) for message in entries if message.id}
    for text, _context in sorted(wanted - present, key=str):
        found.append(f"{po.relative_to(ROOT)}: not in the catalogue (run the update): {text[:70]!r}")
    mo = po.with_suffix(".mo")
    if not mo.is_file():
        found.append(f"{mo.relative_to(ROOT)}: not compiled (run the update)")
    else:
        with mo.open("rb") as handle:
            compiled = _entries(read_mo(handle))
        if compiled != translated:
            found.append(
                f"{mo.relative_to(ROOT)}: compiled from another version of the catalogue (run the update)"
            )
    return found


def compile_engine(language: str) -> Path:
    """Compile the engine's catalogue of ``language`` (its complete entries) into its ``.mo``."""
    from babel.messages.mofile import write_mo

    po = ENGINE_CATALOGUES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as handle:
        catalog = read_po(handle)
    mo = po.with_suffix(".mo")
    with mo.open("wb") as handle:
        write_mo(handle, catalog, use_fuzzy=False)
    return mo


def update() -> None:
    """After an English change: every catalogue merged with its template, the engine's compiled."""
    from .extract import TEMPLATE as _template
    from .extract import extract, render

    _template.write_bytes(render(extract()))
    for code in languages():
        po = ENGINE_CATALOGUES / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        subprocess.run(
            ["msgmerge", "--quiet", "--no-wrap", "--backup=none", "--update", str(po), str(TEMPLATE)],
            check=True,
        )
        compile_engine(code)
        print(f"{po.relative_to(ROOT)}: merged and compiled")
    with tempfile.TemporaryDirectory() as folder:
        python = sys.executable
        subprocess.run(
            [python, "-m", "sphinx", "-q", "-b", "gettext", "-D", "tarot_editions=0", str(DOCS), folder],
            check=True,
        )
        for code in languages():
            subprocess.run(
                [
                    python,
                    "-m",
                    "sphinx_intl",
                    "update",
                    "-p",
                    folder,
                    "-l",
                    code,
                    "-d",
                    str(SITE_CATALOGUES),
                    "-w",
                    "0",
                ],
                check=True,
                capture_output=True,
            )
            # The developers' pages stay in English: no catalogue of theirs is kept.
            shutil.rmtree(SITE_CATALOGUES / code / "LC_MESSAGES" / "developers", ignore_errors=True)
            print(f"docs/locale/{code}: merged")


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        update()
        return 0
    if argv[:1] != ["check"]:
        print("usage: python -m tutorial.tools.translations check [PO ...] | update", file=sys.stderr)
        return 2
    paths = [Path(name).resolve() for name in argv[1:]] or catalogues()
    found = [line for path in paths for line in check(path)]
    for line in found:
        print(line)
    print(f"{len(paths)} catalogues, {len(found)} problems", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
