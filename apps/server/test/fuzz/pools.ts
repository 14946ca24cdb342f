// What the fuzz knows of the server's rows: ids by the collection they came from (`facilities`,
// `spaceTypes`, `leads`) with the row they hang under and who made them, and values by field name,
// gathered from the fixture and from every 2xx reply. Path parameters and id fields are filled from
// it, so a handler is reached with rows that exist and not only with ids it never heard of.
import type { TRandom } from "./prng";

export type TEntry = {
  value: string;
  /** The row this one hangs under (the last path parameter of the call that showed it). */
  parent?: string;
  /** The person who made it, when the fuzz knows (the fixture, or a 201 as someone). */
  owner?: string;
  /** Keys it answered 2xx under: picked first. */
  confirmed: Set<string>;
};

const MAX_PER_KEY = 60;
const MAX_VALUES_PER_FIELD = 12;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Words that end a path without naming a collection (`/leads/bulk`, `/hotels/filtered`). */
const ACTION_WORDS = new Set([
  "filtered",
  "bulk",
  "my",
  "sort",
  "search",
  "stats",
  "filters",
  "counts",
  "approve",
  "opened",
  "archived",
  "accept",
  "decline",
  "publish",
  "import",
  "export",
  "file",
  "setup",
  "sync",
  "checkout",
  "charge",
  "refund",
  "preview",
  "generate",
  "default",
  "report",
  "leaderboard",
  "overview",
  "questions",
  "api",
]);

export const isUuid = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

export class Pools {
  private ids = new Map<string, TEntry[]>();
  private fields = new Map<string, unknown[]>();
  /** The last row each path template answered with (a PATCH edits the fields its GET shows). */
  private shapes = new Map<string, Record<string, unknown>>();

  add(
    key: string,
    value: string,
    extra: { parent?: string; owner?: string; confirmed?: boolean } = {},
  ) {
    const list = this.ids.get(key) ?? [];
    this.ids.set(key, list);
    const known = list.find((e) => e.value === value);
    if (known) {
      known.parent ??= extra.parent;
      known.owner ??= extra.owner;
      if (extra.confirmed) known.confirmed.add(key);
      return;
    }
    if (list.length >= MAX_PER_KEY) return;
    list.push({
      value,
      parent: extra.parent,
      owner: extra.owner,
      confirmed: new Set(extra.confirmed ? [key] : []),
    });
  }

  entries(keys: readonly string[]): { key: string; entry: TEntry }[] {
    return keys.flatMap((key) => (this.ids.get(key) ?? []).map((entry) => ({ key, entry })));
  }

  /** Every id of every collection (for a field that names no collection). */
  anyIds(): string[] {
    return [...this.ids.values()].flatMap((list) => list.map((e) => e.value));
  }

  /**
   * One of the entries of the first tier of keys that has any (rarely of all tiers): one that hangs
   * under `parent`, or that answered 2xx under its key, is preferred. The choice is the
   * generator's, so a run is repeatable.
   */
  choose(
    tiers: readonly (readonly string[])[],
    rng: TRandom,
    parent?: string,
  ): { key: string; entry: TEntry } | undefined {
    const first = tiers.map((keys) => this.entries(keys)).find((list) => list.length > 0);
    if (!first) return undefined;
    const all = rng.chance(0.1) ? this.entries(tiers.flat()) : first;
    const under = parent ? all.filter((c) => c.entry.parent === parent) : [];
    if (under.length > 0 && rng.chance(0.85)) return rng.pick(under);
    const confirmed = all.filter((c) => c.entry.confirmed.has(c.key));
    if (confirmed.length > 0 && rng.chance(0.9)) return rng.pick(confirmed);
    return rng.pick(all);
  }

  confirm(key: string, value: string) {
    this.ids
      .get(key)
      ?.find((e) => e.value === value)
      ?.confirmed.add(key);
  }

  seen(name: string, rng: TRandom): unknown {
    const values = this.fields.get(name);
    return values && values.length > 0 ? rng.pick(values) : undefined;
  }

  fieldNames(): string[] {
    return [...this.fields.keys()];
  }

  shapeOf(template: string): Record<string, unknown> | undefined {
    return this.shapes.get(template);
  }

  private remember(name: string, value: unknown) {
    if (typeof value === "string" && value.length > 300) return;
    const list = this.fields.get(name) ?? [];
    this.fields.set(name, list);
    if (
      list.length < MAX_VALUES_PER_FIELD &&
      !list.some((v) => JSON.stringify(v) === JSON.stringify(value))
    )
      list.push(value);
  }

  /**
   * Learns from a 2xx reply to `template` (called with `params`): the ids of the rows in `data`
   * under the collection the path names, every `…Id` field under its name, every field's value
   * under its name, and addresses of this server (`/media/…`, calendar links) as path values.
   */
  harvest(
    template: string,
    params: Record<string, string>,
    body: unknown,
    owner: string | undefined,
    created: boolean,
  ) {
    const data = (body as { data?: unknown } | null)?.data;
    if (data === undefined) return;
    const keys = collectionKeys(template);
    const names = Object.keys(params);
    const parent = names.length > 0 ? params[names[names.length - 1]!] : undefined;
    if (data && typeof data === "object" && !Array.isArray(data))
      this.shapes.set(template, data as Record<string, unknown>);
    const rows = Array.isArray(data) ? data : [data];
    for (const row of rows.slice(0, 30)) {
      const id = (row as { id?: unknown } | null)?.id;
      if (!isUuid(id)) continue;
      for (const key of keys) this.add(key, id, { parent, owner: created ? owner : undefined });
    }
    this.walk(data, 0, { budget: 2_000 });
  }

