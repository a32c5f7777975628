// Consent (R6.2-R6.5, R7, R11): the mover's choice between own consent and a request (with
// optional offers), each asked player's answer, the mover's pick of supporters, and the
// Caesar chooser. Each dialog is addressed to the player who decides in it.

import { h, plural, listText } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { openTermsComposer, termsText } from "./terms.js";
import { kindLabel } from "./colours.js";

function to(app, seat) { return { name: app.name(seat), seat, meta: app.meta }; }

function laurelWords(kind) {
  return kind ? `the ${kindLabel(kind)} laurel on this path` : "no laurel (the space is empty)";
}

/** The mover chose a destination that needs consent (R6.2): own senators or a request. The
 * engine's hint names both actions (hint.move with the own supporters, hint.request) and
 * the order in which the request asks (hint.asked). */
export function openMoveDialog(app, hint) {
  const mover = app.view.actor;
  const asked = hint.asked;
  const offers = {};
  const offerList = h("ul", { class: "offers" });
  const showOffers = () => {
    offerList.replaceChildren(...asked.map((q) => h("li", {},
      h("span", {}, `Offer to ${app.name(q)}: `,
        offers[q] ? termsText(app, offers[q], mover, q) : "none"), " ",
      h("button", { type: "button", class: "btn small", "data-testid": `offer-edit-${q}`,
        onclick: () => composeOffer(q) }, offers[q] ? "Change…" : "Make an offer…"))));
  };
  const composeOffer = (q) => openTermsComposer(app, {
    composer: mover, mover, consenter: q, from: hint.from, to: hint.to, laurel: hint.laurel,
    initial: offers[q], title: `Your offer to ${app.name(q)}`,
    submitLabel: "Keep this offer",
    submit: (terms) => {
      const probe = { ...hint.request, offers: { ...stringKeys(offers), [q]: terms } };
      const reply = app.check(probe);
      if (!reply.ok) return reply.error.message;
      offers[q] = terms;
      showOffers();
      return null;
    },
  });
  showOffers();
  const body = [
    h("p", {}, `Leaving office ${hint.from} for office ${hint.to} needs ${
      plural(hint.needed, "consent")} (R6.2). You would take ${laurelWords(hint.laurel)}.`),
    h("p", {}, `Senators of others here: ${listText(asked.map((q) =>
      `${app.name(q)} ×${hint.others[q]}`))}${hint.own_spare ? `; your own: ${hint.own_spare}` : ""}.`),
  ];
  if (hint.request) {
    body.push(h("details", { class: "offers-box" }, h("summary", { "data-testid": "offers-toggle" },
      "Offer a deal with the request (optional)"), offerList));
  }
  const actions = [];
  if (hint.move) {
    actions.push({ label: `Move with your own senator${hint.needed > 1 ? "s" : ""}`, kind: "primary",
      testid: "move-own", onClick: (d) => {
        const reply = app.act(hint.move, { quiet: true });
        if (!reply.ok) d.error(reply.error.message); else d.close();
      } });
  }
  if (hint.request) {
    actions.push({ label: `Ask ${listText(asked.map((q) => app.name(q)))}`, kind: hint.move ? "" : "primary",
      testid: "ask-consent", onClick: (d) => {
        const action = { ...hint.request };
        if (Object.keys(offers).length) action.offers = stringKeys(offers);
        d.close();
        const reply = app.act(action, { quiet: true });
        if (!reply.ok) app.say(reply.error.message, "error");
      } });
  }
  actions.push({ label: "Cancel", testid: "move-cancel", kind: "quiet", onClick: (d) => d.close() });
  return openDialog({ title: `Move from office ${hint.from} to office ${hint.to}`, to: to(app, mover),
    testid: "move-dialog", body, actions });
}

function stringKeys(obj) {
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [String(k), v]));
}

/** An asked player answers a request: agree, refuse, or agree on terms (R6.3, R11). */
export function openAnswerDialog(app, seat) {
  const view = app.view;
  const own = app.engine.view(seat);
  if (!own.ok) return null;
  const r = own.view.request;
  const legal = own.view.legal.filter((a) => a.type === "answer" && a.player === seat);
  const choices = legal.map((a) => a.consents);
  const mover = view.current;
  const senators = r.asked.find((a) => a.player === seat)?.senators ?? 0;
  const offer = r.offers[String(seat)];
  const promise = view.promises.find((p) => p.by === seat && p.player === mover
    && (p.kind === "consent" || p.kind === "refuse"));
  const body = [
    h("p", { "data-testid": "answer-question" }, `${app.name(mover)} asks for your consent to move ` +
      `a senator from office ${r.from} to office ${r.to} (${plural(r.needed, "consent")} needed). ` +
      `You have ${plural(senators, "senator")} there.`),
    h("p", {}, view.pool > 0
      ? `Each consent that is used earns you one I laurel from the reward pool (${view.pool} left).`
      : "The reward pool is empty: consent earns nothing from it."),
    h("p", {}, `The mover would take ${laurelWords(r.laurel)}.`),
  ];
  if (offer) {
    body.push(h("p", { class: "offer", "data-testid": "answer-offer" },
      `${app.name(mover)} offers: ${termsText(app, offer, mover, seat)}. Agreeing accepts this offer.`));
  }
  if (offer && senators > 0 && !choices.some((c) => c > 0) && !promise) {
    body.push(h("p", { class: "note", "data-testid": "answer-cannot-pay" }, "You do not hold the " +
      "laurels this offer asks of you, so you can only refuse (R13)."));
  }
  if (promise) {
    body.push(h("p", { class: "note" }, `You promised to ${promise.kind === "consent"
      ? "consent to" : "refuse"} ${app.name(mover)}; the promise binds now (R11).`));
  }
  const act = (d, action) => {
    const reply = app.act(action, { quiet: true });
    if (!reply.ok) d.error(reply.error.message);
  };
  const actions = [];
  const most = Math.max(0, ...choices);
  for (const c of [...choices].sort((a, b) => b - a)) {
    if (c === 0) continue;
    actions.push({ label: c === 1 ? (most > 1 ? "Agree with one senator" : "Agree") : "Agree with both senators",
      kind: "primary", testid: c === 1 ? "answer-agree" : "answer-agree-2",
      onClick: (d) => act(d, { type: "answer", player: seat, consents: c }) });
  }
  if (most > 0 && !(promise?.kind === "consent")) {
    actions.push({ label: "Agree on terms…", testid: "answer-terms", onClick: (d) => openTermsComposer(app, {
      composer: seat, mover, consenter: seat, from: r.from, to: r.to, laurel: r.laurel,
      title: `Your terms for ${app.name(mover)}`, submitLabel: "Agree on these terms",
      consents: choices.filter((c) => c > 0), initial: offer,
      submit: (terms, consents) => {
        const action = { type: "answer", player: seat, consents, terms };
        const check = app.check(action);
        if (!check.ok) return check.error.message;
        d.close();
        app.act(action);
        return null;
      },
    }) });
  }
  if (choices.includes(0)) {
    actions.push({ label: "Refuse", testid: "answer-refuse", kind: "danger",
      onClick: (d) => act(d, { type: "answer", player: seat, consents: 0 }) });
  }
  actions.push({ label: "Look at my laurels", testid: "answer-look", kind: "quiet",
    onClick: () => app.secrecy.look(seat) });
  actions.push({ label: "Not now", testid: "answer-later", kind: "quiet", onClick: (d) => d.close() });
  return openDialog({ title: `${app.name(mover)} asks for your consent`, to: to(app, seat),
    testid: "answer-dialog", body, actions });
}

