// Modal dialogs on <dialog>: focus moves in, Escape closes, and the content is removed from
// the page when the dialog closes (so nothing secret stays in the DOM).
//
// A dialog addressed to a player says whose decision it is, and focus lands on the dialog
// itself, never on a decision button (so a repeated Enter decides nothing). If that player is
// not the one who decided last, its decision buttons stay disabled for a moment (guard.js):
// a double-click meant for the player before cannot answer for this one.
//
// One <dialog> element goes from one decision to the next: a dialog addressed to a player
// that closes while a new one opens in the same task (an answer, then the next player's answer
// dialog) hands its still open element over, emptied and filled again, instead of close() and
// showModal() (each of which costs a style pass over the whole page). An element nobody takes
// over by the end of the task is closed and removed.

import { h } from "./dom.js";
import { seatColour } from "../board/colours.js";
import { noteDecider, holdButtons } from "../turn/guard.js";
import { wireRulesLink, linkRuleCitations } from "../words/rules-link.js";
import { t } from "../words/i18n.js";

let counter = 0;
const open = new Set();
/** Each <dialog> element's handle now (an element may serve several dialogs in turn). */
const owners = new WeakMap();
/** The element of a dialog closed in this task, still open for the next dialog to take. */
let spare = null;

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

function finish(dialog) {
  if (dialog.open) dialog.close();
  dialog.remove();
}

/** A dialog's element after its dialog closed: kept open until the end of the task for a
 * dialog opened meanwhile, else closed and removed. */
function retire(dialog) {
  if (spare) finish(spare);
  if (!dialog.open || !dialog.isConnected) {
    dialog.remove();
    spare = null;
    return;
  }
  spare = dialog;
  // two turns of the microtask queue: a dialog opened from a promise settled by the closing
  // one (the hand-over screen, then the decision) still takes it over
  queueMicrotask(() => queueMicrotask(() => {
    if (spare !== dialog) return;
    spare = null;
    finish(dialog);
  }));
}

/** After a dialog closed, when nothing has the focus (it was in the dialog, or on a button
 * drawn anew meanwhile): back where it was when the dialog opened; in a dialog opened from
 * another, on that element's successor (the same test id) in the dialog below, or on that
 * dialog. Two turns of the microtask queue first: a dialog opened in its place (retire) takes
 * the focus itself. With no dialog below, the table places the focus (App.focusTurnHeading).
 * @param {HTMLElement | null} opener */
function restoreFocus(opener) {
  queueMicrotask(() => queueMicrotask(() => {
    const now = document.activeElement;
    if (now && now !== document.body && now.isConnected) return;
    const below = [...open].pop()?.el ?? null;
    if (!below) {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
      return;
    }
    const testid = opener?.dataset.testid;
    const successor = opener?.isConnected ? opener
      : testid ? below.querySelector(`[data-testid="${CSS.escape(testid)}"]`) : null;
    /** @type {HTMLElement} */ (successor && below.contains(successor) ? successor : below)
      .focus({ preventScroll: true });
  }));
}

/** An open <dialog> element for a new dialog: the spare one when no other dialog is open
 * (it is then on top), else a new one (opened by the caller with showModal). */
function dialogElement() {
  if (spare && open.size === 0) {
    const dialog = spare;
    spare = null;
    return dialog;
  }
  const dialog = document.createElement("dialog");
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    owners.get(dialog)?.cancel();
  });
  dialog.addEventListener("close", () => owners.get(dialog)?.close());
  return dialog;
}

/**
 * An open dialog: its element and body, whether it has closed, and what it can be told.
 * @typedef {{el: HTMLDialogElement, body: HTMLElement, closed: boolean, close: () => void,
 *   cancel: () => void, error: (message?: string) => void}} DialogHandle
 */

/** Whom a dialog is for: a player's name and seat, the game's meta (the seats' colours), and
 * whether the dialog names that player ("For Marcus: …", while several share the screen).
 * @typedef {{name: string, seat: number, meta: object, named?: boolean}} Addressee */

/**
 * Open a modal dialog.
 * @param {object} o
 * @param {string} o.title
 * @param {Addressee} [o.to] the player it is addressed to (it decides: no decision button
 *   takes the focus, and input is held as the table turns to that player, guard.js)
 * @param {string} [o.testid]
 * @param {string} [o.className] the dialog's own class ("look", "handover"...)
 * @param {Node[]} [o.body]
 * @param {Array<{label: string, onClick: Function, testid?: string, kind?: string,
 *   disabled?: boolean, ariaLabel?: string, autofocus?: boolean, decides?: boolean}>} [o.actions]
 *   autofocus: the button focused when the dialog opens (else its first, unless it is a
 *   player's decision); decides: a quiet button that still decides something (an undo), held
 *   with the decisions while input is held (guard.js)
 * @param {Function} [o.onClose] called once when the dialog closes, however it closes
 * @param {boolean} [o.escape=true] whether Escape closes it
 * @param {string} [o.rules] a section of the rules reference (rules/sections.js, e.g. "r6-2"):
 *   the dialog's head links to it
 * @param {HTMLElement[]} [o.summary] parts of the body that say what the dialog is about (a
 *   result): they describe it (aria-describedby), so that they are read out as it opens, and
 *   the dialog takes the focus itself unless a button has autofocus (a stray Enter decides
 *   nothing)
 * @returns {DialogHandle}
 */
