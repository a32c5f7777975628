"""The interface's language in the browser: the modules load from the built
site, the choice persists in localStorage["qv-lang"] over a reload and sets <html lang>, the
browser's language is the default, the end screen of a finished game reads in Italian with no
missing key, and a game played in Italian or French (an add, a request with its answers, an
illegal click) shows the turn panel, the consent dialogs and the log in that language, with
no English left in them; a switch of language re-words the log and the open dialog."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from qvcore import board
from qvcore.game import Game
from qvcore.protocol import Action
from qvcore.randomplay import random_action

from .conftest import ENGINE_SETTLED, ENGINE_TIMEOUT_MS, RULES_READY, window
from .play import (
    NAMES as NAMES_PLAY,
)
from .play import (
    SEED,
    advance_to,
    close_dialogs,
    log_texts,
    office,
    options,
    page_refusal,
    play,
    start_game,
    wait_actions,
    wait_armed,
)

NAMES = ["Anna", "Bruno", "Carla"]
#: the interface's languages
LANGS = ("en", "it", "fr", "es")


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


#: the style sheet's size of the board's pool and pile labels (style.css .pool-text)
POOL_TEXT_PX = 22.0


def test_the_boards_pool_and_pile_read_at_their_size_in_every_language(app: Page) -> None:
    """R1, R7.2: the reward pool and the draw pile are counted in the board's corner beside the
    Senate, in each language at (nearly) the style sheet's size and clear of the Senate (a
    review found the pool's label shrunk to 70% in Spanish, 77% in Italian)."""
    app.get_by_test_id("play-bots").click()
    labels = app.locator("svg .pool-text")
    for lang in each_language(app):
        expect(labels.first).to_have_text(pool_label(app))
        sizes = labels.evaluate_all(
            "els => els.map((e) => parseFloat(getComputedStyle(e).fontSize))")
        assert min(sizes) >= 0.95 * POOL_TEXT_PX, (lang, sizes)
        pool = app.locator("svg .pool").bounding_box()
        senate = app.get_by_test_id("office-13").bounding_box()
        assert pool and senate
        assert pool["x"] >= senate["x"] + senate["width"], (lang, pool, senate)


