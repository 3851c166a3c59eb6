// What the overlay draws: the board (order, combatants, grapples, last roll) and
// the last lines of the log. Loaded by overlay-page.js while its socket connects.

import { $, h } from "./dom.js";
import { t } from "./i18n.js";
import { actingNow, combatantCard, grappleList, lastRoll, orderList, peopleOf, summaryLine } from "./state-view.js";
import { LogView, latestRoll } from "./log-view.js";
import { showStatus } from "./page-status.js";

/** The overlay's view of `state()`, the newest state it received, keeping `lines` log lines. */
export function overlayView(state, lines) {
  const log = new LogView($("#log-list"), { context: () => peopleOf(state()), limit: lines });
  return {
    log,
    render() {
      const now = state();
      const acting = actingNow(now);
      const combatants = Object.entries(now?.fight?.combatants || {});
      const ordered = (now?.fight?.system?.order || []).map((r) => r.combatant ?? r);
      combatants.sort(([a], [b]) => (ordered.indexOf(a) + 1 || 999) - (ordered.indexOf(b) + 1 || 999));
      $("#board").replaceChildren(
        h("p", { class: "summary" }, now?.admin?.title || "", " · ", summaryLine(now)),
        orderList(now, acting) || "",
        h("section", { class: "combatants" }, combatants.map(([id, c]) => combatantCard(id, c, now, { acting }))),
        grappleList(now) || "",
        lastRoll(now, "", latestRoll(log.records, now?.position)),
      );
      log.render();
    },
    message(key) {
      $("#board").replaceChildren(h("p", {}, t(key)));
    },
    status: showStatus,
  };
}
