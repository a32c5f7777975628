// Palatinus saves in the page: the engine's save (options, seed, actions, and the page's
// `meta`: who plays each seat) kept in localStorage after every action, and written to or
// read from a .json file. A save holds every wolf's kind: it is the table's file, never one
// seat's (docs/palatinus-protocol.md, Saves).

import { downloadText } from "../panels/dom.js";

export const AUTOSAVE_KEY = "quo-vadis.palatinus.autosave";

/** The autosaved game's text, or null. @returns {string|null} */
export function readAutosave() {
  try {
    return localStorage.getItem(AUTOSAVE_KEY);
  } catch {
    return null;
  }
}

/** Keep a save's text; false when the browser refuses (full, private). @param {string} text */
export function writeAutosave(text) {
  try {
    localStorage.setItem(AUTOSAVE_KEY, text);
    return true;
  } catch {
    return false;
  }
}

/** Offer a save as a file download. @param {object} save @param {string} name */
export function download(save, name) {
  downloadText(JSON.stringify(save, null, 1), name);
}
