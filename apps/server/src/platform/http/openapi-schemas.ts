// The API document's named schemas. Every zod schema the domain's contracts export is a component
// named by its export (`ZUser` → `#/components/schemas/User`); a route's body or reply that uses
// one refers to it by `$ref`, so the document states each contract once and a client generated
// from it gets the contracts' names. A contract may read differently as a request and as a reply
// (a default: optional going in, always there coming out; a reply holds no other property): where
// the document uses both forms, the request's is a second component, `AddressInput`.
import * as contracts from "@hostfield/domain/contracts";
import { z } from "zod";

type TJson = Record<string, unknown>;
/** Which side of a call a schema describes: a request (its input) or a reply (its output). */
export type TSchemaSide = "input" | "output";

const COMPONENTS = "#/components/schemas/";

/** The domain's contracts by schema: the export's name without its Z (the first, for an alias). */
function contractNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  const exported = Object.entries(contracts as Record<string, unknown>);
  exported.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, value] of exported) {
    if (value instanceof z.ZodType && /^Z[A-Z]/.test(name) && !names.has(value))
      names.set(value, name.slice(1));
  }
  return names;
}

/**
 * The contracts' names as zod's JSON Schema conversion reads them (`id` metadata), over the
 * global registry's metadata (descriptions), which the conversion would otherwise not see.
 */
class ContractRegistry extends z.core.$ZodRegistry<z.core.JSONSchemaMeta> {
  constructor(names: Map<z.ZodType, string>) {
    super();
    for (const [schema, id] of names) this.add(schema, { ...z.globalRegistry.get(schema), id });
  }

  override get<S extends z.core.$ZodType>(schema: S) {
    const own = super.get(schema);
    const global = z.globalRegistry.get(schema);
    return own || global ? { ...global, ...own } : undefined;
  }
}

/**
 * A record keyed by an enum has every key (zod says so with `required`) but states them only as
 * `propertyNames`; naming each key in `properties` gives readers and generated clients the keys.
 */
function keyedRecordsListTheirKeys(ctx: { zodSchema: z.core.$ZodType; jsonSchema: TJson }) {
  const json = ctx.jsonSchema;
  if (ctx.zodSchema._zod.def.type !== "record" || json.properties) return;
  const keys = json.required;
  const value = json.additionalProperties;
  if (!Array.isArray(keys) || keys.length === 0 || typeof value !== "object") return;
  json.properties = Object.fromEntries(keys.map((key: string) => [key, value]));
}

const CONVERSION = {
  target: "draft-2020-12",
  // Unrepresentable parts (a file reply, a custom check) read as any value, as before.
  unrepresentable: "any",
  cycles: "ref",
  reused: "inline",
  override: keyedRecordsListTheirKeys,
} as const;

/** Calls `visit` on every `$ref` in `json`; what it returns replaces the reference. */
function mapRefs(json: unknown, visit: (ref: string) => string): unknown {
  if (Array.isArray(json)) return json.map((item) => mapRefs(item, visit));
  if (json === null || typeof json !== "object") return json;
  return Object.fromEntries(
    Object.entries(json).map(([key, value]) =>
      key === "$ref" && typeof value === "string"
        ? [key, visit(value)]
        : [key, mapRefs(value, visit)],
    ),
  );
}

/** The components `json` refers to. */
function componentRefsOf(json: unknown): Set<string> {
  const found = new Set<string>();
  mapRefs(json, (ref) => {
    if (ref.startsWith(COMPONENTS)) found.add(ref.slice(COMPONENTS.length));
    return ref;
  });
  return found;
}

/** A component's request form, until the document is named: `#/components/schemas/Address@input`. */
const INPUT_FORM = "@input";

export type TNamedSchemas = {
  /** The JSON Schema of a route's body (input) or reply (output), contracts by `$ref`. */
  toJson(schema: z.ZodType, side: TSchemaSide): TJson;
  /**
   * The components that `parts` of the document (made of `toJson` schemas) use, directly or
   * through others, each under its name, and `parts` with their references renamed to match. A
   * contract whose request and reply forms differ has one component per form used: `Address` for
   * the reply and `AddressInput` for the request where both are used, its own name where one is.
   */
  nameComponents<T>(parts: T): { parts: T; schemas: Record<string, TJson> };
};

type TContractForms = ReturnType<typeof contractForms>;
let forms: TContractForms | undefined;

