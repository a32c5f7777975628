// Secrecy at a shared screen (R10). A hoard's values reach the page only while its owner looks
// ("Look at my laurels"): the dialog stays until its owner hides it (its button, Escape, or a
// click anywhere), and hides whenever the game moves on; its content is then removed from the
// DOM. No timer and no key but Escape hides it: reading it takes what time it takes (WCAG
// 2.2.1), and Tab moves within it. An optional
// hand-over screen covers the board between decisions of different players. Each dialog follows
// a change of language while it is open (worded-dialog.js).

import { h } from "../panels/dom.js";
import { openWorded } from "../panels/worded-dialog.js";
import { hoardText } from "../panels/end-screen.js";
import { t } from "../words/i18n.js";

/**
 * What the secrecy screens need from the table, and nothing else.
 * @typedef {object} SecrecyTable
 * @property {(seat: number) => string} name  a seat's player's name
 * @property {(seat: number) => import("../panels/dialogs.js").Addressee} addressee  whom
 *   a seat's dialog is for
 * @property {(seat: number) => ({hoard: string[], total: number} | null)} hoard
 *   one seat's own laurels, asked of the engine when that seat looks
 * @property {() => number} humans  how many people share the screen (the seats no bot plays)
 */

export class Secrecy {
  /** @param {SecrecyTable} table */
  constructor(table) {
    this.table = table;
    /** @type {{close: () => void} | null} */
    this.looking = null;
    /** @type {{close: () => void} | null} */
    this.asking = null;
    /** The seat whose player took the device at the last hand-over screen, while that player
     * decides (the table forgets it when another does, and at a new game, a load or an undo):
     * that player said who they are already. */
    this.holder = null;
    /** A click while the laurels show hides them and does nothing else: it is taken at the
     * document before any control sees it (on a touch screen the dialog, closed at the touch,
     * would let the click that follows land on the board beneath it). @param {Event} event */
    this.dismiss = (event) => {
      event.preventDefault();
      event.stopPropagation();
      this.hide();
    };
  }

  /** Show one seat's own laurels, to that player, for a moment. While several players share
   * the screen, ask first: one click must not show a hoard to whoever is looking; the only
   * person at a table of bots, and the player who just took the device at the hand-over
   * screen (a playtest was asked twice who it was), are shown them at once.
   * @param {number} seat */
  look(seat) {
    this.hide();
    // the only person at a table of bots, or the one who just took the device and said so
    if (this.table.humans() < 2 || seat === this.holder) {
      this.show(seat);
      return;
    }
    const name = this.table.name(seat);
    this.asking?.close();
    this.asking = openWorded(() => ({
      title: t("secrecy.ask.title", { name }), testid: "look-confirm", className: "look",
      to: this.table.addressee(seat),
      body: [h("p", {}, t("secrecy.ask.text", { name }))],
      actions: [
        { label: t("secrecy.ask.show", { name }), kind: "primary", testid: "look-show",
          onClick: (d) => { d.close(); this.show(seat); } },
        { label: t("secrecy.cancel"), kind: "quiet", testid: "look-cancel", onClick: (d) => d.close() },
      ],
      onClose: () => { this.asking = null; },
    }));
  }

  /** @param {number} seat */
  show(seat) {
    const mine = this.table.hoard(seat);
    if (!mine) return;
    const name = () => this.table.name(seat);
    const dialog = openWorded(() => ({
      title: t("secrecy.title", { name: name() }), to: this.table.addressee(seat),
      testid: "hoard-view", className: "look",
      body: [
        h("p", { class: "hint" }, t("secrecy.only", { name: name() })),
        h("p", { class: "hoard", "data-testid": "hoard-tokens" }, hoardText(mine.hoard)),
        h("p", { class: "total", "data-testid": "hoard-total" }, t("secrecy.total", { count: mine.total })),
      ],
      actions: [{ label: t("secrecy.hide"), kind: "primary", testid: "hoard-hide", onClick: () => this.hide() }],
      onClose: () => this.cleanup(),
    }));
    this.looking = dialog;
    // any later click hides it (the click that opened it has already passed the document, so
    // listening from now on catches only later ones)
    document.addEventListener("click", this.dismiss, true);
  }

  hide() {
    if (this.looking) this.looking.close();
    this.cleanup();
  }

  /** Another player decides, or a new game, a load or an undo: nobody holds the device as far
   * as this screen knows. */
  forget() {
    this.holder = null;
  }

  cleanup() {
    this.looking = null;
    document.removeEventListener("click", this.dismiss, true);
  }

  /** Cover the table until the named player takes the device; resolves then. `undo`: the
   * player still holding the device may take back what they just did instead (the table
   * says whether the rules let it, and undoes it).
   * @param {number} seat
   * @param {{name: () => string, run: () => void} | null} [undo]
   * @returns {Promise<void>} */
  handover(seat, undo = null) {
    this.hide();
    this.holder = null;
    const name = () => this.table.name(seat);
    return new Promise((resolve) => {
      openWorded(() => ({
        title: t("secrecy.handover.title", { name: name() }), testid: "handover", className: "handover",
        to: this.table.addressee(seat), escape: false,
        body: [h("p", {}, t("secrecy.handover.text", { name: name() }))],
        actions: [{ label: t("secrecy.handover.continue", { name: name() }), kind: "primary",
          testid: "handover-continue", onClick: (d) => { this.holder = seat; d.close(); } },
        ...(undo ? [{ label: t("log.undo.yes", { name: undo.name() }), kind: "quiet",
          decides: true, testid: "handover-undo", onClick: (d) => { d.close(); undo.run(); } }]
          : [])],
        onClose: () => resolve(),
      }));
    });
  }
}
