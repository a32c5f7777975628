"""Stamp generated SVG figures into static rules pages, one page per language.

A page holds a figure as `<!--figure:NAME-->…<!--/figure-->`; the drawing scripts
(tools/rules_figures.py for Quo Vadis, tools/palatinus_figures.py for Palatinus) name their
figures and their pages' folder, and this module puts the same SVG between the markers in
every language, or (with --check) says which pages are out of date.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

LANGUAGES = ("en", "it", "fr", "es")
MARKER = re.compile(r"(<!--figure:([a-z-]+)-->)(.*?)(<!--/figure-->)", re.S)

Figures = Mapping[str, Callable[[], str]]


def fill(text: str, figures: Figures) -> str:
    """The page text with every figure between its markers redrawn."""
    def replace(match: re.Match[str]) -> str:
        name = match.group(2)
        if name not in figures:
            raise ValueError(f"unknown figure {name!r}")
        return match.group(1) + figures[name]() + match.group(4)

    return MARKER.sub(replace, text)


def pages(folder: Path) -> list[Path]:
    """The rules pages of ``folder``, one per language."""
    return [folder / f"{lang}.html" for lang in LANGUAGES]


def stamp(folder: Path, figures: Figures, argv: list[str], tool: str) -> int:
    """Rewrite the pages' figures (or, with ``--check`` in ``argv``, exit 1 if one is stale)."""
    check = "--check" in argv
    stale = []
    for page in pages(folder):
        text = page.read_text(encoding="utf-8")
        new = fill(text, figures)
        if new != text:
            stale.append(page.name)
            if not check:
                page.write_text(new, encoding="utf-8")
    if check and stale:
        print("figures out of date in: " + ", ".join(stale) + f" (run {tool})")
        return 1
    return 0
