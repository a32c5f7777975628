// Deal terms (R11) composed in a dialog: laurels paid by either side, the split of the gains,
// where Caesar's bonus move goes, and promises. A payer composing the deal sees their own
// laurels here (the dialog is addressed to them); nobody else's hoard is ever shown.

import { h, listText } from "./dom.js";
import { openDialog } from "./dialogs.js";
import { KINDS, kindLabel } from "./colours.js";

/** Terms in words (kinds when the viewer may see them, else a count), like the engine's log. */
export function termsText(app, terms, mover, consenter = null) {
  const parts = [];
  const payer = { mover_pays: app.name(mover), consenter_pays: consenter === null
    ? "the consenter" : app.name(consenter) };
  for (const key of ["mover_pays", "consenter_pays"]) {
    const paid = terms[key];
    if (!paid || (Array.isArray(paid) && !paid.length)) continue;
    const what = Array.isArray(paid) ? listText(paid.map(kindLabel))
      : `${paid} laurel${paid > 1 ? "s" : ""}`;
    parts.push(`${payer[key]} pays ${what}`);
  }
  if (terms.split) parts.push("the gains are split");
  if (terms.caesar) parts.push(`Caesar goes to ${terms.caesar.from}→${terms.caesar.to}`);
  for (const p of terms.promises ?? []) {
    if (p.kind === "caesar") {
      parts.push(`${app.name(p.by)} promises ${app.name(p.player)} to move Caesar to ${
        p.caesar.from}→${p.caesar.to} on their next turn`);
      continue;
    }
    parts.push(`${app.name(p.by)} promises to ${p.kind === "consent" ? "consent to" : "refuse"} ${
      app.name(p.player)}`);
  }
  return parts.join("; ") || "no terms";
}

function countKinds(list) {
  const out = Object.fromEntries(KINDS.map((k) => [k, 0]));
  for (const k of list ?? []) if (k in out) out[k] += 1;
  return out;
}

function tokenPicker(label, side, limits, initial, note) {
  const counts = countKinds(initial);
  const rows = [];
  for (const kind of KINDS) {
    const max = limits ? (limits[kind] ?? 0) : 9;
    if (limits && max === 0) continue;
    counts[kind] = Math.min(counts[kind], max);
    const out = h("output", { "data-testid": `pay-${side}-${kind}` }, String(counts[kind]));
    const change = (delta) => {
      counts[kind] = Math.max(0, Math.min(max, counts[kind] + delta));
      out.textContent = String(counts[kind]);
    };
    rows.push(h("div", { class: "stepper" },
      h("span", { class: "kind" }, kindLabel(kind)),
      h("button", { type: "button", class: "btn small", "aria-label": `One ${kindLabel(kind)} fewer`,
        "data-testid": `pay-${side}-${kind}-minus`, onclick: () => change(-1) }, "−"),
      out,
      h("button", { type: "button", class: "btn small", "aria-label": `One ${kindLabel(kind)} more`,
        "data-testid": `pay-${side}-${kind}-plus`, onclick: () => change(1) }, "+"),
      limits ? h("span", { class: "of" }, `of ${max}`) : null));
  }
  const box = h("fieldset", { class: "tokens" }, h("legend", {}, label),
    note ? h("p", { class: "hint" }, note) : null,
    rows.length ? rows : h("p", { class: "hint" }, "No laurels to pay with."));
  const value = () => KINDS.flatMap((k) => Array(counts[k]).fill(k));
  return { box, value };
}

/**
 * @param {object} app
 * @param {object} o {composer, mover, consenter, from, to, laurel, initial, title, submitLabel,
 *   consents?: number[], submit: (terms, consents) => string|null}
 */
