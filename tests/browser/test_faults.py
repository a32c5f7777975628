"""Faults say what happened and lose nothing: a runtime file, the wheel or a
page script that fails to download ends in a short message naming the file, with a button to
try again (never "Starting Python…" forever, a traceback or "[object Object]"); an autosave the
engine refuses offers to keep it as a file or start anew; an autosave refused by full storage
is said at once and on the next visit."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, Route, expect

from qvcore.game import Game

from .conftest import ENGINE_TIMEOUT_MS
from .play import SEED, options, play_script, start_game, wait_actions

AUTOSAVE = "quo-vadis.autosave"


def wait_settled(page: Page) -> str:
    page.locator('html[data-engine="ready"], html[data-engine="error"]').wait_for(
        state="attached", timeout=ENGINE_TIMEOUT_MS)
    return page.get_attribute("html", "data-engine") or ""


@pytest.mark.parametrize(("pattern", "failure", "file"), [
    ("**/pyodide/pyodide.asm.wasm", 404, "pyodide.asm.wasm"),
    ("**/pyodide/pyodide.asm.wasm", 500, "pyodide.asm.wasm"),
    ("**/pyodide/pyodide.asm.wasm", "connectionrefused", "pyodide.asm.wasm"),
    ("**/pyodide/python_stdlib-*.zip", "aborted", "python_stdlib-"),
    ("**/pyodide/pyodide-lock.json", 404, "pyodide-lock.json"),
    ("**/pyodide/pyodide.asm.mjs", 404, "pyodide.asm.mjs"),
    ("**/wheels/*.whl", 404, ".whl"),
    ("**/ui.js", 404, "ui.js"),
], ids=["wasm-404", "wasm-500", "wasm-refused", "stdlib-aborted", "lock-404", "asm-mjs-404",
        "wheel-404", "ui-404"])
def test_a_file_that_fails_to_download_is_named_with_a_retry(
    page: Page, site_url: str, pattern: str, failure: int | str, file: str
) -> None:
    def fail(route: Route) -> None:
        if isinstance(failure, int):
            route.fulfill(status=failure, body="no")
        else:
            route.abort(failure)

    page.route(pattern, fail)
    page.goto(site_url)
    assert wait_settled(page) == "error"
    status = page.locator("#status")
    text = status.inner_text()
    assert file in text or "could not be downloaded" in text, text
    assert re.search(r"reload|try again", text, re.IGNORECASE), text
    assert "[object" not in text and "Traceback" not in text and len(text) < 400, text
    assert not text.startswith("Ready")
    expect(page.get_by_test_id("retry")).to_be_visible()


def test_retry_after_a_failed_download_starts_the_game(page: Page, site_url: str) -> None:
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=500, body="x"))
    page.goto(site_url)
    assert wait_settled(page) == "error"
    page.unroute("**/pyodide/pyodide.asm.wasm")
    page.get_by_test_id("retry").click()
    assert wait_settled(page) == "ready"
    expect(page.get_by_test_id("new-game-dialog")).to_be_visible()


def stored_save(actions_json: str) -> str:
    save = Game(options(), SEED).save({"app": "quo-vadis-web"})
    save["actions"] = "ACTIONS"
    return json.dumps(save).replace('"ACTIONS"', actions_json)


@pytest.mark.parametrize("actions", [
    "[" + "[" * 5000 + "]" * 5000 + "]",
    json.dumps([{"type": "add", "player": 10**30, "office": 1}]),
], ids=["too-deeply-nested", "huge-seat"])
def test_an_autosave_the_engine_refuses_offers_a_file_or_a_new_game(
    page: Page, site_url: str, actions: str
) -> None:
    page.goto(site_url)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)",
                  [AUTOSAVE, stored_save(actions)])
    page.reload()
    assert wait_settled(page) == "ready"
    dialog = page.get_by_test_id("resume-failed")
    expect(dialog).to_be_visible()
    reason = dialog.get_by_test_id("resume-failed-reason").inner_text()
    assert "Traceback" not in reason and len(reason) < 400, reason
    with page.expect_download() as download:
        dialog.get_by_test_id("resume-keep").click()
    assert download.value.suggested_filename.endswith(".json")
    # the save is still there on every reload, until a new game replaces it
    page.reload()
    assert wait_settled(page) == "ready"
    expect(page.get_by_test_id("resume-failed")).to_be_visible()
    page.get_by_test_id("resume-new").click()
    start_game(page)
    assert "10000000000" not in (page.evaluate(f"() => localStorage.getItem({AUTOSAVE!r})") or "")


#: localStorage that refuses the autosave, as a full storage does (small notes still fit)
FULL_STORAGE = """() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (String(value).length > 400) {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    }
    return setItem.call(this, key, value);
  };
}"""


def test_full_storage_is_said_at_once_and_on_the_next_visit(page: Page, site_url: str) -> None:
    page.goto(site_url)
    assert wait_settled(page) == "ready"
    start_game(page)
    game = Game(options(), SEED)
    play_script(page, game, 5)
    page.evaluate(FULL_STORAGE)
    play_script(page, game, 6)
    warning = page.get_by_test_id("save-warning")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("6 actions are not saved")
    expect(warning.get_by_test_id("save-warning-export")).to_be_visible()
    page.once("dialog", lambda dialog: dialog.accept())  # leaving with unsaved actions asks
    page.reload()
    assert wait_settled(page) == "ready"
    wait_actions(page, 5)
    expect(page.get_by_test_id("message")).to_contain_text("resumes after 5 actions")
    expect(page.get_by_test_id("message")).to_contain_text("6 later actions could not be saved")
