// Translation catalogues (French first, English second) with French plural rules.

const SUPPORTED = ["fr", "en"];
const CHOICE_KEY = "fracas:lang";
let catalogue = {};
let lang = "fr";
let plurals = new Intl.PluralRules("fr");

/** The user's choice (?lang= or the saved one), else the browser's languages
 * (what it sends as Accept-Language), else French. */
function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  const saved = localStorage.getItem(CHOICE_KEY);
  for (const candidate of [asked, saved, ...(navigator.languages || [])]) {
    const base = (candidate || "").slice(0, 2).toLowerCase();
    if (SUPPORTED.includes(base)) return base;
  }
  return "fr";
}

export async function loadLanguage(code = chooseLanguage()) {
  lang = SUPPORTED.includes(code) ? code : "fr";
  // The pages' own texts, and the sentences shared with the CLI (clients/python/sentences).
  const [texts, sentences] = await Promise.all(
    [`/web/i18n/${lang}.json`, `/web/i18n/sentences/${lang}.json`].map((url) => fetch(url).then((r) => r.json())));
  catalogue = { ...sentences, ...texts };
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  translatePage();
  return lang;
}

function saveLanguage(code) {
  localStorage.setItem(CHOICE_KEY, code);
}

/** The text of `key` with `{name}` placeholders filled; `vars.n` picks a plural form. */
export function t(key, vars = {}) {
  let text = catalogue[key];
  if (text === undefined) return vars.fallback ?? key;
  if (typeof text === "object") text = text[plurals.select(vars.n ?? 0)] ?? text.other;
  return text.replace(/\{(\w+)\}/g, (_, name) => (vars[name] ?? ""));
}

/** The text of `key` as the catalogue holds it (for `n`, when it has plural forms). */
export function raw(key, n = 0) {
  const text = catalogue[key];
  if (text === undefined) return key;
  return typeof text === "object" ? text[plurals.select(n)] ?? text.other : text;
}

export function has(key) {
  return key in catalogue;
}

/** `prefix.value` in words (« condition.blinded » → « aveuglé·e »), or the value itself. */
export function word(prefix, value) {
  return has(`${prefix}.${value}`) ? t(`${prefix}.${value}`) : String(value);
}

/** Fill every element marked `data-i18n="key"` (and `data-i18n-label` for aria-label). */
function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
}

/** Wire a <select> of languages: choosing one saves it and reloads the texts. */
export function languagePicker(select, onChange) {
  if (!select) return;
  select.value = lang;
  select.addEventListener("change", async () => {
    saveLanguage(select.value);
    await loadLanguage(select.value);
    onChange?.();
  });
}
