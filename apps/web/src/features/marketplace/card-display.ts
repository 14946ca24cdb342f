// What a result card says about a profile: its place, distance and the few facts that matter for
// its kind. Pure, so each rule is tested without rendering.
import type { TAddress } from "@hostfield/domain/contracts";
import { KINDS } from "@hostfield/domain/kinds";
import { findState } from "@hostfield/domain/reference";
import { formatCount, profileLink, sportsSummary } from "@hostfield/domain/rules";
import type { TMarketplaceProfile } from "./marketplace-api";

export { sportsSummary };

/** "City, ST" (the state's code when it is a known state or province), or null. */
export function placeLabel(address: TAddress | null | undefined): string | null {
  if (!address) return null;
  const state = findState(address.state)?.code ?? address.state;
  return [address.city, state].filter(Boolean).join(", ") || null;
}

/** One line: street, city, state and postal code, as an info window or a maps search reads it. */
export function fullAddress(address: TAddress | null | undefined): string | null {
  if (!address) return null;
  const state = findState(address.state)?.code ?? address.state;
  const region = [state, address.postalCode].filter(Boolean).join(" ");
  return [address.street, address.city, region].filter(Boolean).join(", ") || null;
}

/** "0.4 mi away", "8.6 mi away", "125 mi away"; null when the distance is unknown. */
export function distanceLabel(miles: number | null | undefined): string | null {
  if (miles === null || miles === undefined || !Number.isFinite(miles) || miles < 0) return null;
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${formatCount(rounded)} mi away`;
}

/** The key facts of a card, most telling first, as the profile's kind says (its definition). */
export function cardFacts(profile: TMarketplaceProfile): string[] {
  return KINDS[profile.kind].facts.card(profile);
}

/** The profile page a card and an info window link to, e.g. `/facilities/{id}`. */
export function profilePath(profile: Pick<TMarketplaceProfile, "kind" | "id">): string {
  return profileLink(profile.kind, profile.id);
}
