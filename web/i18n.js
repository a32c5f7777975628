// The interface's language: t(key, params) looks a key up in the chosen language's catalog
// (web/locales/*.js), fills {name} placeholders and picks plural forms with Intl.PluralRules.
// The choice is stored in localStorage["qv-lang"] (en, it, fr, es; shared with the rules
// pages), else taken from the browser's languages, else English. setLanguage() keeps
// <html lang> in sync and dispatches "qv-language" on window so the page can re-render.
// A key missing from a catalog is reported (console + window.__qvMissingKeys) so that tests
// fail on it; the English text is shown meanwhile.

import en from "./locales/en.js";
import it from "./locales/it.js";
import fr from "./locales/fr.js";
import es from "./locales/es.js";

export const LANGUAGES = ["en", "it", "fr", "es"];
export const STORAGE_KEY = "qv-lang";
export const CHANGE_EVENT = "qv-language";
export const CATALOGS = { en, it, fr, es };
/** Each language's own name, for the switch. */
export const LANGUAGE_NAMES = { en: "English", it: "Italiano", fr: "Français", es: "Español" };

const plurals = new Map();
let current = detectLanguage();
syncDocument();

/** The supported language a tag like "it-CH" or "FR" stands for, or null. */
export function supported(tag) {
  if (typeof tag !== "string") return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.includes(base) ? base : null;
}

function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;  // storage blocked (private mode, sandboxed frame)
  }
}

/** The stored choice, else the browser's first supported language, else English. */
export function detectLanguage() {
  let stored = null;
  try {
    stored = storage()?.getItem(STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  if (supported(stored) === stored && stored) return stored;
  const nav = globalThis.navigator;
  const wanted = nav ? [...(nav.languages ?? []), nav.language] : [];
  for (const tag of wanted) {
    const lang = supported(tag);
    if (lang) return lang;
  }
  return "en";
}

export function getLanguage() { return current; }

function syncDocument() {
  const doc = globalThis.document;
  if (doc?.documentElement) doc.documentElement.lang = current;
}

/** Switch the interface's language, store the choice and tell the page to re-render. */
export function setLanguage(lang) {
  const chosen = supported(lang);
  if (!chosen || chosen !== lang) throw new Error(`unsupported language: ${lang}`);
  try {
    storage()?.setItem(STORAGE_KEY, chosen);
  } catch {
    // the choice then lasts for this page only
  }
  const changed = chosen !== current;
  current = chosen;
  syncDocument();
  if (changed && typeof globalThis.dispatchEvent === "function"
      && typeof globalThis.CustomEvent === "function") {
    globalThis.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: { lang: chosen } }));
  }
  return chosen;
}

/** Keys looked up but absent (or empty) in a catalog, as "lang:key", each once. */
function reportMissing(lang, key, why = "missing") {
  const list = globalThis.__qvMissingKeys ?? (globalThis.__qvMissingKeys = []);
  const entry = `${lang}:${key}`;
  if (list.includes(entry)) return;
  list.push(entry);
  console.warn(`i18n: ${why} key "${key}" in "${lang}"`);
}

function pluralRule(lang) {
  if (!plurals.has(lang)) plurals.set(lang, new Intl.PluralRules(lang));
  return plurals.get(lang);
}

function usable(entry) {
  if (typeof entry === "string") return entry !== "";
  return Boolean(entry) && typeof entry === "object" && typeof entry.other === "string"
    && entry.other !== "";
}

/** The raw catalog entry for key in lang (falling back to English, reported). */
function entryFor(key, lang) {
  const entry = CATALOGS[lang]?.[key];
  if (usable(entry)) return { entry, lang };
  reportMissing(lang, key, entry === undefined ? "missing" : "empty");
  if (lang !== "en" && usable(en[key])) return { entry: en[key], lang: "en" };
  return { entry: null, lang };
}

/** Fill {name} placeholders in one pass (a name that looks like "{x}" stays as it is). */
export function format(text, params = {}) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in params)) return whole;
    return String(params[name]);
  });
}

/**
 * The text of key in the current language (or `lang`). A plural entry {one, other, ...}
 * picks its form from params.count with Intl.PluralRules; an exact count ("0": "...") comes
 * first, and a missing form falls back to other.
 */
export function t(key, params = {}, lang = current) {
  const { entry, lang: used } = entryFor(key, lang);
  if (entry === null) return key;
  let text = entry;
  if (typeof entry === "object") {
    const count = Number(params.count ?? 0);
    text = entry[String(count)] ?? entry[pluralRule(used).select(count)] ?? entry.other;
  }
  return format(text, params);
}

/** Whether key exists in the current language's catalog (no report). */
export function has(key, lang = current) {
  return usable(CATALOGS[lang]?.[key]);
}

/** "a", "a and b", "a, b and c" in the language (Intl.ListFormat; British English, no
 * serial comma, as the page has always written lists). */
export function listText(items, lang = current) {
  const locale = lang === "en" ? "en-GB" : lang;
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(items.map(String));
}
