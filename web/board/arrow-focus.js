// Arrow keys on a board: the focus moves to the nearest of its buttons in the arrow's
// direction, as the eye would; Home and End go to its first and last. Shared by the Quo Vadis?
// board (offices and laurel spaces) and the Palatinus hills (places, terrains). On the Quo
// Vadis? board and the Palatinus hills the buttons are one Tab stop (a roving tab stop: the
// button last focused takes it), so that Tab leaves the board at once for the turn panel (the
// Palatinus board, drawn anew with each choice, gives the stop back to the same button).

/** @type {Record<string, [number, number]>} */
const DIRECTIONS = {
  ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1],
};

/** The centre of an element's box on screen.
 * @param {Element} el @returns {[number, number]} */
function centre(el) {
  const box = el.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/**
 * The candidate nearest to `from` in direction [dx, dy]: ahead of it, within 60 degrees of the
 * direction, a step sideways costing twice a step ahead; null if there is none.
 * @param {[number, number]} from @param {Array<[Element, [number, number]]>} candidates
 * @param {[number, number]} direction @returns {Element|null}
 */
export function nearestAhead(from, candidates, [dx, dy]) {
  let best = null;
  let bestCost = Infinity;
  for (const [el, [x, y]] of candidates) {
    const ahead = (x - from[0]) * dx + (y - from[1]) * dy;
    const aside = Math.abs((x - from[0]) * dy - (y - from[1]) * dx);
    if (ahead < 1 || aside > ahead * Math.sqrt(3)) continue;
    const cost = ahead + 2 * aside;
    if (cost < bestCost) {
      best = el;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * Let the arrow keys move the focus between the focusable buttons inside `root`, and Home and
 * End to the first and last. On a button these keys never scroll the page, even with no
 * button ahead (the focus would slide out of sight); with a modifier they keep their usual
 * meaning. With `roving`, the buttons (`[role="button"][tabindex]`) are one Tab stop: the one
 * focused last has tabindex 0, every other -1 (the caller gives one of them 0 to begin with).
 * @param {Element} root
 * @param {string|null} [anchor] a selector of the part of a button that stands where it is
 *   seen (a wide touch target around it would move its centre); the whole button if none
 * @param {{roving?: boolean}} [options]
 */
export function arrowFocus(root, anchor = null, { roving = false } = {}) {
  const where = (/** @type {Element} */ el) => centre((anchor && el.querySelector(anchor)) || el);
  const selector = roving ? '[role="button"][tabindex]' : '[tabindex="0"]';
  if (roving) {
    root.addEventListener("focusin", (event) => {
      const target = /** @type {Element} */ (event.target);
      if (target === root || !target.matches(selector)) return;
      for (const el of root.querySelectorAll('[role="button"][tabindex="0"]')) {
        if (el !== target) el.setAttribute("tabindex", "-1");
      }
      target.setAttribute("tabindex", "0");
    });
  }
  root.addEventListener("keydown", (event) => {
    const key = /** @type {KeyboardEvent} */ (event);
    const direction = DIRECTIONS[key.key];
    const from = document.activeElement;
    const ends = key.key === "Home" || key.key === "End";
    if ((!direction && !ends) || key.altKey || key.ctrlKey || key.metaKey || key.shiftKey
      || !from || from === root || !root.contains(from)) return;
    const buttons = [...root.querySelectorAll(selector)]
      .filter((el) => el.getClientRects().length > 0);
    // Home and End: the board's first and last buttons, in the order Tab walks them
    const next = ends ? buttons[key.key === "Home" ? 0 : buttons.length - 1]
      : nearestAhead(where(from), buttons.filter((el) => el !== from)
        .map((el) => [el, where(el)]), direction);
    key.preventDefault();
    /** @type {HTMLElement|SVGElement|null} */ (next ?? null)?.focus();
  });
}
