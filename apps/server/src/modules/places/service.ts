// The pages around a place: a destination's facilities (those listed under it), the hotels and the
// events not over yet within GUIDE_AREA_MILES of it, and a landing state's top listings.
import type { TDestinationAround, TLandingState } from "@hostfield/domain/contracts";
import { STATE_LANDING_TAKE } from "@hostfield/domain/contracts";
import {
  LANDING_STATES,
  landingStateBySlug,
  landingStateSlug,
  STATES,
} from "@hostfield/domain/reference";
import { GUIDE_AREA_MILES, todayUtc } from "@hostfield/domain/rules";
import type { TDb, TWindow } from "../../platform/db/database";
import { AppError } from "../../platform/http/errors";
import type { TProfileRow, TProfilesServices } from "../../profiles";

/** Where a destination is: its point, else its state; null when it says neither. */
function areaOf(destination: Pick<TProfileRow, "lat" | "lng" | "state">) {
  if (destination.lat !== null && destination.lng !== null)
    return { point: { lat: destination.lat, lng: destination.lng }, miles: GUIDE_AREA_MILES };
  if (destination.state) return { stateNames: [destination.state] };
  return null;
}

export async function destinationAround(
  profiles: TProfilesServices,
  destination: TProfileRow,
  section: TDestinationAround,
  window: TWindow,
  /** Where the public read goes (`app.reads`: the read replica, if any). */
  db?: TDb,
) {
  if (section === "facilities")
    return profiles.listedPage("facility", { parentId: destination.id }, "likes", window, db);
  const area = areaOf(destination);
  if (!area) return { rows: [], count: 0, capped: false };
  if (section === "hotels")
    return profiles.listedPage("hotel", area, area.point ? "distance" : "likes", window, db);
  return profiles.listedPage("event", { ...area, from: todayUtc() }, "soonest", window, db);
}

/** The landing state at `slug` (404 STATE_NOT_FOUND for any other). */
export function landingState(slug: string): TLandingState {
  const entry = landingStateBySlug(slug);
  const state = entry && STATES.find((s) => s.name === entry.name);
  if (!entry || !state)
    throw new AppError(
      "STATE_NOT_FOUND",
      404,
      `No state page is at "${slug}"; these states have one: ${LANDING_STATES.map((s) => s.name).join(", ")}.`,
    );
  return {
    name: entry.name,
    slug: landingStateSlug(entry.name),
    region: state.region,
    featured: entry.featured,
    headerImage: entry.headerImage,
    featuredVideo: "featuredVideo" in entry ? (entry.featuredVideo ?? null) : null,
  };
}

/** A state's landing page: the state, and its top destinations, facilities and upcoming events. */
export async function stateLanding(profiles: TProfilesServices, slug: string, db?: TDb) {
  const state = landingState(slug);
  const window = { limit: STATE_LANDING_TAKE, offset: 0 };
  const inState = { stateNames: [state.name] };
  const [destinations, facilities, events] = await Promise.all([
    profiles.listedPage("destination", inState, "likes", window, db),
    profiles.listedPage("facility", inState, "likes", window, db),
    profiles.listedPage("event", { ...inState, from: todayUtc() }, "soonest", window, db),
  ]);
  const page = <T>(p: { rows: T[]; count: number; capped: boolean }) => ({
    items: p.rows,
    count: p.count,
    ...(p.capped ? { capped: true } : {}),
  });
  return {
    state,
    destinations: page(destinations),
    facilities: page(facilities),
    events: page(events),
  };
}
