"""The site's editions: its source language, built at the root, and each other language's folder
(see :mod:`tutorial.sphinxext.languages`)."""

from __future__ import annotations

from typing import Final

#: The source language, built at the root.
SOURCE: Final = "en"
#: Every edition: its code, its name in its own language, its folder under the output folder.
EDITIONS: Final = {"en": ("English", ""), "fr": ("Français", "fr/")}
#: The pages (their paths' start) that stay in English in every edition.
ENGLISH_ONLY: Final = ("developers/",)


def edition_folder(language: str) -> str:
    """The folder of the edition in ``language`` under the site's root ("" for the source)."""
    return EDITIONS.get(language, EDITIONS[SOURCE])[1]
