// What the vtm projection says of one combatant beyond health, pools and conditions:
// its declared actions (made aloud, VTM-INIT-03, so every viewer sees them) with those
// already made, how many are left, and what lasts from one action to the next (an aim,
// a riposte owed, cover, a move, a dropped weapon, a fall, a ruling awaited, an ambush).
// Everything shown is in the projection; nothing is computed here.

import { h } from "./dom.js";
import { t, word } from "./i18n.js";

/** One declared action in words: « attaque (frappe) → Bors, couteau ». */
function actionText(action, name) {
  const how = action.maneuver ? word("maneuver", action.maneuver) : action.defence ? word("defence", action.defence) : "";
  const parts = [word("kind", action.kind) + (how ? ` (${how})` : "")];
  const targets = [action.target, ...(action.targets || [])].filter(Boolean).map(name);
  if (targets.length) parts[0] += ` → ${targets.join(", ")}`;
  if (action.weapon) parts.push(action.weapon);
  return parts.join(", ");
}

function declaredList(fighter, name) {
  const declared = fighter.declared || [];
  if (!declared.length) return null;
  const done = new Set(fighter.resolved || []);
  return h("div", { class: "declared" },
    h("p", {}, fighter.desperate ? t("vtm.declared_desperate") : t("vtm.declared"),
      " · ", h("span", { class: "left" }, t("vtm.left", { n: fighter.left ?? 0 }))),
    h("ol", {}, declared.map((action, i) => h("li", { class: done.has(i) ? "done" : "" },
      actionText(action, name), done.has(i) ? ` (${t("vtm.done")})` : ""))));
}

function effects(system, cid, fighter, name) {
  const found = [];
  const aim = fighter.aiming;
  if (aim) found.push(t("vtm.effect.aim", { target: name(aim.target), weapon: aim.weapon, n: aim.turns }));
  const riposte = fighter.riposte;
  if (riposte) found.push(t("vtm.effect.riposte", { target: name(riposte.target), weapon: riposte.weapon, bonus: riposte.bonus }));
  if (fighter.cover && fighter.cover !== "none") found.push(t("vtm.effect.cover", { cover: word("cover", fighter.cover) }));
  const move = fighter.movement;
  if (move) found.push(t("vtm.effect.move", { pace: word("pace", move.pace), n: move.metres }));
  if (fighter.dropped?.length) found.push(t("vtm.effect.dropped", { weapons: fighter.dropped.join(", ") }));
  if (fighter.must_stand) found.push(t("vtm.effect.must_stand"));
  else if (fighter.recovery) found.push(t("vtm.effect.recovery"));
  if (fighter.awaiting) found.push(t("vtm.effect.awaiting", { rule: fighter.awaiting }));
  for (const key of Object.keys(fighter.complications || {})) found.push(t("vtm.effect.complication", { name: key }));
  const ambush = system.ambush;
  if (ambush && (ambush.attacker === cid || ambush.target === cid)) {
    found.push(t("vtm.effect.ambush", { attacker: name(ambush.attacker), target: name(ambush.target) }));
  }
  return found;
}

/** The vtm lines of `cid`'s card, or null when there is nothing to say. */
export function vtmDetails(system, cid, name) {
  const fighter = system?.fighters?.[cid];
  if (!fighter) return null;
  const lasting = effects(system, cid, fighter, name);
  const declared = declaredList(fighter, name);
  if (!declared && !lasting.length) return null;
  return h("div", { class: "vtm-turn" },
    declared,
    lasting.length ? h("p", { class: "effects" }, t("vtm.effects", { effects: lasting.join(" ; ") })) : null);
}
