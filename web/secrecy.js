// Secrecy at a shared screen (R10). A hoard's values reach the page only while its owner looks
// ("Look at my laurels"): the dialog stays until its owner hides it (its button, Escape, or a
// click anywhere), and hides whenever the game moves on; its content is then removed from the
// DOM. No timer and no key but Escape hides it: reading it takes what time it takes (WCAG
// 2.2.1), and Tab moves within it. An optional
// hand-over screen covers the board between decisions of different players. Each dialog follows
// a change of language while it is open (worded-dialog.js).

import { h } from "./dom.js";
import { openWorded } from "./worded-dialog.js";
import { hoardText } from "./end-screen.js";
import { t } from "./i18n.js";

export class Secrecy {
  constructor(app) {
    this.app = app;
    this.looking = null;
    this.dismiss = () => this.hide();
  }

  /** Show one seat's own laurels, to that player, for a moment. While several players share
   * the screen, ask first: one click must not show a hoard to whoever is looking. */
  look(seat) {
    const app = this.app;
    this.hide();
    if ((app.humanSeats?.() ?? app.view.players.length) < 2) {
      this.show(seat);
      return;
    }
    const name = app.name(seat);
    this.asking?.close();
    this.asking = openWorded(() => ({
      title: t("secrecy.ask.title", { name }), testid: "look-confirm", className: "look",
      to: { name, seat, meta: app.meta },
      body: [h("p", {}, t("secrecy.ask.text", { name }))],
      actions: [
        { label: t("secrecy.ask.show", { name }), kind: "primary", testid: "look-show",
          onClick: (d) => { d.close(); this.show(seat); } },
        { label: t("secrecy.cancel"), kind: "quiet", testid: "look-cancel", onClick: (d) => d.close() },
      ],
      onClose: () => { this.asking = null; },
    }));
  }

  show(seat) {
    const app = this.app;
    const mine = app.engine.hoard(seat);
    if (!mine) return;
    const dialog = openWorded(() => ({
      title: t("secrecy.title", { name: app.name(seat) }), to: { name: app.name(seat), seat, meta: app.meta },
      testid: "hoard-view", className: "look",
      body: [
        h("p", { class: "hint" }, t("secrecy.only", { name: app.name(seat) })),
        h("p", { class: "hoard", "data-testid": "hoard-tokens" }, hoardText(mine.hoard)),
        h("p", { class: "total", "data-testid": "hoard-total" }, t("secrecy.total", { count: mine.total })),
      ],
      actions: [{ label: t("secrecy.hide"), kind: "primary", testid: "hoard-hide", onClick: () => this.hide() }],
      onClose: () => this.cleanup(),
    }));
    this.looking = dialog;
    // any later click hides it (the click that opened it has already passed its pointerdown,
    // so listening from now on catches only later ones)
    document.addEventListener("pointerdown", this.dismiss, true);
  }

  hide() {
    if (this.looking) this.looking.close();
    this.cleanup();
  }

  cleanup() {
    this.looking = null;
    document.removeEventListener("pointerdown", this.dismiss, true);
  }

  /** Cover the table until the named player takes the device; resolves then. */
  handover(seat) {
    const app = this.app;
    this.hide();
    return new Promise((resolve) => {
      openWorded(() => ({
        title: t("secrecy.handover.title", { name: app.name(seat) }), testid: "handover", className: "handover",
        to: { name: app.name(seat), seat, meta: app.meta }, escape: false,
        body: [h("p", {}, t("secrecy.handover.text", { name: app.name(seat) }))],
        actions: [{ label: t("secrecy.handover.continue", { name: app.name(seat) }), kind: "primary",
          testid: "handover-continue", onClick: (d) => d.close() }],
        onClose: resolve,
      }));
    });
  }
}