def test_the_choice_persists_over_a_reload_and_sets_html_lang(app: Page) -> None:
    lang = app.evaluate("""async () => {
      const i18n = await import("./words/i18n.js");
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
    assert app.evaluate("import('./words/i18n.js').then((m) => m.getLanguage())") == "fr"
    expect(app.locator("html")).to_have_attribute("lang", "fr")


@pytest.mark.parametrize("locale, lang", [("es-MX", "es"), ("de-DE", "en")])
def test_the_browser_language_is_the_default(browser: Browser, site_url: str, locale: str,
                                             lang: str) -> None:
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(site_url)
        assert page.evaluate("import('./words/i18n.js').then((m) => m.getLanguage())") == lang
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
    # the order of entry in Italian ordinals, never "#1"
    expect(end.locator(".results")).to_contain_text("1º, 2º e 5º a entrare")
    expect(end.locator(".results")).not_to_contain_text("#")
    expect(end.get_by_test_id("end-close")).to_have_text("Chiudi")
    assert page.evaluate("window.__qvMissingKeys ?? []") == []


def test_the_language_switch_relabels_the_static_page(app: Page) -> None:
    """The switch in the menu (app.js) re-labels the static page on "qv-language"."""
    switch = app.locator("nav.menu").get_by_test_id("language")
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
    # the Rules link's address too, without a click (a review copied it, and opened it in a
    # new window from the context menu, and got the English page)
    expect(app.get_by_test_id("rules-link")).to_have_attribute(
        "href", re.compile(r"/rules/es\.html$"))


def test_the_arrow_keys_browse_the_languages_and_enter_or_leaving_chooses(app: Page) -> None:
    """WCAG 3.2.2: on a closed list the arrow keys change its value at once; the page
    switched language at every ArrowDown (a keyboard review). A keyboard's choice is taken on
    Enter, or when the list is left; a pointer's at once (above)."""
    close_dialogs(app)
    switch = app.locator("nav.menu").get_by_test_id("language")
    switch.focus()
    app.keyboard.press("ArrowDown")
    expect(switch).to_have_value("it")
    app.keyboard.press("ArrowDown")
    expect(switch).to_have_value("fr")
    expect(app.locator("html")).to_have_attribute("lang", "en")
    expect(app.get_by_test_id("new-game")).to_have_text("New game")
    app.keyboard.press("Enter")
    expect(app.locator("html")).to_have_attribute("lang", "fr")
    expect(switch).to_be_focused()
    app.keyboard.press("ArrowUp")
    expect(app.locator("html")).to_have_attribute("lang", "fr")
    app.keyboard.press("Tab")
    expect(app.locator("html")).to_have_attribute("lang", "it")


def test_the_new_game_screen_has_its_own_switch(app: Page) -> None:
    """On a first visit the new game screen opens over the menu: its own switch changes the
    language, and the screen opens again in it with what was filled in."""
    dialog = app.get_by_test_id("new-game-dialog")
    expect(dialog.get_by_role("heading", name="New game")).to_be_visible()
    dialog.get_by_test_id("name-0").fill("Ottavia")
    dialog.get_by_test_id("players-4").check()
    dialog.get_by_test_id("seed").fill("1234")
    dialog.get_by_test_id("new-game-language").select_option("it")
    expect(dialog.get_by_role("heading", name="Nuova partita")).to_be_visible()
    expect(dialog.get_by_test_id("name-0")).to_have_value("Ottavia")
    expect(dialog.get_by_test_id("players-4")).to_be_checked()
    expect(dialog.get_by_test_id("seed")).to_have_value("1234")
    expect(dialog.get_by_test_id("new-game-language")).to_have_value("it")
    expect(app.get_by_test_id("new-game")).to_have_text("Nuova partita")
    assert app.evaluate("localStorage.getItem('qv-lang')") == "it"
    assert english_left(app, "it", dialog, groups=ALL_GROUPS) == []
    assert app.evaluate("window.__qvMissingKeys ?? []") == []


def test_a_choice_made_in_the_rules_reference_is_followed_by_the_game(app: Page) -> None:
    """The rules pages share localStorage["qv-lang"]: a language chosen there (another tab)
    re-labels the open game page at once. The reference's script is made to arrive late, as
    on a loaded machine: the switch is clicked once the page says it is wired."""
    def arrive_late(route: Route) -> None:
        served = route.fetch()
        route.fulfill(response=served, body="await new Promise((wait) => setTimeout(wait, 500));"
                      "\n" + served.text())

    # once: the page the switch opens loads the script again, and a handler still fetching
    # it when the test ends fails the next test's set-up ("Response has been disposed")
    app.context.route("**/rules/rules.js", arrive_late, times=1)
    with app.context.expect_page() as opened:  # the new game screen is open at first
        app.get_by_test_id("new-game-dialog").get_by_test_id("dialog-rules").click()
    rules = opened.value
    rules.locator(RULES_READY).wait_for(state="attached")
    rules.get_by_role("link", name="Español").click()
    expect(rules.locator("html")).to_have_attribute("lang", "es")
    expect(app.locator("html")).to_have_attribute("lang", "es")
    expect(app.get_by_test_id("new-game")).to_have_text("Nueva partida")
    expect(app.locator("nav.menu").get_by_test_id("language")).to_have_value("es")
    assert app.evaluate("window.__qvMissingKeys ?? []") == []


def wait_settled(page: Page) -> str:
    page.locator('html[data-engine="ready"], html[data-engine="error"]').wait_for(
        state="attached", timeout=ENGINE_TIMEOUT_MS)
    return page.get_attribute("html", "data-engine") or ""


def test_a_loading_failure_is_said_in_the_chosen_language(page: Page, site_url: str) -> None:
    """The loader's EngineLoadError carries a key: the rules engine's package that fails to
    download is named in Italian, with the advice and the retry button."""
    page.add_init_script("localStorage.setItem('qv-lang', 'it');")
    page.route("**/wheels/*.whl", lambda route: route.fulfill(status=404, body="no"))
    page.goto(site_url)
    assert wait_settled(page) == "error"
    status = page.locator("#status")
    expect(status).to_contain_text(word(page, "load.advice.connection"))
    expect(status).to_contain_text(".whl")
    expect(status).to_contain_text("Non è stato possibile scaricare il file")
    expect(page.get_by_test_id("retry")).to_have_text("Riprova")
    assert "could not" not in (status.inner_text())
    no_missing_keys(page)


def test_a_catalog_that_cannot_load_leaves_the_page_in_english(page: Page,
                                                              site_url: str) -> None:
    """The chosen language's catalog fails to download: the page starts all the same, in
    English, and says so; once the catalog can be had, the switch brings the language."""
    page.add_init_script("localStorage.setItem('qv-lang', 'fr');")
    page.route("**/locales/fr.js", lambda route: route.fulfill(status=404, body="no"))
    page.goto(site_url)
    assert wait_settled(page) == "ready"
    html = page.locator("html")
    expect(html).to_have_attribute("data-i18n", "failed")
    expect(html).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("message")).to_contain_text(
        "The French wording could not be downloaded: the page is in English.")
    dialog = page.get_by_test_id("new-game-dialog")
    expect(dialog.get_by_role("heading", name="New game")).to_be_visible()
    expect(page.get_by_test_id("board")).to_have_attribute("aria-label",
                                                           "The board of Quo Vadis?")
    expect(dialog.get_by_test_id("new-game-language")).to_have_value("en")
    page.unroute("**/locales/fr.js")
    dialog.get_by_test_id("new-game-language").select_option("fr")
    expect(dialog.get_by_role("heading", name="Nouvelle partie")).to_be_visible()
    expect(page.get_by_test_id("board")).to_have_attribute("aria-label",
                                                           "Le plateau de Quo Vadis\u00a0?")
    no_missing_keys(page)


def test_without_the_english_catalog_the_loader_still_says_what_went_wrong(
        page: Page, site_url: str) -> None:
    """English is every text's fallback: without it the page stops, and says why in English."""
    page.route("**/locales/en.js", lambda route: route.fulfill(status=404, body="no"))
    page.goto(site_url)
    assert wait_settled(page) == "error"
    expect(page.locator("html")).to_have_attribute("data-i18n", "failed")
    expect(page.locator("#status")).to_contain_text("could not be downloaded")
    expect(page.get_by_test_id("retry")).to_have_text("Try again")


# -- a game played in Italian and in French ------------------------------------------------

