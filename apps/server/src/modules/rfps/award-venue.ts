// What an award settles besides the leads: where the event now is. The winning facility (or
// destination) becomes the event's venue partner, and the event takes the venue's place, so its
// page, its hotels and the deals around it follow the venue. The place is the venue's even when
// the organizer had set one: until the award, the event's place only said where to look for a
// venue; once one is chosen, the venue is where the event happens (the organizer may still edit
// it afterwards).
import {
  awardedDateSet,
  isVenueKind,
  OWNER_TYPE_KINDS,
  requestDateSets,
} from "@hostfield/domain/rules";
import type { TDb } from "../../platform/db/database";
import type { TRfpsContext } from "./context";
import type { TEventRow } from "./lead-ends";
import type { TLeadRow } from "./repository/leads";
import { findRequirement } from "./repository/requests";

/**
 * In the award's transaction `db`. A vendor's win places nothing: it supplies the event, it is not
 * where it happens. A destination's proposal names no facility of its own (a proposal is words,
 * dates and a price), so a destination's win places the event at the destination itself. A
 * facility's calendar has the awarded days booked (in place of what an earlier award booked): the
 * request's date set, or of several the one the winning proposal's dates settle (awardedDateSet).
 */
export async function awardVenue(
  ctx: TRfpsContext,
  db: TDb,
  event: Pick<TEventRow, "id" | "startDate" | "endDate" | "hasFlexibleDates">,
  winner: Pick<TLeadRow, "ownerType" | "ownerId" | "requirementId" | "proposal">,
  change: { by: string; at: Date },
) {
  if (!isVenueKind(OWNER_TYPE_KINDS[winner.ownerType])) return;
  await ctx.profiles.placeAtVenue(db, event.id, winner.ownerId, change);
  // A facility's days are taken; a destination (a city) hosts other events meanwhile.
  if (winner.ownerType !== "Facility") return;
  const requirement = winner.requirementId
    ? await findRequirement(db, event.id, winner.requirementId)
    : null;
  const days = awardedDateSet(
    requestDateSets({
      dateOptions: requirement?.dateOptions ?? null,
      startDate: event.startDate || null,
      endDate: event.endDate || null,
      hasFlexibleDates: event.hasFlexibleDates,
    }),
    winner.proposal?.dates ?? [],
  );
  if (!days) return;
  await ctx.availability.bookAward(
    db,
    { eventId: event.id, profileId: winner.ownerId, ...days, by: change.by },
    change.at,
  );
}
