// The GM's table-level controls: add combatants (form, or JSON/YAML import), roll
// (secret or not), notes, the system's GM commands, and invitations with a link
// and a QR code made by the server.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { answerText, commandForm, commandLabel, runCommand } from "./command-dialog.js";
import { objectField } from "./schema-form.js";

function tool(title, ...content) {
  return h("details", { class: "tool", dataset: { tool: title } }, h("summary", {}, title), ...content);
}

const TABLE_COMMANDS = ["UpdateCombatant", "RemoveCombatant", "CloseTable"];

/** The links made since the page opened: kept when the panel is drawn again. */
const result = h("div", { class: "invites" });

function formTool(title, def, opts, toCommand) {
  const ctx = { combatants: opts.combatants(), prefer: opts.schema.preferred(opts.system) };
  return tool(title, commandForm(objectField(opts.schema, def, "", ctx), toCommand, opts));
}

/** Sheets pasted as JSON or YAML: the server reads and checks them (POST
 * /api/combatants, no parser here), then each is added like the form would. */
function importTool(opts) {
  const area = h("textarea", { id: "import-json", rows: 5 });
  const error = h("p", { class: "error", role: "alert" });
  return tool(t("gm.import"), h("form", { class: "command-form", onsubmit: async (event) => {
    event.preventDefault();
    error.textContent = "";
    let read;
    try {
      const response = await fetch("/api/combatants", { method: "POST", body: area.value });
      read = await response.json();
      if (!response.ok) {
        error.textContent = t("gm.import_invalid", { message: read.message });
        return;
      }
    } catch {
      error.textContent = t("not_sent");
      return;
    }
    for (const combatant of read.combatants) {
      const answer = await opts.send({ type: "AddCombatant", combatant });
      if (answer.type !== "accepted") {
        error.textContent = answerText(answer);
        return;
      }
    }
    area.value = "";
    opts.feedback(t("gm.imported", { n: read.combatants.length }), true);
  } }, h("label", { for: "import-json" }, t("gm.import_hint")), area, error,
  h("button", { type: "submit", class: "primary" }, t("send"))));
}

async function qrImage(link, name) {
  const response = await fetch("/api/qr", { method: "POST", body: JSON.stringify({ text: link }) });
  const url = URL.createObjectURL(await response.blob());
  return h("img", { class: "qr", src: url, alt: t("gm.qr", { name }), width: 180, height: 180 });
}