#: the English catalog's text pieces (between placeholders) that the page's turn panel,
#: dialogs and log may show, minus pieces the target language writes the same way; returns
#: the pieces found in each text (whole words only)
ENGLISH_LEFTOVERS = r"""async ([lang, texts, prefixes]) => {
  const en = (await import("./locales/en.js")).default;
  const theirs = (await import(`./locales/${lang}.js`)).default;
  const forms = (v) => (typeof v === "string" ? [v] : Object.values(v));
  const escape = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const word = (piece) => new RegExp(`(^|[^\\p{L}])${escape(piece)}($|[^\\p{L}])`, "u");
  const own = Object.values(theirs).flatMap(forms).join("\n");
  const pieces = new Set();
  for (const [key, value] of Object.entries(en)) {
    if (!new RegExp(`^(${prefixes})\\.`).test(key)) continue;
    for (const text of forms(value)) {
      for (const raw of text.split(/\{\w+\}/)) {
        const piece = raw.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
        if (/\p{L}{4,}/u.test(piece) && !word(piece).test(own)) pieces.add(piece);
      }
    }
  }
  return texts.map((text) => [...pieces].filter((piece) => word(piece).test(text)));
}"""


#: the catalog groups of the game's panels and dialogs
GAME_GROUPS = "turn|consent|terms|log|event|error|laurel|stage"
#: every group of the interface (the static page, loading, every module's own text)
ALL_GROUPS = (GAME_GROUPS + "|page|load|ui|dialog|newGame|end|players|colour|saves|secrecy"
              "|tabs|bots|bot")


def shown_texts(part: Locator) -> list[str]:
    """The text of each element (an SVG element's text content: it has no inner text)."""
    texts: list[str] = part.evaluate_all("els => els.map((e) => e.innerText ?? e.textContent)")
    return texts


def english_left(page: Page, lang: str, *parts: Locator, groups: str = GAME_GROUPS) -> list[str]:
    """English catalog text found in these parts of the page (empty when all is translated)."""
    texts = ["\n".join(shown_texts(part)) for part in parts]
    found: list[list[str]] = page.evaluate(ENGLISH_LEFTOVERS, [lang, texts, groups])
    return [piece for pieces in found for piece in pieces]


def word(page: Page, key: str, params: dict[str, Any] | None = None) -> str:
    """The page's text for a catalog key in its current language."""
    text: str = page.evaluate("""async ([key, params]) =>
      (await import("./words/i18n.js")).t(key, params)""", [key, params or {}])
    return text


def worded_with_a_count(page: Page, key: str, params: dict[str, Any]) -> re.Pattern[str]:
    """A catalog text in the page's language, whatever number stands where `params` says 999
    (a count that changes while the page is read)."""
    return re.compile(re.escape(word(page, key, params)).replace("999", r"\d+"))


def pool_label(page: Page) -> re.Pattern[str]:
    """The board's label of the reward pool in the page's language, whatever its count."""
    return worded_with_a_count(page, "board.pool", {"count": 999})


def dialog_text(dialog: Locator) -> list[Locator]:
    """A dialog's title, body and buttons (its "For …" line belongs to dialogs.js)."""
    return [dialog.locator("h2"), dialog.locator(".dlg-body"), dialog.locator(".dlg-actions")]


def no_missing_keys(page: Page) -> None:
    assert page.evaluate("window.__qvMissingKeys ?? []") == []


def open_in(page: Page, site_url: str, lang: str) -> None:
    page.add_init_script(f"localStorage.setItem('qv-lang', {json.dumps(lang)});")
    page.goto(site_url)
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", lang)


