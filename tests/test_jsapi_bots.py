"""The bridge's calls for bots in the page: a seat's first view and the public events (R10)."""

from __future__ import annotations

import json
from typing import Any

from qvcore.jsapi import Table


def call(reply: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(reply)
    assert data["ok"] is True, data
    return data


def error_of(reply: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(reply)
    assert data["ok"] is False, data
    error: dict[str, Any] = data["error"]
    return error


def test_r10_events_and_a_seats_first_view_for_bots() -> None:
    """Bots in the page start from their seat's view of the set-up and follow the public
    events: the same events the act replies carried, with no laurel named (R10)."""
    table = Table()
    call(table.new_game(json.dumps({"players": 3}), 4))
    start = call(table.view(1))["view"]
    acted = [call(table.act(a))["event"] for a in (
        '{"type": "add", "player": 0, "office": 1}', '{"type": "add", "player": 1, "office": 2}')]
    assert call(table.events())["events"] == acted
    assert call(table.events(1))["events"] == acted[1:]
    assert all("laurel" not in json.dumps(event) for event in acted)
    first = call(table.first_view(1))["view"]
    assert first == start
    assert first["viewer"] == 1 and first["log"] == []
    for other in first["players"]:
        if other["seat"] != 1:
            assert "hoard" not in other
    assert error_of(table.first_view(7))["rule"] == "R10"
    bad: Any = "x"
    assert error_of(table.events(bad))["code"] == "bad_input"
    assert error_of(Table().events())["code"] == "no_game"
