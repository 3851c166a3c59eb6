// The event log, newest first, in plain sentences; the GM gets "rewind here" and
// "reveal" beside the lines they apply to.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";
import { describeEvent } from "./event-text.js";

const KEPT = 300;

export class LogView {
  constructor(list, { context, gm = false, onRewind, onReveal, limit = KEPT } = {}) {
    this.list = list;
    this.context = context;
    this.gm = gm;
    this.onRewind = onRewind;
    this.onReveal = onReveal;
    this.limit = limit;
    this.records = [];
  }

  add(records) {
    this.records.push(...records);
    if (this.records.length > this.limit) this.records.splice(0, this.records.length - this.limit);
    this.render();
  }

  clear() {
    this.records = [];
    this.render();
  }

  line(record, head) {
    const e = record.event;
    const tools = [];
    if (this.gm && this.onRewind && record.position < head && record.position > 0) {
      tools.push(h("button", { type: "button", class: "small", "aria-label": t("gm.rewind_to", { n: record.position }),
        onclick: () => this.onRewind(record.position) }, "⟲ ", t("gm.rewind")));
    }
    if (this.gm && this.onReveal && e.type === "DiceRolled" && e.secret) {
      tools.push(h("button", { type: "button", class: "small", onclick: () => this.onReveal(record.position) }, t("gm.reveal")));
    }
    const hidden = e.type === "Hidden" || (e.type === "DiceRolled" && e.secret);
    return h("li", { class: hidden ? "secret" : "", value: record.position, dataset: { position: record.position, type: e.type } },
      h("span", { class: "pos" }, `#${record.position}`), " ",
      h("span", { class: "text" }, describeEvent(record, this.context())), tools.length ? h("span", { class: "tools" }, tools) : null);
  }

  render() {
    const head = this.records.length ? this.records[this.records.length - 1].position : 0;
    this.list.replaceChildren(...this.records.slice().reverse().map((r) => this.line(r, head)));
  }
}

/** The newest public roll in `records` up to `upto`, since the last rewind: a rule
 * system's rolls (initiative, actions) live in its events, not in the table's
 * last roll. */
export function latestRoll(records, upto = Infinity) {
  for (let i = records.length - 1; i >= 0; i--) {
    const { position, event, sender } = records[i];
    if (position > upto) continue;
    if (event.type === "Rewound") return null;
    // A grapple's roll sits in its `check` (vda.GrappleRolled), beside what it tried.
    const roll = event.roll || event.check?.roll;
    if (roll && !event.secret) {
      const word = (prefix, value) => (value && has(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : value);
      const label = event.label || word("skill", event.skill) || word("grapple.move", event.move) || "";
      const combatant = event.combatant ?? event.attacker ?? null;
      return { position, combatant, roller: event.roller ?? sender, label, roll };
    }
  }
  return null;
}