def each_language(page: Page, langs: tuple[str, ...] = LANGS) -> Iterator[str]:
    """Switch the open page to each language in turn, as its switch does (setLanguage, then
    the "qv-language" event re-words the page), and yield it once the page has done so: one
    page load checks a screen's layout in every language."""
    for lang in langs:
        page.evaluate("(lang) => import('./words/i18n.js').then((m) => m.setLanguage(lang))",
                      lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        yield lang


def far_office(game: Game, start: int) -> int:
    """An office no path leads to from ``start``, without the mover's senator, and not an entry
    office (a click there adds a senator, R5) (R4)."""
    mover = game.state.current
    return next(o for o in range(len(board.SEATS)) if o != start and o not in board.ENTRY_OFFICES
                and (start, o) not in board.PATH_INDEX and mover not in game.state.offices[o])


#: words that must show in each language (from the original rules' terms)
EXPECTED = {
    "it": {"turn": "Turno di", "add": "aggiunge un senatore all'ufficio", "office": "Ufficio",
           "ask": "il consenso", "agree": "acconsente"},
    "fr": {"turn": "Au tour d'Aurelia", "add": "introduit un sénateur dans l'assemblée",
           "office": "Assemblée", "ask": "consentement", "agree": "consent ("},
}


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_a_request_with_answers_reads_in_the_chosen_language(page: Page, site_url: str,
                                                             lang: str) -> None:
    open_in(page, site_url, lang)
    start_game(page)
    expected = EXPECTED[lang]
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)
    prefix = advance_to(mirror, lambda g: g.state.stage == "consent")
    request = prefix[-1]
    assert prefix[0]["type"] == "add"
    panel = page.locator("#turn-panel")
    log = page.get_by_test_id("log")
    # the turn panel before the first action
    expect(page.get_by_test_id("turn-heading")).to_contain_text(expected["turn"])
    expect(page.get_by_test_id(f"add-{prefix[0]['office']}")).to_have_text(
        f"{expected['office']} {prefix[0]['office']}")
    assert english_left(page, lang, panel) == []
    # the Caesar chooser (R8)
    page.get_by_test_id("caesar-open").click()
    chooser = page.get_by_test_id("caesar-dialog")
    expect(chooser.locator("h2")).to_have_text(word(page, "consent.caesar.title"))
    assert english_left(page, lang, *dialog_text(chooser)) == []
    chooser.get_by_test_id("caesar-cancel").click()
    expect(chooser).to_have_count(0)
    for action in prefix[:-1]:
        play(page, game, action)
    assert expected["add"] in log_texts(page)[0]
    assert english_left(page, lang, log, panel) == []

    # an illegal click: the engine's reason in the chosen language (R4)
    mover, start, goal = request["player"], request["from"], request["to"]
    far = far_office(game, start)
    wait_armed(page)  # the table has just turned to the mover: board clicks wait for it
    office(page, start).click()
    expect(office(page, start)).to_have_attribute("aria-pressed", "true")
    assert english_left(page, lang, panel) == []
    office(page, far).click()
    refusal: Action = {"type": "move", "player": mover, "from": start, "to": far, "supporters": []}
    reason = page_refusal(page, game, refusal)
    assert reason.endswith("(R4)")
    message = page.get_by_test_id("message")
    expect(message).to_have_text(reason)
    assert english_left(page, lang, message) == []

    # the request: the move dialog, then the asked players' answer dialogs
    office(page, goal).click()
    move = page.get_by_test_id("move-dialog")
    expect(move.locator("h2")).to_have_text(word(page, "consent.move.title",
                                                 {"from": start, "to": goal}))
    assert english_left(page, lang, *dialog_text(move)) == []
    # an offer composed in the terms dialog (R11), then left aside
    move.get_by_test_id("offers-toggle").click()
    move.locator('[data-testid^="offer-edit-"]').first.click()
    terms = page.get_by_test_id("terms-dialog")
    expect(terms.locator(".dlg-body")).to_contain_text(
        word(page, "terms.move", {"from": start, "to": goal}))
    assert english_left(page, lang, *dialog_text(terms)) == []
    terms.get_by_test_id("terms-cancel").click()
    expect(terms).to_have_count(0)
    move.get_by_test_id("ask-consent").click()
    game.apply(request)
    wait_actions(page, len(game.actions))
    assert expected["ask"] in log_texts(page)[-1]
    asked = game.state.request.asked if game.state.request else []
    assert asked
    for seat in asked:
        answer = page.get_by_test_id("answer-dialog")
        expect(answer.get_by_test_id("dialog-to")).to_have_text(game.options.names[seat])
        expect(answer.get_by_test_id("answer-question")).to_contain_text(str(goal))
        assert english_left(page, lang, *dialog_text(answer), panel) == []
        if seat == asked[0]:  # the consenter's own terms dialog
            answer.get_by_test_id("answer-terms").click()
            terms = page.get_by_test_id("terms-dialog")
            expect(terms.get_by_test_id("terms-split")).to_be_visible()
            assert english_left(page, lang, *dialog_text(terms)) == []
            terms.get_by_test_id("terms-cancel").click()
            expect(terms).to_have_count(0)
        answer.get_by_test_id("answer-agree").click()
        game.apply({"type": "answer", "player": seat, "consents": 1})
        wait_actions(page, len(game.actions))
        assert expected["agree"] in log_texts(page)[-1]
    # the mover picks supporters (R6.4)
    supporters = page.get_by_test_id("supporters-dialog")
    expect(supporters.get_by_test_id("dialog-to")).to_have_text(game.options.names[mover])
    assert english_left(page, lang, *dialog_text(supporters), panel) == []
    chosen = next(a for a in game.legal_actions(mover) if a["type"] == "move"
                  and a["from"] == start and a["to"] == goal and a["supporters"])
    supporters.get_by_test_id("support-" + "-".join(map(str, chosen["supporters"]))).click()
    game.apply(chosen)
    wait_actions(page, len(game.actions))
    # the whole log in the language, worded from the events
    texts = log_texts(page)
    assert len(texts) == len(game.actions)
    assert all(text != entry["text"] for text, entry in zip(texts, game.log(), strict=True))
    assert english_left(page, lang, log, panel) == []
    no_missing_keys(page)


def test_a_switch_of_language_rewords_the_log_and_the_open_dialog(page: Page,
                                                                  site_url: str) -> None:
    """Italian, then French in the middle of an answer: the log, the turn panel and the
    answer dialog follow the "qv-language" event."""
    open_in(page, site_url, "it")
    start_game(page)
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)
    for action in advance_to(mirror, lambda g: g.state.stage == "consent"):
        play(page, game, action)
    answer = page.get_by_test_id("answer-dialog")
    expect(answer.locator("h2")).to_contain_text("ti chiede il consenso")
    italian = log_texts(page)
    page.evaluate("import('./words/i18n.js').then((m) => m.setLanguage('fr'))")
    expect(answer.locator("h2")).to_contain_text("demande votre consentement")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    french = log_texts(page)
    assert len(french) == len(italian) == len(game.actions)
    assert all(fr != it for fr, it in zip(french, italian, strict=True))
    assert english_left(page, "fr", page.get_by_test_id("log"), page.locator("#turn-panel"),
                        *dialog_text(answer)) == []
    # and back to English: the engine's words with the interface's grammar
    page.evaluate("import('./words/i18n.js').then((m) => m.setLanguage('en'))")
    expect(answer.locator("h2")).to_contain_text("asks for your consent")
    no_missing_keys(page)


