// A valid-looking value for a JSON schema as the OpenAPI document states it (the zod contracts'
// JSON form): objects with their required properties and some optional ones, enums, consts, the
// formats the contracts use (uuid, email, date, date-time, uri), the few patterns, number bounds,
// array sizes. Ids, e-mails, addresses and free text come from the caller's context, so a sample
// names rows that exist and addresses the fuzz serves itself.
import { createECDH, randomBytes } from "node:crypto";
import type { TRandom } from "./prng";

export type TJsonSchema = Record<string, unknown>;

export type TSampleContext = {
  rng: TRandom;
  /** An id for a field of this name (`eventId`, `hotelIds`…): a real row's where one is known. */
  id(name: string): string;
  /** A value seen in the server's replies under this field name, if any. */
  seen(name: string): unknown;
  email(): string;
  /** An address the fuzz serves (an iCalendar feed, a webhook receiver, a push service). */
  uri(): string;
  /** A day `offset` days after the fuzz's today, as YYYY-MM-DD. */
  day(offset: number): string;
  /** A JSON Patch operation on a field the server has shown. */
  patchOperation(): unknown;
};

const WORDS = ["Hoops", "Classic", "Indy", "Court", "Field", "Spring", "Youth", "Arena", "Cup"];
const MAX_DEPTH = 8;

/** Each sample moves through the calendar: a start date comes before the end date after it. */
type TState = { ctx: TSampleContext; dayCursor: number };

export function sampleOf(schema: TJsonSchema | undefined, ctx: TSampleContext, name = ""): unknown {
  return sample(schema ?? {}, { ctx, dayCursor: 20 + ctx.rng.int(20) }, name, 0);
}

/** True when the schema is a JSON Patch document (an array of {op, path, value?}). */
export function isJsonPatch(schema: TJsonSchema | undefined): boolean {
  const items = schema?.items as TJsonSchema | undefined;
  const props = items?.properties as Record<string, unknown> | undefined;
  return schema?.type === "array" && !!props?.op && !!props?.path;
}

function sample(schema: TJsonSchema, s: TState, name: string, depth: number): unknown {
  const { rng } = s.ctx;
  if (depth > MAX_DEPTH) return null;
  if ("const" in schema) return schema.const;
  // Defaults are what callers mostly send (offset 0, take 20): lists that show rows to learn from.
  if ("default" in schema && rng.chance(0.6)) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return rng.pick(schema.enum);
  const branches = (schema.anyOf ?? schema.oneOf) as TJsonSchema[] | undefined;
  if (branches?.length) return sample(chooseBranch(branches, rng), s, name, depth);
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0)
    return sample(Object.assign({}, ...(schema.allOf as TJsonSchema[])), s, name, depth);
  if (isJsonPatch(schema)) {
    return Array.from({ length: rng.between(1, 2) }, () => s.ctx.patchOperation());
  }
  const type = typeOf(schema, rng);
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return rng.chance(0.5);
    case "integer":
    case "number":
      return numberOf(schema, type === "integer", rng);
    case "string":
      return stringOf(schema, s, name);
    case "array":
      return arrayOf(schema, s, name, depth);
    case "object":
      return objectOf(schema, s, depth);
    default: {
      const seen = s.ctx.seen(name);
      return seen === undefined ? "fuzz" : seen;
    }
  }
}

/** Mostly a non-null branch: the null one is the rarer, less interesting call. */
function chooseBranch(branches: TJsonSchema[], rng: TRandom): TJsonSchema {
  const nonNull = branches.filter((b) => b.type !== "null");
  return nonNull.length > 0 && rng.chance(0.9) ? rng.pick(nonNull) : rng.pick(branches);
}

function typeOf(schema: TJsonSchema, rng: TRandom): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== "null") as string[];
    return nonNull.length > 0 && rng.chance(0.9) ? rng.pick(nonNull) : rng.pick(type as string[]);
  }
  if (typeof type === "string") return type;
  if (schema.properties) return "object";
  if (schema.items) return "array";
  return undefined;
}

function numberOf(schema: TJsonSchema, integer: boolean, rng: TRandom): number {
  const step = integer ? 1 : 0.5;
  let min = typeof schema.minimum === "number" ? schema.minimum : undefined;
  let max = typeof schema.maximum === "number" ? schema.maximum : undefined;
  if (typeof schema.exclusiveMinimum === "number") min = schema.exclusiveMinimum + step;
  if (typeof schema.exclusiveMaximum === "number") max = schema.exclusiveMaximum - step;
  // Small, ordinary values: a count of 3, a rate of 120, not 2^53.
  const low = Math.max(min ?? 0, Math.min(max ?? 0, 1));
  const high = Math.min(max ?? low + 100, low + 200);
  let value = low + rng.next() * Math.max(0, high - low);
  value = integer ? Math.round(value) : Math.round(value * 100) / 100;
  if (typeof schema.multipleOf === "number" && schema.multipleOf > 0) {
    value = Math.round(value / schema.multipleOf) * schema.multipleOf;
    if (min !== undefined && value < min) value += schema.multipleOf;
  }
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return value;
}

