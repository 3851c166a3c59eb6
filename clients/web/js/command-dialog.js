// A command sent from a form built from its JSON Schema, in a dialog; a command
// with nothing to choose is sent at once.

import { h, openDialog } from "./dom.js";
import { t, has } from "./i18n.js";
import { objectField } from "./schema-form.js";

export function commandLabel(tag) {
  const base = tag.split("/")[0];
  return has(`cmd.${base}`) ? t(`cmd.${base}`) : base.replace(/^\w+\./, "");
}

/** What a command's result says to the person who sent it. */
export function answerText(answer) {
  if (answer.type === "accepted") return t("accepted", { n: answer.last });
  return t("rejected", { message: answer.message, rule: answer.rule || answer.code });
}

/**
 * A <form> of `fields` ({element, read}) that sends `toCommand(fields.read())`,
 * shows a refusal under the fields, and calls `done()` once it is accepted.
 * `submit` may give the send button its own label and id.
 */
export function commandForm(fields, toCommand, opts, { done = () => {}, buttons = [], submit: button = {} } = {}) {
  const error = h("p", { class: "error", role: "alert" });
  return h("form", { class: "command-form", onsubmit: async (event) => {
    event.preventDefault();
    error.textContent = "";
    let command;
    try {
      command = toCommand(fields.read());
    } catch (problem) {
      error.textContent = problem.message;
      return;
    }
    const answer = await submit(command, opts);
    if (answer?.type === "accepted") done();
    else error.textContent = answer ? answerText(answer) : t("not_sent");
  } }, fields.element, error,
  h("div", { class: "buttons" }, ...buttons,
    h("button", { type: "submit", class: "primary", id: button.id }, button.label ?? t("send"))));
}

/**
 * opts: schema, system, fixed (fields the page sets), combatants ([id, name]),
 * send(command) -> Promise<answer>, feedback(text, ok), confirm (ask even when
 * there is nothing to choose), actorName (who the command is for, in its title),
 * label (the title's words, when not the command's name), note (a line above the
 * fields: what the fields the page set say).
 */
export function runCommand(tag, opts) {
  const def = opts.schema.commandDef(tag);
  const fixed = opts.fixed || {};
  const free = Object.keys(def.properties).filter((k) => k !== "type" && !(k in fixed));
  const ctx = { combatants: opts.combatants, prefer: opts.schema.preferred(opts.system) };
  const fields = objectField(opts.schema, def, "", ctx, fixed);
  if (opts.note) fields.element = h("div", {}, h("p", { class: "note" }, opts.note), fields.element);
  if (!free.length && !opts.confirm) return submit(fields.read(), opts);
  const label = opts.label ?? commandLabel(tag);
  const title = opts.actorName ? `${label} — ${opts.actorName}` : label;
  commandDialog(title, fields, opts);
  return null;
}

/** `fields` in a dialog with a cancel button, closed once the command is accepted. */
export function commandDialog(title, fields, opts, submit = {}) {
  const cancel = h("button", { type: "button", class: "secondary", onclick: () => dialog.close() }, t("cancel"));
  const form = commandForm(fields, (command) => command, opts, { done: () => dialog.close(), buttons: [cancel], submit });
  const dialog = openDialog(title, form);
  return dialog;
}

async function submit(command, opts) {
  try {
    const answer = await opts.send(command);
    opts.feedback?.(answerText(answer), answer.type === "accepted");
    return answer;
  } catch {
    opts.feedback?.(t("not_sent"), false);
    return null;
  }
}
