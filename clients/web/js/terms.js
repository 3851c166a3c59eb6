// A pool or difficulty term ({rule, value, why}) in the reader's language. A term's
// `why` is what the domain wrote (a trait's id, a weapon's id, a short note), so its
// label comes from the catalogues: first the rule's own words for that `why`
// (`term.<rule>.<why>`), then the trait or maneuver it names (`field.dexterity`,
// `maneuver.kick`), then the rule's words (`term.<rule>`, where `{why}` is a name:
// a weapon, the GM's reason). `key` is null when no catalogue has it
// (tests/test_term_labels.py keeps that from happening).

import { t, has } from "./i18n.js";

const NAMED = ["field", "skill", "maneuver", "condition", "defence"];

/** {key, text}: the catalogue key a term's label comes from, and the label. */
export function termLabel(term) {
  const why = term.why || "";
  const keys = why ? [`term.${term.rule}.${why}`, ...NAMED.map((prefix) => `${prefix}.${why}`)] : [];
  const key = [...keys, `term.${term.rule}`].find(has) ?? null;
  return { key, text: key ? t(key, { why }) : why };
}

/** "Dextérité 3 (A-6)", "cible à terre −2 (VTM-CPX-03)". */
export function termText(term) {
  const label = termLabel(term).text;
  const value = term.value >= 0 && label ? `${label} ${term.value}` : `${label} ${term.value > 0 ? "+" : ""}${term.value}`;
  return `${value.trim()} (${term.rule})`;
}