export function openTermsComposer(app, o) {
  const view = app.view;
  const mine = app.engine.hoard(o.composer);  // the composer's own laurels, for this dialog only
  const initial = o.initial ?? {};
  const side = (payerSeat, key, label) => tokenPicker(label, key === "mover_pays" ? "mover" : "consenter",
    payerSeat === o.composer ? mine?.hoard ?? {} : null,
    Array.isArray(initial[key]) ? initial[key] : [],
    payerSeat === o.composer ? "From your own laurels:"
      : `You cannot see ${app.name(payerSeat)}'s laurels; a payment they cannot make fails (R13).`);
  const moverPays = side(o.mover, "mover_pays", `${app.name(o.mover)} pays ${app.name(o.consenter)}`);
  const consenterPays = side(o.consenter, "consenter_pays",
    `${app.name(o.consenter)} pays ${app.name(o.mover)}`);
  const split = h("input", { type: "checkbox", id: "terms-split", "data-testid": "terms-split",
    checked: Boolean(initial.split) });
  let caesar = null;
  const parts = [];
  if (o.consents && o.consents.length > 1) {
    const select = h("select", { id: "terms-consents", "data-testid": "terms-consents" },
      o.consents.map((c) => h("option", { value: String(c) }, c === 1 ? "one senator" : "both senators")));
    parts.push(h("p", { class: "field" }, h("label", { for: "terms-consents" }, "Consent with "), select));
    o.consentSelect = select;
  }
  parts.push(moverPays.box, consenterPays.box,
    h("p", { class: "field check" }, split,
      h("label", { for: "terms-split" }, "Split the gains of the move (the laurel taken and the I " +
        "tokens earned) half and half")));
  if (o.laurel === "IIC") {
    caesar = h("select", { id: "terms-caesar", "data-testid": "terms-caesar" },
      h("option", { value: "" }, "no condition"),
      view.caesar_targets.map((x) => h("option", { value: `${x.from}-${x.to}`,
        selected: initial.caesar && initial.caesar.from === x.from && initial.caesar.to === x.to },
      `path ${x.from}→${x.to}`)));
    parts.push(h("p", { class: "field" }, h("label", { for: "terms-caesar" },
      "The move takes a Caesar laurel: its bonus move sends Caesar to "), caesar));
  }
  const promises = [];
  const promiseList = h("div", { class: "promises" });
  const seats = view.players.map((p) => p.seat);
  const addPromise = (p = { by: o.consenter, kind: "consent", player: o.mover }) => {
    const by = h("select", { "aria-label": "Who promises", "data-testid": "promise-by" },
      [o.mover, o.consenter].map((q) => h("option", { value: String(q), selected: q === p.by }, app.name(q))));
    const kind = h("select", { "aria-label": "Promise", "data-testid": "promise-kind" },
      h("option", { value: "consent", selected: p.kind === "consent" }, "will consent to"),
      h("option", { value: "refuse", selected: p.kind === "refuse" }, "will refuse"),
      h("option", { value: "caesar", selected: p.kind === "caesar" },
        "will move Caesar, on their next turn, to"));
    const player = h("select", { "aria-label": "To whom", "data-testid": "promise-player" },
      seats.map((q) => h("option", { value: String(q), selected: q === p.player }, app.name(q))));
    // a Caesar promise names a laurel space (R11); it is made to the other party of the deal
    const space = h("select", { "aria-label": "Laurel space", "data-testid": "promise-space" },
      view.spaces.map((x) => h("option", { value: `${x.from}-${x.to}`,
        selected: p.caesar && p.caesar.from === x.from && p.caesar.to === x.to },
      `path ${x.from}→${x.to}`)));
    const showKind = () => {
      const caesarKind = kind.value === "caesar";
      player.hidden = caesarKind;
      space.hidden = !caesarKind;
    };
    kind.addEventListener("change", showKind);
    showKind();
    const row = h("div", { class: "promise" }, by, kind, player, space);
    const entry = { by, kind, player, space };
    row.append(h("button", { type: "button", class: "btn small quiet", "aria-label": "Remove this promise",
      onclick: () => { promises.splice(promises.indexOf(entry), 1); row.remove(); } }, "×"));
    promises.push(entry);
    promiseList.append(row);
  };
  for (const p of initial.promises ?? []) addPromise(p);
  parts.push(h("fieldset", { class: "promises-box" }, h("legend", {}, "Promises"),
    h("p", { class: "hint" }, `Binding within the promise horizon (${{
      turn: "this turn", next: "until the mover's next turn", two: "for two rounds" }[view.options.horizon]
    }), then only a matter of honour (R11).`),
    promiseList,
    h("button", { type: "button", class: "btn small", "data-testid": "promise-add",
      onclick: () => addPromise() }, "Add a promise")));

  const build = () => {
    const terms = {};
    const m = moverPays.value();
    const c = consenterPays.value();
    if (m.length) terms.mover_pays = m;
    if (c.length) terms.consenter_pays = c;
    if (split.checked) terms.split = true;
    if (caesar?.value) {
      const [from, to] = caesar.value.split("-").map(Number);
      terms.caesar = { from, to };
    }
    if (promises.length) {
      terms.promises = promises.map((e) => {
        const by = Number(e.by.value);
        if (e.kind.value !== "caesar") {
          return { by, kind: e.kind.value, player: Number(e.player.value) };
        }
        const [from, to] = e.space.value.split("-").map(Number);
        return { by, kind: "caesar", player: by === o.mover ? o.consenter : o.mover,
          caesar: { from, to } };
      });
    }
    return terms;
  };
  return openDialog({
    title: o.title, to: { name: app.name(o.composer), seat: o.composer, meta: app.meta },
    testid: "terms-dialog", className: "terms",
    body: [h("p", {}, `Move from office ${o.from} to office ${o.to}.`), ...parts],
    actions: [
      { label: o.submitLabel, kind: "primary", testid: "terms-submit", onClick: (d) => {
        const terms = build();
        const consents = o.consentSelect ? Number(o.consentSelect.value) : (o.consents?.[0] ?? 1);
        const error = o.submit(terms, consents);
        if (error) d.error(error); else d.close();
      } },
      { label: "Cancel", kind: "quiet", testid: "terms-cancel", onClick: (d) => d.close() },
    ],
  });
}
