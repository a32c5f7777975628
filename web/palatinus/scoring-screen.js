// The final scoring of a Palatinus table shown step by step (P5–P7): each hill's step under
// the board as it is scored, "Next step" and "All steps", then the result table and a button
// to watch the game again (replay.js). The steps come from the engine's final event
// (`table.final`); `table.shown` counts those in sight.
//
// State on <html>: data-pal-scoring (shown|done), data-pal-shown (the steps in sight).

import { h, replace } from "../panels/dom.js";
import { t } from "../words/i18n.js";
import { boardAfter, boardBefore, hillAt, tilesAfter } from "./scoring.js";
import { stepText, tieBreakText } from "./words.js";

const root = document.documentElement;

/** @typedef {import("qvcore-palatinus-protocol").StepData} StepData */

/**
 * Draw the scoring of a finished game at its `shown` step: the board as scored so far, the
 * steps in a list, and the way on.
 * @param {import("./table.js").PalTable} table
 */
export function renderScoring(table) {
  const final = table.final;
  table.els.heading.textContent = t("palatinus.score.heading");
  if (!final) {
    table.board.draw(table.view);
    replace(table.els.panel, h("p", {}, t("palatinus.score.none")));
    return;
  }
  const steps = final.steps;
  const names = table.names();
  const done = table.shown >= steps.length;
  root.dataset.palScoring = done ? "done" : "shown";
  root.dataset.palShown = String(table.shown);
  const shownSteps = steps.slice(0, table.shown);
  // each player's points so far beside their name (the engine's running score, P7)
  table.renderPlayers(table.view, table.shown ? steps[table.shown - 1].scores : null);
  table.board.draw({ ...table.view, tiles: tilesAfter(table.view.tiles, steps, table.shown) },
    { pieces: table.shown ? boardAfter(steps, table.shown)
    : boardBefore(table.view.board), hill: table.shown ? hillAt(steps, table.shown - 1) : null,
    names });
  const next = () => {
    table.shown = Math.min(steps.length, table.shown + 1);
    renderScoring(table);
    table.announce(stepText(steps[table.shown - 1], names));  // the list is drawn anew
    // after the last step the button is gone: the keyboard goes on with the result
    /** @type {HTMLElement|null} */ (document.querySelector(
      '[data-testid="pal-score-next"], [data-testid="pal-result"]'))?.focus();
  };
  const all = () => {
    table.shown = steps.length;
    renderScoring(table);
    table.announce(stepText(steps[steps.length - 1], names));  // who won
    // the button is gone: the keyboard goes on with the result the scoring ends with
    /** @type {HTMLElement|null} */ (table.els.panel.querySelector('[data-testid="pal-result"]'))
      ?.focus();
  };
  replace(table.els.panel,
    // read out step by step through the table's announcer (a list drawn anew is not heard);
    // a Tab stop once it has steps to read
    h("ol", { class: "pal-steps", "data-testid": "pal-steps",
      tabindex: shownSteps.length ? "0" : null, "aria-label": t("palatinus.score.heading") },
      shownSteps.map((st) => h("li", { class: `pal-step ${st.step}`, "data-step": st.step },
        stepText(st, names)))),
    done ? [resultTable(table, steps[steps.length - 1]),
      tieBreakNote(steps[steps.length - 1], names), replayButton(table)]
      : h("p", { class: "pal-row" },
        h("button", { type: "button", class: "btn primary", "data-testid": "pal-score-next",
          onclick: next }, t("palatinus.score.next")),
        h("button", { type: "button", class: "btn", "data-testid": "pal-score-all",
          onclick: all }, t("palatinus.score.all"))));
  // the newest step at the foot of the list, the last one too when all were shown at once
  const list = table.els.panel.querySelector(".pal-steps");
  if (list) list.scrollTop = list.scrollHeight;
  if (!done) showNewestStep(table);
}

/**
 * The page scrolled (the least it can) so that the hill being scored and the Next step button
 * are in sight together: on a phone the board sits above the panel, and a review saw it
 * scrolled away while its hills were scored.
 * @param {import("./table.js").PalTable} table
 */
function showNewestStep(table) {
  const next = table.els.panel.querySelector('[data-testid="pal-score-next"]');
  if (!next) return;
  const tile = table.board.svg.querySelector(".pal-tile.scoring");
  const bottom = next.getBoundingClientRect().bottom;
  const top = tile ? tile.getBoundingClientRect().top : bottom;
  const room = innerHeight - (bottom - top);
  if (room < 0) {
    next.scrollIntoView({ block: "nearest" });  // both do not fit: the button, under the finger
    return;
  }
  const margin = Math.min(8, room / 2);
  if (top < margin) scrollBy(0, top - margin);
  else if (bottom > innerHeight - margin) scrollBy(0, bottom - innerHeight + margin);
}

/** Watch the finished game again (replay.js), once its scoring was shown.
 * @param {import("./table.js").PalTable} table */
function replayButton(table) {
  return h("p", {}, h("button", { type: "button", class: "btn", "data-testid": "pal-replay",
    onclick: () => table.replay.start() }, t("palatinus.replay")));
}

/** Under the result, how P7's tie-break decided between players tied on points (a playtest
 * read only "The winner: …"), or nothing without a tie.
 * @param {StepData} total the `total` step @param {string[]} names */
function tieBreakNote(total, names) {
  const text = tieBreakText(total, names);
  return text ? h("p", { class: "hint", "data-testid": "pal-tie-break" }, text) : null;
}

/** Who scored what, the winners starred.
 * @param {import("./table.js").PalTable} table @param {StepData} total the `total` step */
export function resultTable(table, total) {
  const winners = new Set(total.winners);
  return h("table", { class: "pal-result", "data-testid": "pal-result", tabindex: "-1" },
    h("caption", {}, t("palatinus.result.caption")),
    h("thead", {}, h("tr", {},
      ["player", "tokens", "discs", "captured", "points"].map((k) =>
        h("th", { scope: "col" }, t(`palatinus.result.${k}`))))),
    h("tbody", {}, total.players.map((p) => h("tr", {
      class: winners.has(p.player) ? "winner" : "", "data-winner": String(winners.has(p.player)) },
    h("th", { scope: "row" }, table.who(p.player, true),
      // the star and its word stay together (a playtest saw them on two lines)
      winners.has(p.player) ? [" ", h("span", { class: "pal-winner" },
        `★ ${t("palatinus.result.winner")}`)] : ""),
    h("td", {}, p.tokens.join(" + ") || "–"),
    h("td", {}, p.discs.join(" + ") || "–"),
    h("td", {}, String(p.captured)),
    h("td", {}, String(p.points))))));
}
