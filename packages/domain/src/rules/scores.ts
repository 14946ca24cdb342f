// What makes the two match scores people read as a number out of 100: a lead's score (how well a
// venue fits a request, computed when the request is matched) and a hotel's match for an event's
// stay (hotelMatchScore). Each part is said once here; the rules add up these points, and the
// chips that show a score explain it from the same parts.

/** One part of a score: the most points it gives, and what earns them. */
export type TScorePart = { points: number; what: string };

/** A lead's score (rfps matching): the requested sports offered, and closeness to the request. */
export const LEAD_SCORE_PARTS = {
  sports: { points: 60, what: "the share of the request's sports the venue offers" },
  distance: {
    points: 40,
    what: "closeness to where the event looks: all of it there (or when looking nationally), none at the edge of its radius",
  },
} as const satisfies Record<string, TScorePart>;

/** A hotel with this many amenities or more gets the whole of their part of its match. */
export const HOTEL_MATCH_FULL_AMENITIES = 8;

/** A hotel's match for a stay (hotelMatchScore). */
export const HOTEL_MATCH_PARTS = {
  distance: {
    points: 40,
    what: "distance to the venue: all of it within 1 mile, none at the edge of the search",
  },
  rooms: { points: 25, what: "rooms left every night for the rooms wanted" },
  block: { points: 10, what: "a group rate negotiated for the event" },
  rate: { points: 15, what: "the nightly rate against the other hotels: all of it for the lowest" },
  amenities: {
    points: 10,
    what: `amenities: all of it from ${HOTEL_MATCH_FULL_AMENITIES}`,
  },
} as const satisfies Record<string, TScorePart>;