def test_a_switch_of_language_rewords_the_terms_being_composed(page: Page,
                                                              site_url: str) -> None:
    """R11: the terms dialog, half composed, when the language changes (the rules reference's
    switch, in another tab): it reads in the new language and keeps the split and the promise
    composed so far (it stayed in English)."""
    game = open_at_a_request(page, site_url, "en")
    page.get_by_test_id("answer-dialog").get_by_test_id("answer-terms").click()
    terms = page.get_by_test_id("terms-dialog")
    terms.get_by_test_id("terms-split").check()
    terms.get_by_test_id("promise-add").click()
    terms.get_by_test_id("promise-kind").select_option("refuse")
    mover = NAMES_PLAY[game.state.current]
    for lang in each_language(page, ("it", "fr")):
        expect(terms.locator("h2")).to_have_text(word(page, "consent.terms.title", {"name": mover}))
        expect(terms.get_by_test_id("terms-submit")).to_have_text(
            word(page, "consent.terms.submit"))
        expect(terms.get_by_test_id("terms-split")).to_be_checked()
        expect(terms.get_by_test_id("promise-kind")).to_have_value("refuse")
        expect(terms.get_by_test_id("promise-kind").locator("option:checked")).to_have_text(
            word(page, "terms.promise.willRefuse"))
        assert english_left(page, lang, *dialog_text(terms)) == [], lang


def test_a_new_games_refusal_follows_its_language_switch(app: Page) -> None:
    """The new game screen said why it cannot start (a player without a name); its own
    language switch then opened it again in that language without the reason."""
    dialog = app.get_by_test_id("new-game-dialog")
    dialog.get_by_test_id("name-1").fill("")
    dialog.get_by_test_id("start-game").click()
    error = dialog.get_by_test_id("dialog-error")
    expect(error).to_have_text(word(app, "newGame.needName"))
    dialog.get_by_test_id("new-game-language").select_option("es")
    expect(app.locator("html")).to_have_attribute("lang", "es")
    expect(error).to_have_text(word(app, "newGame.needName"))
    expect(dialog.get_by_test_id("name-1")).to_have_value("")


def test_a_switch_of_language_rewords_the_message_a_click_left(app: Page) -> None:
    """A click's message (why it was refused, what a selection lets the player do) follows the
    "qv-language" event with the rest of the page (a review saw it stay in English)."""
    start_game(app)
    wait_armed(app)
    office(app, 6).click()  # nobody's senator there: why not (R4)
    message = app.get_by_test_id("message")
    expect(message).to_have_text(word(app, "turn.noSenator", {"name": NAMES_PLAY[0], "office": 6}))
    app.evaluate("import('./words/i18n.js').then((m) => m.setLanguage('it'))")
    expect(app.locator("html")).to_have_attribute("lang", "it")
    expect(message).to_have_text(word(app, "turn.noSenator", {"name": NAMES_PLAY[0], "office": 6}))
    assert "Select one" not in message.inner_text()
    office(app, 1).click()  # an entry office: Anna adds a senator there
    wait_actions(app, 1)
    wait_armed(app)
    office(app, 13).click()  # Bruno's turn, no senator of his in the Senate: in Italian
    refused = word(app, "turn.noSenator", {"name": NAMES_PLAY[1], "office": 13})
    expect(message).to_have_text(refused)
    app.evaluate("import('./words/i18n.js').then((m) => m.setLanguage('fr'))")
    expect(message).not_to_have_text(refused)
    expect(message).to_have_text(word(app, "turn.noSenator", {"name": NAMES_PLAY[1], "office": 13}))


def test_a_switch_of_language_rewords_every_message_under_the_panel(app: Page) -> None:
    """A review saw the message under the turn panel stay in the language it was said in:
    what the page says of itself (a new game begins) and why it refused a click (the replay
    waits for the game's end, said by the log's buttons) follow the "qv-language" event too."""
    start_game(app)
    message = app.get_by_test_id("message")
    expect(message).to_have_text(word(app, "newGame.begins"))
    app.evaluate("import('./words/i18n.js').then((m) => m.setLanguage('it'))")
    expect(app.locator("html")).to_have_attribute("lang", "it")
    expect(message).to_have_text(word(app, "newGame.begins"))
    wait_armed(app)
    office(app, 1).click()  # an entry office: Anna adds a senator there
    wait_actions(app, 1)
    app.locator("#replay").click(force=True)  # a real tap: Playwright waits for enabled ones
    refused = word(app, "log.replayClosedRule")
    said = app.get_by_test_id("log-message")  # by the log's buttons
    expect(said).to_have_text(refused)
    app.evaluate("import('./words/i18n.js').then((m) => m.setLanguage('fr'))")
    expect(said).not_to_have_text(refused)
    expect(said).to_have_text(word(app, "log.replayClosedRule"))


