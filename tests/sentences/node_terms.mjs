// Runs clients/web/js/terms.js under Node on the terms given on stdin and prints
// each one's label, so that tests/test_term_labels.py can check that every term a
// page shows has its words in the catalogues. Input: {"lang", "terms": [...]};
// output: a JSON list of {key, text}.

import { input, load } from "./node_page.mjs";

const page = await load(input.lang);
const { termLabel } = await page("terms.js");
process.stdout.write(JSON.stringify(input.terms.map(termLabel)));
