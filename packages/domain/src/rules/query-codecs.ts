// Typed codecs for URL query parameters (spec §2): string, number, date, boolean, lists, enums.
// Decoding never throws: malformed input decodes to undefined, as if the parameter were absent.
import { isIsoDate } from "./dates";

export type TQueryCodec<T> = {
  /** undefined means "leave the parameter out". */
  encode(value: T | undefined): string | undefined;
  decode(raw: string | null | undefined): T | undefined;
};

export const stringCodec: TQueryCodec<string> = {
  encode: (v) => (v === undefined || v === "" ? undefined : v),
  decode: (raw) => (raw == null || raw === "" ? undefined : raw),
};

// Plain decimal notation only: "1e3", "0x10", "Infinity" and "" are not numbers a user typed.
const DECIMAL = /^-?(\d+(\.\d+)?|\.\d+)$/;

export const numberCodec: TQueryCodec<number> = {
  encode: (v) => (v === undefined || !Number.isFinite(v) ? undefined : String(v)),
  decode: (raw) => (raw != null && DECIMAL.test(raw) ? Number(raw) : undefined),
};

/** A calendar date `YYYY-MM-DD`; impossible dates (2023-02-29) are rejected. */
export const dateCodec: TQueryCodec<string> = {
  encode: (v) => (v !== undefined && isIsoDate(v) ? v : undefined),
  decode: (raw) => (raw != null && isIsoDate(raw) ? raw : undefined),
};

/** "1" is true, "0" is false; anything else (including "true") is malformed. */
export const booleanCodec: TQueryCodec<boolean> = {
  encode: (v) => (v === undefined ? undefined : v ? "1" : "0"),
  decode: (raw) => (raw === "1" ? true : raw === "0" ? false : undefined),
};

/**
 * A list in one parameter, comma-separated (`sports=Soccer,Ice%20Hockey`), so every codec maps
 * one key to one value. A comma or percent sign inside an item is escaped as %2C / %25
 * (some reference names contain commas). Empty items are dropped; an empty list is omitted.
 */
export const stringArrayCodec: TQueryCodec<string[]> = {
  encode: (v) => {
    const items = (v ?? []).filter((item) => item !== "");
    if (items.length === 0) return undefined;
    return items.map((item) => item.replaceAll("%", "%25").replaceAll(",", "%2C")).join(",");
  },
  decode: (raw) => {
    if (raw == null || raw === "") return undefined;
    try {
      const items = raw
        .split(",")
        .filter((item) => item !== "")
        .map((item) => decodeURIComponent(item));
      return items.length > 0 ? items : undefined;
    } catch {
      return undefined;
    }
  },
};

/** A value from a fixed list (e.g. SURFACES); anything else is malformed. */
export function enumCodec<const T extends string>(values: readonly T[]): TQueryCodec<T> {
  const allowed = new Set<string>(values);
  const isMember = (s: string | null | undefined): s is T => s != null && allowed.has(s);
  return {
    encode: (v) => (isMember(v) ? v : undefined),
    decode: (raw) => (isMember(raw) ? raw : undefined),
  };
}

/** A list of values from a fixed list; the list is rejected if any item is not allowed. */
export function enumArrayCodec<const T extends string>(values: readonly T[]): TQueryCodec<T[]> {
  const allowed = new Set<string>(values);
  const allMembers = (items: readonly string[]): items is T[] => items.every((i) => allowed.has(i));
  return {
    encode: (v) => (v && allMembers(v) ? stringArrayCodec.encode(v) : undefined),
    decode: (raw) => {
      const items = stringArrayCodec.decode(raw);
      return items && allMembers(items) ? items : undefined;
    },
  };
}

// Method syntax in TQueryCodec keeps codecs of different value types assignable to this map.
export type TQueryCodecMap = Record<string, TQueryCodec<unknown>>;

export type TQueryValues<C extends TQueryCodecMap> = {
  [K in keyof C]?: C[K] extends TQueryCodec<infer T> ? T : never;
};

/** What decoding needs of URLSearchParams (this package is built without DOM or Node types). */
export type TSearchParamsLike = { get(name: string): string | null };

/**
 * Query parameters for `values` as a plain record (pass it to `new URLSearchParams(...)`);
 * keys without a codec and values that encode to nothing are left out.
 */
export function encodeQuery<C extends TQueryCodecMap>(
  values: TQueryValues<C>,
  codecs: C,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(codecs)) {
    const encoded = codecs[key]!.encode(values[key]);
    if (encoded !== undefined) params[key] = encoded;
  }
  return params;
}

/**
 * Decoded values of the parameters named by `codecs`, from URLSearchParams or a plain record;
 * absent or malformed ones are left out.
 */
export function decodeQuery<C extends TQueryCodecMap>(
  searchParams: TSearchParamsLike | Readonly<Record<string, string | undefined>>,
  codecs: C,
): TQueryValues<C> {
  const read = (key: string): string | null | undefined =>
    typeof searchParams.get === "function"
      ? (searchParams as TSearchParamsLike).get(key)
      : (searchParams as Readonly<Record<string, string | undefined>>)[key];
  const values: Record<string, unknown> = {};
  for (const key of Object.keys(codecs)) {
    const decoded = codecs[key]!.decode(read(key));
    if (decoded !== undefined) values[key] = decoded;
  }
  return values as TQueryValues<C>;
}
