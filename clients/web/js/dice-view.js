// A roll's dice and result: each die says what it did in text and a mark, never
// by colour alone (kept, dropped, exploded, cancelled by a 1).

import { h } from "./dom.js";
import { t } from "./i18n.js";

export function rollSummary(roll) {
  if (!roll) return "";
  switch (roll.type) {
    case "pool": {
      const result = roll.botch ? t("roll.botch")
        : roll.successes > 0 ? t("roll.successes", { n: roll.successes }) : t("roll.failure");
      return `${result}, ${t("roll.vs", { d: roll.difficulty })}`;
    }
    case "keep": {
      const total = t("roll.total", { n: roll.total });
      if (roll.target === null || roll.target === undefined) return total;
      return `${total}, ${t("roll.target", { n: roll.target })} ${roll.success ? t("roll.met") : t("roll.missed")}`;
    }
    case "d6":
      return roll.successes > 0 ? t("roll.successes", { n: roll.successes }) : t("roll.failure");
    default:
      return "";
  }
}

/** Whether a roll counts as a success, for the ✓/✗ beside its summary. */
function rollSucceeded(roll) {
  if (!roll) return false;
  if (roll.type === "keep") return roll.success ?? true;
  return roll.successes > 0;
}

function die(face, kind, label) {
  const marks = { hit: "✓", six: "✓", one: "✗", miss: "", kept: "✓", dropped: "–" };
  return h("span", { class: `die ${kind}`, role: "listitem", "aria-label": `${face}, ${label}`, title: label },
    String(face), marks[kind] ? h("span", { class: "mark", "aria-hidden": "true" }, marks[kind]) : null);
}

function keptChains(roll) {
  const wanted = [...roll.kept_values];
  return roll.chains.map((chain) => {
    const sum = chain.reduce((a, b) => a + b, 0);
    const index = wanted.indexOf(sum);
    if (index < 0) return false;
    wanted.splice(index, 1);
    return true;
  });
}

function diceList(roll) {
  const list = h("span", { class: "dice", role: "list" });
  if (!roll) return list;
  if (roll.type === "pool") {
    // A 1 is struck through only when it counted, as the log's sentences mark it
    // (event-text.js): it cancelled a success, or made the botch.
    const onesCount = roll.successes < roll.hits || roll.hits === 0;
    for (const face of roll.faces) {
      const kind = face >= roll.difficulty ? "hit" : face === 1 && onesCount ? "one" : "miss";
      list.append(die(face, kind, t(`dice.${kind}`)));
    }
  } else if (roll.type === "d6") {
    for (const face of roll.faces) list.append(die(face, face === 6 ? "six" : "miss", t(face === 6 ? "dice.six" : "dice.miss")));
  } else if (roll.type === "keep") {
    const kept = keptChains(roll);
    roll.chains.forEach((chain, i) => {
      const kind = kept[i] ? "kept" : "dropped";
      const exploded = chain.length > 1 ? `, ${t("dice.exploded")}` : "";
      list.append(die(chain.join("+"), kind, t(`dice.${kind}`) + exploded));
    });
  }
  return list;
}

/** The roll as a block: its dice, then its result with a ✓ or ✗. */
export function rollBlock(roll) {
  const ok = rollSucceeded(roll);
  return h("div", { class: "roll" },
    diceList(roll),
    h("p", { class: `result ${ok ? "success" : "failure"}` },
      h("span", { "aria-hidden": "true", class: "mark" }, ok ? "✓ " : "✗ "), rollSummary(roll)));
}
