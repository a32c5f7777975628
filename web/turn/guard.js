// No decision for the wrong player: when the table turns to another player right after a
// click or a key, input is held for a moment, so that the second click of a double-click, or a
// repeated Enter, meant for the player before cannot decide for the next one. While held,
// <html data-guard="on"> is set and the decision buttons of the turn panel and of dialogs
// addressed to that player are disabled; board clicks are ignored. A human's next deliberate
// click comes after a double-click's interval: the usual system limit is 500 ms, and a slow
// double-click (a tap, a pause, a tap) still lands within 600 ms, so input is held until a
// little longer than that after the last click or key. A turn that comes after the bots'
// moves, nothing touched meanwhile, is not held: its player's first tap is heard.

export const ARM_MS = 700;

const root = document.documentElement;
let lastSeat = null;
let until = 0;
let timer = null;
const waiting = new Set();
/** When the last click, tap or key came (performance.now()). */
let lastInput = -Infinity;
for (const type of ["pointerdown", "click", "keydown"]) {
  document.addEventListener(type, () => { lastInput = performance.now(); },
    { capture: true, passive: true });
}

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

/** Forget the player: a new or resumed game starts with nobody's turn before it. Input is
 * held as for a new player all the same when a click or key came just now: the second click of
 * a double-click on Start would otherwise decide for the first player. */
export function resetDecider() {
  lastSeat = null;
  hold();
}

/** Hold input until ARM_MS after the last click or key, if that is still to come. */
function hold() {
  const left = lastInput + ARM_MS - performance.now();
  if (left <= 0) return;
  until = lastInput + ARM_MS;
  root.dataset.guard = "on";
  clearTimeout(timer);
  timer = setTimeout(release, left);
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
