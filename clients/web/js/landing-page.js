// The landing page: create a table (its GM token is kept on this device, never
// put in a URL) or open an invitation link.

import { $ } from "./dom.js";
import { loadLanguage, languagePicker, t } from "./i18n.js";
import { rememberToken, tableIdFromPath } from "./token.js";
import { loadSchema } from "./schema.js";

async function main() {
  await loadLanguage();
  languagePicker($("#lang"));
  const schema = await loadSchema();
  $("#table-system").replaceChildren(...Object.entries(schema.systems).map(([code, s]) => {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = `${s.name} (${code})`;
    return option;
  }));
  $("#create").addEventListener("submit", async (event) => {
    event.preventDefault();
    const body = { title: $("#table-title").value, system: $("#table-system").value, sandbox: $("#table-sandbox").checked };
    const response = await fetch("/api/tables", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (!response.ok) {
      $("#create-error").textContent = t("rejected", { message: answer.message, rule: answer.rule });
      return;
    }
    rememberToken(answer.table_id, answer.gm_token);
    location.assign(`/t/${encodeURIComponent(answer.table_id)}`);
  });
  $("#join").addEventListener("submit", (event) => {
    event.preventDefault();
    let url;
    try {
      url = new URL($("#join-link").value, location.href);
    } catch {
      url = null;
    }
    if (!url || url.origin !== location.origin || !tableIdFromPath(url.pathname)) {
      $("#join-error").textContent = t("landing.bad_link");
      return;
    }
    location.assign(url.pathname + url.search + url.hash);
  });
}

main();
