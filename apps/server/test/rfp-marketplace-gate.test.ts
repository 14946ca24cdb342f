// Who the RFP marketplace opens to (spec §4 "Membership-derived flags"): only memberships of
// approved, active listings count, and only on a tier that allows it. A listing someone merely
// created (pending until an admin approves it) opens nothing, whatever its tier.
import { describe, expect, it } from "vitest";
import { createListed, PLACES, rfpSuite, type TApi } from "./rfps-fixture";

const PEOPLE = [
  "fresh",
  "tiered",
  "gold",
  "bronze",
  "legacy",
  "untiered",
  "facility",
  "lapsed",
  "business",
  "legacyBusiness",
  "admin",
] as const;
type TPerson = (typeof PEOPLE)[number];

const SERVICES = {
  facility: { service: "facility-mgmt", path: "facilities" },
  destination: { service: "destination-mgmt", path: "destinations" },
} as const;

/** A listing `owner` creates and nobody approves; the admin may still give it a tier. */
async function createPending(
  api: TApi,
  kind: keyof typeof SERVICES,
  owner: TPerson,
  tier: string | null,
) {
  const { service, path } = SERVICES[kind];
  const place = PLACES.indianapolis;
  const created = await api.ok<{ id: string; status: string }>(
    api.call(service, "POST", `/${path}`, owner, {
      data: {
        name: `${owner} ${kind}`,
        address: {
          street: null,
          city: place.city,
          state: place.state,
          postalCode: null,
          country: "US",
        },
        // An owner cannot set the tier at creation: the field is the admin's, and is dropped.
        tier: "Gold",
      },
    }),
    201,
  );
  expect(created).toMatchObject({ status: "pending", tier: null });
  if (tier) {
    await api.ok(
      api.call(service, "PATCH", `/${path}/${created.id}`, "admin", [
        { op: "replace", path: "/tier", value: tier },
      ]),
    );
  }
  return created.id;
}

const ids = {} as Record<string, string>;

const { api, ev } = rfpSuite(PEOPLE, async (api) => {
  ids.fresh = await createPending(api, "facility", "fresh", null);
  await createPending(api, "destination", "tiered", "Gold");
  await createPending(api, "facility", "tiered", "Silver");
  const at = "indianapolis" as const;
  await createListed(api, "destination", "gold", { name: "Gold Destination", at, tier: "Gold" });
  await createListed(api, "destination", "bronze", { name: "Bronze Dest", at, tier: "Bronze" });
  await createListed(api, "destination", "legacy", { name: "Legacy Dest", at, tier: "Legacy" });
  await createListed(api, "destination", "untiered", { name: "Plain Dest", at });
  await createListed(api, "facility", "facility", { name: "Legacy Arena", at, tier: "Legacy" });
  await createListed(api, "business", "business", { name: "Silver Tours", at, tier: "Silver" });
  await createListed(api, "business", "legacyBusiness", { name: "Old Diner", at, tier: "Legacy" });
  const lapsed = await createListed(api, "destination", "lapsed", {
    name: "Lapsed Dest",
    at,
    tier: "Gold",
  });
  await api.ok(
    api.call("destination-mgmt", "PATCH", `/destinations/${lapsed}`, "admin", [
      { op: "replace", path: "/isActive", value: false },
    ]),
  );
});

const search = (who: TPerson) => ev("POST", "/events/search/rfps", who, { data: {} });

describe("the RFP marketplace gate", () => {
  it("stays locked for a fresh account whose own facility was never approved", async () => {
    const res = await search("fresh");
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("RFP_MARKETPLACE_LOCKED");
  });

  it("lets no owner give their own listing a tier: that is the admin's (who did so in the setup)", async () => {
    const res = await api.call("facility-mgmt", "PATCH", `/facilities/${ids.fresh}`, "fresh", [
      { op: "replace", path: "/tier", value: "Gold" },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("FIELD_NOT_EDITABLE");
    expect((await search("fresh")).statusCode).toBe(403);
  });

  it("stays locked for pending listings even when an admin gave them a Gold or Silver tier", async () => {
    const res = await search("tiered");
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("RFP_MARKETPLACE_LOCKED");
  });

  it("opens to approved destinations on a non-Legacy tier (Gold, Bronze) and to an admin", async () => {
    for (const who of ["gold", "bronze", "admin"] as const) {
      const res = await search(who);
      expect({ who, status: res.statusCode }).toEqual({ who, status: 200 });
    }
  });

  it("opens to an approved facility, whose membership counts on a Legacy tier too (spec §4)", async () => {
    expect((await search("facility")).statusCode).toBe(200);
  });

  it("opens to an approved business on a non-Legacy tier, as the menu's rule says (spec §4)", async () => {
    expect((await search("business")).statusCode).toBe(200);
  });

  it("stays locked for approved destinations and businesses on Legacy or without a tier, and for inactive ones", async () => {
    for (const who of ["legacy", "untiered", "lapsed", "legacyBusiness"] as const) {
      const res = await search(who);
      expect({ who, status: res.statusCode, code: res.json().error?.code }).toEqual({
        who,
        status: 403,
        code: "RFP_MARKETPLACE_LOCKED",
      });
    }
  });
});
