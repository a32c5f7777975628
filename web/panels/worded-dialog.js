// Dialogs whose words follow the language. openWorded(build) opens openDialog(build()) and, on
// "qv-language" (the switch, or a choice made in the rules reference's tab), opens it again
// from build() in place of the old one, so a dialog left open while the language changes reads
// in the new language. The swap is not a close: the dialog's onClose runs once, when a player
// (or the page) really closes it. Used by saves.js, secrecy.js, tabs.js and turn/terms.js.

import { h } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { t, CHANGE_EVENT } from "../words/i18n.js";

/**
 * Open a dialog from build(), a function returning openDialog's options in the current
 * language; returns a handle ({el, closed, close, error}) that stays valid across swaps.
 */
export function openWorded(build) {
  let current = null;
  let swapping = false;
  const reword = () => {
    if (current.closed) return;
    swapping = true;
    current.close();
    swapping = false;
    open();
  };
  const open = () => {
    const o = build();
    current = openDialog({ ...o, onClose: () => {
      if (swapping) return;
      removeEventListener(CHANGE_EVENT, reword);
      o.onClose?.();
    } });
  };
  open();
  addEventListener(CHANGE_EVENT, reword);
  return {
    get el() { return current.el; },
    get closed() { return current.closed; },
    close() { current.close(); },
    error(message) { current.error(message); },
  };
}

/** A yes/no question worded by words() → {title, text, yes}; resolves true for yes. */
export function confirmWorded(words, testid = "confirm") {
  return new Promise((resolve) => {
    let answer = false;
    openWorded(() => {
      const w = words();
      return {
        title: w.title, testid, body: [h("p", {}, w.text)],
        actions: [
          { label: w.yes ?? t("dialog.yes"), kind: "primary", testid: "confirm-yes",
            onClick: (d) => { answer = true; d.close(); } },
          { label: t("dialog.cancel"), testid: "confirm-no", onClick: (d) => d.close() },
        ],
        onClose: () => resolve(answer),
      };
    });
  });
}

/** Something to acknowledge, worded by words() → {title, lines}; resolves when closed. */
export function messageWorded(words) {
  return new Promise((resolve) => {
    openWorded(() => {
      const w = words();
      return {
        title: w.title, testid: "notice", body: w.lines.map((line) => h("p", {}, line)),
        actions: [{ label: t("dialog.ok"), kind: "primary", testid: "notice-ok",
          onClick: (d) => d.close() }],
        onClose: resolve,
      };
    });
  });
}
