"""Events in words, for the log. Events hold no secret, so neither does the text (R10)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def describe(event: dict[str, Any], names: Sequence[str]) -> str:
    """One line of English for an event returned by ``rules.apply_action``."""
    kind = event["type"]
    who = names[event["player"]]
    text = _TEXT[kind](event, who, names)
    dropped = event.get("dropped")
    if dropped:  # R13: the request this action replaced
        text = f"{_withdraw(dropped, who, names)} {text}"
    over = event.get("game_over")
    if over:
        winner = over["winner"]
        totals = ", ".join(f"{names[q]} {t}" for q, t in enumerate(over["totals"]))
        text += (f" The Senate is full: {names[winner]} wins. Laurels: {totals}."
                 if winner is not None else " The Senate is full.")
    if event.get("series_over"):
        text += f" {names[event['series_over']['winner']]} wins the series."
    return text


def _add(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    return f"{who} adds a senator to office {e['office']}."


def _move(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    text = f"{who} moves a senator from office {e['from']} to office {e['to']}"
    if e.get("caesar"):
        text += " on Caesar's path, with no vote"
    elif e["supporters"]:
        text += " with the consent of " + _supporters(e["player"], e["supporters"], names)
    text += "."
    if e.get("took"):
        replaced = e.get("replaced_by")
        text += " Takes the laurel" + (
            f", replaced by a {replaced}." if replaced else "; the pile is empty.")
    for q, n in e.get("rewards", {}).items():
        text += f" {names[int(q)]} earns {n} I laurel{'s' if n > 1 else ''}."
    for deal in e.get("deals", []):
        text += f" Deal with {names[deal['with']]}: {terms_text(deal, who, names)}."
    if e.get("senate_entry"):
        text += f" Enters the Senate ({_ordinal(e['senate_entry'])})."
    if e.get("bonus"):
        text += " The Caesar laurel allows a Caesar move."
    return text


def _supporters(mover: int, supporters: list[int], names: Sequence[str]) -> str:
    parts = []
    for q in sorted(set(supporters), key=supporters.index):
        count = supporters.count(q)
        label = "own senator" if q == mover else names[q]
        parts.append(f"{label} (x{count})" if count > 1 else label)
    return " and ".join(parts)


def terms_text(terms: dict[str, Any], mover: str, names: Sequence[str]) -> str:
    """Deal terms in words; token kinds appear only if ``terms`` carries them."""
    parts = []
    for key, payer in (("mover_pays", "mover"), ("consenter_pays", "consenter")):
        paid = terms.get(key)
        if paid:
            what = ", ".join(paid) if isinstance(paid, list) else (
                f"{paid} laurel{'s' if paid > 1 else ''}")
            parts.append(f"the {payer} pays {what}")
    if terms.get("split"):
        parts.append("the gains are split" + _split_tokens(terms.get("split_tokens")))
    if terms.get("caesar"):
        c = terms["caesar"]
        parts.append(f"Caesar goes to {c['from']}→{c['to']}")
    for pr in terms.get("promises", []):
        if pr["kind"] == "caesar":
            c = pr["caesar"]
            parts.append(f"{names[pr['by']]} promises {names[pr['player']]} to move Caesar to "
                         f"{c['from']}→{c['to']} on their next turn")
            continue
        verb = "consent to" if pr["kind"] == "consent" else "refuse"
        parts.append(f"{names[pr['by']]} promises to {verb} {names[pr['player']]}")
    return "; ".join(parts) or "no terms"


def _split_tokens(tokens: dict[str, int] | None) -> str:
    """How many tokens each side of a split handed over (counts only, R10), once carried out."""
    if tokens is None:
        return ""
    given = [f"the {payer} hands over {n} laurel{'s' if n > 1 else ''}"
             for payer, n in (("mover", tokens["mover_gave"]),
                              ("consenter", tokens["consenter_gave"])) if n > 0]
    return f" ({' and '.join(given) or 'no laurel changes hands'})"


def _request(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    asked = ", ".join(names[q] for q in e["asked"])
    n = e["needed"]
    text = (f"{who} asks {asked} for consent to move from office {e['from']} to office "
            f"{e['to']} ({n} consent{'s' if n > 1 else ''} needed).")
    for q, terms in e.get("offers", {}).items():
        text += f" Offer to {names[int(q)]}: {terms_text(terms, who, names)}."
    return text


def _answer(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    if not e["consents"]:
        return f"{who} refuses."
    n = e["consents"]
    text = f"{who} agrees ({n} consent{'s' if n > 1 else ''})"
    if e.get("terms"):
        text += f" on terms: {terms_text(e['terms'], names[e['mover']], names)}"
    return text + "."


def _withdraw(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    return f"{who} drops the request to move from office {e['from']} to office {e['to']}."


def _caesar(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    bonus = " with the Caesar laurel's bonus" if e.get("bonus") else ""
    return f"{who} moves Caesar{bonus} to the path {e['from']}→{e['to']}."


def _decline(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    return f"{who} leaves Caesar where he stands."


def _reveal(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    return f"{who} asks that every hoard be shown."


def _retire(e: dict[str, Any], who: str, names: Sequence[str]) -> str:
    text = f"{who} takes a senator off office {e['office']}."
    if e.get("next_game"):
        text += f" Game {e['next_game']} begins."
    return text


def _ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}[n]


_TEXT = {
    "add": _add, "move": _move, "request": _request, "answer": _answer, "withdraw": _withdraw,
    "caesar": _caesar, "decline": _decline, "reveal": _reveal, "retire": _retire,
}
