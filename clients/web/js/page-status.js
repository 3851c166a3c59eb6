// What every page shows of its connection: online, offline (and when it retries),
// a diverged history with a reload button, a refused link.

import { $, h } from "./dom.js";
import { t } from "./i18n.js";

export function showStatus(name, detail, restart) {
  const status = $("#status");
  status.textContent = name === "offline" ? t("status.offline", { s: detail }) : t(`status.${name}`);
  status.dataset.status = name;
  const banner = $("#banner");
  if (!banner) return;
  if (name === "diverged") {
    banner.hidden = false;
    banner.replaceChildren(h("p", {}, t("diverged.explain")),
      h("button", { type: "button", class: "primary", onclick: () => { banner.hidden = true; restart(); } }, t("reload")));
  } else if (name === "offline" || name === "unauthorized" || name === "unknown") {
    banner.hidden = false;
    banner.replaceChildren(h("p", {}, status.textContent));
  } else if (name === "online") {
    banner.hidden = true;
  }
}
