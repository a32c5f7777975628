// What a click on the board means, worked out from the view's listed choices only (R4-R8):
// no DOM, no engine, no page state beyond the selected office. turn.js carries the outcome out
// (plays the action, opens the dialog, says the words); tests/js/clicks.test.mjs runs this
// module under Node.

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").Hint} Hint */
/** @typedef {import("qvcore-protocol").ActionData} ActionData */

/**
 * What the page does with a click:
 * - `none`: nothing (not the actor's decision, or nothing to do at this stage);
 * - `select`: select this office (null: deselect);
 * - `act`: play this action (the engine still decides: a refusal is worded);
 * - `check`: a move no hint lists: the engine is asked why it is refused (R4);
 * - `refused`: the hint says the move is refused, with the rule's error;
 * - `entry`: an entry office with the actor's senator and a free seat, on a phone: ask
 *   whether to add there or to move from there;
 * - `move-dialog`: the hint needs the mover's choice between own consent and a request;
 * - `supporters`: the open request's supporters are picked in their dialog;
 * - `say`: a message (its catalog key and the seats/offices it names) and nothing else.
 * @typedef {{kind: "none"}
 *   | {kind: "select", office: number | null}
 *   | {kind: "act", action: ActionData}
 *   | {kind: "check", action: ActionData}
 *   | {kind: "refused", hint: Hint}
 *   | {kind: "entry", office: number}
 *   | {kind: "move-dialog", hint: Hint}
 *   | {kind: "supporters", hint: Hint}
 *   | {kind: "say", key: string, seat?: number, office?: number}} Outcome
 */

/**
 * What the board knows that the view does not carry: its entry offices, its paths, and
 * whether the page has a phone's layout (the turn panel below the board).
 * @typedef {{entryOffices: number[], paths: {from: number, to: number}[], narrow?: boolean}} BoardFacts
 */

/** @type {Outcome} */
const NOTHING = { kind: "none" };

/** Whether the decision the table waits for is the actor's (a turn, the mover's pick of
 * supporters, a bonus, the council), as the view's `decision` says: only then are the board's
 * and the panel's turn controls live. While an asked player answers, the mover's controls are
 * not theirs to use.
 * @param {View | null | undefined} view
 * @returns {boolean} */
export function actorDecides(view) {
  const d = view?.decision;
  return Boolean(d) && d.kind !== "answer" && d.seat === view.actor;
}

/** The view's move hints out of one office.
 * @param {View} view
 * @param {number} office
 * @returns {Hint[]} */
export function hintsFrom(view, office) {
  return view.moves.filter((m) => m.from === office);
}

/** A click on office `office` with `selected` selected (or null).
 * @param {View} view
 * @param {number | null} selected
 * @param {number} office
 * @param {BoardFacts} board
 * @returns {Outcome} */
export function officeClick(view, selected, office, board) {
  if (!view || !actorDecides(view)) return NOTHING;
  const actor = view.actor;
  const mine = (view.offices[office] ?? []).includes(actor);
  switch (view.stage) {
    case "action":
    case "consent": {
      if (selected === office) return { kind: "select", office: null };
      // no path leaves the Senate (R4)
      const stays = mine && !board.paths.some((p) => p.from === office);
      if (selected !== null && selected !== undefined) {
        const hint = view.moves.find((m) => m.from === selected && m.to === office);
        // an office the actor may add to that the selected senator cannot reach: the click
        // adds there (R5), a selection does not stand in the way
        if (!hint && !mine && view.adds.includes(office)) {
          return { kind: "act", action: { type: "add", player: actor, office } };
        }
        if (hint || !mine || stays) return moveClick(view, selected, office);
      }
      if (stays) return { kind: "say", key: "turn.inSenate", seat: actor, office };
      if (mine) {
        // on a phone, an entry office with a free seat offers adding as well as moving
        if (board.narrow && view.adds.includes(office)) return { kind: "entry", office };
        return { kind: "select", office };
      }
      if (board.entryOffices.includes(office)) {
        return { kind: "act", action: { type: "add", player: actor, office } };
      }
      return { kind: "say", key: "turn.noSenator", seat: actor, office };
    }
    case "bonus":
      return { kind: "say", key: "turn.bonusClick" };
    case "council":
      // the engine refuses an office without the seat's senator, and says why
      return { kind: "act", action: { type: "retire", player: actor, office } };
    default:
      return NOTHING;
  }
}

/** A click on destination `to` for the senator in `from`: the view's hint says what it means
 * (R6): a move (own supporters included), a request, a choice of both, the open request's
 * supporters, or a refusal with the rule's error. No hint: not a path out of `from` (R4).
 * @param {View} view
 * @param {number} from
 * @param {number} to
 * @returns {Outcome} */
export function moveClick(view, from, to) {
  const hint = view.moves.find((m) => m.from === from && m.to === to);
  if (!hint) {
    return { kind: "check",
      action: { type: "move", player: view.actor, from, to, supporters: [] } };
  }
  switch (hint.click) {
    case "refused": return { kind: "refused", hint };
    case "move": return { kind: "act", action: hint.move };
    case "supporters": return { kind: "supporters", hint };
    default: return { kind: "move-dialog", hint };  // "request" or "choose"
  }
}

/** A click on the laurel space of path `path`: Caesar goes there, as the turn's action or the
 * bonus (R7.3, R8); the engine refuses a path he cannot take.
 * @param {View} view
 * @param {number} path
 * @param {BoardFacts} board
 * @returns {Outcome} */
export function spaceClick(view, path, board) {
  if (!view || !["action", "consent", "bonus"].includes(view.stage) || !actorDecides(view)) {
    return NOTHING;
  }
  const p = board.paths[path];
  if (!p) return NOTHING;
  return { kind: "act", action: { type: "caesar", player: view.actor, from: p.from, to: p.to } };
}

/**
 * What the board highlights for the actor's decision: the offices that may be selected or
 * added to, Caesar's targets, and from the selected office each destination and path as
 * "free", "consent" or "blocked". Inert when the decision is not the actor's.
 * @param {View} view
 * @param {number | null} selected
 * @returns {{inert?: boolean, selected: number | null, selectable?: Set<number>,
 *   addable?: Set<number>, caesarTargets?: Set<number>, dest?: Map<number, string>,
 *   routes?: Map<number, string>}}
 */
export function choiceMarks(view, selected) {
  // an asked player answers: nothing on the board is theirs to click
  if (!actorDecides(view)) return { inert: true, selected: null };
  /** @type {ReturnType<typeof choiceMarks>} */
  const marks = { selected };
  if (view.stage === "action" || view.stage === "consent") {
    marks.selectable = new Set(view.moves.map((m) => m.from));
    if (view.adds.length) marks.addable = new Set(view.adds);
    marks.caesarTargets = new Set(view.caesar_targets.map((x) => x.path));
    if (selected !== null) {
      marks.dest = new Map();
      marks.routes = new Map();
      for (const m of hintsFrom(view, selected)) {
        const kind = !m.possible ? "blocked" : m.free ? "free" : "consent";
        marks.dest.set(m.to, kind);
        marks.routes.set(m.path, kind);
      }
    }
  } else if (view.stage === "bonus") {
    marks.caesarTargets = new Set(view.caesar_targets.map((x) => x.path));
  } else if (view.stage === "council") {
    marks.selectable = new Set(view.retire);
  }
  return marks;
}
