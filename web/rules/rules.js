// The reference pages (en.html, it.html, fr.html, es.html): the language switcher keeps the
// section being read (#r6-2 stays #r6-2) and remembers the choice for the game's Rules link.
// No inline script or handler anywhere: the pages run under script-src 'self'.

import { wireBackLinks } from "./back-link.js";

const LANGUAGE_KEY = "qv-lang";  // the same key as ../rules-link.js

const switchers = [.../** @type {NodeListOf<HTMLAnchorElement>} */ (
  document.querySelectorAll("a[data-lang-switch]"))];

/** Carry the current #section over to every other language's link. */
function keepSection() {
  for (const link of switchers) {
    const target = new URL(link.getAttribute("href"), location.href);
    target.hash = location.hash;
    link.href = target.href;
  }
}

for (const link of switchers) {
  link.addEventListener("click", () => {
    keepSection();
    try {
      localStorage.setItem(LANGUAGE_KEY, link.dataset.langSwitch);
    } catch {
      // storage blocked: the switch still works, it is just not remembered
    }
  });
}
window.addEventListener("hashchange", keepSection);
keepSection();

wireBackLinks();

// The switch and the back link act from here on; a test that opens this page in a new tab
// waits for this mark before it clicks (a click before it is an ordinary link, not remembered).
document.documentElement.dataset.rules = "ready";
