import { describe, expect, it } from "vitest";
import type { TTier } from "../reference/tiers";
import {
  deriveUserFlags,
  flagsOfMemberships,
  type TMembershipRecord,
  type TUserLists,
  tierAllowsHotLeads,
  tierAllowsRfpMarketplace,
} from "./membership";

function buildLists(overrides: Partial<TUserLists> = {}): TUserLists {
  return {
    eventMembership: [],
    businessMembership: [],
    facilityMembership: [],
    destinationMembership: [],
    organizationMembership: [],
    companyMembership: [],
    eventsLiked: [],
    facilitiesLiked: [],
    businessesLiked: [],
    destinationsFollowed: [],
    companiesFollowed: [],
    organizationsFollowed: [],
    ...overrides,
  };
}

const active = (tier: TTier | null): TMembershipRecord => ({ isActive: true, tier });
const inactive = (tier: TTier | null): TMembershipRecord => ({ isActive: false, tier });

describe("deriveUserFlags (spec §4 Membership-derived flags)", () => {
  it("sets nothing for a user with empty lists", () => {
    expect(Object.values(deriveUserFlags(buildLists())).every((v) => v === false)).toBe(true);
  });

  describe("'hasProfileMembership: true if any membership list (organization, destination, facility, business, company, event) is non-empty'", () => {
    const lists = [
      "organizationMembership",
      "destinationMembership",
      "facilityMembership",
      "businessMembership",
      "companyMembership",
      "eventMembership",
    ] as const;
    for (const list of lists) {
      it(`is true with only ${list} non-empty, even when inactive`, () => {
        const flags = deriveUserFlags(buildLists({ [list]: [inactive("Bronze")] }));
        expect(flags.hasProfileMembership).toBe(true);
      });
    }
  });

  describe("'hasFavorites: true if any liked or followed list is non-empty'", () => {
    const lists = [
      "eventsLiked",
      "facilitiesLiked",
      "businessesLiked",
      "destinationsFollowed",
      "companiesFollowed",
      "organizationsFollowed",
    ] as const;
    for (const list of lists) {
      it(`is true with only ${list} non-empty`, () => {
        const flags = deriveUserFlags(buildLists({ [list]: [{ id: "x" }] }));
        expect(flags.hasFavorites).toBe(true);
        expect(flags.hasProfileMembership).toBe(false);
      });
    }
  });

  describe("'Business membership counts only if active and tier is not Bronze'", () => {
    it.each([
      ["active Silver", active("Silver"), true],
      ["active Gold", active("Gold"), true],
      ["active Legacy", active("Legacy"), true],
      ["active without tier", active(null), true],
      ["active Bronze", active("Bronze"), false],
      ["inactive Gold", inactive("Gold"), false],
    ])("%s -> %s", (_label, membership, expected) => {
      const flags = deriveUserFlags(buildLists({ businessMembership: [membership] }));
      expect(flags.hasBusinessMembership).toBe(expected);
    });

    it("counts when any one of several memberships qualifies", () => {
      const flags = deriveUserFlags(
        buildLists({ businessMembership: [active("Bronze"), inactive("Gold"), active("Silver")] }),
      );
      expect(flags.hasBusinessMembership).toBe(true);
    });
  });

  describe("'Facility membership counts under the same rule; if it counts it also enables the RFP marketplace and organization stats'", () => {
    it("an active Legacy facility counts and enables the RFP marketplace and stats, not hot leads", () => {
      const flags = deriveUserFlags(buildLists({ facilityMembership: [active("Legacy")] }));
      expect(flags.hasFacilityMembership).toBe(true);
      expect(flags.enableRfpMarketplace).toBe(true);
      expect(flags.showOrganizationStats).toBe(true);
      expect(flags.enableHotLeads).toBe(false);
    });

    it("an active facility without a tier counts and enables the RFP marketplace", () => {
      const flags = deriveUserFlags(buildLists({ facilityMembership: [active(null)] }));
      expect(flags.hasFacilityMembership).toBe(true);
      expect(flags.enableRfpMarketplace).toBe(true);
    });

    it("an active Bronze facility does not count, but Bronze is a non-Legacy tier for the RFP rule", () => {
      const flags = deriveUserFlags(buildLists({ facilityMembership: [active("Bronze")] }));
      expect(flags.hasFacilityMembership).toBe(false);
      expect(flags.enableRfpMarketplace).toBe(true);
      expect(flags.enableHotLeads).toBe(false);
    });

    it("an inactive Gold facility counts for nothing", () => {
      const flags = deriveUserFlags(buildLists({ facilityMembership: [inactive("Gold")] }));
      expect(flags.hasFacilityMembership).toBe(false);
      expect(flags.enableRfpMarketplace).toBe(false);
      expect(flags.showOrganizationStats).toBe(false);
    });
  });

  describe("'Destination membership counts if active'", () => {
    it.each([
      [active("Bronze"), true],
      [active(null), true],
      [inactive("Gold"), false],
    ])("%o -> %s", (membership, expected) => {
      const flags = deriveUserFlags(buildLists({ destinationMembership: [membership] }));
      expect(flags.hasDestinationMembership).toBe(expected);
    });
  });

  describe("'Any active membership enables organization stats'", () => {
    it("an active Bronze business (which does not count as a business membership) enables stats", () => {
      const flags = deriveUserFlags(buildLists({ businessMembership: [active("Bronze")] }));
      expect(flags.hasBusinessMembership).toBe(false);
      expect(flags.showOrganizationStats).toBe(true);
    });

    it("an active destination without tier enables stats; inactive ones do not", () => {
      expect(
        deriveUserFlags(buildLists({ destinationMembership: [active(null)] }))
          .showOrganizationStats,
      ).toBe(true);
      expect(
        deriveUserFlags(buildLists({ destinationMembership: [inactive("Gold")] }))
          .showOrganizationStats,
      ).toBe(false);
    });
  });

  describe("'enableRfpMarketplace needs an active non-Legacy tier'", () => {
    it.each([
      ["destination", "destinationMembership", active("Bronze"), true],
      ["destination", "destinationMembership", active("Legacy"), false],
      ["destination", "destinationMembership", active(null), false],
      ["destination", "destinationMembership", inactive("Gold"), false],
      ["business", "businessMembership", active("Silver"), true],
      ["business", "businessMembership", active("Legacy"), false],
    ] as const)("%s %o -> %s", (_kind, list, membership, expected) => {
      const flags = deriveUserFlags(buildLists({ [list]: [membership] }));
      expect(flags.enableRfpMarketplace).toBe(expected);
    });
  });

  describe("'enableHotLeads needs an active tier that is neither Bronze nor Legacy'", () => {
    it.each([
      [active("Silver"), true],
      [active("Gold"), true],
      [active("Bronze"), false],
      [active("Legacy"), false],
      [active(null), false],
      [inactive("Gold"), false],
    ])("destination %o -> %s", (membership, expected) => {
      const flags = deriveUserFlags(buildLists({ destinationMembership: [membership] }));
      expect(flags.enableHotLeads).toBe(expected);
    });
  });

  describe("'Organization and company flags are set when their list is non-empty'", () => {
    it("sets hasOrganizationMembership and hasCompanyMembership from any item", () => {
      const flags = deriveUserFlags(
        buildLists({ organizationMembership: [{}], companyMembership: [{ isActive: false }] }),
      );
      expect(flags.hasOrganizationMembership).toBe(true);
      expect(flags.hasCompanyMembership).toBe(true);
      // These lists carry no tier, so they gate nothing else.
      expect(flags.enableRfpMarketplace).toBe(false);
      expect(flags.showOrganizationStats).toBe(false);
    });
  });
});

