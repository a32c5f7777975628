"""The page's English log line for an engine log entry: qvcore.describe's English with the
interface's grammar fixes (web/words/event-words.js): "their own senator" (not "own senator"), a
multiplication sign, "a Caesar laurel" (not "a IIC"), and "A and B" for a list."""

from __future__ import annotations

import re
from typing import Any

TIMES = "\u00d7"  # the multiplication sign of "(x2)" in the interface


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) < 2 else ", ".join(items[:-1]) + " and " + items[-1]


def with_grammar(text: str, event: dict[str, Any], names: list[str]) -> str:
    """The engine's English ``text`` of ``event`` as the page's English log says it."""
    text = re.sub(r"own senator \(x(\d+)\)", rf"their own senators ({TIMES}\1)", text)
    text = re.sub(r"(?<!their )own senator\b", "their own senator", text)
    text = re.sub(r"\(x(\d+)\)", rf"({TIMES}\1)", text)
    text = text.replace("replaced by a IIC.", "replaced by a Caesar laurel.")
    if event["type"] == "request":
        asked = [names[q] for q in event["asked"]]
        text = text.replace(f"asks {', '.join(asked)} for", f"asks {_and_list(asked)} for", 1)
    return text


def page_log(entries: list[dict[str, Any]], names: list[str]) -> list[str]:
    """The page's English log for a game's ``log()`` (entries carry their events)."""
    return [with_grammar(e["text"], e["event"], names) for e in entries]
