// Consent (R6.2-R6.5, R7, R11): the mover's choice between own consent and a request (with
// optional offers), each asked player's answer, the mover's pick of supporters, and the
// Caesar chooser. Each dialog is addressed to the player who decides in it. Every text is in
// the chosen language (i18n.js); the engine's refusals are worded from their codes.

import { h } from "../panels/dom.js";
import { openDialog } from "../panels/dialogs.js";
import { openTermsComposer, termsText } from "./terms.js";
import { t, listText } from "../words/i18n.js";
import { hasTerms } from "../words/event-words.js";
import { dockAway } from "../board/board-motion.js";

/** @typedef {import("qvcore-protocol").View} View */
/** @typedef {import("qvcore-protocol").ActionData} ActionData */
/** @typedef {import("qvcore-protocol").ErrorData} ErrorData */
/** @typedef {{ok: boolean, view?: View, error?: ErrorData}} Reply */

/**
 * What the consent and terms dialogs need from the table (wired once, in app.js).
 * @typedef {object} DialogTable
 * @property {() => View} view  the onlooker's view
 * @property {(seat: number) => string} name
 * @property {(seat: number) => import("../panels/dialogs.js").Addressee} addressee  whom
 *   a seat's dialog is for
 * @property {(seat: number) => Reply} seatView  one seat's own view, asked when it decides
 * @property {(seat: number) => ({hoard: string[], total: number} | null)} hoard  a seat's own
 *   laurels, for the dialog addressed to it only
 * @property {(action: ActionData) => Reply} check  the engine's verdict, nothing played
 * @property {(action: ActionData, options?: {quiet?: boolean}) => Reply} act
 * @property {(words: string | (() => string), kind?: string, place?: string) => void} say
 * @property {(error: ErrorData) => string} refusal  an engine's refusal in words
 * @property {(seat: number) => void} look  a seat looks at its own laurels
 * @property {() => object} boardSvg  the drawn board (a dialog docks away from a path)
 */

function laurelWords(kind) {
  return kind ? t("consent.laurel.on", { laurel: t(`laurel.kind.${kind}`) }) : t("consent.laurel.none");
}

/** The mover chose a destination that needs consent (R6.2): own senators or a request. The
 * engine's hint names both actions (hint.move with the own supporters, hint.request) and
 * the order in which the request asks (hint.asked).
 * @param {DialogTable} table
 * @param {import("qvcore-protocol").Hint} hint */
