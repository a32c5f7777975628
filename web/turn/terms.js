// Deal terms (R11) composed in a dialog: laurels paid by either side, the split of the gains,
// where Caesar's bonus move goes, and promises. A payer composing the deal sees their own
// laurels here (the dialog is addressed to them); nobody else's hoard is ever shown.
// Every text is in the chosen language (i18n.js), and follows a change of it.

import { h } from "../panels/dom.js";
import { openWorded } from "../panels/worded-dialog.js";
import { KINDS } from "../board/colours.js";
import { t } from "../words/i18n.js";
import { termsWords } from "../words/event-words.js";

/** Terms in words for the two parties of the deal, who may see the kinds paid (the log and
 * everyone else see counts, R10). */
export function termsText(table, terms, mover, consenter = null) {
  return termsWords(terms, table.view().players.map((p) => p.name), { mover: table.name(mover),
    consenter: consenter === null ? null : table.name(consenter), kinds: true });
}

function kindLabel(kind) { return t(`laurel.kind.${kind}`); }

function countKinds(list) {
  const out = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (const k of list ?? []) if (k in out) out[k] += 1;
  return out;
}

/**
 * Steppers for the laurels one side pays: `limits` are the composer's own laurels by kind (its
 * own side), or null for the other side, whose kinds it cannot see (R10); `held` is how many
 * laurels the payer holds (public, R10), which the steppers' sum never exceeds.
 */
function tokenPicker(label, side, limits, held, initial, note) {
  const counts = countKinds(initial);
  const rows = [];
  const plus = [];  // every "+": none once the sum reaches what the payer holds
  const minus = [];  // [its "−", its kind]: none at 0
  const sum = () => KINDS.reduce((n, k) => n + counts[k], 0);
  const markFull = () => {
    for (const button of plus) button.disabled = sum() >= held;
    for (const [button, kind] of minus) button.disabled = counts[kind] === 0;
  };
  let left = held;  // what the terms started from, cut to what the payer holds
  for (const kind of KINDS) {
    const max = limits ? (limits[kind] ?? 0) : held;
    counts[kind] = Math.min(counts[kind], max, left);
    left -= counts[kind];
    if (max === 0) continue;
    const out = h("output", { "data-testid": `pay-${side}-${kind}` }, String(counts[kind]));
    /** @param {number} delta @param {HTMLButtonElement} pressed @param {HTMLButtonElement} other */
    const change = (delta, pressed, other) => {
      if (delta > 0 && sum() >= held) return;
      counts[kind] = Math.max(0, Math.min(max, counts[kind] + delta));
      out.textContent = String(counts[kind]);
      markFull();
      // a button that disables itself under the keyboard would drop the focus to the page's
      // body: its row's other button takes it
      const focused = document.activeElement;
      if (pressed.disabled && (focused === pressed || focused === document.body)) other.focus();
    };
    const more = h("button", { type: "button", class: "btn small",
      "aria-label": t("terms.more", { laurel: kindLabel(kind) }),
      "data-testid": `pay-${side}-${kind}-plus`, onclick: () => change(1, more, fewer) }, "+");
    const fewer = h("button", { type: "button", class: "btn small",
      "aria-label": t("terms.fewer", { laurel: kindLabel(kind) }),
      "data-testid": `pay-${side}-${kind}-minus`, onclick: () => change(-1, fewer, more) }, "−");
    plus.push(more);
    minus.push([fewer, kind]);
    rows.push(h("div", { class: "stepper" },
      h("span", { class: "kind" }, kindLabel(kind)), fewer, out, more,
      limits ? h("span", { class: "of" }, t("terms.of", { max })) : null));
  }
  markFull();
  // a payer with no laurels: the note says so when it names them, else this line
  const box = h("fieldset", { class: "tokens" }, h("legend", {}, label),
    note ? h("p", { class: "hint" }, note) : null,
    rows.length || (!limits && note) ? rows : h("p", { class: "hint" }, t("terms.noLaurels")));
  const value = () => KINDS.flatMap((k) => Array(counts[k]).fill(k));
  return { box, value };
}

/** The deal's promises (R11): rows to add and remove, each naming who promises, what (to
 * consent, to refuse, to send Caesar) and to whom, or for Caesar a laurel space.
 * @returns {{box: HTMLElement, value: () => object[]}} */
