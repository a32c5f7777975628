// The log in the chosen language, worded from the engine's structured events (docs/protocol.md
// "Events") rather than from the engine's English text. English says what qvcore/describe.py
// says. Secrecy (R10, rulings.md #20): a taken laurel is never named ("took": true only), and
// tokens paid in deals appear as counts; kinds are worded only by termsWords(..., {kinds: true})
// for the two parties of a deal (the terms dialog), never by eventWords.

import { t, listText, getLanguage } from "./i18n.js";

/** The name of seat q ("Player 3" if the names do not reach it). */
function nameOf(names, q) {
  return names[q] ?? t("newGame.player", { n: Number(q) + 1 });
}

function countOf(paid) {
  return Array.isArray(paid) ? paid.length : Number(paid) || 0;
}

/**
 * Deal terms in words. mover/consenter are the payers' words (names, or by default "the
 * mover" / "the consenter", as the log says). Token kinds only with {kinds: true} and a list.
 */
export function termsWords(terms, names, { mover = null, consenter = null, kinds = false,
  lang = getLanguage() } = {}) {
  const parts = termParts(terms, names, { mover, consenter, kinds, lang });
  return parts.length ? parts.join(t("terms.separator", {}, lang)) : t("terms.none", {}, lang);
}

/** Whether terms say anything (the engine takes an offer of nothing for no offer, R11). */
export function hasTerms(terms) {
  return termParts(terms, [], {}).length > 0;
}

/** Each term in words (termsWords' parts). */
function termParts(terms, names, { mover = null, consenter = null, kinds = false,
  lang = getLanguage() }) {
  const parts = [];
  const payer = {
    mover_pays: mover ?? t("terms.payer.mover", {}, lang),
    consenter_pays: consenter ?? t("terms.payer.consenter", {}, lang),
  };
  for (const key of ["mover_pays", "consenter_pays"]) {
    const paid = terms[key];
    const count = countOf(paid);
    if (!count) continue;
    if (kinds && Array.isArray(paid)) {
      parts.push(t("terms.paysKinds", { payer: payer[key], count: paid.length,
        kinds: listText(paid.map((k) => t(`laurel.kind.${k}`, {}, lang)), lang) }, lang));
    } else {
      parts.push(t("terms.pays", { payer: payer[key], count }, lang));
    }
  }
  if (terms.split) parts.push(splitWords(terms.split_tokens, payer, lang));
  if (terms.caesar) parts.push(t("terms.caesar", { from: terms.caesar.from, to: terms.caesar.to }, lang));
  for (const p of terms.promises ?? []) {
    const by = nameOf(names, p.by);
    const player = nameOf(names, p.player);
    if (p.kind === "caesar") {
      parts.push(t("terms.promise.caesar", { by, player, from: p.caesar.from, to: p.caesar.to }, lang));
    } else {
      parts.push(t(p.kind === "consent" ? "terms.promise.consent" : "terms.promise.refuse",
        { by, player }, lang));
    }
  }
  return parts;
}

/** A split (R11) in words; once carried out, with how many tokens each side handed over (a
 * count, public as any payment's; never their kinds, R10). */
function splitWords(tokens, payer, lang) {
  if (!tokens) return t("terms.split", {}, lang);
  const given = [["mover_pays", tokens.mover_gave], ["consenter_pays", tokens.consenter_gave]]
    .filter(([, count]) => count > 0)
    .map(([key, count]) => t("terms.splitGives", { payer: payer[key], count }, lang));
  return t("terms.splitDone", { exchange: given.length ? listText(given, lang)
    : t("terms.splitNothing", {}, lang) }, lang);
}

function supportersWords(mover, supporters, names, lang) {
  const seen = [...new Set(supporters)];
  return listText(seen.map((q) => {
    const count = supporters.filter((x) => x === q).length;
    return q === mover ? t("event.support.own", { count }, lang)
      : t("event.support.other", { name: nameOf(names, q), count }, lang);
  }), lang);
}