export function openMoveDialog(table, hint) {
  const mover = table.view().actor;
  const asked = hint.asked;
  const offers = {};
  const offerList = h("ul", { class: "offers" });
  const showOffers = () => {
    // each button is named by its words and the offer beside it: "Make an offer… Offer to
    // Gaius: none" (alone, every player's button read alike)
    offerList.replaceChildren(...asked.map((q) => h("li", {},
      h("span", { id: `offer-to-${q}` }, t("consent.offer.to", { name: table.name(q) }),
        offers[q] ? termsText(table, offers[q], mover, q) : t("consent.offer.none")), " ",
      h("button", { type: "button", class: "btn small", id: `offer-edit-${q}`,
        "aria-labelledby": `offer-edit-${q} offer-to-${q}`, "data-testid": `offer-edit-${q}`,
        onclick: () => composeOffer(q) }, offers[q] ? t("consent.offer.change") : t("consent.offer.make")))));
  };
  const composeOffer = (q) => openTermsComposer(table, {
    composer: mover, mover, consenter: q, from: hint.from, to: hint.to, laurel: hint.laurel,
    initial: offers[q], title: () => t("consent.offer.title", { name: table.name(q) }),
    submitLabel: () => t("consent.offer.keep"),
    submit: (terms) => {
      const probe = { ...hint.request, offers: { ...stringKeys(offers), [q]: terms } };
      const reply = table.check(probe);
      if (!reply.ok) return table.refusal(reply.error);
      if (hasTerms(terms)) offers[q] = terms;
      else delete offers[q];  // an offer of nothing is no offer (R11)
      showOffers();
      return null;
    },
  });
  showOffers();
  const body = [
    h("p", {}, t("consent.move.needs", { from: hint.from, to: hint.to, count: hint.needed,
      laurel: laurelWords(hint.laurel) })),
    h("p", {}, t(hint.own_spare ? "consent.move.othersOwn" : "consent.move.others", {
      list: listText(asked.map((q) => t("consent.move.otherCount", { name: table.name(q), count: hint.others[q] }))),
      own: hint.own_spare })),
  ];
  // a refusal promised to the mover binds now (R11; promises are public): that answer is known
  const promises = table.view().promises ?? [];
  const refusing = asked.filter((q) => promises.some((p) => p.kind === "refuse" && p.by === q
    && p.player === mover));
  if (refusing.length) {
    body.push(h("p", { class: "note", "data-testid": "move-refusals" }, t("consent.move.promisedRefuse",
      { list: listText(refusing.map((q) => table.name(q))), count: refusing.length })));
  }
  if (hint.request) {
    body.push(h("details", { class: "offers-box" }, h("summary", { "data-testid": "offers-toggle" },
      t("consent.move.offers")), offerList));
  }
  const actions = [];
  if (hint.move) {
    actions.push({ label: t("consent.move.own", { count: hint.needed }), kind: "primary",
      testid: "move-own", onClick: (d) => {
        const reply = table.act(hint.move, { quiet: true });
        if (!reply.ok) d.error(table.refusal(reply.error)); else d.close();
      } });
  }
  if (hint.request) {
    actions.push({ label: t("consent.move.ask", { names: listText(asked.map((q) => table.name(q))) }),
      kind: hint.move ? "" : "primary",
      testid: "ask-consent", onClick: (d) => {
        const action = { ...hint.request };
        if (Object.keys(offers).length) action.offers = stringKeys(offers);
        d.close();
        const reply = table.act(action, { quiet: true });
        if (!reply.ok) table.say(() => table.refusal(reply.error), "error");
      } });
  }
  actions.push({ label: t("consent.cancel"), testid: "move-cancel", kind: "quiet", onClick: (d) => d.close() });
  return openDialog({ title: t("consent.move.title", { from: hint.from, to: hint.to }), to: table.addressee(mover),
    testid: "move-dialog", body, actions, rules: "r6-2" });
}

function stringKeys(obj) {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [String(k), v]));
}

/** An asked player's answer to the open request in words ("Gaius agrees (1 consent) on
 * terms"), or that it has not come yet: the turn panel's list and the answer dialog's.
 * @param {{consents: number, terms?: object} | undefined} answer @param {string} name */
export function answerWords(answer, name) {
  if (!answer) return t("turn.answer.waiting", { name });
  if (!answer.consents) return t("turn.answer.refuses", { name });
  return t(answer.terms && Object.keys(answer.terms).length ? "turn.answer.agreesTerms"
    : "turn.answer.agrees", { name, count: answer.consents });
}

/** An asked player answers a request: agree, refuse, or agree on terms (R6.3, R11).
 * @param {DialogTable} table
 * @param {number} seat */
