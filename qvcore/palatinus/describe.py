"""Public events in English words, for the log and for tools (no secret in them, P8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def describe(event: dict[str, Any], names: Sequence[str]) -> str:
    """One event as an English sentence."""
    who = names[event["player"]]
    if event["type"] == "lay":
        text = (f"{who} lays tile {event['letter']} on place {event['slot']}, "
                f"{turned(event['rotation'])}.")
        if "tokens" in event:
            text += " The hill tokens are dealt."
        return text
    what = "a face-down inhabitant" if event["wolf"] else f"a {event['kind']}"
    text = f"{who} places {what} on terrain {event['terrain']}."
    if "final" in event:
        winners = " and ".join(names[q] for q in event["final"]["winners"])
        text += f" Every inhabitant is placed: {winners} wins."
    return text


def turned(rotation: int) -> str:
    """A tile's turn in words (P3.2): sixth-turns counted anticlockwise, so four or five of
    them are two or one to the right."""
    if rotation == 0:
        return "not turned"
    side, count = ("left", rotation) if rotation <= 3 else ("right", 6 - rotation)
    return f"turned {'a sixth' if count == 1 else f'{count} sixths'} to the {side}"
