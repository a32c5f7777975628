"""Every RuleError code the engine raises is documented in docs/protocol.md, with its rule,
and the table names no code the engine does not raise (the page words errors from codes)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RAISE = re.compile(r'RuleError\(\s*("(?P<rule>[^"]+)"|\w+),\s*"(?P<code>[a-z_]+)"')
ROW = re.compile(r"^\| `(?P<code>[a-z_]+)` \| (?P<rules>[^|]*) \|", re.M)


def _raised() -> dict[str, set[str]]:
    """code -> literal rules it is raised with, from the source of qvcore."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "qvcore").rglob("*.py")):
        for match in RAISE.finditer(path.read_text(encoding="utf-8")):
            rules = found.setdefault(match["code"], set())
            if match["rule"]:
                rules.add(match["rule"])
    return found


def _documented() -> dict[str, set[str]]:
    text = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    errors = text[text.index("## Errors"):text.index("## Saves")]
    return {m["code"]: {r.strip() for r in m["rules"].split(",")} for m in ROW.finditer(errors)}


def test_every_raised_code_is_documented_with_its_rules_and_vice_versa() -> None:
    raised, documented = _raised(), _documented()
    assert len(raised) > 40
    assert set(raised) == set(documented), (set(raised) ^ set(documented))
    for code, rules in raised.items():
        assert rules <= documented[code], (code, rules, documented[code])
