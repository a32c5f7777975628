"""French sets a no-break space before ``:``, ``;``, ``!`` and ``?`` and inside « » (the
catalog and both rules pages): with a plain one the sign can wrap to a line of its own, as a
review saw."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLAIN_SPACE_BEFORE = re.compile(r"\S [:;!?](?=\s|$|<)|« | »")


class _Text(HTMLParser):
    """The text of a page, outside its scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        self.parts += [value for name, value in attrs if name in ("content", "alt", "title",
                                                                    "aria-label") and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def page_texts(path: Path) -> list[str]:
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.parts


def catalog_texts(path: Path) -> list[str]:
    return [json.loads(m.group(1)) for m in re.finditer(r'^  "[^"]+": (".*"),?$',
                                                         path.read_text(encoding="utf-8"),
                                                         re.MULTILINE)]


@pytest.mark.parametrize("path", ["web/rules/fr.html", "web/palatinus/rules/fr.html",
                                  "web/locales/fr.js"])
def test_french_signs_keep_to_their_word(path: str) -> None:
    file = ROOT / path
    texts = catalog_texts(file) if file.suffix == ".js" else page_texts(file)
    assert texts
    wrong = [text for text in texts if PLAIN_SPACE_BEFORE.search(text)]
    assert wrong == []
