"""Locked down: the page runs under a Content-Security-Policy that allows only
the site's own scripts and WebAssembly, from its <meta> tag and from the server's header; the
whole game, the service worker and an offline reload run with no violation reported."""

from __future__ import annotations

import urllib.request

import pytest
from playwright.sync_api import BrowserContext, Page

from qvcore.game import Game
from tools.server import CSP_HEADER

from .conftest import ENGINE_TIMEOUT_MS
from .play import NAMES, SEED, options, play_script, start_game

RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}`);
});
"""


def ready(page: Page) -> None:
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)


@pytest.mark.service_worker
def test_the_game_and_offline_reload_run_under_the_policy(
    page: Page, context: BrowserContext, site_url: str
) -> None:
    with urllib.request.urlopen(site_url) as response:
        assert response.headers["Content-Security-Policy"] == CSP_HEADER
    context.add_init_script(RECORD_VIOLATIONS)
    page.goto(site_url)
    ready(page)
    start_game(page, names=["<b>Ann</b>", "Bo<img src=x>", "Cy"])
    game = Game(options(["<b>Ann</b>", "Bo<img src=x>", "Cy"]), SEED)
    play_script(page, game, 12)
    assert page.locator("b, img").count() == 0  # names stay text
    assert page.get_by_text("<b>Ann</b>").count() > 0
    page.locator('html[data-offline="ready"]').wait_for(state="attached", timeout=60_000)
    assert page.evaluate("() => window.__violations") == []
    context.set_offline(True)
    page.reload()
    ready(page)
    assert page.evaluate("() => window.__violations") == []
    assert page.evaluate("() => navigator.serviceWorker.controller !== null")
    # the policy is in force: an inline script is refused (and reported)
    assert page.evaluate("""() => {
      const script = document.createElement("script");
      script.textContent = "window.__inline = true";
      document.head.append(script);
      return window.__inline === undefined;
    }""")
    page.wait_for_function("() => window.__violations.length > 0")
    context.set_offline(False)
    assert NAMES  # the default names are not needed here
