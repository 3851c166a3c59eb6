// A log record as a sentence from the shared catalogues (clients/python/sentences,
// compiled to /web/i18n/sentences/<lang>.json): the same rules as the Python
// sentences of `fracas watch` and `fracas chronicle`, so that every client says
// the same thing. tests/test_sentences.py runs this file under Node and compares.

import { raw, has } from "./i18n.js";

const PEOPLE = new Set(["combatant", "combatants", "combatant_id", "attacker", "target", "grappler", "opponent",
  "defender", "ambusher", "drinker", "victim", "biter", "owner", "thrower", "holders",
  "holder", "vampire", "other", "searcher", "targets", "by", "after"]);
const PRINCIPALS = new Set(["roller", "author", "principal_id", "sender"]);
const ROLLS = new Set(["pool", "keep", "d6"]);

/** A message filled: its placeholders, and its optional parts `[[ contre {target}]]`
 * kept only when every placeholder in them has a value (as clients/python/sentences). */
function t(key, vars = {}) {
  const value = (name) => String(vars[name] ?? "");
  return raw(key, vars.n ?? 0)
    .replace(/\[\[(.*?)\]\]/g, (_, inner) => ([...inner.matchAll(/\{(\w+)\}/g)].every((m) => value(m[1])) ? inner : ""))
    .replace(/\{(\w+)\}/g, (_, name) => value(name));
}

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isRoll = (v) => isObject(v) && ROLLS.has(v.type) && ("faces" in v || "chains" in v);
const isTerm = (v) => isObject(v) && "rule" in v && Number.isInteger(v.value);
const empty = (v) => v === null || v === undefined || v === false || v === ""
  || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

function keptChains(roll) {
  const wanted = [...roll.kept_values];
  return roll.chains.map((chain) => {
    const index = wanted.indexOf(chain.reduce((a, b) => a + b, 0));
    if (index >= 0) wanted.splice(index, 1);
    return index >= 0;
  });
}

function diceText(faces) {
  return faces.length ? `[${faces.join(" ")}]` : t("roll.no_dice");
}

/** A roll's dice, each marked (✓ success or kept, ✗ a 1, ↻ a 10 rolled again,
 * (…) dropped), and its result; only the dice with `diceOnly`. */
export function rollText(roll, diceOnly = false) {
  if (roll.type === "pool") {
    // A 1 is marked when it counted: it cancelled a success, or made the botch.
    const onesCount = roll.successes < roll.hits || roll.hits === 0;
    const faces = roll.faces.map((f) => (f >= roll.difficulty ? `${f}✓${roll.tens_again && f === 10 ? "↻" : ""}`
      : f === 1 && onesCount ? `${f}✗` : String(f)));
    if (diceOnly) return diceText(faces);
    const result = roll.botch ? t("roll.botch")
      : roll.successes > 0 ? t("roll.successes", { n: roll.successes }) : t("roll.failure");
    return t("roll.pool", { dice: diceText(faces), result, d: roll.difficulty });
  }
  if (roll.type === "keep") {
    const kept = keptChains(roll);
    const faces = roll.chains.map((chain, i) => (kept[i] ? `${chain.join("+")}✓` : `(${chain.join("+")})`));
    if (diceOnly) return diceText(faces);
    const total = t("roll.total", { n: roll.total });
    if (roll.target === null || roll.target === undefined) return t("roll.keep", { dice: diceText(faces), result: total });
    const outcome = t(roll.success ? "roll.met" : "roll.missed");
    const result = `${total}, ${t("roll.target", { n: roll.target })} ${outcome}`;
    return t("roll.keep", { dice: diceText(faces), result });
  }
  if (roll.type === "d6") {
    const faces = roll.faces.map((f) => (f === 6 ? `${f}✓` : String(f)));
    if (diceOnly) return diceText(faces);
    const result = roll.successes ? t("roll.successes", { n: roll.successes }) : t("roll.failure");
    return t("roll.d6", { dice: diceText(faces), result });
  }
  return "";
}

function principal(ctx, id) {
  return id === "gm" ? t("who.gm") : ctx.principal(id);
}

function count(leaf, n) {
  return has(`count.${leaf}`) ? t(`count.${leaf}`, { n }) : String(n);
}

function item(leaf, value, ctx) {
  if (value === null || value === undefined || typeof value === "boolean") return "";
  if (typeof value === "number") return count(leaf, value);
  if (typeof value === "string") {
    if (PEOPLE.has(leaf)) return ctx.name(value);
    if (PRINCIPALS.has(leaf)) return principal(ctx, value);
    if (leaf === "label") return value ? t("label", { s: value }) : "";
    return has(`${leaf}.${value}`) ? t(`${leaf}.${value}`) : value;
  }
  if (Array.isArray(value)) return value.map((v) => item(leaf, v, ctx)).join(", ");
  if (isObject(value)) {
    if (isRoll(value)) return rollText(value);
    if ("combatant" in value) {
      const name = ctx.name(value.combatant);
      return "score" in value ? `${name} (${value.score})` : name;
    }
    if ("kind" in value) return item("kind", value.kind, ctx);
  }
  return "";
}

function walk(key, leaf, value, ctx, known, out) {
  if (isRoll(value)) {
    out[key] = rollText(value);
    out[`${key}_dice`] = rollText(value, true);
  } else if (isObject(value)) {
    const keys = Object.keys(value);
    if (keys.length && keys.every((k) => known.has(k))) {
      out[key] = keys.map((k) => t("pair", { a: ctx.name(k), b: item(leaf, value[k], ctx) })).join(", ");
    } else {
      for (const k of keys) walk(`${key}_${k}`, k, value[k], ctx, known, out);
    }
  } else if (Array.isArray(value) && value.length && value.every(isTerm)) {
    out[key] = count(leaf, value.reduce((sum, v) => sum + v.value, 0));
  } else {
    out[key] = item(leaf, value, ctx);
  }
}

function* flat(event, prefix = "") {
  for (const [name, value] of Object.entries(event)) {
    if (name === "type" && !prefix) continue;
    const key = `${prefix}${name}`;
    yield [key, value];
    if (isObject(value) && !isRoll(value)) yield* flat(value, `${key}_`);
  }
}

/** The message of an event: a variant (a true flag first, then the fields in
 * order), else the event's own message, else the unknown event's. */
function messageKey(event) {
  const base = `event.${event.type}`;
  const fields = [...flat(event)];
  for (const [name, value] of [...fields.filter((f) => f[1] === true), ...fields.filter((f) => f[1] !== true)]) {
    if (empty(value)) continue;
    if (typeof value === "string" && has(`${base}.${name}.${value}`)) return `${base}.${name}.${value}`;
    if (has(`${base}.${name}`)) return `${base}.${name}`;
  }
  return has(base) ? base : "event.unknown";
}

/** An event's sentence. ctx.name(combatant id) and ctx.principal(principal id)
 * give the names to show, ctx.combatants() the [id, name] pairs known. */
export function describeEvent(record, ctx) {
  const event = record.event;
  const known = new Set((ctx.combatants?.() || []).map(([id]) => id));
  const values = {};
  for (const [name, value] of Object.entries(event)) if (name !== "type") walk(name, name, value, ctx, known, values);
  const key = messageKey(event);
  const text = t(key, { ...values, type: event.type }).trim();
  return key === "event.unknown" ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
