// The replay viewer (/replay/{table}): a timeline of the whole log; at every
// position the state the server projects there (get_state at=p), including the
// branches a rewind left behind, marked as such.

import { $, h } from "./dom.js";
import { loadLanguage, languagePicker, t } from "./i18n.js";
import { takeToken, tableIdFromPath } from "./token.js";
import { TableConnection } from "./connection.js";
import { peopleOf, renderState } from "./state-view.js";
import { describeEvent } from "./event-text.js";
import { latestRoll } from "./log-view.js";
import { showStatus } from "./page-status.js";

const PAGE = 200;
const tableId = tableIdFromPath();
const token = takeToken(tableId);
const records = [];
let shown = null;
let wanted = 0;
let loading = false;
let playing = null;

const scrubber = $("#scrubber");
const head = () => records.length;

/** Positions a later rewind abandoned: k+1 … q-1 for each Rewound(to=k) at q. */
function abandoned(position) {
  return records.some((r) => r.event.type === "Rewound" && r.event.to < position && position < r.position);
}

function describeWhere(p) {
  const where = $("#where");
  where.replaceChildren(t("replay.at", { n: p, head: head() }),
    abandoned(p) ? h("span", { class: "branch" }, "⑂ ", t("replay.branch")) : "");
  const record = records[p - 1];
  $("#event").textContent = record ? `#${p} ${describeEvent(record, peopleOf(shown))}` : "";
}

async function show(p) {
  wanted = p;
  scrubber.value = String(p);
  describeWhere(p);
  if (loading) return;
  loading = true;
  try {
    while (true) {
      const at = wanted;
      const answer = await conn.state(at).catch(() => null);
      if (answer?.type === "state") {
        shown = answer.state;
        renderState($("#state"), shown, { roll: latestRoll(records, at) });
        $("#raw-state").textContent = JSON.stringify(shown, null, 1);
        $("#state").dataset.position = String(answer.at);
        if (shown?.admin?.title) $("#title").textContent = `${shown.admin.title} — ${t("replay.title")}`;
        describeWhere(at);
      }
      if (wanted === at) break;
    }
  } finally {
    loading = false;
  }
}

function rounds() {
  const select = $("#round");
  const found = records.filter((r) => r.event.type.endsWith("RoundStarted") && typeof r.event.round === "number");
  select.replaceChildren(h("option", { value: "" }, t("form.none")),
    ...found.map((r) => h("option", { value: r.position }, `${t("round", { n: r.event.round })} (#${r.position})`)));
}

const early = new Map(); // live records that came before the pages of the log

function extend(more) {
  for (const record of more) if (record.position > records.length) early.set(record.position, record);
  while (early.has(records.length + 1)) {
    records.push(early.get(records.length + 1));
    early.delete(records.length);
  }
  const atEnd = Number(scrubber.value) === Number(scrubber.max);
  scrubber.max = String(head());
  rounds();
  if (atEnd && !playing) show(head());
}

async function loadAll(upto) {
  while (records.length < upto) {
    const page = await conn.events(records.length, PAGE);
    if (page.type !== "event_page" || !page.events.length) break;
    extend(page.events);
  }
}

function step(delta) {
  show(Math.min(head(), Math.max(1, Number(scrubber.value) + delta)));
}

function togglePlay() {
  const button = $("#play");
  if (playing) {
    clearInterval(playing);
    playing = null;
    button.textContent = t("replay.play");
    return;
  }
  if (Number(scrubber.value) >= head()) show(1);
  button.textContent = t("replay.pause");
  playing = setInterval(() => {
    if (Number(scrubber.value) >= head()) togglePlay();
    else step(1);
  }, 1000 / Number($("#speed").value));
}

const conn = new TableConnection(tableId, token, {
  welcome(w) {
    loadAll(w.head);
    return w.head;
  },
  events: (more) => extend(more),
  status: (name, detail) => showStatus(name, detail, () => location.reload()),
  diverged: () => { records.length = 0; },
});

async function main() {
  await loadLanguage();
  languagePicker($("#lang"), () => describeWhere(Number(scrubber.value)));
  if (!tableId || !token) {
    $("#state").replaceChildren(h("p", { class: "banner" }, t("no_token")));
    return;
  }
  scrubber.addEventListener("input", () => show(Number(scrubber.value)));
  $("#back").addEventListener("click", () => step(-1));
  $("#forward").addEventListener("click", () => step(1));
  $("#play").addEventListener("click", togglePlay);
  $("#round").addEventListener("change", (event) => event.target.value && show(Number(event.target.value)));
  conn.start();
}

main();
