"""Write ``tutorial/sphinxext/card_glyphs.py``: the outlines of the letters and digits on the cards.

The card pictures draw their indices, numbers and words as outlines rather than as text, so that
a picture looks the same on every machine and the browser needs no font to draw it (each picture is a
document of its own, and looking up a font for it costs the browser a round trip to its font service
for every size). The outlines are those of DejaVu Sans Bold, read with fontTools from the font that
Debian's ``fonts-dejavu-core`` package installs; the font's licence asks for its notice to travel with
copies of it, so the notice is written into the module too.

Run ``python -m tutorial.tools.make_card_glyphs`` to rewrite the module (fontTools is needed only here:
``pip install fonttools``). The output is reproducible.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
COPYRIGHT = Path("/usr/share/doc/fonts-dejavu-core/copyright")
OUTPUT = Path(__file__).resolve().parents[1] / "sphinxext" / "card_glyphs.py"
#: Every character the cards may print: digits and capital letters.
CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: The project's line length: the module is written as ``ruff format`` would write it.
LINE = 110


def font_notice(copyright_file: Path) -> list[str]:
    """The copyright lines and the licence of the font's files, from the Debian copyright file."""
    text = copyright_file.read_text(encoding="utf-8")
    block = text.split("\n\n")[1]  # the "Files: *" paragraph
    lines: list[str] = []
    for raw in block.splitlines():
        if raw.startswith(("Files:", "License:")):
            continue
        line = raw.removeprefix("Copyright:").strip()
        lines.append("" if line == "." else line)
    return lines


def outline(glyph_set: Any, name: str) -> str:
    """A glyph's outline as path data in font units (y upwards), with only M, L, Q and Z commands."""
    from fontTools.pens.basePen import BasePen

    commands: list[str] = []

    def point(pt: tuple[float, float]) -> str:
        return f"{pt[0]:g} {pt[1]:g}"

    class Pen(BasePen):
        def _moveTo(self, pt: tuple[float, float]) -> None:
            commands.append(f"M{point(pt)}")

        def _lineTo(self, pt: tuple[float, float]) -> None:
            commands.append(f"L{point(pt)}")

        def _qCurveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float]) -> None:
            commands.append(f"Q{point(pt1)} {point(pt2)}")

        def _curveToOne(self, *points: tuple[float, float]) -> None:  # pragma: no cover - TrueType
            raise SystemExit("the font has cubic curves: use a TrueType font")

        def _closePath(self) -> None:
            commands.append("Z")

    glyph_set[name].draw(Pen(glyph_set))
    return "".join(commands)


def _pieces(text: str, width: int) -> list[str]:
    """``text`` cut before commands into pieces of at most ``width`` characters (for short lines)."""
    pieces: list[str] = []
    for command in re.findall(r"[MLQZ][^MLQZ]*", text):
        if pieces and len(pieces[-1]) + len(command) <= width:
            pieces[-1] += command
        else:
            pieces.append(command)
    return pieces


def module_text(font_file: Path, copyright_file: Path) -> str:
    try:
        from fontTools.ttLib import TTFont
    except ImportError:
        raise SystemExit("fontTools is needed: pip install fonttools") from None
    font = TTFont(font_file)
    glyph_set = font.getGlyphSet()
    cmap = font.getBestCmap()
    family = font["name"].getDebugName(4)
    rows = []
    for character in CHARACTERS:
        name = cmap[ord(character)]
        path = outline(glyph_set, name)
        if len(path) <= LINE - 11:  # as ruff formats it: on one line when it fits
            text = f'        "{path}",\n'
        else:
            pieces = "".join(f'            "{piece}"\n' for piece in _pieces(path, LINE - 14))
            text = f"        (\n{pieces}        ),\n"
        rows.append(f'    "{character}": (\n        {glyph_set[name].width},\n{text}    ),')
    notice = "\n".join(f"# {line}".rstrip() for line in font_notice(copyright_file))
    return f'''"""Outlines of the digits and capital letters printed on the card pictures ({family}).

Written by ``python -m tutorial.tools.make_card_glyphs``; do not edit. ``GLYPHS`` maps a character to its
advance width and its outline, path data in font units with the y axis upwards (M, L, Q and Z only,
every number pair a point), for :mod:`tutorial.sphinxext.cardsvg` to place and scale.
"""

# The outlines come from the font {family}, whose notice follows.
#
{notice}

from typing import Final

FONT_NAME: Final = "{family}"
UNITS_PER_EM: Final = {font["head"].unitsPerEm}
GLYPHS: Final[dict[str, tuple[int, str]]] = {{
{chr(10).join(rows)}
}}
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--font", type=Path, default=FONT, help=f"the TrueType font (default {FONT})")
    parser.add_argument("--copyright", type=Path, default=COPYRIGHT, help="its Debian copyright file")
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    for path in (args.font, args.copyright):
        if not path.is_file():
            parser.error(f"{path} is missing: apt-get install fonts-dejavu-core")
    text = module_text(args.font, args.copyright)
    if re.search(r"[^\x00-\x7f]", text):
        parser.error("the notice holds characters outside ASCII")
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
