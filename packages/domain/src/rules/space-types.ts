// Whether a space's location and surface are ones its space type allows; a space type's day price
// in words.
import { findSpaceType, NO_SURFACE } from "../reference/space-types";
import { formatProposalMoney } from "./proposals";

/**
 * True when the space type exists, allows the location, and allows the surface. Space types
 * without a surface choice (pools, golf courses) take only "N/A".
 */
export function isSpaceTypeCombinationAllowed(space: {
  name: string;
  location: string;
  surface: string;
}): boolean {
  const type = findSpaceType(space.name);
  if (!type) return false;
  if (!(type.locations as readonly string[]).includes(space.location)) return false;
  if (type.surfaces.length === 0) return space.surface === NO_SURFACE;
  return (type.surfaces as readonly string[]).includes(space.surface);
}

/**
 * The same rule for a space only partly known (a draft request): each part that is given must be
 * one the space type allows. "Both" locations and a missing part constrain nothing.
 */
export function isPartialSpaceCombinationAllowed(space: {
  name: string;
  location?: string | null;
  surface?: string | null;
}): boolean {
  const type = findSpaceType(space.name);
  if (!type) return false;
  const location = space.location === "Both" ? null : (space.location ?? null);
  if (location !== null && !(type.locations as readonly string[]).includes(location)) return false;
  const surface = space.surface ?? null;
  if (surface === null) return true;
  if (type.surfaces.length === 0) return surface === NO_SURFACE;
  return (type.surfaces as readonly string[]).includes(surface);
}

/**
 * "From $450 per court per day": a space type's indicative day price as its page shows it, or null
 * when it gives none.
 */
export function spaceDayPriceText(space: {
  name: string;
  dayPrice: { amount: number; currency: string } | null;
}): string | null {
  if (!space.dayPrice) return null;
  const money = formatProposalMoney(space.dayPrice.amount, space.dayPrice.currency);
  return `From ${money} per ${space.name.toLowerCase()} per day`;
}
