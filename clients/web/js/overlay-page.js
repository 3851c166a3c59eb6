// The stream overlay (/overlay/{table}?token=…): read-only, transparent, shown
// `delay` seconds late if asked; a reload starts from the latest lines again.
//
// Only what opens the socket is imported here: the socket, the state at the head
// and the catalogues are on their way while the drawing code (overlay-view.js)
// loads, so the state shows one round trip after the page's first script runs.

import { loadLanguage } from "./i18n.js";
import { takeToken, tableIdFromPath } from "./token.js";
import { TableConnection } from "./connection.js";

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
// The catalogues and the drawing code, both loading while the socket connects.
const ready = Promise.all([loadLanguage(), import("./overlay-view.js")])
  .then(([, { overlayView }]) => overlayView(() => state, LINES));

let early = null; // the state at the head, asked for on the first welcome
let wanted = 0; // the newest position received
let asking = false; // one get_state at a time; a newer position asks again after it

async function show(records) {
  const view = await ready;
  // Once there is a state to name people by, the log lines first (they are in the
  // records), then the state they lead to: an event shows one socket hop after it
  // happened.
  if (state !== null) view.log.add(records);
  else view.log.records.push(...records.slice(-LINES));
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
      view.render();
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
  status: (name, detail) => ready.then((view) => view.status(name, detail, () => conn.restart())),
  diverged: () => ready.then((view) => view.log.clear()),
  skipped: async (message) => {
    const view = await ready;
    state = message.state;
    view.log.clear();
    view.render();
  },
});

async function main() {
  if (tableId && token) conn.start();
  const view = await ready;
  if (!tableId || !token) view.message("no_token");
  else if (!state) view.message("overlay.waiting");
}

main();
