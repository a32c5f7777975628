// ESLint's rules for the page: the recommended set, modules, the browser's and workers' globals.
// tools/js_checks.py copies this file beside the pinned packages and sets QV_ROOT.
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    basePath: process.env.QV_ROOT,
    files: ["web/**/*.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker },
    },
  },
];
