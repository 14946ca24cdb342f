// What a member is (organizer, venue, hotel, business) from the kinds of listings they belong to,
// which of their roles go first on /home, and the menu's pages their roles use, each locked or not
// by the spec §4 membership flags with the lowest tier that opens it.
import {
  HOME_ROLES,
  MEMBER_FEATURES,
  type TFeatureAccess,
  type THomeRole,
  type TMemberFeature,
} from "../contracts/home";
import { TIERS, type TTier } from "../reference/tiers";
import { type TMembershipRecord, tierAllowsRfpMarketplace } from "./membership";

/** The role each kind of listing makes its members. */
const ROLE_OF_KIND: Partial<Record<string, THomeRole>> = {
  event: "organizer",
  organization: "organizer",
  facility: "venue",
  destination: "venue",
  hotel: "hotel",
  business: "business",
};

/** The roles of a member of listings of these kinds, in HOME_ROLES' order. */
export function rolesOfKinds(kinds: Iterable<string>): THomeRole[] {
  const held = new Set<THomeRole>();
  for (const kind of kinds) {
    const role = ROLE_OF_KIND[kind];
    if (role) held.add(role);
  }
  return HOME_ROLES.filter((role) => held.has(role));
}

/** The roles with something waiting (a count above 0) first, each group in HOME_ROLES' order. */
export function pressingRoles(
  roles: readonly THomeRole[],
  waiting: Partial<Record<THomeRole, number>>,
): THomeRole[] {
  const ordered = HOME_ROLES.filter((role) => roles.includes(role));
  const presses = (role: THomeRole) => (waiting[role] ?? 0) > 0;
  return [...ordered.filter(presses), ...ordered.filter((role) => !presses(role))];
}

/** The lowest tier an active membership needs for `allows`, or null when no tier does. */
export function lowestTierFor(allows: (m: TMembershipRecord) => boolean): TTier | null {
  return TIERS.find((tier) => allows({ isActive: true, tier })) ?? null;
}

/** The menu's pages each role uses: a venue's leads; every listing's reports but an organizer's. */
const FEATURES_OF_ROLE: Record<THomeRole, readonly TMemberFeature[]> = {
  organizer: [],
  venue: ["pipeline", "rfpMarketplace", "reports"],
  hotel: ["reports"],
  business: ["reports"],
};

/**
 * The menu's pages my roles use, in MEMBER_FEATURES' order: the RFP marketplace locked unless my
 * memberships open it (`rfpMarketplace`: enableRfpMarketplace as the server judges it, admins
 * passing), with the lowest tier that would.
 */
export function memberFeatures(
  roles: readonly THomeRole[],
  access: { rfpMarketplace: boolean },
): TFeatureAccess[] {
  const used = new Set(roles.flatMap((role) => FEATURES_OF_ROLE[role]));
  const opens: Record<TMemberFeature, { open: boolean; needs: TTier | null }> = {
    pipeline: { open: true, needs: null },
    rfpMarketplace: {
      open: access.rfpMarketplace,
      needs: lowestTierFor(tierAllowsRfpMarketplace),
    },
    reports: { open: true, needs: null },
  };
  return MEMBER_FEATURES.filter((feature) => used.has(feature)).map((feature) => {
    const locked = !opens[feature].open;
    return { feature, locked, needs: locked ? opens[feature].needs : null };
  });
}
