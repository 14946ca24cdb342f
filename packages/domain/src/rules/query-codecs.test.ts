import { describe, expect, it } from "vitest";
import { SURFACES } from "../reference/space-types";
import {
  booleanCodec,
  dateCodec,
  decodeQuery,
  encodeQuery,
  enumArrayCodec,
  enumCodec,
  numberCodec,
  stringArrayCodec,
  stringCodec,
} from "./query-codecs";

// Spec §2: "Query-parameter codecs: string, number, date (YYYY-MM-DD) and boolean (1 or 0)."
describe("query-parameter codecs", () => {
  it("string: round-trips text and treats empty as absent", () => {
    expect(stringCodec.decode(stringCodec.encode("Track & Field"))).toBe("Track & Field");
    expect(stringCodec.encode("")).toBeUndefined();
    expect(stringCodec.decode("")).toBeUndefined();
    expect(stringCodec.decode(null)).toBeUndefined();
  });

  it("number: round-trips decimals and negatives, rejects anything else", () => {
    expect(numberCodec.decode(numberCodec.encode(42.5))).toBe(42.5);
    expect(numberCodec.decode("-3")).toBe(-3);
    expect(numberCodec.decode("0")).toBe(0);
    for (const bad of ["", "12abc", "1e3", "0x10", "Infinity", "NaN", " 1", "1."]) {
      expect(numberCodec.decode(bad), bad).toBeUndefined();
    }
    expect(numberCodec.encode(Number.NaN)).toBeUndefined();
    expect(numberCodec.encode(Number.POSITIVE_INFINITY)).toBeUndefined();
  });

  it("date: accepts real YYYY-MM-DD dates only", () => {
    expect(dateCodec.decode("2024-02-29")).toBe("2024-02-29");
    expect(dateCodec.decode("2023-02-29")).toBeUndefined();
    expect(dateCodec.decode("2025-13-01")).toBeUndefined();
    expect(dateCodec.decode("2025-3-1")).toBeUndefined();
    expect(dateCodec.decode("2025-03-01T00:00:00Z")).toBeUndefined();
    expect(dateCodec.encode("2025-03-01")).toBe("2025-03-01");
    expect(dateCodec.encode("03/01/2025")).toBeUndefined();
  });

  it("boolean: 1 is true, 0 is false, nothing else is a boolean", () => {
    expect(booleanCodec.encode(true)).toBe("1");
    expect(booleanCodec.encode(false)).toBe("0");
    expect(booleanCodec.decode("1")).toBe(true);
    expect(booleanCodec.decode("0")).toBe(false);
    for (const bad of ["true", "false", "yes", "", "01"]) {
      expect(booleanCodec.decode(bad), bad).toBeUndefined();
    }
  });

  it("string list: comma-separated, escaping commas inside items", () => {
    const sports = ["Soccer", "Track & Field"];
    expect(stringArrayCodec.encode(sports)).toBe("Soccer,Track & Field");
    const category = ["Physical Goods, Equipment & Hardware", "100%"];
    const encoded = stringArrayCodec.encode(category);
    expect(encoded).toBe("Physical Goods%2C Equipment & Hardware,100%25");
    expect(stringArrayCodec.decode(encoded)).toEqual(category);
  });

  it("string list: empty lists are omitted, empty items dropped, bad escapes rejected", () => {
    expect(stringArrayCodec.encode([])).toBeUndefined();
    expect(stringArrayCodec.decode("")).toBeUndefined();
    expect(stringArrayCodec.decode("a,,b")).toEqual(["a", "b"]);
    expect(stringArrayCodec.decode("%E0%A4%A")).toBeUndefined();
  });

  it("enum: only values of the list", () => {
    const surface = enumCodec(SURFACES);
    expect(surface.decode("Turf")).toBe("Turf");
    expect(surface.decode("turf")).toBeUndefined();
    const surfaces = enumArrayCodec(SURFACES);
    expect(surfaces.decode("Turf,Grass")).toEqual(["Turf", "Grass"]);
    expect(surfaces.decode("Turf,Lava")).toBeUndefined();
  });
});

describe("encodeQuery / decodeQuery", () => {
  const codecs = {
    q: stringCodec,
    dist: numberCodec,
    from: dateCodec,
    flexible: booleanCodec,
    sports: stringArrayCodec,
  };

  it("round-trips a filter and leaves out what is unset", () => {
    const values = {
      q: "hockey",
      dist: 50,
      from: "2025-06-01",
      flexible: false,
      sports: ["Ice Hockey"],
    };
    const params = encodeQuery(values, codecs);
    expect(params).toEqual({
      q: "hockey",
      dist: "50",
      from: "2025-06-01",
      flexible: "0",
      sports: "Ice Hockey",
    });
    expect(decodeQuery(params, codecs)).toEqual(values);
    expect(encodeQuery({ q: "x" }, codecs)).toEqual({ q: "x" });
  });

  it("decodes from anything with get(), dropping malformed and unknown parameters", () => {
    const raw: Record<string, string> = {
      dist: "far",
      from: "2025-02-30",
      flexible: "1",
      other: "x",
    };
    const searchParams = { get: (name: string) => raw[name] ?? null };
    expect(decodeQuery(searchParams, codecs)).toEqual({ flexible: true });
  });
});
