"""Every RuleError code the engine raises is documented in docs/protocol.md, with its rule,
and the table names no code the engine does not raise (the page words errors from codes)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RAISE = re.compile(r'RuleError\(\s*("(?P<rule>[^"]+)"|\w+),\s*"(?P<code>[a-z_]+)"')
ROW = re.compile(r"^\| `(?P<code>[a-z_]+)` \| (?P<rules>[^|]*) \|", re.M)


def _raised(palatinus: bool = False) -> dict[str, set[str]]:
    """code -> literal rules it is raised with, from the source of qvcore (of Quo Vadis, or of
    Palatinus: qvcore/palatinus)."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / "qvcore").rglob("*.py")):
        if ("palatinus" in path.relative_to(ROOT / "qvcore").parts) != palatinus:
            continue
        for match in RAISE.finditer(path.read_text(encoding="utf-8")):
            rules = found.setdefault(match["code"], set())
            if match["rule"]:
                rules.add(match["rule"])
    return found


def _documented(doc: str = "protocol.md") -> dict[str, set[str]]:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    errors = text[text.index("## Errors"):text.index("## Saves")]
    return {m["code"]: {r.strip() for r in m["rules"].split(",")} for m in ROW.finditer(errors)}


def test_every_raised_code_is_documented_with_its_rules_and_vice_versa() -> None:
    raised, documented = _raised(), _documented()
    assert len(raised) > 40
    assert set(raised) == set(documented), (set(raised) ^ set(documented))
    for code, rules in raised.items():
        assert rules <= documented[code], (code, rules, documented[code])


def test_every_palatinus_code_is_documented_with_its_rules_and_vice_versa() -> None:
    raised, documented = _raised(palatinus=True), _documented("palatinus-protocol.md")
    # raised by the shared helpers with the Palatinus bridge's rules: jsonio.whole and
    # jsonio.loads (bad_input P2, undo) and rng.check_seed (bad_seed P3)
    raised.setdefault("bad_input", set()).update({"P2", "undo"})
    raised.setdefault("bad_seed", set()).add("P3")
    # and by qvcore.saves (read_save, replay_actions), which reads the saves of both games
    for code in ("corrupt_save", "foreign_save", "unknown_version", "bad_save_action"):
        raised.setdefault(code, set()).add("save")
    # and by qvcore.saves.ReplayedGame (undo and past positions of both games), with the
    # rule Palatinus gives it (Game.PAST_RULE)
    raised.setdefault("bad_undo", set()).add("undo")
    raised.setdefault("game_running", set()).add("P8")
    assert len(raised) > 25
    assert set(raised) == set(documented), (set(raised) ^ set(documented))
    for code, rules in raised.items():
        assert rules <= documented[code], (code, rules, documented[code])
