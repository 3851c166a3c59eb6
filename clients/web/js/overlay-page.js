// The stream overlay (/overlay/{table}?token=…): read-only, transparent, shown
// `delay` seconds late if asked; a reload starts from the latest lines again.

import { $, h } from "./dom.js";
import { loadLanguage, t } from "./i18n.js";
import { takeToken, tableIdFromPath } from "./token.js";
import { TableConnection } from "./connection.js";
import { actingNow, combatantCard, grappleList, lastRoll, orderList, peopleOf, summaryLine } from "./state-view.js";
import { LogView, latestRoll } from "./log-view.js";
import { showStatus } from "./page-status.js";

const LINES = 6;
const params = new URLSearchParams(location.search);
const delay = Math.max(0, Number(params.get("delay")) || 0) * 1000;
const scale = Math.min(4, Math.max(0.25, Number(params.get("scale")) || 1));
document.body.classList.add(`theme-${params.get("theme") === "light" ? "light" : "dark"}`);
document.body.classList.add(`layout-${params.get("layout") === "row" ? "row" : "column"}`);
document.documentElement.style.setProperty("--scale", String(scale));

const tableId = tableIdFromPath();
const token = takeToken(tableId);
let state = null;
const log = new LogView($("#log-list"), { context: () => peopleOf(state), limit: LINES });

function render() {
  const acting = actingNow(state);
  const combatants = Object.entries(state?.fight?.combatants || {});
  const ordered = (state?.fight?.system?.order || []).map((r) => r.combatant ?? r);
  combatants.sort(([a], [b]) => (ordered.indexOf(a) + 1 || 999) - (ordered.indexOf(b) + 1 || 999));
  $("#board").replaceChildren(
    h("p", { class: "summary" }, state?.admin?.title || "", " · ", summaryLine(state)),
    orderList(state, acting) || "",
    h("section", { class: "combatants" }, combatants.map(([id, c]) => combatantCard(id, c, state, { acting }))),
    grappleList(state) || "",
    lastRoll(state, "", latestRoll(log.records, state?.position)),
  );
  log.render();
}

let language = null; // the catalogue, loading while the socket connects
let early = null; // the state at the head, asked for on the first welcome
let wanted = 0; // the newest position received
let asking = false; // one get_state at a time; a newer position asks again after it

async function show(records) {
  await language;
  // Once there is a state to name people by, the log lines first (they are in the
  // records), then the state they lead to: an event shows one socket hop after it
  // happened.
  if (state !== null) log.add(records);
  else log.records.push(...records.slice(-LINES));
  wanted = Math.max(wanted, records[records.length - 1].position);
  if (asking) return;
  asking = true;
  try {
    while (true) {
      const at = wanted;
      // The state at the head was asked for with the welcome, beside the follow.
      let answer = await (early ?? Promise.resolve(null)).catch(() => null);
      early = null;
      if (answer?.at !== at) answer = await conn.state(at).catch(() => null);
      if (answer?.type === "state") state = answer.state;
      render();
      if (wanted === at) break;
    }
  } finally {
    asking = false;
  }
}

const conn = new TableConnection(tableId, token, {
  welcome: (w) => {
    early = conn.state(w.head);
    return Math.max(0, w.head - LINES);
  },
  events: (records) => (delay ? setTimeout(() => show(records), delay) : show(records)),
  status: (name, detail) => language.then(() => showStatus(name, detail, () => conn.restart())),
  diverged: () => log.clear(),
  skipped: async (message) => {
    await language;
    state = message.state;
    log.clear();
    render();
  },
});

async function main() {
  language = loadLanguage();
  if (tableId && token) conn.start();
  await language;
  if (!tableId || !token) {
    $("#board").replaceChildren(h("p", {}, t("no_token")));
    return;
  }
  if (!state) $("#board").replaceChildren(h("p", {}, t("overlay.waiting")));
}

main();
