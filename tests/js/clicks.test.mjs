// What a click on the board means (web/turn/clicks.js), from a view's listed choices only: which
// clicks give which action, which open which dialog, and which give nothing (R4-R8).
// Run by tests/test_js_units.py (`node --test`).

import { test } from "node:test";
import assert from "node:assert/strict";

import { actorDecides, choiceMarks, moveClick, officeClick, spaceClick }
  from "../../web/turn/clicks.js";

/** The board's facts: entry offices 0-3 (R2), two paths for Caesar's spaces, and a way out of
 * the offices the views below hold (none out of the Senate, office 13). */
const BOARD = { entryOffices: [0, 1, 2, 3], paths: [{ from: 0, to: 4 }, { from: 4, to: 7 },
  { from: 1, to: 4 }, { from: 2, to: 5 }, { from: 3, to: 7 }, { from: 5, to: 8 }] };

function hint(from, to, click, extra = {}) {
  return { path: 0, from, to, needed: 0, caesar: false, own_spare: 0, click, move: null,
    request: null, asked: [], error: null, caesar_frees: false, possible: click !== "refused",
    free: click === "move", ...extra };
}

/** An action-stage view at seat 0's turn: its senator in office 3, Bruno's in office 5. */
function turnView(extra = {}) {
  const offices = Array.from({ length: 14 }, () => []);
  offices[3] = [0];
  offices[5] = [1];
  return {
    stage: "action", actor: 0, current: 0, waiting_for: [0],
    decision: { seat: 0, stage: "action", kind: "turn" },
    offices, adds: [0, 1, 2, 3], retire: [],
    caesar_targets: [{ path: 0, from: 0, to: 4 }],
    moves: [
      hint(3, 7, "move", { path: 1, move: { type: "move", player: 0, from: 3, to: 7, supporters: [] } }),
      hint(3, 8, "request", { path: 2, needed: 1, asked: [1],
        request: { type: "request", player: 0, from: 3, to: 8 } }),
      hint(3, 9, "refused", { path: 3, error: { rule: "R6.5", code: "caesar_blocks",
        message: "Caesar blocks", params: {} } }),
    ],
    ...extra,
  };
}

test("R4: a click on the actor's own senator selects it, a second click deselects", () => {
  const view = turnView();
  assert.deepEqual(officeClick(view, null, 3, BOARD), { kind: "select", office: 3 });
  assert.deepEqual(officeClick(view, 3, 3, BOARD), { kind: "select", office: null });
});

test("R4: a senator in the Senate never leaves it: a click on it says so, selecting nothing", () => {
  const view = turnView();
  view.offices[13] = [0];
  assert.deepEqual(officeClick(view, null, 13, BOARD), { kind: "say", key: "turn.inSenate", seat: 0,
    office: 13 });
  // a senator selected elsewhere: the Senate is its destination, not a selection
  assert.equal(officeClick(view, 3, 13, BOARD).kind, "check");
});

test("R6: with a senator selected, a destination's hint says what the click plays", () => {
  const view = turnView();
  assert.deepEqual(officeClick(view, 3, 7, BOARD),
    { kind: "act", action: { type: "move", player: 0, from: 3, to: 7, supporters: [] } });
  const request = officeClick(view, 3, 8, BOARD);
  assert.equal(request.kind, "move-dialog");
  assert.equal(request.hint.to, 8);
  const refused = officeClick(view, 3, 9, BOARD);
  assert.equal(refused.kind, "refused");
  assert.equal(refused.hint.error.code, "caesar_blocks");
});

test("R6.4: the open request's destination opens the supporters' pick", () => {
  const view = turnView({ stage: "consent",
    decision: { seat: 0, stage: "consent", kind: "supporters" },
    moves: [hint(3, 8, "supporters")] });
  assert.equal(officeClick(view, 3, 8, BOARD).kind, "supporters");
});

test("R4: a destination no hint lists is checked by the engine, never played", () => {
  const view = turnView();
  assert.deepEqual(officeClick(view, 3, 12, BOARD), { kind: "check",
    action: { type: "move", player: 0, from: 3, to: 12, supporters: [] } });
  assert.deepEqual(moveClick(view, 5, 6), { kind: "check",
    action: { type: "move", player: 0, from: 5, to: 6, supporters: [] } });
});