describe("tier helpers used by the server", () => {
  it("tierAllowsRfpMarketplace: active and a tier other than Legacy", () => {
    expect(tierAllowsRfpMarketplace(active("Bronze"))).toBe(true);
    expect(tierAllowsRfpMarketplace(active("Legacy"))).toBe(false);
    expect(tierAllowsRfpMarketplace(active(null))).toBe(false);
    expect(tierAllowsRfpMarketplace(inactive("Gold"))).toBe(false);
  });

  it("tierAllowsHotLeads: active and Silver or Gold", () => {
    expect(tierAllowsHotLeads(active("Silver"))).toBe(true);
    expect(tierAllowsHotLeads(active("Bronze"))).toBe(false);
    expect(tierAllowsHotLeads(inactive("Silver"))).toBe(false);
  });
});

describe("flags from memberships alone", () => {
  it("opens organization stats on any active destination, facility or business membership", () => {
    expect(flagsOfMemberships([]).showOrganizationStats).toBe(false);
    expect(
      flagsOfMemberships([{ kind: "destination", isActive: false, tier: "Gold" }])
        .showOrganizationStats,
    ).toBe(false);
    expect(
      flagsOfMemberships([{ kind: "business", isActive: true, tier: "Bronze" }])
        .showOrganizationStats,
    ).toBe(true);
    expect(
      flagsOfMemberships([{ kind: "destination", isActive: true, tier: null }])
        .showOrganizationStats,
    ).toBe(true);
  });

  it("reads each membership under its own kind's rule", () => {
    // A Legacy facility opens the marketplace (the facility rule); a Legacy destination does not.
    expect(
      flagsOfMemberships([{ kind: "facility", isActive: true, tier: "Legacy" }])
        .enableRfpMarketplace,
    ).toBe(true);
    expect(
      flagsOfMemberships([{ kind: "destination", isActive: true, tier: "Legacy" }])
        .enableRfpMarketplace,
    ).toBe(false);
    // Memberships of other kinds count for nothing here.
    expect(flagsOfMemberships([{ kind: "hotel", isActive: true, tier: "Gold" }])).toEqual(
      flagsOfMemberships([]),
    );
  });
});
