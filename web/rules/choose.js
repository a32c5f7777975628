// rules/ and rules/index.html: go to the reference in ?lang= (or the preferred language),
// keeping the #section, e.g. rules/?lang=it#r6-2 -> rules/it.html#r6-2.

import { RULES_LANGUAGES } from "./sections.js";
import { preferredLanguage } from "../words/rules-link.js";

const asked = new URLSearchParams(location.search).get("lang");
const lang = RULES_LANGUAGES.includes(asked) ? asked : preferredLanguage();
location.replace(new URL(`${lang}.html${location.hash}`, import.meta.url).href);
