// Whether a space's location and surface are ones its space type allows.
import { findSpaceType, NO_SURFACE } from "../reference/space-types";

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
