// The interface's language: t(key, params) looks a key up in the chosen language's catalog
// (web/locales/*.js), fills {name} placeholders and picks plural forms with Intl.PluralRules.
// The choice is stored in localStorage["qv-lang"] (en, it, fr, es; shared with the rules
// pages), else taken from the browser's languages, else English. setLanguage() keeps
// <html lang> in sync and dispatches "qv-language" on window so the page can re-render.
// A key missing from a catalog is reported (console + window.__qvMissingKeys) so that tests
// fail on it; the English text is shown meanwhile.
//
// Loading: only English (the fallback) is imported statically; the chosen language's catalog
// is imported on demand. `ready` settles once it has loaded (until then t() speaks English,
// without a report); a catalog that cannot be downloaded leaves the page in English, and
// `ready` rejects with the reason (app.js says so). setLanguage() switches once the new
// catalog is there.

import en from "../locales/en.js";

export const LANGUAGES = ["en", "it", "fr", "es"];
export const STORAGE_KEY = "qv-lang";
export const CHANGE_EVENT = "qv-language";
/** Dispatched on window ({detail: {lang}}) when a chosen language's catalog cannot load. */
export const FAILED_EVENT = "qv-language-failed";
/** Each language's own name, for the switch. */
export const LANGUAGE_NAMES = { en: "English", it: "Italiano", fr: "Français", es: "Español" };

/** The catalogs loaded so far, by language. */
const CATALOGS = { en };
/** Catalogs being imported, by language: the import's promise (a failed one is dropped). */
const loading = new Map();

/** The catalog of lang, imported once (the module is web/locales/<lang>.js). */
export function loadLanguage(lang) {
  if (CATALOGS[lang]) return Promise.resolve(CATALOGS[lang]);
  if (!LANGUAGES.includes(lang)) return Promise.reject(new Error(`unsupported language: ${lang}`));
  if (!loading.has(lang)) {
    const load = import(`../locales/${lang}.js`).then((module) => {
      CATALOGS[lang] = module.default;
      return module.default;
    });
    load.catch(() => loading.delete(lang));  // a later call tries again
    loading.set(lang, load);
  }
  return loading.get(lang);
}

/** Load several catalogs (tools and tests that word one text in every language). */
export function loadLanguages(langs = LANGUAGES) {
  return Promise.all(langs.map(loadLanguage));
}

const plurals = new Map();
let current = detectLanguage();
syncDocument();
/** The latest language asked for by setLanguage (an earlier one still loading is dropped). */
let asked = current;

const first = current;
/** Settles once the first language's catalog has loaded; rejects with an Error whose `lang`
 * names that language (the page then speaks English, `<html lang="en">`) when it could not be
 * downloaded. */
export const ready = loadLanguage(first).then(() => first, (error) => {
  if (current === first) {
    current = "en";
    syncDocument();
  }
  throw Object.assign(new Error(`the ${first} catalog could not load`, { cause: error }),
    { lang: first });
});
ready.catch(() => {});  // the page reports it (app.js)
ready.then(prepareListText, prepareListText);

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
  let stored;
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

function tell(type, detail) {
  if (typeof globalThis.dispatchEvent === "function" && typeof globalThis.CustomEvent === "function") {
    globalThis.dispatchEvent(new CustomEvent(type, { detail }));
  }
}

function syncDocument() {
  const doc = globalThis.document;
  if (doc?.documentElement) doc.documentElement.lang = current;
}

/**
 * Switch the interface's language: the choice is stored at once; once its catalog has loaded,
 * <html lang> follows and "qv-language" is dispatched so the page re-renders. Throws on an
 * unsupported language; the promise resolves to the language, or rejects when its catalog
 * could not be downloaded (the page keeps its language then, and FAILED_EVENT is dispatched).
 */
