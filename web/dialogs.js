// Modal dialogs on <dialog>: focus moves in, Escape closes, and the content is removed from
// the page when the dialog closes (so nothing secret stays in the DOM).
//
// A dialog addressed to a player says whose decision it is, and focus lands on the dialog
// itself, never on a decision button (so a repeated Enter decides nothing). If that player is
// not the one who decided last, its decision buttons stay disabled for a moment (guard.js):
// a double-click meant for the player before cannot answer for this one.

import { h } from "./dom.js";
import { seatColour } from "./colours.js";
import { noteDecider, holdButtons } from "./guard.js";
import { wireRulesLink } from "./rules-link.js";
import { t } from "./i18n.js";

let counter = 0;
const open = new Set();

/** "For <strong>name</strong>: this is their decision", in the chosen language (the name
 * may stand anywhere in the sentence). */
function forLine(name) {
  const [before, after = ""] = t("dialog.forDecision").split("{name}");
  return [before, h("strong", { "data-testid": "dialog-to" }, name), after];
}

/** Close every open dialog (the game state changed under them). */
export function closeAll() {
  for (const handle of [...open]) handle.close();
}

/**
 * Open a modal dialog.
 * @param {object} o
 * @param {string} o.title
 * @param {{name: string, seat: number, meta: object}} [o.to] the player it is addressed to
 * @param {string} [o.testid]
 * @param {Node[]} [o.body]
 * @param {Array<{label: string, onClick: Function, testid?: string, kind?: string,
 *   disabled?: boolean, ariaLabel?: string}>} [o.actions]
 * @param {Function} [o.onClose] called once when the dialog closes, however it closes
 * @param {boolean} [o.escape=true] whether Escape closes it
 * @param {string} [o.rules] a section of the rules reference (rules/sections.js, e.g. "r6-2"):
 *   the dialog's head links to it
 * @returns {{el: HTMLDialogElement, close: Function, error: Function, closed: boolean}}
 */
export function openDialog(o) {
  const id = `dlg-${++counter}`;
  const error = h("p", { class: "dlg-error", role: "alert", "data-testid": "dialog-error" });
  const dialog = h("dialog", {
    class: `dlg ${o.className ?? ""}`, "aria-labelledby": `${id}-title`,
    "data-testid": o.testid ?? null, tabindex: "-1",
  });
  const head = h("header", { class: "dlg-head" });
  if (o.to) {
    const c = seatColour(o.to.meta, o.to.seat);
    head.append(h("p", { class: "dlg-to" },
      h("span", { class: "chip", style: { "--chip": c.fill, "--chip-ink": c.ink },
        "aria-hidden": "true" }, String(o.to.seat + 1)),
      h("span", {}, ...forLine(o.to.name))));
  }
  head.append(h("h2", { id: `${id}-title` }, o.title));
  if (o.rules) {
    const link = h("a", { class: "dlg-rules", target: "qv-rules", "data-rules": o.rules,
      "data-testid": "dialog-rules" }, t("dialog.rules"));
    wireRulesLink(link);
    head.append(link);
  }
  const body = h("div", { class: "dlg-body" }, o.body ?? []);
  const foot = h("footer", { class: "dlg-actions" });
  const handle = { el: dialog, closed: false, body };
  const decisions = [];
  for (const a of o.actions ?? []) {
    const button = h("button", {
      type: "button", class: `btn ${a.kind ?? ""}`, "data-testid": a.testid ?? null,
      disabled: a.disabled ?? false, "aria-label": a.ariaLabel ?? null,
      onclick: () => { if (!handle.closed) a.onClick(handle); },
    }, a.label);
    if (a.kind !== "quiet") decisions.push(button);  // quiet ones decide nothing
    foot.append(button);
  }
  dialog.append(head, body, error, foot);
  handle.close = () => {
    if (handle.closed) return;
    handle.closed = true;
    open.delete(handle);
    if (dialog.open) dialog.close();
    dialog.remove();
    o.onClose?.();
  };
  handle.error = (message) => { error.textContent = message ?? ""; };
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    if (o.escape !== false) handle.close();
  });
  dialog.addEventListener("close", () => handle.close());
  document.body.append(dialog);
  open.add(handle);
  dialog.showModal();
  if (o.to) {
    noteDecider(o.to.seat);
    holdButtons(decisions);
  }
  const first = dialog.querySelector("[autofocus]") ?? (o.to ? dialog
    : foot.querySelector("button:not([disabled])"));
  first?.focus();
  return handle;
}

/** Ask a yes/no question; resolves true for yes. */
export function confirmDialog(title, message, { yes = t("dialog.yes"), no = t("dialog.cancel"),
  testid } = {}) {
  return new Promise((resolve) => {
    let answer = false;
    openDialog({
      title, testid: testid ?? "confirm", body: [h("p", {}, message)],
      actions: [
        { label: yes, kind: "primary", testid: "confirm-yes",
          onClick: (d) => { answer = true; d.close(); } },
        { label: no, testid: "confirm-no", onClick: (d) => d.close() },
      ],
      onClose: () => resolve(answer),
    });
  });
}

/** Tell something that needs acknowledging (an import that failed, ...). */
export function messageDialog(title, ...lines) {
  return new Promise((resolve) => {
    openDialog({
      title, testid: "notice", body: lines.map((line) => h("p", {}, line)),
      actions: [{ label: t("dialog.ok"), kind: "primary", testid: "notice-ok", onClick: (d) => d.close() }],
      onClose: resolve,
    });
  });
}
