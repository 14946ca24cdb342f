// Which featured states the landing page features today (spec §9: FEATURED_STATE_COUNT at once).
// Nine states carry the featured flag; two at a time are shown as featured, in turn by day, so each
// gets its days and every visitor sees the same two on the same day (the painted page and the app
// agree).
import { FEATURED_STATE_COUNT, type TLandingStateEntry } from "../reference/landing";

const DAY_MS = 86_400_000;

/** The names of the states featured on `day` (YYYY-MM-DD, UTC), in reference order. */
export function featuredStatesOn(
  states: readonly TLandingStateEntry[],
  day: string,
  count: number = FEATURED_STATE_COUNT,
): ReadonlySet<string> {
  const featured = states.filter((state) => state.featured);
  if (featured.length <= count) return new Set(featured.map((state) => state.name));
  const dayNumber = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  const start = (((dayNumber * count) % featured.length) + featured.length) % featured.length;
  return new Set(
    Array.from({ length: count }, (_, i) => featured[(start + i) % featured.length]!.name),
  );
}
