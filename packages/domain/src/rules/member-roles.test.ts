import { describe, expect, it } from "vitest";
import { lowestTierFor, memberFeatures, pressingRoles, rolesOfKinds } from "./member-roles";
import { tierAllowsHotLeads, tierAllowsRfpMarketplace } from "./membership";

describe("rolesOfKinds", () => {
  it("names each role once, in the home's order, whatever the listings' order", () => {
    expect(rolesOfKinds(["business", "facility", "destination", "event", "company"])).toEqual([
      "organizer",
      "venue",
      "business",
    ]);
    expect(rolesOfKinds(["organization", "hotel"])).toEqual(["organizer", "hotel"]);
    expect(rolesOfKinds([])).toEqual([]);
  });
});

describe("pressingRoles", () => {
  it("puts the roles with something waiting first", () => {
    expect(pressingRoles(["organizer", "venue", "hotel"], { hotel: 2, venue: 0 })).toEqual([
      "hotel",
      "organizer",
      "venue",
    ]);
    expect(pressingRoles(["venue", "organizer"], {})).toEqual(["organizer", "venue"]);
  });
});

describe("lowestTierFor", () => {
  it("finds the lowest tier a rule accepts", () => {
    expect(lowestTierFor(tierAllowsRfpMarketplace)).toBe("Bronze");
    expect(lowestTierFor(tierAllowsHotLeads)).toBe("Silver");
    expect(lowestTierFor(() => false)).toBeNull();
  });
});

describe("memberFeatures", () => {
  it("gives organizers none of the venue pages, hotels and businesses their reports", () => {
    expect(memberFeatures(["organizer"], { rfpMarketplace: true })).toEqual([]);
    expect(memberFeatures(["hotel", "business"], { rfpMarketplace: false })).toEqual([
      { feature: "reports", locked: false, needs: null },
    ]);
  });

  it("locks the marketplace for a venue whose memberships do not open it, naming the tier", () => {
    expect(memberFeatures(["venue"], { rfpMarketplace: false })).toEqual([
      { feature: "pipeline", locked: false, needs: null },
      { feature: "rfpMarketplace", locked: true, needs: "Bronze" },
      { feature: "reports", locked: false, needs: null },
    ]);
    expect(
      memberFeatures(["venue"], { rfpMarketplace: true }).find(
        (f) => f.feature === "rfpMarketplace",
      ),
    ).toEqual({ feature: "rfpMarketplace", locked: false, needs: null });
  });
});
