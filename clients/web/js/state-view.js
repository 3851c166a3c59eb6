// The projected state, shown generically: whatever the rule system projects
// (round, sequence, order, per-combatant health and conditions, grapples) plus
// the table's combatants, last roll and notes. No rule is computed here.

import { h } from "./dom.js";
import { t, has, word } from "./i18n.js";
import { rollBlock } from "./dice-view.js";
import { vdaActing, vdaSealed } from "./vda-view.js";
import { vtmDetails } from "./vtm-view.js";

const ACTING = { vda: vdaActing };
const SEALED = { vda: vdaSealed };
const DETAILS = { vtm: vtmDetails };

/** The names a page shows: `name` of a combatant, `principal` of a person at the
 * table (the GM, an invited player or spectator); an unknown id stays as it is. */
// Names seen in any state: the log still names a combatant once removed.
const seenNames = new Map();

export function peopleOf(state) {
  const combatants = state?.fight?.combatants || {};
  const admin = state?.admin || {};
  for (const [id, c] of Object.entries(combatants)) seenNames.set(id, c.name);
  return {
    name: (id) => combatants[id]?.name ?? seenNames.get(id) ?? id,
    principal: (id) => (id === "gm" ? t("gm") : admin.players?.[id]?.name || admin.spectators?.[id]?.name || id),
    combatants: () => Object.entries(combatants).map(([id, c]) => [id, c.name]),
  };
}

/** A declaration of `cid` the system keeps sealed for now, as this viewer sees it:
 * `{action, others}` (the others it waits for), or null. */
export function sealedOf(state, cid) {
  const system = state?.fight?.system;
  const find = system && SEALED[system.type];
  return find ? find(system, cid) : null;
}

/** What the system projects of `cid`'s turn beyond health, pools and conditions (vtm:
 * its declared actions, those left, what lasts), as elements, or null. */
function turnDetails(state, cid) {
  const system = state?.fight?.system;
  const details = system && DETAILS[system.type];
  return details ? details(system, cid, peopleOf(state).name) : null;
}

export function actingNow(state) {
  const system = state?.fight?.system;
  if (!system) return [];
  const find = ACTING[system.type];
  return find ? find(system) : system.acting || [];
}

/** A sheet's trait (an attribute, an ability, a discipline) in words. */
function traitName(key) {
  return has(`field.${key}`) ? t(`field.${key}`) : word("skill", key);
}

/** "Round n", in the words of the system's seed when its catalogue has them (vtm: « Tour »). */
export function roundLabel(system, n) {
  const named = `round.${system}`;
  return t(has(named) ? named : "round", { n });
}

export function summaryLine(state) {
  const system = state?.fight?.system || {};
  const parts = [];
  if (typeof system.round === "number" && system.round > 0) parts.push(roundLabel(system.type, system.round));
  const seq = system.sequence;
  if (seq && typeof seq === "object" && seq.number) parts.push(t("sequence", { n: seq.number }));
  if (seq?.step) parts.push(t("step", { s: word("step", seq.step) }));
  else if (typeof system.phase === "string") parts.push(t("phase", { p: word("phase", system.phase) }));
  parts.push(t("position", { n: state?.position ?? 0 }));
  return parts.join(" · ");
}

function orderOf(system) {
  const order = system?.order;
  if (!Array.isArray(order)) return [];
  return order.map((rank) => (typeof rank === "string" ? { combatant: rank } : rank));
}

export function orderList(state, acting = actingNow(state), prefix = "") {
  const { name } = peopleOf(state);
  const order = orderOf(state?.fight?.system);
  if (!order.length) return null;
  return h("section", { class: "order", "aria-labelledby": `${prefix}order-title` },
    h("h2", { id: `${prefix}order-title` }, t("order")),
    h("ol", {}, order.map((rank) => {
      const now = acting.includes(rank.combatant);
      return h("li", { class: now ? "acting" : "", "aria-current": now ? "true" : null },
        h("span", { class: "name" }, name(rank.combatant)),
        rank.score !== undefined ? h("span", { class: "score" }, String(rank.score)) : null,
        now ? h("span", { class: "badge" }, "▶ ", t("acting_now")) : null);
    })));
}

