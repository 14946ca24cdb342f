// First-party analytics' limits that are not part of a request's shape (those are in
// contracts/reports.ts).

/**
 * Most tracked events one visitor (the day's hash of address and user agent) may store in a UTC
 * day; the tracking route drops the rest and says so in `accepted`. A busy person's day stays well
 * under it: a dozen searches of two dozen cards (about 300 impressions), fifty listing pages and a
 * hundred clicks out of them. What goes past it is a script, and since every counter counts a
 * visitor once per listing and day, more of its events would add rows, not honest figures.
 */
export const TRACK_VISITOR_DAY_MAX_EVENTS = 500;
