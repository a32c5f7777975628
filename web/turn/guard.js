// No decision for the wrong player: when the table turns to another player, input is held for
// a moment, so that the second click of a double-click, or a repeated Enter, meant for the
// player before cannot decide for the next one. While held, <html data-guard="on"> is set and
// the decision buttons of the turn panel and of dialogs addressed to that player are disabled;
// board clicks are ignored. A human's next deliberate click comes after a double-click's
// interval: the usual system limit is 500 ms, and a slow double-click (a tap, a pause, a tap)
// still lands within 600 ms, so input is held a little longer than that.

export const ARM_MS = 700;

const root = document.documentElement;
let lastSeat = null;
let until = 0;
let timer = null;
const waiting = new Set();

/** Note who decides now; a new player holds input for ARM_MS. Returns whether input is held. */
export function noteDecider(seat) {
  if (seat === null || seat === undefined) return held();
  if (seat !== lastSeat) {
    const first = lastSeat === null;
    lastSeat = seat;
    if (!first) hold();
  }
  return held();
}

/** Forget the player (a new or resumed game starts with nobody's input pending). */
export function resetDecider() {
  lastSeat = null;
}

function hold() {
  until = performance.now() + ARM_MS;
  root.dataset.guard = "on";
  clearTimeout(timer);
  timer = setTimeout(release, ARM_MS);
}

function release() {
  timer = null;
  delete root.dataset.guard;
  for (const callback of [...waiting]) callback();
  waiting.clear();
}

/** Whether input is held now. */
export function held() {
  return timer !== null && performance.now() < until + 50;
}

/** Disable these buttons while input is held; they come back as they were. */
export function holdButtons(buttons) {
  if (!held()) return;
  const list = [...buttons].filter((b) => !b.disabled);
  for (const b of list) {
    b.disabled = true;
    b.dataset.held = "true";
  }
  waiting.add(() => {
    for (const b of list) {
      if (b.dataset.held) {
        b.disabled = false;
        delete b.dataset.held;
      }
    }
  });
}