@window(1280, 800)
def test_the_replays_step_buttons_stay_on_one_line(page: Page, site_url: str) -> None:
    """The replay's bar beside the board: its four step buttons and the step count on one line
    in every language (a review saw "▶|" wrap under "Passo 0 di 127" in Italian)."""
    saved = json.dumps(finished_save())
    page.add_init_script(f"localStorage.setItem('quo-vadis.autosave', {saved});")
    open_in(page, site_url, "en")
    page.get_by_test_id("end-replay").click()
    parts = ("first", "prev", "step", "next", "last")
    row = [page.get_by_test_id(f"replay-{part}") for part in parts]
    expect(row[2]).to_be_visible()
    for lang in each_language(page):
        expect(row[2]).to_have_text(
            worded_with_a_count(page, "log.replay.step", {"n": 0, "total": 999}))
        middles = set()
        for part in row:
            box = part.bounding_box()
            assert box is not None
            middles.add(round(box["y"] + box["height"] / 2))
        assert max(middles) - min(middles) <= 2, (lang, middles)


def open_at_a_request(page: Page, site_url: str, lang: str) -> Game:
    """The page in ``lang``, resuming a game at its first request (no hand-over screen); the
    game as the engine has it."""
    game = Game(options(), SEED)
    advance_to(game, lambda g: g.state.stage == "consent")
    saved = json.dumps(json.dumps(game.save({"app": "quo-vadis-web", "settings": {
        "handover": False}})))
    page.add_init_script(f"localStorage.setItem('quo-vadis.autosave', {saved});")
    open_in(page, site_url, lang)
    return game


@pytest.mark.parametrize("width, height", [
    pytest.param(w, h, marks=window(w, h), id=f"{w}px") for w, h in [(360, 740), (1280, 800)]])
def test_the_top_bar_says_whose_decision_it_is_whole(page: Page, site_url: str,
                                                     width: int, height: int) -> None:
    """The top bar's status names both players of a request, whole: a review saw it cut off on
    a phone ("Brutus must answer Aurelia's requ…" in every language), and another on a laptop in
    Italian, French and Spanish ("Cassia deve rispondere alla richiesta di B…"), the asker's
    name being the part cut. It wraps instead, and a long name still does not widen the page."""
    game = open_at_a_request(page, site_url, "en")
    status = page.locator("#banner .clip").last
    request = game.state.request
    assert request is not None
    words = {"mover": NAMES_PLAY[game.state.current], "name": NAMES_PLAY[request.asked[0]]}
    for lang in each_language(page):
        expect(status).to_contain_text(word(page, "turn.banner.mustAnswer", words))
        assert status.evaluate("(el) => el.scrollWidth <= el.clientWidth"), (
            lang, status.inner_text())
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), lang


@window(390, 844)
def test_a_phones_answer_dialog_shows_what_a_consent_earns(page: Page, site_url: str) -> None:
    """R6, R7.2: on a phone the answer dialog docks under the board and its body scrolls; a
    review saw only the question there in Italian, the I token a consent earns below the fold
    behind a two-line title. The question and the reward's line are both in sight, with every
    answer button."""
    game = open_at_a_request(page, site_url, "en")
    dialog = page.get_by_test_id("answer-dialog")
    expect(dialog).to_be_visible()
    body = dialog.locator(".dlg-body")
    for lang in each_language(page):
        expect(dialog.locator("h2")).to_contain_text(word(page, "consent.answer.title", {
            "name": NAMES_PLAY[game.state.current]}))
        shown = body.evaluate("""(body) => {
          const box = body.getBoundingClientRect();
          return [...body.querySelectorAll("p")].slice(0, 2).every((p) => {
            const r = p.getBoundingClientRect();
            return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
          });
        }""")
        assert shown, (lang, body.inner_text())
        for button in dialog.locator(".dlg-actions button").all():
            expect(button).to_be_in_viewport(ratio=1.0)


@window(360, 740)
def test_the_logs_buttons_keep_their_words_whole_on_a_phone(app: Page) -> None:
    """A review saw the log's buttons break inside a word on a phone ("Rive / di",
    "Deshace / r"): each keeps its label on one line."""
    start_game(app)
    for lang in each_language(app):
        for testid, key in (("undo", "page.undo"), ("replay", "page.replay")):
            button = app.get_by_test_id(testid)
            expect(button).to_have_text(word(app, key))
            lines = button.evaluate("""(el) => {
              const range = document.createRange(); range.selectNodeContents(el);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            }""")
            assert lines == 1, (lang, testid, button.inner_text())
        assert app.evaluate("() => document.documentElement.scrollWidth <= innerWidth"), lang


# -- every screen in every language ----------------------------------------------------------

AUTOSAVE = "quo-vadis.autosave"


#: a short word that must change before a vowel-initial name: French "de"/"que" (d'Aurelia,
#: qu'Aurelia), Italian "a" (ad Aurelia)
UNCHANGED_BEFORE_VOWEL = {"fr": r"de|que", "it": r"a"}


def unchanged_before_a_vowel(lang: str, text: str) -> list[str]:
    """Phrases like "de Aurelia" / "a Aurelia" that a native speaker would not write."""
    words = UNCHANGED_BEFORE_VOWEL.get(lang)
    if words is None:
        return []
    vowel_names = "|".join(n for n in NAMES_PLAY + NAMES if n[0] in "AEIOUÉ")
    return re.findall(rf"(?<![\w'])(?:{words}) (?:{vowel_names})\b", text, re.IGNORECASE)


