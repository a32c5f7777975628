"""Offline and hosting: the service worker caches the whole site on the first visit, so a reload
with the network off gives a playable page; a new build replaces the old cache; the web app
manifest is linked and valid; the site works from a sub-path (GitHub Pages) because no URL in it
is root-relative.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

from tools.paths import PRECACHE_JSON, RUNTIME_DIR, SITE
from tools.server import SiteHandler, serving
from tools.site_assembly import list_files

from .conftest import ENGINE_SETTLED, ENGINE_TIMEOUT_MS, is_local
from .sites import restamp_build

OFFLINE_SETTLED = ('html[data-offline="ready"], html[data-offline="error"], '
                   'html[data-offline="unsupported"]')
#: the SVG board, however the UI marks it
BOARD = '[data-testid="board"], svg[aria-label*="board" i], svg#board'
#: first visit: engine load (3-4 s) plus caching 14 MB
OFFLINE_TIMEOUT_MS = 60_000
SUB_PATH = "quo-vadis/"


@pytest.fixture
def server_hits(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, int]]:
    """(port, path, status) of every response any local test server sends during the test."""
    hits: list[tuple[int, str, int]] = []
    lock = threading.Lock()
    original = SiteHandler.log_request

    def log_request(self: SiteHandler, code: int | str = "-", size: int | str = "-") -> None:
        address = self.server.server_address
        port = int(address[1]) if isinstance(address, tuple) else 0
        with lock:
            hits.append((port, self.path.split("?")[0], int(code)))
        original(self, code, size)

    monkeypatch.setattr(SiteHandler, "log_request", log_request)
    return hits


def wait_offline_ready(page: Page) -> str:
    """Wait until offline.js reports the site cached; return the cached build id."""
    page.locator(OFFLINE_SETTLED).wait_for(state="attached", timeout=OFFLINE_TIMEOUT_MS)
    state = page.get_attribute("html", "data-offline")
    error = page.get_attribute("html", "data-offline-error")
    assert state == "ready", f"offline support is {state}: {error}"
    build_id = page.get_attribute("html", "data-offline-build")
    assert build_id
    return build_id


def wait_engine_ready(page: Page) -> None:
    """Wait until the engine has loaded, failing with its message if it could not."""
    page.locator(ENGINE_SETTLED).wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-engine") == "ready", (
        page.get_attribute("html", "data-engine-error"))


def wait_controlled(page: Page) -> None:
    """Wait until the service worker controls the page (it claims it right after installing)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def open_cached(context: BrowserContext, url: str) -> tuple[Page, str]:
    """A new page of the site, once its engine is ready, the site cached and the page under
    the service worker; and the cached build's id."""
    page = context.new_page()
    page.goto(url)
    wait_engine_ready(page)
    build_id = wait_offline_ready(page)
    wait_controlled(page)
    return page, build_id


@pytest.mark.service_worker
def test_reload_without_network_is_playable(
    app: Page, context: BrowserContext, site_url: str, server_hits: list[tuple[int, str, int]]
) -> None:
    build_id = wait_offline_ready(app)
    precache = json.loads((SITE / PRECACHE_JSON).read_text())
    assert build_id == precache["build"]
    wait_controlled(app)

    context.set_offline(True)
    server_hits.clear()
    app.reload()
    wait_engine_ready(app)
    app.locator(BOARD).first.wait_for(state="visible")
    assert app.evaluate("() => navigator.onLine") is False
    assert app.evaluate("() => navigator.serviceWorker.controller !== null")
    assert wait_offline_ready(app) == build_id
    # Nothing reached the server. (Playwright's offline mode does not cover the service worker's
    # own requests, so the server is the witness. The browser may still check sw.js for an
    # update: that is no part of loading the page.)
    assert [path for _, path, _ in server_hits if not path.endswith("/sw.js")] == []

    context.set_offline(False)


