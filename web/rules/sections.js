// The rules reference's sections: one anchor id per section, the same in every language
// (rules/en.html, it.html, fr.html, es.html). Ids follow the rule numbers of the
// specification (R6 -> "r6", R6.2 -> "r6-2", variant V2 -> "v2"), so a dialog can open the
// reference at the rule it is about: rulesUrl("r6-2") in ../rules-link.js.
// tests/test_rules_pages.py checks that every page holds every id listed here.

/** The languages of the reference, in the order of its language switcher. */
export const RULES_LANGUAGES = ["en", "it", "fr", "es"];

/** Section ids with what they hold. */
export const SECTIONS = {
  play: "How to play: a first game",
  "play-goal": "the aim of the game",
  "play-setup": "starting a game on this table",
  "play-turn": "a turn: one action",
  "play-consent": "a vote in a 3-seat office (diagram)",
  "play-caesar": "Caesar on a path (diagram)",
  "play-senate": "the Senate filling up (diagram)",
  "play-screen": "one screen, secret laurels",
  reference: "Rules reference",
  r1: "R1 Components",
  r2: "R2 The board",
  r3: "R3 Set-up",
  r4: "R4 A turn",
  r5: "R5 Add a senator",
  r6: "R6 Move a senator",
  "r6-1": "R6.1 1-seat office: free",
  "r6-2": "R6.2 3- and 5-seat offices: consents needed",
  "r6-3": "R6.3 who consents",
  "r6-4": "R6.4 more supporters than needed",
  "r6-5": "R6.5 Caesar on the path: no vote",
  r7: "R7 Laurels for moving and for consent",
  "r7-1": "R7.1 the laurel on the path",
  "r7-2": "R7.2 rewards for consent",
  "r7-3": "R7.3 Caesar laurel: bonus move of Caesar",
  "r7-4": "R7.4 Caesar on the path: nobody earns",
  r8: "R8 Caesar",
  r9: "R9 End and winner",
  "r9-1": "R9.1 the fifth Senate seat ends the game",
  "r9-2": "R9.2 arrival order in the Senate",
  "r9-3": "R9.3 the winner and ties",
  r10: "R10 Secrecy",
  r11: "R11 Negotiation",
  "r11-offers": "R11 what may be offered",
  "r11-binding": "R11 what binds",
  "r11-horizon": "R11 the promise horizon (turn, next, two)",
  r12: "R12 Variants",
  v1: "V1 Scarce laurels",
  v2: "V2 Open hoards",
  v3: "V3 Appeal to the council",
  r13: "R13 Rulings where the documents are silent",
  rulings: "This edition's rulings",
  "rulings-turn": "rulings: turn and consent",
  "rulings-caesar": "rulings: laurels and Caesar",
  "rulings-deals": "rulings: deals",
  "rulings-promises": "rulings: promises",
  "rulings-variants": "rulings: variants",
  "rulings-secrecy": "rulings: secrecy and saves",
};