export function setLanguage(lang) {
  const chosen = supported(lang);
  if (!chosen || chosen !== lang) throw new Error(`unsupported language: ${lang}`);
  try {
    storage()?.setItem(STORAGE_KEY, chosen);
  } catch {
    // the choice then lasts for this page only
  }
  asked = chosen;
  return loadLanguage(chosen).then(() => {
    if (asked !== chosen) return chosen;  // another choice came after this one
    const changed = chosen !== current;
    current = chosen;
    syncDocument();
    if (changed) {
      tell(CHANGE_EVENT, { lang: chosen });
      prepareListText();
    }
    return chosen;
  }, (error) => {
    console.error(`i18n: the ${chosen} catalog could not load`, error);
    if (asked === chosen) tell(FAILED_EVENT, { lang: chosen });
    throw error;
  });
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

/** The raw catalog entry for key in lang (falling back to English, reported; a catalog not
 * loaded, or not yet, is English without a report). */
function entryFor(key, lang) {
  const catalog = CATALOGS[lang];
  const entry = catalog?.[key];
  if (usable(entry)) return { entry, lang };
  if (catalog) reportMissing(lang, key, entry === undefined ? "missing" : "empty");
  if (lang !== "en" && usable(en[key])) return { entry: en[key], lang: "en" };
  return { entry: null, lang };
}

/** Whether a name begins with a vowel sound the language elides before ("Aurelia", "Émile";
 * French also a mute h: "Hélène"). */
function vowelInitial(text, lang) {
  const first = String(text).normalize("NFD").replace(/^[^\p{L}]+/u, "");
  if (/^[aeiouy]/i.test(first)) return !/^y[aeiou]/i.test(first);  // "Yannick" is not elided
  return lang === "fr" && /^h[aeiou]/i.test(first);
}

/** The forms a name takes after a short word that changes before a vowel: "{de:name}" is
 * "de Bruno" / "d'Aurélie", "{a:name}" is "a Bruno" / "ad Aurelia" ("{A:name}" at the start
 * of a sentence). By language; a form the
 * language has not is left visible (the tests look for a leftover "{"). */
export const NAME_FORMS = {
  fr: { de: ["de ", "d'"], que: ["que ", "qu'"], le: ["le ", "l'"], la: ["la ", "l'"],
        je: ["je ", "j'"] },
  it: { a: ["a ", "ad "], e: ["e ", "ed "], di: ["di ", "d'"] },
};

/** The form of value after `word` in lang ("de" + "Aurélie" is "d'Aurélie"), or null when
 * the language has no such form. */
export function nameForm(word, value, lang = current) {
  const forms = NAME_FORMS[lang]?.[word.toLowerCase()];
  if (!forms) return null;
  const text = String(value);
  const form = vowelInitial(text, lang) ? forms[1] : forms[0];
  // "{A:name}" begins a sentence: "Ad Aurelia servono…"
  const start = word[0] === word[0].toLowerCase() ? form : form[0].toUpperCase() + form.slice(1);
  return start + text;
}

/** Fill {name} placeholders in one pass (a name that looks like "{x}" stays as it is);
 * {de:name} puts the short word before the name in the form it takes there (NAME_FORMS). */
export function format(text, params = {}, lang = current) {
  return text.replace(/\{(?:(\w+):)?(\w+)\}/g, (whole, form, name) => {
    if (!(name in params)) return whole;
    if (!form) return String(params[name]);
    return nameForm(form, params[name], lang) ?? whole;
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
  return format(text, params, used);
}

/** An ordinal number in the language ("1st", "1º", "1er", "1.º"): the "ordinal" entry's forms
 * are Intl.PluralRules' ordinal categories (English one/two/few/other). */
export function ordinal(n, lang = current) {
  const { entry, lang: used } = entryFor("ordinal", lang);
  if (entry === null || typeof entry !== "object") return String(n);
  const rule = new Intl.PluralRules(used, { type: "ordinal" }).select(n);
  return format(entry[rule] ?? entry.other, { count: n }, used);
}

/** Whether key exists in the current language's catalog (no report). */
export function has(key, lang = current) {
  return usable(CATALOGS[lang]?.[key]);
}

const listFormats = new Map();

/** Make the current language's list formatter in idle time: the browser's first one costs some
 * 20 ms of loading, which would otherwise fall on the first click that lists names. */
function prepareListText() {
  const lang = current;
  const prepare = () => listText(["a", "b"], lang);
  if (globalThis.requestIdleCallback) requestIdleCallback(prepare, { timeout: 2000 });
  else setTimeout(prepare, 200);
}

/** "a", "a and b", "a, b and c" in the language (Intl.ListFormat; British English, no
 * serial comma, as the page has always written lists). One formatter per language and kind,
 * made once: making one costs far more than using it, and the board lists names for every
 * office. `type` "disjunction" gives "a or b" (a choice).
 * @param {unknown[]} items @param {string} [lang]
 * @param {"conjunction" | "disjunction"} [type] */
export function listText(items, lang = current, type = "conjunction") {
  const key = `${lang}:${type}`;
  if (!listFormats.has(key)) {
    const locale = lang === "en" ? "en-GB" : lang;
    listFormats.set(key, new Intl.ListFormat(locale, { style: "long", type }));
  }
  return listFormats.get(key).format(items.map(String));
}

/** The default names of the five seats in the language (Quo Vadis? and Palatinus): names,
 * which read the same after a change of language, where "Player 2" would not. */
export function defaultNames(lang = current) {
  return t("newGame.defaultNames", {}, lang).split(",").map((name) => name.trim());
}
