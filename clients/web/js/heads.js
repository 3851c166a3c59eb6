// The heads the server signed in answer to this device's commands (docs/protocol.md,
// "Signed heads"), kept without being asked, as `fracas send` keeps them: saved as a
// file, `fracas verify EXPORT --heads FILE` proves a later export extends them.

import { h } from "./dom.js";

const keyFor = (tableId) => `fracas:heads:${tableId}`;
// The newest ones: each proves every record before it.
const KEEP = 200;

/** The kept heads of a table, one JSON object per line (NDJSON). */
export function keptHeads(tableId) {
  return localStorage.getItem(keyFor(tableId)) || "";
}

export function keepHead(head) {
  const lines = keptHeads(head.table_id).split("\n").filter(Boolean);
  lines.push(JSON.stringify(head));
  try {
    localStorage.setItem(keyFor(head.table_id), `${lines.slice(-KEEP).join("\n")}\n`);
  } catch {
    // Storage full or refused: the page plays on, without this proof.
  }
}

/** A link that saves the kept heads as `<table>.heads.ndjson`. */
export function headsLink(tableId, label) {
  const link = h("a", { href: "#", download: `${tableId}.heads.ndjson`, class: "heads" }, label);
  // Built when clicked, so that it holds the heads kept until then.
  link.addEventListener("click", () => {
    link.href = `data:application/x-ndjson;charset=utf-8,${encodeURIComponent(keptHeads(tableId))}`;
  });
  return link;
}