export function openDialog(o) {
  const id = `dlg-${++counter}`;
  const focused = document.activeElement;
  const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  const error = h("p", { class: "dlg-error", role: "alert", "data-testid": "dialog-error" });
  const dialog = dialogElement();
  const reused = dialog.open;
  dialog.setAttribute("class", `dlg ${o.className ?? ""}`);
  dialog.setAttribute("aria-labelledby", `${id}-title`);
  dialog.setAttribute("tabindex", "-1");
  if (o.testid) dialog.dataset.testid = o.testid;
  else delete dialog.dataset.testid;
  const head = h("header", { class: "dlg-head" });
  if (o.to && o.to.named !== false) {
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
  const summary = o.summary ?? [];
  summary.forEach((part, i) => { part.id ||= `${id}-summary-${i}`; });
  if (summary.length) dialog.setAttribute("aria-describedby", summary.map((p) => p.id).join(" "));
  else dialog.removeAttribute("aria-describedby");
  const foot = h("footer", { class: "dlg-actions" });
  /** @type {DialogHandle} */
  const handle = { el: dialog, closed: false, body, close: null, cancel: null, error: null };
  const decisions = [];
  for (const a of o.actions ?? []) {
    const button = h("button", {
      type: "button", class: `btn ${a.kind ?? ""}`, "data-testid": a.testid ?? null,
      disabled: a.disabled ?? false, "aria-label": a.ariaLabel ?? null,
      autofocus: a.autofocus ?? null,
      onclick: () => { if (!handle.closed) a.onClick(handle); },
    }, a.label);
    if (a.kind !== "quiet" || a.decides) decisions.push(button);  // the others decide nothing
    foot.append(button);
  }
  const parts = [head, body, error, foot];
  // the parts go first: anything else in the element (not this module's) stays after them
  dialog.prepend(...parts);
  handle.close = () => {
    if (handle.closed) return;
    handle.closed = true;
    open.delete(handle);
    for (const part of parts) part.remove();  // nothing of it stays in the page
    // a player's decision hands its element over to the next one's (if one opens now);
    // another dialog closes at once (focus may go behind it in this task)
    if (o.to) retire(dialog);
    else finish(dialog);
    o.onClose?.();
    restoreFocus(opener);
  };
  handle.cancel = () => {
    if (o.escape !== false) handle.close();
  };
  handle.error = (message) => {
    error.textContent = message ?? "";
    linkRuleCitations(error);  // a refusal's "R6.2" opens that rule
  };
  owners.set(dialog, handle);
  open.add(handle);
  if (!reused) {
    document.body.append(dialog);
    dialog.showModal();
  }
  if (o.to) {
    noteDecider(o.to.seat);
    holdButtons(decisions);
  }
  const first = dialog.querySelector("[autofocus]") ?? (o.to || summary.length ? dialog
    : foot.querySelector("button:not([disabled])"));
  // a dialog taken over keeps focus on itself: focus it again so that its new name is read
  if (reused && first === dialog && document.activeElement === dialog) dialog.blur();
  first?.focus();
  return handle;
}

/** Ask a yes/no question; resolves true for yes. It opens on "no" (every question asked is
 * about an action that cannot be taken back lightly: a stray Enter changes nothing).
 * @param {string} title
 * @param {string} message
 * @param {{yes?: string, no?: string, testid?: string}} [words]
 * @returns {Promise<boolean>} */
export function confirmDialog(title, message, { yes = t("dialog.yes"), no = t("dialog.cancel"),
  testid } = {}) {
  return new Promise((resolve) => {
    let answer = false;
    openDialog({
      title, testid: testid ?? "confirm", body: [h("p", {}, message)],
      actions: [
        { label: yes, kind: "primary", testid: "confirm-yes",
          onClick: (d) => { answer = true; d.close(); } },
        { label: no, testid: "confirm-no", autofocus: true, onClick: (d) => d.close() },
      ],
      onClose: () => resolve(answer),
    });
  });
}

/** Ask before taking back another player's decision (both games' Undo): `params` name that
 * player and word its action; `text` the question's key ("log.undo.text": this one action);
 * `title` its title's ("log.undo.titleNamed" where nobody has taken the device yet, a hand-over
 * screen: who asks is not known, the question names the action's player).
 * @param {{name: string, action: string}} params
 * @param {{text?: string, title?: string}} [keys]
 * @returns {Promise<boolean>} */
export function confirmUndo(params, { text = "log.undo.text", title = "log.undo.title" } = {}) {
  return confirmDialog(t(title, params), t(text, params),
    { yes: t("log.undo.yes", params), no: t("log.undo.no"), testid: "undo-confirm" });
}