  private walk(value: unknown, depth: number, budget: { budget: number }) {
    if (depth > 6 || --budget.budget < 0) return;
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 20)) this.walk(item, depth + 1, budget);
      return;
    }
    if (!value || typeof value !== "object") return;
    for (const [key, v] of Object.entries(value)) {
      if (isUuid(v) && /Id$/.test(key)) this.add(`field:${key}`, v);
      if (v === null || typeof v !== "object") {
        this.remember(key, v);
        if (typeof v === "string") this.rememberAddress(v);
      } else if (Array.isArray(v) && v.every((x) => typeof x !== "object")) {
        this.remember(key, v);
        const singular = key.replace(/s$/, "");
        for (const x of v.slice(0, 5)) this.remember(singular, x);
      }
      if (v && typeof v === "object") {
        const nestedId = (v as { id?: unknown }).id;
        if (isUuid(nestedId)) this.add(`field:${key}Id`, nestedId);
        this.walk(v, depth + 1, budget);
      }
    }
  }

  /** `/media/…` paths and this server's calendar links, for `{path}` and `{file}`. */
  private rememberAddress(text: string) {
    const path = text.replace(/^https?:\/\/[^/]+/, "").split("?")[0]!;
    const media = /^\/media\/(.+)$/.exec(path);
    if (media) {
      if (media[1]!.startsWith("groups/")) this.add("address:file", media[1]!.slice(7));
      else this.add("address:path", media[1]!);
    }
    const calendar = /\/calendars\/([^/]+)$/.exec(path);
    if (calendar) this.add("address:file", calendar[1]!);
  }
}

/**
 * The collection a call's rows belong to, under two names: its path up to the collection's word
 * (`/hotel-mgmt/api/hotels/{}/images`, parameters blanked) and the word alone (`images`). The word
 * is the literal before a final parameter, or the last literal word that is no action.
 */
export function collectionKeys(template: string): string[] {
  const segments = template.split("/").filter(Boolean);
  const at = (() => {
    if (segments[segments.length - 1]?.startsWith("{")) {
      const before = segments.length - 2;
      return before >= 0 && !segments[before]!.startsWith("{") ? before : -1;
    }
    for (let i = segments.length - 1; i >= 0; i--) {
      const segment = segments[i]!;
      if (segment.startsWith("{") || segment === "api") return -1;
      if (!ACTION_WORDS.has(segment)) return i;
    }
    return -1;
  })();
  return at < 0 ? [] : [prefixKey(segments, at), segments[at]!];
}

/** The path up to segment `at`, parameters blanked: a collection's precise name. */
function prefixKey(segments: readonly string[], at: number): string {
  return `/${segments
    .slice(0, at + 1)
    .map((s) => (s.startsWith("{") ? "{}" : s))
    .join("/")}`;
}

/**
 * Where a path parameter's values are looked for, in tiers: this server's own addresses and the
 * precise collection first, then the field of the same name and the collection's word anywhere.
 */
export function keysForParam(template: string, name: string): string[][] {
  const segments = template.split("/").filter(Boolean);
  const index = segments.indexOf(`{${name}}`);
  const before = index > 0 && !segments[index - 1]!.startsWith("{") ? index - 1 : -1;
  const precise = [`address:${name}`, ...(before >= 0 ? [prefixKey(segments, before)] : [])];
  const broad: string[] = [];
  if (name !== "id" && name !== "childId") {
    broad.push(`field:${name}`, pluralOf(name.replace(/Id$/, "")), ...(ALIASES[name] ?? []));
  }
  if (before >= 0) broad.push(segments[before]!);
  return [precise, broad];
}

/** Parameter names whose collection is called otherwise. */
const ALIASES: Record<string, string[]> = {
  destId: ["destinations"],
  roomTypeId: ["rooms"],
  crmId: ["crm"],
  rangeId: ["availability"],
  guideId: ["tour-guide"],
  exchangeId: ["field:exchangeId", "exchanges"],
  placeId: ["places"],
  entryId: ["webhooks", "ledger"],
};

/** Listing collections: an `ownerId` or `profileId` field may name any of them. */
export const LISTING_COLLECTIONS = [
  "hotels",
  "destinations",
  "facilities",
  "businesses",
  "companies",
  "organizations",
  "events",
];

export function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Where an id field of a body or query is looked for (`eventId` → events, `hotelIds` → hotels). */
export function keysForField(name: string): string[][] {
  const base = name.replace(/Ids?$/, "");
  if (!base || base === name) return [];
  if (/^(owner|profile|listing|subject|target|favorite)$/.test(base)) return [LISTING_COLLECTIONS];
  return [[`field:${base}Id`, pluralOf(base), ...(ALIASES[`${base}Id`] ?? [])]];
}
