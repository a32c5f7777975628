// The Palatinus scoring's words (web/palatinus/words.js): an inhabitant that several condottieri
// capture counts once (P6a, docs/palatinus-rulings.md ruling 7), and the narration says so,
// with the discs of 1 the other players take. Run by tests/test_js_units.py (`node --test`).

import { test } from "node:test";
import assert from "node:assert/strict";

import { stepText } from "../../web/palatinus/words.js";

const NAMES = ["Marcus", "Livia", "Gaius"];
const CAPTIVE = { step: "captive", hill: "B", terrain: 37, colour: 1, kind: "farmer", to: 1,
  by: [36], discs: [] };

test("a captive of one condottiero goes to its owner, in so many words", () => {
  assert.equal(stepText(CAPTIVE, NAMES), "The blue farmer of terrain 37 goes to Livia.");
});

test("a captive of two condottieri of one player counts once (P6a, ruling 7)", () => {
  const text = stepText({ ...CAPTIVE, by: [36, 38] }, NAMES);
  assert.match(text, /captured by 2 condottieri, counts once: it goes to Livia/);
  assert.doesNotMatch(text, /disc/);
});

test("the other players whose condottieri took it are each named with their disc of 1", () => {
  const text = stepText({ ...CAPTIVE, by: [36, 38, 40], discs: [0, 2] }, NAMES);
  assert.match(text, /captured by 3 condottieri, counts once: it goes to Livia/);
  assert.match(text, /Marcus and Gaius each take a disc of 1\.$/);
  assert.match(stepText({ ...CAPTIVE, by: [36, 38], discs: [2] }, NAMES),
    /Gaius takes a disc of 1\.$/);
});

// A playtest could not check the scoring from its lines: what a condottiero counted beside it,
// and where each inhabitant that made a player's influence stands (P6a, P6b).
test("a capture and a flight say what the condottiero counted beside it (P6a)", () => {
  const capture = { step: "capture", hill: "C", condottiero: 20, owner: 0, merchants: 2,
    farmers: 1, group: "merchant", captives: [{}, {}] };
  assert.equal(stepText(capture, NAMES),
    "Marcus's condottiero on terrain 20 captures 2 inhabitants (beside it: merchants 2, farmers 1).");
  const flee = { step: "flee", hill: "C", condottiero: 20, owner: 1, merchants: 1, farmers: 1 };
  assert.equal(stepText(flee, NAMES),
    "Livia's condottiero on terrain 20 flees (beside it: merchants 1, farmers 1).");
});

test("an influence names the terrain of each inhabitant that makes it (P6b)", () => {
  const influence = { step: "influence", hill: "A", player: 0, total: 8, parts: [
    { terrain: 12, kind: "merchant", points: 3 }, { terrain: 14, kind: "merchant", points: 5 }] };
  assert.equal(stepText(influence, NAMES),
    "Marcus: influence 8 on hill A (merchant on terrain 12: 3 + merchant on terrain 14: 5).");
});
