// The replay viewer (/replay/{table}): a timeline of the whole log; at every
// position the state the server projects there (get_state at=p), including the
// branches a rewind left behind, marked as such.
//
// Nothing is folded here, and the log is never held whole: the scrubber works as
// soon as the head is known; an index of what the timeline needs (rounds,
// rewinds, rolls) is read in the background, page by page; the lines around
// the position shown and the states already seen are kept in small caches.

import { $, h } from "./dom.js";
import { loadLanguage, languagePicker, t } from "./i18n.js";
import { takeToken, tableIdFromPath } from "./token.js";
import { TableConnection } from "./connection.js";
import { peopleOf, renderState, roundLabel } from "./state-view.js";
import { describeEvent } from "./event-text.js";
import { latestRoll } from "./log-view.js";
import { showStatus } from "./page-status.js";

const PAGE = 1000; // the server's largest page of events
const AROUND = 50; // lines read at once around a position not yet seen
const KEPT_LINES = 5000;
const KEPT_STATES = 300;
const tableId = tableIdFromPath();
const token = takeToken(tableId);

let head = 0;
let indexed = 0; // every position up to this one is in the index below
let indexing = false;
const rounds = []; // {position, round, system}
const rewinds = []; // {position, to}
const rolls = []; // the records holding a roll, and the rewinds, in order
const lines = new Map(); // position -> record, the lines read lately
const states = new Map(); // position -> state, the states seen lately
let shown = null;
let wanted = 0;
let loading = false;
let playing = null;
let lastShown = 0; // when the position shown last changed
const QUIET = 300; // the index is read only after this many ms without a move

const scrubber = $("#scrubber");

function keep(cache, k, value, limit) {
  cache.delete(k);
  cache.set(k, value);
  if (cache.size > limit) cache.delete(cache.keys().next().value);
}

/** Positions a later rewind abandoned: k+1 … q-1 for each Rewound(to=k) at q. */
function abandoned(position) {
  return rewinds.some((r) => r.to < position && position < r.position);
}

/** The newest public roll up to `p` since the last rewind, from the index, or from
 * the lines around `p` while the index has not reached it yet. */
function rollAt(p) {
  if (indexed >= p) {
    let lo = 0;
    let hi = rolls.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (rolls[mid].position <= p) lo = mid + 1;
      else hi = mid;
    }
    return latestRoll(rolls.slice(Math.max(0, lo - 1), lo), p);
  }
  const near = [];
  for (let q = Math.max(1, p - AROUND); q <= p; q++) if (lines.has(q)) near.push(lines.get(q));
  return latestRoll(near, p);
}

function describeWhere(p) {
  $("#where").replaceChildren(t("replay.at", { n: p, head }),
    abandoned(p) ? h("span", { class: "branch" }, "⑂ ", t("replay.branch")) : "");
  const record = lines.get(p);
  $("#event").textContent = record ? `#${p} ${describeEvent(record, peopleOf(shown))}` : "";
}

async function readAround(p) {
  const page = await conn.events(Math.max(0, p - AROUND), AROUND + 10).catch(() => null);
  if (page?.type !== "event_page") return;
  for (const record of page.events) keep(lines, record.position, record, KEPT_LINES);
}

function draw(at, state) {
  shown = state;
  renderState($("#state"), shown, { roll: rollAt(at) });
  $("#raw-state").textContent = JSON.stringify(shown, null, 1);
  $("#state").dataset.position = String(at);
  if (shown?.admin?.title) $("#title").textContent = `${shown.admin.title} — ${t("replay.title")}`;
  describeWhere(at);
}

