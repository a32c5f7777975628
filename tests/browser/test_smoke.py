"""Smoke tests: the built site loads Pyodide and qvcore from its own files only.

Each page load starts Python (3-4 s, more on a busy machine), so the checks of a loaded page
share one test.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from qvcore.board import board_data
from tools.pins import PYODIDE_VERSION


def test_engine_loads_from_local_files_and_answers(
    app: Page, requests_seen: list[str], site_url: str
) -> None:
    text = app.evaluate(
        "() => window.__qv.pyodide.runPython("
        "'import json, qvcore.board; json.dumps(qvcore.board.board_data())')"
    )
    board = json.loads(text)
    assert len(board["offices"]) == 15
    assert board == board_data()

    assert app.evaluate("() => fetch('board.json').then(r => r.json())") == board_data()

    info = app.evaluate("() => window.__qv.buildInfo")
    assert info["pyodide"] == PYODIDE_VERSION
    assert app.evaluate("() => window.__qv.pyodide.version") == PYODIDE_VERSION
    python = app.evaluate(
        "() => window.__qv.pyodide.runPython('import sys; sys.version.split()[0]')")
    assert python == info["python"]

    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in requests_seen)
    assert any(url.endswith("/" + info["wheel"]) for url in requests_seen)
    assert [url for url in requests_seen if not url.startswith(site_url)] == []


def test_a_failed_load_shows_a_readable_error(page: Page, site_url: str) -> None:
    page.route("**/build-info.json", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(site_url)
    page.locator('html[data-engine="error"]').wait_for(state="attached")
    assert "build-info.json" in (page.get_attribute("html", "data-engine-error") or "")
    assert "could not be downloaded (HTTP 404)" in page.inner_text("#status")
    expect(page.get_by_test_id("retry")).to_be_visible()
