// Events: what organizers run; managed by their managers and by the owners and managers of their
// organization. Their own calls copy an event, export it to calendars, invite, link partners and
// keep its settings and hotels; the Marketed events have a marketplace of their own.
import { kindModule } from "../../profiles";
import { eventRoutes } from "./routes";
import { eventDetails } from "./schema";

export { eventDates, organizationEventIds } from "./report-queries";
export { organizationEventCounts, organizationEvents } from "./service";

export const eventsModule = kindModule("event", {
  table: eventDetails,
  managedThrough: {
    link: { child: eventDetails.profileId, parent: eventDetails.organizationId },
    membersRead: true,
  },
  routes: (app, { descriptor, ctx, platform }) =>
    eventRoutes(app, { descriptor, ctx: { ...ctx, publicUrl: platform.config.publicUrl } }),
});