const WOUND_MARKS = { bashing: "/", lethal: "X", aggravated: "✱" };

function healthTrack(health, levels) {
  const boxes = [];
  for (const kind of ["aggravated", "lethal", "bashing"]) {
    for (let i = 0; i < (health[kind] || 0); i++) boxes.push(kind);
  }
  const total = Math.max(levels || 0, boxes.length);
  const described = Object.entries(health).filter(([, n]) => n > 0)
    .map(([kind, n]) => `${word("health", kind)} ${n}`).join(", ");
  return h("div", { class: "health" },
    h("span", { class: "track", "aria-hidden": "true" },
      Array.from({ length: total }, (_, i) => h("span", { class: `box ${boxes[i] || "empty"}` }, boxes[i] ? WOUND_MARKS[boxes[i]] : ""))),
    h("span", { class: "wounds" }, `${t("wounds")} : ${described || "0"}`));
}

function sheetDetails(sheet) {
  const rows = [];
  for (const [key, value] of Object.entries(sheet || {})) {
    if (key === "type") continue;
    if (typeof value === "number" || (typeof value === "string" && value)) rows.push([key, String(value)]);
    else if (value && typeof value === "object" && !Array.isArray(value)) {
      const inner = Object.entries(value).filter(([, v]) => typeof v === "number" && v > 0);
      if (inner.length) rows.push([key, inner.map(([k, v]) => `${traitName(k)} ${v}`).join(" · ")]);
    } else if (Array.isArray(value) && value.length && value.every((v) => typeof v === "string")) {
      rows.push([key, value.join(", ")]);
    }
  }
  return h("details", { class: "sheet-traits" }, h("summary", {}, t("field.sheet")),
    h("dl", {}, rows.map(([k, v]) => [h("dt", {}, word("field", k)), h("dd", {}, v)])));
}

/** The points left in each pool the system projects (`pools`), beside the sheet's
 * maximum of the same name: "Sang 7/10". A pool empty on both sides is left out. */
function poolsLine(pools, sheet) {
  const shown = Object.entries(pools || {}).filter(([k, v]) => v !== 0 || sheet?.[k]);
  if (!shown.length) return null;
  return h("p", { class: "pools" }, `${t("pools")} : `, shown.map(([k, v], i) => [i ? " · " : "",
    h("span", { dataset: { pool: k } }, typeof sheet?.[k] === "number"
      ? t("pool_of", { pool: word("field", k), n: v, max: sheet[k] })
      : `${word("field", k)} ${v}`)]));
}

export function combatantCard(id, combatant, state, { acting = [], mine = false } = {}) {
  const fighter = state?.fight?.system?.fighters?.[id] || {};
  const now = acting.includes(id);
  // a list of conditions, or (vtm) each condition with the round it lasts until
  const conditions = Array.isArray(fighter.conditions) ? fighter.conditions : Object.keys(fighter.conditions || {});
  return h("article", { class: `combatant${now ? " acting" : ""}${mine ? " mine" : ""}`, dataset: { combatant: id } },
    h("h3", {}, combatant.name,
      combatant.side ? h("span", { class: "side" }, ` · ${t("side", { s: combatant.side })}`) : null,
      now ? h("span", { class: "badge" }, " ▶ ", t("acting_now")) : null),
    fighter.health ? healthTrack(fighter.health, combatant.sheet?.health_levels) : null,
    poolsLine(fighter.pools, combatant.sheet),
    conditions.length ? h("p", { class: "conditions" }, `${t("conditions")} : ${conditions.map((c) => word("condition", c)).join(", ")}`) : null,
    (fighter.initiative_rolled ?? typeof fighter.initiative === "number")
      ? h("p", { class: "initiative" }, t("initiative", { n: fighter.initiative })) : null,
    turnDetails(state, id),
    sealedOf(state, id) ? h("p", { class: "sealed" }, h("span", { "aria-hidden": "true" }, "🔒 "), t("sealed.badge")) : null,
    sheetDetails(combatant.sheet));
}

