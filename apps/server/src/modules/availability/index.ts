// The availability module: venues' calendars (booked, held and need dates), edited by their
// managers, read by anyone who may see the venue, by matching (rfps) and booked by our awards.
import { defineModule } from "../../platform/module";
import { availabilityRoutes, type TAvailabilityRoutesContext } from "./routes";
import { bookAward, calendarsFor, releaseAward } from "./service";

export const availabilityModule = defineModule({
  name: "availability",
  async register(app, platform, services) {
    const ctx: TAvailabilityRoutesContext = {
      db: platform.db,
      now: platform.now,
      profiles: services.profiles,
    };
    await app.register(availabilityRoutes, { ctx });
    return servicesOf(ctx);
  },
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
  };
}
export type TAvailabilityServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    availability: TAvailabilityServices;
  }
}