def screen_reads_in(page: Page, lang: str, what: str, *parts: Locator) -> None:
    """These parts of the page show no English catalog text (in another language than
    English), no short word left unelided before a vowel-initial name, and no key was
    missing in any catalog so far."""
    for part in parts:
        expect(part.first).to_be_attached()
    left = english_left(page, lang, *parts, groups=ALL_GROUPS)
    assert left == [], f"{what} ({lang}) shows English: {left}"
    texts = "\n".join(text for part in parts for text in shown_texts(part))
    unidiomatic = unchanged_before_a_vowel(lang, texts)
    assert unidiomatic == [], f"{what} ({lang}) does not elide before a name: {unidiomatic}"
    missing = page.evaluate("window.__qvMissingKeys ?? []")
    assert missing == [], f"{what} ({lang}): missing keys {missing}"


def test_every_screen_reads_in_the_language(page: Page, site_url: str, tmp_path: Any) -> None:
    """The new game screen (bot seats included), the turn panel, the players panel, the
    hand-over screen, the look dialogs (R10), a consent dialog and its terms (R6, R11), the
    log, a refused file, the two-tabs notice, the end screen and the bots' controls: each in
    every language, with no missing key and no English text left. The page opens in Italian;
    at each screen it is switched to each language in turn, as its switch does."""
    open_in(page, site_url, "it")
    menu = page.locator("nav.menu")
    for lang in each_language(page):
        expect(menu.get_by_test_id("language")).to_have_value(lang)
        expect(page.get_by_test_id("new-game")).to_have_text(word(page, "page.newGame"))
        expect(page.get_by_test_id("rules-link")).to_have_text(word(page, "page.rules"))
        screen_reads_in(page, lang, "the menu and the panel heads", menu,
                        page.locator("#players-heading"), page.locator("#log-heading"),
                        page.get_by_test_id("undo"), page.get_by_test_id("replay"))

    # the new game screen, with the choice of a human or a bot per seat
    dialog = page.get_by_test_id("new-game-dialog")
    kinds = dialog.get_by_test_id("kind-1").locator("option")
    for lang in each_language(page):
        expect(dialog.get_by_test_id("play-bots")).to_have_text(word(page, "newGame.playBots"))
        expect(kinds).to_have_text([word(page, "newGame.human")]
                                   + [word(page, f"newGame.bot.{level}")
                                      for level in ("easy", "normal", "hard")])
        screen_reads_in(page, lang, "the new game screen", dialog, kinds,
                        dialog.get_by_test_id("colour-0").locator("option"),
                        dialog.get_by_test_id("v2").locator("option"),
                        dialog.get_by_test_id("horizon").locator("option"))
    dialog.get_by_test_id("name-1").fill("")
    dialog.get_by_test_id("start-game").click()
    for lang in each_language(page):
        expect(dialog.get_by_test_id("dialog-error")).to_have_text(word(page, "newGame.needName"))
        screen_reads_in(page, lang, "a new game refused", dialog.get_by_test_id("dialog-error"))

    # the hand-over screen, then the table: turn panel, banner, players panel
    start_game(page, handover=True)
    handover = page.get_by_test_id("handover")
    for lang in each_language(page):
        expect(handover.get_by_role("heading")).to_have_text(
            word(page, "secrecy.handover.title", {"name": NAMES_PLAY[0]}))
        screen_reads_in(page, lang, "the hand-over screen", handover)
    handover.get_by_test_id("handover-continue").click()
    expect(handover).to_have_count(0)
    page.get_by_test_id("setting-handover").uncheck()
    for lang in each_language(page):
        screen_reads_in(page, lang, "the table", page.locator("#turn-panel"),
                        page.locator("#banner"), page.locator("#players"),
                        page.locator("#board text"))

    # a look at another player's laurels: asked first, then shown (R10)
    page.get_by_test_id("look-1").click()
    ask = page.get_by_test_id("look-confirm")
    for lang in each_language(page):
        expect(ask.get_by_role("heading")).to_have_text(
            word(page, "secrecy.ask.title", {"name": NAMES_PLAY[1]}))
        expect(ask.get_by_test_id("dialog-to")).to_have_text(NAMES_PLAY[1])
        screen_reads_in(page, lang, "the look question", ask)
    ask.get_by_test_id("look-show").click()
    hoard = page.get_by_test_id("hoard-view")
    for lang in each_language(page):
        screen_reads_in(page, lang, "a hoard shown to its owner", hoard)
    hoard.get_by_test_id("hoard-hide").click()
    expect(hoard).to_have_count(0)

    # a consent request: the answer dialog and the consenter's terms (R6, R11), the log
    game = Game(options(), SEED)
    mirror = Game(options(), SEED)
    for action in advance_to(mirror, lambda g: g.state.stage == "consent"):
        play(page, game, action)
    answer = page.get_by_test_id("answer-dialog")
    for lang in each_language(page):
        screen_reads_in(page, lang, "the answer dialog", answer, page.get_by_test_id("log"),
                        page.locator("#turn-panel"), page.locator("#players"))
    answer.get_by_test_id("answer-terms").click()
    terms = page.get_by_test_id("terms-dialog")
    for lang in each_language(page):
        screen_reads_in(page, lang, "the terms dialog", terms)
    terms.get_by_test_id("terms-cancel").click()
    expect(terms).to_have_count(0)
    close_dialogs(page)

    # a file that is no save: the engine's refusal worded in the language
    foreign = tmp_path / "foreign.json"
    foreign.write_text('{"name": "some other game", "moves": []}')
    with page.expect_file_chooser() as chooser:
        page.get_by_test_id("import").click()
    chooser.value.set_files(foreign)
    notice = page.get_by_test_id("notice")
    for lang in each_language(page):
        expect(notice).to_contain_text(word(page, "error.foreign_save"))
        screen_reads_in(page, lang, "a refused file", notice)
    notice.get_by_test_id("notice-ok").click()
    expect(notice).to_have_count(0)

    # a second tab of the site: the game is open elsewhere
    second = page.context.new_page()
    try:
        second.goto(site_url)
        wait_ready(second)
        elsewhere = second.get_by_test_id("tab-elsewhere")
        for lang in each_language(second):
            expect(elsewhere.get_by_role("heading")).to_have_text(word(second, "tabs.title"))
            screen_reads_in(second, lang, "the two-tabs notice", elsewhere)
    finally:
        second.close()

    # a finished game: the end screen, the log and the panels
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [AUTOSAVE, finished_save()])
    page.reload()
    wait_ready(page)
    end = page.get_by_test_id("end-screen")
    for lang in each_language(page):
        expect(end.get_by_test_id("end-close")).to_have_text(word(page, "end.close"))
        screen_reads_in(page, lang, "the end screen", end, page.get_by_test_id("log"),
                        page.locator("#turn-panel"), page.locator("#players"),
                        page.locator("#banner"))
    end.get_by_test_id("end-close").click()

    # against bots: the bot seats in the players panel, paused
    page.get_by_test_id("new-game").click()
    page.get_by_test_id("new-game-dialog").get_by_test_id("play-bots").click()
    expect(page.get_by_test_id("bot-badge-1")).to_be_visible()
    pause = page.get_by_test_id("bots-pause")
    pause.click()
    for lang in each_language(page):
        expect(pause).to_have_text(word(page, "bots.resume"))
        expect(page.get_by_test_id("bots-state")).to_have_text(word(page, "players.bots.paused"))
        screen_reads_in(page, lang, "the players panel with bots", page.locator("#players"),
                        page.locator("#turn-panel"), page.locator("#banner"))
    no_missing_keys(page)


