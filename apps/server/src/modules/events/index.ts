// Events: what organizers run; their own calls copy an event, export it to calendars, invite, and
// keep its extras (settings, hotels, space needs).
import type { TKindModule } from "../../profiles";
import { eventDescriptor } from "./descriptor";
import { eventRoutes } from "./routes";

export const eventsModule: TKindModule = {
  descriptor: eventDescriptor,
  routes: (app, { ctx, platform }) =>
    eventRoutes(app, { ctx: { ...ctx, publicUrl: platform.config.publicUrl } }),
};
