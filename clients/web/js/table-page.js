// The table page (/t/{table}): follows the table over the WebSocket, shows the
// projected state and the log, the controls `may` allows, and the GM's tools.

import { $, h, announce } from "./dom.js";
import { loadLanguage, languagePicker, t } from "./i18n.js";
import { takeToken, tableIdFromPath } from "./token.js";
import { TableConnection } from "./connection.js";
import { headsLink } from "./heads.js";
import { loadSchema } from "./schema.js";
import { peopleOf, renderState, sealedOf } from "./state-view.js";
import { describeEvent } from "./event-text.js";
import { LogView, latestRoll } from "./log-view.js";
import { renderActions, sealedText } from "./actions-panel.js";
import { renderGmPanel } from "./gm-panel.js";
import { answerText, commandDialog, commandForm } from "./command-dialog.js";
import { objectField } from "./schema-form.js";
import { showStatus } from "./page-status.js";

const FIRST_LINES = 200;
const tableId = tableIdFromPath();
const token = takeToken(tableId);

let welcome = null;
let state = null;
let may = {};
let offers = {};
let schema = null;
let gmRoster = "";

const people = () => peopleOf(state);

function feedback(text, ok) {
  const box = $("#feedback");
  box.textContent = `${ok ? "✓" : "✗"} ${text}`;
  box.className = `feedback ${ok ? "success" : "failure"}`;
  clearTimeout(feedback.timer);
  feedback.timer = setTimeout(() => { box.textContent = ""; box.className = "feedback"; }, 6000);
}

const send = (command) => conn.command(command);

const log = new LogView($("#log-list"), {
  context: people,
  onRewind: (position) => previewRewind(position),
  onReveal: (position) => send({ type: "RevealRoll", position }).then((a) => feedback(answerText(a), a.type === "accepted")),
});

async function previewRewind(position) {
  const answer = await conn.state(position);
  if (answer.type !== "state") {
    feedback(answerText(answer), false);
    return;
  }
  const preview = h("div", { class: "state preview" });
  renderState(preview, answer.state, { prefix: "preview-" });
  const reason = h("input", { id: "rewind-reason", type: "text" });
  const fields = {
    element: h("div", {}, h("p", {}, t("gm.rewind_preview", { n: position })), preview,
      h("div", { class: "field" }, h("label", { for: "rewind-reason" }, t("gm.rewind_reason")), reason)),
    read: () => ({ type: "Rewind", to: position, reason: reason.value }),
  };
  commandDialog(t("gm.rewind_to", { n: position }), fields, { send, feedback },
    { id: "rewind-confirm", label: t("gm.rewind_confirm", { n: position }) });
}

function yourTurn(before, after) {
  if (welcome?.role !== "player") return;
  const ready = (m, cid) => (m[cid] || []).some((tag) => tag !== "RollDice");
  const turn = $("#turn");
  const now = Object.keys(after).filter((cid) => ready(after, cid));
  turn.hidden = !now.length;
  const { name } = people();
  turn.textContent = now.map((cid) => t("your_turn", { name: name(cid) })).join(" · ");
  for (const cid of now) if (!ready(before, cid)) announce(t("your_turn", { name: name(cid) }));
}

function render() {
  if (!state) return;
  $("#title").textContent = state.admin?.title || "Fracas";
  document.title = `${state.admin?.title || ""} — Fracas`;
  renderState($("#state"), state, { mine: welcome?.combatants || [], roll: latestRoll(log.records, state.position) });
  const { name, combatants } = people();
  const sealed = (cid) => sealedOf(state, cid);
  const opts = { schema, system: welcome.system, combatants: combatants(), name, send, feedback, may, offers, sealed };
  if (welcome.role !== "spectator") renderActions($("#actions-list"), opts);
  if (welcome.role === "player" && !$("#player-tools").childElementCount) {
    // A player's public note (AddNote; only the GM writes secret ones).
    const fields = objectField(schema, schema.defs.AddNote, "", {}, { secret: false });
    $("#player-tools").append(h("details", { class: "tool" }, h("summary", {}, t("gm.note")),
      commandForm(fields, (command) => command, { send, feedback })));
  }
  const players = state.admin?.players || {};
  const spectators = state.admin?.spectators || {};
  const roster = JSON.stringify([opts.combatants, players, spectators]);
  if (welcome.role === "gm" && (roster !== gmRoster || !$("#gm-tools").childElementCount)) {
    gmRoster = roster;
    renderGmPanel($("#gm-tools"), { ...opts, tableId, token, players, spectators, combatants, onRewind: previewRewind });
  }
  log.render();
}

/** A declaration of one's own just sealed (VDA-INIT-04): say it waits for the others. */
function announceSealed(was, now) {
  if (welcome?.role === "spectator") return;
  const { name } = people();
  for (const cid of Object.keys(may)) {
    const sealed = sealedOf(now, cid);
    if (sealed && !sealedOf(was, cid)) announce(sealedText(cid, sealed, name));
  }
}

let refreshing = null;
let again = false;
async function refresh() {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      const answer = await conn.state().catch(() => null);
      if (answer?.type === "state") {
        const before = may;
        const was = state;
        state = answer.state;
        may = answer.may || {};
        offers = answer.offers || {};
        render();
        yourTurn(before, may);
        announceSealed(was, state);
      }
    } while (again);
  })();
  await refreshing;
  refreshing = null;
}

function announceRolls(records) {
  for (const record of records) {
    const type = record.event.type;
    if (type === "DiceRolled" || type === "RollRevealed" || (type === "Hidden" && record.event.kind === "DiceRolled")) {
      announce(describeEvent(record, people()));
    }
  }
}

const conn = new TableConnection(tableId, token, {
  welcome(w) {
    welcome = w;
    $("#role").textContent = t(`role.${w.role}`);
    log.gm = w.role === "gm";
    $("#gm").hidden = w.role !== "gm";
    $("#actions").hidden = w.role === "spectator";
    return Math.max(0, w.head - FIRST_LINES);
  },
  events(records) {
    log.add(records);
    announceRolls(records);
    refresh();
  },
  status: (name, detail) => showStatus(name, detail, () => conn.restart()),
  diverged() {
    log.clear();
  },
  skipped() {
    log.clear();
    refresh();
  },
});

async function main() {
  await loadLanguage();
  const showHeadsLink = () => $("#log-heads").replaceChildren(headsLink(tableId, t("log.heads")));
  languagePicker($("#lang"), () => {
    gmRoster = "";
    if (welcome) $("#role").textContent = t(`role.${welcome.role}`);
    showHeadsLink();
    render();
  });
  if (!tableId || !token) {
    $("#state").replaceChildren(h("p", { class: "banner" }, t("no_token")));
    return;
  }
  showHeadsLink();
  schema = await loadSchema();
  conn.start();
}

main();