function promiseEditor(table, view, o, initial) {
  const promises = [];
  const promiseList = h("div", { class: "promises" });
  const seats = view.players.map((p) => p.seat);
  const other = o.composer === o.mover ? o.consenter : o.mover;
  const addPromise = (p = { by: o.composer, kind: "consent", player: other }) => {
    const by = h("select", { "aria-label": t("terms.promise.by"), "data-testid": "promise-by" },
      [o.mover, o.consenter].map((q) => h("option", { value: String(q), selected: q === p.by }, table.name(q))));
    const kind = h("select", { "aria-label": t("terms.promise.kind"), "data-testid": "promise-kind" },
      h("option", { value: "consent", selected: p.kind === "consent" }, t("terms.promise.willConsent")),
      h("option", { value: "refuse", selected: p.kind === "refuse" }, t("terms.promise.willRefuse")),
      h("option", { value: "caesar", selected: p.kind === "caesar" },
        t("terms.promise.willCaesar")));
    const player = h("select", { "aria-label": t("terms.promise.to"), "data-testid": "promise-player" },
      seats.map((q) => h("option", { value: String(q), selected: q === p.player }, table.name(q))));
    // a Caesar promise names a laurel space (R11); it is made to the other party of the deal
    const space = h("select", { "aria-label": t("terms.promise.space"), "data-testid": "promise-space" },
      view.spaces.map((x) => h("option", { value: `${x.from}-${x.to}`,
        selected: p.caesar && p.caesar.from === x.from && p.caesar.to === x.to },
      t("terms.caesar.path", { from: x.from, to: x.to }))));
    // the kind's words stay short enough for a phone's select; when the move is due follows
    const when = h("span", { class: "promise-when" }, t("terms.promise.caesarWhen"));
    const showKind = () => {
      const caesarKind = kind.value === "caesar";
      player.hidden = caesarKind;
      space.hidden = !caesarKind;
      when.hidden = !caesarKind;
    };
    kind.addEventListener("change", showKind);
    showKind();
    // nobody promises to themselves (R11, the engine refuses it): the promisor is greyed out
    // as the addressee, and a choice of it moves to the deal's other party
    const notSelf = () => {
      for (const option of player.options) option.disabled = option.value === by.value;
      if (player.value === by.value) {
        player.value = by.value === String(o.mover) ? String(o.consenter) : String(o.mover);
      }
    };
    by.addEventListener("change", notSelf);
    notSelf();
    const row = h("div", { class: "promise", role: "group" }, by, kind, player, space, when);
    const entry = { by, kind, player, space };
    // removed, the keyboard goes on from "Add a promise" (it fell to the page's start)
    row.append(h("button", { type: "button", class: "btn small quiet", "aria-label": t("terms.promise.remove"),
      onclick: () => {
        promises.splice(promises.indexOf(entry), 1);
        row.remove();
        numberRows();
        /** @type {HTMLElement|null} */ (box.querySelector('[data-testid="promise-add"]'))?.focus();
      } }, "×"));
    promises.push(entry);
    promiseList.append(row);
    numberRows();
  };
  /** Each row a group named by its number ("Promise 2"): rows of like-named selects are
   * otherwise told apart by nothing a screen reader says. */
  const numberRows = () => [...promiseList.children].forEach((row, i) => {
    row.setAttribute("aria-label", t("terms.promise.row", { n: i + 1 }));
  });
  for (const p of initial.promises ?? []) addPromise(p);
  const box = h("fieldset", { class: "promises-box" }, h("legend", {}, t("terms.promises")),
    h("p", { class: "hint" }, t("terms.horizon.hint",
      { horizon: t(`terms.horizon.${view.options.horizon}`) })),
    promiseList,
    h("button", { type: "button", class: "btn small", "data-testid": "promise-add",
      onclick: () => {
        addPromise(unlisted());
        // the keyboard goes on in the row just added, its first choice
        /** @type {HTMLElement|null} */ (promiseList.lastElementChild?.querySelector("select"))
          ?.focus();
      } }, t("terms.promise.add")));
  /** A consent promise between the two parties not listed yet, if one is left, the terms'
   * author's own first (what the terms give): a new row starts from it (a deal listing one
   * promise twice is refused, R11). */
  const unlisted = () => {
    const listed = new Set(value().map((x) => `${x.by}:${x.kind}:${x.player}`));
    return [{ by: o.composer, kind: "consent", player: other },
      { by: other, kind: "consent", player: o.composer }]
      .find((x) => !listed.has(`${x.by}:${x.kind}:${x.player}`));
  };
  /** The promises as the protocol's terms name them. */
  const value = () => promises.map((e) => {
    const by = Number(e.by.value);
    if (e.kind.value !== "caesar") {
      return { by, kind: e.kind.value, player: Number(e.player.value) };
    }
    const [from, to] = e.space.value.split("-").map(Number);
    return { by, kind: "caesar", player: by === o.mover ? o.consenter : o.mover,
      caesar: { from, to } };
  });
  return { box, value };
}

/**
 * The dialog's fields, built in the current language from the terms to start from (`initial`)
 * and the number of consents chosen so far (`chosen`, when the consenter may give one or two).
 * @param {import("./consent.js").DialogTable} table
 * @param {ComposerOptions} o
 * @param {import("qvcore-protocol").TermsData} initial @param {string | null} chosen
 */
