// Runs clients/web/js/event-text.js under Node on the records given on stdin and
// prints their sentences, so that tests/test_sentences.py can compare them with
// the Python sentences. Input: {"lang", "people": {"combatants", "principals"},
// "records": [...]}; output: a JSON list of sentences.

import { input, load } from "./node_page.mjs";

const page = await load(input.lang);
const { describeEvent } = await page("event-text.js");
const { combatants, principals } = input.people;
const ctx = {
  name: (id) => combatants[id] ?? id,
  principal: (id) => principals[id] ?? id,
  combatants: () => Object.entries(combatants),
};
process.stdout.write(JSON.stringify(input.records.map((record) => describeEvent(record, ctx))));