test("R5: with a senator selected, an entry office it cannot reach still adds one there", () => {
  const view = turnView();
  assert.deepEqual(officeClick(view, 3, 1, BOARD),
    { kind: "act", action: { type: "add", player: 0, office: 1 } });
});

test("R5: an entry office without the actor's senator adds one; another office says why not", () => {
  const view = turnView();
  assert.deepEqual(officeClick(view, null, 1, BOARD),
    { kind: "act", action: { type: "add", player: 0, office: 1 } });
  assert.deepEqual(officeClick(view, null, 5, BOARD),
    { kind: "say", key: "turn.noSenator", seat: 0, office: 5 });
});

test("R5: on a phone, the actor's own entry office with a free seat asks add or move", () => {
  const offices = turnView().offices.map((o, i) => (i === 2 ? [0] : o));
  const view = turnView({ offices });
  assert.deepEqual(officeClick(view, null, 2, { ...BOARD, narrow: true }),
    { kind: "entry", office: 2 });
  assert.deepEqual(officeClick(view, null, 2, BOARD), { kind: "select", office: 2 });
});

test("R6.3: while an asked player answers, the mover's board clicks give nothing", () => {
  const view = turnView({ stage: "consent", waiting_for: [1],
    decision: { seat: 1, stage: "consent", kind: "answer" } });
  assert.equal(actorDecides(view), false);
  for (const office of [1, 3, 7, 8]) {
    assert.deepEqual(officeClick(view, null, office, BOARD), { kind: "none" });
    assert.deepEqual(officeClick(view, 3, office, BOARD), { kind: "none" });
  }
  assert.deepEqual(spaceClick(view, 0, BOARD), { kind: "none" });
  assert.deepEqual(choiceMarks(view, 3), { inert: true, selected: null });
});

test("no decision (the game is over): nothing to click", () => {
  const view = turnView({ stage: "over", actor: null, decision: null, waiting_for: [] });
  assert.deepEqual(officeClick(view, null, 3, BOARD), { kind: "none" });
  assert.deepEqual(spaceClick(view, 0, BOARD), { kind: "none" });
});

test("R8, R7.3: a laurel space moves Caesar there, in a turn or as the bonus, not in council", () => {
  const caesar = { kind: "act", action: { type: "caesar", player: 0, from: 4, to: 7 } };
  assert.deepEqual(spaceClick(turnView(), 1, BOARD), caesar);
  const bonus = turnView({ stage: "bonus", decision: { seat: 0, stage: "bonus", kind: "bonus" } });
  assert.deepEqual(spaceClick(bonus, 1, BOARD), caesar);
  assert.deepEqual(officeClick(bonus, null, 3, BOARD), { kind: "say", key: "turn.bonusClick" });
  const council = turnView({ stage: "council", retire: [3],
    decision: { seat: 0, stage: "council", kind: "council" } });
  assert.deepEqual(spaceClick(council, 1, BOARD), { kind: "none" });
  assert.deepEqual(spaceClick(turnView(), 99, BOARD), { kind: "none" });
});

test("R12: in the council a click on an office retires from it (the engine judges it)", () => {
  const view = turnView({ stage: "council", retire: [3],
    decision: { seat: 0, stage: "council", kind: "council" } });
  assert.deepEqual(officeClick(view, null, 3, BOARD),
    { kind: "act", action: { type: "retire", player: 0, office: 3 } });
  assert.deepEqual([...choiceMarks(view, null).selectable], [3]);
});

test("the marks: selectable offices, and each destination of the selected one by its kind", () => {
  const marks = choiceMarks(turnView(), 3);
  assert.deepEqual([...marks.selectable], [3]);
  assert.deepEqual([...marks.addable], [0, 1, 2, 3]);
  assert.deepEqual([...marks.caesarTargets], [0]);
  assert.deepEqual([...marks.dest], [[7, "free"], [8, "consent"], [9, "blocked"]]);
  assert.equal(choiceMarks(turnView(), null).dest, undefined);
});