async function show(p) {
  wanted = p;
  lastShown = performance.now();
  scrubber.value = String(p);
  describeWhere(p);
  if (states.has(p)) {
    draw(p, states.get(p));
    if (!lines.has(p)) readAround(p).then(() => wanted === p && draw(p, states.get(p)));
    return;
  }
  if (loading) return;
  loading = true;
  try {
    while (true) {
      const at = wanted;
      // The state first (a socket's requests are answered in order), drawn as soon as
      // it comes; the lines around it follow and are drawn when they come.
      const asked = conn.state(at).catch(() => null);
      if (!lines.has(at)) readAround(at).then(() => wanted === at && states.has(at) && draw(at, states.get(at)));
      const answer = await asked;
      if (answer?.type === "state") {
        keep(states, answer.at, answer.state, KEPT_STATES);
        if (wanted === at) draw(answer.at, answer.state);
      }
      if (wanted === at) break;
      if (states.has(wanted)) {
        draw(wanted, states.get(wanted));
        break;
      }
    }
  } finally {
    loading = false;
  }
}

function roundChoices() {
  const select = $("#round");
  const chosen = select.value;
  select.replaceChildren(h("option", { value: "" }, t("form.none")),
    ...rounds.map((r) => h("option", { value: r.position }, `${roundLabel(r.system, r.round)} (#${r.position})`)));
  select.value = chosen;
}

/** Records `more` in the index (in position order, from `indexed` + 1). */
function index(more) {
  let newRound = false;
  for (const record of more) {
    if (record.position !== indexed + 1) continue;
    indexed = record.position;
    const e = record.event;
    if (e.type.endsWith("RoundStarted") && typeof e.round === "number") {
      rounds.push({ position: record.position, round: e.round, system: e.type.split(".")[0] });
      newRound = true;
    }
    if (e.type === "Rewound") rewinds.push({ position: record.position, to: e.to });
    if (e.type === "Rewound" || (e.roll && !e.secret)) rolls.push(record);
  }
  if (newRound) roundChoices();
}

async function readIndex() {
  if (indexing) return;
  indexing = true;
  try {
    while (indexed < head) {
      // A page of the index sits in the socket ahead of what a scrub asks for: it waits
      // until the scrubber has rested.
      while (loading || performance.now() - lastShown < QUIET) await new Promise((go) => setTimeout(go, QUIET));
      const page = await conn.events(indexed, PAGE).catch(() => null);
      if (page?.type !== "event_page" || !page.events.length) break;
      index(page.events);
    }
  } finally {
    indexing = false;
  }
  describeWhere(Number(scrubber.value));
}

function grow(more) {
  const atEnd = Number(scrubber.value) === head;
  for (const record of more) keep(lines, record.position, record, KEPT_LINES);
  if (indexed === head) index(more);
  head = Math.max(head, ...more.map((r) => r.position));
  scrubber.max = String(head);
  if (indexed < head) readIndex();
  if (atEnd && !playing) show(head);
}

function step(delta) {
  show(Math.min(head, Math.max(1, Number(scrubber.value) + delta)));
}

function togglePlay() {
  const button = $("#play");
  if (playing) {
    clearInterval(playing);
    playing = null;
    button.textContent = t("replay.play");
    return;
  }
  if (Number(scrubber.value) >= head) show(1);
  button.textContent = t("replay.pause");
  playing = setInterval(() => {
    if (Number(scrubber.value) >= head) togglePlay();
    else step(1);
  }, 1000 / Number($("#speed").value));
}

const conn = new TableConnection(tableId, token, {
  welcome(w) {
    if (!head) {
      head = w.head;
      scrubber.max = String(head);
      show(head);
      readIndex();
    }
    return w.head;
  },
  events: (more) => grow(more),
  status: (name, detail) => showStatus(name, detail, () => location.reload()),
  diverged: () => location.reload(),
});

async function main() {
  await loadLanguage();
  languagePicker($("#lang"), () => {
    roundChoices();
    describeWhere(Number(scrubber.value));
  });
  if (!tableId || !token) {
    $("#state").replaceChildren(h("p", { class: "banner" }, t("no_token")));
    return;
  }
  roundChoices();
  scrubber.addEventListener("input", () => show(Number(scrubber.value)));
  $("#back").addEventListener("click", () => step(-1));
  $("#forward").addEventListener("click", () => step(1));
  $("#play").addEventListener("click", togglePlay);
  $("#round").addEventListener("change", (event) => event.target.value && show(Number(event.target.value)));
  conn.start();
}

main();