/** All asked players have answered: the mover picks exactly the needed supporters (R6.4). */
export function openSupportersDialog(app) {
  const view = app.view;
  const mover = view.current;
  const own = app.engine.view(mover);
  if (!own.ok) return null;
  const r = own.view.request;
  const moves = own.view.legal.filter((a) => a.type === "move" && a.from === r.from
    && a.to === r.to && a.supporters.length > 0);
  const rows = r.asked.map((a) => {
    const answer = r.answers[String(a.player)];
    const terms = answer?.terms && Object.keys(answer.terms).length
      ? ` on terms: ${termsText(app, answer.terms, mover, a.player)}` : "";
    const words = !answer ? "has not answered yet" : answer.consents
      ? `agrees (${plural(answer.consents, "consent")})${terms}` : "refuses";
    return h("li", {}, `${app.name(a.player)} ${words}.`);
  });
  const body = [
    h("p", {}, `Your request: move from office ${r.from} to office ${r.to}, ${
      plural(r.needed, "consent")} needed.`),
    h("ul", { class: "answers" }, rows),
  ];
  if (!moves.length) {
    body.push(h("p", { class: "note", "data-testid": "no-supporters" },
      "Not enough consent for this move. Withdraw the request or do something else."));
  } else {
    body.push(h("p", {}, "Pick who supports the move:"));
  }
  const actions = moves.map((m) => {
    const label = supportersText(app, m.supporters, mover);
    return {
      label: `Move with ${label}`, kind: "primary",
      testid: `support-${m.supporters.join("-")}`,
      onClick: (d) => {
        const reply = app.act(m, { quiet: true });
        if (!reply.ok) d.error(reply.error.message);
      },
    };
  });
  actions.push({ label: "Withdraw the request", testid: "supporters-withdraw", onClick: () => {
    app.act({ type: "withdraw", player: mover });
  } });
  actions.push({ label: "Do something else", testid: "supporters-later", kind: "quiet",
    onClick: (d) => d.close() });
  return openDialog({ title: "Choose your supporters", to: to(app, mover), testid: "supporters-dialog",
    body, actions });
}

export function supportersText(app, supporters, mover) {
  const seen = [...new Set(supporters)];
  return listText(seen.map((q) => {
    const n = supporters.filter((x) => x === q).length;
    if (q === mover) return n > 1 ? "your own senators" : "your own senator";
    return n > 1 ? `${app.name(q)} ×${n}` : app.name(q);
  }));
}

/** Move Caesar (R8) as the turn's action, or as the R7.3 bonus. */
export function openCaesarChooser(app, bonus) {
  const view = app.view;
  const mover = view.actor;
  const list = h("div", { class: "choices" });
  let dialog = null;
  const tokens = new Map(view.spaces.map((x) => [x.path, x.token]));
  for (const target of view.caesar_targets) {
    const space = { ...target, token: tokens.get(target.path) };
    const token = space.token ? `laurel ${kindLabel(space.token)}` : "empty";
    list.append(h("button", { type: "button", class: "btn", "data-testid": `caesar-to-${space.from}-${space.to}`,
      onclick: () => {
        const reply = app.act({ type: "caesar", player: mover, from: space.from, to: space.to },
          { quiet: true });
        if (!reply.ok) dialog.error(reply.error.message);
      } }, `Path ${space.from}→${space.to} (${token})`));
  }
  dialog = openDialog({ title: bonus ? "Bonus: move Caesar" : "Move Caesar", to: to(app, mover),
    testid: "caesar-dialog",
    body: [h("p", {}, `Caesar stands on the path ${view.caesar.from}→${view.caesar.to}. Senators ` +
      "leave along Caesar's path without consent, and nobody takes the laurel under him (R8)."), list],
    actions: [{ label: "Cancel", kind: "quiet", testid: "caesar-cancel", onClick: (d) => d.close() }] });
  return dialog;
}
