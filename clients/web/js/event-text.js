// A log record as a plain sentence from the catalogue ("Rorsh attaque Agnès :
// touché, 3 dégâts"); an event without a sentence shows its type.

import { t, has } from "./i18n.js";
import { rollSummary } from "./dice-view.js";

const PEOPLE = ["combatant", "attacker", "target", "grappler", "opponent", "combatant_id"];

function words(prefix, value) {
  return has(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : String(value ?? "");
}

function damageOf(resolution) {
  const health = resolution?.health || {};
  return (health.bashing || 0) + (health.lethal || 0) + (health.aggravated || 0);
}

/** ctx.name(combatant id) and ctx.principal(principal id) give names to show. */
export function describeEvent(record, ctx) {
  const e = record.event;
  const type = e.type;
  const vars = { ...e };
  for (const field of PEOPLE) if (typeof e[field] === "string") vars[field] = ctx.name(e[field]);
  vars.name = typeof e.combatant === "string" ? ctx.name(e.combatant)
    : e.combatant?.name ?? (e.combatant_id ? ctx.name(e.combatant_id) : e.name ?? "");
  if (e.roll) vars.result = rollSummary(e.roll);
  if (e.label !== undefined) vars.label = e.label ? t("quote", { s: e.label }) : "";
  if (e.roller) vars.who = e.combatant ? ctx.name(e.combatant) : ctx.principal(e.roller);
  if (e.author) vars.author = ctx.principal(e.author);
  if (e.step) vars.step = words("step", e.step);
  if (e.skill) vars.skill = words("skill", e.skill);
  if (e.action?.kind) vars.kind = words("kind", e.action.kind);
  if (typeof e.on === "boolean") vars.state = t(e.on ? "on" : "off");
  if (Array.isArray(e.order)) vars.order = e.order.map((r) => ctx.name(r.combatant ?? r)).join(", ");
  if (e.resolution) {
    vars.outcome = e.resolution.hit ? t("attack.hit", { damage: damageOf(e.resolution) }) : t("attack.miss");
  }
  if (e.principal_id) vars.id = ctx.principal(e.principal_id);
  let key = `event.${type}`;
  if (type === "DiceRolled" && e.secret) key = "event.DiceRolled.secret";
  if (type === "Hidden" && has(`event.Hidden.${e.kind}`)) key = `event.Hidden.${e.kind}`;
  return has(key) ? t(key, vars).trim() : type;
}
