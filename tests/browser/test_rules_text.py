"""The rules reference through the built site: each language opens with all its sections, the
language switch keeps the section being read, the page's Rules link opens the reader's language,
and nothing leaves 127.0.0.1 (conftest's autouse requests_seen fails a test otherwise)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.test_rules_pages import LANGUAGES, SECTION_IDS

from .conftest import back_to_the_game

#: offline.js marks the page once the service worker has cached the site (first visit: the
#: engine load plus 14 MB)
OFFLINE_SETTLED = ('html[data-offline="ready"], html[data-offline="error"], '
                   'html[data-offline="unsupported"]')
OFFLINE_TIMEOUT_MS = 60_000
SWITCH_NAMES = {"en": "English", "it": "Italiano", "fr": "Français", "es": "Español"}
#: a heading of R6.2 in each language, as a reader sees it
R6_2_HEADINGS = {
    "en": "From a 3- or 5-seat office: consent",
    "it": "Da un ufficio da 3 o 5 posizioni: il consenso",
    "fr": "D'une assemblée à 3 ou 5 membres\u00a0: le consentement",
    "es": "Desde una asamblea de 3 o 5 miembros: el apoyo",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_every_section_at_360_px(
    page: Page, lang: str, console_errors: list[str], requests_seen: list[str]
) -> None:
    """R1-R13, V1-V3 and the how-to-play sections are all there, the diagrams are drawn, and
    a 360 px phone needs no sideways scrolling; the page's CSP blocks nothing it uses."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"rules/{lang}.html")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    missing = page.evaluate("ids => ids.filter((id) => !document.getElementById(id))",
                            SECTION_IDS)
    assert not missing, f"{lang}: no section {missing}"
    for name in ("consent", "caesar", "senate"):
        figure = page.locator(f'svg[aria-labelledby="cap-{name}"]')
        expect(figure).to_be_visible()
        box = figure.bounding_box()
        assert box and 0 < box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    expect(page.get_by_role("link", name=SWITCH_NAMES[lang])).to_have_attribute(
        "aria-current", "page")
    assert any(url.endswith("/rules/rules.css") for url in requests_seen)
    assert not console_errors, console_errors


def test_language_switch_keeps_the_section(page: Page) -> None:
    """Reading R6.2 in English, the reader picks Italiano, then Español: each opens at R6.2."""
    page.goto("rules/en.html#r6-2")
    heading = page.locator("#r6-2 h4")
    expect(heading).to_contain_text(R6_2_HEADINGS["en"])
    for lang in ("it", "es"):
        page.locator("nav.langs").get_by_role("link", name=SWITCH_NAMES[lang]).click()
        expect(page).to_have_url(re.compile(rf"/rules/{lang}\.html#r6-2$"))
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(heading).to_contain_text(R6_2_HEADINGS[lang])
        expect(heading).to_be_in_viewport()
    assert page.evaluate("localStorage.getItem('qv-lang')") == "es"


def test_table_of_contents_follows_to_a_variant(page: Page) -> None:
    """The French contents lead to R12, and its cross link to the promise horizon (R11)."""
    page.goto("rules/fr.html")
    page.locator(".toc").get_by_role("link", name="R12 Variantes").click()
    expect(page).to_have_url(re.compile(r"#r12$"))
    expect(page.locator("#v2 h4")).to_contain_text("Lauriers révélés")
    page.locator("#r12").get_by_role("link", name="horizon des promesses").click()
    expect(page.locator("#r11-horizon h4")).to_be_in_viewport()


def test_chooser_opens_the_asked_language_at_the_section(page: Page) -> None:
    page.goto("rules/?lang=it#v3")
    expect(page).to_have_url(re.compile(r"/rules/it\.html#v3$"))
    expect(page.locator("#v3 h4")).to_contain_text("Appello al consiglio")


def test_new_game_dialog_opens_how_to_play_in_the_stored_language(app: Page) -> None:
    """A first visit opens the new-game dialog; its Rules link opens the first-game guide in
    the language the player chose before (Español)."""
    app.evaluate("localStorage.setItem('qv-lang', 'es')")
    dialog = app.get_by_test_id("new-game-dialog")
    expect(dialog).to_be_visible()
    with app.expect_popup() as opened:
        dialog.get_by_test_id("dialog-rules").click()
    rules = opened.value
    expect(rules).to_have_url(re.compile(r"/rules/es\.html#play$"))
    expect(rules.locator("#play h2")).to_contain_text("Cómo se juega")
    expect(rules.locator("#play h2")).to_be_in_viewport()


@pytest.mark.browser_context_args(locale="fr-FR")
def test_menu_rules_link_falls_back_to_the_browser_language(app: Page) -> None:
    """No stored choice: during a game, the menu's Rules link gives a French browser the
    French rules."""
    app.get_by_test_id("handover-setting").uncheck()
    app.get_by_test_id("start-game").click()
    expect(app.get_by_test_id("new-game-dialog")).to_have_count(0)
    with app.expect_popup() as opened:
        app.get_by_test_id("rules-link").click()
    rules = opened.value
    expect(rules).to_have_url(re.compile(r"/rules/fr\.html$"))
    expect(rules.locator("html")).to_have_attribute("lang", "fr")
    back_to_the_game(rules, "Retour au jeu")
    expect(app.get_by_test_id("board")).to_be_visible()


@pytest.mark.service_worker
def test_rules_open_offline_once_the_site_is_cached(page: Page, site_url: str) -> None:
    """After a first visit the service worker holds the rules too (precache.json lists
    rules/): with the network off, a dialog's link and the chooser still open them."""
    page.goto(site_url)
    page.locator(OFFLINE_SETTLED).wait_for(state="attached", timeout=OFFLINE_TIMEOUT_MS)
    assert page.get_attribute("html", "data-offline") == "ready"
    page.context.set_offline(True)
    try:
        page.goto("rules/it.html#r6-2")
        expect(page.locator("#r6-2 h4")).to_contain_text(R6_2_HEADINGS["it"])
        page.goto("rules/?lang=es#v2")
        expect(page).to_have_url(re.compile(r"/rules/es\.html#v2$"))
        expect(page.locator("#v2 h4")).to_contain_text("Laureles descubiertos")
    finally:
        page.context.set_offline(False)


def test_keyboard_reader_skips_to_the_rules(page: Page) -> None:
    """The first Tab shows the skip link; Enter moves focus past the header and contents."""
    page.goto("rules/es.html")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Ir al reglamento")
    expect(skip).to_be_focused()
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page.locator("main#content")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("#play a").first).to_be_focused()
