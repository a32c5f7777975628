// Tiny DOM helpers. Text always goes in as text nodes (never as HTML), so a player's name
// that contains markup shows as plain text.

const SVG_NS = "http://www.w3.org/2000/svg";

function assign(el, props) {
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.setAttribute("class", value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "object") {
      for (const [name, v] of Object.entries(value)) el.style.setProperty(name, v);
    } else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function fill(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "text", otherNode). */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  assign(el, props);
  return fill(el, children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, props = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  assign(el, props);
  return fill(el, children);
}

/** Replace every child of el. */
export function replace(el, ...children) {
  el.replaceChildren();
  return fill(el, children);
}

/** "a", "a and b", "a, b and c". */
export function listText(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/** Offer `text` as a JSON file download named `name`. @param {string} text @param {string} name */
export function downloadText(text, name) {
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Focus `el` without scrolling the page, unless the focus is a keyboard user's (it shows, as
 * :focus-visible) and `shown` (el itself by default) is out of sight: then the least scroll
 * brings it in (WCAG 2.4.11; at 200% zoom the turn panel sits under the board, and a tap
 * should not scroll the board away).
 * @param {HTMLElement} el @param {Element} [shown]
 */
export function focusInSight(el, shown = el) {
  el.focus({ preventScroll: true });
  if (!el.matches(":focus-visible")) return;
  const box = shown.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) shown.scrollIntoView({ block: "nearest" });
}