export function grappleList(state, prefix = "") {
  const { name } = peopleOf(state);
  const held = state?.fight?.system?.grapples || {};
  if (Array.isArray(held)) return heldList(held, name, prefix);
  const grapples = Object.entries(held);
  if (!grapples.length) return null;
  return h("section", { class: "grapples", "aria-labelledby": `${prefix}grapples-title` },
    h("h2", { id: `${prefix}grapples-title` }, t("grapples")),
    h("ul", {}, grapples.map(([key, g]) => {
      const [a, b] = key.split(">");
      const effects = g.effects || {};
      const notes = [];
      if (effects.no_attack_on_grappler) notes.push(t("grapple.no_attack"));
      if (effects.bite) notes.push(t("grapple.bite"));
      if (effects.flight === false) notes.push(t("grapple.no_flight"));
      if (effects.forbidden_sizes?.length) notes.push(t("grapple.forbidden", { sizes: effects.forbidden_sizes.join(", ") }));
      return h("li", {}, t("grapple", { a: name(a), b: name(b), v: g.value }),
        notes.length ? h("span", { class: "effects" }, ` (${notes.join(" ; ")})`) : null);
    })));
}

/** Grapples as a list of who holds whom and how (vtm: a clinch or a hold). */
function heldList(grapples, name, prefix) {
  if (!grapples.length) return null;
  return h("section", { class: "grapples", "aria-labelledby": `${prefix}grapples-title` },
    h("h2", { id: `${prefix}grapples-title` }, t("grapples")),
    h("ul", {}, grapples.map((g) => h("li", {},
      t("grapple.kind", { a: name(g.attacker), b: name(g.target), kind: word("kind", g.kind) })))));
}

/** The table's last roll, or `fromLog` (a system's roll) when it is newer. */
export function lastRoll(state, prefix = "", fromLog = null) {
  const { name, principal } = peopleOf(state);
  const table = state?.fight?.last_roll;
  const last = fromLog && (!table || fromLog.position > table.position) ? fromLog : table;
  return h("section", { class: "last-roll", "aria-labelledby": `${prefix}last-roll-title` },
    h("h2", { id: `${prefix}last-roll-title` }, t("last_roll")),
    last
      ? [h("p", { class: "who" }, [last.combatant ? name(last.combatant) : principal(last.roller), last.label].filter(Boolean).join(" — ")),
        rollBlock(last.roll)]
      : h("p", {}, t("no_roll")));
}

/** The whole state into `container`; `mine` are the combatants this viewer plays;
 * `prefix` keeps the ids of a second view on one page (a preview) unique. */
export function renderState(container, state, { mine = [], prefix = "", roll = null } = {}) {
  const { principal } = peopleOf(state);
  const acting = actingNow(state);
  const combatants = Object.entries(state?.fight?.combatants || {});
  const notes = state?.fight?.notes || [];
  container.replaceChildren(
    h("p", { class: "summary" }, summaryLine(state)),
    orderList(state, acting, prefix) || "",
    h("section", { class: "combatants", "aria-labelledby": `${prefix}combatants-title` },
      h("h2", { id: `${prefix}combatants-title` }, t("combatants")),
      combatants.length
        ? combatants.map(([id, c]) => combatantCard(id, c, state, { acting, mine: mine.includes(id) }))
        : h("p", {}, t("no_combatants"))),
    grappleList(state, prefix) || "",
    lastRoll(state, prefix, roll),
    notes.length ? h("section", { class: "notes" }, h("h2", {}, t("notes")),
      h("ul", {}, notes.slice(-5).map((n) => h("li", {}, `${principal(n.author)} : ${n.text}`)))) : "",
  );
}
