// Small DOM helpers: build elements without innerHTML, announce to screen readers.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export function $(selector, root = document) {
  return root.querySelector(selector);
}

/** Say `text` through the page's polite live region (roll results, "your turn"). */
export function announce(text) {
  const region = document.getElementById("live");
  if (!region) return;
  region.textContent = "";
  // A fresh text node after clearing makes screen readers read it again.
  setTimeout(() => { region.textContent = text; }, 30);
}

/** A modal dialog holding `content`, removed from the page once closed. */
export function openDialog(title, content) {
  const dialog = h("dialog", { class: "sheet", "aria-label": title },
    h("h2", {}, title), content);
  document.body.append(dialog);
  dialog.addEventListener("close", () => dialog.remove());
  dialog.showModal();
  return dialog;
}
