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
