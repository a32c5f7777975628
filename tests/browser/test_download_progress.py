"""On a slow link a first visit shows how far its large downloads have come (the runtime's
WebAssembly, the standard library, the wheel and, on the snapshot's route, the snapshot:
web/boot/download-progress.js), in the page's language and by tens of percent (the status line
is read out as it changes), on a bar that only moves forward, then the start, then a ready
page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .conftest import ENGINE_TIMEOUT_MS
from .test_snapshot import ready, throttled_page, visit

#: slow enough that the downloads take seconds (8 MB in about 16 s: on a loaded machine the
#: page, busy compiling, read 16 Mbps's last tenth first and never showed a later one, and a
#: CI run at the end of its suite saw no tenth of 8 Mbps's in 60 s), fast enough for a test
SLOW_LINK = {"offline": False, "latency": 20, "downloadThroughput": 4e6 / 8,
             "uploadThroughput": 4e6 / 8}

#: the status line and the bar, while loading
LOADING_JS = """() => [document.getElementById("status").textContent,
  document.getElementById("progress").value, document.documentElement.dataset.engine]"""


@pytest.fixture
def slow_first_visit(browser: Browser) -> Iterator[Page]:
    """A page on SLOW_LINK with an empty cache and no service worker (which would download
    the whole site beside it); its locale French for the Palatinus page's test."""
    context = browser.new_context(service_workers="block", locale="fr-FR")
    page, _cdp = throttled_page(context, SLOW_LINK)
    yield page
    context.close()


def percent_shown(page: Page, pattern: str, above: int) -> tuple[int, float]:
    """Wait until the status says the downloads have come further than `above` percent;
    return that percent and the bar's value then."""
    page.wait_for_function("""([pattern, above]) => {
      const match = document.getElementById("status").textContent.match(new RegExp(pattern));
      return match !== null && Number(match[1]) > above;
    }""", arg=[pattern, above], timeout=ENGINE_TIMEOUT_MS)
    text, value, engine = page.evaluate(LOADING_JS)
    match = re.search(pattern, text)
    assert match, text
    assert engine != "ready"
    return int(match.group(1)), float(value)


@pytest.mark.parametrize(("path", "pattern"), [
    ("?route=build", r"Downloading the game… (\d+)%"),
    ("palatinus.html", r"Téléchargement du jeu… (\d+)\u00a0%"),
], ids=["quo-vadis-snapshot-english", "palatinus-french"])
def test_a_slow_first_visit_shows_its_downloads_coming_in(
    slow_first_visit: Page, site_url: str, path: str, pattern: str
) -> None:
    page = slow_first_visit
    if path.startswith("?"):
        page.add_init_script("localStorage.setItem('qv-lang', 'en')")  # i18n.js STORAGE_KEY
    visit(page, site_url + path)
    first, first_bar = percent_shown(page, pattern, 0)
    later, later_bar = percent_shown(page, pattern, first)
    assert 0 < first < later < 100
    assert first % 10 == 0 and later % 10 == 0
    assert 0.05 < first_bar < later_bar < 0.75
    ready(page)
    text, value, _engine = page.evaluate(LOADING_JS)
    assert value == 1, text
    assert not re.search(pattern, text), text
