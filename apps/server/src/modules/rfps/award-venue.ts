// What an award settles besides the leads: where the event now is. The winning facility (or
// destination) becomes the event's venue partner, and the event takes the venue's place, so its
// page, its hotels and the deals around it follow the venue. The place is the venue's even when
// the organizer had set one: until the award, the event's place only said where to look for a
// venue; once one is chosen, the venue is where the event happens (the organizer may still edit
// it afterwards).
import { isVenueKind, OWNER_TYPE_KINDS } from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TRfpsContext } from "./context";
import type { TEventRow } from "./lead-ends";
import type { TLeadRow } from "./repository";

/**
 * In the award's transaction `db`. A vendor's win places nothing: it supplies the event, it is not
 * where it happens. A destination's proposal names no facility of its own (a proposal is words,
 * dates and a price), so a destination's win places the event at the destination itself. A
 * facility's calendar has the event's days booked (in place of what an earlier award booked).
 */
export async function awardVenue(
  ctx: TRfpsContext,
  db: TDb,
  event: Pick<TEventRow, "id" | "startDate" | "endDate" | "hasFlexibleDates">,
  winner: Pick<TLeadRow, "ownerType" | "ownerId">,
  change: { by: string; at: Date },
) {
  if (!isVenueKind(OWNER_TYPE_KINDS[winner.ownerType])) return;
  await ctx.profiles.placeAtVenue(db, event.id, winner.ownerId, change);
  // A facility's days are taken; a destination (a city) hosts other events meanwhile. Flexible
  // dates are a window, not the days the event takes: nothing to book yet.
  if (
    winner.ownerType === "Facility" &&
    event.startDate &&
    event.endDate &&
    !event.hasFlexibleDates
  ) {
    await ctx.availability.bookAward(
      db,
      {
        eventId: event.id,
        profileId: winner.ownerId,
        startDate: event.startDate,
        endDate: event.endDate,
        by: change.by,
      },
      change.at,
    );
  }
}