function stringOf(schema: TJsonSchema, s: TState, name: string): string {
  const { ctx } = s;
  const format = schema.format as string | undefined;
  if (format === "uuid") return ctx.id(name);
  if (format === "email") return ctx.email();
  if (format === "uri") return ctx.uri();
  if (format === "date") return ctx.day(nextDay(s));
  if (format === "date-time") return `${ctx.day(nextDay(s))}T12:00:00.000Z`;
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : 200;
  const fits = (v: string) => v.length >= min && v.length <= max;
  if (typeof schema.pattern === "string") return fromPattern(schema.pattern, name, s, fits);
  const special = byName(name, s);
  if (special !== undefined && fits(special)) return special;
  const seen = ctx.seen(name);
  if (typeof seen === "string" && fits(seen) && ctx.rng.chance(0.5)) return seen;
  let text = `${ctx.rng.pick(WORDS)} ${ctx.rng.pick(WORDS)} ${ctx.rng.int(1000)}`;
  while (text.length < min) text += ` ${ctx.rng.pick(WORDS)}`;
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function nextDay(s: TState): number {
  s.dayCursor += 1 + s.ctx.rng.int(2);
  return s.dayCursor;
}

/** Fields whose plain string has a shape the server reads (a time, a date, a push key). */
function byName(name: string, s: TState): string | undefined {
  const lower = name.toLowerCase();
  // Pictures are ours (/media/…) or https links, which the server stores and never fetches.
  if (/(image|logo|photo|picture|avatar)$/.test(lower)) return "https://images.example/picture.png";
  if (
    /^(date|day|night|checkIn|checkOut|from|to|until|start|end|since)$/.test(name) ||
    /[a-z](Date|Day|Night|From|To|Until|Start|End|Since)$/.test(name)
  )
    return s.ctx.day(nextDay(s));
  if (lower.endsWith("url") || lower === "website" || lower === "link") return s.ctx.uri();
  if (lower.endsWith("email")) return s.ctx.email();
  if (lower === "phone") return "+1 317 555 0100";
  return undefined;
}

/** The first candidate the pattern takes (the contracts' patterns are few: times, keys, paths). */
function fromPattern(
  pattern: string,
  name: string,
  s: TState,
  fits: (v: string) => boolean,
): string {
  let re: RegExp;
  try {
    re = new RegExp(pattern, "u");
  } catch {
    return "fuzz";
  }
  const { ctx } = s;
  const seen = ctx.seen(name);
  const candidates = [
    ...(typeof seen === "string" ? [seen] : []),
    name === "p256dh" ? pushKey() : undefined,
    name === "auth" ? randomBytes(16).toString("base64url") : undefined,
    ctx.id(name),
    ctx.day(nextDay(s)),
    `${ctx.day(nextDay(s))}T12:00:00.000Z`,
    "09:30",
    "/events",
    `liked.${ctx.id("profileId")}.${ctx.day(0)}`,
    "fuzz tag",
    "fuzz-file.txt",
    "Basketball",
    "abc123",
    "#1554d1",
    "US",
    "IN",
    "46204",
    "fuzz",
  ];
  for (const candidate of candidates)
    if (candidate && fits(candidate) && re.test(candidate)) return candidate;
  return "fuzz";
}

/** A real P-256 public key, so a push subscription the fuzz makes can be encrypted to. */
function pushKey(): string {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString("base64url");
}

function arrayOf(schema: TJsonSchema, s: TState, name: string, depth: number): unknown[] {
  const { rng } = s.ctx;
  const min = typeof schema.minItems === "number" ? schema.minItems : 0;
  const max = typeof schema.maxItems === "number" ? schema.maxItems : 3;
  const length = Math.min(
    max,
    Math.max(min, rng.between(min === 0 ? 0 : min, Math.min(max, min + 2))),
  );
  const count = length === 0 && max > 0 && rng.chance(0.7) ? 1 : length;
  const items = (schema.items ?? {}) as TJsonSchema;
  const itemName = name.endsWith("Ids") ? name.slice(0, -1) : name.replace(/s$/, "");
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const value = sample(items, s, itemName, depth + 1);
    // Lists of plain values are mostly sets: a repeat is a 400 nobody needs to see again.
    if (typeof value !== "object" && out.includes(value)) continue;
    out.push(value);
  }
  return out;
}

function objectOf(schema: TJsonSchema, s: TState, depth: number): Record<string, unknown> {
  const { rng } = s.ctx;
  const props = (schema.properties ?? {}) as Record<string, TJsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(props)) {
    if (!required.has(key) && !rng.chance(0.6)) continue;
    out[key] = sample(sub, s, key, depth + 1);
  }
  const extra = schema.additionalProperties;
  if (Object.keys(props).length === 0 && extra && typeof extra === "object") {
    const names = schema.propertyNames as TJsonSchema | undefined;
    const count = rng.between(0, 2);
    for (let i = 0; i < count; i++) {
      const key = names ? String(sample(names, s, "key", depth + 1)) : `key${i}`;
      out[key] = sample(extra as TJsonSchema, s, key, depth + 1);
    }
  }
  return out;
}
