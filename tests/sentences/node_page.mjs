// What the pages' modules need of a browser, for running them under Node: `fetch`
// of their own files, and the few globals i18n.js reads. `load(lang)` gives
// `page(name)`, which imports clients/web/js/<name> with that language loaded.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "clients");
globalThis.fetch = async (url) => ({ json: async () => JSON.parse(readFileSync(path.join(ROOT, url), "utf8")) });
globalThis.document = { documentElement: {}, querySelectorAll: () => [] };
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.location = { search: "" };

/** The JSON input on stdin. */
export const input = JSON.parse(readFileSync(0, "utf8"));

export async function load(lang) {
  const i18n = await import(path.join(ROOT, "web/js/i18n.js"));
  await i18n.loadLanguage(lang);
  return (name) => import(path.join(ROOT, "web/js", name));
}
