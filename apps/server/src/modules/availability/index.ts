// The availability module: venues' calendars (booked, held and need dates), edited by their
// managers, read by anyone who may see the venue, by matching (rfps) and booked by our awards;
// synced with the venue's own booking system (an iCalendar feed read every hour, or a file) and
// exported as a private .ics feed.
import type { TProfileKind } from "@hostfield/domain/reference";
import type { SQL, SQLWrapper } from "drizzle-orm";
import { defineModule } from "../../platform/module";
import { freeInWindow } from "./repository";
import { availabilityRoutes, type TAvailabilityRoutesContext } from "./routes";
import { bookAward, CALENDAR_KINDS, calendarsFor, releaseAward } from "./service";
import { startFeedPolling, type TSyncContext } from "./sync";
import { availabilitySyncRoutes } from "./sync-routes";

export const availabilityModule = defineModule({
  name: "availability",
  // The calendars' routes read the listing part of it; the sync routes and the polling, the rest.
  context: (platform, services): TSyncContext => ({
    db: platform.db,
    now: platform.now,
    profiles: services.profiles,
    jobs: platform.jobs,
    log: platform.log,
    feeds: { ...platform.config.calendarFeeds, log: platform.log },
    publicUrl: platform.config.publicUrl,
  }),
  setup: (ctx) => startFeedPolling(ctx),
  routes: [availabilityRoutes, availabilitySyncRoutes],
  services: servicesOf,
});

function servicesOf(_ctx: TAvailabilityRoutesContext) {
  return {
    /**
     * The calendars of venues for a date set (matching), in the caller's transaction; a venue
     * keeping none is absent.
     */
    calendarsFor,
    /** An award books the venue for the event's days, in the caller's transaction. */
    bookAward,
    /** An award taken back books nothing any more, in the caller's transaction. */
    releaseAward,
    /**
     * Search's free window, as a condition of the search's own statement: listings of `kind` whose
     * id is `profileId` that are free on every day from `from` to `to` (values the caller binds);
     * undefined for a kind that keeps no calendar (nothing to narrow).
     */
    freeInWindow: (
      kind: TProfileKind,
      profileId: SQLWrapper,
      from: SQLWrapper,
      to: SQLWrapper,
    ): SQL | undefined =>
      (CALENDAR_KINDS as readonly TProfileKind[]).includes(kind)
        ? freeInWindow(profileId, from, to)
        : undefined,
  };
}
export type TAvailabilityServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    availability: TAvailabilityServices;
  }
}
