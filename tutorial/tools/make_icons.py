"""Write the home-screen icons (PNG) of the web app manifest from the site's favicon.

    python -m tutorial.tools.make_icons

The favicon (``tutorial/web/theme/favicon.svg``, a card with a star) is drawn smaller on a square of its
outline colour, so that a phone's rounded or circular mask does not cut the card, and rendered at
each size by headless Chromium (``/usr/bin/chromium``, or ``TAROT_CHROMIUM``). The PNG files are
committed beside the favicon: the build only copies them. Rerun this after changing the favicon.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[2]
STATIC: Final = ROOT / "tutorial" / "web" / "theme"
FAVICON: Final = STATIC / "favicon.svg"
BACKGROUND: Final = "#1f2a44"
#: File name to size in pixels: the two sizes manifests use, and the one iOS takes from the page.
ICONS: Final = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}
SCALE: Final = 0.78


def icon_page(svg: str) -> str:
    """An HTML page that draws the favicon's shapes on a square filling the window."""
    inner = re.sub(r"<title>.*?</title>", "", re.sub(r"^<svg[^>]*>|</svg>\s*$", "", svg.strip()))
    return (
        '<!doctype html><html><body style="margin:0">'
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100vw" height="100vh" '
        f'style="display:block"><rect width="32" height="32" fill="{BACKGROUND}"/>'
        f'<g transform="translate(16 16) scale({SCALE}) translate(-16 -16)">{inner}</g></svg>'
        "</body></html>"
    )


def main() -> None:
    chromium = os.environ.get("TAROT_CHROMIUM", "/usr/bin/chromium")
    with tempfile.TemporaryDirectory(prefix="tarot-icons-") as tmp:
        page = Path(tmp) / "icon.html"
        page.write_text(icon_page(FAVICON.read_text(encoding="utf-8")), encoding="utf-8")
        for name, size in ICONS.items():
            target = STATIC / name
            command = [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                f"--user-data-dir={tmp}/profile",
                f"--screenshot={target}",
                f"--window-size={size},{size}",
                page.as_uri(),
            ]
            subprocess.run(command, check=True, capture_output=True, timeout=120)
            print(f"{target.relative_to(ROOT)}: {size} x {size}, {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
