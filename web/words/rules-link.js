// The way into the rules reference (rules/<lang>.html): wires every link marked
// data-rules (the "Rules" link of the page; data-rules="r6-2" opens that section), and gives
// dialogs rulesUrl("r6-2") for a link to the rule they are about.
//
// The language is the player's stored choice (localStorage "qv-lang", written by the
// reference's language switcher and meant for the interface's own switch too), else the
// browser's first supported language, else English.

import { RULES_LANGUAGES, SECTIONS } from "../rules/sections.js";

export const LANGUAGE_KEY = "qv-lang";

function supported(tag) {
  const base = String(tag || "").toLowerCase().split("-")[0];
  return RULES_LANGUAGES.includes(base) ? base : null;
}

/** The stored language choice, if any and supported. */
export function storedLanguage() {
  try {
    return supported(localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return null;  // storage blocked: no stored choice
  }
}

/** The language to show the rules in: stored choice, browser language, English. */
export function preferredLanguage() {
  const stored = storedLanguage();
  if (stored) return stored;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const lang = supported(tag);
    if (lang) return lang;
  }
  return "en";
}

/** The URL of the reference in lang, at a section id of rules/sections.js ("" = the top). */
export function rulesUrl(section = "", lang = preferredLanguage()) {
  if (section && !Object.hasOwn(SECTIONS, section)) {
    throw new Error(`no rules section "${section}" (see rules/sections.js)`);
  }
  const page = `../rules/${supported(lang) ?? "en"}.html${section ? "#" + section : ""}`;
  return new URL(page, import.meta.url).href;
}

/** Point a link at its section of the reference (data-rules) in the language chosen now.
 * An unknown section opens the top of the reference (and says so in the console). */
export function pointRulesLink(link) {
  let url;
  try {
    url = rulesUrl(link.dataset.rules || "");
  } catch (error) {
    console.error(error);
    url = rulesUrl();
  }
  link.href = url;
}

/** The page's words that every link to the reference opens another tab (index.html). */
const NEW_TAB_NOTE = "new-tab-note";

/** Point a link at the reference in the current language; again whenever it is used (a
 * choice made in another tab), and by page-text.js when the page's language changes. It
 * says that it opens another tab (its description, where the page has the words). */
export function wireRulesLink(link) {
  if (document.getElementById(NEW_TAB_NOTE)) link.setAttribute("aria-describedby", NEW_TAB_NOTE);
  const update = () => pointRulesLink(link);
  update();
  for (const type of ["pointerdown", "focus", "click"]) link.addEventListener(type, update);
}

/** The reference's section for a rule cited as "R6.2" or "V2" (its parent, "r6", when the
 * reference has no section of its own for it), or null. */
export function ruleSection(rule) {
  const match = /^([RV])(\d+)(?:\.(\d+))?$/.exec(String(rule ?? "").trim());
  if (!match) return null;
  const base = `${match[1].toLowerCase()}${match[2]}`;
  const exact = match[3] ? `${base}-${match[3]}` : base;
  if (Object.hasOwn(SECTIONS, exact)) return exact;
  return Object.hasOwn(SECTIONS, base) ? base : null;
}

const CITATION = /\b[RV]\d+(?:\.\d+)?\b/g;

/** Turn the rule citations in an element's text ("R6.2", "V2") into links to that section
 * of the reference in the player's language (the text stays the same). */
export function linkRuleCitations(el) {
  for (const node of [...el.childNodes]) {
    if (node.nodeType !== Node.TEXT_NODE) continue;
    const text = node.textContent;
    const parts = [];
    let last = 0;
    for (const match of text.matchAll(CITATION)) {
      const section = ruleSection(match[0]);
      if (!section) continue;
      parts.push(text.slice(last, match.index));
      const link = document.createElement("a");
      link.className = "rule-cite";
      link.target = "qv-rules";
      link.dataset.rules = section;
      link.dataset.testid = `rule-${section}`;
      link.textContent = match[0];
      wireRulesLink(link);
      parts.push(link);
      last = match.index + match[0].length;
    }
    if (!parts.length) continue;
    parts.push(text.slice(last));
    node.replaceWith(...parts);
  }
}

for (const link of document.querySelectorAll("a[data-rules]")) wireRulesLink(link);
