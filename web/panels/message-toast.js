// What the message under a turn panel says, at the bottom of the screen for a few seconds when
// that message is out of sight, wholly or in part (a phone, a tablet held upright: the board
// fills the screen; a laptop: a long turn panel). Shared by both games' tables. It takes no
// click, so the controls under it stay usable; the message itself is what a screen reader reads
// (the copy is hidden from it).
//
//   sayInSight(text, messageElement);  // "" takes the copy away

import { h } from "./dom.js";

/** How long the copy stays (ms). */
const SHOWN_MS = 6000;

let timer = 0;

/** @param {string} text @param {Element} message the message's own element */
export function sayInSight(text, message) {
  let toast = document.getElementById("message-toast");
  clearTimeout(timer);
  const box = text ? message.getBoundingClientRect() : null;
  // nothing to say, or the whole message in sight (one cut by the screen's edge is not read)
  if (!box || (box.top >= 0 && box.bottom <= innerHeight)) {
    if (toast) toast.textContent = "";
    return;
  }
  if (!toast) {
    toast = h("div", { id: "message-toast", class: "message-toast", "aria-hidden": "true",
      "data-testid": "message-toast" });
    document.body.append(toast);
  }
  toast.textContent = text;
  const shown = toast;
  timer = setTimeout(() => { shown.textContent = ""; }, SHOWN_MS);
}