def test_manifest_is_linked_and_valid(
    app: Page, context: BrowserContext, site_url: str
) -> None:
    href = app.get_attribute('link[rel="manifest"]', "href")
    assert href == "manifest.webmanifest"
    manifest_url = site_url + href
    with urllib.request.urlopen(manifest_url) as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
    served = app.evaluate("url => fetch(url).then(r => r.json())", manifest_url)
    assert served["name"] == "Quo Vadis?"
    assert served["short_name"]
    assert served["start_url"] == "."
    assert served["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", served["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", served["background_color"])
    # the installed app's title bar matches the page's own
    if app.locator('meta[name="theme-color"]').count():
        theme = app.get_attribute('meta[name="theme-color"]', "content") or ""
        assert served["theme_color"] == theme.lower()

    # Chromium's own reading of it: no parse errors, and every icon is the size it claims.
    cdp = context.new_cdp_session(app)
    parsed = cdp.send("Page.getAppManifest")
    assert parsed["url"] == manifest_url
    assert parsed["errors"] == []
    sizes = set()
    for icon in served["icons"]:
        assert not icon["src"].startswith("/")
        with urllib.request.urlopen(site_url + icon["src"]) as response:
            data = response.read()
            assert response.headers["Content-Type"] == icon["type"]
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", data[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_chromium_finds_the_site_installable(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], site_url: str,
    tmp_path: Path,
) -> None:
    # Playwright's ordinary contexts are incognito, where nothing is installable: use a profile.
    context = browser_type.launch_persistent_context(tmp_path / "profile",
                                                     **browser_type_launch_args)
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    try:
        page = context.new_page()
        page.goto(site_url)
        wait_engine_ready(page)
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
    assert [url for url in seen if not is_local(url, site_url)] == []


# --- a second build replaces the first, under a GitHub Pages-like sub-path --------------------


