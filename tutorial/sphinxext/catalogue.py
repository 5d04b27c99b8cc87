"""The strict build fails when a sentence of the code is missing from the message catalogue's template.

Every sentence a reader may see goes through :mod:`tarot_core.messages`, and translators work from the
template ``tarot_core/locale/tarot.pot`` that ``nox -s messages`` extracts from the code and the widget
templates (:mod:`tutorial.sphinxext.extract`). When the HTML builder starts, this extension compares the
two and logs a warning for each message of the code that the template lacks, so a build with ``-W``
(``nox -s docs``) fails until the template is extracted again.

Extracting takes a second or two, so the answer is kept in the build's doctree folder under a digest of
every file the extraction reads and of the template: a build whose sources did not change since the
last one reads the answer back instead.

Configuration (``conf.py``): ``tarot_messages_template``, the template to check against (by default the
project's own).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Final

from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.typing import ExtensionMetadata

from . import extract as messages

logger = logging.getLogger(__name__)
#: The file, in the doctree folder, that keeps the last answer and what it was computed from.
CACHE_FILE: Final = "tarot-messages.json"


def sources_digest(template: Path) -> str:
    """A digest of every file the extraction reads (the code and the widget templates) and of the
    catalogue's template: when it is unchanged, so is the list of missing messages."""
    digest = hashlib.sha256()
    for folder, methods in messages.SOURCES:
        base = messages.ROOT / folder
        paths = {path for pattern, _ in methods for path in base.glob(pattern.replace("**.", "**/*."))}
        for path in sorted(paths):
            relative = path.relative_to(base)
            if any(part in messages.SKIP for part in relative.parts):
                continue
            digest.update(f"{folder}/{relative.as_posix()}".encode() + b"\0")
            digest.update(path.read_bytes())
    digest.update(b"template\0")
    digest.update(template.read_bytes() if template.is_file() else b"(none)")
    return digest.hexdigest()


def missing_messages(template: Path, cache: Path | None = None) -> list[str]:
    """:func:`tutorial.sphinxext.extract.missing`, read from ``cache`` when nothing it reads has changed."""
    key = sources_digest(template)
    if cache is not None:
        try:
            kept = json.loads(cache.read_text(encoding="utf-8"))
            if kept.get("digest") == key and isinstance(kept.get("missing"), list):
                return [str(line) for line in kept["missing"]]
        except (OSError, ValueError, AttributeError):
            pass
    lacking = messages.missing(template)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        kept = {"digest": key, "missing": lacking}
        cache.write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")
    return lacking


def _check(app: Sphinx) -> None:
    if app.builder.name != "html":
        return
    template = Path(app.config.tarot_messages_template)
    for line in missing_messages(template, Path(app.doctreedir) / CACHE_FILE):
        logger.warning(
            "message missing from the catalogue template (run nox -s messages): %s",
            line,
            type="tarot",
            subtype="catalogue",
        )


def setup(app: Sphinx) -> ExtensionMetadata:
    app.add_config_value("tarot_messages_template", str(messages.TEMPLATE), "env", types=frozenset({str}))
    app.connect("builder-inited", _check)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
