// What a result card says about a profile: its place, distance and the few facts that matter for
// its kind. Pure, so each rule is tested without rendering.
import type { TAddress } from "@hostfield/domain/contracts";
import { findState } from "@hostfield/domain/reference";
import {
  formatCost,
  formatCount,
  formatEventDates,
  profileLink,
  sportsSummary,
} from "@hostfield/domain/rules";
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

const few = (values: readonly string[] | null | undefined, max = 2): string | null => {
  const list = (values ?? []).filter(Boolean);
  if (list.length === 0) return null;
  const shown = list.slice(0, max).join(", ");
  return list.length > max ? `${shown} +${list.length - max}` : shown;
};

/** The key facts of a card, most telling first, for the profile's kind. */
export function cardFacts(profile: TMarketplaceProfile): string[] {
  const facts: (string | null | undefined)[] = [];
  switch (profile.kind) {
    case "facility":
      facts.push(few(profile.facilityTypes));
      if (profile.capacity) facts.push(`Capacity ${formatCount(profile.capacity)}`);
      facts.push(profile.availability);
      break;
    case "destination":
      facts.push(profile.destinationType, few(profile.services));
      break;
    case "business":
      facts.push(profile.businessCategory, few(profile.placeAttributes));
      break;
    case "organization":
      facts.push(profile.organizationType, few(profile.eventInterestTypes));
      break;
    case "event":
      if (profile.startDate) {
        facts.push(
          formatEventDates({
            startDate: profile.startDate,
            endDate: profile.endDate ?? null,
            hasFlexibleDates: profile.hasFlexibleDates ?? false,
          }),
        );
      }
      facts.push([profile.type, profile.ageGroup].filter(Boolean).join(" · ") || null);
      if (profile.individualCost !== null && profile.individualCost !== undefined) {
        facts.push(formatCost(profile.individualCost, "Participant"));
      } else if (profile.teamCost !== null && profile.teamCost !== undefined) {
        facts.push(formatCost(profile.teamCost, "Team"));
      }
      break;
    default:
      break;
  }
  return facts.filter((fact): fact is string => typeof fact === "string" && fact.length > 0);
}

/** The profile page a card and an info window link to, e.g. `/facilities/{id}`. */
export function profilePath(profile: Pick<TMarketplaceProfile, "kind" | "id">): string {
  return profileLink(profile.kind, profile.id);
}
