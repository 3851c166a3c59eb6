// Runs clients/web/js/terms.js under Node on the terms given on stdin and prints
// each one's label, so that tests/test_term_labels.py can check that every term a
// page shows has its words in the catalogues. Input: {"lang", "terms": [...]};
// output: a JSON list of {key, text}.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "clients");
globalThis.fetch = async (url) => ({ json: async () => JSON.parse(readFileSync(path.join(ROOT, url), "utf8")) });
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.location = { search: "" };

const input = JSON.parse(readFileSync(0, "utf8"));
const i18n = await import(path.join(ROOT, "web/js/i18n.js"));
const { termLabel } = await import(path.join(ROOT, "web/js/terms.js"));
await i18n.loadLanguage(input.lang);
process.stdout.write(JSON.stringify(input.terms.map(termLabel)));