export function openAnswerDialog(table, seat) {
  const view = table.view();
  const own = table.seatView(seat);
  if (!own.ok) return null;
  const r = own.view.request;
  const legal = own.view.legal.filter((a) => a.type === "answer" && a.player === seat);
  const choices = legal.map((a) => a.consents);
  const mover = view.current;
  const asked = r.asked.find((a) => a.player === seat);
  const senators = asked?.senators ?? 0;
  /** the consents it may give on terms of its own (none under a binding promise, R11) */
  const withTerms = asked?.with_terms ?? [];
  const offer = r.offers[String(seat)];
  const promise = view.promises.find((p) => p.by === seat && p.player === mover
    && (p.kind === "consent" || p.kind === "refuse"));
  // the question, then what is offered for an answer (on a phone the body shows a few lines:
  // the offer first, the reward and the laurel at stake after it)
  const body = [
    h("p", { "data-testid": "answer-question" }, t("consent.answer.question",
      { mover: table.name(mover), from: r.from, to: r.to, count: r.needed }), " ",
    t("consent.answer.yours", { count: senators })),
  ];
  // the answers already given, which weigh in this one
  const given = r.asked.filter((a) => String(a.player) in r.answers);
  if (given.length) {
    body.push(h("p", { "data-testid": "answer-others" }, t("consent.answer.others", {
      answers: listText(given.map((a) => answerWords(r.answers[String(a.player)],
        table.name(a.player)))) })));
  }
  if (offer) {
    body.push(h("p", { class: "offer", "data-testid": "answer-offer" },
      t("consent.answer.offer", { mover: table.name(mover), terms: termsText(table, offer, mover, seat) })));
  }
  if (offer) {
    body.push(h("p", { class: "offer-numbers", "data-testid": "answer-offer-numbers" },
      offerNumbers(asked?.gains ?? [])));
  }
  // a split whose exact change the two hoards cannot make, however many consents (the view's
  // gains judge it from this seat's knowledge, rulings.md #9)
  const splits = (asked?.gains ?? []).filter((g) => g.split);
  if (offer && splits.length && splits.every((g) => g.split?.change === false)) {
    body.push(h("p", { class: "note", "data-testid": "answer-no-change" },
      t("consent.answer.noChange", { mover: table.name(mover) })));
  }
  if (offer && senators > 0 && !choices.some((c) => c > 0) && !promise) {
    body.push(h("p", { class: "note", "data-testid": "answer-cannot-pay" }, t(withTerms.length
      ? "consent.answer.cannotPayCounter" : "consent.answer.cannotPay")));
  }
  if (promise) {
    body.push(h("p", { class: "note" }, t(promise.kind === "consent" ? "consent.answer.promisedConsent"
      : "consent.answer.promisedRefuse", { name: table.name(mover) })));
  }
  body.push(h("p", { "data-testid": "answer-pool" }, t(poolKey(view.pool, r.needed - r.own_spare),
    { pool: view.pool })),
  h("p", {}, t("consent.answer.laurel", { laurel: laurelWords(r.laurel) })));
  const act = (d, action) => {
    const reply = table.act(action, { quiet: true });
    if (!reply.ok) d.error(table.refusal(reply.error));
  };
  const actions = [];
  const most = Math.max(0, ...choices);
  for (const c of [...choices].sort((a, b) => b - a)) {
    if (c === 0) continue;
    actions.push({ label: c === 1 ? t(most > 1 ? "consent.agreeOne" : "consent.agree") : t("consent.agreeBoth"),
      kind: "primary", testid: c === 1 ? "answer-agree" : "answer-agree-2",
      onClick: (d) => act(d, { type: "answer", player: seat, consents: c }) });
  }
  if (withTerms.length) {
    actions.push({ label: t("consent.agreeTerms"), testid: "answer-terms", onClick: (d) => openTermsComposer(table, {
      composer: seat, mover, consenter: seat, from: r.from, to: r.to, laurel: r.laurel,
      title: () => t("consent.terms.title", { name: table.name(mover) }),
      submitLabel: () => t("consent.terms.submit"),
      consents: withTerms, initial: offer,
      submit: (terms, consents) => {
        /** @type {ActionData} */
        const action = { type: "answer", player: seat, consents, terms };
        const check = table.check(action);
        if (!check.ok) return table.refusal(check.error);
        d.close();
        const reply = table.act(action, { quiet: true });
        if (!reply.ok) table.say(() => table.refusal(reply.error), "error");
        return null;
      },
    }) });
  }
  if (choices.includes(0)) {
    actions.push({ label: t("consent.refuse"), testid: "answer-refuse", kind: "danger",
      onClick: (d) => act(d, { type: "answer", player: seat, consents: 0 }) });
  }
  actions.push({ label: t("consent.look"), testid: "answer-look", kind: "quiet",
    onClick: () => table.look(seat) });
  actions.push({ label: t("consent.notNow"), testid: "answer-later", kind: "quiet", onClick: (d) => d.close() });
  const handle = openDialog({ title: t("consent.answer.title", { name: table.name(mover) }),
    to: table.addressee(seat), testid: "answer-dialog", body, actions, rules: "r6-3" });
  dockAway(handle.el, table.boardSvg(), r.from, r.to);  // the path asked about stays in sight
  return handle;
}

