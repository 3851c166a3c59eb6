// A form built from a JSON Schema (msgspec's): one input per field, nested
// fieldsets for objects, a choice for unions; read() gives the JSON to send.

import { h } from "./dom.js";
import { t, has } from "./i18n.js";

const PEOPLE = new Set(["combatant", "target", "grappler", "opponent", "combatant_id", "defender", "attacker", "other"]);
const COMMON = new Set(["kind", "target", "weapon", "skill", "label", "secret", "dice", "difficulty", "reason",
  "text", "name", "side", "id", "combatant", "spec", "to", "sheet", "attributes", "abilities", "disciplines",
  "willpower", "blood", "health_levels", "weapons", "armour", "rolled", "kept", "power", "maneuver", "defence"]);
// An object of at most this many fields, none of them required (a sheet's
// attributes), shows them all.
const SMALL = 12;
let counter = 0;

function label(name) {
  return t(`field.${name}`, { fallback: name.replaceAll("_", " ") });
}

/** An enum value in words: the field's own term (`fire.auto`), else a kind, a
 * trait or a skill of that name; its raw value when no catalogue has it. */
function choiceLabel(name, value) {
  const key = [`${name}.${value}`, `kind.${value}`, `field.${value}`, `skill.${value}`].find(has);
  return key ? t(key) : String(value);
}

/** A union's choice (a sheet's system, a roll's kind) in words. */
function tagLabel(tag) {
  return has(`tag.${tag}`) ? t(`tag.${tag}`) : tag;
}

function tagOf(def) {
  return def?.properties?.type?.enum?.length === 1 ? def.properties.type.enum[0] : null;
}

function wrap(name, input, hint) {
  const id = input.id;
  return h("div", { class: "field" }, h("label", { for: id }, label(name)), input,
    hint ? h("small", { class: "hint" }, hint) : null);
}

function emptyToUndefined(value) {
  return value === "" ? undefined : value;
}

function fieldFor(schema, node, name, ctx, optional) {
  const id = `f${++counter}`;
  const given = node.default;
  if (node.anyOf) {
    const choices = node.anyOf.filter((x) => x.type !== "null");
    const nullable = choices.length < node.anyOf.length;
    if (choices.length === 1) return fieldFor(schema, { ...choices[0], default: given }, name, ctx, optional || nullable);
    if (choices.every((x) => x.$ref)) return unionField(schema, choices, name, ctx, optional || nullable);
    return jsonField(name, id, given);
  }
  if (node.$ref) {
    const field = objectField(schema, schema.resolve(node), name, ctx);
    if (!optional) return field;
    // An optional object (a vda sheet's mount) is sent only once something in it
    // changed: its fields' defaults alone may not make a whole one.
    const untouched = JSON.stringify(field.read());
    return { element: field.element, read: () => {
      const value = field.read();
      return JSON.stringify(value) === untouched ? undefined : value;
    } };
  }
  if (node.enum) {
    const select = h("select", { id, name },
      optional || given === undefined ? h("option", { value: "" }, t("form.none")) : null,
      node.enum.map((v) => h("option", { value: v, selected: v === given }, choiceLabel(name, v))));
    return { element: wrap(name, select), read: () => emptyToUndefined(select.value) };
  }
  switch (node.type) {
    case "string": {
      if (PEOPLE.has(name) && ctx.combatants?.length) {
        const select = h("select", { id, name }, h("option", { value: "" }, t("form.none")),
          ctx.combatants.map(([cid, cname]) => h("option", { value: cid }, cname)));
        return { element: wrap(name, select), read: () => emptyToUndefined(select.value) };
      }
      const input = h("input", { id, name, type: "text", value: given ?? "", autocomplete: "off" });
      return { element: wrap(name, input), read: () => (optional && input.value === "" ? undefined : input.value) };
    }
    case "integer":
    case "number": {
      const input = h("input", { id, name, type: "number", inputmode: "numeric", step: node.type === "integer" ? 1 : "any", value: given ?? "" });
      return { element: wrap(name, input), read: () => (input.value === "" ? undefined : Number(input.value)) };
    }
    case "boolean": {
      const input = h("input", { id, name, type: "checkbox", checked: given === true });
      return { element: h("div", { class: "field check" }, input, h("label", { for: id }, label(name))), read: () => input.checked };
    }
    case "array": {
      const items = node.items || {};
      if (items.type === "string" || items.enum) {
        const input = h("input", { id, name, type: "text", value: (given || []).join(", ") });
        return { element: wrap(name, input, t("form.list_hint")), read: () => input.value.split(",").map((s) => s.trim()).filter(Boolean) };
      }
      if (items.$ref && !given?.length) return listField(schema, items, name, ctx, optional);
      return jsonField(name, id, given);
    }
    case "object": {
      if (node.properties) return objectField(schema, node, name, ctx);
      if (node.additionalProperties?.enum && ctx.combatants?.length) return choicePerCombatant(node.additionalProperties.enum, name, ctx);
      if (node.additionalProperties?.type === "integer") {
        const text = Object.entries(given || {}).map(([k, v]) => `${k}=${v}`).join(", ");
        const input = h("input", { id, name, type: "text", value: text });
        const read = () => Object.fromEntries(input.value.split(",").map((s) => s.split("=").map((x) => x.trim()))
          .filter(([k, v]) => k && v !== undefined).map(([k, v]) => [k, Number(v)]));
        return { element: wrap(name, input, t("form.map_hint")), read };
      }
      if (node.additionalProperties && !Object.keys(given || {}).length) return mapField(schema, node.additionalProperties, name, ctx, optional);
      return jsonField(name, id, given);
    }
    default:
      return jsonField(name, id, given);
  }
}

