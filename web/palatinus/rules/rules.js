// The Palatinus rules pages: "Back to the game" returns to the game's own tab (back-link.js).

import { wireBackLinks } from "../../rules/back-link.js";

wireBackLinks();
// a test that opens this page in a new tab waits for this mark before it clicks
document.documentElement.dataset.rules = "ready";
