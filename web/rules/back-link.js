// "Back to the game" on a rules page (a[data-back]), for both games' rules. Opened from the
// game (a link with a target, a tab of its own), it closes this tab and so returns to the game
// as it was, where an ordinary link would open a second copy of the game; opened any other
// way, it is an ordinary link to the game.

/** Wire every a[data-back] of the page. */
export function wireBackLinks() {
  for (const back of document.querySelectorAll("a[data-back]")) {
    back.addEventListener("click", (event) => {
      if (!window.opener || window.opener.closed) return;
      window.close();
      if (window.closed) event.preventDefault();
    });
  }
}
