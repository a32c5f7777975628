// Reads [{names, event, text}] as JSON on stdin and prints, for each language given as an
// argument, [{lang, text, missing}] per event: the event in words (web/event-words.js).
import { readFileSync } from "node:fs";
import { eventWords } from "../../web/event-words.js";

const samples = JSON.parse(readFileSync(0, "utf-8"));
const langs = process.argv.slice(2);
const out = samples.map((s) => langs.map((lang) => {
  globalThis.__qvMissingKeys = [];
  const text = eventWords(s.event, s.names, lang);
  return { lang, text, missing: globalThis.__qvMissingKeys };
}));
process.stdout.write(JSON.stringify(out));