function termsForm(table, o, initial, chosen) {
  const view = table.view();
  const mine = table.hoard(o.composer);  // the composer's own laurels, for this dialog only
  const held = (seat) => view.players.find((p) => p.seat === seat)?.hoard_size ?? 0;
  const side = (payerSeat, key, label) => tokenPicker(label, key === "mover_pays" ? "mover" : "consenter",
    payerSeat === o.composer ? mine?.hoard ?? {} : null, held(payerSeat),
    Array.isArray(initial[key]) ? initial[key] : [],
    payerSeat === o.composer ? t("terms.fromYours")
      : t("terms.cannotSee", { name: table.name(payerSeat), count: held(payerSeat) }));
  const moverPays = side(o.mover, "mover_pays",
    t("terms.paysTo", { payer: table.name(o.mover), payee: table.name(o.consenter) }));
  const consenterPays = side(o.consenter, "consenter_pays",
    t("terms.paysTo", { payer: table.name(o.consenter), payee: table.name(o.mover) }));
  const split = h("input", { type: "checkbox", id: "terms-split", "data-testid": "terms-split",
    checked: Boolean(initial.split) });
  let caesar = null;
  /** @type {HTMLSelectElement | null} */
  let consentSelect = null;
  const parts = [];
  if (o.consents && o.consents.length > 1) {
    consentSelect = /** @type {HTMLSelectElement} */ (h("select", { id: "terms-consents",
      "data-testid": "terms-consents" }, o.consents.map((c) => h("option", { value: String(c),
      selected: String(c) === chosen }, t(c === 1 ? "terms.consentOne" : "terms.consentBoth")))));
    parts.push(h("p", { class: "field" }, h("label", { for: "terms-consents" }, t("terms.consentWith")),
      consentSelect));
  }
  parts.push(moverPays.box, consenterPays.box,
    h("p", { class: "field check" }, split,
      h("label", { for: "terms-split" }, t("terms.splitLabel"))));
  if (o.laurel === "IIC") {
    caesar = h("select", { id: "terms-caesar", "data-testid": "terms-caesar" },
      h("option", { value: "" }, t("terms.caesar.none")),
      // in a request, the engine lists the spaces a Caesar term may name (R8, R11)
      (view.request?.caesar_terms ?? view.caesar_targets).map((x) => h("option", { value: `${x.from}-${x.to}`,
        selected: initial.caesar && initial.caesar.from === x.from && initial.caesar.to === x.to },
      t("terms.caesar.path", { from: x.from, to: x.to }))));
    parts.push(h("p", { class: "field" }, h("label", { for: "terms-caesar" },
      t("terms.caesar.label")), caesar));
  }
  const promises = promiseEditor(table, view, o, initial);
  parts.push(promises.box);

  /** The terms as composed (the engine checks them when they are submitted).
   * @returns {import("qvcore-protocol").TermsData} */
  const terms = () => {
    /** @type {Record<string, any>} */
    const out = {};
    const m = moverPays.value();
    const c = consenterPays.value();
    if (m.length) out.mover_pays = m;
    if (c.length) out.consenter_pays = c;
    if (split.checked) out.split = true;
    if (caesar?.value) {
      const [from, to] = caesar.value.split("-").map(Number);
      out.caesar = { from, to };
    }
    const promised = promises.value();
    if (promised.length) out.promises = promised;
    return out;
  };
  const consents = () => (consentSelect ? Number(consentSelect.value) : (o.consents?.[0] ?? 1));
  return { parts, terms, consents, chosen: () => consentSelect?.value ?? null };
}

/**
 * @typedef {{composer: number, mover: number, consenter: number, from: number, to: number,
 *   laurel?: string | null, initial?: import("qvcore-protocol").TermsData | null,
 *   title: () => string, submitLabel: () => string, consents?: number[],
 *   submit: (terms: import("qvcore-protocol").TermsData, consents: number) => string | null}}
 *   ComposerOptions the parties, the path, the terms to start from, the dialog's words (in
 *   the language of the moment) and what to do with the terms composed
 */

/**
 * Open the terms dialog. A change of language opens it again in the new language with what
 * was composed so far (worded-dialog.js).
 * @param {import("./consent.js").DialogTable} table @param {ComposerOptions} o
 */
export function openTermsComposer(table, o) {
  /** @type {ReturnType<typeof termsForm> | null} */
  let form = null;
  return openWorded(() => {
    form = termsForm(table, o, form ? form.terms() : (o.initial ?? {}), form ? form.chosen() : null);
    const shown = form;
    return {
      title: o.title(), to: table.addressee(o.composer),
      testid: "terms-dialog", className: "terms",
      body: [h("p", {}, t("terms.move", { from: o.from, to: o.to })), ...shown.parts],
      actions: [
        { label: o.submitLabel(), kind: "primary", testid: "terms-submit", onClick: (d) => {
          const error = o.submit(shown.terms(), shown.consents());
          if (error) d.error(error); else d.close();
        } },
        { label: t("terms.cancel"), kind: "quiet", testid: "terms-cancel", onClick: (d) => d.close() },
      ],
    };
  });
}