function moveWords(e, who, names, lang) {
  const where = { name: who, from: e.from, to: e.to };
  const out = [];
  if (e.caesar) out.push(t("event.move.caesar", where, lang));
  else if (e.supporters?.length) {
    out.push(t("event.move.support",
      { ...where, supporters: supportersWords(e.player, e.supporters, names, lang) }, lang));
  } else out.push(t("event.move", where, lang));
  if (e.took) {
    // R10: the laurel taken stays unnamed; its public replacement is named
    out.push(e.replaced_by ? t("event.took", { laurel: t(`laurel.a.${e.replaced_by}`, {}, lang) }, lang)
      : t("event.took.empty", {}, lang));
  }
  for (const [q, count] of Object.entries(e.rewards ?? {})) {
    out.push(t("event.reward", { name: nameOf(names, Number(q)), count }, lang));
  }
  for (const deal of e.deals ?? []) {
    out.push(t("event.deal", { name: nameOf(names, deal.with), terms: termsWords(deal, names, { lang }) },
      lang));
  }
  if (e.senate_entry) {
    out.push(t("event.senate", { ordinal: t(`ordinal.${e.senate_entry}`, {}, lang) }, lang));
  }
  if (e.bonus) out.push(t("event.bonus", {}, lang));
  return out;
}

function requestWords(e, who, names, lang) {
  const out = [t("event.request", { name: who, asked: listText(e.asked.map((q) => nameOf(names, q)), lang),
    from: e.from, to: e.to, count: e.needed }, lang)];
  for (const [q, terms] of Object.entries(e.offers ?? {})) {
    out.push(t("event.offer", { name: nameOf(names, Number(q)), terms: termsWords(terms, names, { lang }) },
      lang));
  }
  return out;
}

function answerWords(e, who, names, lang) {
  if (!e.consents) return [t("event.refuse", { name: who }, lang)];
  if (e.terms && Object.keys(e.terms).length) {
    return [t("event.agree.terms", { name: who, count: e.consents,
      terms: termsWords(e.terms, names, { lang }) }, lang)];
  }
  return [t("event.agree", { name: who, count: e.consents }, lang)];
}

const WORDS = {
  add: (e, who, names, lang) => [t("event.add", { name: who, office: e.office }, lang)],
  move: moveWords,
  request: requestWords,
  answer: answerWords,
  withdraw: (e, who, names, lang) => [t("event.withdraw", { name: who, from: e.from, to: e.to }, lang)],
  caesar: (e, who, names, lang) => [t(e.bonus ? "event.caesar.bonus" : "event.caesar",
    { name: who, from: e.from, to: e.to }, lang)],
  decline: (e, who, names, lang) => [t("event.decline", { name: who }, lang)],
  reveal: (e, who, names, lang) => [t("event.reveal", { name: who }, lang)],
  retire: (e, who, names, lang) => {
    const out = [t("event.retire", { name: who, office: e.office }, lang)];
    if (e.next_game) out.push(t("event.nextGame", { game: e.next_game }, lang));
    return out;
  },
};

/** The event types this module words (every type of docs/protocol.md "Actions"). */
export const EVENT_TYPES = Object.keys(WORDS);

/** One event in words, in the current language (or lang); names are the seats' names. */
export function eventWords(event, names, lang = getLanguage()) {
  const words = WORDS[event.type];
  if (!words) return t("event.unknown", { type: String(event.type) }, lang);
  const who = nameOf(names, event.player);
  const out = words(event, who, names, lang);
  // R13: the request this action replaced, its answers void
  if (event.dropped) out.unshift(WORDS.withdraw(event.dropped, who, names, lang)[0]);
  const over = event.game_over;
  if (over) {
    if (over.winner !== null && over.winner !== undefined) {
      const totals = over.totals.map((total, q) => t("event.total", { name: nameOf(names, q), total }, lang));
      out.push(t("event.over", { name: nameOf(names, over.winner), totals: totals.join(", ") }, lang));
    } else {
      out.push(t("event.over.noWinner", {}, lang));
    }
  }
  if (event.series_over) out.push(t("event.series", { name: nameOf(names, event.series_over.winner) }, lang));
  return out.join(" ");
}
