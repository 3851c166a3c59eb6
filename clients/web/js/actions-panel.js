// The controls of the combatants this viewer plays: exactly what the server
// offers each of them now (`offers`, from the same guards that would refuse the
// command), with the fields it already filled in (a whole grapple or bite
// declaration) and the pool and difficulty a roll would use, term by term with
// its rule ID. Nothing is computed here.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";
import { commandLabel, runCommand } from "./command-dialog.js";
import { termLabel, termText } from "./terms.js";

/** A variant's label ("vda.DeclareAction/grapple:contact:bors",
 * "vda.CatchGaze/gaze:bors:regard:intimidation") in words. */
function variantLabel(label, name) {
  const [kind, move, other, weapon] = label.split("/")[1].split(":");
  if (kind === "bite") return t("offer.bite", { name: name(move) });
  if (kind === "gaze") {
    const skill = has(`skill.${weapon}`) ? t(`skill.${weapon}`) : weapon;
    return t("offer.gaze", { name: name(move), power: other, skill });
  }
  if (kind === "grapple") {
    const what = has(`grapple.move.${move}`) ? t(`grapple.move.${move}`) : move;
    return t(weapon ? "offer.grapple_weapon" : "offer.grapple", { move: what, name: name(other), weapon });
  }
  return label;
}

/** What a declaration the server filled in says: "attaque · Bagarre · Agnès". */
export function actionText(action, name) {
  if (!action) return null;
  const word = (prefix, value) => (value && has(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : value);
  return [word("kind", action.kind), word("skill", action.skill), action.weapon, action.target && name(action.target)]
    .filter(Boolean).join(" · ");
}

/** "Réserve 6 : dextérité 3 (A-6) + mêlée 3 (A-6)" and the difficulty the same way. */
function explanation(offer) {
  if (!offer.pool) return null;
  const sum = (terms) => terms.reduce((total, term) => total + term.value, 0);
  const line = (key, terms) => h("li", {}, t(key, { n: sum(terms) }), " ",
    h("span", { class: "terms" }, terms.flatMap((term, i) => [i ? " + " : "",
      h("span", { class: "term", dataset: { rule: term.rule, key: termLabel(term).key ?? "" } }, termText(term))])));
  const automatic = offer.automatic || 0;
  return h("ul", { class: "pool", dataset: { pool: String(sum(offer.pool)), difficulty: String(sum(offer.difficulty || [])),
    automatic: String(automatic) } },
    line("offer.pool", offer.pool), automatic ? h("li", {}, t("offer.automatic", { n: automatic })) : null,
    offer.difficulty ? line("offer.difficulty", offer.difficulty) : null);
}

function button(offer, cid, name, opts) {
  const variant = offer.label.includes("/");
  const text = variant ? variantLabel(offer.label, name) : commandLabel(offer.command);
  return h("div", { class: variant ? "offer variant" : "offer" },
    h("button", {
      type: "button", class: "action", dataset: { command: offer.command, offer: offer.label },
      onclick: () => runCommand(offer.command, { ...opts, actorName: name(cid), fixed: offer.fields, confirm: variant,
        label: text, note: variant ? actionText(offer.fields.action, name) : null }),
    }, text),
    explanation(offer));
}

/** VDA-INIT-04 and the like: the declaration is in, sealed until the others' are. */
export function sealedText(cid, sealed, name) {
  const others = sealed.others.map(name).join(", ");
  return t(others ? "sealed.waiting" : "sealed.waiting_group",
    { name: name(cid), action: actionText(sealed.action, name) || "", others });
}

/** opts: may, offers, name(id), schema, system, combatants, send, feedback, sealed(id). */
export function renderActions(container, opts) {
  const entries = Object.entries(opts.may || {});
  if (!entries.length) {
    container.replaceChildren(h("p", {}, t("no_actions")));
    return;
  }
  container.replaceChildren(...entries.map(([cid, tags]) => {
    const name = opts.name(cid);
    // `may` also lists what is open to anyone at any time (RollDice): no offer for it.
    const offered = opts.offers?.[cid] || [];
    const known = new Set(offered.map((o) => o.label));
    const actor = (tag) => ({ [opts.schema.actorField(opts.system, tag)]: cid });
    const offers = [
      ...tags.filter((tag) => !known.has(tag)).map((tag) => ({ label: tag.split("/")[0], command: tag.split("/")[0], fields: actor(tag) })),
      ...offered,
    ];
    const plain = offers.filter((o) => !o.label.includes("/"));
    const variants = offers.filter((o) => o.label.includes("/"));
    const sealed = opts.sealed?.(cid);
    return h("article", { class: "actor", dataset: { combatant: cid } },
      h("h3", {}, t("actions_for", { name })),
      sealed ? h("p", { class: "sealed" }, h("span", { "aria-hidden": "true" }, "🔒 "), sealedText(cid, sealed, opts.name)) : null,
      h("div", { class: "buttons" }, plain.map((o) => button(o, cid, opts.name, opts))),
      variants.length ? h("details", { class: "variants" }, h("summary", {}, t("offer.variants", { n: variants.length })),
        h("div", { class: "buttons" }, variants.map((o) => button(o, cid, opts.name, opts)))) : null);
  }));
}
