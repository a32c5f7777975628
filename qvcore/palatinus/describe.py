"""Public events in English words, for the log and for tools (no secret in them, P8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def describe(event: dict[str, Any], names: Sequence[str]) -> str:
    """One event as an English sentence."""
    who = names[event["player"]]
    if event["type"] == "lay":
        text = f"{who} lays tile {event['letter']} on place {event['slot']}."
        if "tokens" in event:
            text += " The hill tokens are dealt."
        return text
    what = "a face-down inhabitant" if event["wolf"] else f"a {event['kind']}"
    text = f"{who} places {what} on terrain {event['terrain']}."
    if "final" in event:
        winners = " and ".join(names[q] for q in event["final"]["winners"])
        text += f" Every inhabitant is placed: {winners} wins."
    return text
