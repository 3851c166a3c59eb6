// The protocol's JSON Schema as the server publishes it (/api/schema): the pages
// find each command's fields there instead of guessing them.

let loading = null;

export class Schema {
  constructor(doc) {
    this.defs = doc.schema.$defs;
    this.systems = doc.systems;
    this.commands = new Map();
    for (const ref of this.defs.SendCommand.properties.command.anyOf) {
      const def = this.resolve(ref);
      this.commands.set(def.properties.type.enum[0], def);
    }
  }

  resolve(node) {
    return node && node.$ref ? this.defs[node.$ref.split("/").pop()] : node;
  }

  commandDef(tag) {
    return this.commands.get(tag.split("/")[0]);
  }

  /** The tags a union under this system should default to (its sheet, its roll). */
  preferred(system) {
    const found = this.systems[system];
    return found ? [found.sheet, found.roll_spec] : [];
  }

  /** The field of a command that names the combatant who sends it. */
  actorField(system, tag) {
    return this.systems[system]?.actors?.[tag] ?? "combatant";
  }
}

export function loadSchema() {
  loading ??= fetch("/api/schema").then((r) => r.json()).then((doc) => new Schema(doc));
  return loading;
}