/** What the mover's offer gives the asked player, in points, from the view's `gains` (the
 * engine's sums per count of consents: the laurels paid either way, the I rewards while the
 * pool lasts, a split's share, R7.2, R11): for one consent, then for both senators' where the
 * player has two in the office.
 * @param {{consents: number, points: number,
 *   split: {total: number, share: number, change: boolean} | null}[]} gains */
export function offerNumbers(gains) {
  const [one, both] = gains;
  if (!one) return "";
  const parts = [];
  if (one.split && one.split.total > 0) {
    parts.push(t("consent.offer.split", { you: one.split.share, total: one.split.total }));
  }
  parts.push(one.points >= 0 ? t("consent.offer.inAll", { count: one.points })
    : t("consent.offer.inAllCost", { count: -one.points }));
  if (both && both.points < 0) parts.push(t("consent.offer.bothCost", { count: -both.points }));
  else if (both && both.split && both.split.total > 0) {
    parts.push(t("consent.offer.bothSplit",
      { you: both.split.share, total: both.split.total, count: both.points }));
  } else if (both) parts.push(t("consent.offer.both", { count: both.points }));
  return parts.join(" ");
}

/** What the reward pool gives an asked player for a consent (R7.2): one I laurel each, none
 * once it is empty, and with fewer left than the other players' consents the move takes, the
 * one the mover names first (rulings.md #22).
 * @param {number} pool @param {number} othersNeeded */
function poolKey(pool, othersNeeded) {
  if (pool === 0) return "consent.answer.poolEmpty";
  return pool < othersNeeded ? "consent.answer.poolLast" : "consent.answer.pool";
}

/** All asked players have answered: the mover picks exactly the needed supporters (R6.4).
 * @param {DialogTable} table */
