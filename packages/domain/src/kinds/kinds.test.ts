// Each kind's definition against the rest of the domain: its marketplace section, its search
// fields, its defaults against its own schema, and the facts of a bare listing.
import { describe, expect, it } from "vitest";
import { detailSchemaOfKind, zProfileCreate } from "../contracts";
import { MARKETPLACE_SECTIONS } from "../reference/marketplaces";
import {
  defaultsOf,
  KIND_API,
  KINDS,
  kindDefinition,
  PROFILE_KINDS,
  requiredFields,
} from "./index";

describe.each(PROFILE_KINDS)("the %s definition", (kind) => {
  const d = kindDefinition(kind);
  const schema = detailSchemaOfKind(kind);

  it("takes its address from the list of kind addresses", () => {
    expect(d.api).toBe(KIND_API[kind]);
  });

  it("searches only its own fields, its type list being a choice or tags", () => {
    const { types, dates, ageGroup, category } = d.search ?? {};
    for (const name of [types, dates?.start, dates?.end, ageGroup, category]) {
      if (name) expect(Object.keys(d.fields)).toContain(name);
    }
    if (types) expect(["choice", "tags"]).toContain(d.fields[types]?.type);
  });

  it("starts a new listing with defaults its schema accepts, once the required fields are given", () => {
    const required = Object.fromEntries(
      requiredFields(d).map((name) => {
        const f = d.fields[name];
        const value = f?.type === "choice" ? f.options[0] : f?.type === "date" ? "2027-04-17" : "x";
        return [name, value];
      }),
    );
    const detail = { ...defaultsOf(d.fields), ...required };
    expect(schema.safeParse(detail).success).toBe(true);
    expect(zProfileCreate(schema).safeParse({ name: "N", ...detail }).success).toBe(true);
  });

  it("shows no empty facts for a bare listing", () => {
    const bare = { ...defaultsOf(d.fields), sports: [] };
    expect(d.facts.page(bare).every((f) => f.value.length > 0)).toBe(true);
    expect(d.facts.card(bare).every((line) => line.length > 0)).toBe(true);
  });
});

describe("the marketplace sections", () => {
  it("each list a kind whose definition has that marketplace, and every such kind has one", () => {
    for (const section of MARKETPLACE_SECTIONS) {
      expect(KINDS[section.kind].marketplace?.section).toBe(section.id);
    }
    const withMarketplace = PROFILE_KINDS.filter((kind) => KINDS[kind].marketplace);
    expect(withMarketplace.sort()).toEqual(MARKETPLACE_SECTIONS.map((s) => s.kind).sort());
  });
});

describe("an event", () => {
  it("cannot end before it starts (spec: the end date follows the start date)", () => {
    expect(KINDS.event.check?.({ startDate: "2027-04-19", endDate: "2027-04-17" })).toEqual({
      field: "endDate",
      message: "An event cannot end before it starts.",
    });
    expect(KINDS.event.check?.({ startDate: "2027-04-17", endDate: "2027-04-17" })).toBeNull();
  });

  it("shows its dates, costs and space on its page", () => {
    const facts = KINDS.event.facts.page({
      ...defaultsOf(KINDS.event.fields),
      type: "Tournament",
      startDate: "2025-03-07",
      endDate: "2025-03-09",
      individualCost: 25,
      teamCost: 300,
      spaceName: "Court",
      location: "Indoor",
      surface: "Hardwood",
      sports: ["Basketball"],
    });
    expect(facts).toEqual([
      { label: "Dates", value: "Fri, Mar 7th - Sun, Mar 9th, 2025" },
      { label: "Event type", value: "Tournament" },
      { label: "Sports", value: "Basketball" },
      { label: "Cost", value: "$25 / Participant · $300 / Team" },
      { label: "Space", value: "Court · Indoor · Hardwood" },
    ]);
  });
});
