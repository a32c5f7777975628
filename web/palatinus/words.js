// The Palatinus page's words: the scoring steps and the players' names in the chosen language
// (keys palatinus.* of web/locales). Data in, text out: nothing here knows a rule.

import { t, listText } from "../words/i18n.js";

/** @param {string[]} names @param {number} seat */
function who(names, seat) {
  return names[seat] ?? String(seat + 1);
}

/** The merchants and farmers a condottiero counted beside it (a capture or flee step).
 * @param {import("qvcore-palatinus-protocol").StepData} st */
function beside(st) {
  return t("palatinus.step.beside", { merchants: st.merchants, farmers: st.farmers });
}

/**
 * One step of the final scoring in words (docs/palatinus-protocol.md, final.steps).
 * @param {import("qvcore-palatinus-protocol").StepData} st @param {string[]} names
 */
export function stepText(st, names) {
  const kind = (k) => t(`palatinus.kind.${k}`);
  switch (st.step) {
    case "reveal": return t("palatinus.step.reveal");
    case "hill": return t("palatinus.step.hill", { hill: st.hill, token: st.token });
    // what the condottiero counted beside it, so that the step can be checked (P6a)
    case "capture": return t("palatinus.step.capture", { name: who(names, st.owner),
      terrain: st.condottiero, count: st.captives.length, beside: beside(st) });
    case "flee": return t("palatinus.step.flee", { name: who(names, st.owner),
      terrain: st.condottiero, beside: beside(st) });
    case "captive": {
      // one inhabitant taken by several condottieri counts once (P6a, docs/palatinus-rulings.md 7)
      const words = { kind: kind(st.kind), colour: t(`palatinus.colour.${st.colour}`),
        terrain: st.terrain, name: who(names, st.to), count: st.by.length };
      const text = t(st.by.length > 1 ? "palatinus.step.shared" : "palatinus.step.captive", words);
      if (!st.discs.length) return text;
      return `${text} ${t("palatinus.step.discs", { count: st.discs.length,
        names: listText(st.discs.map((p) => who(names, p))) })}`;
    }
    case "influence": return t("palatinus.step.influence", { name: who(names, st.player),
      hill: st.hill, count: st.total,
      parts: st.parts.map((p) => t("palatinus.step.part", { kind: kind(p.kind),
        terrain: p.terrain, points: p.points })).join(" + ") || "0" });
    case "token": return t("palatinus.step.token", { name: who(names, st.player),
      hill: st.hill, token: st.token });
    case "tie": return t("palatinus.step.tie", { hill: st.hill,
      names: listText(st.players.map((p) => who(names, p))), token: st.token });
    case "unclaimed": return t("palatinus.step.unclaimed", { hill: st.hill });
    case "total": {
      const text = t("palatinus.step.total", {
        names: listText(st.winners.map((p) => who(names, p))), count: st.winners.length });
      const tie = tieBreakText(st, names);
      return tie ? `${tie} ${text}` : text;
    }
    default: return st.step;
  }
}

/**
 * How P7's tie-break went when players tied on the most points (the total step's `tied`),
 * with each tied player's count of tokens, discs and captured inhabitants; "" without a tie.
 * @param {import("qvcore-palatinus-protocol").StepData} st the `total` step
 * @param {string[]} names
 */
export function tieBreakText(st, names) {
  const tied = st.tied ?? [];
  if (tied.length < 2) return "";
  const totals = /** @type {import("qvcore-palatinus-protocol").PlayerTotal[]} */ (st.players);
  const row = (seat) => totals.find((p) => p.player === seat);
  return t("palatinus.step.tieBreak", { names: listText(tied.map((q) => who(names, q))),
    count: row(tied[0])?.points ?? 0,
    counts: listText(tied.map((q) => `${who(names, q)} ${row(q)?.things ?? 0}`)) });
}

/** A placeable inhabitant in words: "merchant, face up". @param {{kind: string, wolf: boolean}} p */
export function pieceChoice(p) {
  return t(p.wolf ? "palatinus.hand.down" : "palatinus.hand.up",
    { kind: t(`palatinus.kind.${p.kind}`) });
}

/** The same with its colour: "merchant, face up (red)" (the buttons that choose it, and the line
 * under the board that names the one chosen).
 * @param {{kind: string, wolf: boolean, colour: number}} p */
export function pieceWithColour(p) {
  return `${pieceChoice(p)} (${t(`palatinus.colour.${p.colour}`)})`;
}

/** How a tile was turned, in words ("turned a sixth to the right", P3.2): the engine counts
 * sixth-turns anticlockwise, so four or five of them are two or one to the right.
 * @param {number} rotation */
export function turnedText(rotation) {
  return rotation === 0 ? t("palatinus.setup.turned.none")
    : rotation <= 3 ? t("palatinus.setup.turned.left", { count: rotation })
      : t("palatinus.setup.turned.right", { count: 6 - rotation });
}

/**
 * A public event of the log in words (a lay, or a placement: a wolf-faced one carries no kind).
 * @param {import("qvcore-palatinus-protocol").EventData} event @param {string[]} names
 */
export function logText(event, names) {
  const name = who(names, event.player);
  if (event.type === "lay") {
    return t("palatinus.log.lay", { name, hill: event.letter, place: event.slot,
      turned: turnedText(event.rotation) });
  }
  if (event.type === "place") {
    const colour = t(`palatinus.colour.${event.colour}`);
    const text = event.wolf || !event.kind
      ? t("palatinus.log.placeHidden", { name, colour, terrain: event.terrain })
      : t("palatinus.log.place", { name, colour, terrain: event.terrain,
        kind: t(`palatinus.kind.${event.kind}`) });
    return event.final ? `${text} ${t("palatinus.log.over")}` : text;
  }
  return String(event.type);
}
