// The controls of the combatants this viewer plays: exactly the commands the
// server's `may` lists for each of them now, nothing computed here.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { commandLabel, runCommand } from "./command-dialog.js";

/** opts: may, name(id), schema, system, combatants, send, feedback. */
export function renderActions(container, opts) {
  const entries = Object.entries(opts.may || {});
  if (!entries.length) {
    container.replaceChildren(h("p", {}, t("no_actions")));
    return;
  }
  container.replaceChildren(...entries.map(([cid, tags]) => {
    const name = opts.name(cid);
    const commands = [...new Set(tags.map((tag) => tag.split("/")[0]))];
    return h("article", { class: "actor", dataset: { combatant: cid } },
      h("h3", {}, t("actions_for", { name })),
      h("div", { class: "buttons" }, commands.map((tag) => h("button", {
        type: "button", class: "action", dataset: { command: tag },
        onclick: () => runCommand(tag, { ...opts, actorName: name, fixed: { [opts.schema.actorField(opts.system, tag)]: cid } }),
      }, commandLabel(tag)))));
  }));
}