export function openSupportersDialog(table) {
  const view = table.view();
  const mover = view.current;
  const own = table.seatView(mover);
  if (!own.ok) return null;
  const r = own.view.request;
  const moves = r.ways;
  const rows = r.asked.map((a) => {
    const answer = r.answers[String(a.player)];
    const name = table.name(a.player);
    const terms = answer?.terms && Object.keys(answer.terms).length
      ? termsText(table, answer.terms, mover, a.player) : "";
    // terms of its own in answer to an offer: a counter-offer (R11), said as one; an offer
    // taken as it stands is kept by the engine as the answer's terms, the same as the view's
    const offered = r.offers?.[String(a.player)];
    const countered = offered && hasTerms(offered)
      && JSON.stringify(offered) !== JSON.stringify(answer?.terms);
    const offer = terms && countered ? termsText(table, offered, mover, a.player) : "";
    const key = offer ? "consent.supporters.counter"
      : terms ? "consent.supporters.agreesTerms" : "consent.supporters.agrees";
    const words = !answer ? t("consent.supporters.waiting", { name }) : answer.consents
      ? t(key, { name, count: answer.consents, terms, offer })
      : t("consent.supporters.refuses", { name });
    return h("li", {}, words);
  });
  const body = [
    h("p", {}, t("consent.supporters.request", { from: r.from, to: r.to, count: r.needed })),
    h("ul", { class: "answers" }, rows),
  ];
  // why no way to move is left: too few consents, or a deal that cannot be carried out
  // (the engine's refusal, in the mover's view only)
  const blocked = !moves.length && r.move_refusal && r.move_refusal.code !== "needs_consent"
    ? r.move_refusal : null;
  if (blocked) {
    body.push(h("p", { class: "note", "data-testid": "no-supporters" },
      t("consent.supporters.blocked", { reason: table.refusal(blocked) })));
  } else if (!moves.length) {
    body.push(h("p", { class: "note", "data-testid": "no-supporters" },
      t("consent.supporters.notEnough")));
  } else {
    // the ways to move are the buttons below: one is no choice, only the go-ahead
    body.push(h("p", {}, t(moves.length === 1 ? "consent.supporters.one"
      : "consent.supporters.pick")));
  }
  const title = t(blocked ? "consent.supporters.titleBlocked"
    : !moves.length ? "consent.supporters.titleNone"
    : moves.length === 1 ? "consent.supporters.titleOne" : "consent.supporters.title");
  /** @type {{label: string, kind?: string, testid: string, onClick: (d: any) => void}[]} */
  const actions = moves.map((m) => {
    const supporters = supportersText(table, m.supporters, mover);
    // the pool runs short of the consents' I tokens: the order names who takes them (R7.2)
    const paid = Object.keys(m.rewards).map(Number);
    const short = paid.length && Object.values(m.rewards).reduce((a, b) => a + b, 0)
      < m.supporters.filter((q) => q !== mover).length;
    const label = short ? t("consent.supporters.moveWithToken",
      { supporters, name: listText(paid.map((q) => table.name(q))) })
      : t("consent.supporters.moveWith", { supporters });
    return {
      label, kind: "primary",
      testid: `support-${m.supporters.join("-")}`,
      onClick: (d) => {
        const reply = table.act({ type: "move", player: mover, from: r.from, to: r.to,
          supporters: m.supporters }, { quiet: true });
        if (!reply.ok) d.error(table.refusal(reply.error));
      },
    };
  });
  actions.push({ label: t("consent.supporters.withdraw"), testid: "supporters-withdraw", onClick: (d) => {
    const reply = table.act({ type: "withdraw", player: mover }, { quiet: true });
    if (!reply.ok) d.error(table.refusal(reply.error));
  } });
  actions.push({ label: t("consent.supporters.later"), testid: "supporters-later", kind: "quiet",
    onClick: (d) => d.close() });
  return openDialog({ title, to: table.addressee(mover), testid: "supporters-dialog",
    body, actions, rules: "r6-4" });
}

export function supportersText(table, supporters, mover) {
  const seen = [...new Set(supporters)];
  return listText(seen.map((q) => {
    const count = supporters.filter((x) => x === q).length;
    if (q === mover) return t("consent.supporter.own", { count });
    return t("consent.supporter.other", { name: table.name(q), count });
  }));
}

/** Move Caesar (R8) as the turn's action, or as the R7.3 bonus.
 * @param {DialogTable} table
 * @param {boolean} bonus */
export function openCaesarChooser(table, bonus) {
  const view = table.view();
  const mover = view.actor;
  const list = h("div", { class: "choices" });
  let dialog = null;
  const tokens = new Map(view.spaces.map((x) => [x.path, x.token]));
  for (const target of view.caesar_targets) {
    const space = { ...target, token: tokens.get(target.path) };
    const token = space.token ? t("consent.caesar.laurel", { laurel: t(`laurel.kind.${space.token}`) })
      : t("consent.caesar.empty");
    list.append(h("button", { type: "button", class: "btn", "data-testid": `caesar-to-${space.from}-${space.to}`,
      onclick: () => {
        const reply = table.act({ type: "caesar", player: mover, from: space.from, to: space.to },
          { quiet: true });
        if (!reply.ok) dialog.error(table.refusal(reply.error));
      } }, t("consent.caesar.path", { from: space.from, to: space.to, token })));
  }
  dialog = openDialog({ title: t(bonus ? "consent.caesar.titleBonus" : "consent.caesar.title"), to: table.addressee(mover),
    testid: "caesar-dialog", rules: "r8",
    body: [h("p", {}, t("consent.caesar.text", { from: view.caesar.from, to: view.caesar.to })), list],
    actions: [{ label: t("consent.cancel"), kind: "quiet", testid: "caesar-cancel", onClick: (d) => d.close() }] });
  return dialog;
}
