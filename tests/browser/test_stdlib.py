"""Python loads the build's zip of the standard library's modules that it imports to start and
to import the engine, not Pyodide's whole python_stdlib.zip (tools/engine_stdlib.py), on both
routes of a first visit; a module only the whole library has is still found when imported: the
whole zip is fetched then, once (web/boot/stdlib-rest.js)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .test_snapshot import plays, ready, route_of

WHOLE = "python_stdlib.zip"


@pytest.fixture
def first_visit(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """A page with an empty cache and no service worker (which would fetch every file of the
    site for itself), and the names of the files it requests."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    names: list[str] = []
    page.on("request", lambda request: names.append(request.url.rsplit("/", 1)[-1]))
    yield page, names
    context.close()


@pytest.mark.parametrize("route", ["build", "start"])
def test_python_starts_and_plays_without_the_whole_standard_library(
    first_visit: tuple[Page, list[str]], site_url: str, route: str
) -> None:
    page, names = first_visit
    page.goto(f"{site_url}?route={route}")
    ready(page)
    assert route_of(page) == route
    plays(page)
    assert WHOLE not in names, names
    assert [name for name in names if name.startswith("python_stdlib-")], names


@pytest.mark.parametrize("route", ["build", "start"])
def test_a_module_only_the_whole_library_has_is_fetched_when_first_imported(
    first_visit: tuple[Page, list[str]], site_url: str, route: str
) -> None:
    """On both routes: the finder comes with the build's snapshot, or is defined at the start."""
    page, names = first_visit
    page.goto(f"{site_url}?route={route}")
    ready(page)
    assert route_of(page) == route

    def run(code: str) -> object:
        return page.evaluate("code => window.__qv.pyodide.runPython(code)", code)

    assert run("import sys\n'difflib' in sys.modules") is False
    # a module that exists nowhere fetches nothing
    assert run("try:\n import _no_such_module\n found = 'found'\nexcept ModuleNotFoundError:\n"
               " found = 'not found'\nfound") == "not found"
    assert WHOLE not in names
    assert run("import difflib\ndifflib.SequenceMatcher(None, 'abc', 'abd').ratio()") \
        == pytest.approx(2 / 3)
    assert str(run("difflib.__file__")).startswith("/lib/python_stdlib_whole.zip/")
    # a module of a package that came from the build's zip (encodings) is found there too
    assert run("import encodings.cp437\nb'\\x80'.decode('cp437')") == "Ç"
    assert run("import email.message\nemail.message.EmailMessage.__name__") == "EmailMessage"
    assert names.count(WHOLE) == 1, names
