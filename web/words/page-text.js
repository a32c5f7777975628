// The static text of index.html in the chosen language (the Rules links pointed at the
// reference in it), and the language switch. app.js calls applyPageText() once at start and on
// every "qv-language" event, and puts languageSwitch() in the top bar; nothing else in
// index.html has to change.

import { t, setLanguage, getLanguage, LANGUAGES, LANGUAGE_NAMES } from "./i18n.js";
import { pointRulesLink } from "./rules-link.js";

/** Elements of index.html by selector: their text, aria-label or content, by key. */
export const PAGE_TEXT = [
  { selector: 'meta[name="description"]', content: "page.description" },
  { selector: "title", text: "page.title" },
  { selector: "nav.menu", aria: "page.menu" },
  { selector: "#new-game", text: "page.newGame" },
  { selector: "#export", text: "page.save", aria: "page.save.aria" },
  { selector: "#import", text: "page.open", aria: "page.open.aria" },
  { selector: "#loading-heading", text: "page.preparing" },
  { selector: "section.board-wrap", aria: "page.board" },
  { selector: "#players-heading", text: "page.players" },
  { selector: "#log-heading", text: "page.log" },
  { selector: "#undo", text: "page.undo" },
  { selector: "#replay", text: "page.replay" },  // log.js words it again once the game runs
  { selector: "#rules-link", text: "page.rules" },
  { selector: "#new-tab-note", text: "page.newTab" },
  { selector: "noscript p", text: "page.noscript" },
];

/** Put the static page's text in the current language (elements absent are skipped). */
export function applyPageText(root = document) {
  for (const item of PAGE_TEXT) {
    const el = root.querySelector(item.selector);
    if (!el) continue;
    if (item.text) el.textContent = t(item.text);
    if (item.aria) el.setAttribute("aria-label", t(item.aria));
    if (item.content) el.setAttribute("content", t(item.content));
  }
  // the Rules links' addresses follow the language, for a link copied or opened from the
  // context menu (a click points them again itself)
  for (const link of root.querySelectorAll("a[data-rules]")) {
    pointRulesLink(/** @type {HTMLAnchorElement} */ (link));
  }
}

/** The keys that step through a closed list's options, changing its value at once. */
const BROWSING_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End",
  "PageUp", "PageDown"]);

/** A <select> of the four languages, each in its own name; choosing one switches: at once with
 * a pointer (or a phone's picker), on Enter or on leaving the list with the keyboard, whose
 * arrow keys only browse it (WCAG 3.2.2: the page once switched at every ArrowDown). */
export function languageSwitch() {
  const select = document.createElement("select");
  select.className = "lang-switch";
  select.dataset.testid = "language";
  select.setAttribute("aria-label", t("page.language"));
  for (const lang of LANGUAGES) {
    const option = document.createElement("option");
    option.value = lang;
    option.lang = lang;
    option.textContent = LANGUAGE_NAMES[lang];
    select.append(option);
  }
  select.value = getLanguage();
  let browsing = false;
  const choose = () => {
    browsing = false;
    if (select.value === getLanguage()) return;
    // a catalog that cannot be downloaded: the page keeps its language (and says so, app.js)
    setLanguage(select.value).catch(() => { select.value = getLanguage(); });
  };
  select.addEventListener("keydown", (event) => {
    if (event.key === "Enter") choose();
    else if (BROWSING_KEYS.has(event.key) || event.key.length === 1) browsing = true;
  });
  select.addEventListener("change", () => { if (!browsing) choose(); });
  select.addEventListener("blur", () => { if (browsing) choose(); });
  addEventListener("qv-language", () => {
    select.value = getLanguage();
    select.setAttribute("aria-label", t("page.language"));
  });
  return select;
}
