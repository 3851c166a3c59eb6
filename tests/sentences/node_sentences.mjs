// Runs clients/web/js/event-text.js under Node on the records given on stdin and
// prints their sentences, so that tests/test_sentences.py can compare them with
// the Python sentences. Input: {"lang", "people": {"combatants", "principals"},
// "records": [...]}; output: a JSON list of sentences.

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
const { describeEvent } = await import(path.join(ROOT, "web/js/event-text.js"));
await i18n.loadLanguage(input.lang);
const { combatants, principals } = input.people;
const ctx = {
  name: (id) => combatants[id] ?? id,
  principal: (id) => principals[id] ?? id,
  combatants: () => Object.entries(combatants),
};
process.stdout.write(JSON.stringify(input.records.map((record) => describeEvent(record, ctx))));
