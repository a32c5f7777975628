"""The interface's language in the browser (issue 9 item 1): the modules load from the built
site, the choice persists in localStorage["qv-lang"] over a reload and sets <html lang>, the
browser's language is the default, and the end screen of a finished game reads in Italian
with no missing key."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Browser, Page, expect

from qvcore.game import Game
from qvcore.randomplay import random_action

from .conftest import ENGINE_SETTLED, ENGINE_TIMEOUT_MS

NAMES = ["Anna", "Bruno", "Carla"]


def wait_ready(page: Page) -> None:
    page.locator(ENGINE_SETTLED).wait_for(state="attached", timeout=ENGINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-engine") == "ready"


def finished_save(seed: int = 3) -> str:
    """A finished three-player game as the page's autosave."""
    game = Game({"players": 3, "names": NAMES}, seed=seed)
    rand = random.Random(seed)
    while not game.is_over():
        game.apply(random_action(game.state, rand))
    return json.dumps(game.save({"app": "quo-vadis-web", "colours": ["red", "blue", "gold"],
                                 "settings": {"handover": False}}))


def test_the_choice_persists_over_a_reload_and_sets_html_lang(app: Page) -> None:
    lang = app.evaluate("""async () => {
      const i18n = await import("./i18n.js");
      const heard = new Promise((resolve) => addEventListener("qv-language",
        (e) => resolve(e.detail.lang), { once: true }));
      i18n.setLanguage("fr");
      return [await heard, i18n.t("page.newGame")];
    }""")
    assert lang == ["fr", "Nouvelle partie"]
    expect(app.locator("html")).to_have_attribute("lang", "fr")
    assert app.evaluate("localStorage.getItem('qv-lang')") == "fr"
    app.reload()
    wait_ready(app)
    assert app.evaluate("import('./i18n.js').then((m) => m.getLanguage())") == "fr"
    expect(app.locator("html")).to_have_attribute("lang", "fr")


@pytest.mark.parametrize("locale, lang", [("es-MX", "es"), ("de-DE", "en")])
def test_the_browser_language_is_the_default(browser: Browser, site_url: str, locale: str,
                                             lang: str) -> None:
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(site_url)
        assert page.evaluate("import('./i18n.js').then((m) => m.getLanguage())") == lang
    finally:
        context.close()


def test_the_end_screen_of_a_finished_game_reads_in_italian(page: Page, site_url: str) -> None:
    save = finished_save()
    page.add_init_script(f"""
      if (!sessionStorage.getItem("seeded")) {{
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem("qv-lang", "it");
        localStorage.setItem("quo-vadis.autosave", {json.dumps(save)});
      }}""")
    page.goto(site_url)
    wait_ready(page)
    end = page.get_by_test_id("end-screen")
    expect(end).to_be_visible()
    expect(end.get_by_role("heading", name="Il Senato è pieno")).to_be_visible()
    expect(end.get_by_test_id("winner")).to_contain_text("Vince ")
    expect(end.get_by_test_id("winner-reason")).to_contain_text("R9.3")
    expect(end.get_by_role("columnheader", name="Nel Senato")).to_be_visible()
    expect(end.get_by_test_id("end-close")).to_have_text("Chiudi")
    assert page.evaluate("window.__qvMissingKeys ?? []") == []


def test_the_language_switch_relabels_the_static_page(app: Page) -> None:
    """What app.js will do: mount the switch, re-label the page on "qv-language"."""
    app.evaluate("""async () => {
      const { applyPageText, languageSwitch } = await import("./page-text.js");
      document.querySelector("nav.menu").append(languageSwitch());
      addEventListener("qv-language", () => applyPageText());
    }""")
    switch = app.get_by_test_id("language")
    expect(switch).to_have_value("en")
    switch.select_option("es")
    expect(app.get_by_test_id("new-game")).to_have_text("Nueva partida")
    expect(app.get_by_test_id("export")).to_have_attribute("aria-label",
                                                           "Guardar la partida en un archivo")
    expect(app.locator("#log-heading")).to_have_text("Registro")
    expect(app.locator("html")).to_have_attribute("lang", "es")
    expect(switch).to_have_attribute("aria-label", "Idioma")
    assert app.evaluate("localStorage.getItem('qv-lang')") == "es"
    assert app.title() == "Quo Vadis?"
    assert app.evaluate("window.__qvMissingKeys ?? []") == []
