// What a listing's reports cover, per kind: which events, hotels and blocks (an event itself, an
// organization's events, a destination's or facility's partners, won leads and hotels nearby).
import { organizationEventIds } from "../events";
import type { TReportsContext } from "./context";
import type { TSectionInput } from "./dashboards";
import { type TStayScope, unique } from "./section-kit";

/** Hotels within this many miles of a destination or facility count as its hotels. */
export const NEAR_MILES = 10;
const NEAR_LIMIT = 200;

/** Events whose leads the listings won. */
async function wonEventIds(ctx: TReportsContext, ownerIds: readonly string[]) {
  return unique((await ctx.rfps.leadsWon(ownerIds)).map((l) => l.eventId));
}

async function partnersOfKind(ctx: TReportsContext, id: string, kind: string) {
  return (await ctx.profiles.partnersOf(id)).filter((p) => p.kind === kind).map((p) => p.id);
}

/**
 * The events a listing's reports cover: an event itself; an organization's events; for a
 * destination or facility, events linked to it as partners and events whose lead it won.
 */
export async function eventsOf(input: Pick<TSectionInput, "ctx" | "subject">): Promise<string[]> {
  const { ctx, subject } = input;
  switch (subject.kind) {
    case "event":
      return [subject.id];
    case "organization":
      return organizationEventIds(ctx.db, subject.id);
    case "destination":
    case "facility":
      return unique([
        ...(await partnersOfKind(ctx, subject.id, "event")),
        ...(await wonEventIds(ctx, [subject.id])),
      ]);
    default:
      return [];
  }
}

/**
 * The hotels a listing's reports cover: an event's (blocks or reservations for it), an
 * organization's (those of its events), a destination's or facility's (linked as partners, or
 * listed within NEAR_MILES).
 */
export async function hotelsOf(input: Pick<TSectionInput, "ctx" | "subject">): Promise<string[]> {
  const { ctx, subject } = input;
  switch (subject.kind) {
    case "event":
    case "organization":
      return ctx.stays.hotelsForEvents(await eventsOf(input));
    case "destination":
    case "facility": {
      const near =
        subject.lat === null || subject.lng === null
          ? []
          : await ctx.profiles.listedNear(
              "hotel",
              { lat: subject.lat, lng: subject.lng },
              NEAR_MILES,
              NEAR_LIMIT,
            );
      return unique([
        ...(await partnersOfKind(ctx, subject.id, "hotel")),
        ...near.map((h) => h.id),
      ]);
    }
    default:
      return [];
  }
}

/** Whose reservations a hotel table counts: the events' for events and organizations, else the hotels'. */
export async function stayScopeOf(
  input: TSectionInput,
  hotelIds: readonly string[],
): Promise<TStayScope> {
  return input.subject.kind === "event" || input.subject.kind === "organization"
    ? { eventIds: await eventsOf(input) }
    : { hotelIds };
}

/** The blocks a pickup report covers: a hotel's own, or those of the listing's events. */
export async function blocksOfSubject(input: TSectionInput) {
  const { ctx, subject } = input;
  if (subject.kind === "hotel") return ctx.stays.blocksOf({ hotelIds: [subject.id] });
  return ctx.stays.blocksOf({ eventIds: await eventsOf(input) });
}
