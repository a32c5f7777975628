// The engine's refusals in the chosen language, worded from their stable code and params
// (docs/protocol.md "Errors"); the engine's English message stays for tools. Seats in params
// become names, counts pick plural forms, and the rule the refusal cites is appended.

import { t, has, getLanguage } from "./i18n.js";

/** Params that hold a seat (worded as the seat's name). bad_player's seat does not exist. */
const SEAT_PARAMS = ["player", "expected", "by"];

/** The param that carries a code's count, for plural forms. */
const COUNT_PARAM = {
  needs_consent: "missing", too_many_supporters: "needed", not_enough_own: "own",
  no_consent: "given", bad_consents: "most", split_impossible: "points",
};

/** Which optional param picks a more precise wording ("error.<code>.<variant>"). */
const VARIANTS = {
  bad_action: ["type", "field", "fields"], bad_terms: ["player"], cannot_pay: ["player"],
  promise_binds: ["path"], deal_binds: ["path"], bad_names: ["seat"], bad_position: ["field"],
};

function pathEnds(path, board) {
  if (path && typeof path === "object" && "from" in path) return { from: path.from, to: path.to };
  const p = typeof path === "number" ? board?.paths?.[path] : null;
  return p ? { from: p.from, to: p.to } : null;
}

/** The key that words this error and the params it is filled with. */
export function errorKey(error, { names = [], board = null, lang = getLanguage() } = {}) {
  const code = error?.code;
  const raw = error?.params ?? {};
  const params = { ...raw };
  for (const key of SEAT_PARAMS) {
    if (code !== "bad_player" && Number.isInteger(raw[key]) && names[raw[key]] !== undefined) {
      params[key] = names[raw[key]];
    }
  }
  if (code === "bad_player" && Number.isInteger(raw.player)) params.player = raw.player + 1;
  if (code === "bad_names" && Number.isInteger(raw.seat)) params.seat = raw.seat + 1;
  // a save's actions count from 0 in the protocol, from 1 for a player
  if (code === "bad_save_action" && Number.isInteger(raw.index)) params.index = raw.index + 1;
  if (code === "wrong_stage" && typeof raw.stage === "string") {
    params.stage = t(`stage.${raw.stage}`, {}, lang);
  }
  if (Array.isArray(raw.fields)) params.fields = raw.fields.join(", ");
  if (COUNT_PARAM[code] !== undefined) params.count = Number(raw[COUNT_PARAM[code]]) || 0;
  let key = `error.${code}`;
  for (const variant of VARIANTS[code] ?? []) {
    if (!(variant in raw)) continue;
    if (variant === "path") {
      const ends = pathEnds(raw.path, board);
      if (!ends) continue;
      Object.assign(params, ends);
    }
    key = `error.${code}.${variant}`;
    break;
  }
  if (!code || !has(`error.${code}`, "en")) return { key: "error.unknown", params: { code: String(code) } };
  return { key, params };
}

/**
 * A refusal {rule, code, message, params} in words. names: the seats' names; board: the
 * board data (to name a path given by its number); rule: false leaves the rule out.
 */
export function errorWords(error, { names = [], board = null, rule = true, lang = getLanguage() } = {}) {
  const { key, params } = errorKey(error, { names, board, lang });
  const text = t(key, params, lang);
  const cited = typeof error?.rule === "string" && /^[RV]\d/.test(error.rule) ? error.rule : null;
  return rule && cited ? t("error.rule", { text, rule: cited }, lang) : text;
}

/** A refusal in words for the app's running game (its players' names, its board data). */
export function refusalWords(app, error) {
  return errorWords(error, { names: app.view?.players.map((p) => p.name) ?? [],
    board: app.board?.data ?? null });
}