@pytest.fixture
def sub_path_site(built_site: Path, tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of the site served at http://127.0.0.1:PORT/quo-vadis/: (its folder, its URL)."""
    folder = tmp_path / "root" / SUB_PATH
    shutil.copytree(built_site, folder)
    with serving(tmp_path / "root", "127.0.0.1", 0, quiet=True) as url:
        yield folder, url + SUB_PATH


@pytest.fixture
def own_context(browser: Browser) -> Iterator[tuple[BrowserContext, list[str]]]:
    """A fresh browser context (for a site on another port) and the URLs it requests."""
    context = browser.new_context()
    seen: list[str] = []
    context.on("request", lambda request: seen.append(request.url))
    yield context, seen
    context.close()


def rebuild_in_place(folder: Path, new_id: str) -> None:
    """Turn the copied site into a plausible next build: index.html changes, the build id is
    restamped, and precache.json lists the new hashes (the runtime is unchanged)."""
    index = folder / "index.html"
    index.write_text(index.read_text().replace("</head>", "<!-- next build --></head>", 1))
    restamp_build(folder, new_id)


def our_caches(page: Page) -> list[str]:
    """The names of the Cache Storage caches of the site's files (the Python snapshot's cache,
    kept by the page itself, aside)."""
    names: list[str] = page.evaluate("() => caches.keys()")
    return [name for name in names if not name.startswith("quo-vadis snapshot ")]


def test_new_build_replaces_the_old_cache_under_a_sub_path(
    sub_path_site: tuple[Path, str],
    own_context: tuple[BrowserContext, list[str]],
    server_hits: list[tuple[int, str, int]],
) -> None:
    folder, url = sub_path_site
    context, seen = own_context
    page = context.new_page()
    page.goto(url)
    wait_engine_ready(page)
    old_id = wait_offline_ready(page)
    scope = page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == url
    assert our_caches(page) == [f"quo-vadis {url} {old_id}"]
    wait_controlled(page)
    other = context.new_page()  # a second tab of the site
    other.goto(url)
    wait_engine_ready(other)

    # A new build is deployed. The next load still runs the old build, from its cache; the
    # new worker caches the new build beside it and, as another tab is open, waits.
    new_id = "0123456789abcdef"
    rebuild_in_place(folder, new_id)
    server_hits.clear()
    page.reload()
    wait_engine_ready(page)
    page.locator('html[data-offline-update="waiting"]').wait_for(
        state="attached", timeout=OFFLINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-offline-build") == old_id
    assert not page.evaluate("() => document.head.innerHTML.includes('<!-- next build -->')")
    assert sorted(our_caches(page)) == sorted(
        [f"quo-vadis {url} {old_id}", f"quo-vadis {url} {new_id}"])
    downloaded = {path for _, path, status in server_hits if status == 200}
    # only what changed was downloaded again, never the 14 MB runtime
    assert f"/{SUB_PATH}index.html" in downloaded
    assert not [path for path in downloaded if "/pyodide/" in path or path.endswith(".whl")]

    # Alone, the loaded page lets the new build take over; the old cache goes.
    other.close()
    page.reload()
    wait_engine_ready(page)
    page.locator(f'html[data-offline-build="{new_id}"][data-offline-update="ready"]').wait_for(
        state="attached", timeout=OFFLINE_TIMEOUT_MS)
    page.wait_for_function(f"() => caches.keys().then(k => k.filter(n => !n.includes("
                           f"'snapshot')).join() === {json.dumps(f'quo-vadis {url} {new_id}')})")

    # the next visit is the new build, all of it from the cache
    context.set_offline(True)
    page.reload()
    wait_engine_ready(page)
    assert page.evaluate("() => document.head.innerHTML.includes('<!-- next build -->')")
    assert wait_offline_ready(page) == new_id
    assert page.get_attribute("html", "data-offline-update") is None
    context.set_offline(False)

    assert [u for u in seen if not u.startswith(url)] == []
    assert all(is_local(u, url) for u in seen)


def test_a_failed_install_is_reported_and_the_game_still_loads(
    sub_path_site: tuple[Path, str], own_context: tuple[BrowserContext, list[str]]
) -> None:
    folder, url = sub_path_site
    (folder / "icons" / "icon.svg").write_text("<svg/>")  # no longer what precache.json lists
    context, _ = own_context
    page = context.new_page()
    page.goto(url)
    wait_engine_ready(page)
    page.locator(OFFLINE_SETTLED).wait_for(state="attached", timeout=OFFLINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-offline") == "error"
    assert "icons/icon.svg" in (page.get_attribute("html", "data-offline-error") or "")
    assert our_caches(page) == [] or page.evaluate(
        "() => navigator.serviceWorker.getRegistration().then(r => !r || !r.active)")


def test_an_offline_copy_missing_a_file_is_not_mixed_with_newer_files(
    sub_path_site: tuple[Path, str],
    own_context: tuple[BrowserContext, list[str]],
    server_hits: list[tuple[int, str, int]],
) -> None:
    """A cache that lost one file (storage pressure, a browser bug) is whole or not used: here
    the server's copy of that file is newer than the cached build, so nothing comes from the
    cache and the page says that the offline copy is incomplete."""
    folder, url = sub_path_site
    context, _ = own_context
    page, build_id = open_cached(context, url)
    page.evaluate("""async ([name, file]) => {
      const cache = await caches.open(name);
      if (!(await cache.delete(new URL(file, location.href).href))) throw new Error("not cached");
    }""", [f"quo-vadis {url} {build_id}", "panels/dialogs.js"])
    dialogs = folder / "panels" / "dialogs.js"
    dialogs.write_text(dialogs.read_text() + "\n// a newer build\n")
    server_hits.clear()
    page.reload()
    wait_engine_ready(page)
    served = {path for _, path, status in server_hits if status in (200, 304)}
    assert f"/{SUB_PATH}panels/dialogs.js" in served
    assert f"/{SUB_PATH}index.html" in served or f"/{SUB_PATH}" in served  # not the cached page
    page.locator(OFFLINE_SETTLED).wait_for(state="attached", timeout=OFFLINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-offline") == "error"
    assert "incomplete" in (page.get_attribute("html", "data-offline-error") or "")


# --- hosting from a sub-path ------------------------------------------------------------------

ROOT_RELATIVE = re.compile(
    r"""(?:\b(?:src|href|action)\s*=\s*["']|\burl\(\s*["']?|\b(?:fetch|import)\(\s*["'`]"""
    r"""|\bfrom\s+["']|\bnew\s+URL\(\s*["'`])/(?!/)""")


def test_site_has_no_root_relative_urls(built_site: Path) -> None:
    offenders = []
    for name in list_files(built_site):
        if name.startswith(f"{RUNTIME_DIR}/") or Path(name).suffix not in {
                ".html", ".js", ".mjs", ".css", ".webmanifest", ".svg"}:
            continue
        text = (built_site / name).read_text(encoding="utf-8")
        offenders += [f"{name}: {m.group(0)}" for m in ROOT_RELATIVE.finditer(text)]
    manifest = json.loads((built_site / "manifest.webmanifest").read_text())
    offenders += [f"manifest: {key}" for key in ("start_url", "scope", "id")
                  if str(manifest.get(key, "")).startswith("/")]
    assert offenders == []


def test_offline_with_a_cached_file_missing_the_page_starts_and_says_what_is_missing(
    built_site: Path, tmp_path: Path, own_context: tuple[BrowserContext, list[str]]
) -> None:
    """The offline copy lost one file (the French wording) and the network is gone (the
    server stopped): the page starts from what the copy has, in English, and says that the
    French wording could not be downloaded, instead of the browser's error page."""
    folder = tmp_path / "root" / SUB_PATH
    shutil.copytree(built_site, folder)
    context, _ = own_context
    page = context.new_page()
    with serving(tmp_path / "root", "127.0.0.1", 0, quiet=True) as root_url:
        url = root_url + SUB_PATH
        page.goto(url)
        wait_engine_ready(page)
        build_id = wait_offline_ready(page)
        wait_controlled(page)
        page.evaluate("""async ([name, file]) => {
          const cache = await caches.open(name);
          const key = new URL(file, location.href).href;
          if (!(await cache.delete(key))) throw new Error("not cached");
          localStorage.setItem("qv-lang", "fr");
        }""", [f"quo-vadis {url} {build_id}", "locales/fr.js"])
    page.reload()  # the server is gone: no network at all
    wait_engine_ready(page)
    page.locator(BOARD).first.wait_for(state="visible")
    assert page.get_attribute("html", "data-i18n") == "failed"
    assert page.get_attribute("html", "lang") == "en"
    page.get_by_test_id("message").filter(has_text="could not be downloaded").wait_for()
    assert "French wording could not be downloaded" in page.get_by_test_id("message").inner_text()


#: holds the page's first question to the active worker until a new worker is installing or
#: installed, so that the new build's updatefound fires before offline.js listens for it (a
#: busy machine once ordered them so)
HOLD_STATUS_UNTIL_UPDATE_FOUND = """(() => {
  const post = ServiceWorker.prototype.postMessage;
  let held = false;
  ServiceWorker.prototype.postMessage = function (message, transfer) {
    if (held || message?.type !== "qv-offline-status") return post.call(this, message, transfer);
    held = true;
    navigator.serviceWorker.getRegistration().then((registration) => {
      const go = () => post.call(this, message, transfer);
      if (registration.installing || registration.waiting) go();
      else registration.addEventListener("updatefound", go, { once: true });
    });
  };
})()"""


def test_an_update_found_before_the_page_listens_is_still_reported(
    sub_path_site: tuple[Path, str], own_context: tuple[BrowserContext, list[str]]
) -> None:
    """The new build's worker may start installing, or even finish, before offline.js has
    asked the old one for its status: the page still says, once it has cached the new build,
    that it waits for the site's other tab. (Chromium checks sw.js for a new build after a
    navigation and register() waits for that check's install; the new build reuses the old
    build's unchanged files, so the new worker is often installed before the page asks.)"""
    folder, url = sub_path_site
    context, _seen = own_context
    page, old_id = open_cached(context, url)
    other = context.new_page()
    other.goto(url)
    wait_engine_ready(other)

    rebuild_in_place(folder, "0123456789abcdef")
    page.add_init_script(HOLD_STATUS_UNTIL_UPDATE_FOUND)
    page.reload()
    wait_engine_ready(page)
    page.locator('html[data-offline-update="waiting"]').wait_for(
        state="attached", timeout=OFFLINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-offline-build") == old_id