# -- nothing cut off in any language ---------------------------------------------------------

#: the reward pool's and the draw pile's labels end inside the board's border; each
#: <select> is at least as wide as the option it shows and ends inside its dialog
CUT_OFF_JS = """() => {
    const out = [];
    const border = document.querySelector("#board .board-border").getBBox();
    for (const text of document.querySelectorAll("#board .pool-text")) {
        const box = text.getBBox();
        const end = text.ownerSVGElement.createSVGPoint();
        end.x = box.x + box.width;
        end.y = box.y;  // in the board's units: through the group's translation
        const m = text.ownerSVGElement.getCTM().inverse().multiply(text.getCTM());
        const p = end.matrixTransform(m);
        // a margin of at least 20 units: closer, it reads as touching the border on a phone
        if (p.x > border.x + border.width - 20) out.push(`${text.textContent} ends at ${p.x}`);
    }
    const canvas = document.createElement("canvas").getContext("2d");
    for (const select of document.querySelectorAll("dialog[open] select")) {
        if (!select.getClientRects().length) continue;  // a seat not in this game
        const style = getComputedStyle(select);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const shown = select.selectedOptions[0]?.textContent ?? "";
        const room = select.clientWidth - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight) - 16;  // the arrow
        if (canvas.measureText(shown).width > room) out.push(`${shown} is cut (${room}px)`);
        const dialog = select.closest("dialog").getBoundingClientRect();
        if (select.getBoundingClientRect().right > dialog.right + 0.5) {
            out.push(`${shown} leaves the dialog`);
        }
    }
    return out;
}"""


def test_no_text_is_cut_off(app: Page) -> None:
    """The board's pool and pile labels ("Riserva coperta: 32") and the new game screen's
    options (the French promise horizon) show whole at 1366, 1280 and 360 px, in Italian,
    French and Spanish."""
    sizes = [(1366, 768), (1280, 800), (360, 740)]
    dialog = app.get_by_test_id("new-game-dialog")
    for width, height in sizes:
        app.set_viewport_size({"width": width, "height": height})
        for horizon in ("turn", "next", "two"):
            dialog.get_by_test_id("horizon").select_option(horizon)
            for lang in each_language(app, ("it", "fr", "es")):
                expect(dialog.get_by_test_id("horizon").locator("option:checked")).to_have_text(
                    word(app, f"newGame.horizon.{horizon}"))
                assert app.evaluate(CUT_OFF_JS) == [], (lang, width, horizon)
    start_game(app)
    for width, height in sizes:
        app.set_viewport_size({"width": width, "height": height})
        for lang in each_language(app, ("it", "fr", "es")):
            app.evaluate("() => window.__qv.app.render()")
            expect(app.locator("#board .pool-text").first).to_have_text(pool_label(app))
            assert app.evaluate(CUT_OFF_JS) == [], (lang, width)