function inviteTool(opts) {
  const name = h("input", { id: "invite-name", type: "text", required: true, autocomplete: "off" });
  const role = h("select", { id: "invite-role" },
    h("option", { value: "player" }, t("gm.invite_player")), h("option", { value: "spectator" }, t("gm.invite_spectator")));
  const owned = h("fieldset", { class: "owned" }, h("legend", {}, t("gm.invite_combatants")));
  const refresh = () => owned.replaceChildren(h("legend", {}, t("gm.invite_combatants")),
    ...opts.combatants().map(([cid, cname]) => h("label", { class: "check" },
      h("input", { type: "checkbox", value: cid }), ` ${cname}`)));
  const form = h("form", { class: "command-form", onsubmit: async (event) => {
    event.preventDefault();
    const combatants = [...owned.querySelectorAll("input:checked")].map((i) => i.value);
    const response = await fetch(`/api/tables/${encodeURIComponent(opts.tableId)}/invites`, {
      method: "POST", headers: { Authorization: `Bearer ${opts.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ role: role.value, name: name.value, combatants }),
    });
    const body = await response.json();
    if (!response.ok) {
      opts.feedback(t("rejected", { message: body.message, rule: body.rule }), false);
      return;
    }
    const page = body.role === "spectator" ? "overlay" : "t";
    const link = `${location.origin}/${page}/${encodeURIComponent(opts.tableId)}#token=${encodeURIComponent(body.token)}`;
    const who = name.value;
    const linkInput = h("input", { type: "text", readonly: true, value: link, class: "invite-link", "aria-label": t("gm.invite_link", { name: who }) });
    result.prepend(h("div", { class: "invite" }, h("h4", {}, t("gm.invite_link", { name: who })), linkInput,
      h("button", { type: "button", class: "secondary", onclick: async () => {
        await navigator.clipboard?.writeText(link).catch(() => linkInput.select());
        opts.feedback(t("gm.copied"), true);
      } }, t("gm.copy")), await qrImage(link, who)));
    name.value = "";
  } },
  h("div", { class: "field" }, h("label", { for: "invite-name" }, t("gm.invite_name")), name),
  h("div", { class: "field" }, h("label", { for: "invite-role" }, t("gm.invite_role")), role),
  owned, h("button", { type: "submit", class: "primary" }, t("gm.invite")));
  const details = tool(t("gm.invite"), form, result);
  details.addEventListener("toggle", refresh);
  return details;
}

function invitationsTool(opts) {
  const people = [...Object.values(opts.players), ...Object.values(opts.spectators)];
  if (!people.length) return null;
  return tool(t("gm.invitations"), h("ul", { class: "people" }, people.map((person) => h("li", {},
    h("span", {}, person.name || person.id, person.combatants ? ` (${person.combatants.map(opts.name).join(", ")})` : ""),
    h("button", { type: "button", class: "secondary", onclick: async () => {
      const response = await fetch(`/api/tables/${encodeURIComponent(opts.tableId)}/invites/${encodeURIComponent(person.id)}`,
        { method: "DELETE", headers: { Authorization: `Bearer ${opts.token}` } });
      const body = await response.json();
      opts.feedback(response.ok ? t("gm.revoked", { name: person.name || person.id })
        : t("rejected", { message: body.message, rule: body.rule }), response.ok);
    } }, t("gm.revoke"))))));
}

function rewindTool(opts) {
  const position = h("input", { id: "rewind-position", type: "number", inputmode: "numeric", min: 1, step: 1, required: true });
  return tool(t("gm.rewind_tool"), h("form", { class: "command-form", onsubmit: (event) => {
    event.preventDefault();
    opts.onRewind(Number(position.value));
  } }, h("div", { class: "field" }, h("label", { for: "rewind-position" }, t("gm.rewind_position")), position),
  h("button", { type: "submit", class: "primary" }, t("gm.preview"))));
}

function tableTool(opts) {
  return tool(t("gm.table_commands"), h("div", { class: "buttons" }, TABLE_COMMANDS.map((tag) =>
    h("button", { type: "button", class: "action", dataset: { command: tag },
      onclick: () => runCommand(tag, { ...opts, combatants: opts.combatants(), confirm: tag === "CloseTable" }) },
    commandLabel(tag)))));
}

function systemTool(opts) {
  const tags = opts.schema.systems[opts.system]?.gm_commands || [];
  if (!tags.length) return null;
  return tool(t("gm.system_commands"), h("div", { class: "buttons" }, tags.map((tag) =>
    h("button", { type: "button", class: "action", dataset: { command: tag }, onclick: () => runCommand(tag, { ...opts, combatants: opts.combatants() }) },
      commandLabel(tag)))));
}

/** opts: schema, system, tableId, token, combatants() -> [[id, name]], name(id), players,
 * spectators, send, feedback, onRewind(position). The tools left open stay open. */
export function renderGmPanel(container, opts) {
  const defs = opts.schema.defs;
  const open = new Set([...container.querySelectorAll("details.tool[open]")].map((d) => d.dataset.tool));
  container.replaceChildren(
    systemTool(opts) || "",
    formTool(t("gm.add_combatant"), defs.Combatant, opts, (combatant) => ({ type: "AddCombatant", combatant })),
    importTool(opts),
    formTool(t("gm.roll"), defs.RollDice, opts, (command) => command),
    formTool(t("gm.note"), defs.AddNote, opts, (command) => command),
    inviteTool(opts),
    invitationsTool(opts) || "",
    rewindTool(opts),
    tableTool(opts),
    h("p", { class: "links" },
      h("a", { href: `/replay/${encodeURIComponent(opts.tableId)}` }, t("gm.replay"))),
  );
  for (const details of container.querySelectorAll("details.tool")) details.open = open.has(details.dataset.tool);
}