/** A list of objects (vtm's declared actions): one fieldset each, added and
 * removed by buttons; a required list starts with one. */
function listField(schema, items, name, ctx, optional) {
  const entries = [];
  const holder = h("div", { class: "list" });
  const add = () => {
    const entry = { field: fieldFor(schema, items, name, ctx, false) };
    const remove = h("button", { type: "button", class: "secondary", onclick: () => {
      entries.splice(entries.indexOf(entry), 1);
      entry.element.remove();
    } }, t("form.remove_item"));
    entry.element = h("div", { class: "list-item" }, entry.field.element, remove);
    entries.push(entry);
    holder.append(entry.element);
  };
  if (!optional) add();
  const element = h("fieldset", { class: "object" }, h("legend", {}, label(name)), holder,
    h("button", { type: "button", class: "secondary", onclick: add }, t("form.add_item")));
  return { element, read: () => (optional && !entries.length ? undefined : entries.map((entry) => entry.field.read())) };
}

/** A map from names to values (a sheet's own weapons, powers, specialties):
 * one entry each, its name and the value's own field, added and removed by
 * buttons; entries without a name are not sent. */
function mapField(schema, values, name, ctx, optional) {
  const entries = [];
  const holder = h("div", { class: "list" });
  const add = () => {
    const keyId = `f${++counter}`;
    const key = h("input", { id: keyId, type: "text", autocomplete: "off" });
    const entry = { key, field: fieldFor(schema, values, name, ctx, false) };
    const remove = h("button", { type: "button", class: "secondary", onclick: () => {
      entries.splice(entries.indexOf(entry), 1);
      entry.element.remove();
    } }, t("form.remove_item"));
    const keyField = h("div", { class: "field" }, h("label", { for: keyId }, t("form.map_key")), key);
    entry.element = h("div", { class: "list-item" }, keyField, entry.field.element, remove);
    entries.push(entry);
    holder.append(entry.element);
  };
  const element = h("fieldset", { class: "object" }, h("legend", {}, label(name)), holder,
    h("button", { type: "button", class: "secondary", onclick: add }, t("form.add_item")));
  const read = () => {
    const named = entries.filter((entry) => entry.key.value.trim());
    if (optional && !named.length) return undefined;
    return Object.fromEntries(named.map((entry) => [entry.key.value.trim(), entry.field.read()]));
  };
  return { element, read };
}

