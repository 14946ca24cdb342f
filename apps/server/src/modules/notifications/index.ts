// The notifications module: a user's notifications, written from the domain events of the other
// modules (a message, a like, a lead) and read, opened or deleted by their user.
import { bindContext, defineModule } from "../../platform/module";
import { subscribeNotifications } from "./handlers";
import { notificationRoutes } from "./routes";
import { countUnopened, type TNotificationsContext } from "./service";

const servicesOf = (ctx: TNotificationsContext) => bindContext(ctx, { countUnopened });
export type TNotificationsServices = ReturnType<typeof servicesOf>;

declare module "../../platform/module" {
  interface TModuleServices {
    notifications: TNotificationsServices;
  }
}

export const notificationsModule = defineModule({
  name: "notifications",
  async register(app, platform, services) {
    const ctx: TNotificationsContext = {
      db: platform.db,
      events: platform.events,
      person: (id) => services.users.person(id),
      listing: (profileId) => services.profiles.listingAudience(profileId),
      threadIds: (groupId, userIds) => services.groups.threadIdsOf(groupId, userIds),
    };
    subscribeNotifications(ctx);
    await app.register(notificationRoutes, { prefix: "/user-mgmt/api", ctx });
    return servicesOf(ctx);
  },
});
