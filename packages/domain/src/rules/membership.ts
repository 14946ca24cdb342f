// Derives the user-state flags (spec §4 "Membership-derived flags") from the user's lists.
import type { TTier } from "../reference/tiers";

export type TMembershipRecord = { isActive: boolean; tier: TTier | null };

export type TUserLists = {
  eventMembership: readonly unknown[];
  businessMembership: readonly TMembershipRecord[];
  facilityMembership: readonly TMembershipRecord[];
  destinationMembership: readonly TMembershipRecord[];
  organizationMembership: readonly unknown[];
  companyMembership: readonly unknown[];
  eventsLiked: readonly unknown[];
  facilitiesLiked: readonly unknown[];
  businessesLiked: readonly unknown[];
  destinationsFollowed: readonly unknown[];
  companiesFollowed: readonly unknown[];
  organizationsFollowed: readonly unknown[];
};

export type TUserFlags = {
  hasOrganizationMembership: boolean;
  hasDestinationMembership: boolean;
  hasFacilityMembership: boolean;
  hasBusinessMembership: boolean;
  hasCompanyMembership: boolean;
  hasProfileMembership: boolean;
  hasFavorites: boolean;
  enableRfpMarketplace: boolean;
  enableHotLeads: boolean;
  showOrganizationStats: boolean;
};

/**
 * "Business membership counts only if active and tier is not Bronze"; facilities use the
 * same rule. A membership without a tier is not Bronze, so it counts.
 */
export function countsAsPartnerMembership(m: TMembershipRecord): boolean {
  return m.isActive && m.tier !== "Bronze";
}

/** "enableRfpMarketplace needs an active non-Legacy tier": a missing tier is no tier. */
export function tierAllowsRfpMarketplace(m: TMembershipRecord): boolean {
  return m.isActive && m.tier !== null && m.tier !== "Legacy";
}

/** "enableHotLeads needs an active tier that is neither Bronze nor Legacy". */
export function tierAllowsHotLeads(m: TMembershipRecord): boolean {
  return m.isActive && m.tier !== null && m.tier !== "Legacy" && m.tier !== "Bronze";
}

export function deriveUserFlags(lists: TUserLists): TUserFlags {
  const tiered = [
    ...lists.businessMembership,
    ...lists.facilityMembership,
    ...lists.destinationMembership,
  ];
  const hasFacilityMembership = lists.facilityMembership.some(countsAsPartnerMembership);

  return {
    hasOrganizationMembership: lists.organizationMembership.length > 0,
    hasDestinationMembership: lists.destinationMembership.some((m) => m.isActive),
    hasFacilityMembership,
    hasBusinessMembership: lists.businessMembership.some(countsAsPartnerMembership),
    hasCompanyMembership: lists.companyMembership.length > 0,
    hasProfileMembership: [
      lists.organizationMembership,
      lists.destinationMembership,
      lists.facilityMembership,
      lists.businessMembership,
      lists.companyMembership,
      lists.eventMembership,
    ].some((list) => list.length > 0),
    hasFavorites: [
      lists.eventsLiked,
      lists.facilitiesLiked,
      lists.businessesLiked,
      lists.destinationsFollowed,
      lists.companiesFollowed,
      lists.organizationsFollowed,
    ].some((list) => list.length > 0),
    // A counting facility membership enables the marketplace on its own, even on a Legacy or
    // missing tier: the spec grants this to facilities explicitly, on top of the tier rule.
    enableRfpMarketplace: hasFacilityMembership || tiered.some(tierAllowsRfpMarketplace),
    enableHotLeads: tiered.some(tierAllowsHotLeads),
    showOrganizationStats: hasFacilityMembership || tiered.some((m) => m.isActive),
  };
}

/** A membership of a listing of a kind, as the server reads it (for the flags only memberships decide). */
export type TKindMembership = TMembershipRecord & { kind: string };

/**
 * The flags memberships alone decide (the RFP marketplace, hot leads, organization stats), from a
 * user's memberships of destinations, facilities and businesses; likes and follows count as none.
 */
export function flagsOfMemberships(memberships: readonly TKindMembership[]): TUserFlags {
  const of = (kind: string) =>
    memberships.filter((m) => m.kind === kind).map(({ isActive, tier }) => ({ isActive, tier }));
  return deriveUserFlags({
    eventMembership: [],
    businessMembership: of("business"),
    facilityMembership: of("facility"),
    destinationMembership: of("destination"),
    organizationMembership: [],
    companyMembership: [],
    eventsLiked: [],
    facilitiesLiked: [],
    businessesLiked: [],
    destinationsFollowed: [],
    companiesFollowed: [],
    organizationsFollowed: [],
  });
}