/** The domain's contracts as the document's components (see the top of this file). */
export function createNamedSchemas(): TNamedSchemas {
  // Made when the document is first asked for, once per process: the contracts do not change,
  // and most apps (the tests') never serve the document.
  const ready = () => {
    forms ??= contractForms();
    return forms;
  };
  return {
    toJson: (schema, side) => ready().toJson(schema, side),
    nameComponents: (parts) => ready().nameComponents(parts),
  };
}

/** Every contract in both forms, converted once. */
function contractForms() {
  const names = contractNames();
  const registry = new ContractRegistry(names);
  const convert = (side: TSchemaSide) => {
    const { schemas } = z.toJSONSchema(registry, {
      ...CONVERSION,
      io: side,
      metadata: registry,
      uri: (id) => COMPONENTS + id,
    });
    return Object.fromEntries(
      Object.entries(schemas).map(([id, { $schema, $id, id: _, ...json }]) => [id, json as TJson]),
    );
  };
  const outputs = convert("output");
  const inputs = convert("input");

  // A contract has one form when it reads the same both ways, it and every contract in it.
  const same = new Map<string, boolean>();
  const readsTheSame = (id: string): boolean => {
    const known = same.get(id);
    if (known !== undefined) return known;
    same.set(id, true); // a contract that contains itself is decided by its other parts
    const result =
      JSON.stringify(inputs[id]) === JSON.stringify(outputs[id]) &&
      [...componentRefsOf(inputs[id])].every(readsTheSame);
    same.set(id, result);
    return result;
  };
  const formOf = (id: string, side: TSchemaSide) =>
    side === "output" || readsTheSame(id) ? id : id + INPUT_FORM;
  const inputRef = (ref: string) =>
    ref.startsWith(COMPONENTS) ? COMPONENTS + formOf(ref.slice(COMPONENTS.length), "input") : ref;
  const jsonOf = (form: string): TJson | undefined => {
    if (!form.endsWith(INPUT_FORM)) return outputs[form];
    const input = inputs[form.slice(0, -INPUT_FORM.length)];
    return input && (mapRefs(input, inputRef) as TJson);
  };

  return {
    toJson(schema: z.ZodType, side: TSchemaSide): TJson {
      const name = names.get(schema);
      if (name) return { $ref: COMPONENTS + formOf(name, side) };
      const { $schema, $defs, ...json } = z.toJSONSchema(schema, {
        ...CONVERSION,
        io: side,
        metadata: registry,
      }) as TJson;
      // The contracts inside came out as `#/$defs/<name>`; the document has them as components.
      const local = "#/$defs/";
      for (const id of Object.keys(($defs ?? {}) as TJson)) {
        if (!outputs[id])
          throw new Error(`A route's schema has a part the document cannot name: ${id}`);
      }
      return mapRefs(json, (ref) =>
        ref.startsWith(local) ? COMPONENTS + formOf(ref.slice(local.length), side) : ref,
      ) as TJson;
    },

    nameComponents<T>(parts: T): { parts: T; schemas: Record<string, TJson> } {
      const used = new Map<string, TJson>();
      const pending = [...componentRefsOf(parts)];
      while (pending.length > 0) {
        const form = pending.pop()!;
        const json = used.has(form) ? undefined : jsonOf(form);
        if (!json) continue;
        used.set(form, json);
        pending.push(...componentRefsOf(json));
      }
      // Forms used alone take the contract's name; a request form beside its reply form, `…Input`.
      const forms = [...used.keys()].sort();
      const named = new Map<string, string>();
      const taken = new Set<string>();
      const plain = (form: string) => form.replace(INPUT_FORM, "");
      for (const form of forms) {
        if (form === plain(form) || !used.has(plain(form))) {
          named.set(form, plain(form));
          taken.add(plain(form));
        }
      }
      for (const form of forms.filter((f) => !named.has(f))) {
        let name = `${plain(form)}Input`;
        for (let n = 2; taken.has(name); n++) name = `${plain(form)}Input${n}`;
        named.set(form, name);
        taken.add(name);
      }
      const rename = (json: unknown) =>
        mapRefs(json, (ref) => {
          const form = ref.startsWith(COMPONENTS)
            ? named.get(ref.slice(COMPONENTS.length))
            : undefined;
          return form === undefined ? ref : COMPONENTS + form;
        });
      const schemas = Object.fromEntries(
        forms
          .map((form) => [named.get(form)!, rename(used.get(form)) as TJson] as const)
          .sort(([a], [b]) => (a < b ? -1 : 1)),
      );
      return { parts: rename(parts) as typeof parts, schemas };
    },
  };
}