/** A map from combatants to one choice each (a grenade's zones): a list per
 * combatant, none chosen by default; only the chosen ones are sent. */
function choicePerCombatant(choices, name, ctx) {
  const selects = ctx.combatants.map(([cid, cname]) => {
    const id = `f${++counter}`;
    const select = h("select", { id, name: `${name}.${cid}` }, h("option", { value: "" }, t("form.none")),
      choices.map((v) => h("option", { value: v }, choiceLabel(name, v))));
    return [cid, select, h("div", { class: "field" }, h("label", { for: id }, cname), select)];
  });
  const element = h("fieldset", { class: "object" }, h("legend", {}, label(name)), selects.map(([, , row]) => row));
  return { element, read: () => Object.fromEntries(selects.filter(([, s]) => s.value).map(([cid, s]) => [cid, s.value])) };
}

function jsonField(name, id, given) {
  const area = h("textarea", { id, name, rows: 3 }, given === undefined ? "" : JSON.stringify(given));
  const read = () => {
    if (!area.value.trim()) return undefined;
    try {
      return JSON.parse(area.value);
    } catch (error) {
      throw new Error(t("form.invalid_json", { message: error.message }));
    }
  };
  return { element: wrap(name, area, t("form.json")), read };
}

function unionField(schema, choices, name, ctx, optional) {
  const defs = choices.map((c) => schema.resolve(c));
  const preferred = defs.findIndex((d) => ctx.prefer?.includes(tagOf(d)));
  const parts = defs.map((d) => objectField(schema, d, name, ctx));
  const holder = h("div", { class: "union" });
  const show = (i) => holder.replaceChildren(i >= 0 ? parts[i].element : "");
  if (preferred >= 0) {
    show(preferred);
    return { element: holder, read: () => parts[preferred].read() };
  }
  const id = `f${++counter}`;
  const select = h("select", { id, name }, optional ? h("option", { value: "-1" }, t("form.none")) : null,
    defs.map((d, i) => h("option", { value: i }, tagOf(d) ? tagLabel(tagOf(d)) : d.title)));
  select.addEventListener("change", () => show(Number(select.value)));
  show(Number(select.value));
  return {
    element: h("div", {}, wrap(name, select), holder),
    read: () => (Number(select.value) >= 0 ? parts[Number(select.value)].read() : undefined),
  };
}

/** An object's fields; `ctx.fixed` holds values set by the page (hidden). */
export function objectField(schema, def, name, ctx, fixed = {}) {
  const props = def.properties || {};
  const required = new Set(def.required || []);
  const fields = [];
  const main = h("div", { class: "fields" });
  const more = h("div", { class: "fields" });
  const all = !required.size && Object.keys(props).length <= SMALL;
  for (const [key, node] of Object.entries(props)) {
    if (key === "type" || key in fixed) continue;
    const field = fieldFor(schema, node, key, ctx, !required.has(key));
    fields.push([key, field]);
    (all || required.has(key) || COMMON.has(key) ? main : more).append(field.element);
  }
  if (fields.length > 2 && fields.every(([key]) => ["integer", "number"].includes(props[key].type))) main.classList.add("numbers");
  const element = h("fieldset", { class: "object" }, name ? h("legend", {}, label(name)) : null, main,
    more.childElementCount ? h("details", {}, h("summary", {}, t("form.more")), more) : null);
  const read = () => {
    const value = {};
    const tag = tagOf(def);
    if (tag) value.type = tag;
    for (const [key, field] of fields) {
      const v = field.read();
      if (v !== undefined) value[key] = v;
    }
    return { ...value, ...fixed };
  };
  return { element, read };
}
