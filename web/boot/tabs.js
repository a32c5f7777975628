// One game, one tab: the tab that plays holds a Web Lock named after the site and the game
// (each game has its own autosave, so a Quo Vadis tab and a Palatinus tab may both play). A second tab of
// the site finds the lock taken, says that the game is open elsewhere and offers to take it
// over; taking over steals the lock, so the first tab learns at once that it lost the game,
// stops saving and says so (with the same offer). The tab that takes over reloads the
// autosave, so no action made in the other tab is lost.
//
// The notice follows a change of language while it is open (worded-dialog.js).
// <html data-tab="owner|elsewhere"> tells tests which state the tab is in.

import { h } from "../panels/dom.js";
import { closeAll } from "../panels/dialogs.js";
import { openWorded } from "../panels/worded-dialog.js";
import { t } from "../words/i18n.js";

const SITE = new URL("../", import.meta.url).href;
const root = document.documentElement;

export class TabLock {
  /**
   * @param {{onTakeOver: Function, onLost?: Function, game?: string, elsewhere?: string,
   *   lost?: string}} o
   *   onTakeOver runs in this tab after it took the game; onLost runs in this tab as it learns
   *   that another took it (while it still owns it: a pending autosave is written, and the
   *   other tab resumes from it); `game` names the game's lock (its
   *   autosave's key; Quo Vadis by default); `elsewhere` and `lost` are the notice's catalog
   *   keys for that game.
   */
  constructor({ onTakeOver, onLost = () => {}, game = "quo-vadis game",
    elsewhere = "tabs.elsewhere", lost = "tabs.lost" }) {
    this.owner = false;
    this.onTakeOver = onTakeOver;
    this.onLost = onLost;
    this.lockName = `${game} ${SITE}`;
    this.words = { elsewhere, lost };
    this.notice = null;
    /** @type {Promise<boolean> | null} the first claim (claimFirst) */
    this.first = null;
    /** @type {(() => void) | null} lets go of the lock held (release) */
    this.releaseLock = null;
    /** this page gave the game up for good (release) */
    this.released = false;
    this.supported = typeof navigator !== "undefined" && Boolean(navigator.locks);
  }

  /** The page's own first claim, asked once: a page asks while Python loads, so that the
   * answer is in when it is ready to play. Resolves whether this tab holds the game. */
  claimFirst() {
    this.first ??= this.claim();
    return this.first;
  }

  /** Try to hold the game (steal: even from another tab); resolves whether this tab holds it. */
  claim(steal = false) {
    if (!this.supported) {
      this.set(true);
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const held = navigator.locks.request(this.lockName, steal ? { steal: true } : { ifAvailable: true },
        (lock) => {
          if (!lock) {
            this.set(false);
            resolve(false);
            return null;
          }
          if (this.released) {  // given up while it was asked for
            resolve(false);
            return null;
          }
          this.set(true);
          resolve(true);
          // held for as long as the page lives, or until released
          return new Promise((release) => { this.releaseLock = () => release(undefined); });
        });
      held.catch((error) => {
        if (error?.name === "AbortError") this.lost();
        else resolve(false);
      });
    });
  }

  /** Let go of the game (this page cannot play it: Python failed to start), so that another
   * tab plays without asking. */
  release() {
    this.released = true;
    this.releaseLock?.();
    this.releaseLock = null;
    this.owner = false;
    delete root.dataset.tab;  // neither playing here nor elsewhere
  }

  set(owner) {
    this.owner = owner;
    root.dataset.tab = owner ? "owner" : "elsewhere";
  }

  /** Another tab took the game over. */
  lost() {
    this.onLost();
    this.set(false);
    this.showElsewhere(this.words.lost);
  }

  /** Cover the page: the game is open in another tab (why: the catalog key that says so). */
  showElsewhere(why = this.words.elsewhere) {
    closeAll();
    this.notice?.close();
    this.notice = openWorded(() => ({
      title: t("tabs.title"), testid: "tab-elsewhere", escape: false,
      body: [h("p", {}, t(why)), h("p", {}, t("tabs.question"))],
      actions: [{ label: t("tabs.playHere"), kind: "primary", testid: "take-over",
        onClick: async (d) => {
          const owner = await this.claim(true);
          if (!owner) return;
          this.notice = null;
          d.close();
          this.onTakeOver();
        } }],
    }));
  }
}
